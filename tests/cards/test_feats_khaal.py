"""Kha'al's Feat deck (Krowh): every Feat's exact effect.

Krowh dice: Tribesmen white, Deadeyes white, Vargs red; a Skeleton rolls one red die in
the Clash. Kha'al's Hero Dice: Might 2 (red), Magic 1 (purple), Leadership 1 (blue).
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
    choices,
    events,
    hero_scenario,
    parts_rolled,
    play_out,
    player,
    resources,
    rolls,
    using,
)

H = "khaal"


def test_khaal_war_cry():
    # Archery, before rolling: two yellow dice join the Deadeye's white one; their Skulls fell both Skeletons
    sc = hero_scenario(H, ["khaal_war_cry"]).at(NEXT, tile=ICE, units={"deadeyes": 1}, skeletons=2)
    sc.rig(white=[""], yellow=["S", "S"])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:khaal_war_cry"})
    assert rolls(g) == [("archery", ["white", "yellow", "yellow"])]
    assert g.state.hexes[NEXT].skeletons == 0 and player(g, H).vp == 2
    assert not card(g, H, "khaal_war_cry").face_up


def test_khaal_forage():
    g = hero_scenario(H, ["khaal_forage"]).game(script=using(H, "khaal_forage"))
    play_out(g)
    assert resources(g, H) == (START, START + 1, START + 1)  # 1 Plunder and 1 Food
    assert not card(g, H, "khaal_forage").face_up


def test_khaal_scars():
    check_attribute_feat(H, "khaal_scars", "might", picks=("salt", "plunder", "food"))


def test_khaal_spirit_hunt():
    check_attribute_feat(H, "khaal_spirit_hunt", "magic", picks=("plunder", "plunder", "salt"))


def test_khaal_blood_frenzy():
    sc = hero_scenario(H, ["khaal_blood_frenzy"]).at(NEXT, tile=ICE, units={"tribesmen": 1}, skeletons=1)
    sc.rig(white=[""], red=[""])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:khaal_blood_frenzy"})
    assert parts_rolled(g) == ["clash"]
    assert g.state.hexes[NEXT].skeletons == 0 and player(g, H).vp == 1


def test_khaal_pack_tactics():
    # only blank dice may be rerolled: the Skull stays, the blank becomes a Skull; both Skeletons fall in Archery
    sc = hero_scenario(H, ["khaal_pack_tactics"]).at(NEXT, tile=ICE, units={"deadeyes": 2}, skeletons=2)
    sc.rig(white=["S", "", "S"])
    g = attack(sc, H)
    offered = []

    def policy(d):
        if d.kind == "combat_card":
            return "card:khaal_pack_tactics"
        if d.kind == "reroll":
            offered.append(choices(d))
            return "die:1"
        return None
    play_out(g, policy)
    assert offered == [["die:1", "done"]]
    assert parts_rolled(g) == ["archery"]
    assert g.state.hexes[NEXT].skeletons == 0 and player(g, H).vp == 2


def test_khaal_beast_bond():
    # after a won combat (the Hero elsewhere) one Tribesmen here becomes Vargs from the reserve
    sc = hero_scenario(H, ["khaal_beast_bond"], hero_hex=HOME)
    sc.at(NEXT, tile=ICE, units={"tribesmen": 1, "deadeyes": 1}, skeletons=1)
    sc.rig(white=["S"])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:khaal_beast_bond"})
    p = player(g, H)
    assert g.state.hexes[NEXT].units == {"deadeyes": 1, "vargs": 1}
    assert (p.reserve["tribesmen"], p.reserve["vargs"]) == (6, 2)
    assert not card(g, H, "khaal_beast_bond").face_up


def test_khaal_stampede():
    sc = hero_scenario(H, ["khaal_stampede"]).at(NEXT, tile=ICE, units={"tribesmen": 1}, skeletons=2)
    sc.rig(yellow=["S", "S"])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:khaal_stampede"})
    assert rolls(g) == [("archery", ["yellow", "yellow"])]
    assert g.state.hexes[NEXT].skeletons == 0 and player(g, H).vp == 2
    assert not card(g, H, "khaal_stampede").face_up


def test_khaal_skull_charms():
    # winning: 1 VP for the Skeleton and 1 VP from the charms, which flip
    sc = hero_scenario(H, ["khaal_skull_charms"]).at(NEXT, tile=ICE, units={"tribesmen": 1}, skeletons=1)
    sc.rig(white=["S"], red=[""])
    g = attack(sc, H)
    play_out(g)
    assert player(g, H).vp == 2
    assert not card(g, H, "khaal_skull_charms").face_up


def test_khaal_skull_charms__not_after_a_loss():
    sc = hero_scenario(H, ["khaal_skull_charms"]).at(NEXT, tile=ICE, units={"tribesmen": 1}, skeletons=1)
    sc.rig(white=[""], red=["S"])
    g = attack(sc, H)
    play_out(g)
    assert player(g, H).vp == 0 and card(g, H, "khaal_skull_charms").face_up


def test_khaal_great_hunt():
    # Hero Dice red SS, red S, purple BB, blue S: 4 Skulls, 4 Food
    sc = hero_scenario(H, ["khaal_great_hunt"]).rig(red=["SS", "S"], purple=["BB"], blue=["S"])
    g = sc.game(script=using(H, "khaal_great_hunt"))
    play_out(g)
    assert sorted(c for c, _ in events(g, "HeroRolled")[0].dice) == ["blue", "purple", "red", "red"]
    assert resources(g, H) == (START, START, START + 4)
    assert not card(g, H, "khaal_great_hunt").face_up
