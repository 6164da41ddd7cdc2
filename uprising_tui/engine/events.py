"""Typed, structured game events. The log is rendered from these (see log.py)."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar

from .refs import SourceRef

Roll = tuple[tuple[str, tuple[str, ...]], ...]  # ((colour, symbols), ...)


@dataclass(frozen=True, slots=True)
class GameEvent:
    template: ClassVar[str] = ""
    # the card, rule or effect that caused it (stamped by the engine when it emits)
    source: SourceRef | None = field(default=None, kw_only=True)

    @property
    def event_type(self) -> str:
        return type(self).__name__

    def data(self) -> dict[str, Any]:
        return asdict(self)




@dataclass(frozen=True, slots=True)
class GameStarted(GameEvent):
    template: ClassVar[str] = "A {chapters}-Chapter {difficulty} game for {factions} (seed {seed})"
    factions: tuple[str, ...]
    chapters: int
    difficulty: str
    seed: int
    tiles: tuple[tuple[str, str], ...]  # (hex, tile) for every face-up hex at the start


@dataclass(frozen=True, slots=True)
class PhaseStarted(GameEvent):
    template: ClassVar[str] = "Chapter {chapter}: {phase} phase"
    chapter: int
    phase: str


@dataclass(frozen=True, slots=True)
class TurnStarted(GameEvent):
    template: ClassVar[str] = "{faction}'s turn ({ap} AP)"
    faction: str
    ap: int


@dataclass(frozen=True, slots=True)
class FirstPlayerPassed(GameEvent):
    template: ClassVar[str] = "{faction} takes the First Player Token"
    faction: str


@dataclass(frozen=True, slots=True)
class ResourcesChanged(GameEvent):
    template: ClassVar[str] = "{faction} {delta} ({reason})"
    faction: str
    salt: int
    plunder: int
    food: int
    reason: str


@dataclass(frozen=True, slots=True)
class APChanged(GameEvent):
    template: ClassVar[str] = "{faction} AP {amount:+d} → {total} ({reason})"
    faction: str
    amount: int
    total: int
    reason: str


@dataclass(frozen=True, slots=True)
class VPChanged(GameEvent):
    template: ClassVar[str] = "{faction} {amount:+d} VP → {total} ({reason})"
    faction: str
    amount: int
    total: int
    reason: str


@dataclass(frozen=True, slots=True)
class AttributeGained(GameEvent):
    template: ClassVar[str] = "{faction}'s Hero gains 1 {attribute}"
    faction: str
    attribute: str


@dataclass(frozen=True, slots=True)
class HeroMoved(GameEvent):
    template: ClassVar[str] = "{faction}'s Hero moves {src} → {dst}"
    faction: str
    src: str
    dst: str


@dataclass(frozen=True, slots=True)
class HexExplored(GameEvent):
    template: ClassVar[str] = "{faction} explores {hex}: {tile}"
    faction: str
    hex: str
    tile: str
    rotation: int


@dataclass(frozen=True, slots=True)
class UnitsMoved(GameEvent):
    template: ClassVar[str] = "{count}× {unit} move {src} → {dst}"
    faction: str
    unit: str
    count: int
    src: str
    dst: str


@dataclass(frozen=True, slots=True)
class UnitPlaced(GameEvent):
    template: ClassVar[str] = "{faction} places {unit} on {hex} ({reason})"
    faction: str
    unit: str
    hex: str
    reason: str


@dataclass(frozen=True, slots=True)
class UnitDestroyed(GameEvent):
    template: ClassVar[str] = "{unit} of {owner} destroyed on {hex} → {to}"
    owner: str
    unit: str
    hex: str
    to: str  # graveyard side, 'reserve' or 'box'


@dataclass(frozen=True, slots=True)
class DefenseBuilt(GameEvent):
    template: ClassVar[str] = "{faction} builds a {kind} on {hex}"
    faction: str
    kind: str
    hex: str


@dataclass(frozen=True, slots=True)
class HavenBuilt(GameEvent):
    template: ClassVar[str] = "{faction} builds a Haven on {hex}"
    faction: str
    hex: str


@dataclass(frozen=True, slots=True)
class HavenRemoved(GameEvent):
    template: ClassVar[str] = "{faction}'s Haven on {hex} is removed ({reason})"
    faction: str
    hex: str
    reason: str


@dataclass(frozen=True, slots=True)
class GarrisonPlaced(GameEvent):
    template: ClassVar[str] = "Garrison (level {level}) placed on {hex}"
    hex: str
    level: int


@dataclass(frozen=True, slots=True)
class SkeletonPlaced(GameEvent):
    template: ClassVar[str] = "Skeleton placed on {hex}"
    hex: str


@dataclass(frozen=True, slots=True)
class PiecesRemoved(GameEvent):
    template: ClassVar[str] = "{count}× {what} removed from {hex}"
    what: str
    count: int
    hex: str


@dataclass(frozen=True, slots=True)
class HordeFormed(GameEvent):
    template: ClassVar[str] = "Skeletons on {hex} join into a Horde"
    hex: str


@dataclass(frozen=True, slots=True)
class CursePlaced(GameEvent):
    template: ClassVar[str] = "Curse placed on {hex}"
    hex: str


@dataclass(frozen=True, slots=True)
class CurseRemoved(GameEvent):
    template: ClassVar[str] = "Curse removed from {hex}"
    hex: str


@dataclass(frozen=True, slots=True)
class NemesisPlaced(GameEvent):
    template: ClassVar[str] = "{card} enters on {hex} at Threat {threat}"
    card: str
    kind: str
    hex: str
    threat: int


@dataclass(frozen=True, slots=True)
class NemesisMoved(GameEvent):
    template: ClassVar[str] = "{card} moves {src} → {dst}"
    card: str
    src: str
    dst: str


@dataclass(frozen=True, slots=True)
class NemesisActivated(GameEvent):
    template: ClassVar[str] = "{card} activates"
    card: str


@dataclass(frozen=True, slots=True)
class NemesisDestroyed(GameEvent):
    template: ClassVar[str] = "{card} is destroyed by {by}"
    card: str
    by: str


@dataclass(frozen=True, slots=True)
class ThreatChanged(GameEvent):
    template: ClassVar[str] = "{card} Threat {old} → {new}"
    card: str
    old: int
    new: int


@dataclass(frozen=True, slots=True)
class TargetPlaced(GameEvent):
    template: ClassVar[str] = "{card} targets {hex} ({faction})"
    card: str
    hex: str
    faction: str | None


@dataclass(frozen=True, slots=True)
class ActivationTokenPlaced(GameEvent):
    template: ClassVar[str] = "{card} gains an Activation Token ({tokens})"
    card: str
    tokens: int


@dataclass(frozen=True, slots=True)
class EventRevealed(GameEvent):
    template: ClassVar[str] = "Event: {card} (Threat {threat})"
    card: str
    threat: int


@dataclass(frozen=True, slots=True)
class CardGained(GameEvent):
    template: ClassVar[str] = "{faction} gains {card} ({how})"
    faction: str
    card: str
    how: str


@dataclass(frozen=True, slots=True)
class CardUsed(GameEvent):
    template: ClassVar[str] = "{faction} uses {card}"
    faction: str
    card: str


@dataclass(frozen=True, slots=True)
class CardDiscarded(GameEvent):
    template: ClassVar[str] = "{faction} discards {card}"
    faction: str
    card: str


@dataclass(frozen=True, slots=True)
class MarketDealt(GameEvent):
    template: ClassVar[str] = "Market: {cards}"
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class QuestsDealt(GameEvent):
    template: ClassVar[str] = "Quests: {cards}"
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HeroRolled(GameEvent):
    template: ClassVar[str] = "{faction} rolls Hero Dice: {dice}"
    faction: str
    dice: Roll


@dataclass(frozen=True, slots=True)
class QuestResolved(GameEvent):
    template: ClassVar[str] = "{faction} {outcome} {card} ({successes} goal(s) met)"
    faction: str
    card: str
    successes: int
    outcome: str  # solves / fails


@dataclass(frozen=True, slots=True)
class CombatStarted(GameEvent):
    template: ClassVar[str] = "Combat on {hex}: {side_a} vs {side_b}"
    combat: int
    hex: str
    side_a: str
    side_b: str
    terrain: str


@dataclass(frozen=True, slots=True)
class CombatRolled(GameEvent):
    template: ClassVar[str] = "{part} round {round}: {side_a} {dice_a} | {side_b} {dice_b}"
    combat: int
    part: str
    round: int
    side_a: str
    dice_a: Roll
    side_b: str
    dice_b: Roll


@dataclass(frozen=True, slots=True)
class CombatTally(GameEvent):
    template: ClassVar[str] = "{side} take {skulls} hit(s), {blocked} blocked by Shields"
    combat: int
    side: str
    skulls: int
    blocked: int


@dataclass(frozen=True, slots=True)
class GodpowerUsed(GameEvent):
    template: ClassVar[str] = "{side} fires the Godpower of {card}"
    combat: int
    side: str
    card: str


@dataclass(frozen=True, slots=True)
class CombatEnded(GameEvent):
    template: ClassVar[str] = "Combat on {hex} ends: {winner} holds the field"
    combat: int
    hex: str
    winner: str


@dataclass(frozen=True, slots=True)
class Produced(GameEvent):
    template: ClassVar[str] = "{faction} produces {salt} Salt, {plunder} Plunder, {food} Food"
    faction: str
    salt: int
    plunder: int
    food: int


@dataclass(frozen=True, slots=True)
class Note(GameEvent):
    """A rule-driven happening with no more specific event (e.g. a piece could not be placed)."""
    template: ClassVar[str] = "{text}"
    text: str


@dataclass(frozen=True, slots=True)
class GameOver(GameEvent):
    template: ClassVar[str] = "Game over: {verdict}"
    verdict: str  # "players win" / "the Empire wins" / "Chaos wins" / ...
    vp: tuple[tuple[str, int], ...]
    winners: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Rewound(GameEvent):
    """The game was taken back (an undo): it now stands after `answers` answers. Sent to
    subscribers only (game.log is the log of the game as replayed): rebuild from game.log."""
    template: ClassVar[str] = "Taken back to answer {answers}"
    answers: int
