"""What a game remembers of its answers, for undo: each answer's record and the checkpoints.

``Game.history()`` gives one ``Answered`` per answer: the option id, the Decision's kind and
actor, and whether answering rolled dice or revealed something hidden (a hex flipped, a card
drawn or dealt from a face-down deck, a Legion or Horde drawn, an Event turned up), so a
client can warn before undoing past it. ``Game.checkpoints()`` gives a ``Checkpoint`` at each
phase start and each Actions turn start: ``Game.undo_to(checkpoint.index)`` goes back to it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .state import GameState


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


def hidden_marks(st: "GameState") -> tuple:
    """What shrinks or grows when something hidden is revealed: explored hexes, Events turned up,
    and the sizes of every face-down deck (a draw shrinks one)."""
    return (sum(1 for h in st.hexes.values() if h.explored), st.events_revealed, len(st.item_deck),
            len(st.quest_deck), len(st.legion_deck), len(st.horde_deck), len(st.legion_box), len(st.horde_box),
            tuple(len(p.feat_deck) for p in st.players))


def revealed_between(before: tuple, after: tuple) -> bool:
    """Did anything hidden come face up between two `hidden_marks`? (More hexes explored or
    Events revealed, or any deck drawn from.)"""
    if after[0] > before[0] or after[1] > before[1]:
        return True
    for b, a in zip(before[2:8], after[2:8]):
        if a < b:
            return True
    return any(a < b for b, a in zip(before[8], after[8]))
