"""Ronja's Feat deck (Mohyar): every Feat's exact effect.

Mohyar dice: Sellswords blue, Hunters white, Berserkers red; a Skeleton rolls one red die
in the Clash; a level-1 Garrison rolls one white die in Archery and two blue in the Clash.
"""
from __future__ import annotations

from .feat_fixtures import (
    HOME,
    ICE,
    NEXT,
    START,
    attack,
    card,
    check_attribute_feat,
    hero_scenario,
    parts_rolled,
    play_out,
    player,
    res_picks,
    resources,
    rolls,
    using,
)

H = "ronja"


def test_ronja_shield_breaker():
    # Clash: the Garrison's Shield is ignored, the Sellsword's Skull destroys it
    sc = hero_scenario(H, ["ronja_shield_breaker"]).at(NEXT, tile=ICE, units={"sellswords": 1}, garrisons=1)
    sc.rig(white=[""], blue=["S", "H", ""])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:ronja_shield_breaker"})
    assert parts_rolled(g) == ["archery", "clash"]
    assert g.state.hexes[NEXT].garrisons == [] and g.state.hexes[NEXT].units == {"sellswords": 1}
    assert player(g, H).vp == 1


def test_ronja_spoils_of_war():
    sc = hero_scenario(H, ["ronja_spoils_of_war"]).at(NEXT, tile=ICE, units={"sellswords": 1}, skeletons=1)
    sc.rig(blue=["S"], red=[""])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:ronja_spoils_of_war"})
    assert resources(g, H) == (START + 1, START + 1, START)
    assert not card(g, H, "ronja_spoils_of_war").face_up


def test_ronja_pit_fights():
    check_attribute_feat(H, "ronja_pit_fights", "might", picks=("food", "plunder", "salt"))


def test_ronja_chains_remembered():
    check_attribute_feat(H, "ronja_chains_remembered", "guile", picks=("salt", "salt", "plunder"))


def test_ronja_blood_price():
    # after a won combat (the Hero elsewhere) one Sellsword here becomes a Berserker from the reserve
    sc = hero_scenario(H, ["ronja_blood_price"], hero_hex=HOME)
    sc.at(NEXT, tile=ICE, units={"sellswords": 1, "hunters": 1}, skeletons=1)
    sc.rig(white=["S"])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:ronja_blood_price"})
    p = player(g, H)
    assert g.state.hexes[NEXT].units == {"hunters": 1, "berserkers": 1}
    assert (p.reserve["sellswords"], p.reserve["berserkers"]) == (4, 1)
    assert not card(g, H, "ronja_blood_price").face_up


def test_ronja_battle_fury():
    # two red dice join the Sellsword's blue one; their two Skulls fell both Skeletons in one round
    sc = hero_scenario(H, ["ronja_battle_fury"]).at(NEXT, tile=ICE, units={"sellswords": 1}, skeletons=2)
    sc.rig(blue=[""], red=["S", "S", "", ""])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:ronja_battle_fury"})
    assert rolls(g) == [("clash", ["blue", "red", "red"])]
    assert g.state.hexes[NEXT].skeletons == 0 and g.state.hexes[NEXT].units == {"sellswords": 1}
    assert not card(g, H, "ronja_battle_fury").face_up


def test_ronja_ransom():
    g = hero_scenario(H, ["ronja_ransom"]).game(script=using(H, "ronja_ransom"))
    play_out(g, res_picks("food", "salt"))
    assert resources(g, H) == (START + 1, START, START + 1)
    assert not card(g, H, "ronja_ransom").face_up


def test_ronja_second_wind():
    # the blank blue die rerolled into a Skull destroys the Skeleton in the first round
    sc = hero_scenario(H, ["ronja_second_wind"]).at(NEXT, tile=ICE, units={"sellswords": 1}, skeletons=1)
    sc.rig(blue=["", "S"], red=[""])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:ronja_second_wind", "reroll": "die:0"})
    assert parts_rolled(g) == ["clash"]
    assert g.state.hexes[NEXT].skeletons == 0 and player(g, H).vp == 1


def test_ronja_champions_blow():
    # both sides miss; after damage her extra Skull destroys the Skeleton in the same round
    sc = hero_scenario(H, ["ronja_champions_blow"]).at(NEXT, tile=ICE, units={"sellswords": 1}, skeletons=1)
    sc.rig(blue=[""], red=[""])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:ronja_champions_blow"})
    assert parts_rolled(g) == ["clash"]
    assert g.state.hexes[NEXT].skeletons == 0 and player(g, H).vp == 1
    assert card(g, H, "ronja_champions_blow").face_up


def test_ronja_freed_captives():
    sc = hero_scenario(H, ["ronja_freed_captives"]).at(NEXT, tile=ICE, units={"sellswords": 1}, skeletons=1)
    sc.rig(blue=["S"], red=[""])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:ronja_freed_captives", "place_unit": "unit:hunters"})
    assert g.state.hexes[NEXT].units == {"sellswords": 1, "hunters": 1}
    assert player(g, H).reserve["hunters"] == 3
    assert not card(g, H, "ronja_freed_captives").face_up
