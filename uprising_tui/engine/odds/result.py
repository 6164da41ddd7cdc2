"""What the odds give back: FightOdds (the whole hex) and a FightLine per fight."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class FightLine:
    """One fight on the hex, in the order they come. Chances and expected values over
    every way the hex's fights can go (a fight not reached counts as nothing)."""
    key: str  # "garrisons", "skeletons", a card id, "formed_horde", "capital_legion"
    name: str
    fought: float  # expected number of times this fight starts (a chance, for most)
    won: float  # our Units stand at its end and the foe is gone
    destroyed: float  # the foe destroyed (a Horde formed from Skeletons does not count)
    damage: float  # Threat, Garrison levels or Skeletons our side took off
    units_lost: float
    vp: float  # our VP from it


@dataclass(frozen=True)
class FightOdds:
    """The exact outcome of a hex's fights under the default fight policy.

    `win`: our Units hold the hex, every foe gone; `lose`: our Units are all gone, a foe
    stands; `both_wiped`: nobody is left; `draw`: a combat nobody can ever win was
    called off. The four sum to 1."""
    win: float
    lose: float
    both_wiped: float
    draw: float
    no_loss: float  # chance we lose no Unit at all
    units_lost: float
    units_gained: float
    units_left: float
    vp_gained: float  # our faction's VP
    vp_others: float  # the other players' VP (a destroyed card's reward to each other player)
    empire_vp: float
    chaos_vp: float
    haven_lost: float  # expected Havens of ours removed on this hex (a chance)
    fights: tuple[FightLine, ...]
    force: tuple[tuple[str, int], ...] = ()  # our Units in the fight
    hero: bool = False
    assumed_force: bool = False  # the force is the policy's default (a Command target)
    notes: tuple[str, ...] = field(default=())  # what the odds assume or leave out

    @property
    def clear(self) -> float:
        """The foe is gone at the end (whether or not we are)."""
        return self.win + self.both_wiped

    def summary(self) -> str:
        """One line for a client: 'win 72% · lose 25% · both wiped 3% · -1.4 Units · +2.3 VP'."""
        parts = [f"win {_pct(self.win)}", f"lose {_pct(self.lose)}"]
        if self.both_wiped >= 0.0005:
            parts.append(f"both wiped {_pct(self.both_wiped)}")
        if self.draw >= 0.0005:
            parts.append(f"called off {_pct(self.draw)}")
        parts.append(f"-{self.units_lost:.1f} Units")
        parts.append(f"+{self.vp_gained:.1f} VP")
        if self.assumed_force:
            parts.append("(all Units that can come)")
        return " · ".join(parts)

    def to_dict(self) -> dict:
        return {
            "win": self.win, "lose": self.lose, "both_wiped": self.both_wiped, "draw": self.draw,
            "no_loss": self.no_loss, "units_lost": self.units_lost, "units_gained": self.units_gained,
            "units_left": self.units_left, "vp_gained": self.vp_gained, "vp_others": self.vp_others,
            "empire_vp": self.empire_vp, "chaos_vp": self.chaos_vp, "haven_lost": self.haven_lost,
            "force": [{"unit": u, "count": n} for u, n in self.force], "hero": self.hero,
            "assumed_force": self.assumed_force, "summary": self.summary(),
            "fights": [{"key": f.key, "name": f.name, "fought": f.fought, "won": f.won,
                        "destroyed": f.destroyed, "damage": f.damage, "units_lost": f.units_lost, "vp": f.vp}
                       for f in self.fights],
            "notes": list(self.notes),
        }


def _pct(x: float) -> str:
    v = 100.0 * x
    if 0 < v < 0.5:
        return "<1%"
    if 99.5 <= v < 100:
        return ">99%"
    return f"{v:.0f}%"
