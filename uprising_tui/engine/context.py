"""The rules' working context: state, catalog, board, dice, and the two ways out
of the rules: ``emit`` (an event happened) and ``ask`` (a person must choose)."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Callable, Generator

from .asking import ask as _ask
from .decision import Decision

if TYPE_CHECKING:
    from ..content.loader import Catalog
    from .board import Board
    from .dice import Dice
    from .events import GameEvent
    from .setup import Setup
    from .state import GameState, Player

Ask = Generator[Decision, str, str]


class Ctx:
    __slots__ = ("state", "cat", "board", "dice", "rng", "setup", "_emit", "combat", "nemesis_depth", "_labels",
                 "effect_src", "always_depth")

    def __init__(self, state: "GameState", cat: "Catalog", board: "Board", dice: "Dice",
                 rng: random.Random, setup: "Setup", emit: Callable[["GameEvent"], None]):
        self.state = state
        self.cat = cat
        self.board = board
        self.dice = dice
        self.rng = rng
        self.setup = setup
        self._emit = emit
        self.combat = None  # the combat being fought, if any
        self._labels: dict[str, tuple] = {}
        self.nemesis_depth = 0  # > 0 while the Nemesis (an Event, a Legion/Horde card, an activation) acts
        self.effect_src = None  # the effect being resolved (effects.Source): a Decision's default source
        self.always_depth = 0  # > 0 inside the ALWAYS menu (always.py)

    @property
    def nemesis_acting(self) -> bool:
        """Choices made now are the first player's on the Nemesis's behalf (ties)."""
        return self.nemesis_depth > 0

    def emit(self, event: "GameEvent") -> None:
        self._emit(event)

    # ask(actor, kind, prompt, options, *, tie=False, source=None, chosen=(), cancel=False):
    # yield a Decision and return the chosen option id. A single option is taken without
    # asking; a Nemesis tie (``tie=True``) is the first player's unless ``auto_ties`` takes the
    # first option; ``source`` says what asks (default: the card of the effect being resolved);
    # ``chosen`` what a multi-step choice has picked so far; ``cancel`` offers backing out; the
    # ``always`` entry is added where it applies. See asking.py.
    ask = _ask

    # --------------------------------------------------------------- naming
    def name(self, ident: str | None) -> str:
        if ident is None:
            return "-"
        got = self.cat.names.get(ident)
        if got is not None:
            return got
        if ident in self.state.hexes:
            return self.hex_label(ident)
        return {"empire": "The Empire", "chaos": "Chaos"}.get(ident, ident)

    def hex_label(self, hid: str) -> str:
        h = self.state.hexes[hid]
        key = (h.explored, h.tile)
        got = self._labels.get(hid)
        if got is not None and got[0] == key:
            return got[1]
        label = f"{hid} {self.cat.hexes[h.tile].name}" if h.explored else f"{hid} (unexplored)"
        self._labels[hid] = (key, label)
        return label

    @property
    def first(self) -> "Player":
        return self.state.first
