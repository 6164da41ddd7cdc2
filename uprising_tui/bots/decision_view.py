"""What the heuristic bot reads for one Decision: the game's parts, the acting player and the
real options (the entries every Decision may carry, ``always`` and ``cancel``, apart).

Its own module, below every part of the bot: the bot's modules (turn, fight, defence, forecast,
cards, economy, placement, answers) all read a View, and the bot that joins them (heuristic.py)
makes one per Decision, so none of them imports the bot to know what a View is."""
from __future__ import annotations

ENTRIES = frozenset({"always", "cancel"})


class View:
    """What one decision needs: the game, its parts and the acting player."""
    __slots__ = ("game", "d", "st", "cat", "board", "ctx", "ids", "entries", "p", "reach", "enemy_hexes", "_idset",
                 "_prefixed")

    def __init__(self, game, decision):
        self.game = game
        self.d = decision
        self.st = game.state
        self.cat = game.cat
        self.board = game.board
        self.ctx = game.ctx
        # the real options; `always` and `cancel` (entries every Decision may carry) apart
        self.ids = [o.id for o in decision.options if o.group not in ENTRIES]
        self.entries = frozenset(o.id for o in decision.options if o.group in ENTRIES)
        actor = decision.actor
        self.p = None
        for q in self.st.players:
            if q.faction == actor:
                self.p = q
                break
        self.reach: dict[str, list[str]] | None = None
        self.enemy_hexes: list[str] | None = None
        self._idset: set[str] | None = None
        self._prefixed: dict[str, list[str]] | None = None

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
