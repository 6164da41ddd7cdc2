"""The game state: plain data, no behaviour beyond small queries.

Everything the rules change lives here; everything static (card texts, dice,
geometry) lives in the catalog or the board. ``to_dict`` gives a canonical,
JSON-ready form used for checksums and the UI.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any

RES = ("salt", "plunder", "food")
NEMESES = ("empire", "chaos")


@dataclass(slots=True)
class Hex:
    id: str
    q: int
    r: int
    role: str  # capital / home / sea_tower / random / region
    tile: str  # tile id from the catalog
    region: str | None = None
    explored: bool = True
    rotation: int = 0
    units: dict[str, int] = field(default_factory=dict)  # player unit id -> count
    owner: str | None = None  # faction whose Units stand here
    garrisons: list[int] = field(default_factory=list)  # levels stacked, bottom first
    skeletons: int = 0
    legions: list[str] = field(default_factory=list)
    hordes: list[str] = field(default_factory=list)
    curse: bool = False
    haven: str | None = None
    wall: bool = False
    tower: bool = False
    sea_tower_removed: bool = False
    capital_fallen: bool = False

    @property
    def unit_count(self) -> int:
        return sum(self.units.values())

    @property
    def empire_here(self) -> bool:
        return bool(self.garrisons or self.legions)

    @property
    def chaos_here(self) -> bool:
        return bool(self.skeletons or self.hordes)

    @property
    def has_units(self) -> bool:
        """Any Units at all (Heros are not Units)."""
        return bool(self.units or self.garrisons or self.skeletons or self.legions or self.hordes)

    @property
    def empty(self) -> bool:
        """No Haven, no Units, no Curse (a Hero may stand here)."""
        # has_units written out: a property read inside a property costs about 720 instructions
        # more than these slot reads, and the options ask this of many hexes every Decision
        return not (self.haven or self.curse or self.units or self.garrisons or self.skeletons
                    or self.legions or self.hordes)


@dataclass(slots=True)
class CardState:
    id: str
    face_up: bool = True


@dataclass(slots=True)
class Player:
    faction: str
    hero: str
    seat: int
    hero_hex: str
    salt: int = 0
    plunder: int = 0
    food: int = 0
    ap: int = 8
    vp: int = 0
    might: int = 0
    magic: int = 0
    leadership: int = 0
    guile: int = 0
    feats: list[CardState] = field(default_factory=list)
    items: list[CardState] = field(default_factory=list)
    quests: list[CardState] = field(default_factory=list)  # solved Quests kept in play
    feat_deck: list[str] = field(default_factory=list)
    reserve: dict[str, int] = field(default_factory=dict)
    removed_units: dict[str, int] = field(default_factory=dict)  # out of the game
    havens_in_supply: int = 5
    passed: bool = False
    spent_this_turn: int = 0

    def res(self, kind: str) -> int:
        return getattr(self, kind)

    def attr(self, name: str) -> int:
        return getattr(self, name)

    @property
    def cards(self) -> list[CardState]:
        return self.feats + self.items


@dataclass(slots=True)
class NemCard:
    id: str
    kind: str  # legion / horde
    threat: int
    hex: str
    tokens: int = 0
    target: str | None = None  # hex id (Legions only)
    target_faction: str | None = None


@dataclass(slots=True)
class GameState:
    chapter: int = 0
    chapters: int = 4
    phase: str = "setup"
    first_player: int = 0  # seat index
    hexes: dict[str, Hex] = field(default_factory=dict)
    players: list[Player] = field(default_factory=list)
    vp_empire: int = 0
    vp_chaos: int = 0
    legions: dict[str, NemCard] = field(default_factory=dict)  # in play, by id
    hordes: dict[str, NemCard] = field(default_factory=dict)
    legion_deck: list[str] = field(default_factory=list)
    horde_deck: list[str] = field(default_factory=list)
    legion_box: list[str] = field(default_factory=list)
    horde_box: list[str] = field(default_factory=list)
    returned_once: list[str] = field(default_factory=list)
    events: list[str] = field(default_factory=list)  # one Event per chapter, in order
    events_revealed: int = 0  # how many of `events` have been turned face up
    turn: str | None = None  # the faction whose Actions turn it is
    event_threat: int = 3
    druids: list[str] = field(default_factory=list)
    item_deck: list[str] = field(default_factory=list)
    item_discard: list[str] = field(default_factory=list)
    market: list[str] = field(default_factory=list)
    quest_deck: list[str] = field(default_factory=list)
    quest_discard: list[str] = field(default_factory=list)
    quest_offer: list[str] = field(default_factory=list)
    garrison_reserve: list[int] = field(default_factory=lambda: [10, 10, 10])  # by level 1..3
    skeleton_reserve: int = 11
    curse_reserve: int = 9
    # graveyards: side -> owner (faction id, 'chaos' for Skeletons, 'empire' for Garrisons) -> count
    graveyard_empire: dict[str, dict[str, int]] = field(default_factory=dict)
    graveyard_chaos: dict[str, dict[str, int]] = field(default_factory=dict)
    verdict: str | None = None
    counter: int = 0  # combats fought, for ids

    # ----------------------------------------------------------- queries
    def player(self, faction: str) -> Player:
        for p in self.players:
            if p.faction == faction:
                return p
        raise KeyError(faction)

    def seat_order(self) -> list[Player]:
        """Players clockwise from the first player."""
        players, first = self.players, self.first_player
        if not 0 <= first < len(players):  # as the modulo of the plain reading would
            first %= len(players) if players else 1
        return players[first:] + players[:first]

    @property
    def first(self) -> Player:
        return self.players[self.first_player]

    def nem(self, card_id: str) -> NemCard | None:
        return self.legions.get(card_id) or self.hordes.get(card_id)

    def to_dict(self) -> dict[str, Any]:
        return _plain(self)


def _plain(obj: Any) -> Any:
    if is_dataclass(obj):
        return {f.name: _plain(getattr(obj, f.name)) for f in fields(obj)}
    if isinstance(obj, dict):
        return {str(k): _plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_plain(v) for v in obj]
    return obj
