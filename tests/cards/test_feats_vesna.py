"""Vesna's Feat deck (Mohyar): every Feat's exact effect.

Mohyar dice: Sellswords blue, Hunters white; a Skeleton rolls one red die in the Clash,
and each Bolt it rolls raises another Skeleton after damage.
"""
from __future__ import annotations

from .feat_fixtures import (
    HOME,
    ICE,
    NEXT,
    QUEST,
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
    questing,
    resources,
    run_phase,
    using,
)

H = "vesna"
FAR = "H05"  # not next to HOME


def test_vesna_evil_eye():
    # the Hunter's blank Archery die rerolled into a Skull destroys the Skeleton before the Clash
    sc = hero_scenario(H, ["vesna_evil_eye"]).at(NEXT, tile=ICE, units={"hunters": 1}, skeletons=1)
    sc.rig(white=["", "S"])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:vesna_evil_eye", "reroll": "die:0"})
    assert parts_rolled(g) == ["archery"]
    assert g.state.hexes[NEXT].skeletons == 0 and player(g, H).vp == 1
    assert card(g, H, "vesna_evil_eye").face_up


def test_vesna_black_market():
    g = hero_scenario(H, ["vesna_black_market"]).game(script=using(H, "vesna_black_market"))
    play_out(g)
    assert resources(g, H) == (START + 1, START + 1, START)
    assert not card(g, H, "vesna_black_market").face_up


def test_vesna_stolen_lore():
    check_attribute_feat(H, "vesna_stolen_lore", "magic", picks=("plunder", "salt", "food"))


def test_vesna_silver_tongue():
    check_attribute_feat(H, "vesna_silver_tongue", "leadership", picks=("food", "plunder", "plunder"))


def test_vesna_curse_eater():
    # two Curses next to the Hero: she picks which one goes; the far Curse stays
    sc = hero_scenario(H, ["vesna_curse_eater"], hero_hex=HOME)
    sc.at(NEXT, curse=True).at("W01", curse=True).at(FAR, curse=True)
    g = sc.game(script=using(H, "vesna_curse_eater"))
    offered = []

    def policy(d):
        if d.kind == "remove_curse":
            offered.append(sorted(choices(d)))
            return "hex:W01"
        return None
    play_out(g, policy)
    assert offered == [["hex:H07", "hex:W01"]]
    assert [h for h in ("H07", "W01", FAR) if g.state.hexes[h].curse] == ["H07", FAR]
    assert g.state.curse_reserve == 9 - 2
    assert not card(g, H, "vesna_curse_eater").face_up


def test_vesna_mercenary_contract():
    # offered in the Build Phase: a Basic Unit on her Haven, no resources paid
    sc = hero_scenario(H, ["vesna_mercenary_contract"], hero_hex=HOME, feat_deck=[])
    g = sc.game(script=run_phase("build"))
    play_out(g, {"build": "card:vesna_mercenary_contract", "place_unit": "unit:hunters"})
    assert g.state.hexes[HOME].units == {"hunters": 1}
    assert player(g, H).reserve["hunters"] == 3
    assert resources(g, H) == (START, START, START)
    assert not card(g, H, "vesna_mercenary_contract").face_up


def test_vesna_dark_pact():
    sc = hero_scenario(H, ["vesna_dark_pact"]).at(NEXT, tile=ICE, units={"sellswords": 1}, skeletons=1)
    sc.rig(blue=[""], red=[""], purple=["S"])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:vesna_dark_pact"})
    assert parts_rolled(g) == ["clash"]
    assert g.state.hexes[NEXT].skeletons == 0 and player(g, H).vp == 1
    assert card(g, H, "vesna_dark_pact").face_up


def test_vesna_bad_luck_charm():
    # a Skeleton rolls Skull+Bolt: the Bolt is ignored, so no new Skeleton rises and the combat ends
    sc = hero_scenario(H, ["vesna_bad_luck_charm"]).at(NEXT, tile=ICE, units={"sellswords": 2}, skeletons=2)
    sc.rig(blue=["S", "S"], red=["SB", ""])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:vesna_bad_luck_charm"})
    assert parts_rolled(g) == ["clash"]
    assert g.state.hexes[NEXT].skeletons == 0 and g.state.hexes[NEXT].units == {"sellswords": 1}
    assert not events(g, "SkeletonPlaced")
    assert player(g, H).vp == 2


def test_vesna_read_the_bones():
    # the top two Feats: one kept in play, the other to the bottom of the deck
    sc = hero_scenario(H, ["vesna_read_the_bones"],
                       feat_deck=["vesna_curse_eater", "vesna_dark_pact", "vesna_black_market"])
    g = sc.game(script=using(H, "vesna_read_the_bones"))
    play_out(g, {"keep_feat": "feat:vesna_dark_pact"})
    p = player(g, H)
    assert [c.id for c in p.feats] == ["vesna_read_the_bones", "vesna_dark_pact"]
    assert p.feat_deck == ["vesna_black_market", "vesna_curse_eater"]
    assert not card(g, H, "vesna_read_the_bones").face_up


def test_vesna_fortune_teller():
    # a Leadership-only Hero rolls one blue die; she adds a purple one whose Bolt solves the Quest
    sc = hero_scenario(H, ["vesna_fortune_teller"], hero_hex=HOME, might=0, magic=0, leadership=1, guile=0)
    sc.decks(quest_offer=[QUEST]).rig(blue=[""], purple=["BB"])
    g = sc.game(script=questing(H))
    play_out(g, {"quest_card": "card:vesna_fortune_teller", "die_colour": "colour:purple"})
    assert [c for c, _ in events(g, "HeroRolled")[0].dice] == ["blue", "purple"]
    assert events(g, "QuestResolved")[0].outcome == "solves"
    assert resources(g, H) == (START + 1, START, START + 2)
    assert not card(g, H, "vesna_fortune_teller").face_up
