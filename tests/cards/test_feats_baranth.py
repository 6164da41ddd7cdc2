"""Baranth's Feat deck (Duerkhar): every Feat's exact effect.

Duerkhar dice: Younglings blue, Spearsingers white; a Skeleton rolls one red die in the
Clash; a level-1 Garrison rolls one white die in Archery and two blue in the Clash.
"""
from __future__ import annotations

from .feat_fixtures import (
    ICE,
    NEXT,
    START,
    attack,
    card,
    check_attribute_feat,
    events,
    hero_scenario,
    parts_rolled,
    play_out,
    player,
    resources,
    rolls,
    run_phase,
    using,
)

H = "baranth"


def test_baranth_anvil_breaker():
    # Clash: the Garrison's two Shields are ignored, so both Younglings' Skulls hit its one level
    sc = hero_scenario(H, ["baranth_anvil_breaker"]).at(NEXT, tile=ICE, units={"younglings": 2}, garrisons=1)
    sc.rig(white=[""], blue=["S", "S", "H", "H"])  # Archery: the Garrison's white; Clash: 2 Younglings, 2 Garrison
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:baranth_anvil_breaker"})
    assert [(e.side, e.symbol, e.count) for e in events(g, "SymbolsCancelled")] == [("empire", "shield", 2)]
    assert g.state.hexes[NEXT].garrisons == [] and player(g, H).vp == 1
    assert card(g, H, "baranth_anvil_breaker").face_up  # once per combat, no flip


def test_baranth_rune_of_stone():
    # the Rune's Shield blocks the Skeleton's Skull; the Youngling's Skull destroys it
    sc = hero_scenario(H, ["baranth_rune_of_stone"]).at(NEXT, tile=ICE, units={"younglings": 1}, skeletons=1)
    sc.rig(blue=["S"], red=["S"])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:baranth_rune_of_stone"})
    assert parts_rolled(g) == ["clash"]
    assert g.state.hexes[NEXT].units == {"younglings": 1} and g.state.hexes[NEXT].skeletons == 0
    assert card(g, H, "baranth_rune_of_stone").face_up


def test_baranth_deep_roads():
    check_attribute_feat(H, "baranth_deep_roads", "magic", picks=("food", "food", "salt"))


def test_baranth_old_songs():
    check_attribute_feat(H, "baranth_old_songs", "leadership", picks=("salt", "plunder", "plunder"))


def test_baranth_hammerfall():
    # after damage one black die rolls a triple Skull: both Skeletons fall at once, in the same round;
    # the card flips (an outlier: it rolled in every combat before)
    sc = hero_scenario(H, ["baranth_hammerfall"]).at(NEXT, tile=ICE, units={"younglings": 1}, skeletons=2)
    sc.rig(blue=[""], red=["", ""], black=["SSS"])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:baranth_hammerfall"})
    assert parts_rolled(g) == ["clash"]
    assert g.state.hexes[NEXT].skeletons == 0 and g.state.hexes[NEXT].units == {"younglings": 1}
    assert player(g, H).vp == 2 and not card(g, H, "baranth_hammerfall").face_up


def test_baranth_mine_ledger():
    sc = hero_scenario(H, ["baranth_mine_ledger"])
    g = sc.game(script=using(H, "baranth_mine_ledger"))
    play_out(g)
    assert resources(g, H) == (START, START + 2, START)
    assert not card(g, H, "baranth_mine_ledger").face_up


def test_baranth_unbroken():
    # in Archery: the Garrison's Skull is ignored, the Spearsinger's destroys it
    sc = hero_scenario(H, ["baranth_unbroken"]).at(NEXT, tile=ICE, units={"spearsingers": 1}, garrisons=1)
    sc.rig(white=["S", "S"])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:baranth_unbroken"})
    assert parts_rolled(g) == ["archery"]
    assert g.state.hexes[NEXT].units == {"spearsingers": 1} and g.state.hexes[NEXT].garrisons == []
    assert player(g, H).vp == 1


def test_baranth_sunder():
    # in Archery: the Garrison's Shield is ignored, so the Spearsinger's Skull destroys it
    sc = hero_scenario(H, ["baranth_sunder"]).at(NEXT, tile=ICE, units={"spearsingers": 1}, garrisons=1)
    sc.rig(white=["S", "H"])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:baranth_sunder"})
    assert parts_rolled(g) == ["archery"]
    assert g.state.hexes[NEXT].garrisons == [] and player(g, H).vp == 1


def test_baranth_earthshaker():
    # after damage two red dice roll; both Skulls hit at once and destroy both Skeletons
    sc = hero_scenario(H, ["baranth_earthshaker"]).at(NEXT, tile=ICE, units={"younglings": 1}, skeletons=2)
    sc.rig(blue=[""], red=["", "", "S", "S"])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:baranth_earthshaker"})
    assert parts_rolled(g) == ["clash"]
    assert g.state.hexes[NEXT].skeletons == 0 and player(g, H).vp == 2
    assert not card(g, H, "baranth_earthshaker").face_up


def test_baranth_forge_never_sleeps():
    # every Refresh Phase: exactly 1 Salt and 1 Plunder, and the card stays face up
    sc = hero_scenario(H, ["baranth_forge_never_sleeps"]).decks(quest_deck=[], quest_offer=[], quest_discard=[])
    g = sc.game(script=run_phase("refresh"))
    play_out(g)
    assert resources(g, H) == (START + 1, START + 1, START)
    assert card(g, H, "baranth_forge_never_sleeps").face_up
