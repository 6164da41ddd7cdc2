"""Every Legion and Horde in content/nemesis.yaml: its immediate effect, its combat ability,
its Godpower (fired by a rigged Bolt, within its once-per limit, extra Bolts cancelling
Shields) and what happens when it is destroyed.

Rigged dice are dealt per colour in roll order, the attacking side's dice first; the
Younglings attack, so their dice come first in every colour.
"""
from __future__ import annotations

from uprising_tui.engine.refs import SourceRef

from .nemesis_card_fixtures import (
    BADLANDS,
    CAPITAL,
    HOME,
    ICE,
    LEGIONS,
    activate,
    blank,
    events,
    fight,
    in_round,
    place_card,
    play_out,
    player_tally,
    pytest,
    rig_round,
    rolled,
    row,
    run_effect_script,
    scenario,
    younglings,
)


# ============================================================================ immediate effects
@pytest.mark.parametrize("card", LEGIONS)
def test_legion_immediate_places_its_target(card):
    # every Legion's immediate effect starts with its Target: a faction with no Target, on its
    # Haven with the fewest Units
    sc = scenario().at("H07", tile=ICE, haven="duerkhar").at(HOME, units={"younglings": 2})
    sc.at("H09", tile="zeegaard").at("H13", tile="dawngaard")
    sc.decks(legion_deck=[card])
    g = sc.game(script=run_effect_script([{"op": "place_legion", "threat": 3}]))
    play_out(g, {"remove_sea_tower": "hex:H13"})
    c = g.state.legions[card]
    assert (c.target, c.target_faction) == ("H07", "duerkhar")
    assert c.threat == 3
    assert events(g, "TargetPlaced")[0].card == card


def test_butcher_immediate_every_player_loses_half_their_plunder():
    sc = scenario(2).player("duerkhar", plunder=7).player("druwhn", plunder=1).decks(legion_deck=["butcher"])
    g = sc.game(script=run_effect_script([{"op": "place_legion", "threat": 4}]))
    play_out(g, {"target_faction": "faction:druwhn"})
    st = g.state
    assert (st.player("duerkhar").plunder, st.player("druwhn").plunder) == (4, 1)
    assert st.legions["butcher"].target_faction == "druwhn" and st.legions["butcher"].hex == CAPITAL


def test_mage_breaker_immediate_removes_a_sea_tower_and_moves_there():
    sc = scenario().at("H09", tile="zeegaard", garrisons=1).at("H13", tile="dawngaard")
    sc.decks(legion_deck=["mage_breaker"])
    g = sc.game(script=run_effect_script([{"op": "place_legion", "threat": 4}]))
    play_out(g)
    st = g.state
    assert st.hexes["H13"].sea_tower_removed and not g.board.is_sea_tower("H13")  # empty if possible
    assert not st.hexes["H09"].sea_tower_removed
    assert st.legions["mage_breaker"].hex == "H13" and st.hexes[CAPITAL].legions == []


def test_new_emperor_immediate_activates_every_legion():
    sc = scenario().at("H05", tile=ICE, legions=[("warlock", 3)]).decks(legion_deck=["new_emperor"])
    sc.target("warlock", HOME, "duerkhar")
    g = sc.game(script=run_effect_script([{"op": "place_legion", "threat": 4}]))
    play_out(g)
    acts = [e.card for e in events(g, "NemesisActivated")]
    assert sorted(acts) == ["new_emperor", "warlock"]
    assert acts == ["warlock", "new_emperor"]  # initiative 5 before 29
    assert g.state.legions["warlock"].tokens == 0  # no Activation Token needed
    assert g.state.hexes["H05"].garrisons == [1] and g.state.hexes[CAPITAL].garrisons == [1]


@pytest.mark.parametrize("card", ["warlock", "spymaster", "assassin", "imperial_guard", "executioner"])
def test_legion_immediate_is_only_the_target(card):
    sc = scenario().player("duerkhar", plunder=7).decks(legion_deck=[card])
    g = sc.game(script=run_effect_script([{"op": "place_legion", "threat": 4}]))
    play_out(g)
    st = g.state
    assert st.legions[card].hex == CAPITAL and st.legions[card].target == HOME
    assert st.player("duerkhar").plunder == 7
    assert (st.vp_empire, st.vp_chaos) == (0, 0)
    assert not events(g, "NemesisActivated") and not events(g, "GarrisonPlaced")


def place_horde_here(card, threat=4, sc=None, hid="H07", prefer=None):
    sc = (sc or scenario()).decks(horde_deck=[card])
    if hid not in ("W01",):
        sc.at(hid, tile=ICE)
    g = sc.game(script=run_effect_script([{"op": "place_horde", "where": "here", "threat": threat}], hex=hid))
    play_out(g, prefer)
    return g


def test_lich_queen_immediate_curses_her_hex():
    g = place_horde_here("lich_queen")
    assert g.state.hexes["H07"].curse and g.state.curse_reserve == 8
    # on a hex that is already Cursed, Chaos gains 1 VP instead
    g = place_horde_here("lich_queen", sc=scenario().at("H07", curse=True))
    assert g.state.vp_chaos == 1 and g.state.curse_reserve == 8


def test_counter_of_omens_immediate_two_skeletons_on_his_hex():
    g = place_horde_here("counter_of_omens")
    assert g.state.hexes["H07"].skeletons == 2 and g.state.hordes["counter_of_omens"].hex == "H07"


def test_banished_immediate_threat_5_and_a_quest_failure():
    sc = scenario().decks(quest_offer=["rally_the_refugees", "beast_of_the_moors"])
    g = place_horde_here("banished", threat=2, sc=sc, prefer={"quest_failure": "quest:beast_of_the_moors"})
    st = g.state
    assert st.hordes["banished"].threat == 5
    assert st.vp_chaos == 2  # Beast of the Moors' failure effect
    assert st.quest_offer == ["rally_the_refugees"]


def test_oda_immediate_threat_for_him_and_every_other_horde_and_legion():
    sc = scenario().at("W01", hordes=[("siren", 3)]).at(CAPITAL, legions=[("warlock", 7)])
    g = place_horde_here("oda_the_fallen", threat=4, sc=sc)
    st = g.state
    assert st.hordes["oda_the_fallen"].threat == 6
    assert st.hordes["siren"].threat == 4
    assert st.legions["warlock"].threat == 7 and st.vp_empire == 1  # above the maximum: 1 VP


@pytest.mark.parametrize("card", ["coven_of_yssat", "bloodwyrm", "siren", "false_messiah"])
def test_horde_without_immediate_effect(card):
    g = place_horde_here(card, threat=4)
    st = g.state
    assert st.hordes[card].threat == 4 and st.hordes[card].hex == "H07"
    h = st.hexes["H07"]
    assert (h.curse, h.skeletons, h.garrisons, st.vp_chaos, st.vp_empire) == (False, 0, [], 0, 0)


# ============================================================================ combat abilities
def archery_colours(card, threat, tile, **hex_kw):
    sc = place_card(scenario(), card, threat, tile=tile, units={"younglings": 5}, **hex_kw)
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    arch = rolled(g, "archery")
    clash = rolled(g, "clash")
    return ([c for c, _ in arch[0].dice_b] if arch else None,
            [c for c, _ in clash[0].dice_b] if clash else None)


@pytest.mark.parametrize("card,n", [("butcher", 3), ("assassin", 2), ("imperial_guard", 1), ("new_emperor", 2)])
def test_extra_red_dice_in_archery_on_badlands(card, n):
    arch, clash = archery_colours(card, 7, BADLANDS)
    assert arch == row(card, 7, "archery") + ["red"] * n
    arch, _ = archery_colours(card, 7, ICE)
    assert arch == row(card, 7, "archery")


def test_butcher_extra_dice_are_archery_only():
    sc = place_card(scenario(), "butcher", 7, tile=BADLANDS, units={"younglings": 5})
    rig_round(sc, [], blank(row("butcher", 7, "archery") + ["red"] * 3))
    rig_round(sc, younglings("", "", "", "", ""), [("black", "S"), ("purple", ""), ("purple", ""), ("red", ""), ("red", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    assert [c for c, _ in rolled(g, "clash")[0].dice_b] == row("butcher", 7, "clash")


def test_warlock_is_adjacent_to_every_hex():
    # from the Capital he steps straight onto his Target, three hexes away
    sc = scenario().at(CAPITAL, legions=[("warlock", 3)]).at("H07", tile=ICE, haven="duerkhar")
    sc.target("warlock", "H07", "duerkhar")
    g = sc.game(script=activate("warlock"))
    play_out(g)
    assert g.state.legions["warlock"].hex == "H07"
    assert g.state.hexes["H07"].haven is None  # he razes the Haven
    # an ordinary Legion takes one step
    sc = scenario().at(CAPITAL, legions=[("assassin", 3)]).at("H07", tile=ICE, haven="duerkhar")
    sc.target("assassin", "H07", "duerkhar")
    g = sc.game(script=activate("assassin"))
    play_out(g)
    assert g.state.legions["assassin"].hex == "H01"


def test_spymaster_enemies_can_not_use_shields():
    sc = place_card(scenario(), "spymaster", 4, units={"younglings": 3})
    rig_round(sc, [], blank(row("spymaster", 4, "archery")))
    # Clash at Threat 4: purple, blue, blue, red, white - two Skulls, no Bolt
    rig_round(sc, younglings("H", "H", ""), [("purple", "S"), ("blue", "S"), ("blue", ""), ("red", ""), ("white", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    assert [c for c, _ in rolled(g, "clash")[0].dice_a] == ["blue"] * 3
    assert player_tally(g, 2) == (2, 0)  # two Shields rolled, none counts
    assert [e for e in events(g, "UnitDestroyed")][:2] and len(
        [e for e in in_round(g, 2, "UnitDestroyed")]) == 2


def test_mage_breaker_gains_a_die_of_every_colour():
    arch, clash = archery_colours("mage_breaker", 3, ICE)
    six = ["white", "yellow", "red", "blue", "purple", "black"]
    assert arch == row("mage_breaker", 3, "archery") + six


def test_mage_breaker_removes_a_sea_tower_whenever_she_retargets():
    sc = scenario().at("H07", tile=ICE, haven="duerkhar").at("H09", tile="zeegaard").at("H13", tile="dawngaard")
    sc.at(CAPITAL, legions=[("mage_breaker", 3)]).target("mage_breaker", "H07", "duerkhar")
    g = sc.game(script=run_effect_script([{"op": "remove_haven"}], hex="H07"))
    play_out(g, {"remove_sea_tower": "hex:H09"})
    st = g.state
    assert st.legions["mage_breaker"].target == HOME
    assert st.hexes["H09"].sea_tower_removed and not st.hexes["H13"].sea_tower_removed
    assert st.legions["mage_breaker"].hex == CAPITAL  # a retarget does not move her


def test_executioner_extra_purple_die_where_her_target_stands():
    sc = place_card(scenario(), "executioner", 5, hid=HOME, tile=None, units={"younglings": 5})
    g = sc.game(script=fight(HOME, attacker="duerkhar"))
    play_out(g)
    first = rolled(g)
    arch = [e for e in first if e.part == "archery"]
    clash = [e for e in first if e.part == "clash"]
    # Highlands (the Duerkhar home): one Archery die, her strongest - the purple from her ability
    assert [c for c, _ in arch[0].dice_b] == ["purple"]
    assert [c for c, _ in clash[0].dice_b] == row("executioner", 5, "clash") + ["purple"]
    _, clash = archery_colours("executioner", 5, ICE)
    assert clash == row("executioner", 5, "clash")


@pytest.mark.parametrize("card", ["warlock", "spymaster", "lich_queen", "coven_of_yssat", "counter_of_omens", "bloodwyrm",
                                  "siren", "banished", "false_messiah"])
def test_cards_without_extra_dice_roll_their_rows(card):
    threat = 5 if card == "banished" else 6
    for tile in (ICE, BADLANDS):
        arch, clash = archery_colours(card, threat, tile)
        assert arch == row(card, threat, "archery")
        if clash is not None:
            assert clash == row(card, threat, "clash")


def test_siren_enemies_can_not_use_bolts():
    sc = place_card(scenario(), "siren", 4, units={"oathsworn": 1, "younglings": 2}).decks(druids=["watcher", "stormcaller"])
    rig_round(sc, [], [("red", "")])  # Archery at Threat 4: one red
    # Clash: the Oathsworn rolls a Bolt; the Siren purple, yellow, white x3
    rig_round(sc, [("blue", "H"), ("blue", ""), ("red", "SB")], [("purple", ""), ("yellow", "S"), ("white", ""), ("white", ""), ("white", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    taken = play_out(g)
    assert not [k for k, _ in taken if k == "bolt"]  # the Bolt can do nothing: no Godpower, no Shield broken
    assert not [e for e in in_round(g, 2, "GodpowerUsed")]
    # control: against another Horde the same Bolt is a choice
    sc = place_card(scenario(), "bloodwyrm", 1, units={"oathsworn": 1}).decks(druids=["watcher"])
    rig_round(sc, [], [("red", "")])
    rig_round(sc, [("red", "SB")], [("red", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    taken = play_out(g)
    assert [k for k, _ in taken if k == "bolt"]


def test_banished_rerolls_one_blank_per_revealed_druid():
    def game(druids):
        sc = place_card(scenario(), "banished", 2, units={"younglings": 3}).decks(druids=druids)
        rig_round(sc, [], [("blue", "")])  # Archery at Threat 2: one blue
        sc.rig(blue=[])  # the Banished reroll her Archery blank too
        return sc
    # Threat 2 Clash: red, white. All blanks; with 2 Druids both blanks are rerolled (into Skulls)
    sc = game(["watcher", "stormcaller"])
    sc.rig(blue=["S"])  # the Archery reroll
    rig_round(sc, younglings("", "", ""), [("red", ""), ("white", "")])
    sc.rig(red=["S"], white=["S"])  # the Clash rerolls
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    rerolls = [(e.side, [i for i, *_ in e.dice], e.source) for e in events(g, "DiceRerolled")]
    because = SourceRef("ability", "banished", "reroll_blanks")
    assert rerolls[:2] == [("chaos", [0], because), ("chaos", [0, 1], because)]
    assert player_tally(g, 2) == (2, 0)
    # no Druids revealed: no reroll
    sc = game([])
    rig_round(sc, younglings("", "", ""), [("red", ""), ("white", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    assert not events(g, "DiceRerolled")


def test_false_messiah_extra_red_die_on_a_haven_or_with_imperial_units():
    _, clash = archery_colours("false_messiah", 6, ICE)
    assert clash == row("false_messiah", 6, "clash")
    _, clash = archery_colours("false_messiah", 6, ICE, haven="duerkhar")
    assert clash == row("false_messiah", 6, "clash") + ["red"]
    arch, _ = archery_colours("false_messiah", 6, ICE, haven="duerkhar")
    assert arch == row("false_messiah", 6, "archery") + ["red"]


def test_oda_skips_the_archery_round():
    sc = place_card(scenario(), "oda_the_fallen", 2, units={"spearsingers": 3})
    # Spearsingers are archers, yet no Archery round is fought: Clash at once (white x3 vs black, yellow)
    rig_round(sc, [("white", "S"), ("white", "S"), ("white", "")], [("black", "S"), ("yellow", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    assert [e.part for e in rolled(g)] == ["clash"]
    assert "oda_the_fallen" not in g.state.hordes
