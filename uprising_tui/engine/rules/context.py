"""The rules' working context: state, catalog, board, dice, and the two ways out
of the rules: ``emit`` (an event happened) and ``ask`` (a person must choose).

Both are stamped with the top of the cause stack: code that runs an effect or acts for
a rule section says so with ``with ctx.cause(SourceRef(...)):``; every event emitted and
every Decision asked inside carries that SourceRef as its ``source`` (unless the event
names its own).

``ask`` adds what a person may always do besides the real options: ``cancel`` (back out of a
multi-step choice, where the caller allows it) and ``always`` (open the ALWAYS menu: trade AP,
convert, give, use an ALWAYS card). The menu is made of the rules (trades, conversions, cards)
that ask through here, so it is handed to this module when the rules are imported
(``rules/always.py`` calls :func:`offer_always`), as the op handlers are to the effect executor: the
context imports nothing of the rules.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable, Generator, Sequence

from .causes import Cause
from ..table.changes import WATCH
from ..face.decision import CANCEL, Decision, new_tuple
from ..face.events.base import GameEvent as _GameEvent
from ..history import NOTED
from ..table.memo import Memo
from ..face.refs import Ref, SourceRef

if TYPE_CHECKING:
    from ...content.loader import Catalog
    from ..table.board import Board
    from ..face.decision import Option
    from ..table.dice import Dice
    from ..face.events import GameEvent
    from ..history import Recorder
    from ..setup import Setup
    from ..table.state import GameState, Player

Ask = Generator[Decision, str, str]
Options = Sequence["Option"] | Callable[[], Sequence["Option"]]
_set_source = _GameEvent.__dict__["source"].__set__  # the events' `source` slot, set past their frozen __setattr__
# WATCH.get, taken once: CPython 3.11 compiles a method call on an imported name as an attribute
# read (it takes the name for a module's), which makes a bound method at every event (-3.0 M
# over the 3 replayed games of bench_replay_instr.py)
_watch_of = WATCH.get

_ALWAYS: Any = None  # the ALWAYS menu (rules/always.py), once the rules are imported: offer_always
_NO_ENTRY: frozenset[str] = frozenset()  # the Decision kinds never offered its entry
_ENTRY: Any = None  # its entry option
_ENTRY_ID: str | None = None  # the entry option's id, read once (not a NamedTuple field read per answer)
_CANCEL_ONLY: tuple = (CANCEL,)  # what ask adds after the options: cancel, the entry or both
_ENTRY_ONLY: tuple = ()
_CANCEL_ENTRY: tuple = (CANCEL,)


def offer_always(menu: Any) -> None:
    """Take the ALWAYS menu that ``ask`` offers from every Decision: a module with ``ENTRY`` (the
    entry option), ``BACK`` (its way out), ``NO_ENTRY`` (the kinds never offered it),
    ``offered(ctx, actor, kind)`` and ``menu(ctx, player, exit)``."""
    global _ALWAYS, _NO_ENTRY, _ENTRY, _ENTRY_ID, _ENTRY_ONLY, _CANCEL_ENTRY
    _ALWAYS, _NO_ENTRY, _ENTRY, _ENTRY_ID = menu, menu.NO_ENTRY, menu.ENTRY, menu.ENTRY.id
    _ENTRY_ONLY, _CANCEL_ENTRY = (menu.ENTRY,), (CANCEL, menu.ENTRY)


class Ctx:
    __slots__ = ("state", "cat", "board", "dice", "rng", "setup", "_emit", "combat", "nemesis_depth", "causes",
                 "always_depth", "recorder", "memo", "capital_changed")

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
        self.memo = Memo(board)  # what the rules make again and again, kept (table/memo.py)
        self.nemesis_depth = 0  # > 0 while the Nemesis (an Event, a Legion/Horde card, an activation) acts
        self.causes: list[SourceRef] = []  # the cause stack: why what happens now happens (top last)
        self.always_depth = 0  # > 0 inside the ALWAYS menu (rules/always.py)
        # what stands on the Capital may have changed since the Capital rule last looked (an event
        # named it: table/changes.py); owed from the start, as nothing has looked yet (fights.capital_owed)
        self.capital_changed = True

    @property
    def nemesis_acting(self) -> bool:
        """Choices made now are the first player's on the Nemesis's behalf (ties)."""
        return self.nemesis_depth > 0

    # --------------------------------------------------------------- causes
    def cause(self, ref: SourceRef) -> Cause:
        """``with ctx.cause(SourceRef("quest", qid)):`` — events and Decisions inside name it
        as their source. Generators may yield inside: the stack follows ``yield from``."""
        made = self.memo.causes  # (one Cause per SourceRef, kept: table/memo.py)
        got = made.get(ref)
        if got is None:
            got = made[ref] = Cause(self.causes, ref)
        return got

    @property
    def source(self) -> SourceRef | None:
        """The cause on top of the stack, if any."""
        causes = self.causes
        return causes[-1] if causes else None

    def emit(self, event: "GameEvent") -> None:
        """Announce an event, stamped with the current cause unless it names its own; what the
        rules keep beside the state follows it (table/changes.py)."""
        causes = self.causes
        if causes and event.source is None:
            _set_source(event, causes[-1])
        kind = type(event)
        watch = _watch_of(kind)  # what the rules keep beside the state follows it (changes.follow)
        if watch is not None:
            watch(self, event)
        rec = self.recorder
        if rec is None:
            self._emit(event)
            return
        rec.log.append(event)  # Recorder.emit, inline
        if rec.listeners or kind in NOTED:
            rec.tell(event)

    # --------------------------------------------------------------- asking
    def ask(self, actor: str, kind: str, prompt: str, options: Options, *, tie: bool = False,  # noqa: C901
            source: SourceRef | None = None, chosen: "tuple[Ref, ...]" = (), cancel: bool = False) -> Ask:
        """Yield a Decision and return the chosen option id.

        A single option is taken without asking; a Nemesis tie (``tie=True``) is the first
        player's unless ``auto_ties`` takes the first option; ``source`` says what asks (default:
        the top of the cause stack, e.g. the card of the effect being resolved); ``chosen`` what
        a multi-step choice has picked so far; ``cancel`` offers backing out; the ``always``
        entry is added where it applies. Those entries never turn a forced pick into a question
        (ruling 1). `options` may be a callable: it is called again whenever the Decision is
        asked again (after the ALWAYS menu), so what the options offer follows what the player
        now holds."""
        if source is None:  # what asks: the top of the cause stack (the card of the effect being resolved, ...)
            causes = self.causes
            source = causes[-1] if causes else None
        while True:
            opts = tuple(options() if callable(options) else options)
            if not opts:
                raise RuntimeError(f"no options for {kind} ({prompt})")
            if len(opts) == 1 or (tie and self.setup.auto_ties):
                return opts[0].id
            # what is shown besides the options, added in one concatenation (one tuple made)
            if kind not in _NO_ENTRY and _ALWAYS.offered(self, actor, kind):  # (turn and build list it all directly)
                shown = opts + (_CANCEL_ENTRY if cancel else _ENTRY_ONLY)
            else:
                shown = opts + _CANCEL_ONLY if cancel else opts
            answer = yield new_tuple(Decision, (actor, kind, prompt, shown, source, tuple(chosen)))
            if answer == _ENTRY_ID and answer not in (o.id for o in opts):
                yield from _ALWAYS.menu(self, self.state.player(actor), _ALWAYS.BACK)
                continue  # asked again, recomputed
            return answer

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
        """'H07 Torment', or 'H07 (unexplored)' while the hex is face down."""
        h = self.state.hexes[hid]
        return f"{hid} {self.cat.hexes[h.tile].name}" if h.explored else f"{hid} (unexplored)"

    @property
    def first(self) -> "Player":
        return self.state.first

