"""What happens after damage in a combat that a round result only counts: a foe's Godpower firing
after damage (Units killed, Threat paid, the hex's defences taken, a Curse, the foe walking away),
our Units killed, other Hordes' Threat raised. ``combat.Kernel`` takes these from here (its
``apply``, the general way), so the round-by-round kernel stays one module's worth.
"""
from __future__ import annotations

from .combat_state import CHAOS_VP, DAMAGE, EMPIRE_VP, HAVEN, HAVEN_LOST, LOST, SLOST, TOWER, WALL


class AfterDamage:
    """A mixin of ``combat.Kernel``: it reads `lib`, `s` (the Setting), `foe` and `nem_vp_index`."""

    def kill(self, units: tuple, n: int, dearest: bool, rew: dict) -> tuple:
        if dearest:
            left, lost = self.lib.drop_dearest(units, n)
        else:
            left, lost = self.lib.drop_cheapest(units, n)
        if lost:
            rew[LOST] = rew.get(LOST, 0.0) + lost
            rew[self.s.slot + SLOST] = rew.get(self.s.slot + SLOST, 0.0) + lost
        return left

    def raise_others(self, others: tuple, amount: int, rew: dict) -> tuple:
        out = []
        for cid, t in others:
            top = self.lib.foe(cid).max_threat
            new = t + amount
            if new > top:
                side = CHAOS_VP if self.lib.kind(cid) == "horde" else EMPIRE_VP
                rew[side] = rew.get(side, 0.0) + (new - top)
                new = top
            out.append((cid, new))
        return tuple(out)

    def godpower_after(self, units, hp, defs, curse, left, rew):
        g = self.foe.godpower
        s = self.s
        if g.skulls:
            units = self.kill(units, g.skulls, False, rew)
        if g.self_threat and (not g.needs_unit or units or (g.include_reserve and s.has_reserve)):
            dealt = min(g.self_threat, hp)
            hp -= dealt
            rew[s.slot + DAMAGE] = rew.get(s.slot + DAMAGE, 0.0) + dealt
        if g.kills and units:
            units = self.kill(units, g.kills, True, rew)
        if g.nem_vp:
            rew[self.nem_vp_index] = rew.get(self.nem_vp_index, 0.0) + g.nem_vp
        for fx in g.hex_effects:
            k = fx[0]
            if k == "remove_defense":
                if defs & TOWER:
                    defs &= ~TOWER
                elif defs & WALL:
                    defs &= ~WALL
                elif defs & HAVEN:
                    defs = 0
                    rew[HAVEN_LOST] = rew.get(HAVEN_LOST, 0.0) + 1.0
            elif k == "remove_haven":
                if defs & HAVEN and (fx[1] != "any" or s.first_haven):
                    defs = 0
                    rew[HAVEN_LOST] = rew.get(HAVEN_LOST, 0.0) + 1.0
            elif k == "curse_here":
                if curse or not s.curse_available:
                    rew[CHAOS_VP] = rew.get(CHAOS_VP, 0.0) + 1.0
                else:
                    curse = True
                    if defs & HAVEN:
                        rew[HAVEN_LOST] = rew.get(HAVEN_LOST, 0.0) + 1.0
                    defs = 0
            elif k == "leaves":
                left = True
        return units, hp, defs, curse, left
