"""What a game remembers of its answers, for undo: each answer's record and the checkpoints.

``Game.history()`` gives one ``Answered`` per answer: the option id, the Decision's kind and
actor, and whether answering rolled dice or revealed something hidden (a hex flipped, a card
drawn or dealt from a face-down deck, a Legion or Horde drawn, an Event turned up), so a
client can warn before undoing past it. ``Game.checkpoints()`` gives a ``Checkpoint`` at each
phase start and each Actions turn start: ``Game.undo_to(checkpoint.index)`` goes back to it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .face.events import DeckChanged, EventRevealed, HexExplored, NemesisPlaced, PhaseStarted, Reshuffled, TurnStarted

if TYPE_CHECKING:
    from .face.events import GameEvent
    from .table.state import GameState


class Answered(NamedTuple):
    index: int  # 0-based position in game.answers
    option: str  # the option id answered
    kind: str  # the Decision's kind
    actor: str  # the faction that answered
    rolled: bool  # dice were rolled before the next Decision
    revealed: bool  # something hidden came face up (a hex, a card from a deck, an Event)


class Checkpoint(NamedTuple):
    index: int  # how many answers the game had reached at this point: undo_to(index) returns here
    label: str  # e.g. "Chapter 2: nemesis phase", "Chapter 1: krowh's turn"
    chapter: int
    phase: str
    faction: str | None  # the faction whose turn starts (None for a phase start)


CHECKPOINTED = frozenset({PhaseStarted, TurnStarted})  # the events a Checkpoint is taken at
_new_tuple = tuple.__new__
# The events that come with every change of a `hidden_marks` mark: an Event turned up
# (EventRevealed), a face-down deck drawn from, added to or reshuffled (DeckChanged, Reshuffled:
# the public view shows every deck's size, so each change of one is announced), a Legion or Horde
# drawn from the box (NemesisPlaced: it comes onto the map). An answer that emitted none of them
# changed no mark, so Game.answer need not take the marks again (tests/test_hidden_marks.py checks
# this after every answer of many games).
MARKING = frozenset({EventRevealed, DeckChanged, Reshuffled, NemesisPlaced})
NOTED = CHECKPOINTED | MARKING | {HexExplored}  # the events the Recorder does something with besides logging them


class Recorder:
    """Where a game's events go (``Ctx.emit`` ends here): the log, a Checkpoint at each phase and
    turn start, the subscribers. It holds the game's lists, never the Game: nothing the rules'
    context reaches points back at the Game, so a Game nobody holds any more is freed at once
    (with its log, state and options) instead of waiting for the cycle collector."""
    __slots__ = ("log", "listeners", "checkpoints", "answers", "state", "answering", "explored", "marking", "_made")

    def __init__(self, log: list, listeners: list, checkpoints: list, answers: list, state: "GameState"):
        self.log = log
        self.listeners = listeners
        self.checkpoints = checkpoints  # what each Checkpoint is made of (checkpoint), in order
        self._made: list[Checkpoint] = []  # the Checkpoints made of them so far (made)
        self.answers = answers
        self.state = state
        self.answering = False  # an answer is being given (it counts in a checkpoint's index)
        self.explored = 0  # HexExplored events logged so far (an answer that adds one revealed a hex)
        self.marking = 0  # MARKING events logged so far (an answer that adds none changed no hidden mark)

    def emit(self, event: "GameEvent") -> None:
        self.log.append(event)
        if self.listeners or type(event) in NOTED:
            self.tell(event)

    def tell(self, event: "GameEvent") -> None:
        """What follows an event into the log: a checkpoint at a phase or turn start, a hex explored
        counted, the subscribers. (``Ctx.emit`` appends to the log itself and calls this only when
        there is something to do.)"""
        kind = type(event)
        if kind is HexExplored:
            self.explored += 1
        elif kind in CHECKPOINTED:
            self.checkpoint(event)
        elif kind in MARKING:
            self.marking += 1
        for fn in self.listeners:
            fn(event)

    def checkpoint(self, event: "GameEvent") -> None:
        """Take a Checkpoint, as what its label is made of: ``made`` makes the Checkpoints when
        they are asked for (a game takes about 90 and is seldom asked for them; -0.6 M
        instructions over the 3 replayed games of bench_replay_instr.py)."""
        st = self.state
        index = len(self.answers) + (1 if self.answering else 0)  # the answer being given counts
        if type(event) is TurnStarted:
            self.checkpoints.append((index, st.chapter, event.faction, st.chapter, st.phase, event.faction))
        else:
            self.checkpoints.append((index, event.chapter, event.phase, st.chapter, st.phase, None))

    def made(self) -> list[Checkpoint]:
        """The Checkpoints taken so far, oldest first: each made (with its label) once."""
        made, taken = self._made, self.checkpoints
        for i in range(len(made), len(taken)):
            index, at, what, chapter, phase, faction = taken[i]
            label = f"Chapter {at}: {what}'s turn" if faction is not None else f"Chapter {at}: {what} phase"
            made.append(_new_tuple(Checkpoint, (index, label, chapter, phase, faction)))  # Checkpoint(...)
        return made


def hidden_marks(st: "GameState") -> tuple[int, ...]:
    """What changes when something hidden is revealed: Events turned up and the size of every
    face-down deck (a draw shrinks one). Hexes flipped are told by their HexExplored events."""
    marks = [st.events_revealed, len(st.item_deck), len(st.quest_deck), len(st.legion_deck), len(st.horde_deck),
             len(st.legion_box), len(st.horde_box)]
    for p in st.players:  # a loop, not a list comprehension: in 3.11 that is a function made and called each time
        marks.append(len(p.feat_deck))
    return tuple(marks)


def revealed_between(before: tuple[int, ...], after: tuple[int, ...], new_events) -> bool:
    """Did anything hidden come face up between two `hidden_marks` (an Event revealed, a deck
    drawn from) or in `new_events` (a hex explored)? (``Game.answer`` passes no events when the
    Recorder counted no HexExplored meanwhile: then none is among them.)"""
    if after != before:  # most answers change none of the marks
        if after[0] > before[0]:
            return True
        for i in range(1, len(after)):
            if after[i] < before[i]:
                return True
    for e in new_events:
        if type(e) is HexExplored:
            return True
    return False
