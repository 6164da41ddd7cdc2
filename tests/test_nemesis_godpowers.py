"""Every Legion's and Horde's Godpower, fired by a rigged Bolt, with its once-per limit."""
from __future__ import annotations

from .nemesis_card_fixtures import (
    HOME,
    ICE,
    Scenario,
    blank,
    check_dice,
    events,
    fight,
    godpowers,
    in_round,
    place_card,
    play_out,
    player_tally,
    rig_round,
    rolled,
    row,
    scenario,
    younglings,
)

# ============================================================================ Godpowers
# Each test fires the Godpower with a rigged Bolt, shows a second Bolt in the same roll
# cancelling the Younglings' one Shield (or firing again, for a Godpower without a limit),
# and a Bolt in the next Clash round firing again (once per round) or cancelling a Shield
# (once per combat).

def gp_scenario(card, threat, units=5, players=1, **hex_kw) -> Scenario:
    sc = place_card(scenario(players), card, threat, units={"younglings": units}, **hex_kw)
    archery = row(card, threat, "archery")
    if archery:
        rig_round(sc, [], blank(archery))
    return sc


def test_godpower_butcher_removes_a_haven_here_or_adjacent_once_per_combat():
    sc = gp_scenario("butcher", 5)  # Clash at 5: purple, red x3, yellow
    nem1 = [("purple", "BB"), ("red", "S"), ("red", ""), ("red", ""), ("yellow", "")]
    rig_round(sc, younglings("H", "", "", "", ""), nem1)
    rig_round(sc, younglings("H", "", "", ""), [("purple", "SB"), ("red", ""), ("red", ""), ("red", ""), ("yellow", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    check_dice(g, 2, nem1)
    assert godpowers(g, 2, "butcher") == 1 and player_tally(g, 2) == (1, 0)
    assert g.state.hexes[HOME].haven is None  # the Haven next to the combat
    assert events(g, "HavenRemoved")[0].hex == HOME
    assert godpowers(g, 3, "butcher") == 0 and player_tally(g, 3) == (1, 0)  # once per combat: the Bolt breaks a Shield


def test_godpower_warlock_tears_down_tower_then_wall_once_per_round():
    sc = place_card(scenario(), "warlock", 7, units={"younglings": 3}, haven="duerkhar", tower=True, wall=True)
    rig_round(sc, [("white", "")], [("blue", ""), ("yellow", "")])  # Archery: the Tower's white die
    # Clash: 3 Younglings + Tower (white) + Wall (blue); Warlock purple, purple, blue, red, yellow
    nem1 = [("purple", "BB"), ("purple", ""), ("blue", ""), ("red", "S"), ("yellow", "")]
    rig_round(sc, younglings("H", "", "") + [("white", ""), ("blue", "")], nem1)
    rig_round(sc, younglings("H", "") + [("blue", "")], [("purple", "SB"), ("purple", ""), ("blue", ""), ("red", ""), ("yellow", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    check_dice(g, 2, nem1)
    assert godpowers(g, 2, "warlock") == 1 and player_tally(g, 2) == (1, 0)
    assert [c for c, _ in rolled(g)[2].dice_a] == ["blue", "blue", "blue"]  # no Tower die any more
    assert godpowers(g, 3, "warlock") == 1 and player_tally(g, 3) == (0, 1)
    h = g.state.hexes["H07"]
    assert (h.tower, h.wall) == (False, False)


def test_godpower_warlock_against_a_horde_takes_threat():
    sc = scenario().at("H07", tile=ICE, legions=[("warlock", 7)], hordes=[("coven_of_yssat", 3)])
    sc.target("warlock", HOME, "duerkhar")
    rig_round(sc, [("blue", ""), ("yellow", "")], [("yellow", ""), ("yellow", "")])  # Archery
    rig_round(sc, [("purple", "SB"), ("purple", ""), ("blue", ""), ("red", ""), ("yellow", "")],
              [("purple", ""), ("blue", ""), ("blue", ""), ("white", "")])
    g = sc.game(script=fight("H07", attacker="empire"))
    play_out(g)
    assert [(e.old, e.new) for e in events(g, "ThreatChanged")][:2] == [(3, 2), (2, 1)]  # the Skull, then the Godpower


def test_godpower_spymaster_discard_or_lose_two_threat_once_per_round():
    sc = gp_scenario("spymaster", 7, units=3)
    sc.player("duerkhar", items=["war_drum"])
    nem1 = [("purple", "BB"), ("purple", ""), ("blue", ""), ("red", "S"), ("red", "")]
    rig_round(sc, younglings("H", "", ""), nem1)
    # at Threat 5: purple, blue x3, red
    rig_round(sc, younglings("", ""), [("purple", "SB"), ("blue", ""), ("blue", ""), ("blue", ""), ("red", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    taken = play_out(g, {"enemy_penalty": "threat"})
    check_dice(g, 2, nem1)
    assert godpowers(g, 2, "spymaster") == 1 and godpowers(g, 3, "spymaster") == 1
    assert [a for k, a in taken if k == "enemy_penalty"][:2] == ["threat", "threat"]
    assert [(e.old, e.new) for e in events(g, "ThreatChanged")][:2] == [(7, 5), (5, 3)]
    assert player_tally(g, 2) == (1, 0)  # his enemies' Shields never count


def test_godpower_assassin_two_skulls_once_per_round():
    sc = gp_scenario("assassin", 6)  # Clash at 6: purple, blue, red, red, yellow
    nem1 = [("purple", "BB"), ("blue", ""), ("red", "S"), ("red", ""), ("yellow", "")]
    rig_round(sc, younglings("H", "", "", "", ""), nem1)
    rig_round(sc, younglings("H", ""), [("purple", "SB"), ("blue", ""), ("red", ""), ("red", ""), ("yellow", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    check_dice(g, 2, nem1)
    assert godpowers(g, 2, "assassin") == 1 and player_tally(g, 2) == (3, 0)  # 1 rolled + 2; the Shield broken
    assert godpowers(g, 3, "assassin") == 1 and player_tally(g, 3) == (2, 1)
    assert g.state.hexes["H07"].units == {}


def test_godpower_imperial_guard_two_shields_once_per_round():
    sc = gp_scenario("imperial_guard", 7, units=3)  # Clash at 7: purple x3, blue x2, red
    nem1 = [("purple", "BB"), ("purple", ""), ("purple", ""), ("blue", ""), ("blue", ""), ("red", "S")]
    rig_round(sc, younglings("S", "S", "H"), nem1)
    rig_round(sc, younglings("S", "S"), [("purple", "SB"), ("purple", ""), ("purple", ""), ("blue", ""), ("blue", ""), ("red", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    check_dice(g, 2, nem1)
    guard = [e for e in in_round(g, 2, "CombatTally") if e.side == "empire"][0]
    assert (guard.skulls, guard.blocked) == (0, 2)
    assert godpowers(g, 2, "imperial_guard") == 1 and player_tally(g, 2) == (1, 0)
    guard = [e for e in in_round(g, 3, "CombatTally") if e.side == "empire"][0]
    assert (guard.skulls, guard.blocked) == (0, 2) and godpowers(g, 3, "imperial_guard") == 1
    assert g.state.legions["imperial_guard"].threat == 7


def test_godpower_mage_breaker_one_skull_per_bolt_without_limit():
    sc = place_card(scenario(), "mage_breaker", 1, units={"younglings": 5})
    six = ["white", "yellow", "red", "blue", "purple", "black"]
    rig_round(sc, [], blank(row("mage_breaker", 1, "archery") + six))  # her two black dice hit: 2 Younglings fall
    nem1 = [("black", "B"), ("yellow", ""), ("white", ""), ("white", ""), ("yellow", ""), ("red", ""), ("blue", ""),
            ("purple", ""), ("black", "B")]
    rig_round(sc, younglings("H", "", ""), nem1)
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    check_dice(g, 2, nem1)
    assert godpowers(g, 2, "mage_breaker") == 2  # every Bolt fires it
    assert player_tally(g, 2) == (1, 1)  # 2 Skulls (one per Bolt), one blocked: no Bolt left to break it


def test_godpower_executioner_removes_the_most_expensive_unit_from_the_game_once_per_combat():
    sc = gp_scenario("executioner", 5, units=3)  # Clash at 5: black, purple, yellow, yellow
    nem1 = [("black", "B"), ("purple", "SB"), ("yellow", ""), ("yellow", "")]
    rig_round(sc, younglings("H", "", ""), nem1)
    rig_round(sc, younglings("H", ""), [("black", "B"), ("purple", "S"), ("yellow", ""), ("yellow", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    check_dice(g, 2, nem1)
    p = g.state.player("duerkhar")
    assert godpowers(g, 2, "executioner") == 1 and player_tally(g, 2) == (1, 0)
    assert p.removed_units == {"koloth": 1} and p.reserve["koloth"] == 0  # from the reserve, out of the game
    assert godpowers(g, 3, "executioner") == 0 and player_tally(g, 3) == (1, 0)


def test_godpower_executioner_the_player_may_make_her_lose_two_threat_instead():
    sc = gp_scenario("executioner", 5, units=3)
    nem1 = [("black", "B"), ("purple", "SB"), ("yellow", ""), ("yellow", "")]
    rig_round(sc, younglings("H", "", ""), nem1)
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"enemy_penalty": "threat"})
    p = g.state.player("duerkhar")
    assert p.removed_units == {} and p.reserve["koloth"] == 1
    assert (5, 3) in [(e.old, e.new) for e in events(g, "ThreatChanged")]


def test_godpower_executioner_against_a_horde_takes_two_threat():
    sc = scenario().at("H07", tile=ICE, legions=[("executioner", 2)], hordes=[("bloodwyrm", 4)])
    sc.target("executioner", HOME, "duerkhar")
    rig_round(sc, [("white", "")], [("red", ""), ("red", "")])  # Archery: white | red, red
    rig_round(sc, [("black", "B"), ("purple", "")], [("red", ""), ("red", ""), ("red", ""), ("red", "")])
    g = sc.game(script=fight("H07", attacker="empire"))
    play_out(g)
    assert [(e.old, e.new) for e in events(g, "ThreatChanged")][0] == (4, 2)


def test_godpower_new_emperor_two_empire_vp_once_per_round():
    sc = gp_scenario("new_emperor", 3, units=3)  # Clash at 3: purple, blue, red, yellow, white
    nem1 = [("purple", "BB"), ("blue", ""), ("red", "S"), ("yellow", ""), ("white", "")]
    rig_round(sc, younglings("H", "", ""), nem1)
    rig_round(sc, younglings("H", ""), [("purple", "SB"), ("blue", ""), ("red", ""), ("yellow", ""), ("white", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    check_dice(g, 2, nem1)
    assert godpowers(g, 2, "new_emperor") == 1 and player_tally(g, 2) == (1, 0)
    assert godpowers(g, 3, "new_emperor") == 1 and player_tally(g, 3) == (0, 1)
    assert [e.amount for e in events(g, "VPChanged") if e.faction == "empire"][:2] == [2, 2]


def test_godpower_lich_queen_other_hordes_gain_threat_once_per_round():
    sc = gp_scenario("lich_queen", 6, units=3).at("W01", hordes=[("siren", 3)])
    nem1 = [("purple", "BB"), ("red", "S"), ("red", ""), ("yellow", ""), ("yellow", "")]
    rig_round(sc, younglings("H", "", ""), nem1)
    rig_round(sc, younglings("H", ""), [("purple", "SB"), ("red", ""), ("red", ""), ("yellow", ""), ("yellow", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    check_dice(g, 2, nem1)
    assert godpowers(g, 2, "lich_queen") == 1 and player_tally(g, 2) == (1, 0)
    assert godpowers(g, 3, "lich_queen") == 1 and player_tally(g, 3) == (0, 1)
    changed = [(e.card, e.old, e.new) for e in in_round(g, 2, "ThreatChanged") + in_round(g, 3, "ThreatChanged")]
    assert changed == [("siren", 3, 4), ("siren", 4, 5)]  # not her own Threat


def test_godpower_coven_flips_every_card_once_per_combat():
    sc = gp_scenario("coven_of_yssat", 7, units=3).player("duerkhar", feats=["phalanx", "younglings"], items=["salt_ledger"])
    nem1 = [("purple", "BB"), ("purple", ""), ("red", "S"), ("blue", ""), ("blue", "")]
    rig_round(sc, younglings("H", "", ""), nem1)
    rig_round(sc, younglings("H", ""), [("purple", "SB"), ("purple", ""), ("red", ""), ("blue", ""), ("blue", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    taken = play_out(g, {"enemy_penalty": "penalty"})
    check_dice(g, 2, nem1)
    p = g.state.player("duerkhar")
    assert godpowers(g, 2, "coven_of_yssat") == 1 and player_tally(g, 2) == (1, 0)
    assert not any(c.face_up for c in p.feats + p.items)
    assert godpowers(g, 3, "coven_of_yssat") == 0 and player_tally(g, 3) == (1, 0)
    assert [a for k, a in taken if k == "enemy_penalty"] == ["penalty"]


def test_godpower_coven_or_she_loses_two_threat():
    sc = gp_scenario("coven_of_yssat", 7, units=3).player("duerkhar", feats=["phalanx"])
    rig_round(sc, younglings("", "", ""), [("purple", "SB"), ("purple", ""), ("red", ""), ("blue", ""), ("blue", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"enemy_penalty": "threat"})
    assert [(e.old, e.new) for e in events(g, "ThreatChanged")][0] == (7, 5)
    assert g.state.player("duerkhar").feats[0].face_up


def test_godpower_counter_of_omens_two_skeletons_on_an_empty_hex_once_per_round():
    sc = gp_scenario("counter_of_omens", 6, units=3)  # Clash at 6: purple x3, blue, yellow
    nem1 = [("purple", "BB"), ("purple", ""), ("purple", ""), ("blue", "S"), ("yellow", "")]
    rig_round(sc, younglings("H", "", ""), nem1)
    rig_round(sc, younglings("H", ""), [("purple", "SB"), ("purple", ""), ("purple", ""), ("blue", ""), ("yellow", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"place_skeleton": ["hex:H01", "hex:H02"]})
    check_dice(g, 2, nem1)
    assert godpowers(g, 2, "counter_of_omens") == 1 and player_tally(g, 2) == (1, 0)
    assert godpowers(g, 3, "counter_of_omens") == 1 and player_tally(g, 3) == (0, 1)
    assert (g.state.hexes["H01"].skeletons, g.state.hexes["H02"].skeletons) == (2, 2)


def test_godpower_bloodwyrm_curses_the_hex_once_per_combat():
    sc = gp_scenario("bloodwyrm", 6, units=3)  # Clash at 6: purple, red x4
    nem1 = [("purple", "BB"), ("red", "S"), ("red", ""), ("red", ""), ("red", "")]
    rig_round(sc, younglings("H", "", ""), nem1)
    rig_round(sc, younglings("H", ""), [("purple", "SB"), ("red", ""), ("red", ""), ("red", ""), ("red", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    check_dice(g, 2, nem1)
    assert godpowers(g, 2, "bloodwyrm") == 1 and player_tally(g, 2) == (1, 0)
    assert g.state.hexes["H07"].curse
    assert godpowers(g, 3, "bloodwyrm") == 0 and player_tally(g, 3) == (1, 0)
    assert len(events(g, "CursePlaced")) == 1 and g.state.vp_chaos == 0


def test_godpower_siren_slips_away_once_per_combat():
    sc = gp_scenario("siren", 7, units=3)  # Clash at 7: purple, yellow, white x3
    nem1 = [("purple", "BB"), ("yellow", "S"), ("white", ""), ("white", ""), ("white", "")]
    rig_round(sc, younglings("H", "", ""), nem1)
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"nemesis_move": "hex:H08"})
    check_dice(g, 2, nem1)
    assert godpowers(g, 2, "siren") == 1 and player_tally(g, 2) == (1, 0)
    assert g.state.hordes["siren"].hex == "H08"
    assert len(rolled(g)) == 2 and g.state.hexes["H07"].units == {"younglings": 2}


def test_godpower_banished_destroys_the_most_expensive_unit_once_per_round():
    sc = place_card(scenario(), "banished", 5, units={"younglings": 3, "oathsworn": 1})
    rig_round(sc, [], [("blue", ""), ("blue", "")])  # Archery at 5: blue, blue
    nem1 = [("purple", "BB"), ("red", "S"), ("white", ""), ("white", ""), ("white", "")]
    rig_round(sc, younglings("H", "", "") + [("red", "")], nem1)
    rig_round(sc, younglings("H", ""), [("purple", "SB"), ("red", ""), ("white", ""), ("white", ""), ("white", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    check_dice(g, 2, nem1)
    lost = [e.unit for e in in_round(g, 2, "UnitDestroyed")]
    assert lost == ["oathsworn", "younglings"]  # the Godpower's pick, then the Skull the broken Shield let through
    assert godpowers(g, 2, "banished") == 1 and player_tally(g, 2) == (1, 0)
    assert godpowers(g, 3, "banished") == 1 and player_tally(g, 3) == (0, 1)
    assert [e.unit for e in in_round(g, 3, "UnitDestroyed")] == ["younglings"]  # the Godpower again; the Shield holds
    assert all(e.to == "chaos" for e in events(g, "UnitDestroyed"))


def test_godpower_banished_against_the_empire_takes_two_threat():
    sc = scenario().at("H07", tile=ICE, legions=[("assassin", 5)], hordes=[("banished", 5)])
    sc.target("assassin", HOME, "duerkhar")
    rig_round(sc, [("blue", ""), ("blue", "")], [("blue", ""), ("white", "")])  # Archery: Banished attack
    rig_round(sc, [("purple", "SB"), ("red", ""), ("white", ""), ("white", ""), ("white", "")],
              [("purple", ""), ("blue", ""), ("red", ""), ("yellow", ""), ("yellow", "")])
    g = sc.game(script=fight("H07", attacker="chaos"))
    play_out(g)
    assert [(e.card, e.old, e.new) for e in events(g, "ThreatChanged")][:2] == [("assassin", 5, 3), ("assassin", 3, 2)]


def test_godpower_false_messiah_removes_any_haven_once_per_combat():
    sc = gp_scenario("false_messiah", 6, units=3).at("H12", tile="rigga", haven="duerkhar")
    nem1 = [("purple", "BB"), ("purple", ""), ("red", "S"), ("blue", ""), ("white", "")]
    rig_round(sc, younglings("H", "", ""), nem1)
    rig_round(sc, younglings("H", ""), [("purple", "SB"), ("purple", ""), ("red", ""), ("blue", ""), ("white", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"remove_haven": "hex:H12"})
    check_dice(g, 2, nem1)
    assert godpowers(g, 2, "false_messiah") == 1 and player_tally(g, 2) == (1, 0)
    assert g.state.hexes["H12"].haven is None and g.state.hexes[HOME].haven == "duerkhar"
    assert godpowers(g, 3, "false_messiah") == 0 and player_tally(g, 3) == (1, 0)


def test_godpower_oda_two_skulls_once_per_round():
    sc = place_card(scenario(), "oda_the_fallen", 3, units={"younglings": 5})  # Clash at 3: black, red, yellow
    nem1 = [("black", "B"), ("red", "SB"), ("yellow", "")]
    rig_round(sc, younglings("H", "", "", "", ""), nem1)
    rig_round(sc, younglings("H", ""), [("black", "B"), ("red", ""), ("yellow", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    check_dice(g, 1, nem1)
    assert godpowers(g, 1, "oda_the_fallen") == 1 and player_tally(g, 1) == (3, 0)
    assert godpowers(g, 2, "oda_the_fallen") == 1 and player_tally(g, 2) == (1, 1)
    assert [len(in_round(g, n, "UnitDestroyed")) for n in (1, 2)] == [3, 1]


def test_legion_bolts_do_nothing_on_a_cursed_hex():
    # only Chaos can use a Bolt on a hex with a Curse
    sc = place_card(scenario(), "new_emperor", 3, units={"younglings": 3}, curse=True)
    rig_round(sc, [], blank(row("new_emperor", 3, "archery")))
    rig_round(sc, younglings("H", "", ""), [("purple", "BB"), ("blue", ""), ("red", "S"), ("yellow", ""), ("white", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    assert godpowers(g, 2, "new_emperor") == 0 and player_tally(g, 2) == (0, 1)
    assert g.state.vp_empire == 0
