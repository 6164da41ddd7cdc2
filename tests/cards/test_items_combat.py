"""Every combat Item: what it adds, rerolls, turns or cancels, asserted on the dice rolled and
the damage dealt, with rigged dice (the duel of item_fixtures: Yanny's Units against the
Bloodwyrm on an Ice Waste). Test names: test_<item_id>__<aspect>.

Roll 1 is the Archery round, roll 2 the first Clash (when the player has Archery dice or the
Bloodwyrm has; it always has). Rigged dice are dealt per colour in roll order, the player's
dice first; an Item's extra dice come after the Units' dice.
"""
from __future__ import annotations

from .item_fixtures import (
    HOME,
    dice_a,
    duel,
    events,
    go,
    held,
    in_round,
    rig_round,
    tally,
    used,
    wyrm_threat,
)


def archery_miss(sc, n: int = 1):
    """The Bloodwyrm's Archery dice (red x n) miss; the player has no Archery dice."""
    rig_round(sc, [], [("red", "")] * n)


# ============================================================================ dice added before rolling (Clash)
def test_abad_warpaint__one_red_die_in_the_clash_then_discarded():
    sc = duel({"younglings": 2}, 2, items=["abad_warpaint"])
    archery_miss(sc)
    rig_round(sc, [("blue", ""), ("blue", ""), ("red", "SS")], [("red", ""), ("red", "")])
    g, _ = go(sc, {"combat_card": "card:abad_warpaint"})
    assert dice_a(g, 2) == ["blue", "blue", "red"]
    assert wyrm_threat(g) == [(2, 0)] and g.state.player("duerkhar").vp == 4
    assert held(g, "abad_warpaint") is None and g.state.item_discard == ["abad_warpaint"]


def test_abad_warpaint__needs_the_hero_on_the_hex():
    sc = duel({"younglings": 2}, 2, items=["abad_warpaint"], hero_hex=HOME)
    archery_miss(sc)
    rig_round(sc, [("blue", ""), ("blue", "")], [("red", ""), ("red", "")])
    g, _ = go(sc, {"combat_card": "card:abad_warpaint"})
    assert dice_a(g, 2) == ["blue", "blue"] and used(g, "abad_warpaint") == 0


def test_whip_of_thorns__two_blue_dice_in_the_clash_then_flipped():
    sc = duel({"younglings": 2}, 2, items=["whip_of_thorns"])
    archery_miss(sc)
    rig_round(sc, [("blue", ""), ("blue", ""), ("blue", "S"), ("blue", "S")], [("red", ""), ("red", "")])
    g, _ = go(sc, {"combat_card": "card:whip_of_thorns"})
    assert dice_a(g, 2) == ["blue"] * 4 and wyrm_threat(g) == [(2, 0)]
    assert not held(g, "whip_of_thorns").face_up


def test_giant_tooth_club__one_red_die_after_damage_then_flipped():
    # after damage its red die's double Skull hits at once: the Bloodwyrm at 2 falls that round
    sc = duel({"younglings": 2}, 2, items=["giant_tooth_club"])
    archery_miss(sc)
    rig_round(sc, [("blue", ""), ("blue", "")], [("red", ""), ("red", "")])
    sc.rig(red=["SS"])  # the club's die, rolled after damage
    g, _ = go(sc, {"combat_card": "card:giant_tooth_club"})
    assert dice_a(g, 2) == ["blue", "blue"]  # not added to the roll: it is rolled after damage
    assert [(e.old, e.new) for e in in_round(g, 2, "ThreatChanged")] == [(2, 0)]  # in the same round
    assert not held(g, "giant_tooth_club").face_up


def test_war_drum__two_yellow_dice_in_the_clash_then_flipped():
    sc = duel({"younglings": 2}, 2, items=["war_drum"])
    archery_miss(sc)
    rig_round(sc, [("blue", ""), ("blue", ""), ("yellow", "S"), ("yellow", "S")], [("red", ""), ("red", "")])
    g, _ = go(sc, {"combat_card": "card:war_drum"})
    assert dice_a(g, 2) == ["blue", "blue", "yellow", "yellow"] and wyrm_threat(g) == [(2, 0)]
    assert not held(g, "war_drum").face_up


def test_axe_of_the_giants__one_black_die_in_the_clash_then_flipped():
    sc = duel({"younglings": 2}, 2, items=["axe_of_the_giants"])
    archery_miss(sc)
    rig_round(sc, [("blue", ""), ("blue", ""), ("black", "SS")], [("red", ""), ("red", "")])
    g, _ = go(sc, {"combat_card": "card:axe_of_the_giants"})
    assert dice_a(g, 2) == ["blue", "blue", "black"] and wyrm_threat(g) == [(2, 0)]
    assert not held(g, "axe_of_the_giants").face_up


def test_axe_of_the_giants__needs_might_3():
    from uprising_tui.content.loader import default_catalog
    assert default_catalog().items["axe_of_the_giants"].requires == {"might": 3}


def test_fen_longbow__two_white_dice_in_archery_then_flipped():
    sc = duel({"younglings": 2}, 2, items=["fen_longbow"])
    rig_round(sc, [("white", "S"), ("white", "S")], [("red", "")])
    g, _ = go(sc, {"combat_card": "card:fen_longbow"})
    assert dice_a(g, 1) == ["white", "white"] and wyrm_threat(g) == [(2, 0)]
    assert not held(g, "fen_longbow").face_up


def test_ember_bottle__one_black_die_in_archery_then_discarded():
    sc = duel({"younglings": 2}, 2, items=["ember_bottle"])
    rig_round(sc, [("black", "SS")], [("red", "")])
    g, _ = go(sc, {"combat_card": "card:ember_bottle"})
    assert dice_a(g, 1) == ["black"] and wyrm_threat(g) == [(2, 0)]
    assert held(g, "ember_bottle") is None


def test_dragonbone_bow__two_black_dice_in_archery_then_flipped():
    sc = duel({"younglings": 2}, 3, items=["dragonbone_bow"])
    rig_round(sc, [("black", "SS"), ("black", "S")], [("red", "")])
    g, _ = go(sc, {"combat_card": "card:dragonbone_bow"})
    assert dice_a(g, 1) == ["black", "black"] and wyrm_threat(g) == [(3, 0)]
    assert not held(g, "dragonbone_bow").face_up


# ============================================================================ symbols added before damage
def test_flenser__one_skull_once_per_combat_archery_or_clash():
    sc = duel({"younglings": 2}, 3, items=["flenser"])
    archery_miss(sc)
    for n in (3, 2, 1):  # the Bloodwyrm's Clash dice shrink with its Threat; nobody rolls a Skull
        rig_round(sc, [("blue", ""), ("blue", "")], [("red", "")] * n)
    sc.rig(blue=["S", "S"], red=[""])  # then the Younglings finish it
    g, _ = go(sc, {"combat_card": "card:flenser"})
    assert used(g, "flenser") == 1  # once per combat (an outlier: it was once per round before)
    assert wyrm_threat(g)[0] == (3, 2) and held(g, "flenser").face_up


def test_crown_of_the_drowned_king__a_skull_and_a_shield_each_round():
    sc = duel({"younglings": 2}, 2, items=["crown_of_the_drowned_king"])
    rig_round(sc, [], [("red", "S")])  # Archery: the Bloodwyrm's Skull
    rig_round(sc, [("blue", ""), ("blue", "")], [("red", "S")])  # Clash at Threat 1
    g, _ = go(sc, {"combat_card": "card:crown_of_the_drowned_king"})
    assert tally(g, 1) == (0, 1) and tally(g, 2) == (0, 1)  # its Shield blocks the Skull each round
    assert wyrm_threat(g) == [(2, 1), (1, 0)] and used(g, "crown_of_the_drowned_king") == 2
    assert g.state.hexes["H07"].units == {"younglings": 2}


def test_sealhide_buckler__two_shields_once_per_combat():
    sc = duel({"younglings": 2}, 2, items=["sealhide_buckler"])
    archery_miss(sc)
    rig_round(sc, [("blue", ""), ("blue", "")], [("red", "SS"), ("red", "")])
    rig_round(sc, [("blue", "S"), ("blue", "S")], [("red", "S"), ("red", "")])
    g, _ = go(sc, {"combat_card": "card:sealhide_buckler"})
    assert tally(g, 2) == (0, 2) and len(in_round(g, 2, "UnitDestroyed")) == 0  # both Skulls blocked
    assert tally(g, 3) == (1, 0)  # once per combat: the next round's Skull hits
    assert used(g, "sealhide_buckler") == 1


def test_frost_lance__one_red_die_in_archery():
    # the Younglings shoot nothing in Archery; the lance's red die does: its double Skull
    sc = duel({"younglings": 2}, 3, items=["frost_lance"])
    rig_round(sc, [("red", "SS")], [("red", "")])  # Archery: the lance's die, then the Bloodwyrm's
    rig_round(sc, [("blue", "S"), ("blue", "")], [("red", "")])  # the Clash finishes it
    g, _ = go(sc, {"combat_card": "card:frost_lance"})
    assert dice_a(g, 1) == ["red"] and [(e.old, e.new) for e in in_round(g, 1, "ThreatChanged")] == [(3, 1)]
    assert wyrm_threat(g) == [(3, 1), (1, 0)] and used(g, "frost_lance") == 1


def test_storm_flask__one_bolt_for_a_druid_then_discarded():
    sc = duel({"younglings": 2}, 1, items=["storm_flask"], druids=["red_hand"])
    archery_miss(sc)
    g, taken = go(sc, {"combat_card": "card:storm_flask", "bolt": "bolt:druid:red_hand"})
    assert ("bolt", "bolt:druid:red_hand") in taken
    assert [e.card for e in events(g, "GodpowerUsed")] == ["red_hand"]
    assert wyrm_threat(g) == [(1, 0)] and held(g, "storm_flask") is None


# ============================================================================ rerolls and turned dice
def test_lucky_knucklebone__reroll_one_die_once_per_round():
    sc = duel({"spearsingers": 1}, 2, items=["lucky_knucklebone"])
    rig_round(sc, [("white", "")], [("red", "")])
    sc.rig(white=["S"])  # the Archery reroll
    rig_round(sc, [("white", "")], [("red", ""), ("red", "")])
    sc.rig(white=["S"])  # the Clash reroll: once per round, so again
    g, taken = go(sc, {"combat_card": "card:lucky_knucklebone", "reroll": "die:0"})
    assert taken.count(("reroll", "die:0")) == 2 and wyrm_threat(g) == [(2, 1), (1, 0)]
    assert [f for _, f in events(g, "CombatRolled")[0].dice_a] == [()]  # rolled a blank, rerolled into the Skull


def test_bone_dice__reroll_up_to_two_dice():
    sc = duel({"spearsingers": 2}, 2, items=["bone_dice"])
    rig_round(sc, [("white", ""), ("white", "")], [("red", "")])
    sc.rig(white=["S", "S"])  # the rerolls
    g, taken = go(sc, {"combat_card": "card:bone_dice", "reroll": ["die:0", "die:1"]})
    assert [a for k, a in taken if k == "reroll"] == ["die:0", "die:1"]
    assert wyrm_threat(g) == [(2, 0)]


def test_rune_of_warding__one_die_shows_a_single_shield_each_clash_round():
    # Clash only, once per round: the blank blue die shows a Shield in both rounds, blocking the Skull
    sc = duel({"younglings": 2}, 1, items=["rune_of_warding"])
    archery_miss(sc)
    rig_round(sc, [("blue", ""), ("blue", "")], [("red", "S")])
    rig_round(sc, [("blue", ""), ("blue", "S")], [("red", "S")])
    g, _ = go(sc, {"combat_card": "card:rune_of_warding", "set_die": "die:0"})
    assert tally(g, 2) == (0, 1) and tally(g, 3) == (0, 1)
    assert used(g, "rune_of_warding") == 2 and wyrm_threat(g) == [(1, 0)]


def test_ice_bear_shield__one_shield_in_archery():
    sc = duel({"younglings": 3}, 4, items=["ice_bear_shield"])
    rig_round(sc, [], [("red", "SS"), ("red", "")])
    g, _ = go(sc, {"combat_card": "card:ice_bear_shield"})
    assert tally(g, 1) == (1, 1) and len(in_round(g, 1, "UnitDestroyed")) == 1  # the Shield blocks one Skull
    assert [e.shield for e in in_round(g, 1, "SymbolsAdded")] == [1] and used(g, "ice_bear_shield") == 1


def test_smoke_pots__ignore_two_enemy_skulls_then_discarded():
    sc = duel({"younglings": 3}, 4, items=["smoke_pots"])
    rig_round(sc, [], [("red", "SS"), ("red", "S")])
    g, _ = go(sc, {"combat_card": "card:smoke_pots"})
    assert tally(g, 1) == (1, 0) and held(g, "smoke_pots") is None


def test_trappers_net__ignore_one_enemy_bolt_once_per_clash_round():
    # Clash only: the Archery Bolt fires the Bloodwyrm's Curse... unless it has no Bolt there; here it
    # rolls one only in the Clash, where the net ignores it (once per round), so no Curse
    sc = duel({"younglings": 2, "koloth": 1}, 4, items=["trappers_net"])
    rig_round(sc, [], [("red", ""), ("red", "")])
    rig_round(sc, [("blue", "S"), ("black", "SSS")], [("red", "SB"), ("red", ""), ("red", ""), ("red", "")])
    g, _ = go(sc, {"combat_card": "card:trappers_net", "assign_damage": "unit:younglings"})
    assert [e.card for e in in_round(g, 2, "GodpowerUsed")] == [] and not g.state.hexes["H07"].curse
    assert used(g, "trappers_net") == 1


def test_chain_of_binding__ignore_two_enemy_bolts():
    sc = duel({"younglings": 3}, 4, items=["chain_of_binding"])
    rig_round(sc, [], [("red", "SB"), ("red", "SB")])
    g, _ = go(sc, {"combat_card": "card:chain_of_binding"})
    assert [e.card for e in in_round(g, 1, "GodpowerUsed")] == [] and tally(g, 1) == (2, 0)
    assert used(g, "chain_of_binding") == 1


# ============================================================================ after damage and after combat
def test_banner_of_the_free__one_vp_in_a_clash_then_flipped():
    sc = duel({"younglings": 2}, 3, items=["banner_of_the_free"])
    archery_miss(sc)
    rig_round(sc, [("blue", ""), ("blue", "")], [("red", "")] * 3)
    g, _ = go(sc, {"combat_card": "card:banner_of_the_free"})
    assert [(e.faction, e.amount) for e in in_round(g, 2, "VPChanged")] == [("duerkhar", 1)]
    assert used(g, "banner_of_the_free") == 1 and not held(g, "banner_of_the_free").face_up  # capped: a flip


def test_thunder_pot__two_black_dice_after_damage_hit_at_once():
    sc = duel({"spearsingers": 1}, 4, items=["thunder_pot"])
    rig_round(sc, [("white", "")], [("red", ""), ("red", "")])
    sc.rig(black=["SS", "S"])  # the pot's dice, after damage
    g, _ = go(sc, {"combat_card": "card:thunder_pot"})
    assert [(e.old, e.new) for e in in_round(g, 1, "ThreatChanged")] == [(4, 1)]
    assert held(g, "thunder_pot") is None


def test_healers_satchel__a_basic_unit_on_a_haven_after_combat_then_flipped():
    sc = duel({"younglings": 2}, 1, items=["healers_satchel"])
    archery_miss(sc)
    rig_round(sc, [("blue", "S"), ("blue", "")], [("red", "")])
    g, _ = go(sc, {"combat_card": "card:healers_satchel", "place_unit": "unit:younglings"})
    assert wyrm_threat(g) == [(1, 0)]
    assert g.state.hexes["H07"].units == {"younglings": 2} and g.state.hexes[HOME].units == {"younglings": 1}
    assert g.state.player("duerkhar").reserve["younglings"] == 2
    assert not held(g, "healers_satchel").face_up


