"""The map's geometry as the table shows it, for the bots: adjacency and distances read from the
public view alone (each hex's place, the impassable edges in force, the Sea Towers standing).

The same answers as the engine's Board (engine/table/board.py), in the same order, from what every
player can see: a hex's neighbours by direction, a step not across an impassable edge of
either hex, every hex one step from a standing Sea Tower (tests/test_bots_view.py holds the two
equal over whole games).
"""
from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Iterable

from ..engine.table.board import DIRS

if TYPE_CHECKING:
    from ..engine.face.view import PublicView


class PublicBoard:
    """Adjacency and distances of one geometry of the map (make another when a hex is
    explored, turned or a Sea Tower lost)."""

    def __init__(self, view: "PublicView"):
        hexes = view.hexes
        self.all_ids: tuple[str, ...] = tuple(hexes)
        by_coord = {(h.q, h.r): h.id for h in hexes.values()}
        self._coord = {h.id: (h.q, h.r) for h in hexes.values()}
        geo = {h.id: tuple(by_coord.get((h.q + dq, h.r + dr)) for dq, dr in DIRS) for h in hexes.values()}
        self.near: dict[str, tuple[str, ...]] = {hid: tuple(n for n in g if n is not None) for hid, g in geo.items()}
        blocked = {h.id: frozenset(h.blocked) for h in hexes.values()}
        self._walk: dict[str, tuple[str, ...]] = {
            hid: tuple(n for d, n in enumerate(g)
                       if n is not None and d not in blocked[hid] and (d + 3) % 6 not in blocked[n])
            for hid, g in geo.items()}
        self.towers: tuple[str, ...] = tuple(h.id for h in hexes.values() if h.sea_tower)
        self._tower_set = frozenset(self.towers)
        self._all_but = {t: tuple(x for x in self.all_ids if x != t) for t in self.towers}
        self._dist: dict[tuple[str, bool], dict[str, int]] = {}

    def is_sea_tower(self, hid: str) -> bool:
        return hid in self._tower_set

    def walk_neighbours(self, hid: str) -> tuple[str, ...]:
        """Neighbours not across impassable terrain (Units, Legions, Hordes)."""
        return self._walk[hid]

    def unit_adjacent(self, hid: str) -> tuple[str, ...]:
        """Where a piece on `hid` may step: its walk, or every hex from a Sea Tower."""
        return self._all_but[hid] if hid in self._tower_set else self._walk[hid]

    def adjacent(self, hid: str, *, reach: bool = False) -> tuple[str, ...]:
        return self.unit_adjacent(hid) if reach else self._walk[hid]

    def hero_adjacent(self, hid: str) -> tuple[str, ...]:
        """Heros cross impassable edges; a Sea Tower reaches everywhere."""
        return self._all_but[hid] if hid in self._tower_set else self.near[hid]

    def hex_distance(self, a: str, b: str) -> int:
        (qa, ra), (qb, rb) = self._coord[a], self._coord[b]
        dq, dr = qa - qb, ra - rb
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def dist_to(self, target: str, *, sea_towers: bool = True) -> dict[str, int]:
        """Steps from every hex to `target` for Legions (with the Sea Towers) and Hordes."""
        key = (target, sea_towers)
        got = self._dist.get(key)
        if got is None:
            towers = self.towers if sea_towers else ()
            dist = {target: 0}
            dq = deque([target])
            while dq:
                u = dq.popleft()
                preds: Iterable[str] = self._walk[u]
                if towers:
                    preds = list(preds) + list(towers)
                for n in preds:
                    if n not in dist:
                        dist[n] = dist[u] + 1
                        dq.append(n)
            got = self._dist[key] = dist
        return got
