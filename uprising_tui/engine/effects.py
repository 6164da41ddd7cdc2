"""The one executor for effect data: every op in content/ops.py has a handler here."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Generator

from . import pieces
from .decision import Decision, Option
from .economy import RES_NAME, add_ap, add_vp, gain
from .events import AttributeGained, Note
from .state import NemCard

if TYPE_CHECKING:
    from .context import Ctx
    from .state import Player

Gen = Generator[Decision, str, Any]
ATTRS = ("might", "magic", "leadership", "guile")


@dataclass
class Source:
    """Who is acting and where: the context an effect runs in."""
    actor: str  # player faction, or 'empire' / 'chaos'
    hex: str | None = None
    card: str | None = None
    nem: NemCard | None = None  # when a Legion/Horde card is the source
    side: Any = None  # the combat side using the effect
    pool: list | None = None  # Hero Dice pool being built (Quests)
    faces: list | None = None  # Hero Dice just rolled (Quest cards used after rolling)
    flags: dict = field(default_factory=dict)  # take_card / keep_quest markers


def players_for(ctx: "Ctx", src: Source, who: str) -> list["Player"]:
    st = ctx.state
    if who == "each":
        return st.seat_order()
    if who == "each_other":
        return [p for p in st.seat_order() if p.faction != src.actor]
    if who == "first_player":
        return [st.first]
    if src.actor in ("empire", "chaos"):
        return [st.first]
    return [st.player(src.actor)]


def _decider(ctx: "Ctx", src: Source) -> str:
    return src.actor if src.actor not in ("empire", "chaos") else ctx.first.faction


# ------------------------------------------------------------------ economy ops
def op_gain(ctx, op, src):
    for p in players_for(ctx, src, op.who):
        gain(ctx, p, ctx.name(src.card) if src.card else "effect", salt=op.salt, plunder=op.plunder, food=op.food)
        if op.vp:
            add_vp(ctx, p.faction, op.vp, ctx.name(src.card))
        if op.ap:
            add_ap(ctx, p, op.ap, ctx.name(src.card))
    return None


def op_gain_choice(ctx, op, src):
    p = players_for(ctx, src, "self")[0]
    for i in range(op.count):
        opts = [Option(f"res:{r}", RES_NAME[r]) for r in ("salt", "plunder", "food")]
        pick = yield from ctx.ask(p.faction, "gain_choice", f"Gain a resource ({i + 1} of {op.count})", opts)
        gain(ctx, p, ctx.name(src.card), **{pick.split(":")[1]: 1})


def op_lose_half(ctx, op, src):
    for p in players_for(ctx, src, op.who):
        n = p.res(op.resource) // 2
        if n:
            gain(ctx, p, ctx.name(src.card), **{op.resource: -n})


def op_nemesis_vp(ctx, op, src):
    add_vp(ctx, op.faction, op.amount, ctx.name(src.card))


def op_vp(ctx, op, src):
    if src.actor in ("empire", "chaos"):
        add_vp(ctx, src.actor, op.amount, ctx.name(src.card))
    else:
        add_vp(ctx, src.actor, op.amount, ctx.name(src.card))


def op_gain_attribute(ctx, op, src):
    p = players_for(ctx, src, "self")[0]
    attr = op.attribute
    if attr == "choice":
        opts = [Option(f"attr:{a}", a.capitalize()) for a in ATTRS]
        attr = (yield from ctx.ask(p.faction, "gain_attribute", "Which attribute does your Hero gain?", opts)).split(":")[1]
    setattr(p, attr, getattr(p, attr) + 1)
    ctx.emit(AttributeGained(p.faction, attr))


def op_roll_hero_dice(ctx, op, src):
    from .quests import roll_hero_dice
    p = players_for(ctx, src, "self")[0]
    faces = yield from roll_hero_dice(ctx, p, [])
    n = sum(f.count(op.per) for _, f in faces)
    if n:
        gain(ctx, p, ctx.name(src.card), salt=op.salt * n, plunder=op.plunder * n, food=op.food * n)
        if op.vp:
            add_vp(ctx, p.faction, op.vp * n, ctx.name(src.card))


# ------------------------------------------------------------------ card ops
def op_draw_item(ctx, op, src):
    from .cards import draw_item, take_card
    p = players_for(ctx, src, "self")[0]
    for _ in range(op.count):
        iid = draw_item(ctx)
        if iid is None:
            ctx.emit(Note("The Item deck is empty"))
            return
        yield from take_card(ctx, p, "item", iid, "drawn")


def op_draw_feat(ctx, op, src):
    from .cards import draw_feats
    for p in players_for(ctx, src, op.who):
        yield from draw_feats(ctx, p, op.count, op.keep)


def op_gain_feat(ctx, op, src):
    from .cards import take_card
    p = players_for(ctx, src, "self")[0]
    if not p.feat_deck:
        ctx.emit(Note(f"{ctx.name(p.faction)} has no Feats left in the deck"))
        return
    opts = [Option(f"feat:{f}", ctx.name(f), card=f) for f in p.feat_deck]
    fid = (yield from ctx.ask(p.faction, "gain_feat", "Choose any Feat from your deck", opts)).split(":", 1)[1]
    p.feat_deck.remove(fid)
    if op.shuffle:
        ctx.rng.shuffle(p.feat_deck)
    yield from take_card(ctx, p, "feat", fid, "searched")


def op_discard_feat(ctx, op, src):
    for p in players_for(ctx, src, op.who):
        if not p.feats:
            continue
        opts = [Option(f"feat:{c.id}", ctx.name(c.id), card=c.id) for c in p.feats]
        fid = (yield from ctx.ask(p.faction, "discard_feat", "Discard a Feat", opts)).split(":", 1)[1]
        from .cards import discard_card
        discard_card(ctx, p, fid)


def op_free_quest(ctx, op, src):
    from .quests import attempt_quest
    p = players_for(ctx, src, "self")[0]
    yield from attempt_quest(ctx, p, bonus=list(op.bonus_dice), ignore_failure=op.ignore_failure, free=True)


def op_resolve_quest_failure(ctx, op, src):
    st = ctx.state
    if not st.quest_offer:
        return
    opts = [Option(f"quest:{q}", ctx.name(q), card=q) for q in st.quest_offer]
    qid = (yield from ctx.ask(_decider(ctx, src), "quest_failure", "Which Quest's failure effect resolves?", opts,
                              tie=True)).split(":", 1)[1]
    from .quests import resolve_failure
    yield from resolve_failure(ctx, st.first, qid)


def op_discard_market(ctx, op, src):
    from .cards import refill_market
    st = ctx.state
    st.item_discard.extend(st.market)
    st.market = []
    refill_market(ctx)


def op_take_card(ctx, op, src):
    src.flags["take"] = True


def op_keep_quest(ctx, op, src):
    src.flags["keep"] = True


def op_draw_quest(ctx, op, src):
    from .quests import deal_quest
    yield from deal_quest(ctx)


# ------------------------------------------------------------------ player units
def op_place_unit(ctx, op, src):
    from .units import place_from_reserve
    chooser = _decider(ctx, src)
    if op.who == "first_player":  # 'a Unit of any player': the acting player picks whose
        opts = [Option(f"faction:{p.faction}", ctx.name(p.faction)) for p in ctx.state.seat_order()]
        fac = (yield from ctx.ask(chooser, "place_unit_player", "Whose Unit is placed?", opts)).split(":", 1)[1]
        targets = [ctx.state.player(fac)]
    else:
        targets = players_for(ctx, src, op.who)
    for p in targets:
        for _ in range(op.count):
            yield from place_from_reserve(ctx, p, op.grade, op.where, src.hex, chooser=chooser if op.who == "first_player" else p.faction)


def op_exchange_unit(ctx, op, src):
    from .units import exchange_unit
    p = players_for(ctx, src, "self")[0]
    exchange_unit(ctx, p, src.hex, op.from_unit, op.to_unit)


# ------------------------------------------------------------------ Nemesis pieces
def op_place_garrison(ctx, op, src):
    actor = _decider(ctx, src)
    if op.where == "here" and src.hex:
        for _ in range(op.count):
            yield from pieces.garrison_here(ctx, src.hex, actor)
    elif op.where == "capital":
        for _ in range(op.count):
            yield from pieces.garrison_here(ctx, pieces.capital_id(ctx), actor)
    elif op.where == "with_garrisons":  # stack on another Garrison; with none to stack on, as 'empty'
        for _ in range(op.count):
            st = ctx.state
            stacks = [h.id for h in st.hexes.values()
                      if 0 < len(h.garrisons) < 3 and st.garrison_reserve[len(h.garrisons)] > 0]
            if stacks:
                hid = yield from pieces.choose_hex(ctx, actor, "place_garrison", "Stack a Garrison on another Garrison",
                                                   stacks, tie=ctx.nemesis_acting)
                yield from pieces.garrison_here(ctx, hid, actor)
            else:
                yield from pieces.place_garrisons(ctx, actor, 1)
    else:
        yield from pieces.place_garrisons(ctx, actor, op.count)


def op_place_skeleton(ctx, op, src):
    actor = _decider(ctx, src)
    if op.where == "here" and src.hex:
        for _ in range(op.count):
            yield from pieces.skeleton_here(ctx, src.hex, actor)
    elif op.where == "empty" and pieces.empty_hexes(ctx):  # "place N Skeletons on an empty hex": all on one
        hid = yield from pieces.choose_hex(ctx, actor, "place_skeleton", f"Place {op.count} Skeleton(s) on an empty hex",
                                           pieces.empty_hexes(ctx), tie=ctx.nemesis_acting)
        for _ in range(op.count):
            yield from pieces.skeleton_here(ctx, hid, actor)
    else:
        yield from pieces.place_skeletons(ctx, actor, op.count, op.where)


def op_place_or_reinforce(ctx, op, src):
    yield from pieces.place_or_reinforce(ctx, src.hex, op.unit, op.count, _decider(ctx, src))


def op_remove_here(ctx, op, src):
    pieces.remove_here(ctx, src.hex, op.what)


def op_place_legion(ctx, op, src):
    from .fights import settle
    for _ in range(op.count):
        card = yield from pieces.place_legion(ctx, _decider(ctx, src), op.threat)
        if card is not None:
            yield from settle(ctx, card.hex, attacker="empire")


def op_place_horde(ctx, op, src):
    from .fights import settle
    for _ in range(op.count):
        at = src.hex if op.where == "here" else None
        card = yield from pieces.place_horde(ctx, _decider(ctx, src), at=at, region=op.region,
                                             not_adjacent_to_haven=op.not_adjacent_to_haven, threat=op.threat)
        if card is not None and card.id in ctx.state.hordes:
            yield from settle(ctx, card.hex, attacker="chaos")


def op_place_curse(ctx, op, src):
    actor = _decider(ctx, src)
    for _ in range(op.count):
        if op.where == "here":
            hid = src.nem.hex if src.nem else src.hex
        else:
            st = ctx.state
            if op.where == "empty":
                cands = pieces.empty_hexes(ctx)
            else:
                cands = [h.id for h in st.hexes.values() if not h.explored and not h.curse]
            if not cands:
                add_vp(ctx, "chaos", 1, "no hex for a Curse")
                continue
            hid = yield from pieces.choose_hex(ctx, actor, "place_curse", "Place a Curse", cands, tie=True)
        yield from pieces.place_curse(ctx, hid, actor)


def op_remove_curse(ctx, op, src):
    st = ctx.state
    if op.where == "here":
        cands = [src.hex] if src.hex and st.hexes[src.hex].curse else []
    elif op.where == "adjacent":
        cands = [n for n in (src.hex,) + tuple(x for x in ctx.board.geo[src.hex] if x) if st.hexes[n].curse]
    else:
        cands = [h.id for h in st.hexes.values() if h.curse]
    if not cands:
        ctx.emit(Note("No Curse to remove"))
        return
    hid = yield from pieces.choose_hex(ctx, _decider(ctx, src), "remove_curse", "Remove which Curse?", cands)
    pieces.remove_curse(ctx, hid)


def op_activation_token(ctx, op, src):
    yield from pieces.add_token(ctx, op.count)


def op_activate(ctx, op, src):
    from .nemesis import activate_card, activate_skeletons
    st = ctx.state
    if op.which == "skeletons":
        yield from activate_skeletons(ctx)
        return
    if op.which == "self":
        cards = [src.nem] if src.nem else []
    elif op.which == "all_legions":
        cards = sorted(st.legions.values(), key=lambda c: ctx.cat.nemesis(c.id).initiative)
    else:
        cards = sorted(st.hordes.values(), key=lambda c: ctx.cat.nemesis(c.id).initiative)
    for c in list(cards):
        if st.nem(c.id) is c:
            yield from activate_card(ctx, c)


def op_place_target(ctx, op, src):
    if src.nem is not None and src.nem.kind == "legion":
        yield from pieces.place_target(ctx, src.nem)


def _threat_cards(ctx, op, src) -> list[NemCard]:
    st = ctx.state
    me = src.nem
    if op.which == "self":
        return [me] if me else []
    if op.which == "other_hordes":
        return [c for c in st.hordes.values() if c is not me]
    if op.which == "all_hordes":
        return list(st.hordes.values())
    if op.which == "all_legions":
        return list(st.legions.values())
    if op.which == "all_others":
        return [c for c in list(st.legions.values()) + list(st.hordes.values()) if c is not me]
    if op.which == "enemy_here" and ctx.combat is not None and src.side is not None:
        other = ctx.combat.enemy_of(src.side)
        card = st.nem(other.card) if other.card else None
        return [card] if card else []
    return []


def op_threat(ctx, op, src):
    for c in _threat_cards(ctx, op, src):
        pieces.change_threat(ctx, c, op.amount)
    yield from pieces.sweep_destroyed(ctx, src.actor)


def op_set_threat(ctx, op, src):
    if src.nem is not None:
        pieces.change_threat(ctx, src.nem, op.value - src.nem.threat)


def op_remove_sea_tower(ctx, op, src):
    yield from pieces.remove_sea_tower(ctx, src.nem, move_here=op.move_here)


def op_remove_haven(ctx, op, src):
    st = ctx.state
    here = src.nem.hex if src.nem else src.hex
    if op.where == "here":
        cands = [here] if here and st.hexes[here].haven else []
    elif op.where == "here_or_adjacent":
        cands = [x for x in (here,) + tuple(n for n in ctx.board.geo[here] if n) if st.hexes[x].haven]
    else:
        cands = [h.id for h in st.hexes.values() if h.haven]
    if not cands:
        return
    hid = yield from pieces.choose_hex(ctx, ctx.first.faction, "remove_haven", "Which Haven is removed?", cands, tie=True)
    yield from pieces.remove_haven(ctx, hid, ctx.name(src.card))


def op_remove_defense(ctx, op, src):
    h = ctx.state.hexes[src.nem.hex if src.nem else src.hex]
    if h.tower:
        h.tower = False
        ctx.emit(Note(f"{ctx.name(src.card)} tears down the Tower on {h.id}"))
    elif h.wall:
        h.wall = False
        ctx.emit(Note(f"{ctx.name(src.card)} tears down the Wall on {h.id}"))
    elif h.haven:
        yield from pieces.remove_haven(ctx, h.id, ctx.name(src.card))
    elif op.else_threat and ctx.combat is not None and src.side is not None:
        other = ctx.combat.enemy_of(src.side)
        card = ctx.state.nem(other.card) if other.card else None
        if card is not None:
            pieces.change_threat(ctx, card, -op.else_threat)


def op_destroy_unit(ctx, op, src):
    side = src.side
    if side is None and ctx.combat is not None and src.card:
        # a destroyed Legion/Horde's bottom effect (the Imperial Guard) strikes from its own side
        side = next((s for s in (ctx.combat.a, ctx.combat.b) if s.card == src.card), None)
    if ctx.combat is None or side is None:
        return
    yield from ctx.combat.destroy_enemy_unit(side, op)


def op_enemy_penalty(ctx, op, src):
    if ctx.combat is None or src.side is None:
        return
    yield from ctx.combat.enemy_penalty(src.side, op)


def op_move_to_closest_empty(ctx, op, src):
    if src.nem is None:
        return
    st = ctx.state
    empties = pieces.empty_hexes(ctx)
    if not empties:
        return
    d = min(ctx.board.hex_distance(src.nem.hex, e) for e in empties)
    cands = [e for e in empties if ctx.board.hex_distance(src.nem.hex, e) == d]
    hid = yield from pieces.choose_hex(ctx, st.first.faction, "nemesis_move", f"Where does {ctx.name(src.card)} go?", cands, tie=True)
    pieces.move_nemesis(ctx, src.nem, hid)


def op_explore(ctx, op, src):
    from .actions.explore import flip_hex
    h = ctx.state.hexes[src.hex]
    if not h.explored and not h.curse:
        yield from flip_hex(ctx, ctx.state.player(_decider(ctx, src)), src.hex)


# ------------------------------------------------------------------ combat and dice ops
def op_add_dice(ctx, op, src):
    colour = op.colour
    if colour == "choice":
        opts = [Option(f"colour:{c}", c.capitalize()) for c in ("white", "yellow", "red", "blue", "purple", "black")]
        colour = (yield from ctx.ask(_decider(ctx, src), "die_colour", "Which die do you add?", opts)).split(":")[1]
    if src.pool is not None:
        src.pool.extend([colour] * op.count)
    elif ctx.combat is not None and src.side is not None:
        yield from ctx.combat.add_dice(src.side, colour, op.count)


def op_add_symbols(ctx, op, src):
    if ctx.combat is not None and src.side is not None:
        yield from ctx.combat.add_symbols(src.side, op)


def op_set_die(ctx, op, src):
    if ctx.combat is not None and src.side is not None:
        yield from ctx.combat.set_die(src.side, op.face)


def op_reroll(ctx, op, src):
    if src.faces is not None:  # Hero Dice of a Quest roll
        from .quests import reroll_hero_dice
        yield from reroll_hero_dice(ctx, players_for(ctx, src, "self")[0], src.faces, op.count, op.only)
    elif ctx.combat is not None and src.side is not None:
        yield from ctx.combat.reroll(src.side, op.count, op.only)


def op_cancel_enemy(ctx, op, src):
    if ctx.combat is not None and src.side is not None:
        ctx.combat.cancel_enemy(src.side, op.symbol, op.count)


HANDLERS: dict[str, Callable] = {
    "gain": op_gain, "gain_choice": op_gain_choice, "lose_half": op_lose_half, "nemesis_vp": op_nemesis_vp,
    "gain_attribute": op_gain_attribute, "roll_hero_dice": op_roll_hero_dice, "draw_item": op_draw_item,
    "draw_feat": op_draw_feat, "gain_feat": op_gain_feat, "discard_feat": op_discard_feat,
    "free_quest": op_free_quest, "resolve_quest_failure": op_resolve_quest_failure,
    "discard_market": op_discard_market, "take_card": op_take_card, "keep_quest": op_keep_quest,
    "draw_quest": op_draw_quest, "place_unit": op_place_unit, "exchange_unit": op_exchange_unit,
    "place_garrison": op_place_garrison, "place_skeleton": op_place_skeleton,
    "place_or_reinforce": op_place_or_reinforce, "remove_here": op_remove_here,
    "place_legion": op_place_legion, "place_horde": op_place_horde, "place_curse": op_place_curse,
    "remove_curse": op_remove_curse, "activation_token": op_activation_token, "activate": op_activate,
    "place_target": op_place_target, "threat": op_threat, "set_threat": op_set_threat,
    "remove_sea_tower": op_remove_sea_tower, "remove_haven": op_remove_haven,
    "remove_defense": op_remove_defense, "destroy_unit": op_destroy_unit, "enemy_penalty": op_enemy_penalty,
    "move_to_closest_empty": op_move_to_closest_empty, "explore": op_explore,
    "add_dice": op_add_dice, "add_symbols": op_add_symbols, "set_die": op_set_die, "reroll": op_reroll,
    "cancel_enemy": op_cancel_enemy, "vp": op_vp,
}


def nemesis_source(ctx: "Ctx", src: Source) -> bool:
    """Is the Nemesis acting (an Event, a Legion/Horde card, a Quest's immediate effect)?"""
    cat = ctx.cat
    return (src.actor in ("empire", "chaos") or src.nem is not None
            or (src.card is not None and (src.card in cat.events or src.card in cat.legions or src.card in cat.hordes)))


def run_effect(ctx: "Ctx", effect, src: Source) -> Gen:
    """Run each step of an effect in order."""
    nem = nemesis_source(ctx, src)
    if nem:
        ctx.nemesis_depth += 1
    try:
        for op in effect:
            result = HANDLERS[op.op](ctx, op, src)
            if result is not None and hasattr(result, "send"):
                yield from result
    finally:
        if nem:
            ctx.nemesis_depth -= 1
