"""The public view: the game as it lies on the table, for everyone at it.

Uprising is co-operative, so there is one view for all players: every hand is open.
What the table cannot see never appears here: a face-down hex shows neither its tile nor
its terrain, decks are counts, the Events of later Chapters are not named. Discard piles,
the Market, the Quests on offer, every piece, Threat, Targets, Activation Tokens and VP are.

The view is plain immutable data (named tuples and read-only mappings), so a client can
read it freely and two views compare with ``==``. This module is its schema; the one builder
is the projection (``engine.projection``), which keeps the view from the events alone:
``Game.public_view()`` is the game's projection.
"""
from __future__ import annotations

from typing import Mapping, NamedTuple

Counts = tuple[tuple[str, int], ...]  # (id, count) pairs, sorted by id
Symbols = tuple[int, int, int]  # (skulls, shields, bolts)

# Component limits of the box (rulebook component list)
WALLS = 10
TOWERS = 10
ACTIVATION_TOKENS = 20


class HexView(NamedTuple):
    id: str
    q: int
    r: int
    role: str  # capital / home / sea_tower / random / region
    region: str | None  # howling_white / fog_grave / screaming_sea for region spaces
    explored: bool
    tile: str | None  # None while face-down
    terrain: str | None  # what fights here use: a tile's terrain, 'curse', or None (face-down, no Curse)
    rotation: int
    blocked: tuple[int, ...]  # edges (directions 0..5) with impassable terrain in force
    sea_tower: bool  # an explored Sea Tower still in the game: adjacent to every hex
    units: Counts  # player Units here (one faction at most), by unit id
    owner: str | None  # the faction whose Units stand here
    heroes: tuple[str, ...]  # factions whose Hero stands here, in seat order
    garrisons: int  # Garrison levels stacked (0..3)
    skeletons: int
    legions: tuple[str, ...]
    hordes: tuple[str, ...]
    curse: bool
    haven: str | None  # the faction whose Haven stands here
    wall: bool
    tower: bool
    capital_fallen: bool

    # what the state's Hex says the same way (table/state.py)
    @property
    def unit_count(self) -> int:
        return sum(n for _, n in self.units)

    @property
    def has_units(self) -> bool:
        """Any Units at all (Heros are not Units)."""
        return bool(self.units or self.garrisons or self.skeletons or self.legions or self.hordes)

    @property
    def empty(self) -> bool:
        """No Haven, no Units, no Curse (a Hero may stand here)."""
        return not (self.haven or self.curse or self.has_units)

    @property
    def empire_here(self) -> bool:
        return bool(self.garrisons or self.legions)

    @property
    def chaos_here(self) -> bool:
        return bool(self.skeletons or self.hordes)


class CardView(NamedTuple):
    id: str
    face_up: bool


class PlayerView(NamedTuple):
    faction: str
    hero: str
    seat: int
    hero_hex: str
    salt: int
    plunder: int
    food: int
    ap: int
    vp: int
    might: int
    magic: int
    leadership: int
    guile: int
    feats: tuple[CardView, ...]
    items: tuple[CardView, ...]
    quests: tuple[CardView, ...]  # solved Quests kept in play
    feat_deck: int  # cards left in the Feat deck (their order is hidden)
    reserve: Counts  # Units in the reserve, by unit id
    removed: Counts  # Units removed from the game
    havens_in_supply: int
    passed: bool


class NemesisView(NamedTuple):
    id: str
    kind: str  # legion / horde
    threat: int
    hex: str
    tokens: int  # Activation Tokens on the card
    target: str | None  # the hex of a Legion's Target
    target_faction: str | None


class SideView(NamedTuple):
    kind: str  # player / garrisons / skeletons / legion / horde
    owner: str  # a player faction, 'empire' or 'chaos'
    card: str | None  # the Legion or Horde, if one
    dice: tuple[tuple[str, tuple[str, ...]], ...]  # (colour, symbols) of each die as it shows now
    extra: Symbols  # symbols added by effects, not on dice
    cancelled: Symbols  # own symbols an enemy effect cancelled
    shields_broken: int  # own Shields cancelled by enemy Bolts
    bolts_spent: int


class CombatView(NamedTuple):
    id: int
    hex: str
    terrain: str
    part: str  # before_combat / archery / clash / after_combat
    step: str | None  # before_rolling / before_damage / after_damage
    round: int
    a: SideView  # the side that attacked
    b: SideView


class PublicView(NamedTuple):
    chapter: int
    chapters: int
    phase: str
    difficulty: str
    first_player: str  # faction holding the First Player Token
    turn: str | None  # faction whose Actions turn it is, if any
    hexes: Mapping[str, HexView]  # in map order
    players: tuple[PlayerView, ...]  # in seat order
    legions: tuple[NemesisView, ...]  # in play, by initiative
    hordes: tuple[NemesisView, ...]
    vp_empire: int
    vp_chaos: int
    legion_deck: int  # cards left (face-down)
    horde_deck: int
    item_deck: int
    quest_deck: int
    events_to_come: int  # Chapter Events still face-down
    event: str | None  # the Event revealed this Chapter
    events_revealed: tuple[str, ...]  # every Event revealed so far, in order
    event_threat: int  # the Threat on the latest Event revealed (0 before the first)
    market: tuple[str, ...]
    item_discard: tuple[str, ...]
    quest_offer: tuple[str, ...]
    quest_discard: tuple[str, ...]
    druids: tuple[str, ...]
    garrison_reserve: tuple[int, int, int]  # pieces left by level 1..3
    skeleton_reserve: int
    curse_reserve: int
    walls_left: int
    towers_left: int
    tokens_left: int  # Activation Tokens not on a card
    graveyard_empire: tuple[tuple[str, str, int], ...]  # (owner, piece, count), sorted
    graveyard_chaos: tuple[tuple[str, str, int], ...]
    combat: CombatView | None
    verdict: str | None

    def player(self, faction: str) -> PlayerView:
        for p in self.players:
            if p.faction == faction:
                return p
        raise KeyError(faction)

    def nemesis(self, card: str) -> NemesisView | None:
        for c in self.legions + self.hordes:
            if c.id == card:
                return c
        return None
