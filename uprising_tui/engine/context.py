"""The rules' working context: state, catalog, board, dice, and the two ways out
of the rules: ``emit`` (an event happened) and ``ask`` (a person must choose).

Both are stamped with the top of the cause stack: code that runs an effect or acts for
a rule section says so with ``with ctx.cause(SourceRef(...)):``; every event emitted and
every Decision asked inside carries that SourceRef as its ``source`` (unless the event
names its own)."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Callable, Generator

from .asking import ask as _ask
from .causes import Cause
from .decision import Decision, Option, option
from .history import NOTED
from .event_base import GameEvent as _GameEvent
from .refs import Ref, SourceRef

if TYPE_CHECKING:
    from ..content.loader import Catalog
    from .board import Board
    from .dice import Dice
    from .events import GameEvent
    from .history import Recorder
    from .setup import Setup
    from .state import GameState, Player

Ask = Generator[Decision, str, str]
_set_source = _GameEvent.__dict__["source"].__set__  # the events' `source` slot, set past their frozen __setattr__


class Ctx:
    __slots__ = ("state", "cat", "board", "dice", "rng", "setup", "_emit", "combat", "nemesis_depth", "_labels",
                 "causes", "always_depth", "_hex_opts", "_opts", "_kept", "recorder")

    def __init__(self, state: "GameState", cat: "Catalog", board: "Board", dice: "Dice",
                 rng: random.Random, setup: "Setup", emit: Callable[["GameEvent"], None]):
        self.state = state
        self.cat = cat
        self.board = board
        self.dice = dice
        self.rng = rng
        self.setup = setup
        self._emit = emit
        # the game's Recorder when `emit` is its emit (Game sets it): emit() then appends to its
        # log directly, one call less per event
        self.recorder: "Recorder | None" = None
        self.combat = None  # the combat being fought, if any
        self._labels: dict[str, tuple] = {}
        self._hex_opts: dict[str, tuple] = {}  # hex_option's options by id, with the hex label they show
        self._opts: dict = {}  # card_option's and static_option's options
        self._kept: dict[str, dict] = {}  # kept(): per kind of option, its options by hex
        self.nemesis_depth = 0  # > 0 while the Nemesis (an Event, a Legion/Horde card, an activation) acts
        self.causes: list[SourceRef] = []  # the cause stack: why what happens now happens (top last)
        self.always_depth = 0  # > 0 inside the ALWAYS menu (always.py)

    @property
    def nemesis_acting(self) -> bool:
        """Choices made now are the first player's on the Nemesis's behalf (ties)."""
        return self.nemesis_depth > 0

    # --------------------------------------------------------------- causes
    def cause(self, ref: SourceRef) -> Cause:
        """``with ctx.cause(SourceRef("quest", qid)):`` — events and Decisions inside name it
        as their source. Generators may yield inside: the stack follows ``yield from``."""
        return Cause(self.causes, ref)

    @property
    def source(self) -> SourceRef | None:
        """The cause on top of the stack, if any."""
        causes = self.causes
        return causes[-1] if causes else None

    def emit(self, event: "GameEvent") -> None:
        """Announce an event, stamped with the current cause unless it names its own."""
        causes = self.causes
        if causes and event.source is None:
            _set_source(event, causes[-1])
        rec = self.recorder
        if rec is None:
            self._emit(event)
            return
        rec.log.append(event)  # Recorder.emit, inline
        if rec.listeners or type(event) in NOTED:
            rec.tell(event)

    # ask(actor, kind, prompt, options, *, tie=False, source=None, chosen=(), cancel=False):
    # yield a Decision and return the chosen option id. A single option is taken without
    # asking; a Nemesis tie (``tie=True``) is the first player's unless ``auto_ties`` takes the
    # first option; ``source`` says what asks (default: the top of the cause stack, e.g. the
    # card of the effect being resolved); ``chosen`` what a multi-step choice has picked so
    # far; ``cancel`` offers backing out; the ``always`` entry is added where it applies.
    # See asking.py.
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
        got = self._labels.get(hid)
        if got is not None and got[0] == h.explored and got[1] == h.tile:
            return got[2]
        label = f"{hid} {self.cat.hexes[h.tile].name}" if h.explored else f"{hid} (unexplored)"
        self._labels[hid] = (h.explored, h.tile, label)
        return label

    def hex_option(self, oid: str, hid: str, make: "Callable[[str], Option]") -> "Option":
        """The option `oid` whose label names hex `hid`: ``make(hex_label)`` builds it; it is kept
        and given again while what the hex's label reads (the same Hex, explored, tile) is
        unchanged. Options are immutable, and one made this way depends on nothing else that
        changes: its id, group, refs and cost are fixed by `oid`, its label by the hex's."""
        h = self.state.hexes[hid]
        got = self._hex_opts.get(oid)
        if got is None or got[0] is not h or got[1] != h.explored or got[2] != h.tile:  # what hex_label reads
            got = self._hex_opts[oid] = (h, h.explored, h.tile, make(self.hex_label(hid)))
        return got[3]

    def kept(self, kind: str) -> dict:
        """The options of one kind (``"bring"``, ``"build"``, ...) kept by the hex their label
        names (Move's and Command's live on the Board instead: ``Board.by_hex``/``by_area``), as ``hex id -> (Hex, explored, tile, Option)``: what `hex_option` keeps, for the
        hot loops that check it inline. An entry is good while ``entry[0] is hex and entry[1] ==
        hex.explored and entry[2] == hex.tile`` (what the label reads); otherwise make the option
        again (its label from `hex_label`) and store it. A kind whose name starts with ``static:``
        keeps options that depend on nothing but their key and the catalog (what
        `static_option` keeps), as ``key -> Option``, for loops that look them up inline."""
        got = self._kept.get(kind)
        if got is None:
            got = self._kept[kind] = {}
        return got

    def card_option(self, cid: str) -> "Option":
        """``card:<cid>``, "Use <card>" (group ``card``): a card's option, made once per game."""
        got = self._opts.get(cid)
        if got is None:
            got = option(f"card:{cid}", f"Use {self.name(cid)}", "card", (Ref("card", cid),))
            if cid in self.cat.names:  # its label is the catalog's name: it never changes
                self._opts[cid] = got
        return got

    def static_option(self, key: tuple, make: "Callable[[], Option]") -> "Option":
        """The option `make()` builds, made once per game for `key`: the caller's promise is that
        the option depends on nothing but `key` and the catalog."""
        got = self._opts.get(key)
        if got is None:
            got = self._opts[key] = make()
        return got

    @property
    def first(self) -> "Player":
        return self.state.first
