"""Hanzo's Feat deck (Mohyar): every Feat's exact effect.

Mohyar dice: Sellswords blue, Hunters white; a Skeleton rolls one red die in
the Clash; Garrisons roll white in Archery (one die per level) and blue/yellow/white in
the Clash (level 1: two blue).
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

H = "hanzo"


def test_hanzo_shadow_step():
    g = hero_scenario(H, ["hanzo_shadow_step"]).game(script=using(H, "hanzo_shadow_step"))
    play_out(g)
    assert player(g, H).ap == 8 + 1
    assert resources(g, H) == (START, START, START)
    assert not card(g, H, "hanzo_shadow_step").face_up


def test_hanzo_poisoned_blade():
    # Archery: the blank white die plus the poison's Skull destroy the Skeleton before the Clash
    sc = hero_scenario(H, ["hanzo_poisoned_blade"]).at(NEXT, tile=ICE, units={"hunters": 1}, skeletons=1)
    sc.rig(white=[""])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:hanzo_poisoned_blade"})
    assert parts_rolled(g) == ["archery"]
    assert g.state.hexes[NEXT].skeletons == 0 and player(g, H).vp == 1
    assert card(g, H, "hanzo_poisoned_blade").face_up


def test_hanzo_hidden_paths():
    check_attribute_feat(H, "hanzo_hidden_paths", "magic", picks=("salt", "food", "plunder"))


def test_hanzo_many_faces():
    check_attribute_feat(H, "hanzo_many_faces", "leadership", picks=("food", "food", "food"))


def test_hanzo_fence_goods():
    g = hero_scenario(H, ["hanzo_fence_goods"]).game(script=using(H, "hanzo_fence_goods"))
    play_out(g)
    assert resources(g, H) == (START + 2, START, START)
    assert not card(g, H, "hanzo_fence_goods").face_up


def test_hanzo_smoke_and_mirrors():
    # Archery: both Skulls of the two Garrisons' white dice are ignored; the Hunter's Skull takes a level
    sc = hero_scenario(H, ["hanzo_smoke_and_mirrors"]).at(NEXT, tile=ICE, units={"hunters": 1}, garrisons=2)
    sc.rig(white=["S", "S", "S"])  # the Hunter's die, then the Garrisons' two
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:hanzo_smoke_and_mirrors"})
    archery = [(e.side, e.skulls) for e in events(g, "CombatTally") if e.source.detail == "archery"]
    assert archery == [("empire", 1), ("mohyar", 0)]
    assert [(e.side, e.symbol, e.count) for e in events(g, "SymbolsCancelled")][0] == ("empire", "skull", 2)
    assert card(g, H, "hanzo_smoke_and_mirrors").face_up


def test_hanzo_loaded_dice():
    # two blank Hero Dice rerolled into two Skulls: the Skull goal (2 Plunder) and the solve (1 Salt)
    sc = hero_scenario(H, ["hanzo_loaded_dice"], hero_hex=HOME, might=0, magic=0, leadership=2, guile=0)
    sc.decks(quest_offer=[QUEST]).rig(blue=["", "", "S", "S"])
    g = sc.game(script=questing(H))
    play_out(g, {"quest_card": "card:hanzo_loaded_dice", "reroll": ["die:0", "die:1"]})
    final = events(g, "HeroRolled")[-1].dice
    assert [f for _, f in final] == [("skull",), ("skull",)]
    assert events(g, "QuestResolved")[0].outcome == "solves"
    assert resources(g, H) == (START + 1, START + 2, START)
    assert not card(g, H, "hanzo_loaded_dice").face_up


def test_hanzo_knife_in_the_dark():
    # before any die: the top Garrison level falls (1 VP), so the Garrison rolls level-1 dice all combat
    sc = hero_scenario(H, ["hanzo_knife_in_the_dark"]).at(NEXT, tile=ICE, units={"sellswords": 1}, garrisons=2)
    sc.rig(white=[""], blue=["S", "", ""])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:hanzo_knife_in_the_dark"})
    assert rolls(g, "b") == [("archery", ["white"]), ("clash", ["blue", "blue"])]
    assert g.state.hexes[NEXT].garrisons == [] and g.state.hexes[NEXT].units == {"sellswords": 1}
    assert player(g, H).vp == 2
    assert not card(g, H, "hanzo_knife_in_the_dark").face_up


def test_hanzo_knife_in_the_dark__threat():
    # against a Legion the strike costs it exactly 1 Threat before the fight begins
    sc = hero_scenario(H, ["hanzo_knife_in_the_dark"]).at(NEXT, tile=ICE, units={"sellswords": 1},
                                                           legions=[("assassin", 3)])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:hanzo_knife_in_the_dark"})
    changes = [e for e in events(g, "ThreatChanged") if e.card == "assassin"]
    assert (changes[0].old, changes[0].new) == (3, 2)
    assert g.log.index(changes[0]) < g.log.index(events(g, "CombatRolled")[0])


def test_hanzo_favour_owed():
    # a Quest attempt that spends no AP
    sc = hero_scenario(H, ["hanzo_favour_owed"], hero_hex=HOME, might=0, magic=0, leadership=2, guile=0)
    sc.decks(quest_offer=[QUEST]).rig(blue=["S", "S"])
    g = sc.game(script=using(H, "hanzo_favour_owed"))
    play_out(g)
    assert events(g, "QuestResolved")[0].outcome == "solves"
    assert player(g, H).ap == 8
    assert resources(g, H) == (START + 1, START + 2, START)
    assert QUEST not in g.state.quest_offer
    assert not card(g, H, "hanzo_favour_owed").face_up


def test_hanzo_light_fingers():
    # the top Item, even one Hanzo (Might 0) cannot use yet
    sc = hero_scenario(H, ["hanzo_light_fingers"]).decks(item_deck=["flenser", "xyxrit_leaves"], market=[])
    g = sc.game(script=using(H, "hanzo_light_fingers"))
    play_out(g)
    assert [c.id for c in player(g, H).items] == ["flenser"]
    assert g.state.item_deck == ["xyxrit_leaves"]
    assert not card(g, H, "hanzo_light_fingers").face_up
