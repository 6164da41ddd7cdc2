"""What a bot reads for one Decision: the table as everyone at it sees it (the engine's public
view), the Decision itself (its actor, kind, prompt and options), the catalog, and the map's
geometry read from that view. Never the game's state: a bot knows what a player knows
(tests/test_bots_view.py runs whole games with the raw-state guard on the bots).

Its own module, below every part of the bot: the bot's parts (turn, fights, defence, forecast,
cards, economy, placement, answers) all read a View, and the bot that joins them (heuristic.py)
makes one per Decision, so none of them imports the bot to know what a View is."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .geometry import PublicBoard

if TYPE_CHECKING:
    from ..engine.face.decision import Decision
    from ..engine.face.view import PublicView

ENTRIES = frozenset({"always", "cancel"})


class View:
    """What one decision needs: the table, the catalog, the map's geometry and the acting player.

    ``table`` is the public view (``Game.public_view()``); ``board`` reads its geometry;
    ``game`` is only handed on to the engine's own readers (its fight policy and odds), which
    see what the rules see."""
    __slots__ = ("game", "d", "table", "cat", "board", "ids", "entries", "p", "reach", "enemy_hexes", "_idset",
                 "_prefixed", "legions", "hordes")

    def __init__(self, game, decision: "Decision", table: "PublicView | None" = None,
                 board: "PublicBoard | None" = None):
        """`table` and `board` as the bot keeps them; read afresh from `game` when not given."""
        if table is None:
            table = game.public_view()
        if board is None:
            board = PublicBoard(table)
        self.game = game
        self.d = decision
        self.table = table
        self.cat = game.cat
        self.board = board
        # the Legions and Hordes in play, by id (the view lists them by initiative)
        self.legions = {c.id: c for c in table.legions}
        self.hordes = {c.id: c for c in table.hordes}
        # the real options; `always` and `cancel` (entries every Decision may carry) apart
        self.ids = [o.id for o in decision.options if o.group not in ENTRIES]
        self.entries = frozenset(o.id for o in decision.options if o.group in ENTRIES)
        actor = decision.actor
        self.p = None
        for q in table.players:
            if q.faction == actor:
                self.p = q
                break
        self.reach: dict[str, list[str]] | None = None
        self.enemy_hexes: list[str] | None = None
        self._idset: set[str] | None = None
        self._prefixed: dict[str, list[str]] | None = None

    def nem(self, card: str):
        """The Legion or Horde `card` in play, or None."""
        return self.legions.get(card) or self.hordes.get(card)

    @property
    def idset(self) -> set[str]:
        if self._idset is None:
            self._idset = set(self.ids)
        return self._idset

    def pick(self, *candidates: str | None) -> str | None:
        for c in candidates:
            if c is not None and c in self.ids:
                return c
        return None

    def with_prefix(self, prefix: str) -> list[str]:
        """The option ids that start with `prefix` (each prefix scanned once per Decision)."""
        if self._prefixed is None:
            self._prefixed = {}
        got = self._prefixed.get(prefix)
        if got is None:
            got = self._prefixed[prefix] = [i for i in self.ids if i.startswith(prefix)]
        return got
