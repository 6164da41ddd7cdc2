"""Typed, structured game events. The log is rendered from these (see face/log.py).

This module holds the game flow, the players, their cards and the decks; the map's pieces
and the Nemesis are in ``face/events/map.py``, a combat in ``face/events/combat.py``. All are
re-exported here: ``from uprising_tui.engine.events import NemesisMoved`` works for every
event. Every field names things by id; ``reason``/``how``/``to`` fields are short codes the
renderer turns into words (see docs/engine.md for the table of every event).
"""
from __future__ import annotations

from typing import Any, ClassVar

from .base import EVENT_TYPES, GameEvent, Roll, field_names  # noqa: F401  (re-exported)


# ------------------------------------------------------------------ the game
class GameStarted(GameEvent):
    """Everything public at the start: ``view`` is the opening public view (the layout's
    spaces, face-up tiles, every piece, players, decks as counts, reserves, ...), and
    ``fixed_edges`` the layout's printed impassable edges (hex, edges)."""
    template: ClassVar[str] = "A {chapters}-Chapter {difficulty} game for {factions} (seed {seed})"
    factions: tuple[str, ...]
    chapters: int
    difficulty: str
    seed: int
    tiles: tuple[tuple[str, str], ...]  # (hex, tile) for every face-up hex at the start
    view: Any = None  # the opening PublicView
    fixed_edges: tuple[tuple[str, tuple[int, ...]], ...] = ()


class PhaseStarted(GameEvent):
    template: ClassVar[str] = "Chapter {chapter}: {phase} phase"
    chapter: int
    phase: str


class TurnStarted(GameEvent):
    template: ClassVar[str] = "{faction}'s turn ({ap} AP)"
    faction: str
    ap: int


class TurnEnded(GameEvent):
    template: ClassVar[str] = "{faction}'s turn ends"
    faction: str


class PlayerPassed(GameEvent):
    """A player is out of (passed=True) or back in (False) this Actions Phase."""
    template: ClassVar[str] = "{faction} {passed}"
    faction: str
    passed: bool


class FirstPlayerPassed(GameEvent):
    template: ClassVar[str] = "{faction} takes the First Player Token"
    faction: str


class GameOver(GameEvent):
    template: ClassVar[str] = "Game over: {verdict}"
    verdict: str  # "the players win" / "the Empire wins" / "Chaos wins" / "the Empire and Chaos win"
    vp: tuple[tuple[str, int], ...]
    winners: tuple[str, ...]


class Rewound(GameEvent):
    """The game was taken back (an undo): it now stands after `answers` answers. Sent to
    subscribers only (game.log is the log of the game as replayed): rebuild from game.log."""
    template: ClassVar[str] = "Taken back to answer {answers}"
    answers: int


class Note(GameEvent):
    """Commentary that changes nothing (something could not happen): a code and the ids it
    names; the renderer words it (log.NOTES)."""
    template: ClassVar[str] = "{text}"
    code: str
    args: tuple[str, ...] = ()


# ------------------------------------------------------------------ resources, AP, VP
class ResourcesChanged(GameEvent):
    """Salt, Plunder and Food as they changed (never below 0: the amounts are the change made)."""
    template: ClassVar[str] = "{faction} {delta} ({reason})"
    faction: str
    salt: int
    plunder: int
    food: int
    reason: str


class APChanged(GameEvent):
    template: ClassVar[str] = "{faction} AP {amount:+d} → {total} ({reason})"
    faction: str
    amount: int
    total: int
    reason: str


class VPChanged(GameEvent):
    template: ClassVar[str] = "{faction} {amount:+d} VP → {total} ({reason})"
    faction: str  # a player faction, 'empire' or 'chaos'
    amount: int
    total: int
    reason: str


class Produced(GameEvent):
    template: ClassVar[str] = "{faction} produces {salt} Salt, {plunder} Plunder, {food} Food"
    faction: str
    salt: int
    plunder: int
    food: int


class ScoreTerm(GameEvent):
    """One term of a side's Scoring (engine/rules/tally.py): what was counted, how many, and the VP it
    gives. A side's terms in a Scoring Phase add up to its VP changes there."""
    template: ClassVar[str] = "{side} scores {vp} VP for {count} {term}"
    side: str  # a player faction, 'empire' or 'chaos'
    term: str  # garrison_hexes, legions, graveyard, curses, hordes, havens, haven_vp, bought (5 resources)
    count: int
    vp: int


class AttributeGained(GameEvent):
    template: ClassVar[str] = "{faction}'s Hero gains 1 {attribute}"
    faction: str
    attribute: str


class HeroMoved(GameEvent):
    template: ClassVar[str] = "{faction}'s Hero moves {src} → {dst} ({reason})"
    faction: str
    src: str
    dst: str
    reason: str = "move"  # move / command / gather (no Haven left at Build)


# ------------------------------------------------------------------ cards in hand
class CardGained(GameEvent):
    template: ClassVar[str] = "{faction} gains {card} ({how})"
    faction: str
    card: str
    how: str  # drawn / bought / searched
    kind: str = "item"  # feat / item


class CardUsed(GameEvent):
    template: ClassVar[str] = "{faction} uses {card}"
    faction: str
    card: str


class CardFlipped(GameEvent):
    template: ClassVar[str] = "{faction}'s {card} is turned {face}"
    faction: str
    card: str
    face_up: bool


class CardDiscarded(GameEvent):
    template: ClassVar[str] = "{faction} discards {card}"
    faction: str
    card: str
    to: str = "item_discard"  # feat_deck (the bottom of the Feat deck) / item_discard


class ItemGiven(GameEvent):
    template: ClassVar[str] = "{faction} gives {card} to {to}"
    faction: str
    to: str
    card: str


class HeroRolled(GameEvent):
    template: ClassVar[str] = "{faction} rolls Hero Dice: {dice}"
    faction: str
    dice: Roll
    rerolled: tuple[int, ...] = ()  # the dice (indexes) just rerolled; empty for a fresh roll


# ------------------------------------------------------------------ Market, Quests, decks
class MarketDealt(GameEvent):
    template: ClassVar[str] = "Market: {cards}"
    cards: tuple[str, ...]  # the whole Market after the deal


class MarketDiscarded(GameEvent):
    template: ClassVar[str] = "The Market is discarded: {cards}"
    cards: tuple[str, ...]


class QuestsDealt(GameEvent):
    template: ClassVar[str] = "Quests: {cards}"
    cards: tuple[str, ...]  # the whole offer after the deal


class QuestsDiscarded(GameEvent):
    template: ClassVar[str] = "Quests discarded: {cards} ({reason})"
    cards: tuple[str, ...]
    reason: str  # refresh / solved / failed / failure_resolved


class QuestTaken(GameEvent):
    template: ClassVar[str] = "{faction} keeps {card} in play"
    faction: str
    card: str


class QuestResolved(GameEvent):
    template: ClassVar[str] = "{faction} {outcome} {card} ({successes} goal(s) met)"
    faction: str
    card: str
    successes: int
    outcome: str  # solves / fails


class EventRevealed(GameEvent):
    template: ClassVar[str] = "Event: {card} (Threat {threat})"
    card: str
    threat: int
    revealed: tuple[str, ...] = ()  # every Event face up now, in Chapter order (this one last)


class DeckChanged(GameEvent):
    """A face-down deck holds `count` cards now (its order is never told)."""
    template: ClassVar[str] = "{deck} deck: {count} card(s)"
    deck: str  # legion / horde / item / quest / feat
    count: int
    faction: str | None = None  # whose Feat deck


class Reshuffled(GameEvent):
    template: ClassVar[str] = "The {deck} discards are shuffled into a new deck of {count}"
    deck: str  # item / quest
    count: int


# every event class of the map and Nemesis events and of a combat's, re-exported (a new event
# class needs nothing more here)
from .map import *  # noqa: E402,F401,F403
from .combat import *  # noqa: E402,F401,F403
