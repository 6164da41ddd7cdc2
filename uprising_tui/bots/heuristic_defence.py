"""The heuristic bot's defence of its Havens against the coming Nemesis Phase.

The forecast (``heuristic_forecast``) says which Legions and Hordes will walk into
which Haven. A Haven they reach with no Units left is razed: its VP at every
Scoring still to come are lost. Units there fight; if they lose, the Haven goes
too and the Nemesis scores our faction in its Graveyard. So for a Haven under
attack the bot compares: leave it as it is, bring more Units in (a Command into
our own Haven), or take the Units out when the fight is hopeless. A part of
HeuristicBot (``bot.defence``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.rules.units import HEX_LIMIT
from . import values
from .heuristic_fight import terrain_of
from .memo import Memo

if TYPE_CHECKING:
    from .decision_view import View

MIN_DEFENCE = 0.8  # a defensive Command must gain this many VP


class Defence:
    """The defence of our Havens against the coming Nemesis Phase: reinforce, hold or leave."""
    def __init__(self, bot):
        self.bot = bot
        self.memo = Memo()

    def haven_keep_worth(self, v: View, hid: str) -> float:
        """What keeping this Haven through the Nemesis Phase is worth (VP and production)."""
        st = v.table
        tile = v.cat.hexes[st.hexes[hid].tile]
        return values.haven_worth(st, tile.vp, self.bot.own_share(v))

    def attackers(self, v: View, hid: str) -> list:
        """The Legions/Horde forecast to walk into `hid`, as fight foes (in their order)."""
        key = ("attackers", hid)
        got = self.memo.map.get(key)
        if got is None:
            got = self.memo.map[key] = [self.bot.fights.card_foe(v, cid, hid, terrain_of(v, hid))
                                        for cid in self.bot.forecast.attacks_on(v, hid) if v.nem(cid) is not None]
        return got

    def defence_worth(self, v: View, hid: str, units: list[str], foes) -> float:
        """Expected VP of the coming attack on our Haven `hid` held by `units`."""
        st = v.table
        h = st.hexes[hid]
        key = (v.d.actor, hid, h.tile, st.chapter, st.chapters, st.curse_reserve, tuple(sorted(units)), h.tower,
               h.wall,
               tuple((f.key, f.hp, v.nem(f.key.split("@")[0]).tokens) for f in foes),
               values.in_graveyard(st, "empire", v.d.actor), values.in_graveyard(st, "chaos", v.d.actor),
               self.bot.own_share(v))
        cache = self.bot.fights.shared(v, "defences")
        got = cache.get(key)
        if got is None:
            got = cache[key] = self._defence_worth(v, hid, units, foes)
        return got

    def _defence_worth(self, v: View, hid: str, units: list[str], foes) -> float:
        keep = self.haven_keep_worth(v, hid)
        if not foes:
            return 0.0
        if not units:
            return -keep
        out = self.bot.fights.plan_odds(v, hid, units, foes)  # (the Haven's Tower and Wall as they stand)
        worth = -(1.0 - out.win) * keep
        for foe, dmg, kill in zip(foes, out.damage, out.killed):
            full = self.bot.fights.foe_worth(v, hid, foe)
            worth += kill * full + max(0.0, dmg - kill * foe.hp) * 0.2 * full / max(foe.hp, 1)
        side = "chaos" if any(f.key.split("@")[0] in v.hordes for f in foes) else "empire"
        worth -= (1.0 - out.no_loss) * values.graveyard_cost(v.table, side, v.d.actor)
        worth -= out.losses * values.unit_worth(v.table, 3)
        return worth

    def units_on(self, v: View, hid: str) -> list[str]:
        return [u for u, n in v.table.hexes[hid].units for _ in range(n)]

    def defence_choice(self, v: View):
        """(gain, option, plan) of the best Command that helps a Haven under attack."""
        p = v.p
        if p is None or p.food < 1 or p.ap < 1:
            return None
        key = ("defence", p.faction)
        moves = self.memo.map.get(key)
        if moves is None:
            moves = self.memo.map[key] = self.defence_moves(v)
        best = None
        for gain, oid, (hid, brings, hero) in moves:
            if oid in v.idset and (best is None or gain > best[0]):
                best = (gain, oid, (hid, list(brings), hero))
        return best

    def defence_moves(self, v: View) -> list:
        """Every Command worth making for a Haven under attack, as (gain, option, plan);
        the same while no piece on the map moves."""
        out = []
        for hid in self.bot.own_havens(v):
            if not self.bot.forecast.attacks_on(v, hid):
                continue
            here = self.units_on(v, hid)
            pool = self.reinforcements(v, hid, here)
            refuge = self.refuge(v, hid) if here else None
            if not pool and refuge is None:
                continue  # nothing to bring in, nowhere to go
            foes = self.attackers(v, hid)
            now = self.defence_worth(v, hid, here, foes)
            if pool:
                units = here + [t[2] for t in pool]
                gain = self.defence_worth(v, hid, units, foes) - now
                if gain >= MIN_DEFENCE:
                    out.append((gain, f"command:{hid}", (hid, [(t[1], t[2]) for t in pool], False)))
            if refuge is not None:  # the Haven is lost either way: save the Units
                gain = -self.haven_keep_worth(v, hid) - now
                if gain >= MIN_DEFENCE:
                    out.append((gain, f"command:{refuge}", (refuge, [(hid, u) for u in here], False)))
        return out

    def reinforcements(self, v: View, hid: str, here: list[str]) -> list:
        """The strongest Units next to `hid` that no forecast attack keeps at home."""
        room = HEX_LIMIT - len(here)
        if room <= 0 or hid not in self.bot.fights.unit_reach(v):
            return []
        return [t for t in self.bot.fights.unit_pool(v, hid) if not self.bot.forecast.haven_attacked(v, t[1])][:room]

    def refuge(self, v: View, hid: str) -> str | None:
        """An empty explored hex next to `hid` that no Legion or Horde will walk into."""
        st = v.table
        for dst in v.board.unit_adjacent(hid):
            h = st.hexes[dst]
            if (h.explored or h.curse) and not h.has_units and not h.haven and dst not in self.attack_targets(v):
                return dst
        return None

    def attack_targets(self, v: View) -> set[str]:
        got = self.memo.map.get("attack_targets")
        if got is None:
            got = self.memo.map["attack_targets"] = {h for hexes in self.bot.forecast.forecast(v).values() for h in hexes}
        return got
