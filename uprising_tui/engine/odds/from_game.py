"""Read a fight's FightSpec from a game, with only what the table can see: a Horde
or Legion still to be drawn is any card not yet seen (the deck and the cards left in
the box are alike to the table), never the deck's hidden order."""
from __future__ import annotations

from ..rules.combat.dice import terrain_of
from ..rules.hex_queries import no_haven_icon
from .spec import FightSpec


def spec_from_game(game, hid: str, faction: str, units: dict[str, int] | list[tuple[str, int]],
                   hero: bool, *, mover: str | None = None) -> FightSpec:
    """The fights `faction` would have on `hid` with `units` there (in hex order) and
    its Hero there or not; `mover` is a Legion or Horde on the hex that attacks."""
    ctx = game.ctx
    st = ctx.state
    h = st.hexes[hid]
    items = list(units.items()) if isinstance(units, dict) else list(units)
    p = st.player(faction)
    returned = tuple(st.returned_once)
    bottom = tuple(c for c in st.horde_deck if c in returned)
    horde_pool = tuple(sorted((set(st.horde_deck) | set(st.horde_box)) - set(bottom)))
    legion_pool = tuple(sorted(set(st.legion_deck) | set(st.legion_box)))
    havens = [x.id for x in st.hexes.values() if x.haven]
    emptied = [x.id for x in st.hexes.values() if x.id == hid and not (x.haven or x.curse) or x.empty]
    no_icon = [x for x in emptied if not no_haven_icon(ctx, x)]
    return FightSpec(
        units=tuple((u, n) for u, n in items if n),
        hero=hero,
        garrisons=len(h.garrisons),
        skeletons=h.skeletons,
        legions=tuple((c, st.legions[c].threat) for c in h.legions),
        hordes=tuple((c, st.hordes[c].threat) for c in h.hordes),
        terrain=terrain_of(ctx, hid),
        explored=h.explored,
        haven=h.haven == faction,
        mover=mover,
        tower=h.tower and h.haven == faction,
        wall=h.wall and h.haven == faction,
        targets_here=tuple(sorted(c for c in h.legions if st.legions[c].target == hid)),
        capital=h.role == "capital" and not h.capital_fallen,
        legion_pool=legion_pool,
        legion_count=len(st.legion_deck),
        horde_pool=horde_pool,
        horde_count=len(st.horde_deck),
        horde_bottom=bottom,
        returned=returned,
        event_threat=st.event_threat,
        new_target_here=not _target_free(st),
        druids=tuple(st.druids),
        skeleton_reserve=st.skeleton_reserve,
        curse_available=st.curse_reserve > 0,
        first_haven=bool(havens) and havens[0] == hid,
        first_empty=bool(emptied) and emptied[0] == hid,
        first_empty_no_icon=bool(no_icon) and no_icon[0] == hid,
        reserve=tuple(sorted((u, n) for u, n in p.reserve.items() if n > 0)),
        players=len(st.players),
        cards_unmodelled=combat_cards(game, faction, hero),
    )


def _target_free(st) -> bool:
    """Can a new Legion's Target go to a player's Haven (a faction with a Haven and no
    Target)? If not, it goes on the Capital."""
    targeted = {c.target_faction for c in st.legions.values() if c.target_faction}
    return any(p.faction not in targeted and any(h.haven == p.faction for h in st.hexes.values())
               for p in st.players)


def combat_cards(game, faction: str, hero: bool) -> tuple[str, ...]:
    """Face-up Feats and Items of `faction` usable in a combat (with the Hero there or not):
    the policy would use them, the odds do not count them yet."""
    from ..rules.cards import can_use_card, card_use
    ctx = game.ctx
    p = ctx.state.player(faction)
    out = []
    for c in p.feats + p.items + p.quests:
        if not c.face_up or not can_use_card(ctx, p, c.id):
            continue
        use, eff = card_use(ctx, c.id)
        if use is None or use.when != "combat" or not eff:
            continue
        if use.hero_hex and not hero:
            continue
        if set(use.parts) <= {"after_combat"}:
            continue  # acts once the fight is over
        out.append(c.id)
    return tuple(sorted(out))
