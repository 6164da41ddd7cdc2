"""Where the Legions and Hordes will go in the coming Nemesis Phase.

The Nemesis moves by fixed rules, so the bot can follow them: each card, lowest
initiative first, takes one step per Activation Token it holds (a Horde never
farther from the Capital: a Haven first, then the weakest enemy, then an empty
hex; a Legion one step nearer its Target, with the same preferences). A card
stops where it would fight player Units. Ties go to the lowest hex id, as the
simulator's auto-ties do. Mixed into HeuristicBot.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.board import UNREACHABLE

if TYPE_CHECKING:
    from .heuristic import View

TOKEN_PHASES = ("build", "actions")  # the tokens on the cards are this Chapter's


class ForecastMixin:
    def forecast(self, v: View) -> dict[str, list[str]]:
        """Card id -> the hexes holding player Units or a Haven it will walk into."""
        return self._forecast(v)[0]

    def attacks_on(self, v: View, hid: str) -> list[str]:
        """Cards forecast to walk into `hid` (a Haven or a hex with player Units)."""
        return self._forecast(v)[1].get(hid, [])

    def _forecast(self, v: View):
        got = self.map_memo.get("forecast")
        if got is None:
            got = self.map_memo["forecast"] = self._run_forecast(v)
        return got

    def haven_attacked(self, v: View, hid: str) -> bool:
        return bool(self.attacks_on(v, hid))

    def _run_forecast(self, v: View):
        st, cat = v.st, v.cat
        fc: dict[str, list[str]] = {}
        hits: dict[str, list[str]] = {}
        cards = sorted(list(st.legions.values()) + list(st.hordes.values()),
                       key=lambda c: cat.nemesis(c.id).initiative)
        last = st.chapter == st.chapters
        targets = [h.id for h in st.hexes.values() if h.haven or h.units]
        towers = [h for h in st.hexes if v.board.is_sea_tower(h)]
        dist = v.board.hex_distance
        for card in cards:
            steps = min(3, card.tokens if st.phase in TOKEN_PHASES else max(card.tokens, 2 if last else 1))
            walked = fc[card.id] = []
            here = card.hex
            if not v.cat.nemesis(card.id).adjacent_to_all and self._out_of_reach(here, steps, targets, towers, dist):
                continue  # nothing of ours within its reach
            for _ in range(steps):
                nxt = self._next_step(v, card, here)
                if nxt is None or nxt == here:
                    break
                here = nxt
                h = st.hexes[here]
                if h.haven or h.units:
                    walked.append(here)
                    hits.setdefault(here, []).append(card.id)
                if h.units:
                    break  # a fight: the card may not walk on
        return fc, hits

    @staticmethod
    def _out_of_reach(here: str, steps: int, targets: list[str], towers: list[str], dist) -> bool:
        """No Haven or Unit within `steps` (from a Sea Tower every hex is one step away)."""
        if not targets:
            return True
        if here in towers or (towers and min(dist(here, t) for t in towers) + 1 <= steps):
            return False
        return all(dist(here, t) > steps for t in targets)

    def _next_step(self, v: View, card, here: str) -> str | None:
        board = v.board
        if card.kind == "legion":
            spec = v.cat.legions[card.id]
            target = card.target or self.capital(v)
            if here == target:
                return None
            if spec.adjacent_to_all:
                cands = [target]
            else:
                dist = board.dist_to(target)
                d = dist.get(here, UNREACHABLE)
                if d >= UNREACHABLE:
                    return None
                cands = [n for n in board.unit_adjacent(here) if dist.get(n, UNREACHABLE) == d - 1]
            side = "empire"
        else:
            dist = board.dist_to(self.capital(v), sea_towers=False)
            d = dist.get(here, UNREACHABLE)
            cands = [n for n in board.unit_adjacent(here) if dist.get(n, UNREACHABLE) <= d]
            side = "chaos"
        if not cands:
            return None
        return self._pick_step(v, cands, side)

    def _pick_step(self, v: View, cands: list[str], side: str) -> str:
        """The Nemesis movement priority: a Haven (fewest Units), the weakest enemy, empty, any."""
        hexes = v.st.hexes
        havens = [c for c in cands if hexes[c].haven]
        if havens:
            return min(havens, key=lambda c: (hexes[c].unit_count, c))
        enemies = [c for c in cands if self._enemy_here(v, c, side)]
        if enemies:
            return min(enemies, key=lambda c: (self._enemy_strength(v, c, side), c))
        empties = [c for c in cands if hexes[c].empty]
        return min(empties or cands)

    def _enemy_here(self, v: View, hid: str, side: str) -> bool:
        h = v.st.hexes[hid]
        return bool(h.units) or (h.chaos_here if side == "empire" else h.empire_here)

    def _enemy_strength(self, v: View, hid: str, side: str) -> int:
        st = v.st
        h = st.hexes[hid]
        n = h.unit_count
        if side == "empire":
            return n + h.skeletons + sum(st.hordes[c].threat for c in h.hordes)
        return n + len(h.garrisons) + sum(st.legions[c].threat for c in h.legions)

    def capital(self, v: View) -> str:
        cap = getattr(self, "_capital", None)
        if cap is None or cap not in v.st.hexes or v.st.hexes[cap].role != "capital":
            cap = self._capital = next(h.id for h in v.st.hexes.values() if h.role == "capital")
        return cap
