"""Op handlers that place, move, change or remove Nemesis pieces, Curses and Havens."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generator

from ...rules import pieces
from ...face.decision import Decision, option
from ...face.refs import Ref
from ...rules.economy import add_vp
from ..source import decider
from ...face.events import DefenseRemoved, Note
from ...table.state import NemCard
from ...rules.actions.explore import flip_hex
from ...rules.fights import settle
from ...rules.nemesis.phase import activate_card, activate_skeletons

if TYPE_CHECKING:
    pass

Gen = Generator[Decision, str, Any]


# ------------------------------------------------------------------ Nemesis pieces
def op_place_garrison(ctx, op, src):
    actor = decider(ctx, src)
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
    actor = decider(ctx, src)
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
    yield from pieces.place_or_reinforce(ctx, src.hex, op.unit, op.count, decider(ctx, src))


def op_remove_here(ctx, op, src):
    pieces.remove_here(ctx, src.hex, op.what)


def op_place_legion(ctx, op, src):
    for _ in range(op.count):
        card = yield from pieces.place_legion(ctx, decider(ctx, src), op.threat)
        if card is not None:
            yield from settle(ctx, card.hex, attacker="empire")


def op_place_horde(ctx, op, src):
    for _ in range(op.count):
        at = src.hex if op.where == "here" else None
        card = yield from pieces.place_horde(ctx, decider(ctx, src), at=at, region=op.region,
                                             not_adjacent_to_haven=op.not_adjacent_to_haven, threat=op.threat)
        if card is not None and card.id in ctx.state.hordes:
            yield from settle(ctx, card.hex, attacker="chaos")


def op_place_curse(ctx, op, src):
    actor = decider(ctx, src)
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
                add_vp(ctx, "chaos", 1, "no_curse_hex")
                continue
            hid = yield from pieces.choose_hex(ctx, actor, "place_curse", "Place a Curse", cands, tie=True)
        yield from pieces.place_curse(ctx, hid, actor)


def op_remove_curse(ctx, op, src):
    st = ctx.state
    if op.where == "here":
        cands = [src.hex] if src.hex and st.hexes[src.hex].curse else []
    elif op.where == "adjacent":
        # "next to your Hero's hex": the Hero stands there, so a Sea Tower reaches every hex
        cands = [n for n in (src.hex,) + ctx.board.adjacent(src.hex, reach=True) if st.hexes[n].curse]
    else:
        cands = [h.id for h in st.hexes.values() if h.curse]
    if not cands:
        ctx.emit(Note("no_curse_to_remove"))
        return
    hid = yield from pieces.choose_hex(ctx, decider(ctx, src), "remove_curse", "Remove which Curse?", cands)
    pieces.remove_curse(ctx, hid)


def op_activation_token(ctx, op, src):
    yield from pieces.add_token(ctx, op.count, exclude=src.card if op.others else None)


def op_activate(ctx, op, src):
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
    rose = []
    for c in _threat_cards(ctx, op, src):
        old = c.threat
        pieces.change_threat(ctx, c, op.amount)
        rose.append((c, old))
    for c, old in rose:  # a Mage Breaker that enlarged loses a Sea Tower (once the Threats are set)
        if c.id in ctx.state.legions or c.id in ctx.state.hordes:
            yield from pieces.threat_rose(ctx, c, old)
    yield from pieces.sweep_destroyed(ctx, src.actor)


def op_set_threat(ctx, op, src):
    if src.nem is not None:
        old = src.nem.threat
        pieces.change_threat(ctx, src.nem, op.value - src.nem.threat)
        yield from pieces.threat_rose(ctx, src.nem, old)


def op_remove_sea_tower(ctx, op, src):
    yield from pieces.remove_sea_tower(ctx, src.nem, move_here=op.move_here)


def op_remove_haven(ctx, op, src):
    st = ctx.state
    here = src.nem.hex if src.nem else src.hex
    if op.where == "here":
        cands = [here] if here and st.hexes[here].haven else []
    elif op.where == "here_or_adjacent":
        cands = [x for x in (here,) + ctx.board.adjacent(here) if st.hexes[x].haven]
    else:
        cands = [h.id for h in st.hexes.values() if h.haven]
    if not cands:
        return
    # the acting player picks (a destroyed card's reward: its destroyer); for the Nemesis, the first player
    hid = yield from pieces.choose_hex(ctx, decider(ctx, src), "remove_haven", "Which Haven is removed?", cands,
                                       tie=ctx.nemesis_acting)
    yield from pieces.remove_haven(ctx, hid, "effect")


def op_remove_defense(ctx, op, src):
    """The Warlock: remove a Wall, Tower or Haven here, or Threat from the enemy Legion/Horde.
    The card offers them as alternatives, so it is a choice: the enemy player's (rule for the
    players), or the first player's when the Warlock fights the other Nemesis."""
    hid = src.nem.hex if src.nem else src.hex
    h = ctx.state.hexes[hid]
    foe = ctx.combat.enemy_of(src.side) if ctx.combat is not None and src.side is not None else None
    foe_card = ctx.state.nem(foe.card) if foe is not None and foe.is_big else None
    opts = []
    if h.tower:
        opts.append(option("remove:tower", f"Remove the Tower on {ctx.hex_label(hid)}", "choice", (Ref("hex", hid),)))
    if h.wall:
        opts.append(option("remove:wall", f"Remove the Wall on {ctx.hex_label(hid)}", "choice", (Ref("hex", hid),)))
    if h.haven:
        opts.append(option("remove:haven", f"Remove the Haven on {ctx.hex_label(hid)} (with its Defenses)", "choice",
                           (Ref("hex", hid),)))
    if op.threat and foe_card is not None and foe_card.threat > 0:
        opts.append(option("remove:threat", f"{ctx.name(foe_card.id)} loses {op.threat} Threat", "choice",
                           (Ref("card", foe_card.id),)))
    if not opts:
        return
    if foe is not None and foe.is_player:
        pick = yield from ctx.ask(foe.owner, "remove_defense", f"{ctx.name(src.card)}'s Godpower: what is removed?", opts)
    else:
        pick = yield from ctx.ask(ctx.first.faction, "remove_defense", f"{ctx.name(src.card)}'s Godpower: what is removed?",
                                  opts, tie=True)
    what = pick.split(":", 1)[1]
    if what == "tower":
        h.tower = False
        ctx.emit(DefenseRemoved(h.id, "tower", "effect"))
    elif what == "wall":
        h.wall = False
        ctx.emit(DefenseRemoved(h.id, "wall", "effect"))
    elif what == "haven":
        yield from pieces.remove_haven(ctx, h.id, "effect")
    else:
        ctx.combat.wound(foe_card, op.threat, src.actor)


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
    # a move by an effect is not an activation, but it cannot cross impassable terrain
    steps = ctx.board.steps_from(src.nem.hex)
    reachable = [e for e in empties if e in steps]
    if not reachable:
        return
    d = min(steps[e] for e in reachable)
    cands = [e for e in reachable if steps[e] == d]
    hid = yield from pieces.choose_hex(ctx, st.first.faction, "nemesis_move", f"Where does {ctx.name(src.card)} go?", cands, tie=True)
    pieces.move_nemesis(ctx, src.nem, hid, step="effect", rule="closest_empty", candidates=tuple(sorted(reachable)),
                        tied=tuple(sorted(cands)))


def op_explore(ctx, op, src):
    h = ctx.state.hexes[src.hex]
    if not h.explored and not h.curse:
        yield from flip_hex(ctx, ctx.state.player(decider(ctx, src)), src.hex)
