"""The public view rebuilt from the events alone.

``GameStarted`` carries the opening public view; every later event that changes anything on
the table says what changed (see events.py). A ``Projection`` applies them one by one and
gives the same ``PublicView`` that ``Game.public_view()`` builds from the state: a test holds
the two equal after every answer of many games. The client draws from it, so what it shows
can never drift from the game, and nothing hidden can reach it (the events carry none).

    proj = Projection.from_events(game.cat, game.log)
    proj.view() == game.public_view()
    game.subscribe(proj.apply)           # or Projection.follow(game): also rebuilds after an undo

Applying an event is cheap (a few dictionary updates); ``view()`` rebuilds only the hexes
and players that changed since the last call.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Iterable

from .public import (
    ACTIVATION_TOKENS,
    TOWERS,
    WALLS,
    CardView,
    CombatView,
    HexView,
    NemesisView,
    PlayerView,
    PublicView,
    SideView,
)

if TYPE_CHECKING:
    from ..content.loader import Catalog
    from .events import GameEvent

# events that change nothing on the table (the log tells them; the view does not show them)
NO_CHANGE = frozenset({
    "Note", "Produced", "CardUsed", "HeroRolled", "QuestResolved", "HordeFormed", "NemesisActivated",
    "CombatTally", "GodpowerUsed", "CombatEnded", "Rewound",
})


class _Hex:
    __slots__ = ("id", "q", "r", "role", "region", "explored", "tile", "rotation", "fixed", "removed", "units",
                 "owner", "garrisons", "skeletons", "legions", "hordes", "curse", "haven", "wall", "tower",
                 "fallen")


class _Player:
    __slots__ = ("faction", "hero", "seat", "hero_hex", "salt", "plunder", "food", "ap", "vp", "might", "magic",
                 "leadership", "guile", "feats", "items", "quests", "feat_deck", "reserve", "removed", "havens",
                 "passed")


class _Side:
    __slots__ = ("kind", "owner", "card", "dice", "extra", "cancelled", "broken", "spent")

    def __init__(self, kind: str, owner: str, card: str | None):
        self.kind, self.owner, self.card = kind, owner, card
        self.clear()

    def clear(self) -> None:
        self.dice: list[tuple[str, tuple[str, ...]]] = []
        self.extra = [0, 0, 0]
        self.cancelled = [0, 0, 0]
        self.broken = 0
        self.spent = 0

    def view(self) -> SideView:
        return SideView(self.kind, self.owner, self.card, tuple(self.dice), tuple(self.extra),
                        tuple(self.cancelled), self.broken, self.spent)


class _Combat:
    __slots__ = ("id", "hex", "terrain", "part", "step", "round", "a", "b")

    def side(self, owner: str) -> _Side:
        return self.a if self.a.owner == owner else self.b

    def other(self, owner: str) -> _Side:
        return self.b if self.a.owner == owner else self.a


SYMBOL_INDEX = {"skull": 0, "shield": 1, "bolt": 2}


class ProjectionError(ValueError):
    """An event the projection cannot apply (e.g. no GameStarted first)."""


class Projection:
    """The public view kept up to date by events alone (see the module docstring)."""

    def __init__(self, cat: "Catalog"):
        self.cat = cat
        self.started = False
        self.unknown: set[str] = set()  # event types seen that have no handler (should stay empty)
        self._view: PublicView | None = None

    # ------------------------------------------------------------ building
    @classmethod
    def from_events(cls, cat: "Catalog", events: Iterable["GameEvent"]) -> "Projection":
        proj = cls(cat)
        for e in events:
            proj.apply(e)
        return proj

    @classmethod
    def follow(cls, game) -> "Projection":
        """A projection of `game` that stays up to date: it applies every new event and
        rebuilds itself from the game's log after an undo (a ``Rewound`` event)."""
        proj = cls.from_events(game.cat, game.log)

        def on_event(e: "GameEvent") -> None:
            if e.event_type == "Rewound":
                proj.__dict__.update(cls.from_events(game.cat, game.log).__dict__)
            else:
                proj.apply(e)
        game.subscribe(on_event)
        return proj

    def apply(self, event: "GameEvent") -> None:
        name = type(event).__name__
        fn = _HANDLERS.get(name)
        if fn is None:
            if name not in NO_CHANGE:
                self.unknown.add(name)
            return
        if not self.started and name != "GameStarted":
            raise ProjectionError(f"{name} before GameStarted: a projection starts from the first event")
        fn(self, event)
        self._view = None
        if name in _CARD_EVENTS:
            self._cards_dirty = True
        if name in _TABLE_EVENTS:
            self._table_dirty = True

    # ------------------------------------------------------------ the view
    def view(self) -> PublicView:
        """The public view now; only the parts events changed since the last call are rebuilt."""
        if self._view is not None:
            return self._view
        if not self.started:
            raise ProjectionError("no GameStarted applied yet")
        if self._heroes_dirty:
            self._place_heroes()
        if self._dirty_hexes or self._hexes_map is None:
            hv = self._hex_views
            for hid in self._dirty_hexes:
                hv[hid] = self._hex_view(self.hexes[hid])
            self._dirty_hexes.clear()
            self._hexes_map = MappingProxyType(dict(hv))
            self._defenses = (sum(h.wall for h in self.hexes.values()), sum(h.tower for h in self.hexes.values()))
        if self._dirty_players or self._players is None:
            pv = self._player_views
            for fac in self._dirty_players:
                pv[fac] = self._player_view(self.players[fac])
            self._dirty_players.clear()
            self._players = tuple(pv[f] for f in self.order)
        if self._cards_dirty:
            init = self._initiative
            cards = sorted(self.cards.values(), key=lambda c: init(c["id"]))
            nem = lambda c: NemesisView(c["id"], c["kind"], c["threat"], c["hex"], c["tokens"],  # noqa: E731
                                        c["target"], c["target_faction"])
            self._nemesis = (tuple(nem(c) for c in cards if c["kind"] == "legion"),
                             tuple(nem(c) for c in cards if c["kind"] == "horde"),
                             ACTIVATION_TOKENS - sum(c["tokens"] for c in cards))
            self._cards_dirty = False
        if self._table_dirty:
            m = self.meta
            self._table = (tuple(m["events_revealed"]), tuple(m["market"]), tuple(m["item_discard"]),
                           tuple(m["quest_offer"]), tuple(m["quest_discard"]), tuple(m["garrison_reserve"]),
                           _graveyard(self.graveyards["empire"]), _graveyard(self.graveyards["chaos"]))
            self._table_dirty = False
        m = self.meta
        revealed, market, item_discard, quest_offer, quest_discard, garrisons, gy_empire, gy_chaos = self._table
        legions, hordes, tokens_left = self._nemesis
        event = revealed[-1] if revealed and len(revealed) == m["chapter"] else None
        combat = None
        if self.combats:
            c = self.combats[-1]
            combat = CombatView(c.id, c.hex, c.terrain, c.part, c.step, c.round, c.a.view(), c.b.view())
        walls, towers = self._defenses
        self._view = PublicView(
            m["chapter"], m["chapters"], m["phase"], m["difficulty"], m["first_player"], m["turn"],
            self._hexes_map, self._players, legions, hordes, m["vp_empire"], m["vp_chaos"], m["legion_deck"],
            m["horde_deck"], m["item_deck"], m["quest_deck"], m["events_to_come"], event, revealed,
            m["event_threat"] if revealed else 0, market, item_discard, quest_offer, quest_discard, m["druids"],
            garrisons, m["skeleton_reserve"], m["curse_reserve"], WALLS - walls, TOWERS - towers, tokens_left,
            gy_empire, gy_chaos, combat, m["verdict"])
        return self._view

    def _initiative(self, cid: str) -> int:
        return self.cat.nemesis(cid).initiative

    def _hex_view(self, h: _Hex) -> HexView:
        cat = self.cat
        if h.explored:
            tile = cat.hexes.get(h.tile)
            terrain = "curse" if h.curse else (tile.terrain if tile else None)
            edges = tuple((e + h.rotation) % 6 for e in tile.impassable) if tile and tile.impassable else ()
            blocked = tuple(sorted(set(h.fixed + edges)))
            sea = h.role == "sea_tower" and not h.removed and bool(tile and tile.sea_tower)
            shown, rotation = h.tile, h.rotation
        else:
            terrain = "curse" if h.curse else None
            blocked = tuple(sorted(set(h.fixed)))
            sea, shown, rotation = False, None, 0
        return HexView(h.id, h.q, h.r, h.role, h.region, h.explored, shown, terrain, rotation, blocked, sea,
                       tuple(sorted(h.units.items())), h.owner, self._heroes.get(h.id, ()), h.garrisons,
                       h.skeletons, tuple(h.legions), tuple(h.hordes), h.curse, h.haven, h.wall, h.tower, h.fallen)

    def _player_view(self, p: _Player) -> PlayerView:
        cards = lambda cs: tuple(CardView(c, up) for c, up in cs)  # noqa: E731
        return PlayerView(p.faction, p.hero, p.seat, p.hero_hex, p.salt, p.plunder, p.food, p.ap, p.vp, p.might,
                          p.magic, p.leadership, p.guile, cards(p.feats), cards(p.items), cards(p.quests),
                          p.feat_deck, _counts(p.reserve), _counts(p.removed), p.havens, p.passed)

    def _place_heroes(self) -> None:
        """Which Heros stand on each hex, in seat order from the first player."""
        order = self.order
        first = order.index(self.meta["first_player"]) if self.meta["first_player"] in order else 0
        spots: dict[str, list[str]] = {}
        for i in range(len(order)):
            p = self.players[order[(first + i) % len(order)]]
            spots.setdefault(p.hero_hex, []).append(p.faction)
        new = {k: tuple(v) for k, v in spots.items()}
        for hid in set(new) | set(self._heroes):
            if new.get(hid) != self._heroes.get(hid):
                self._dirty_hexes.add(hid)
        self._heroes = new
        self._heroes_dirty = False

    # ------------------------------------------------------------ helpers for handlers
    def hex(self, hid: str) -> _Hex:
        self._dirty_hexes.add(hid)
        return self.hexes[hid]

    def player(self, faction: str) -> _Player:
        self._dirty_players.add(faction)
        return self.players[faction]

    def combat(self, cid: int) -> _Combat:
        for c in reversed(self.combats):
            if c.id == cid:
                return c
        raise ProjectionError(f"no combat {cid} in progress")


def _counts(d: dict[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((k, v) for k, v in d.items() if v))


def _graveyard(gy: dict[tuple[str, str], int]) -> tuple[tuple[str, str, int], ...]:
    return tuple(sorted((owner, piece, n) for (owner, piece), n in gy.items() if n))


def _bump(d: dict, key, n: int) -> None:
    left = d.get(key, 0) + n
    if left:
        d[key] = left
    else:
        d.pop(key, None)


# events after which the Legions and Hordes, or the piles, reserves and Graveyards, are rebuilt
_CARD_EVENTS = frozenset({"NemesisPlaced", "NemesisMoved", "NemesisDestroyed", "ThreatChanged", "TargetPlaced",
                          "TargetRemoved", "ActivationTokenPlaced", "ActivationTokenUsed"})
_TABLE_EVENTS = frozenset({"CardDiscarded", "MarketDealt", "MarketDiscarded", "QuestsDealt", "QuestsDiscarded",
                           "QuestTaken", "EventRevealed", "Reshuffled", "UnitDestroyed", "GarrisonPlaced",
                           "GarrisonsRemoved", "SkeletonsRemoved", "GraveyardEmptied"})

# ------------------------------------------------------------------ handlers, by event type
_HANDLERS: dict[str, Callable[[Projection, Any], None]] = {}


def on(*names: str):
    def reg(fn):
        for n in names:
            _HANDLERS[n] = fn
        return fn
    return reg


@on("GameStarted")
def _started(pj: Projection, e) -> None:
    v: PublicView = e.view
    if v is None:
        raise ProjectionError("GameStarted carries no opening view")
    fixed = dict(e.fixed_edges)
    pj.hexes = {}
    for hv in v.hexes.values():
        h = _Hex()
        h.id, h.q, h.r, h.role, h.region = hv.id, hv.q, hv.r, hv.role, hv.region
        h.explored, h.tile, h.rotation = hv.explored, hv.tile, hv.rotation
        h.fixed = tuple(fixed.get(hv.id, ()))
        tile = pj.cat.hexes.get(hv.tile) if hv.tile else None
        h.removed = bool(hv.role == "sea_tower" and hv.explored and tile and tile.sea_tower and not hv.sea_tower)
        h.units, h.owner = dict(hv.units), hv.owner
        h.garrisons, h.skeletons = hv.garrisons, hv.skeletons
        h.legions, h.hordes = list(hv.legions), list(hv.hordes)
        h.curse, h.haven, h.wall, h.tower, h.fallen = hv.curse, hv.haven, hv.wall, hv.tower, hv.capital_fallen
        pj.hexes[h.id] = h
    pj.players = {}
    for pv in v.players:
        p = _Player()
        for name in ("faction", "hero", "seat", "hero_hex", "salt", "plunder", "food", "ap", "vp", "might", "magic",
                     "leadership", "guile", "feat_deck", "passed"):
            setattr(p, name, getattr(pv, name))
        p.feats = [[c.id, c.face_up] for c in pv.feats]
        p.items = [[c.id, c.face_up] for c in pv.items]
        p.quests = [[c.id, c.face_up] for c in pv.quests]
        p.reserve, p.removed, p.havens = dict(pv.reserve), dict(pv.removed), pv.havens_in_supply
        pj.players[p.faction] = p
    pj.order = [p.faction for p in v.players]
    pj.cards = {c.id: {"id": c.id, "kind": c.kind, "threat": c.threat, "hex": c.hex, "tokens": c.tokens,
                       "target": c.target, "target_faction": c.target_faction} for c in v.legions + v.hordes}
    pj.meta = {
        "chapter": v.chapter, "chapters": v.chapters, "phase": v.phase, "difficulty": v.difficulty,
        "first_player": v.first_player, "turn": v.turn, "vp_empire": v.vp_empire, "vp_chaos": v.vp_chaos,
        "legion_deck": v.legion_deck, "horde_deck": v.horde_deck, "item_deck": v.item_deck,
        "quest_deck": v.quest_deck, "events_to_come": v.events_to_come, "events_revealed": list(v.events_revealed),
        "event_threat": v.event_threat, "market": list(v.market), "item_discard": list(v.item_discard),
        "quest_offer": list(v.quest_offer), "quest_discard": list(v.quest_discard), "druids": tuple(v.druids),
        "garrison_reserve": list(v.garrison_reserve), "skeleton_reserve": v.skeleton_reserve,
        "curse_reserve": v.curse_reserve, "verdict": v.verdict,
    }
    pj.graveyards = {"empire": {(o, pc): n for o, pc, n in v.graveyard_empire},
                     "chaos": {(o, pc): n for o, pc, n in v.graveyard_chaos}}
    pj.combats = []
    pj._heroes = {hid: hv.heroes for hid, hv in v.hexes.items() if hv.heroes}
    pj._heroes_dirty = False
    pj._hex_views = dict(v.hexes)
    pj._player_views = {p.faction: p for p in v.players}
    pj._dirty_hexes, pj._dirty_players = set(), set()
    pj._hexes_map = pj._players = None
    pj._cards_dirty = pj._table_dirty = True
    pj.started = True


# ---- the game flow
@on("PhaseStarted")
def _phase(pj, e):
    pj.meta["chapter"], pj.meta["phase"] = e.chapter, e.phase


@on("TurnStarted")
def _turn(pj, e):
    pj.meta["turn"] = e.faction


@on("TurnEnded")
def _turn_end(pj, e):
    pj.meta["turn"] = None


@on("PlayerPassed")
def _passed(pj, e):
    pj.player(e.faction).passed = e.passed


@on("FirstPlayerPassed")
def _first(pj, e):
    pj.meta["first_player"] = e.faction
    pj._heroes_dirty = True


@on("GameOver")
def _over(pj, e):
    pj.meta["phase"], pj.meta["verdict"] = "over", e.verdict


# ---- resources, AP, VP, attributes, Heros
@on("ResourcesChanged")
def _res(pj, e):
    p = pj.player(e.faction)
    p.salt += e.salt
    p.plunder += e.plunder
    p.food += e.food


@on("APChanged")
def _ap(pj, e):
    pj.player(e.faction).ap = e.total


@on("VPChanged")
def _vp(pj, e):
    if e.faction in ("empire", "chaos"):
        pj.meta["vp_" + e.faction] = e.total
    else:
        pj.player(e.faction).vp = e.total


@on("AttributeGained")
def _attr(pj, e):
    p = pj.player(e.faction)
    setattr(p, e.attribute, getattr(p, e.attribute) + 1)


@on("HeroMoved")
def _hero(pj, e):
    pj.player(e.faction).hero_hex = e.dst
    pj._heroes_dirty = True


# ---- cards
@on("CardGained")
def _gained(pj, e):
    p = pj.player(e.faction)
    (p.feats if e.kind == "feat" else p.items).append([e.card, True])


@on("CardFlipped")
def _flipped(pj, e):
    p = pj.player(e.faction)
    for c in p.feats + p.items + p.quests:
        if c[0] == e.card:
            c[1] = e.face_up


def _take(cards: list, cid: str) -> list | None:
    for c in cards:
        if c[0] == cid:
            cards.remove(c)
            return c
    return None


@on("CardDiscarded")
def _discarded(pj, e):
    p = pj.player(e.faction)
    if _take(p.feats, e.card) is None:
        _take(p.items, e.card)
    if e.to == "item_discard":
        pj.meta["item_discard"].append(e.card)


@on("ItemGiven")
def _given(pj, e):
    card = _take(pj.player(e.faction).items, e.card)
    pj.player(e.to).items.append(card if card is not None else [e.card, True])


@on("MarketDealt")
def _market(pj, e):
    pj.meta["market"] = list(e.cards)


@on("MarketDiscarded")
def _market_gone(pj, e):
    pj.meta["item_discard"].extend(e.cards)
    pj.meta["market"] = [c for c in pj.meta["market"] if c not in e.cards]


@on("QuestsDealt")
def _quests(pj, e):
    pj.meta["quest_offer"] = list(e.cards)


@on("QuestsDiscarded")
def _quests_gone(pj, e):
    offer = pj.meta["quest_offer"]
    for q in e.cards:
        if q in offer:
            offer.remove(q)
        pj.meta["quest_discard"].append(q)


@on("QuestTaken")
def _quest_taken(pj, e):
    if e.card in pj.meta["quest_offer"]:
        pj.meta["quest_offer"].remove(e.card)
    pj.player(e.faction).quests.append([e.card, True])


@on("EventRevealed")
def _event(pj, e):
    m = pj.meta
    total = m["events_to_come"] + len(m["events_revealed"])
    m["events_revealed"] = list(e.revealed) if e.revealed else m["events_revealed"] + [e.card]
    m["event_threat"] = e.threat
    m["events_to_come"] = total - len(m["events_revealed"])


@on("DeckChanged")
def _deck(pj, e):
    if e.deck == "feat":
        pj.player(e.faction).feat_deck = e.count
    else:
        pj.meta[e.deck + "_deck"] = e.count


@on("Reshuffled")
def _reshuffled(pj, e):
    pj.meta[e.deck + "_deck"] = e.count
    pj.meta[e.deck + "_discard"] = []


# ---- hexes and player Units
@on("HexExplored")
def _explored(pj, e):
    h = pj.hex(e.hex)
    h.explored, h.tile, h.rotation = True, e.tile, e.rotation


@on("HexOriented")
def _oriented(pj, e):
    pj.hex(e.hex).rotation = e.rotation


@on("SeaTowerRemoved")
def _sea_tower(pj, e):
    h = pj.hex(e.hex)
    h.removed, h.explored, h.tile = True, True, e.tile


def _add_units(h: _Hex, faction: str, unit: str, n: int = 1) -> None:
    _bump(h.units, unit, n)
    h.owner = faction


def _take_units(h: _Hex, unit: str, n: int = 1) -> None:
    _bump(h.units, unit, -n)
    if not h.units:
        h.owner = None


@on("UnitsMoved")
def _units_moved(pj, e):
    _take_units(pj.hex(e.src), e.unit, e.count)
    _add_units(pj.hex(e.dst), e.faction, e.unit, e.count)


@on("UnitPlaced")
def _unit_placed(pj, e):
    _bump(pj.player(e.faction).reserve, e.unit, -1)
    _add_units(pj.hex(e.hex), e.faction, e.unit)


@on("UnitExchanged")
def _exchanged(pj, e):
    p = pj.player(e.faction)
    h = pj.hex(e.hex)
    _take_units(h, e.unit)
    _bump(p.reserve, e.unit, 1)
    _bump(p.reserve, e.to_unit, -1)
    _add_units(h, e.faction, e.to_unit)


@on("UnitDestroyed")
def _unit_destroyed(pj, e):
    _take_units(pj.hex(e.hex), e.unit)
    if e.to in ("empire", "chaos"):
        _bump(pj.graveyards[e.to], (e.owner, e.unit), 1)
    elif e.to == "box":
        _bump(pj.player(e.owner).removed, e.unit, 1)
    else:
        _bump(pj.player(e.owner).reserve, e.unit, 1)


@on("UnitRemovedFromReserve")
def _unit_boxed(pj, e):
    p = pj.player(e.faction)
    _bump(p.reserve, e.unit, -1)
    _bump(p.removed, e.unit, 1)


# ---- Havens and Defenses
@on("DefenseBuilt")
def _defense(pj, e):
    setattr(pj.hex(e.hex), e.kind, True)


@on("DefenseRemoved")
def _defense_gone(pj, e):
    setattr(pj.hex(e.hex), e.kind, False)


@on("HavenBuilt")
def _haven(pj, e):
    pj.hex(e.hex).haven = e.faction
    pj.player(e.faction).havens -= 1


@on("HavenRemoved")
def _haven_gone(pj, e):
    h = pj.hex(e.hex)
    h.haven, h.wall, h.tower = None, False, False
    pj.player(e.faction).havens += 1


# ---- Garrisons, Skeletons, Curses, Graveyards
@on("GarrisonPlaced")
def _garrison(pj, e):
    pj.hex(e.hex).garrisons += 1
    pj.meta["garrison_reserve"][e.level - 1] -= 1


@on("GarrisonsRemoved")
def _garrisons_gone(pj, e):
    pj.hex(e.hex).garrisons -= len(e.levels)
    for lvl in e.levels:
        if e.to == "reserve":
            pj.meta["garrison_reserve"][lvl - 1] += 1
        else:
            _bump(pj.graveyards[e.to], ("empire", f"garrison:{lvl}"), 1)


@on("SkeletonPlaced")
def _skeleton(pj, e):
    pj.hex(e.hex).skeletons += 1
    pj.meta["skeleton_reserve"] -= 1


@on("SkeletonsRemoved")
def _skeletons_gone(pj, e):
    pj.hex(e.hex).skeletons -= e.count
    if e.to == "reserve":
        pj.meta["skeleton_reserve"] += e.count
    else:
        _bump(pj.graveyards[e.to], ("chaos", "skeleton"), e.count)


@on("SkeletonsMoved")
def _skeletons_moved(pj, e):
    pj.hex(e.src).skeletons -= e.count
    pj.hex(e.dst).skeletons += e.count


@on("CursePlaced")
def _curse(pj, e):
    pj.hex(e.hex).curse = True
    pj.meta["curse_reserve"] -= 1


@on("CurseRemoved")
def _curse_gone(pj, e):
    pj.hex(e.hex).curse = False
    pj.meta["curse_reserve"] += 1


@on("GraveyardEmptied")
def _graveyard_emptied(pj, e):
    gy = pj.graveyards[e.side]
    m = pj.meta
    for (owner, piece), n in gy.items():
        if piece == "skeleton":
            m["skeleton_reserve"] += n
        elif piece.startswith("garrison:"):
            m["garrison_reserve"][int(piece.split(":")[1]) - 1] += n
        else:
            _bump(pj.player(owner).reserve, piece, n)
    gy.clear()


@on("CapitalFell")
def _capital(pj, e):
    pj.hex(e.hex).fallen = True


# ---- Legions and Hordes
def _list(h: _Hex, kind: str) -> list:
    return h.legions if kind == "legion" else h.hordes


@on("NemesisPlaced")
def _nem_placed(pj, e):
    pj.cards[e.card] = {"id": e.card, "kind": e.kind, "threat": e.threat, "hex": e.hex, "tokens": 0,
                        "target": None, "target_faction": None}
    _list(pj.hex(e.hex), e.kind).append(e.card)


@on("NemesisMoved")
def _nem_moved(pj, e):
    c = pj.cards[e.card]
    _list(pj.hex(e.src), c["kind"]).remove(e.card)
    _list(pj.hex(e.dst), c["kind"]).append(e.card)
    c["hex"] = e.dst


@on("NemesisDestroyed")
def _nem_destroyed(pj, e):
    c = pj.cards.pop(e.card)
    _list(pj.hex(c["hex"]), c["kind"]).remove(e.card)


@on("ThreatChanged")
def _threat(pj, e):
    pj.cards[e.card]["threat"] = e.new


@on("TargetPlaced")
def _target(pj, e):
    c = pj.cards[e.card]
    c["target"], c["target_faction"] = e.hex, e.faction


@on("TargetRemoved")
def _target_gone(pj, e):
    c = pj.cards.get(e.card)
    if c is not None:
        c["target"], c["target_faction"] = None, None


@on("ActivationTokenPlaced", "ActivationTokenUsed")
def _tokens(pj, e):
    pj.cards[e.card]["tokens"] = e.tokens


# ---- a combat
@on("CombatStarted")
def _combat(pj, e):
    c = _Combat()
    c.id, c.hex, c.terrain = e.combat, e.hex, e.terrain
    c.part, c.step, c.round = "before_combat", None, 0
    c.a, c.b = _Side(e.kind_a, e.side_a, e.card_a), _Side(e.kind_b, e.side_b, e.card_b)
    pj.combats.append(c)


@on("CombatStep")
def _combat_step(pj, e):
    c = pj.combat(e.combat)
    if e.round != c.round:
        c.a.clear()
        c.b.clear()
    c.part, c.step, c.round = e.part, e.step, e.round


@on("CombatRolled")
def _rolled(pj, e):
    c = pj.combat(e.combat)
    c.side(e.side_a).dice = list(e.dice_a)
    c.side(e.side_b).dice = list(e.dice_b)


@on("DiceRerolled")
def _rerolled(pj, e):
    dice = pj.combat(e.combat).side(e.side).dice
    for i, colour, _was, now in e.dice:
        dice[i] = (colour, now)


@on("DieSet")
def _die_set(pj, e):
    pj.combat(e.combat).side(e.side).dice[e.index] = (e.colour, e.face)


@on("DiceAdded")
def _dice_added(pj, e):
    if e.when == "now":
        pj.combat(e.combat).side(e.side).dice.extend(e.dice)


@on("SymbolsAdded")
def _symbols(pj, e):
    if not e.after_damage:
        extra = pj.combat(e.combat).side(e.side).extra
        extra[0] += e.skull
        extra[1] += e.shield
        extra[2] += e.bolt


@on("SymbolsCancelled")
def _cancelled(pj, e):
    pj.combat(e.combat).side(e.side).cancelled[SYMBOL_INDEX[e.symbol]] += e.count


@on("BoltSpent")
def _bolt(pj, e):
    c = pj.combat(e.combat)
    c.side(e.side).spent += 1
    if e.shield_broken:
        c.other(e.side).broken += 1


@on("CombatSideChanged")
def _side_changed(pj, e):
    side = pj.combat(e.combat).side(e.side)
    side.kind, side.card = e.kind, e.card


@on("CombatClosed")
def _combat_closed(pj, e):
    c = pj.combat(e.combat)
    pj.combats.remove(c)
