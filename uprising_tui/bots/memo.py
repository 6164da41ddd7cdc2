"""What one part of the heuristic bot keeps between Decisions, by how long it holds.

Each part (forecast, fights, defence, turn, economy, cards, placement, answers) owns one; the bot
says when each goes (``HeuristicBot.notice``, from the events since the last Decision): ``decision``
until anything happens, ``map`` until a piece on the map moves, ``geometry`` until the map's
adjacency changes (a hex explored with impassable edges or a Sea Tower, a tile turned, a Sea Tower
lost). A new game clears all three."""
from __future__ import annotations


class Memo:
    __slots__ = ("decision", "map", "geometry")

    def __init__(self) -> None:
        self.decision: dict = {}
        self.map: dict = {}
        self.geometry: dict = {}

    def forget(self, *, decision: bool = False, map: bool = False, geometry: bool = False) -> None:
        if decision:
            self.decision = {}
        if map:
            self.map = {}
        if geometry:
            self.geometry = {}
