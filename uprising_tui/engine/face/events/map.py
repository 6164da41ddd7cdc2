"""Events of the map: hexes, player Units, Havens and Defenses, Nemesis pieces, Targets.

Every event that changes a hex names it in ``hex`` (or ``src``/``dst``). Placements of
Nemesis pieces say which placement rule put them there (``fallback``: empty when the piece
went where it was first asked to go); moves of Legions, Hordes and Skeletons say which step
of their activation moved them, by which priority rule, and the candidates weighed.
"""
from __future__ import annotations

from typing import ClassVar

from .base import GameEvent


# ------------------------------------------------------------------ hexes
class HexExplored(GameEvent):
    template: ClassVar[str] = "{faction} explores {hex}: {tile}"
    faction: str
    hex: str
    tile: str
    rotation: int


class HexOriented(GameEvent):
    """The explorer turned the new tile: its impassable edges are in force from now."""
    template: ClassVar[str] = "{faction} turns {hex} (rotation {rotation})"
    faction: str
    hex: str
    rotation: int


class SeaTowerRemoved(GameEvent):
    template: ClassVar[str] = "The Sea Tower on {hex} is lost: it becomes {tile}"
    hex: str
    tile: str  # the tile lying there now (Ice Waste)


# ------------------------------------------------------------------ player Units
class UnitsMoved(GameEvent):
    template: ClassVar[str] = "{count}× {unit} move {src} → {dst}"
    faction: str
    unit: str
    count: int
    src: str
    dst: str


class UnitPlaced(GameEvent):
    """A Unit from the reserve onto the map."""
    template: ClassVar[str] = "{faction} places {unit} on {hex} ({reason})"
    faction: str
    unit: str
    hex: str
    reason: str  # built / effect


class UnitExchanged(GameEvent):
    """`unit` goes back to the reserve, `to_unit` comes from it onto the same hex."""
    template: ClassVar[str] = "{faction} exchanges {unit} for {to_unit} on {hex}"
    faction: str
    hex: str
    unit: str
    to_unit: str


class UnitDestroyed(GameEvent):
    template: ClassVar[str] = "{unit} of {owner} destroyed on {hex} → {to}"
    owner: str
    unit: str
    hex: str
    to: str  # graveyard side ('empire' / 'chaos'), 'reserve' or 'box' (out of the game)


class UnitRemovedFromReserve(GameEvent):
    template: ClassVar[str] = "{unit} is taken from {faction}'s reserve out of the game"
    faction: str
    unit: str


# ------------------------------------------------------------------ Havens and Defenses
class DefenseBuilt(GameEvent):
    template: ClassVar[str] = "{faction} builds a {kind} on {hex}"
    faction: str
    kind: str  # tower / wall
    hex: str


class DefenseRemoved(GameEvent):
    template: ClassVar[str] = "The {kind} on {hex} is torn down"
    hex: str
    kind: str  # tower / wall
    reason: str = "effect"


class HavenBuilt(GameEvent):
    template: ClassVar[str] = "{faction} builds a Haven on {hex}"
    faction: str
    hex: str


class HavenRemoved(GameEvent):
    """The Haven goes back to its faction's supply, its Wall and Tower with it."""
    template: ClassVar[str] = "{faction}'s Haven on {hex} is removed ({reason})"
    faction: str
    hex: str
    reason: str  # curse / razed / overrun / sea_tower_lost / effect


# ------------------------------------------------------------------ Garrisons, Skeletons, Curses
class GarrisonPlaced(GameEvent):
    template: ClassVar[str] = "Garrison (level {level}) placed on {hex}"
    hex: str
    level: int
    fallback: str = ""  # '' / empty_hex / legion_hex / stack / capital_overflow


class GarrisonsRemoved(GameEvent):
    template: ClassVar[str] = "Garrison level(s) {levels} leave {hex} → {to} ({reason})"
    hex: str
    levels: tuple[int, ...]  # the levels taken off, top first
    to: str  # reserve / chaos (the Chaos Graveyard)
    reason: str  # combat / curse / effect


class SkeletonPlaced(GameEvent):
    template: ClassVar[str] = "Skeleton placed on {hex}"
    hex: str
    fallback: str = ""  # '' / with_skeletons / empty_hex


class SkeletonsRemoved(GameEvent):
    template: ClassVar[str] = "{count} Skeleton(s) leave {hex} → {to} ({reason})"
    hex: str
    count: int
    to: str  # reserve / empire (the Imperial Graveyard)
    reason: str  # combat / horde_formed / effect


class SkeletonsMoved(GameEvent):
    template: ClassVar[str] = "{count} Skeleton(s) move {src} → {dst}"
    src: str
    dst: str
    count: int
    rule: str  # the priority rule that chose dst (see NemesisMoved)
    candidates: tuple[str, ...]
    tied: tuple[str, ...]


class HordeFormed(GameEvent):
    template: ClassVar[str] = "Skeletons on {hex} join into a Horde"
    hex: str


class CursePlaced(GameEvent):
    template: ClassVar[str] = "Curse placed on {hex}"
    hex: str


class CurseRemoved(GameEvent):
    template: ClassVar[str] = "Curse removed from {hex}"
    hex: str


class GraveyardEmptied(GameEvent):
    """Scoring: every piece in this Graveyard goes back to its owner's reserve."""
    template: ClassVar[str] = "The {side} Graveyard is emptied"
    side: str  # empire / chaos


class CapitalFell(GameEvent):
    template: ClassVar[str] = "No Legion is left to defend {hex}: the Capital falls to {by}"
    hex: str
    by: str


# ------------------------------------------------------------------ Legions and Hordes
class NemesisPlaced(GameEvent):
    template: ClassVar[str] = "{card} enters on {hex} at Threat {threat}"
    card: str
    kind: str  # legion / horde
    hex: str
    threat: int
    fallback: str = ""  # where a Horde went: '' / empty_hex / skeletons_or_curse / any_region / ...


class NemesisMoved(GameEvent):
    """`step`: the activation step ('2' for a Legion's or a Horde's move) or 'effect';
    `rule`: why dst — haven (a Haven, fewest Units), enemy (the weakest enemy), empty (an
    empty hex), closer (any hex on the way), target (it reaches its Target at once),
    closest_empty (an effect: the closest empty hex); `candidates`: every hex it could step
    to; `tied`: those the rule left, among which the first player chose."""
    template: ClassVar[str] = "{card} moves {src} → {dst}"
    card: str
    src: str
    dst: str
    step: str = ""
    rule: str = ""
    candidates: tuple[str, ...] = ()
    tied: tuple[str, ...] = ()


class NemesisActivated(GameEvent):
    template: ClassVar[str] = "{card} activates"
    card: str


class NemesisDestroyed(GameEvent):
    template: ClassVar[str] = "{card} is destroyed by {by}"
    card: str
    by: str
    hex: str = ""


class ThreatChanged(GameEvent):
    template: ClassVar[str] = "{card} Threat {old} → {new}"
    card: str
    old: int
    new: int
    overflow: int = 0  # Threat above the card's maximum, given as VP to its side


class TargetPlaced(GameEvent):
    """`reason`: hunt (a faction's Haven with the fewest Units), capital (no faction left to
    hunt), retarget (its Target Haven was removed: another Haven of that faction),
    retarget_capital (that faction has no Haven left)."""
    template: ClassVar[str] = "{card} targets {hex} ({faction})"
    card: str
    hex: str
    faction: str | None
    reason: str = "hunt"
    candidates: tuple[str, ...] = ()


class TargetRemoved(GameEvent):
    template: ClassVar[str] = "{card}'s Target on {hex} is removed"
    card: str
    hex: str


class ActivationTokenPlaced(GameEvent):
    template: ClassVar[str] = "{card} gains an Activation Token ({tokens})"
    card: str
    tokens: int


class ActivationTokenUsed(GameEvent):
    template: ClassVar[str] = "{card} spends an Activation Token ({tokens} left)"
    card: str
    tokens: int
