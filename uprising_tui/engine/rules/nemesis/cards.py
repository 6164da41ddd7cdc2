"""Legion and Horde cards on the map: entering, moving, Threat, destruction."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..economy import add_vp
from ...ops.executor import Source, run_effect
from ...face.events import DeckChanged, NemesisDestroyed, NemesisMoved, NemesisPlaced, TargetRemoved, ThreatChanged
from ..hex_queries import Gen, capital_id, choose_hex
from ...face.refs import SourceRef
from ...table.state import NemCard

if TYPE_CHECKING:
    from ..context import Ctx


def move_nemesis(ctx: "Ctx", card: NemCard, dst: str, *, step: str = "effect", rule: str = "",
                 candidates: tuple[str, ...] = (), tied: tuple[str, ...] = ()) -> None:
    """Move a Legion/Horde; the event says which activation step moved it, by which
    priority rule, and the candidates weighed (see events_map.NemesisMoved)."""
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
    hexes = ctx.state.hexes
    adjacent = ctx.board.adjacent
    # one plain pass over the map per test (a Horde placement scans every hex; no closure or
    # lambda per hex); a hex next to a Haven is ruled out last, as it is the dearest test
    for code in ("", "skeletons_or_curse"):
        c = []
        for h in hexes.values():
            if region != "any" and h.region != region:
                continue
            if code == "":
                if not h.empty:
                    continue
            elif not ((h.skeletons or h.curse) and not h.units and not h.empire_here):
                continue
            if not_adjacent_to_haven and _next_to_a_haven(hexes, adjacent(h.id, reach=True)):
                continue
            c.append(h.id)
        if c:
            return c, ",".join(x for x in (how, code) if x)
    if not_adjacent_to_haven:
        return horde_places(ctx, region, False, "adjacent_to_haven")
    if region != "any":
        return horde_places(ctx, "any", False, ",".join(x for x in (how, "any_region") if x))
    return [], how


def _next_to_a_haven(hexes, neighbours) -> bool:
    for n in neighbours:  # a loop, not any() over a generator (one made per hex)
        if hexes[n].haven:
            return True
    return False


def place_horde(ctx: "Ctx", actor: str, *, at: str | None = None, region: str = "any",
                not_adjacent_to_haven: bool = False, threat: int | None = None,
                from_box: bool = False) -> Gen:
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
