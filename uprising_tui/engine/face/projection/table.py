"""The projection's handlers for the opening view, the game flow, the players and the cards on
the table (resources, feats, items, quests, market, events, decks), and the opening read from a
table as it lies (``open_table``: what ``GameStarted`` carries)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .records import ProjectionError, _Combat, _Hex, _Player, _Side, on

if TYPE_CHECKING:
    from ...table.board import Board
    from ..view import PublicView
    from ...table.state import GameState


@on("GameStarted")
def _started(pj, e) -> None:
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
    pj._hex_views = dict(v.hexes)
    pj._player_views = {p.faction: p for p in v.players}
    _opened(pj)


def open_table(pj, st: "GameState", board: "Board", combat=None, difficulty: str = "") -> None:
    """Fill `pj`'s records from a table as it lies: what the table shows of `st` (a face-down hex
    keeps its tile and orientation to itself, decks are counts) and the combat being fought. The
    projection of a game's opening (``GameStarted`` carries its view) and, in the tests, the state
    a projection of the events must agree with."""
    pj.hexes = {}
    for sh in st.hexes.values():
        h = _Hex()
        h.id, h.q, h.r, h.role, h.region, h.explored = sh.id, sh.q, sh.r, sh.role, sh.region, sh.explored
        h.tile, h.rotation = (sh.tile, sh.rotation) if sh.explored else (None, 0)
        h.fixed = tuple(board.fixed_edges.get(sh.id, ()))
        h.removed = sh.sea_tower_removed
        h.units, h.owner = dict(sh.units), sh.owner
        h.garrisons, h.skeletons = len(sh.garrisons), sh.skeletons
        h.legions, h.hordes = list(sh.legions), list(sh.hordes)
        h.curse, h.haven, h.wall, h.tower, h.fallen = sh.curse, sh.haven, sh.wall, sh.tower, sh.capital_fallen
        pj.hexes[h.id] = h
    pj.players = {}
    for sp in st.players:
        p = _Player()
        p.faction, p.hero, p.seat, p.hero_hex = sp.faction, sp.hero, sp.seat, sp.hero_hex
        p.salt, p.plunder, p.food, p.ap, p.vp = sp.salt, sp.plunder, sp.food, sp.ap, sp.vp
        p.might, p.magic, p.leadership, p.guile = sp.might, sp.magic, sp.leadership, sp.guile
        p.feats = [[c.id, c.face_up] for c in sp.feats]
        p.items = [[c.id, c.face_up] for c in sp.items]
        p.quests = [[c.id, c.face_up] for c in sp.quests]
        p.feat_deck, p.passed = len(sp.feat_deck), sp.passed
        p.reserve, p.removed, p.havens = dict(sp.reserve), dict(sp.removed_units), sp.havens_in_supply
        pj.players[p.faction] = p
    pj.order = [p.faction for p in st.players]
    pj.cards = {c.id: {"id": c.id, "kind": c.kind, "threat": c.threat, "hex": c.hex, "tokens": c.tokens,
                       "target": c.target, "target_faction": c.target_faction}
                for c in [*st.legions.values(), *st.hordes.values()]}
    revealed = st.events[:st.events_revealed]
    pj.meta = {
        "chapter": st.chapter, "chapters": st.chapters, "phase": st.phase, "difficulty": difficulty,
        "first_player": st.first.faction if st.players else "", "turn": st.turn, "vp_empire": st.vp_empire,
        "vp_chaos": st.vp_chaos, "legion_deck": len(st.legion_deck), "horde_deck": len(st.horde_deck),
        "item_deck": len(st.item_deck), "quest_deck": len(st.quest_deck),
        "events_to_come": len(st.events) - len(revealed), "events_revealed": list(revealed),
        "event_threat": st.event_threat if revealed else 0, "market": list(st.market),
        "item_discard": list(st.item_discard), "quest_offer": list(st.quest_offer),
        "quest_discard": list(st.quest_discard), "druids": tuple(st.druids),
        "garrison_reserve": list(st.garrison_reserve), "skeleton_reserve": st.skeleton_reserve,
        "curse_reserve": st.curse_reserve, "verdict": st.verdict,
    }
    pj.graveyards = {side: {(owner, piece): n for owner, box in gy.items() for piece, n in box.items() if n}
                     for side, gy in (("empire", st.graveyard_empire), ("chaos", st.graveyard_chaos))}
    pj.combats = [] if combat is None else [_combat_of(combat)]
    heroes: dict[str, list[str]] = {}
    for sp in st.seat_order():  # who stands where, in seat order from the first player
        heroes.setdefault(sp.hero_hex, []).append(sp.faction)
    pj._heroes = {hid: tuple(fs) for hid, fs in heroes.items()}
    pj._hex_views = dict.fromkeys(pj.hexes)  # in map order: each is made at the first view
    pj._player_views = {}
    _opened(pj)
    pj._dirty_hexes.update(pj.hexes)
    pj._dirty_players.update(pj.players)


def _combat_of(combat) -> _Combat:
    c = _Combat()
    c.id, c.hex, c.terrain = combat.id, combat.hid, combat.terrain
    c.part, c.step, c.round = combat.part, combat.step, combat.round
    sides = []
    for s in (combat.a, combat.b):
        side = _Side(s.kind, s.owner, s.card)
        side.dice = [(colour, tuple(face)) for colour, face in s.dice]
        side.extra = [s.extra["skull"], s.extra["shield"], s.extra["bolt"]]
        side.cancelled = [s.cancelled["skull"], s.cancelled["shield"], s.cancelled["bolt"]]
        side.broken, side.spent = s.shields_broken, s.bolts_spent
        sides.append(side)
    c.a, c.b = sides
    return c


def _opened(pj) -> None:
    """What a projection derives from its records, made afresh: everything is rebuilt at the next
    view."""
    pj._heroes_dirty = False
    pj._dirty_hexes, pj._dirty_players = set(), set()
    pj._hexes_map = pj._players = None
    pj._cards_dirty = pj._table_dirty = True
    pj._view = None
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
        pj.piles()["item_discard"].append(e.card)


@on("ItemGiven")
def _given(pj, e):
    card = _take(pj.player(e.faction).items, e.card)
    pj.player(e.to).items.append(card if card is not None else [e.card, True])


@on("MarketDealt")
def _market(pj, e):
    pj.piles()["market"] = list(e.cards)


@on("MarketDiscarded")
def _market_gone(pj, e):
    m = pj.piles()
    m["item_discard"].extend(e.cards)
    m["market"] = [c for c in m["market"] if c not in e.cards]


@on("QuestsDealt")
def _quests(pj, e):
    pj.piles()["quest_offer"] = list(e.cards)


@on("QuestsDiscarded")
def _quests_gone(pj, e):
    m = pj.piles()
    offer = m["quest_offer"]
    for q in e.cards:
        if q in offer:
            offer.remove(q)
        m["quest_discard"].append(q)


@on("QuestTaken")
def _quest_taken(pj, e):
    offer = pj.piles()["quest_offer"]
    if e.card in offer:
        offer.remove(e.card)
    pj.player(e.faction).quests.append([e.card, True])


@on("EventRevealed")
def _event(pj, e):
    m = pj.piles()
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
    m = pj.piles()
    m[e.deck + "_deck"] = e.count
    m[e.deck + "_discard"] = []
