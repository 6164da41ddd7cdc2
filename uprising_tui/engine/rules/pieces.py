"""Putting Garrisons, Skeletons, Curses and Targets on the map and taking them off, with every
fallback the rules give.

Functions that may need a person's choice are generators (use ``yield from``).
Combats that a placement causes are NOT fought here: callers run
``fights.settle`` on the hexes they touched, after immediate effects resolve.
Hex queries live in ``hex_queries``, Legion/Horde cards in ``nemesis_cards`` and box-limited
components in ``components``; their names are re-exported here for the many ``pieces.x`` callers.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .components import add_token, defenses_left, tokens_left, towers_and_walls_left  # noqa: F401  (re-export)
from .causes import caused_by
from ..face.decision import option, ref
from .economy import add_vp
from ..face.events import (
    CursePlaced,
    CurseRemoved,
    GarrisonPlaced,
    GarrisonsRemoved,
    HavenRemoved,
    HordeFormed,
    Note,
    SeaTowerRemoved,
    SkeletonPlaced,
    SkeletonsRemoved,
    TargetPlaced,
)
from .hex_queries import (  # noqa: F401  (re-export)
    Gen,
    capital_id,
    choose_hex,
    empty_hexes,
    fewest_units,
    havens_of,
)
from .nemesis.cards import (  # noqa: F401  (re-export)
    change_threat,
    destroy_nemesis,
    move_nemesis,
    place_horde,
    place_legion,
    sweep_destroyed,
)
from ..face.refs import SourceRef
from ..table.state import NemCard

if TYPE_CHECKING:
    from .context import Ctx


# ------------------------------------------------------------------ Garrisons
def _stack_garrison(ctx: "Ctx", hid: str, fallback: str = "") -> bool:
    """Add the next Garrison level to a hex; False if it is full or that piece is gone."""
    h = ctx.state.hexes[hid]
    level = len(h.garrisons) + 1
    if level > 3 or ctx.state.garrison_reserve[level - 1] <= 0:
        return False
    ctx.state.garrison_reserve[level - 1] -= 1
    h.garrisons.append(level)
    ctx.emit(GarrisonPlaced(hid, level, fallback))
    return True


def garrison_here(ctx: "Ctx", hid: str, actor: str) -> Gen:
    """Place (or stack) one Garrison on this hex; the Capital overflows elsewhere."""
    h = ctx.state.hexes[hid]
    if len(h.garrisons) >= 3 and h.role == "capital" and not h.capital_fallen:
        yield from place_garrisons(ctx, actor, 1, capital_overflow=True)
        return
    if not _stack_garrison(ctx, hid):
        add_vp(ctx, "empire", 1, "garrison_not_placed")


def place_garrisons(ctx: "Ctx", actor: str, count: int, *, capital_overflow: bool = False) -> Gen:
    """'Place a Garrison on an empty hex with no cannot-gain-Haven icon', `count` times."""
    for _ in range(count):
        st = ctx.state
        legions: list[str] = []
        if st.garrison_reserve[0] > 0:
            cands = empty_hexes(ctx, allow_icon=False)
            how = "capital_overflow" if capital_overflow else ""
            if cands:
                hid = yield from choose_hex(ctx, actor, "place_garrison", "Place a Garrison on an empty hex", cands, tie=ctx.nemesis_acting)
                _stack_garrison(ctx, hid, how)
                continue
            if not capital_overflow:  # with no empty hex it *may* go beside a Legion (ruling 36)
                legions = [h.id for h in st.hexes.values() if h.legions and not h.garrisons]
        stacks = [h.id for h in st.hexes.values()
                  if 0 < len(h.garrisons) < 3 and st.garrison_reserve[len(h.garrisons)] > 0]
        if legions or stacks:
            opts = [option(f"hex:{hid}", f"{ctx.hex_label(hid)}: beside the Legion", "hex", (ref("hex", hid),))
                    for hid in legions]
            opts += [option(f"hex:{hid}", f"{ctx.hex_label(hid)}: stack on its Garrison (level "
                            f"{len(st.hexes[hid].garrisons) + 1})", "hex", (ref("hex", hid),)) for hid in stacks]
            prompt = ("No empty hex: place the Garrison beside a Legion or stack it on another Garrison"
                      if legions else "Stack a Garrison on another Garrison")
            pick = yield from ctx.ask(actor, "place_garrison", prompt, opts,
                                      tie=ctx.nemesis_acting or not legions)
            hid = pick.split(":", 1)[1]
            _stack_garrison(ctx, hid, "legion_hex" if hid in legions else "stack")
            continue
        add_vp(ctx, "empire", 1, "garrison_not_placed")


# ------------------------------------------------------------------ Skeletons
def _form_horde(ctx: "Ctx", hid: str, actor: str) -> Gen:
    h = ctx.state.hexes[hid]
    with ctx.cause(SourceRef("rule", "horde_formation")):
        ctx.state.skeleton_reserve += h.skeletons
        ctx.emit(SkeletonsRemoved(hid, h.skeletons, "reserve", "horde_formed"))
        h.skeletons = 0
        ctx.emit(HordeFormed(hid))
        yield from place_horde(ctx, actor, at=hid)


def skeleton_here(ctx: "Ctx", hid: str, actor: str, fallback: str = "") -> Gen:
    """Place one Skeleton on this hex; three become a Horde."""
    st = ctx.state
    if st.skeleton_reserve <= 0:
        yield from _skeleton_shortage(ctx, actor)
        return
    st.skeleton_reserve -= 1
    h = st.hexes[hid]
    h.skeletons += 1
    ctx.emit(SkeletonPlaced(hid, fallback))
    if h.skeletons >= 3:
        yield from _form_horde(ctx, hid, actor)


def _skeleton_shortage(ctx: "Ctx", actor: str) -> Gen:
    st = ctx.state
    groups = [h.id for h in st.hexes.values() if 1 <= h.skeletons <= 2]
    if not groups or not st.horde_deck:
        add_vp(ctx, "chaos", 1, "skeleton_not_placed")
        return
    with ctx.cause(SourceRef("rule", "skeleton_shortage")):
        hid = yield from choose_hex(ctx, actor, "skeleton_shortage",
                                    "No Skeletons left: which group becomes a Horde?", groups, tie=True)
    yield from _form_horde(ctx, hid, actor)


def place_skeletons(ctx: "Ctx", actor: str, count: int, where: str = "with_skeletons") -> Gen:
    """'Place a Skeleton with other Skeletons' (or on an empty hex), `count` times."""
    for _ in range(count):
        st = ctx.state
        if st.skeleton_reserve <= 0:
            yield from _skeleton_shortage(ctx, actor)
            continue
        cands: list[str] = []
        how = ""
        if where == "with_skeletons":
            cands = [h.id for h in st.hexes.values() if 1 <= h.skeletons <= 2]
        if not cands:
            cands = empty_hexes(ctx)
            how = "empty_hex" if where == "with_skeletons" else ""
        if not cands:
            add_vp(ctx, "chaos", 1, "skeleton_not_placed")
            continue
        hid = yield from choose_hex(ctx, actor, "place_skeleton", "Place a Skeleton", cands, tie=ctx.nemesis_acting)
        yield from skeleton_here(ctx, hid, actor, how)


def place_or_reinforce(ctx: "Ctx", hid: str, unit: str, count: int, actor: str) -> Gen:
    h = ctx.state.hexes[hid]
    if not h.has_units:
        kind = unit
    elif h.empire_here:
        kind = "garrison"
    elif h.chaos_here:
        kind = "skeleton"
    else:
        ctx.emit(Note("no_reinforce", (hid,)))
        return
    for _ in range(count):
        if kind == "garrison":
            yield from garrison_here(ctx, hid, actor)
        else:
            yield from skeleton_here(ctx, hid, actor)


def remove_here(ctx: "Ctx", hid: str, what: str) -> None:
    h = ctx.state.hexes[hid]
    if what == "skeletons" and h.skeletons:
        ctx.state.skeleton_reserve += h.skeletons
        ctx.emit(SkeletonsRemoved(hid, h.skeletons, "reserve", "effect"))
        h.skeletons = 0
    elif what == "garrisons" and h.garrisons:
        for lvl in h.garrisons:
            ctx.state.garrison_reserve[lvl - 1] += 1
        ctx.emit(GarrisonsRemoved(hid, tuple(reversed(h.garrisons)), "reserve", "effect"))
        h.garrisons = []


# ------------------------------------------------------------------ Curses and Havens
def place_curse(ctx: "Ctx", hid: str, actor: str) -> Gen:
    st = ctx.state
    h = st.hexes[hid]
    if h.curse or st.curse_reserve <= 0:
        add_vp(ctx, "chaos", 1, "curse_not_placed")
        return
    st.curse_reserve -= 1
    h.curse = True
    ctx.emit(CursePlaced(hid))  # adjacency is unchanged: a Curse keeps impassable edges
    if h.garrisons:
        for lvl in h.garrisons:
            to_graveyard(ctx, "chaos", "empire", f"garrison:{lvl}")
        ctx.emit(GarrisonsRemoved(hid, tuple(reversed(h.garrisons)), "chaos", "curse"))
        h.garrisons = []
    if h.haven:
        yield from remove_haven(ctx, hid, "curse")


def to_graveyard(ctx: "Ctx", side: str, owner: str, piece: str, n: int = 1) -> None:
    """Put destroyed pieces in the Imperial ('empire') or Chaos ('chaos') Graveyard.

    `owner` is a player faction, 'chaos' (Skeletons) or 'empire' (Garrisons);
    `piece` is a unit id, 'skeleton' or 'garrison:<level>'."""
    gy = ctx.state.graveyard_empire if side == "empire" else ctx.state.graveyard_chaos
    box = gy.setdefault(owner, {})
    box[piece] = box.get(piece, 0) + n


def remove_curse(ctx: "Ctx", hid: str) -> None:
    h = ctx.state.hexes[hid]
    if h.curse:
        h.curse = False
        ctx.state.curse_reserve += 1
        ctx.emit(CurseRemoved(hid))


def remove_haven(ctx: "Ctx", hid: str, reason: str) -> Gen:
    """Remove a Haven with its Wall and Tower; Legions targeting it retarget."""
    h = ctx.state.hexes[hid]
    fac = h.haven
    if fac is None:
        return
    h.haven = None
    h.wall = h.tower = False
    ctx.state.player(fac).havens_in_supply += 1
    ctx.emit(HavenRemoved(fac, hid, reason))
    for card in list(ctx.state.legions.values()):
        if card.target == hid and card.target_faction == fac:
            yield from retarget(ctx, card)


# ------------------------------------------------------------------ Targets
@caused_by("rule", "retarget")
def retarget(ctx: "Ctx", card: NemCard) -> Gen:
    fac = card.target_faction
    cands = fewest_units(ctx, havens_of(ctx, fac)) if fac else []
    if cands:
        hid = yield from choose_hex(ctx, ctx.first.faction, "retarget",
                                    f"{ctx.name(card.id)} retargets: which Haven?", cands, tie=True)
        card.target = hid
        reason = "retarget"
    else:
        card.target = capital_id(ctx)
        card.target_faction = None
        reason = "retarget_capital"
    ctx.emit(TargetPlaced(card.id, card.target, card.target_faction, reason, tuple(sorted(cands))))
    spec = ctx.cat.nemesis(card.id)
    if spec.retarget_removes_sea_tower:
        with ctx.cause(SourceRef("ability", card.id, "retarget_removes_sea_tower")):
            yield from remove_sea_tower(ctx, card, move_here=False)


def place_target(ctx: "Ctx", card: NemCard) -> Gen:
    st = ctx.state
    taken = {c.target_faction for c in st.legions.values() if c.target_faction and c.id != card.id}
    eligible = [p.faction for p in st.seat_order() if p.faction not in taken and havens_of(ctx, p.faction)]
    if not eligible:
        card.target, card.target_faction = capital_id(ctx), None
        reason, cands = "capital", []
    else:
        opts = [option(f"faction:{f}", ctx.name(f), "choice", (ref("faction", f),)) for f in eligible]
        fac = (yield from ctx.ask(st.first.faction, "target_faction",
                                  f"Which faction does {ctx.name(card.id)} hunt?", opts, tie=True)).split(":", 1)[1]
        cands = fewest_units(ctx, havens_of(ctx, fac))
        hid = yield from choose_hex(ctx, st.first.faction, "target_haven",
                                    f"Which {ctx.name(fac)} Haven is the Target?", cands, tie=True)
        card.target, card.target_faction = hid, fac
        reason = "hunt"
    ctx.emit(TargetPlaced(card.id, card.target, card.target_faction, reason, tuple(sorted(cands))))


def threat_rose(ctx: "Ctx", card: NemCard, old: int) -> Gen:
    """After a card's Threat changed from `old`: a card that loses a Sea Tower every time it
    enlarges (the Mage Breaker) does so when its Threat went up."""
    if card.threat > old and ctx.cat.nemesis(card.id).enlarging_removes_sea_tower:
        with ctx.cause(SourceRef("ability", card.id, "enlarging_removes_sea_tower")):
            yield from remove_sea_tower(ctx, card, move_here=False)


def remove_sea_tower(ctx: "Ctx", card: NemCard | None, *, move_here: bool) -> Gen:
    st = ctx.state
    towers = [h.id for h in st.hexes.values() if h.role == "sea_tower" and not h.sea_tower_removed]
    if not towers:
        return
    empty = [t for t in towers if st.hexes[t].empty]
    hid = yield from choose_hex(ctx, st.first.faction, "remove_sea_tower", "Which Sea Tower is lost?",
                                empty or towers, tie=True)
    h = st.hexes[hid]
    h.sea_tower_removed = True
    h.explored = True
    h.tile = "howling_white" if "howling_white" in ctx.cat.hexes else h.tile
    ctx.emit(SeaTowerRemoved(hid, h.tile))
    if h.haven:
        yield from remove_haven(ctx, hid, "sea_tower_lost")
    if move_here and card is not None:
        move_nemesis(ctx, card, hid, step="effect", rule="sea_tower", candidates=(hid,), tied=(hid,))
