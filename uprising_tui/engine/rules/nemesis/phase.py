"""The Nemesis Phase and every activation: Legions (steps 1-5), Hordes (steps 1-4), Skeletons."""
from __future__ import annotations

from typing import TYPE_CHECKING, Generator

from .. import always, pieces
from ...table.board import UNREACHABLE
from ..cards import fire_triggers
from ..causes import caused_by
from ...face.decision import Decision
from ...face.events import ActivationTokenUsed, HordeFormed, NemesisActivated, Note, SkeletonsMoved, SkeletonsRemoved
from ..fights import capital_rule, settle
from ...face.refs import SourceRef
from ...table.state import NemCard

if TYPE_CHECKING:
    from ..context import Ctx

Gen = Generator[Decision, str, object]


def by_initiative(ctx: "Ctx", cards) -> list[NemCard]:
    return sorted(cards, key=lambda c: ctx.cat.nemesis(c.id).initiative)


@caused_by("rule", "nemesis_phase")
def nemesis_phase(ctx: "Ctx") -> Gen:
    """Activate each Legion/Horde once per Activation Token, lowest initiative first (after each
    player's ALWAYS window)."""
    st = ctx.state
    yield from always.windows(ctx, "nemesis")
    while True:
        ready = by_initiative(ctx, [c for c in list(st.legions.values()) + list(st.hordes.values()) if c.tokens > 0])
        if not ready:
            return
        card = ready[0]
        while st.nem(card.id) is card and card.tokens > 0:
            card.tokens -= 1
            ctx.emit(ActivationTokenUsed(card.id, card.tokens))
            yield from activate_card(ctx, card)


def enemy_strength(ctx: "Ctx", hid: str, side: str) -> int:
    """Enemy Units and Threat on a hex, as seen by `side` ('empire' or 'chaos')."""
    st = ctx.state
    h = st.hexes[hid]
    n = h.unit_count
    if side == "empire":
        n += h.skeletons + sum(st.hordes[c].threat for c in h.hordes)
    else:
        n += len(h.garrisons) + sum(st.legions[c].threat for c in h.legions)
    return n


def has_enemy(ctx: "Ctx", hid: str, side: str) -> bool:
    h = ctx.state.hexes[hid]
    return bool(h.units) or (h.chaos_here if side == "empire" else h.empire_here)


STEP_WHY = {"haven": "a Haven", "enemy": "the weakest enemy", "empty": "an empty hex", "closer": "any hex"}


def step_rule(ctx: "Ctx", cands: list[str], side: str) -> tuple[str, list[str]]:
    """Movement priority: A. a Haven (fewest Units) B. enemies (fewest) C. empty D. any.
    Returns the rule that decided (haven / enemy / empty / closer) and the hexes it left."""
    st = ctx.state
    havens = [c for c in cands if st.hexes[c].haven]
    if havens:
        return "haven", sorted(pieces.fewest_units(ctx, havens))
    enemies = [c for c in cands if has_enemy(ctx, c, side)]
    if enemies:
        low = min(enemy_strength(ctx, c, side) for c in enemies)
        return "enemy", sorted(c for c in enemies if enemy_strength(ctx, c, side) == low)
    empties = [c for c in cands if st.hexes[c].empty]
    return ("empty", sorted(empties)) if empties else ("closer", sorted(cands))


def choose_step(ctx: "Ctx", card: NemCard, cands: list[str], side: str) -> Gen:
    """Pick the hex a Legion/Horde/Skeletons step into: (dst, rule, tied)."""
    rule, pool = step_rule(ctx, cands, side)
    who = "The Skeletons move" if card.id == "skeletons" else f"{ctx.name(card.id)} moves"
    dst = yield from pieces.choose_hex(ctx, ctx.state.first.faction, "nemesis_tie",
                                       f"{who} into {STEP_WHY[rule]}: which one?", pool, tie=True)
    return dst, rule, tuple(pool)


def activate_card(ctx: "Ctx", card: NemCard) -> Gen:
    ctx.emit(NemesisActivated(card.id))
    yield from fire_triggers(ctx, "legion_activates" if card.kind == "legion" else "horde_activates")
    ctx.nemesis_depth += 1
    try:
        if card.kind == "legion":
            yield from activate_legion(ctx, card)
        else:
            yield from activate_horde(ctx, card)
    finally:
        ctx.nemesis_depth -= 1


def _step(ctx: "Ctx", card: NemCard, n: int) -> "object":
    """The cause of what an activation step does: ``SourceRef("rule", "legion_activation", "step 2")``."""
    key = (card.kind, n)
    got = _STEPS.get(key)
    if got is None:
        got = _STEPS[key] = SourceRef("rule", f"{card.kind}_activation", f"step {n}")
    return ctx.cause(got)


_STEPS: dict[tuple[str, int], SourceRef] = {}  # _step's SourceRefs by (legion/horde, step)


def activate_legion(ctx: "Ctx", card: NemCard) -> Gen:
    st = ctx.state
    spec = ctx.cat.legions[card.id]
    if st.nem(card.id) is not card:
        return
    # 1. leave a Garrison (or VP if the hex already holds three, except the Capital)
    with _step(ctx, card, 1):
        yield from pieces.garrison_here(ctx, card.hex, st.first.faction)
    # 2. one step closer to the Target
    target = card.target or pieces.capital_id(ctx)
    if card.hex != target:
        with _step(ctx, card, 2):
            if spec.adjacent_to_all:
                cands = [target]
            else:
                dist = ctx.board.dist_to(target)
                here = dist.get(card.hex, UNREACHABLE)
                cands = [n for n in ctx.board.unit_adjacent(card.hex) if dist.get(n, UNREACHABLE) == here - 1] \
                    if here < UNREACHABLE else []
            if cands:
                if spec.adjacent_to_all:
                    dst, rule, tied = target, "target", (target,)
                else:
                    dst, rule, tied = yield from choose_step(ctx, card, cands, "empire")
                pieces.move_nemesis(ctx, card, dst, step="2", rule=rule, candidates=tuple(sorted(cands)), tied=tied)
            else:
                ctx.emit(Note("no_route", (card.id, target)))
    # 3. combat
    with _step(ctx, card, 3):
        yield from settle(ctx, card.hex, attacker="empire", mover=card.id)
    # 4-5. a surviving Legion razes the Haven (its Target retargets)
    if st.nem(card.id) is card:
        h = st.hexes[card.hex]
        if h.haven and not h.units:
            with _step(ctx, card, 4):
                yield from pieces.remove_haven(ctx, h.id, "razed")


def horde_candidates(ctx: "Ctx", hid: str) -> list[str]:
    dist = ctx.board.dist_to(pieces.capital_id(ctx), sea_towers=False)
    here = dist.get(hid, UNREACHABLE)
    return [n for n in ctx.board.unit_adjacent(hid) if dist.get(n, UNREACHABLE) <= here]


def activate_horde(ctx: "Ctx", card: NemCard) -> Gen:
    st = ctx.state
    spec = ctx.cat.hordes[card.id]
    if st.nem(card.id) is not card:
        return
    # 1. Curse the hex (or VP if it is already Cursed); Garrisons there are destroyed
    with _step(ctx, card, 1):
        yield from pieces.place_curse(ctx, card.hex, st.first.faction)
        yield from capital_rule(ctx)  # a Curse on the Capital destroys its Garrisons: only Chaos may be left
    if st.nem(card.id) is not card:
        return
    # 2. one step, never farther from the Capital
    with _step(ctx, card, 2):
        cands = horde_candidates(ctx, card.hex)
        if cands:
            dst, rule, tied = yield from choose_step(ctx, card, cands, "chaos")
            pieces.move_nemesis(ctx, card, dst, step="2", rule=rule, candidates=tuple(sorted(cands)), tied=tied)
        else:
            ctx.emit(Note("no_step", (card.id,)))
    # 3. combat
    with _step(ctx, card, 3):
        yield from settle(ctx, card.hex, attacker="chaos", mover=card.id)
    # 4. a surviving Horde razes the Haven
    if st.nem(card.id) is card:
        h = st.hexes[card.hex]
        if h.haven and not h.units:
            with _step(ctx, card, 4):
                yield from pieces.remove_haven(ctx, h.id, "razed")


@caused_by("rule", "skeleton_activation")
def activate_skeletons(ctx: "Ctx") -> Gen:
    """Move the Skeletons of each hex like a Horde (no Curse), one hex at a time."""
    st = ctx.state
    todo = sorted(h.id for h in st.hexes.values() if h.skeletons)
    while todo:
        src = yield from pieces.choose_hex(ctx, st.first.faction, "skeleton_order",
                                           "Which Skeletons move next?", todo, tie=True)
        todo.remove(src)
        h = st.hexes[src]
        n = h.skeletons
        if not n:
            continue
        cands = horde_candidates(ctx, src)
        if not cands:
            continue
        probe = NemCard(id="skeletons", kind="horde", threat=0, hex=src)
        dst, rule, tied = yield from choose_step(ctx, probe, cands, "chaos")
        h.skeletons = 0
        st.hexes[dst].skeletons += n
        ctx.emit(SkeletonsMoved(src, dst, n, rule, tuple(sorted(cands)), tied))
        if st.hexes[dst].skeletons >= 3:
            d = st.hexes[dst]
            d.skeletons -= 3
            st.skeleton_reserve += 3
            with ctx.cause(SourceRef("rule", "horde_formation")):
                ctx.emit(SkeletonsRemoved(dst, 3, "reserve", "horde_formed"))
                ctx.emit(HordeFormed(dst))
                yield from pieces.place_horde(ctx, st.first.faction, at=dst)
        yield from settle(ctx, dst, attacker="chaos")
        # Horde step 4 (no Curse was placed in step 1): if they survive, the Haven here is razed
        d = st.hexes[dst]
        if d.haven and d.chaos_here and not d.units:
            yield from pieces.remove_haven(ctx, dst, "razed")
