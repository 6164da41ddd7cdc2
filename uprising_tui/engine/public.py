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


def build_view(state: "GameState", cat, board: "Board", combat=None, difficulty: str = "",
               hexes: Mapping[str, HexView] | None = None) -> PublicView:
    """The public view of `state` (see the module docstring for what is hidden).
    `hexes`, when given, are the hex views already built (see ViewCache)."""
    st = state
    if hexes is None:
        spots = hero_spots(st)
        hexes = {h.id: hex_view(h, cat, board, spots.get(h.id, ())) for h in st.hexes.values()}
    walls = towers = 0
    for hv in hexes.values():
        walls += hv.wall
        towers += hv.tower
    nemesis = cat.nemesis
    nem = lambda c: NemesisView(c.id, c.kind, c.threat, c.hex, c.tokens, c.target, c.target_faction)  # noqa: E731
    legions = tuple(nem(c) for c in sorted(st.legions.values(), key=lambda c: nemesis(c.id).initiative))
    hordes = tuple(nem(c) for c in sorted(st.hordes.values(), key=lambda c: nemesis(c.id).initiative))
    tokens = sum(c.tokens for c in legions) + sum(c.tokens for c in hordes)
    players = tuple(
        PlayerView(p.faction, p.hero, p.seat, p.hero_hex, p.salt, p.plunder, p.food, p.ap, p.vp,
                   p.might, p.magic, p.leadership, p.guile, _cards(p.feats), _cards(p.items), _cards(p.quests),
                   len(p.feat_deck), _counts(p.reserve), _counts(p.removed_units), p.havens_in_supply, p.passed)
        for p in st.players)
    revealed = tuple(st.events[:st.events_revealed])
    event = revealed[-1] if revealed and len(revealed) == st.chapter else None
    combat_view = None
    if combat is not None:
        combat_view = CombatView(combat.id, combat.hid, combat.terrain, combat.part, combat.step, combat.round,
                                 _side(combat.a), _side(combat.b))
    return PublicView(
        chapter=st.chapter, chapters=st.chapters, phase=st.phase, difficulty=difficulty,
        first_player=st.first.faction if st.players else "", turn=st.turn,
        hexes=MappingProxyType(dict(hexes)), players=players, legions=legions, hordes=hordes,
        vp_empire=st.vp_empire, vp_chaos=st.vp_chaos,
        legion_deck=len(st.legion_deck), horde_deck=len(st.horde_deck), item_deck=len(st.item_deck),
        quest_deck=len(st.quest_deck), events_to_come=len(st.events) - len(revealed), event=event,
        events_revealed=revealed, event_threat=st.event_threat if revealed else 0,
        market=tuple(st.market), item_discard=tuple(st.item_discard), quest_offer=tuple(st.quest_offer),
        quest_discard=tuple(st.quest_discard), druids=tuple(st.druids),
        garrison_reserve=tuple(st.garrison_reserve), skeleton_reserve=st.skeleton_reserve,
        curse_reserve=st.curse_reserve, walls_left=WALLS - walls, towers_left=TOWERS - towers,
        tokens_left=ACTIVATION_TOKENS - tokens,
        graveyard_empire=_graveyard(st.graveyard_empire), graveyard_chaos=_graveyard(st.graveyard_chaos),
        combat=combat_view, verdict=st.verdict)


# events after which every hex with a Hero is redrawn (the seat order of Heros changes)
_ALL_HEROES = frozenset({"FirstPlayerPassed"})
_HEX_FIELDS = ("hex", "src", "dst")


class ViewCache:
    """Keeps a game's public view between calls: rebuilt only when events were emitted since,
    and then only the hexes those events name (every change of a hex names it) plus the
    small rest. ``Game.public_view()`` reads through it; a test holds it equal to a fresh
    ``build_view`` after every answer."""
    __slots__ = ("seen", "log", "hexes", "view")

    def __init__(self) -> None:
        self.seen = 0
        self.log = None
        self.hexes: dict[str, HexView] = {}
        self.view: PublicView | None = None

    def get(self, game) -> PublicView:
        log = game.log
        n = len(log)
        if self.view is not None and n == self.seen and log is self.log:
            return self.view
        st, cat, board = game.state, game.cat, game.board
        hexes = self.hexes
        if not hexes or log is not self.log or n < self.seen:
            spots = hero_spots(st)
            hexes = self.hexes = {h.id: hex_view(h, cat, board, spots.get(h.id, ())) for h in st.hexes.values()}
        else:
            touched: set[str] = set()
            heroes = False
            for e in log[self.seen:n]:
                for name in _HEX_FIELDS:
                    hid = getattr(e, name, None)
                    if hid:
                        touched.add(hid)
                if not heroes and type(e).__name__ in _ALL_HEROES:
                    heroes = True
            if heroes:
                touched.update(p.hero_hex for p in st.players)
            if touched:
                spots = hero_spots(st)
                all_hexes = st.hexes
                for hid in touched:
                    h = all_hexes.get(hid)
                    if h is not None:
                        hexes[hid] = hex_view(h, cat, board, spots.get(hid, ()))
        self.seen, self.log = n, log
        self.view = build_view(st, cat, board, game.ctx.combat, game.setup.difficulty, hexes)
        return self.view
