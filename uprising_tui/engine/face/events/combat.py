"""Events of one combat: its sides, each step, every die as it is rolled, rerolled, set or
added, the symbols added or cancelled, the Bolts spent, the hits and the end.

A side is named by its owner id ('krowh', 'empire', 'chaos'): the two sides of a combat
always have different owners. ``CombatStarted`` says what each side is (kind and card).
"""
from __future__ import annotations

from typing import ClassVar

from .base import GameEvent, Roll


class CombatStarted(GameEvent):
    template: ClassVar[str] = "Combat on {hex}: {side_a} vs {side_b}"
    combat: int
    hex: str
    terrain: str
    side_a: str  # the attacking side's owner
    kind_a: str  # player / garrisons / skeletons / legion / horde
    card_a: str | None
    side_b: str
    kind_b: str
    card_b: str | None


class CombatStep(GameEvent):
    """The combat moves on: `part` before_combat / archery / clash / after_combat; `step`
    before_rolling / before_damage / after_damage (None outside a round); a new `round`
    clears both sides' dice."""
    template: ClassVar[str] = "{part} round {round}: {step}"
    combat: int
    part: str
    step: str | None
    round: int


class CombatRolled(GameEvent):
    template: ClassVar[str] = "{part} round {round}: {side_a} {dice_a} | {side_b} {dice_b}"
    combat: int
    part: str
    round: int
    side_a: str
    dice_a: Roll
    side_b: str
    dice_b: Roll


class DiceRerolled(GameEvent):
    template: ClassVar[str] = "{side} rerolls {dice}"
    combat: int
    side: str
    dice: tuple[tuple[int, str, tuple[str, ...], tuple[str, ...]], ...]  # (index, colour, was, now)


class DieSet(GameEvent):
    template: ClassVar[str] = "{side} turns a {colour} die to {face}"
    combat: int
    side: str
    index: int
    colour: str
    face: tuple[str, ...]


class DiceAdded(GameEvent):
    """`when`: next_roll (the dice join this round's roll; `dice` shows them unrolled), now
    (rolled at once and added to the side's dice), after_damage (rolled at once; their
    Skulls hit straight away)."""
    template: ClassVar[str] = "{side} adds {dice}"
    combat: int
    side: str
    dice: Roll
    when: str


class SymbolsAdded(GameEvent):
    template: ClassVar[str] = "{side} adds {skull} Skull(s), {shield} Shield(s), {bolt} Bolt(s)"
    combat: int
    side: str
    skull: int
    shield: int
    bolt: int
    after_damage: bool = False  # the Skulls hit straight away (nothing is kept for the round)


class SymbolsCancelled(GameEvent):
    template: ClassVar[str] = "{count} {symbol}(s) of {side} are cancelled"
    combat: int
    side: str  # whose symbols are cancelled
    symbol: str
    count: int


class BoltSpent(GameEvent):
    """`use`: shield (cancel an enemy Shield), godpower (a Legion's/Horde's), druid, none;
    `shield_broken`: an enemy Shield was cancelled by it."""
    template: ClassVar[str] = "{side} spends a Bolt: {use}"
    combat: int
    side: str
    use: str
    card: str | None
    shield_broken: bool


class CombatTally(GameEvent):
    template: ClassVar[str] = "{side} takes {skulls} hit(s), {blocked} blocked by Shields"
    combat: int
    side: str
    skulls: int
    blocked: int


class CombatSideChanged(GameEvent):
    """Skeletons of this combat became a Horde (ruling 17): the fallen side fights on, in the
    same combat, as its owner's next group on the hex (`kind` and `card` as in CombatStarted;
    its dice and symbols carry on)."""
    template: ClassVar[str] = "{side} fight on as {kind}"
    combat: int
    side: str
    kind: str
    card: str | None


class GodpowerUsed(GameEvent):
    template: ClassVar[str] = "{side} fires the Godpower of {card}"
    combat: int
    side: str
    card: str


class CombatEnded(GameEvent):
    template: ClassVar[str] = "Combat on {hex} ends: {winner} holds the field"
    combat: int
    hex: str
    winner: str | None  # the surviving side's owner; None when both are gone


class CombatClosed(GameEvent):
    """After the After Combat cards: the combat is over and off the table."""
    template: ClassVar[str] = "Combat {combat} is over"
    combat: int
