"""Fhayanor's Feat deck (Druwhn): every Feat's exact effect.

Druwhn dice: Swordsisters blue, Sons of the Bow yellow; a Skeleton rolls one red die in the Clash,
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

H = "fhayanor"
FAR = "H05"  # not next to HOME


def test_fhayanor_evil_eye():
    # Clash only, once per round: a blank blue die rerolled into a Skull in each of two rounds
    sc = hero_scenario(H, ["fhayanor_evil_eye"]).at(NEXT, tile=ICE, units={"swordsisters": 1}, skeletons=2)
    sc.rig(blue=["", "S", "", "S"], red=["", "", ""])
    g = attack(sc, H)
    taken = play_out(g, {"combat_card": "card:fhayanor_evil_eye", "reroll": "die:0"})
    assert parts_rolled(g) == ["clash", "clash"] and taken.count(("reroll", "die:0")) == 2
    assert g.state.hexes[NEXT].skeletons == 0 and player(g, H).vp == 2
    assert card(g, H, "fhayanor_evil_eye").face_up


def test_fhayanor_black_market():
    g = hero_scenario(H, ["fhayanor_black_market"]).game(script=using(H, "fhayanor_black_market"))
    play_out(g)
    assert resources(g, H) == (START + 2, START + 1, START)
    assert not card(g, H, "fhayanor_black_market").face_up


def test_fhayanor_stolen_lore():
    check_attribute_feat(H, "fhayanor_stolen_lore", "magic", picks=("plunder", "salt", "food"))


def test_fhayanor_silver_tongue():
    check_attribute_feat(H, "fhayanor_silver_tongue", "leadership", picks=("food", "plunder", "plunder"))


def test_fhayanor_curse_eater():
    # two Curses next to the Hero: she picks which one goes, and gains 1 VP; the far Curse stays
    sc = hero_scenario(H, ["fhayanor_curse_eater"], hero_hex=HOME)
    sc.at(NEXT, curse=True).at("W01", curse=True).at(FAR, curse=True)
    g = sc.game(script=using(H, "fhayanor_curse_eater"))
    offered = []

    def policy(d):
        if d.kind == "remove_curse":
            offered.append(sorted(choices(d)))
            return "hex:W01"
        return None
    play_out(g, policy)
    assert offered == [["hex:H07", "hex:W01"]]
    assert [h for h in ("H07", "W01", FAR) if g.state.hexes[h].curse] == ["H07", FAR]
    assert player(g, H).vp == 1 and not card(g, H, "fhayanor_curse_eater").face_up


def test_fhayanor_mercenary_contract():
    # offered in the Build Phase: a Basic Unit on her Haven or an empty explored hex, nothing paid
    sc = hero_scenario(H, ["fhayanor_mercenary_contract"], hero_hex=HOME, feat_deck=[]).at(NEXT, tile=ICE)
    g = sc.game(script=run_phase("build"))
    seen = []

    def policy(d):
        if d.kind == "place_unit_hex":
            seen.append(sorted(choices(d)))
            return f"hex:{NEXT}"
        if d.kind == "build":
            return "card:fhayanor_mercenary_contract" if "card:fhayanor_mercenary_contract" in d.ids() else "done"
        return {"place_unit": "unit:sons_of_the_bow"}.get(d.kind)
    play_out(g, policy)
    assert seen and f"hex:{NEXT}" in seen[0] and f"hex:{HOME}" in seen[0]
    assert g.state.hexes[NEXT].units == {"sons_of_the_bow": 1}
    assert player(g, H).reserve["sons_of_the_bow"] == 2
    assert resources(g, H) == (START, START, START)
    assert not card(g, H, "fhayanor_mercenary_contract").face_up


def test_fhayanor_dark_pact():
    # after damage one black die's double Skull fells both Skeletons at once; Chaos takes its 1 VP
    sc = hero_scenario(H, ["fhayanor_dark_pact"]).at(NEXT, tile=ICE, units={"swordsisters": 1}, skeletons=2)
    sc.rig(blue=[""], red=["", ""], black=["SS"])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:fhayanor_dark_pact"})
    assert parts_rolled(g) == ["clash"]
    assert g.state.hexes[NEXT].skeletons == 0 and player(g, H).vp == 2 and g.state.vp_chaos == 1
    assert card(g, H, "fhayanor_dark_pact").face_up


def test_fhayanor_bad_luck_charm():
    # a Skeleton rolls Skull+Bolt: the Bolt is ignored, so no new Skeleton rises and the combat ends
    sc = hero_scenario(H, ["fhayanor_bad_luck_charm"]).at(NEXT, tile=ICE, units={"swordsisters": 2}, skeletons=2)
    sc.rig(blue=["S", "S"], red=["SB", ""])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:fhayanor_bad_luck_charm"})
    assert parts_rolled(g) == ["clash"]
    assert g.state.hexes[NEXT].skeletons == 0 and g.state.hexes[NEXT].units == {"swordsisters": 1}
    assert not events(g, "SkeletonPlaced")
    assert player(g, H).vp == 2


def test_fhayanor_read_the_bones():
    # the top two Feats: one kept in play, the other to the bottom of the deck
    sc = hero_scenario(H, ["fhayanor_read_the_bones"],
                       feat_deck=["fhayanor_curse_eater", "fhayanor_dark_pact", "fhayanor_black_market"])
    g = sc.game(script=using(H, "fhayanor_read_the_bones"))
    play_out(g, {"keep_feat": "feat:fhayanor_dark_pact"})
    p = player(g, H)
    assert [c.id for c in p.feats] == ["fhayanor_read_the_bones", "fhayanor_dark_pact"]
    assert p.feat_deck == ["fhayanor_black_market", "fhayanor_curse_eater"]
    assert not card(g, H, "fhayanor_read_the_bones").face_up


def test_fhayanor_fortune_teller():
    # two blue Hero Dice: the blank one, rerolled, shows a Skull: 2 Skulls solve the Lost Caravan
    sc = hero_scenario(H, ["fhayanor_fortune_teller"], hero_hex=HOME, might=0, magic=0, leadership=2, guile=0)
    sc.decks(quest_offer=[QUEST]).rig(blue=["", "S", "S"])
    g = sc.game(script=questing(H))
    play_out(g, {"quest_card": "card:fhayanor_fortune_teller", "reroll": "die:0"})
    rolled = events(g, "HeroRolled")
    assert [f for _, f in rolled[0].dice] == [(), ("skull",)] and [f for _, f in rolled[-1].dice] == [("skull",)] * 2
    assert events(g, "QuestResolved")[0].outcome == "solves"
    assert resources(g, H) == (START + 1, START + 2, START)
    assert not card(g, H, "fhayanor_fortune_teller").face_up


