"""The public view: the game as it lies on the table, for everyone at it.

Uprising is co-operative, so there is one view for all players: every hand is open.
What the table cannot see never appears here: a face-down hex shows neither its tile nor
its terrain, decks are counts, the Events of later Chapters are not named. Discard piles,
the Market, the Quests on offer, every piece, Threat, Targets, Activation Tokens and VP are.

The view is plain immutable data (named tuples and read-only mappings), so a client can
read it freely and two views compare with ``==``. ``Game.public_view()`` builds it from the
state; ``engine.projection`` rebuilds the same view from the events alone (a test holds
the two equal after every answer).
"""
from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Mapping, NamedTuple

if TYPE_CHECKING:
    from .board import Board
    from .state import GameState

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


def _counts(d: Mapping[str, int]) -> Counts:
    return tuple(sorted((k, v) for k, v in d.items() if v))


def _cards(cs) -> tuple[CardView, ...]:
    return tuple(CardView(c.id, c.face_up) for c in cs)


def _graveyard(gy: Mapping[str, Mapping[str, int]]) -> tuple[tuple[str, str, int], ...]:
    return tuple(sorted((owner, piece, n) for owner, box in gy.items() for piece, n in box.items() if n))


def _side(s) -> SideView:
    return SideView(s.kind, s.owner, s.card, tuple((c, tuple(f)) for c, f in s.dice),
                    (s.extra["skull"], s.extra["shield"], s.extra["bolt"]),
                    (s.cancelled["skull"], s.cancelled["shield"], s.cancelled["bolt"]),
                    s.shields_broken, s.bolts_spent)


def hero_spots(state: "GameState") -> dict[str, tuple[str, ...]]:
    """Hex id -> the factions whose Hero stands there, in seat order from the first player."""
    heroes: dict[str, list[str]] = {}
    for p in state.seat_order():
        heroes.setdefault(p.hero_hex, []).append(p.faction)
    return {k: tuple(v) for k, v in heroes.items()}


def hex_view(h, cat, board: "Board", heroes: tuple[str, ...]) -> HexView:
    """One hex as the table shows it (a face-down hex: no tile, no terrain, no rotation)."""
    if h.explored:
        tile = h.tile
        terrain = "curse" if h.curse else cat.hexes[tile].terrain
        rotation = h.rotation
    else:
        tile = None
        terrain = "curse" if h.curse else None
        rotation = 0
    units = h.units
    return HexView(
        h.id, h.q, h.r, h.role, h.region, h.explored, tile, terrain, rotation,
        tuple(sorted(set(board.blocked_edges(h)))), board.is_sea_tower(h.id),
        tuple(sorted(units.items())) if units else (), h.owner, heroes, len(h.garrisons), h.skeletons,
        tuple(h.legions), tuple(h.hordes), h.curse, h.haven, h.wall, h.tower, h.capital_fallen)


def players_part(st: "GameState") -> tuple[PlayerView, ...]:
    return tuple(
        PlayerView(p.faction, p.hero, p.seat, p.hero_hex, p.salt, p.plunder, p.food, p.ap, p.vp,
                   p.might, p.magic, p.leadership, p.guile, _cards(p.feats), _cards(p.items), _cards(p.quests),
                   len(p.feat_deck), _counts(p.reserve), _counts(p.removed_units), p.havens_in_supply, p.passed)
        for p in st.players)


def nemesis_part(st: "GameState", cat) -> tuple[tuple[NemesisView, ...], tuple[NemesisView, ...], int]:
    """Legions and Hordes in play by initiative, and the Activation Tokens left."""
    nemesis = cat.nemesis
    key = lambda c: nemesis(c.id).initiative  # noqa: E731
    legions = tuple(NemesisView(c.id, c.kind, c.threat, c.hex, c.tokens, c.target, c.target_faction)
                    for c in sorted(st.legions.values(), key=key))
    hordes = tuple(NemesisView(c.id, c.kind, c.threat, c.hex, c.tokens, c.target, c.target_faction)
                   for c in sorted(st.hordes.values(), key=key))
    tokens = sum(c.tokens for c in legions) + sum(c.tokens for c in hordes)
    return legions, hordes, ACTIVATION_TOKENS - tokens


def table_part(st: "GameState") -> tuple:
    """The rest of the table, in PublicView order from vp_empire to graveyard_chaos (but the
    walls and towers left, which the hexes give)."""
    revealed = tuple(st.events[:st.events_revealed])
    event = revealed[-1] if revealed and len(revealed) == st.chapter else None
    return (st.vp_empire, st.vp_chaos, len(st.legion_deck), len(st.horde_deck), len(st.item_deck),
            len(st.quest_deck), len(st.events) - len(revealed), event, revealed,
            st.event_threat if revealed else 0, tuple(st.market), tuple(st.item_discard), tuple(st.quest_offer),
            tuple(st.quest_discard), tuple(st.druids), tuple(st.garrison_reserve), st.skeleton_reserve,
            st.curse_reserve)


def combat_part(combat) -> CombatView | None:
    if combat is None:
        return None
    return CombatView(combat.id, combat.hid, combat.terrain, combat.part, combat.step, combat.round,
                      _side(combat.a), _side(combat.b))


def hexes_part(hexes: dict[str, HexView]) -> tuple[Mapping[str, HexView], int, int]:
    """A read-only copy of the hex views, and the Walls and Towers on the map."""
    walls = towers = 0
    for hv in hexes.values():
        walls += hv.wall
        towers += hv.tower
    return MappingProxyType(dict(hexes)), walls, towers


def assemble(st: "GameState", difficulty: str, hexes: tuple[Mapping[str, HexView], int, int], players, nemesis,
             table, combat) -> PublicView:
    hexmap, walls, towers = hexes
    legions, hordes, tokens_left = nemesis
    (vp_empire, vp_chaos, legion_deck, horde_deck, item_deck, quest_deck, to_come, event, revealed, threat,
     market, item_discard, quest_offer, quest_discard, druids, garrison_reserve, skeleton_reserve,
     curse_reserve) = table
    return PublicView(
        st.chapter, st.chapters, st.phase, difficulty, st.first.faction if st.players else "", st.turn,
        hexmap, players, legions, hordes, vp_empire, vp_chaos, legion_deck, horde_deck,
        item_deck, quest_deck, to_come, event, revealed, threat, market, item_discard, quest_offer, quest_discard,
        druids, garrison_reserve, skeleton_reserve, curse_reserve, WALLS - walls, TOWERS - towers, tokens_left,
        _graveyard(st.graveyard_empire), _graveyard(st.graveyard_chaos), combat, st.verdict)


def build_view(state: "GameState", cat, board: "Board", combat=None, difficulty: str = "") -> PublicView:
    """The public view of `state`, built afresh (see the module docstring for what is hidden).
    ``Game.public_view()`` keeps one up to date more cheaply (engine/public_cache.py)."""
    spots = hero_spots(state)
    hexes = {h.id: hex_view(h, cat, board, spots.get(h.id, ())) for h in state.hexes.values()}
    return assemble(state, difficulty, hexes_part(hexes), players_part(state), nemesis_part(state, cat), table_part(state),
                    combat_part(combat))
