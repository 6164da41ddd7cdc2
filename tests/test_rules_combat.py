"""Combat rules, one test each: terrain, Defenses, Garrison/Skeleton/Legion/Horde dice,
Shields and Bolts, Godpowers, damage, Graveyards and VP, Empire vs Chaos, Haven removal,
the order of combats on a hex, and the timing windows of cards.

Dice are rigged per colour in roll order (the attacking side's dice first). Combats are
fought on H08 of the 1-faction map unless said otherwise."""
from __future__ import annotations

import pytest

from .combat_rule_fixtures import (
    BADLANDS,
    HIGHLANDS,
    ICE,
    MARSH,
    WOODS,
    Scenario,
    Side,
    base_dice,
    between,
    colours,
    drive,
    duel,
    events,
    fight,
    ids,
    kinds_asked,
    play_out,
    rolls,
)


# ================================================================== terrain
def test_woods_player_rerolls_up_to_2_archery_dice_once():
    sc = duel(WOODS, units={"spearsingers": 3}, garrisons=1)
    # Spearsingers white blank x3, Garrison white Shield; rerolls: Skull, Skull
    sc.rig(white=["", "", "", "H", "S", "S"])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    assert g.decision.kind == "reroll"
    drive(g, "die:0", "die:1")  # the limit of 2 ends the choice (alike dice are one option: ruling 62)
    assert g.decision is None or g.decision.kind != "reroll"
    play_out(g)
    st = g.state
    assert st.hexes["H08"].garrisons == []  # 2 Skulls, 1 Shield: the level-1 Garrison falls
    assert st.player("duerkhar").vp == 1
    assert not rolls(g, "clash")


def test_woods_nemesis_rerolls_blanks_only():
    sc = duel(WOODS, units={"younglings": 2}, garrisons=2)
    # Garrison level 2: two white Archery dice, blank and Skull; the blank is rerolled to Skull-Shield.
    # Were the Skull rerolled too, it would come up blank.
    sc.rig(white=["", "S", "SH", ""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    st = g.state
    assert st.hexes["H08"].units == {}  # 2 Skulls in Archery destroy both Younglings
    assert not rolls(g, "clash")
    assert st.graveyard_empire == {"duerkhar": {"younglings": 2}}


def test_woods_rerolls_only_in_archery():
    sc = duel(WOODS, units={"younglings": 1}, skeletons=1)
    sc.rig(blue=["S"], red=[""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    taken = play_out(g)
    assert "reroll" not in kinds_asked(taken)
    assert g.state.hexes["H08"].skeletons == 0


def test_marsh_turns_red_dice_white_for_both_sides():
    sc = duel(MARSH, units={"oathsworn": 1}, skeletons=1)
    sc.rig(white=["S", ""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    r = rolls(g, "clash")[0]
    assert colours(r.dice_a) == ["white"] and colours(r.dice_b) == ["white"]
    assert g.state.hexes["H08"].skeletons == 0


def test_badlands_riders_add_their_dice_to_archery():
    sc = duel(BADLANDS, units={"koloth": 1}, garrisons=1)
    sc.rig(black=["S"], white=["H"])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    r = rolls(g, "archery")[0]
    assert colours(r.dice_a) == ["black"]


def test_riders_do_not_roll_archery_elsewhere():
    sc = duel(ICE, units={"koloth": 1}, garrisons=1)
    sc.rig(white=["H"], black=["S"], blue=["", ""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    r = rolls(g, "archery")[0]
    assert r.dice_a == () and colours(r.dice_b) == ["white"]


def test_highlands_each_side_rolls_one_archery_die_nemesis_by_preference():
    sc = duel(HIGHLANDS, faction="druwhn", units={"sons_of_the_bow": 1, "rangers": 1}, hordes=[("siren", 7)])
    sc.rig(black=["S"], purple=[""], yellow=["S", "S"])
    g = sc.game(script=fight("H08", attacker="druwhn"))
    assert g.decision.kind == "highlands_die"
    assert set(ids(g)) == {"colour:yellow", "colour:black"}
    drive(g, "colour:black")
    r = rolls(g, "archery")[0]
    assert colours(r.dice_a) == ["black"]
    assert colours(r.dice_b) == ["purple"]  # the Siren's purple and red: purple is preferred to red


def test_highlands_nemesis_preference_order():
    order = Scenario(["druwhn"]).cat.strength_order
    assert list(order) == ["black", "purple", "red", "blue", "yellow", "white"]
    sc = duel(HIGHLANDS, units={"spearsingers": 1}, legions=[("assassin", 7)])
    assert list(sc.cat.legions["assassin"].dice[7].archery) == ["white", "blue"]  # white listed first
    sc.target("assassin", "H00", None)
    sc.rig(white=[""], blue=[""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    assert colours(rolls(g, "archery")[0].dice_b) == ["blue"]


def test_ice_waste_has_no_effect():
    sc = duel(ICE, units={"spearsingers": 1, "oathsworn": 1}, garrisons=1)
    sc.rig(white=["", "H"], red=["S"], blue=["", ""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    taken = play_out(g)
    assert "reroll" not in kinds_asked(taken) and "highlands_die" not in kinds_asked(taken)
    assert colours(rolls(g, "archery")[0].dice_a) == ["white"]
    assert "red" in colours(rolls(g, "clash")[0].dice_a)


def test_curse_players_cannot_use_bolts():
    sc = duel(ICE, faction="druwhn", units={"rangers": 1, "sons_of_the_bow": 1}, garrisons=1, curse=True)
    sc.decks(druids=["red_hand", "watcher", "treemother", "mountain_heart"])
    # Archery: the Rangers' black Bolt, the Sons' yellow Skull, the Garrison's white Shield. The Bolt can do nothing.
    sc.rig(black=["B"], yellow=["S"], white=["H"])
    sc.rig(black=["S"], yellow=[""], blue=["", ""])
    g = sc.game(script=fight("H08", attacker="druwhn"))
    taken = play_out(g)
    assert "bolt" not in kinds_asked(taken)
    tally = [e for e in events(g, "CombatTally") if e.side == "empire"][0]
    assert (tally.skulls, tally.blocked) == (0, 1)


def test_curse_terrain_replaces_the_hex_terrain():
    sc = duel(WOODS, units={"spearsingers": 1}, garrisons=1, curse=True)
    sc.rig(white=["", ""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    taken = play_out(g)
    assert events(g, "CombatStarted")[0].terrain == "curse"
    assert "reroll" not in kinds_asked(taken)  # no Woods on a Curse


def test_curse_chaos_still_uses_bolts_the_empire_cannot():
    sc = duel(ICE, hordes=[("bloodwyrm", 3)], legions=[("assassin", 3)], curse=True)
    sc.target("assassin", "H00", None)
    # Bloodwyrm (attacker) Clash: red Skull-Bolt, red, red; Assassin Clash blue, red Skull-Bolt, yellow, white
    sc.rig(red=["SB", "", "", "SB"], blue=[""], yellow=[""], white=[""])
    sc.rig(red=["S", "S", "S"], blue=[""], yellow=[""], white=[""])
    g = sc.game(script=fight("H08", attacker="chaos"))
    play_out(g)
    used = [e.card for e in events(g, "GodpowerUsed")]
    assert "bloodwyrm" in used and "assassin" not in used


# ================================================================== Towers and Walls
def test_tower_adds_a_white_die_in_both_rounds_and_wall_a_blue_die_in_clash():
    sc = duel(ICE, units={"younglings": 1}, haven="duerkhar", tower=True, wall=True, skeletons=1)
    sc.rig(white=["", "S"], blue=["S", "S"], red=[""])
    g = sc.game(script=fight("H08", attacker="chaos"))
    play_out(g)
    assert colours(rolls(g, "archery")[0].dice_b) == ["white"]
    assert colours(rolls(g, "clash")[0].dice_b) == ["blue", "blue", "white"]


def test_towers_and_walls_roll_nothing_without_units():
    sc = duel(ICE, haven="duerkhar", tower=True, wall=True)
    g = sc.game(script=lambda ctx: iter(()))
    side = Side("player", "duerkhar")
    assert base_dice(g.ctx, "H08", side, "archery", "ice_waste") == []
    assert base_dice(g.ctx, "H08", side, "clash", "ice_waste") == []


def test_towers_and_walls_take_no_damage():
    sc = duel(ICE, units={"younglings": 1}, haven="duerkhar", tower=True, wall=True, skeletons=2)
    sc.rig(white=["", ""], blue=["", ""], red=["SS", "SS"])
    g = sc.game(script=fight("H08", attacker="chaos"))
    play_out(g)
    h = g.state.hexes["H08"]
    # 4 Skulls, 1 Unit: the Youngling falls; the Haven and its Defenses go with it after combat
    assert h.units == {} and h.haven is None and not h.tower and not h.wall
    assert g.state.graveyard_chaos == {"duerkhar": {"younglings": 1}}


# ================================================================== Garrison, Skeleton, Legion, Horde dice
@pytest.mark.state_edited
def test_garrison_dice_by_level():
    sc = duel(ICE)
    g = sc.game(script=lambda ctx: iter(()))
    side = Side("garrisons", "empire")
    want = {1: (["white"], ["blue", "blue"]),
            2: (["white", "white"], ["blue", "yellow", "yellow", "white"]),
            3: (["white", "white", "white"], ["blue", "blue", "yellow", "yellow", "white"])}
    for level, (archery, clash) in want.items():
        g.state.hexes["H08"].garrisons = list(range(1, level + 1))
        assert sorted(base_dice(g.ctx, "H08", side, "archery", "ice_waste")) == sorted(archery)
        assert sorted(base_dice(g.ctx, "H08", side, "clash", "ice_waste")) == sorted(clash)


def test_garrison_levels_each_take_one_skull_and_give_1_vp():
    sc = duel(ICE, units={"oathsworn": 3}, garrisons=3)
    # Archery: Garrison 3 white blanks. Clash: Oathsworn 3x red Skull; Garrison all blank.
    sc.rig(white=["", "", "", ""], red=["S", "S", "S"], blue=["", ""], yellow=["", ""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    st = g.state
    assert st.hexes["H08"].garrisons == []
    assert st.player("duerkhar").vp == 3  # a level 3 Garrison is worth 3 VP
    assert st.garrison_reserve == [10, 10, 10]  # back to the reserve


def test_skeletons_roll_one_red_die_each_in_clash_only():
    sc = duel(ICE, units={"spearsingers": 3}, skeletons=2)
    sc.rig(white=["", "", "", "S", "S", ""], red=["", ""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    assert rolls(g, "archery")[0].dice_b == ()
    assert colours(rolls(g, "clash")[0].dice_b) == ["red", "red"]
    assert g.state.player("duerkhar").vp == 2


def test_skeleton_bolt_places_a_skeleton_after_damage():
    sc = duel(ICE, units={"younglings": 2}, skeletons=2)
    # Round 1: Younglings Skull, Skull (both Skeletons fall); Skeletons Skull-Bolt, blank.
    # The Bolt raises a Skeleton after damage, so the combat goes on.
    sc.rig(blue=["S", "S"], red=["SB", ""])
    sc.rig(blue=["S"], red=[""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    st = g.state
    assert len(rolls(g, "clash")) == 2
    assert st.hexes["H08"].skeletons == 0 and st.hexes["H08"].units == {"younglings": 1}
    assert st.player("duerkhar").vp == 3
    assert not st.hordes


def test_skeleton_bolts_can_form_a_horde_after_damage_and_it_is_still_one_combat():
    # "This can lead to a long combat, but it is all one combat. This can also produce a Horde
    # if there are 3 Skeletons, but only After Damage." (issue 6.5)
    sc = duel(ICE, units={"younglings": 3}, skeletons=2)
    sc.decks(horde_deck=["bloodwyrm"])
    sc.state(lambda st: setattr(st, "event_threat", 1))
    # Clash 1: Younglings all blank; Skeletons Skull-Bolt, blank: a Youngling falls, then the
    # Bolt raises a third Skeleton and the three become a Horde (Threat 1). The combat goes on
    # with no new Archery round: Clash 2, Younglings Skull, blank vs the Bloodwyrm's red blank.
    sc.rig(blue=["", "", "", "S", ""], red=["SB", "", "", ""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    st = g.state
    assert any(e.event_type == "HordeFormed" for e in g.log)
    assert [(e.kind_b, e.card_b) for e in events(g, "CombatStarted")] == [("skeletons", None)]
    assert len(events(g, "CombatEnded")) == 1
    # the Chaos side fights on as the Horde: announced between the two Clash rolls
    changed = events(g, "CombatSideChanged")
    assert [(e.side, e.kind, e.card) for e in changed] == [("chaos", "horde", "bloodwyrm")]
    first, second = rolls(g)
    assert first.part == second.part == "clash"
    assert g.log.index(first) < g.log.index(changed[0]) < g.log.index(second)
    assert "bloodwyrm" not in st.hordes  # the Younglings destroyed it
    assert st.hexes["H08"].units == {"younglings": 2}
    assert st.player("duerkhar").vp == sc.cat.hordes["bloodwyrm"].destroyed_vp  # no VP for the joined Skeletons


def test_skeletons_that_become_a_horde_give_no_after_combat_window_or_win_in_between():
    # The Chart of the Nethersea pays 1 Salt for each combat won: one combat, one Salt
    sc = duel(ICE, units={"younglings": 3}, skeletons=2)
    sc.player("duerkhar", quests=["chart_of_the_nethersea"], salt=0)
    sc.decks(horde_deck=["bloodwyrm"])
    sc.state(lambda st: setattr(st, "event_threat", 1))
    sc.rig(blue=["", "", "", "S", ""], red=["SB", "", "", ""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    assert g.state.player("duerkhar").salt == 1
    assert [e.card for e in events(g, "CardUsed")] == ["chart_of_the_nethersea"]


def test_legion_and_horde_dice_follow_current_threat():
    sc = duel(ICE, units={"younglings": 3}, hordes=[("bloodwyrm", 4)])
    spec = sc.cat.hordes["bloodwyrm"]
    # Archery: 2 red blanks. Clash 1: Younglings S, S, blank; Bloodwyrm 4 red blanks (Threat 4 -> 2).
    sc.rig(red=["", "", "", "", "", ""], blue=["S", "S", ""])
    sc.rig(blue=["S", "S", ""], red=["", ""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    clash = rolls(g, "clash")
    assert colours(rolls(g, "archery")[0].dice_b) == sorted(spec.dice[4].archery)
    assert colours(clash[0].dice_b) == sorted(spec.dice[4].clash)
    assert colours(clash[1].dice_b) == sorted(spec.dice[2].clash)
    assert [(e.old, e.new) for e in events(g, "ThreatChanged")] == [(4, 2), (2, 0)]


# ================================================================== Shields and Bolts
def test_each_shield_cancels_one_skull():
    sc = duel(ICE, units={"younglings": 3}, skeletons=2)
    sc.rig(blue=["H", "H", ""], red=["SS", "S"])
    sc.rig(blue=["S", "S"], red=["", ""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    first = [e for e in events(g, "CombatTally") if e.side == "duerkhar"][0]
    assert (first.skulls, first.blocked) == (1, 2)
    assert g.state.hexes["H08"].units == {"younglings": 2}


def _bolt_vs_garrison(level, white):
    # Archery: the Rangers' black Bolt and the Sons of the Bow's yellow Skull
    sc = duel(ICE, faction="druwhn", units={"rangers": 1, "sons_of_the_bow": 1}, garrisons=level)
    sc.decks(druids=["red_hand", "treemother", "mountain_heart", "faceless_one"])
    sc.rig(black=["B"], yellow=["S"], white=white)
    return sc.game(script=fight("H08", attacker="druwhn"))


def test_a_player_bolt_may_cancel_an_enemy_shield():
    g = _bolt_vs_garrison(1, ["H"])
    assert g.decision.kind == "bolt" and "bolt:shield" in ids(g)
    drive(g, "bolt:shield")
    assert g.state.hexes["H08"].garrisons == []  # the Skull got through
    g2 = _bolt_vs_garrison(1, ["H"])
    drive(g2, "bolt:none")
    assert [e for e in events(g2, "CombatTally") if e.side == "empire"][0].blocked == 1


def test_a_player_bolt_may_fire_a_druid_godpower_but_not_also_cancel_a_shield():
    g = _bolt_vs_garrison(2, ["H", ""])
    assert "bolt:druid:red_hand" in ids(g)
    drive(g, "bolt:druid:red_hand")  # +1 Skull: 2 Skulls, 1 Shield
    assert [e.card for e in events(g, "GodpowerUsed")] == ["red_hand"]
    tally = [e for e in events(g, "CombatTally") if e.side == "empire"][0]
    assert (tally.skulls, tally.blocked) == (1, 1)  # one level of the two falls in the Archery


def test_druid_godpower_limits_once_per_round():
    sc = duel(ICE, faction="druwhn", units={"rangers": 2}, garrisons=1)
    sc.decks(druids=["treemother", "red_hand", "mountain_heart", "faceless_one"])
    sc.rig(black=["B", "B"], white=["H"])
    g = sc.game(script=fight("H08", attacker="druwhn"))
    drive(g, "bolt:druid:treemother")
    assert g.decision.kind == "bolt"
    assert "bolt:druid:treemother" not in ids(g) and "bolt:druid:red_hand" in ids(g)


def test_nemesis_always_fires_its_godpower_and_limited_extra_bolts_cancel_shields():
    # The Assassin (Threat 7, Godpower +2 Skulls once per round) rolls Bolt-Bolt in Clash:
    # the first Bolt fires the Godpower, the second cancels one of the Younglings' 2 Shields.
    sc = duel(ICE, units={"younglings": 5}, legions=[("assassin", 7)])
    sc.target("assassin", "H00", None)
    sc.rig(white=[""], blue=[""])  # Archery: the Assassin's white and blue
    sc.rig(blue=["H", "H", "", "", ""], black=["S"], purple=["BB"], red=["", ""])
    sc.rig(blue=[""])  # the Assassin's Clash blue
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    clash1 = between(g, "CombatRolled", 1)
    assert [e.card for e in clash1 if e.event_type == "GodpowerUsed"] == ["assassin"]
    tally = [e for e in clash1 if e.event_type == "CombatTally" and e.side == "duerkhar"][0]
    assert (tally.skulls, tally.blocked) == (2, 1)  # 1 + 2 Skulls; 2 Shields, 1 cancelled


def test_nemesis_never_uses_druid_godpowers():
    sc = duel(ICE, units={"younglings": 1}, legions=[("assassin", 3)])
    sc.target("assassin", "H00", None)
    sc.decks(druids=["red_hand", "treemother", "mountain_heart", "faceless_one"])
    sc.rig(white=["", "", ""], red=["SB"], blue=[""], yellow=[""])
    sc.rig(blue=["S", "S", "S"])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    assert {e.card for e in events(g, "GodpowerUsed")} <= {"assassin"}


def test_an_ignored_enemy_bolt_fires_no_godpower():
    # Trapper's Net: "ignore one enemy Bolt" (before damage): the Assassin's only Bolt does nothing.
    sc = duel(ICE, faction="mohyar", hero="ronja", units={"sellswords": 2}, legions=[("assassin", 3)])
    sc.target("assassin", "H00", None)
    sc.player("mohyar", hero_hex="H08", items=["trappers_net"], feats=[])
    sc.rig(white=["", ""])  # Archery
    sc.rig(blue=["", "", ""], red=["SB"], yellow=[""], white=[""])
    g = sc.game(script=fight("H08", attacker="mohyar"))
    play_out(g, lambda d: "card:trappers_net" if "clash" in d.prompt and "card:trappers_net" in d.ids() else None)
    first_clash = between(g, "CombatRolled", 1)
    assert not [e for e in first_clash if e.event_type == "GodpowerUsed"]


def test_a_horde_formed_mid_combat_that_brings_skeletons_fights_them_first_in_the_same_combat():
    # The Counter of Omens' immediate effect puts 2 Skeletons on his hex: the one combat goes on
    # against those Skeletons, then against the Counter himself
    sc = duel(ICE, units={"younglings": 3}, skeletons=2)
    sc.decks(horde_deck=["counter_of_omens"])
    sc.state(lambda st: setattr(st, "event_threat", 1))
    # Clash 1: Younglings blank x3; Skeletons Skull-Bolt, blank: a Youngling falls, the Bolt forms
    # the Horde, which places 2 Skeletons. Clash 2: Younglings Skull, Skull vs the Skeletons' blanks.
    # Clash 3: a Younglings Skull destroys the Counter (Threat 1: blue, blue), whose dice miss.
    sc.rig(blue=["", "", "", "S", "S", "S", "", "", ""], red=["SB", "", "", ""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    first = events(g, "CombatStarted")[0].combat
    # three Clashes in the first combat: the Chaos side is the Skeletons, again the (new) Skeletons,
    # then the Counter (each change announced before the next roll)
    clashes = [r for r in rolls(g, "clash") if r.combat == first]
    changed = [e for e in events(g, "CombatSideChanged") if e.combat == first]
    assert len(clashes) == 3 and [(e.kind, e.card) for e in changed] == [("horde", "counter_of_omens")]
    assert g.log.index(clashes[1]) < g.log.index(changed[0]) < g.log.index(clashes[2])
    assert events(g, "CombatStarted")[0].kind_b == "skeletons"
    assert "counter_of_omens" not in g.state.hordes
    # his destroyed effect puts 2 Skeletons on the hex: a new combat, after the first has ended
    assert [e.kind_b for e in events(g, "CombatStarted")][1:] == ["skeletons"] * (len(events(g, "CombatStarted")) - 1)
