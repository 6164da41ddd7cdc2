"""Syndra's Feat deck (Druwhn): every Feat's exact effect.

Druwhn dice: Swordsisters blue, Sons of the Bow yellow; a Skeleton rolls one red die in
the Clash; a level-1 Garrison rolls one white die in Archery.
"""
from __future__ import annotations

from .feat_fixtures import (
    HOME,
    ICE,
    NEXT,
    QUEST,
    START,
    activate,
    attack,
    card,
    check_attribute_feat,
    events,
    hero_scenario,
    parts_rolled,
    play_out,
    player,
    questing,
    resources,
    rolls,
    using,
)

H = "syndra"
FAR = "H05"  # not next to HOME


def test_syndra_whispering_arrows():
    # Archery: the Sons of the Bow miss, the extra yellow die hits the Skeleton before the Clash
    sc = hero_scenario(H, ["syndra_whispering_arrows"]).at(NEXT, tile=ICE, units={"sons_of_the_bow": 1}, skeletons=1)
    sc.rig(yellow=["", "S"])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:syndra_whispering_arrows"})
    assert rolls(g) == [("archery", ["yellow", "yellow"])]
    assert g.state.hexes[NEXT].skeletons == 0 and player(g, H).vp == 1
    assert card(g, H, "syndra_whispering_arrows").face_up


def test_syndra_herb_lore():
    g = hero_scenario(H, ["syndra_herb_lore"]).game(script=using(H, "syndra_herb_lore"))
    play_out(g)
    assert resources(g, H) == (START, START, START + 2)
    assert not card(g, H, "syndra_herb_lore").face_up


def test_syndra_moon_rites():
    check_attribute_feat(H, "syndra_moon_rites", "might", picks=("plunder", "food", "food"))


def test_syndra_bark_and_bone():
    check_attribute_feat(H, "syndra_bark_and_bone", "guile", picks=("salt", "salt", "salt"))


def test_syndra_lift_the_blight():
    # the Curse next to the Hero goes back to the reserve; one farther away stays
    sc = hero_scenario(H, ["syndra_lift_the_blight"], hero_hex=HOME).at(NEXT, curse=True).at(FAR, curse=True)
    g = sc.game(script=using(H, "syndra_lift_the_blight"))
    play_out(g)
    assert not g.state.hexes[NEXT].curse and g.state.hexes[FAR].curse
    assert g.state.curse_reserve == 9 - 1  # of the box's 9 Curses only the far one is out
    assert not card(g, H, "syndra_lift_the_blight").face_up


def test_syndra_spirit_ward():
    # Archery: the spirits' two Shields block both Skulls of the two Garrisons' white dice
    sc = hero_scenario(H, ["syndra_spirit_ward"]).at(NEXT, tile=ICE, units={"sons_of_the_bow": 1}, garrisons=2)
    sc.rig(yellow=[""], white=["S", "S"])
    g = attack(sc, H)
    taken = play_out(g, {"combat_card": "card:syndra_spirit_ward"})
    archery = [(e.side, e.skulls, e.blocked) for e in events(g, "CombatTally") if e.source.detail == "archery"]
    assert ("druwhn", 0, 2) in archery
    assert taken.count(("combat_card", "card:syndra_spirit_ward")) == 1


def test_syndra_old_gods_answer():
    # no Hero needed: after damage one purple die rolls; its Skull destroys the Skeleton in the same round
    sc = hero_scenario(H, ["syndra_old_gods_answer"], hero_hex=HOME)
    sc.at(NEXT, tile=ICE, units={"swordsisters": 1}, skeletons=1)
    sc.rig(blue=[""], red=[""], purple=["S"])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:syndra_old_gods_answer"})
    assert parts_rolled(g) == ["clash"]
    assert g.state.hexes[NEXT].skeletons == 0 and player(g, H).vp == 1


def test_syndra_call_the_storm():
    # the blank die becomes a Bolt, which cancels the Garrison's Shield: the Skull gets through
    sc = hero_scenario(H, ["syndra_call_the_storm"]).at(NEXT, tile=ICE, units={"sons_of_the_bow": 2}, garrisons=1)
    sc.rig(yellow=["S", ""], white=["H"])
    g = attack(sc, H)
    taken = play_out(g, {"combat_card": "card:syndra_call_the_storm", "set_die": "die:1", "bolt": "bolt:shield"})
    assert ("bolt", "bolt:shield") in taken
    assert parts_rolled(g) == ["archery"]
    assert g.state.hexes[NEXT].garrisons == [] and player(g, H).vp == 1


def test_syndra_moonlit_vigil():
    # a Leadership-only Hero rolls one blue die; the Vigil adds a purple one whose Bolt solves the Quest
    sc = hero_scenario(H, ["syndra_moonlit_vigil"], hero_hex=HOME, might=0, magic=0, leadership=1, guile=0)
    sc.decks(quest_offer=[QUEST]).rig(blue=[""], purple=["BB"])
    g = sc.game(script=questing(H))
    play_out(g, {"quest_card": "card:syndra_moonlit_vigil"})
    assert [c for c, _ in events(g, "HeroRolled")[0].dice] == ["blue", "purple"]
    assert events(g, "QuestResolved")[0].outcome == "solves"
    assert resources(g, H) == (START + 1, START, START + 2)  # solve: 1 Salt; Bolt goal: 2 Food
    assert not card(g, H, "syndra_moonlit_vigil").face_up


def test_syndra_warning_dreams():
    # each time a Horde activates: 1 Food, and the card stays face up
    sc = hero_scenario(H, ["syndra_warning_dreams"], hero_hex=HOME).at("W09", hordes=[("siren", 2)])
    g = sc.game(script=activate("siren", times=2))
    play_out(g)
    assert len(events(g, "NemesisActivated")) == 2
    assert resources(g, H) == (START, START, START + 2)
    assert card(g, H, "syndra_warning_dreams").face_up
