"""Putting pieces on the map and taking them off, with every fallback the rules give.

Functions that may need a person's choice are generators (use ``yield from``).
Combats that a placement causes are NOT fought here: callers run
``fights.settle`` on the hexes they touched, after immediate effects resolve.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Generator, Iterable

from .context import caused_by
from .decision import Decision, Option, option, ref
from .economy import add_vp
from .events import (
    CursePlaced,
    CurseRemoved,
    DeckChanged,
    GarrisonPlaced,
    GarrisonsRemoved,
    HavenRemoved,
    HordeFormed,
    NemesisPlaced,
    Note,
    SeaTowerRemoved,
    SkeletonPlaced,
    SkeletonsRemoved,
    TargetPlaced,
    TargetRemoved,
)
from .public import ACTIVATION_TOKENS, TOWERS, WALLS
from .refs import Ref, SourceRef
from .state import NemCard

if TYPE_CHECKING:
    from .context import Ctx

Gen = Generator[Decision, str, object]


# ------------------------------------------------------------------ queries
def no_haven_icon(ctx: "Ctx", hid: str) -> bool:
    """Does the hex show the cannot-gain-Haven icon? (A face-down hex shows nothing.)"""
    h = ctx.state.hexes[hid]
    if h.role in ("capital", "region"):
        return True
    if not h.explored:
        return False
    return ctx.cat.hexes[h.tile].no_haven


def empty_hexes(ctx: "Ctx", *, allow_icon: bool = True) -> list[str]:
    return [h.id for h in ctx.state.hexes.values()
            if h.empty and (allow_icon or not no_haven_icon(ctx, h.id))]


def havens_of(ctx: "Ctx", faction: str) -> list[str]:
    return [h.id for h in ctx.state.hexes.values() if h.haven == faction]


def capital_id(ctx: "Ctx") -> str:
    return ctx.board.capital


def hex_options(ctx: "Ctx", hids: Iterable[str], prefix: str = "hex") -> list[Option]:
    return [Option(f"{prefix}:{hid}", ctx.hex_label(hid), hid, None, "hex", (ref("hex", hid),)) for hid in hids]


def choose_hex(ctx: "Ctx", actor: str, kind: str, prompt: str, hids: list[str], *, tie: bool = False,
               source: SourceRef | None = None) -> Gen:
    ans = yield from ctx.ask(actor, kind, prompt, hex_options(ctx, hids), tie=tie, source=source)
    return ans.split(":", 1)[1]


def fewest_units(ctx: "Ctx", hids: list[str]) -> list[str]:
    def n(hid: str) -> int:
        return ctx.state.hexes[hid].unit_count
    if not hids:
        return []
    low = min(n(h) for h in hids)
    return [h for h in hids if n(h) == low]


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
            opts = [option(f"hex:{hid}", f"{ctx.hex_label(hid)}: beside the Legion", "hex", (Ref("hex", hid),))
                    for hid in legions]
            opts += [option(f"hex:{hid}", f"{ctx.hex_label(hid)}: stack on its Garrison (level "
                            f"{len(st.hexes[hid].garrisons) + 1})", "hex", (Ref("hex", hid),)) for hid in stacks]
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
        opts = [option(f"faction:{f}", ctx.name(f), "choice", (Ref("faction", f),)) for f in eligible]
        fac = (yield from ctx.ask(st.first.faction, "target_faction",
                                  f"Which faction does {ctx.name(card.id)} hunt?", opts, tie=True)).split(":", 1)[1]
        cands = fewest_units(ctx, havens_of(ctx, fac))
        hid = yield from choose_hex(ctx, st.first.faction, "target_haven",
                                    f"Which {ctx.name(fac)} Haven is the Target?", cands, tie=True)
        card.target, card.target_faction = hid, fac
        reason = "hunt"
    ctx.emit(TargetPlaced(card.id, card.target, card.target_faction, reason, tuple(sorted(cands))))


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
    ctx.board.touch()
    ctx.emit(SeaTowerRemoved(hid, h.tile))
    if h.haven:
        yield from remove_haven(ctx, hid, "sea_tower_lost")
    if move_here and card is not None:
        move_nemesis(ctx, card, hid, step="effect", rule="sea_tower", candidates=(hid,), tied=(hid,))


# ------------------------------------------------------------------ Legions and Hordes
def move_nemesis(ctx: "Ctx", card: NemCard, dst: str, *, step: str = "effect", rule: str = "",
                 candidates: tuple[str, ...] = (), tied: tuple[str, ...] = ()) -> None:
    """Move a Legion/Horde; the event says which activation step moved it, by which
    priority rule, and the candidates weighed (see events_map.NemesisMoved)."""
    from .events import NemesisMoved
    src = card.hex
    if src == dst:
        return
    lst = "legions" if card.kind == "legion" else "hordes"
    getattr(ctx.state.hexes[src], lst).remove(card.id)
    getattr(ctx.state.hexes[dst], lst).append(card.id)
    card.hex = dst
    ctx.emit(NemesisMoved(card.id, src, dst, step, rule, candidates, tied))


def _enter(ctx: "Ctx", card_id: str, kind: str, hid: str, threat: int, fallback: str = "") -> NemCard:
    spec = ctx.cat.nemesis(card_id)
    card = NemCard(id=card_id, kind=kind, threat=min(threat, spec.max_threat), hex=hid)
    if kind == "legion":
        ctx.state.legions[card_id] = card
        ctx.state.hexes[hid].legions.append(card_id)
    else:
        ctx.state.hordes[card_id] = card
        ctx.state.hexes[hid].hordes.append(card_id)
    ctx.emit(NemesisPlaced(card_id, kind, hid, card.threat, fallback))
    return card


def _draw(ctx: "Ctx", kind: str, from_box: bool) -> str | None:
    st = ctx.state
    deck = st.legion_box if (kind == "legion" and from_box) else st.legion_deck if kind == "legion" \
        else st.horde_box if from_box else st.horde_deck
    if not deck:
        return None
    if from_box:
        return deck.pop(ctx.rng.randrange(len(deck)))
    cid = deck.pop(0)
    ctx.emit(DeckChanged(kind, len(deck)))
    return cid


def place_legion(ctx: "Ctx", actor: str, threat: int | None = None, *, from_box: bool = False) -> Gen:
    """Draw a Legion onto the Capital, set Threat, resolve its immediate effect."""
    from .effects import Source, run_effect
    cid = _draw(ctx, "legion", from_box)
    if cid is None:
        add_vp(ctx, "empire", 1, "no_legion")
        return None
    card = _enter(ctx, cid, "legion", capital_id(ctx), threat or ctx.state.event_threat)
    with ctx.cause(SourceRef("legion", cid, "immediate")):
        yield from run_effect(ctx, ctx.cat.legions[cid].immediate, Source(actor, card.hex, cid, nem=card))
    return card


def horde_spaces(ctx: "Ctx", region: str, not_adjacent_to_haven: bool) -> list[str]:
    return horde_places(ctx, region, not_adjacent_to_haven)[0]


def horde_places(ctx: "Ctx", region: str, not_adjacent_to_haven: bool, how: str = "") -> tuple[list[str], str]:
    """Where a Horde may appear, and the placement rule that found the hexes: '' (as asked),
    skeletons_or_curse, adjacent_to_haven (the not-adjacent condition dropped), any_region."""
    st = ctx.state
    def in_region(hid: str) -> bool:
        h = st.hexes[hid]
        return region == "any" or h.region == region
    def ok_adj(hid: str) -> bool:
        if not not_adjacent_to_haven:
            return True
        return not any(st.hexes[n].haven for n in ctx.board.adjacent(hid, reach=True))
    for test, code in ((lambda h: h.empty, ""),
                       (lambda h: (h.skeletons or h.curse) and not h.units and not h.empire_here, "skeletons_or_curse")):
        c = [h.id for h in st.hexes.values() if in_region(h.id) and test(h) and ok_adj(h.id)]
        if c:
            return c, ",".join(x for x in (how, code) if x)
    if not_adjacent_to_haven:
        return horde_places(ctx, region, False, "adjacent_to_haven")
    if region != "any":
        return horde_places(ctx, "any", False, ",".join(x for x in (how, "any_region") if x))
    return [], how


def place_horde(ctx: "Ctx", actor: str, *, at: str | None = None, region: str = "any",
                not_adjacent_to_haven: bool = False, threat: int | None = None,
                from_box: bool = False) -> Gen:
    from .effects import Source, run_effect
    st = ctx.state
    how = ""
    if at is None:
        cands, how = horde_places(ctx, region, not_adjacent_to_haven)
        if not cands:
            add_vp(ctx, "chaos", 1, "no_horde_hex")
            return None
    cid = _draw(ctx, "horde", from_box)
    if cid is None:
        add_vp(ctx, "chaos", 1, "no_horde")
        return None
    if at is None:
        at = yield from choose_hex(ctx, actor, "place_horde", f"Where does {ctx.name(cid)} appear?", cands,
                                   tie=ctx.nemesis_acting)
    card = _enter(ctx, cid, "horde", at, threat or st.event_threat, how)
    with ctx.cause(SourceRef("horde", cid, "immediate")):
        yield from run_effect(ctx, ctx.cat.hordes[cid].immediate, Source(actor, at, cid, nem=card))
    return card


def change_threat(ctx: "Ctx", card: NemCard, amount: int) -> None:
    """Raise or lower Threat; above the maximum the excess becomes VP for the card's side."""
    from .events import ThreatChanged
    spec = ctx.cat.nemesis(card.id)
    old = card.threat
    new = old + amount
    overflow = 0
    if new > spec.max_threat:
        overflow = new - spec.max_threat
        new = spec.max_threat
    card.threat = max(0, new)
    if card.threat != old or overflow:
        ctx.emit(ThreatChanged(card.id, old, card.threat, overflow))
    if overflow:
        add_vp(ctx, "empire" if card.kind == "legion" else "chaos", overflow, "threat_overflow")


def remove_nemesis_card(ctx: "Ctx", card: NemCard) -> None:
    """Take a destroyed Legion/Horde off the map (out of the game, or back once for some)."""
    st = ctx.state
    h = st.hexes[card.hex]
    if card.kind == "legion":
        h.legions.remove(card.id)
        del st.legions[card.id]
    else:
        h.hordes.remove(card.id)
        del st.hordes[card.id]
        spec = ctx.cat.hordes[card.id]
        if spec.return_once and card.id not in st.returned_once:
            st.returned_once.append(card.id)
            st.horde_deck.append(card.id)
            ctx.emit(DeckChanged("horde", len(st.horde_deck)))


PLAYER_REWARDS = frozenset({"gain", "gain_choice", "gain_attribute", "roll_hero_dice", "draw_item", "draw_feat",
                            "gain_feat", "free_quest", "place_unit", "vp"})


def destroy_nemesis(ctx: "Ctx", card: NemCard, by: str, hid: str | None = None) -> Gen:
    """A Legion/Horde is destroyed by `by` (a player faction, 'empire' or 'chaos'):
    its VP and destroyed effect go to the destroyer; the card leaves the game."""
    from .effects import Source, run_effect
    from .events import NemesisDestroyed
    st = ctx.state
    spec = ctx.cat.nemesis(card.id)
    hid = hid or card.hex
    with ctx.cause(SourceRef(card.kind, card.id, "destroyed")):
        ctx.emit(NemesisDestroyed(card.id, by, card.hex))
        remove_nemesis_card(ctx, card)
        if spec.destroyed_vp:
            add_vp(ctx, by, spec.destroyed_vp, "nemesis_destroyed")
        if card.kind == "legion" and card.target:
            ctx.emit(TargetRemoved(card.id, card.target))
        actor = by if by not in ("empire", "chaos") else st.first.faction
        effect = spec.destroyed
        if by in ("empire", "chaos"):  # the other Nemesis gains the VP, never a player's reward
            effect = [op for op in effect if op.op not in PLAYER_REWARDS]
        yield from run_effect(ctx, effect, Source(actor, hid, card.id))


def sweep_destroyed(ctx: "Ctx", by: str) -> Gen:
    """Destroy every Legion/Horde whose Threat an effect brought to 0 outside its own combat."""
    fighting = set()
    if ctx.combat is not None:
        fighting = {s.card for s in (ctx.combat.a, ctx.combat.b) if s.card}
    for card in list(ctx.state.legions.values()) + list(ctx.state.hordes.values()):
        if card.threat <= 0 and card.id not in fighting and ctx.state.nem(card.id) is card:
            yield from destroy_nemesis(ctx, card, by)


# ------------------------------------------------------------------ components limited to the box
def tokens_left(ctx: "Ctx") -> int:
    """Activation Tokens not on a card (the box holds ACTIVATION_TOKENS)."""
    st = ctx.state
    return ACTIVATION_TOKENS - sum(c.tokens for c in st.legions.values()) - sum(c.tokens for c in st.hordes.values())


def defenses_left(ctx: "Ctx", kind: str) -> int:
    """Walls or Towers ('wall' / 'tower') not on the map (the box holds WALLS / TOWERS)."""
    on_map = sum(1 for h in ctx.state.hexes.values() if getattr(h, kind))
    return (TOWERS if kind == "tower" else WALLS) - on_map


def add_token(ctx: "Ctx", count: int = 1, *, exclude: str | None = None) -> Gen:
    """Activation Tokens, each on a Legion/Horde card with the fewest (first player breaks ties);
    `exclude`: a card that may not take it (the Courtesan gives hers to another card). With every
    token of the box on a card, no more are placed (ruling 43)."""
    from .events import ActivationTokenPlaced
    for _ in range(count):
        cards = sorted([c for c in list(ctx.state.legions.values()) + list(ctx.state.hordes.values()) if c.id != exclude],
                       key=lambda c: ctx.cat.nemesis(c.id).initiative)
        if not cards:
            ctx.emit(Note("no_card_for_token"))
            return
        if tokens_left(ctx) <= 0:
            ctx.emit(Note("no_token_left"))
            return
        low = min(c.tokens for c in cards)
        cands = [c for c in cards if c.tokens == low]
        opts = [option(f"card:{c.id}", ctx.name(c.id), "card", (Ref("card", c.id),)) for c in cands]
        pick = (yield from ctx.ask(ctx.first.faction, "activation_token", "Which card takes the Activation Token?",
                                   opts, tie=True)).split(":", 1)[1]
        card = ctx.state.nem(pick)
        card.tokens += 1
        ctx.emit(ActivationTokenPlaced(card.id, card.tokens))
