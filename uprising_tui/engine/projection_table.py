"""The projection's handlers for the opening view, the game flow, the players and the cards on
the table (resources, feats, items, quests, market, events, decks)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .projection_state import ProjectionError, _Hex, _Player, on

if TYPE_CHECKING:
    from .projection import Projection
    from .public import PublicView


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
