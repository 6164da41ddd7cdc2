"""Yanny's Feat deck (Duerkhar): every Feat's exact effect.

Duerkhar dice: Younglings blue, Spearsingers white, Oathsworn red, Koloth black;
a Skeleton rolls one red die, in the Clash only.
"""
from __future__ import annotations

from .feat_fixtures import (
    HOME,
    ICE,
    NEXT,
    attack,
    card,
    check_attribute_feat,
    drive,
    hero_scenario,
    parts_rolled,
    play_out,
    player,
    rolls,
    times_used,
    turn,
    using,
)

H = "yanny"


def test_phalanx():
    # the Skeleton's Skull is blocked by the Youngling's blank die turned to a Shield; once per combat
    sc = hero_scenario(H, ["phalanx"]).at(NEXT, tile=ICE, units={"younglings": 1}, skeletons=1)
    sc.rig(blue=["", "S"], red=["S", ""])
    g = attack(sc, H)
    taken = play_out(g, {"combat_card": "card:phalanx"})
    assert g.state.hexes[NEXT].units == {"younglings": 1} and g.state.hexes[NEXT].skeletons == 0
    assert parts_rolled(g) == ["clash", "clash"]
    assert taken.count(("combat_card", "card:phalanx")) == 1 and card(g, H, "phalanx").face_up
    assert player(g, H).vp == 1


def test_younglings():
    # after a won combat, one Youngling here becomes an Oathsworn from the reserve (the Hero need not be here)
    sc = hero_scenario(H, ["younglings"], hero_hex=HOME)
    sc.at(NEXT, tile=ICE, units={"younglings": 1, "koloth": 1}, skeletons=1)
    sc.rig(blue=["S"], black=["B"], red=[""])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:younglings"})
    p = player(g, H)
    assert g.state.hexes[NEXT].units == {"koloth": 1, "oathsworn": 1}
    assert (p.reserve["younglings"], p.reserve["oathsworn"]) == (5, 2)
    assert not card(g, H, "younglings").face_up


def test_yanny_forge_lessons():
    check_attribute_feat(H, "yanny_forge_lessons", "might", picks=("salt", "salt", "food"))


def test_yanny_hearth_tales():
    check_attribute_feat(H, "yanny_hearth_tales", "guile", picks=("plunder", "plunder", "plunder"))


def test_yanny_oath_call():
    sc = hero_scenario(H, ["yanny_oath_call"], hero_hex=HOME)
    g = sc.game(script=using(H, "yanny_oath_call"))
    offered = []
    play_out(g, lambda d: offered.append(d.ids()) or "unit:koloth" if d.kind == "place_unit" else None)
    assert {"unit:koloth", "unit:spearsingers"} <= set(offered[0])  # Elite or Basic
    assert g.state.hexes[HOME].units == {"koloth": 1}
    assert player(g, H).reserve["koloth"] == 0
    assert not card(g, H, "yanny_oath_call").face_up


def test_yanny_hold_the_line():
    # every die rolls a Skull: both Skeletons' are ignored, the Younglings' destroy them
    sc = hero_scenario(H, ["yanny_hold_the_line"]).at(NEXT, tile=ICE, units={"younglings": 2}, skeletons=2)
    sc.rig(blue=["S", "S"], red=["S", "S"])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:yanny_hold_the_line"})
    assert g.state.hexes[NEXT].units == {"younglings": 2} and g.state.hexes[NEXT].skeletons == 0
    assert parts_rolled(g) == ["clash"]


def test_yanny_stone_discipline():
    # two blank Archery dice rerolled into two Skulls destroy both Skeletons before the Clash
    sc = hero_scenario(H, ["yanny_stone_discipline"]).at(NEXT, tile=ICE, units={"spearsingers": 2}, skeletons=2)
    sc.rig(white=["", "", "S", "S"])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:yanny_stone_discipline", "reroll": ["die:0", "die:1"]})
    assert parts_rolled(g) == ["archery"]
    assert g.state.hexes[NEXT].skeletons == 0 and g.state.hexes[NEXT].units == {"spearsingers": 2}
    assert player(g, H).vp == 2


def test_yanny_shield_wall():
    # once per round: the extra Shield blocks the Skeleton's Skull in both Clash rounds
    sc = hero_scenario(H, ["yanny_shield_wall"]).at(NEXT, tile=ICE, units={"younglings": 1}, skeletons=1)
    sc.rig(blue=["", "S"], red=["S", "S"])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:yanny_shield_wall"})
    assert parts_rolled(g) == ["clash", "clash"]
    assert g.state.hexes[NEXT].units == {"younglings": 1} and g.state.hexes[NEXT].skeletons == 0
    assert times_used(g, "yanny_shield_wall") == 2 and card(g, H, "yanny_shield_wall").face_up


def test_yanny_marching_drums():
    # Younglings roll nothing in Archery; the two drums' blue dice do, and destroy both Skeletons
    sc = hero_scenario(H, ["yanny_marching_drums"]).at(NEXT, tile=ICE, units={"younglings": 1}, skeletons=2)
    sc.rig(blue=["S", "S"])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:yanny_marching_drums"})
    assert rolls(g) == [("archery", ["blue", "blue"])]
    assert g.state.hexes[NEXT].skeletons == 0 and player(g, H).vp == 2
    assert not card(g, H, "yanny_marching_drums").face_up


def test_yanny_marching_drums__only_the_first_roll():
    sc = hero_scenario(H, ["yanny_marching_drums"]).at(NEXT, tile=ICE, units={"younglings": 1}, skeletons=2)
    sc.rig(blue=["S", "", "S"], red=[""])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:yanny_marching_drums"})
    assert rolls(g) == [("archery", ["blue", "blue"]), ("clash", ["blue"])]
    assert g.state.hexes[NEXT].skeletons == 0


def test_yanny_new_hearths():
    # building a Haven on the Hero's hex flips it and puts an Elite Unit of her choice there
    sc = hero_scenario(H, ["yanny_new_hearths"]).at(NEXT, tile=ICE)
    g = sc.game(script=turn("duerkhar"))
    drive(g, "haven")
    offered = []
    play_out(g, lambda d: offered.append(d.ids()) or "unit:oathsworn" if d.kind == "place_unit" else None)
    assert [sorted(i for i in ids if i.startswith("unit:")) for ids in offered] == [["unit:koloth", "unit:oathsworn"]]
    h = g.state.hexes[NEXT]
    assert h.haven == "duerkhar" and h.units == {"oathsworn": 1}
    assert player(g, H).reserve["oathsworn"] == 2
    assert not card(g, H, "yanny_new_hearths").face_up
