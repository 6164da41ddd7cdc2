"""Op handlers for the players' economy, cards and Units."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generator

from ...face.decision import Decision, option, ref
from ...rules.economy import RES_NAME, add_ap, add_vp, gain
from ..source import decider, players_for
from ...face.events import AttributeGained, DeckChanged, MarketDiscarded, Note
from ...rules.cards import discard_card, draw, draw_feats, refill_market, take_card
from ...rules.quests import attempt_quest, deal_quest, resolve_failure, roll_hero_dice
from ...rules.fights import settle
from ...rules.hex_queries import havens_of, hex_options
from ...rules.units import build_unit, can_hold, exchange_unit

if TYPE_CHECKING:
    pass

Gen = Generator[Decision, str, Any]

ATTRS = ("might", "magic", "leadership", "guile")
RES_CHOICES = tuple(option(f"res:{r}", RES_NAME[r], "choice", (ref("resource", r),)) for r in ("salt", "plunder", "food"))
ATTR_CHOICES = tuple(option(f"attr:{a}", a.capitalize(), "choice", (ref("attribute", a),)) for a in ATTRS)


# ------------------------------------------------------------------ economy ops
def op_gain(ctx, op, src):
    times = len(ctx.state.players) - 1 if op.per_ally else 1  # a player's allies: the other players
    if times <= 0:
        return None
    for p in players_for(ctx, src, op.who):
        gain(ctx, p, "effect", salt=op.salt * times, plunder=op.plunder * times, food=op.food * times)
        if op.vp:
            add_vp(ctx, p.faction, op.vp * times, "effect")
        if op.ap:
            add_ap(ctx, p, op.ap * times, "effect")
    return None


def op_gain_choice(ctx, op, src):
    p = players_for(ctx, src, "self")[0]
    for i in range(op.count):
        pick = yield from ctx.ask(p.faction, "gain_choice", f"Gain a resource ({i + 1} of {op.count})", RES_CHOICES)
        gain(ctx, p, "effect", **{pick.split(":")[1]: 1})


def op_lose_half(ctx, op, src):
    for p in players_for(ctx, src, op.who):
        n = p.res(op.resource) // 2
        if n:
            gain(ctx, p, "effect", **{op.resource: -n})


def op_nemesis_vp(ctx, op, src):
    add_vp(ctx, op.faction, op.amount, "effect")


def op_vp(ctx, op, src):
    add_vp(ctx, src.actor, op.amount, "effect")


def op_gain_attribute(ctx, op, src):
    p = players_for(ctx, src, "self")[0]
    attr = op.attribute
    if attr == "choice":
        attr = (yield from ctx.ask(p.faction, "gain_attribute", "Which attribute does your Hero gain?",
                                   ATTR_CHOICES)).split(":")[1]
    setattr(p, attr, getattr(p, attr) + 1)
    ctx.emit(AttributeGained(p.faction, attr))


def op_roll_hero_dice(ctx, op, src):
    p = players_for(ctx, src, "self")[0]
    faces = yield from roll_hero_dice(ctx, p, [])
    n = sum(f.count(op.per) for _, f in faces)
    if n:
        gain(ctx, p, "effect", salt=op.salt * n, plunder=op.plunder * n, food=op.food * n)
        if op.vp:
            add_vp(ctx, p.faction, op.vp * n, "effect")


# ------------------------------------------------------------------ card ops
def op_draw_item(ctx, op, src):
    p = players_for(ctx, src, "self")[0]
    for _ in range(op.count):
        iid = draw(ctx, "item")
        if iid is None:
            ctx.emit(Note("item_deck_empty"))
            return
        yield from take_card(ctx, p, "item", iid, "drawn")


def op_draw_feat(ctx, op, src):
    for p in players_for(ctx, src, op.who):
        yield from draw_feats(ctx, p, op.count, op.keep)


def op_gain_feat(ctx, op, src):
    p = players_for(ctx, src, "self")[0]
    if not p.feat_deck:
        ctx.emit(Note("feat_deck_empty", (p.faction,)))
        return
    opts = [option(f"feat:{f}", ctx.name(f), "card", (ref("card", f),)) for f in p.feat_deck]
    fid = (yield from ctx.ask(p.faction, "gain_feat", "Choose any Feat from your deck", opts)).split(":", 1)[1]
    p.feat_deck.remove(fid)
    ctx.emit(DeckChanged("feat", len(p.feat_deck), p.faction))
    if op.shuffle:
        ctx.rng.shuffle(p.feat_deck)
    yield from take_card(ctx, p, "feat", fid, "searched")


def op_discard_feat(ctx, op, src):
    for p in players_for(ctx, src, op.who):
        if not p.feats:
            continue
        opts = [option(f"feat:{c.id}", ctx.name(c.id), "card", (ref("card", c.id),)) for c in p.feats]
        fid = (yield from ctx.ask(p.faction, "discard_feat", "Discard a Feat", opts)).split(":", 1)[1]
        discard_card(ctx, p, fid)


def op_free_quest(ctx, op, src):
    p = players_for(ctx, src, "self")[0]
    yield from attempt_quest(ctx, p, bonus=list(op.bonus_dice), ignore_failure=op.ignore_failure, free=True)


def op_resolve_quest_failure(ctx, op, src):
    st = ctx.state
    if not st.quest_offer:
        return
    opts = [option(f"quest:{q}", ctx.name(q), "quest", (ref("card", q),)) for q in st.quest_offer]
    qid = (yield from ctx.ask(decider(ctx, src), "quest_failure", "Which Quest's failure effect resolves?", opts,
                              tie=True)).split(":", 1)[1]
    yield from resolve_failure(ctx, st.first, qid)


def op_discard_market(ctx, op, src):
    st = ctx.state
    if st.market:
        ctx.emit(MarketDiscarded(tuple(st.market)))
    st.item_discard.extend(st.market)
    st.market = []
    refill_market(ctx)


def op_take_card(ctx, op, src):
    src.flags["take"] = True


def op_keep_quest(ctx, op, src):
    src.flags["keep"] = True


def op_draw_quest(ctx, op, src):
    yield from deal_quest(ctx)


# ------------------------------------------------------------------ player units
def place_from_reserve(ctx: "Ctx", p: "Player", grade: str, where: str, here: str | None, chooser: str) -> Gen:
    """Place one Unit of the given grade from `p`'s reserve (a card or hex effect), and settle any
    fight it starts there."""
    st = ctx.state
    kinds = [u for u, n in p.reserve.items() if n > 0 and (grade == "any" or ctx.cat.units[u].grade == grade)]
    if where == "here":
        spots = [here] if here and can_hold(ctx, st.hexes[here], p.faction) and st.hexes[here].explored else []
    else:
        hexes = st.hexes  # the faction's Havens in map order from the Board's index, not a scan of the map
        spots = [hid for hid in havens_of(ctx, p.faction) if can_hold(ctx, hexes[hid], p.faction)]
        if where == "haven_or_empty_explored":
            spots += [h.id for h in st.hexes.values() if h.explored and h.empty]
    if not kinds or not spots:
        ctx.emit(Note("nothing_to_place", (p.faction,)))
        return
    opts = [option(f"unit:{u}", ctx.name(u), "unit", (ref("unit", u), ref("faction", p.faction))) for u in kinds]
    while True:  # the hex choice may be cancelled back to the Unit's (when there was a choice of Unit)
        unit = (yield from ctx.ask(chooser, "place_unit", f"Which {ctx.name(p.faction)} Unit is placed?",
                                   opts)).split(":", 1)[1]
        pick = yield from ctx.ask(chooser, "place_unit_hex", f"Where does the {ctx.name(unit)} go?",
                                  hex_options(ctx, spots), cancel=len(kinds) > 1, chosen=(ref("unit", unit),))
        if pick != "cancel":
            break
    hid = pick.split(":", 1)[1]
    build_unit(ctx, p, unit, hid, "effect")
    yield from settle(ctx, hid, attacker=p.faction)  # a Unit placed among enemies fights them


def op_place_unit(ctx, op, src):
    chooser = decider(ctx, src)
    if op.who == "any":  # 'a Unit of any player': the acting player picks whose
        opts = [option(f"faction:{p.faction}", ctx.name(p.faction), "choice", (ref("faction", p.faction),))
                for p in ctx.state.seat_order()]
        fac = (yield from ctx.ask(chooser, "place_unit_player", "Whose Unit is placed?", opts)).split(":", 1)[1]
        targets = [ctx.state.player(fac)]
    else:
        targets = players_for(ctx, src, op.who)
    for p in targets:
        for _ in range(op.count):
            yield from place_from_reserve(ctx, p, op.grade, op.where, src.hex, chooser=chooser if op.who == "any" else p.faction)


def op_exchange_unit(ctx, op, src):
    p = players_for(ctx, src, "self")[0]
    exchange_unit(ctx, p, src.hex, op.from_unit, op.to_unit)

