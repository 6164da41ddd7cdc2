"""Where the bot puts Nemesis pieces when a rule lets a player choose (Explore
effects, destroyed cards, ties it decides as first player). A part of HeuristicBot
(``bot.placement``).

* Skeletons: never make a third on a hex (three become a Horde) when a hex with
  one is on offer; then next to our Units, where we can destroy them for VP.
* Garrisons: stacked on other Garrisons when allowed (no new Garrison hex to score),
  else far from our Havens.
* Hordes, Curses and the rest: as far from the Havens as possible.
"""
from __future__ import annotations

from typing import TYPE_CHECKING
from .memo import Memo

if TYPE_CHECKING:
    from .decision_view import View


class Placement:
    """Where the bot puts the Nemesis pieces a rule lets it place."""
    def __init__(self, bot):
        self.bot = bot
        self.memo = Memo()

    def unit_stacks(self, v: View) -> dict[str, int]:
        """Every player hex -> its Unit count (all factions: any of us may clear a piece)."""
        got = self.memo.decision.get("stacks")
        if got is None:
            got = self.memo.decision["stacks"] = {h.id: h.unit_count for h in v.table.hexes.values() if h.units}
        return got

    def reachable_by_units(self, v: View, hid: str) -> int:
        """The most Units of one stack next to `hid` (who could attack it)."""
        stacks = self.unit_stacks(v)
        return max((stacks.get(n, 0) for n in v.board.unit_adjacent(hid) if n in stacks), default=0)

    def on_place_skeleton(self, v: View) -> str | None:
        st = v.table
        havens = self.bot.all_havens(v)

        def score(hid: str) -> float:
            h = st.hexes[hid]
            horde = h.skeletons >= 2  # this Skeleton would make a Horde
            near = self.reachable_by_units(v, hid)
            return (-100.0 if horde else 0.0) + (3.0 if near >= 3 else 0.0) \
                + 0.1 * self.bot.dist_to_set(v, hid, havens) - (2.0 if st.hexes[hid].haven else 0.0)
        return self.bot.hex_choice(v, score)

    def on_place_garrison(self, v: View) -> str | None:
        st = v.table
        havens = self.bot.all_havens(v)

        def score(hid: str) -> float:
            h = st.hexes[hid]
            stack = h.garrisons  # stacking adds no Garrison hex
            return 5.0 * stack + 0.1 * self.bot.dist_to_set(v, hid, havens)
        return self.bot.hex_choice(v, score)

    def on_skeleton_shortage(self, v: View) -> str | None:
        """Which Skeleton group becomes a Horde: the one farthest from the Havens."""
        return self.bot.far_from_havens(v)
