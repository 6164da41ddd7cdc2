"""Feats: every Feat in the content runs its effect in a suitable scenario (parametrized over the
catalog). Items, Quests, Druids, Events, Legions and Hordes are tested card by card, by what
they change, under tests/cards/.

Rigged dice are dealt per colour in roll order, the attacking side's dice first.
"""
from __future__ import annotations

from .card_fixtures import (
    ALL_ATTRS,
    ATTRIBUTE_FEATS,
    BASICS,
    CAT,
    COMBAT_FEATS,
    HOME,
    ICE,
    OTHER_FEATS,
    QUEST_CARDS,
    Scenario,
    attempt_quest,
    events,
    faction_of,
    fight,
    hero_of,
    play_out,
    pytest,
    run_ops_script,
    use_card,
    used,
)


def test_the_catalog_sweep_covers_every_feat():
    feats = set(COMBAT_FEATS) | set(OTHER_FEATS) | set(ATTRIBUTE_FEATS) | {c for k, c in QUEST_CARDS if k == "feat"}
    assert feats == set(CAT.feats)


@pytest.mark.parametrize("kind,cid", [("feat", f) for f in COMBAT_FEATS])
def test_combat_card_runs_in_a_combat(kind, cid):
    """The Hero's Units (a warrior pair and an archer) attack one Skeleton whose red die never
    hits; the Archery misses, so every window from Before Combat to After Combat is reached."""
    hero = hero_of(cid)
    fac = faction_of(hero)
    warrior, archer, archer_die = BASICS[fac]
    sc = Scenario([fac], heroes=[hero]).empty_board()
    sc.at("H07", tile=ICE, units={warrior: 2, archer: 1}, skeletons=1)
    sc.player(fac, hero_hex="H07", feats=[cid] if kind == "feat" else [], items=[cid] if kind == "item" else [],
              **ALL_ATTRS)
    sc.decks(druids=[])
    sc.rig(**{archer_die: ["", "", ""]}).rig(red=[""] * 60)
    g = sc.game(script=fight("H07", attacker=fac))
    play_out(g, {"combat_card": f"card:{cid}"})
    assert used(g, cid)
    use = CAT.feats[cid].use if kind == "feat" else CAT.items[cid].use
    p = g.state.player(fac)
    held = [c for c in p.feats + p.items if c.id == cid]
    if use.cost == "discard":
        assert not held
    elif use.cost == "flip":
        assert held and not held[0].face_up
    assert g.state.hexes["H07"].skeletons == 0 and g.state.hexes["H07"].owner == fac


@pytest.mark.parametrize("kind,cid", [("feat", f) for f in OTHER_FEATS])
def test_action_or_build_card_runs(kind, cid):
    hero = hero_of(cid)
    fac = faction_of(hero)
    sc = Scenario([fac], heroes=[hero]).empty_board()
    sc.at("H07", tile=ICE, curse=True)  # a Curse next to the Hero (at home) for the Curse removers
    sc.player(fac, feats=[cid] if kind == "feat" else [], items=[cid] if kind == "item" else [], **ALL_ATTRS)

    def script(ctx):
        yield from use_card(ctx, ctx.state.player(fac), cid)
    g = sc.game(script=script)
    play_out(g)
    assert used(g, cid)
    p = g.state.player(fac)
    eff = [op.op for op in (CAT.feats[cid].effect if kind == "feat" else CAT.items[cid].effect)]
    if "gain" in eff or "gain_choice" in eff:
        assert events(g, "ResourcesChanged") or events(g, "APChanged")
    if "place_unit" in eff:
        assert events(g, "UnitPlaced") and g.state.hexes[HOME].units
    if "remove_curse" in eff:
        assert not g.state.hexes["H07"].curse
    if "vp" in eff:
        assert p.vp == 1
    use = (CAT.feats[cid] if kind == "feat" else CAT.items[cid]).use
    held = [c for c in p.feats + p.items if c.id == cid]
    if use.cost == "discard":
        assert not held
    else:  # flipped after use, or (a Refresh card with no cost) still face up
        assert held and held[0].face_up == (use.cost == "none")


@pytest.mark.parametrize("cid", ATTRIBUTE_FEATS)
def test_attribute_feat_resolves_when_gained(cid):
    hero = hero_of(cid)
    fac = faction_of(hero)
    sc = Scenario([fac], heroes=[hero]).empty_board().player(fac, feat_deck=[cid])
    g = sc.game(script=run_ops_script([{"op": "draw_feat"}], fac))
    before = CAT.heroes[hero]
    play_out(g, {"gain_attribute": "attr:magic", "gain_choice": "res:food"})
    p = g.state.player(fac)
    assert p.magic == before.magic + 1
    assert (p.might, p.leadership, p.guile) == (before.might, before.leadership, before.guile)
    assert p.food == 5 + 3
    assert p.feats[-1].id == cid


@pytest.mark.parametrize("kind,cid", [(k, c) for k, c in QUEST_CARDS if k == "feat"])
def test_quest_card_runs_while_questing(kind, cid):
    hero = hero_of(cid)
    fac = faction_of(hero)
    sc = Scenario([fac], heroes=[hero]).empty_board().decks(quest_offer=["lost_caravan"])
    sc.player(fac, feats=[cid] if kind == "feat" else [], items=[cid] if kind == "item" else [], **ALL_ATTRS)

    def script(ctx):
        yield from attempt_quest(ctx, ctx.state.player(fac), "lost_caravan")
    g = sc.game(script=script)
    play_out(g, {"quest_card": f"card:{cid}", "die_colour": "colour:black"})
    assert used(g, cid)
    assert events(g, "QuestResolved")
