"""Every Legion (content/nemesis.yaml): its immediate effect, its combat ability, its Godpower
(fired by a rigged Bolt, within its printed limit; extra Bolts cancel Shields) and what happens
when it is destroyed. Test names follow the card-test convention: test_<card_id>__<aspect>.

Rigged dice are dealt per colour in roll order, the attacking side's dice first.
"""
from __future__ import annotations

from ..helpers import real_ids
from .nemesis_fixtures import (
    BADLANDS,
    CAPITAL,
    HOME,
    ICE,
    SIX,
    activate,
    blank,
    check_dice,
    destroy,
    dice_seen,
    enter,
    events,
    fight,
    godpowers,
    gp_scenario,
    in_round,
    place_card,
    play_out,
    player_tally,
    rig_round,
    rolled,
    row,
    scenario,
    threats,
    younglings,
    only_the_target,
    only_vp,
    rolls_its_rows,
    targets_the_emptiest_haven,
)


# ============================================================================ the Warlock
def test_warlock__immediate_places_his_target():
    only_the_target("warlock")


def test_warlock__adjacent_to_every_hex():
    # from the Capital he steps straight onto his Target, three hexes away, and razes it
    sc = scenario().at(CAPITAL, legions=[("warlock", 3)]).at("H07", tile=ICE, haven="duerkhar")
    sc.target("warlock", "H07", "duerkhar")
    g = sc.game(script=activate("warlock"))
    play_out(g)
    assert g.state.legions["warlock"].hex == "H07" and g.state.hexes["H07"].haven is None
    rolls_its_rows("warlock")


def test_warlock__godpower_every_bolt_removes_what_the_player_chooses():
    sc = place_card(scenario(), "warlock", 7, units={"younglings": 3}, haven="duerkhar", tower=True, wall=True)
    rig_round(sc, [("white", "")], [("blue", ""), ("yellow", "")])  # Archery: the Tower's white die
    nem1 = [("purple", "BB"), ("purple", ""), ("blue", ""), ("red", "S"), ("yellow", "")]
    rig_round(sc, younglings("H", "", "") + [("white", ""), ("blue", "")], nem1)
    rig_round(sc, younglings("H", "", ""), [("purple", "SB"), ("purple", ""), ("blue", ""), ("red", ""), ("yellow", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    asked, picks = [], iter(["remove:wall", "remove:tower", "remove:haven"])

    def prefer(d):
        if d.kind == "remove_defense":
            asked.append((d.actor, real_ids(d)))
            return next(picks)  # the Wall before the Tower, then the Haven
        return None
    play_out(g, prefer)
    check_dice(g, 2, nem1)
    # no printed limit: both Bolts fire it; none is left to break the Shield
    assert godpowers(g, 2, "warlock") == 2 and player_tally(g, 2) == (0, 1)
    assert asked[:2] == [("duerkhar", ["remove:tower", "remove:wall", "remove:haven"]),
                         ("duerkhar", ["remove:tower", "remove:haven"])]  # the player whose hex it is chooses
    assert [e.hex for e in events(g, "HavenRemoved")] == ["H07"]
    assert [c for c, _ in rolled(g)[2].dice_a] == ["blue"] * 3  # neither Tower nor Wall rolls any more
    assert godpowers(g, 3, "warlock") == 1
    h = g.state.hexes["H07"]
    assert (h.tower, h.wall, h.haven) == (False, False, None)


def test_warlock__godpower_against_a_horde_takes_one_threat():
    sc = scenario().at("H07", tile=ICE, legions=[("warlock", 7)], hordes=[("coven_of_yssat", 3)])
    sc.target("warlock", HOME, "duerkhar")
    rig_round(sc, [("blue", ""), ("yellow", "")], [("yellow", ""), ("yellow", "")])  # Archery
    rig_round(sc, [("purple", "SB"), ("purple", ""), ("blue", ""), ("red", ""), ("yellow", "")],
              [("purple", ""), ("blue", ""), ("blue", ""), ("white", "")])
    g = sc.game(script=fight("H07", attacker="empire"))
    play_out(g)
    assert threats(g)[:2] == [("coven_of_yssat", 3, 2), ("coven_of_yssat", 2, 1)]  # the Skull, then the Godpower


def test_warlock__destroyed_three_vp():
    only_vp("warlock", 3)


# ============================================================================ the Spymaster
def test_spymaster__immediate_places_his_target():
    only_the_target("spymaster")


def test_spymaster__enemies_can_not_use_shields():
    sc = place_card(scenario(), "spymaster", 4, units={"younglings": 3})
    rig_round(sc, [], blank(row("spymaster", 4, "archery")))
    rig_round(sc, younglings("H", "H", ""), [("purple", "S"), ("blue", "S"), ("blue", ""), ("red", ""), ("white", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    assert player_tally(g, 2) == (2, 0) and len(in_round(g, 2, "UnitDestroyed")) == 2
    rolls_its_rows("spymaster")


def test_spymaster__godpower_discard_the_dearest_item_or_he_loses_two_threat_once_per_round():
    sc = gp_scenario("spymaster", 7, units=3).player("duerkhar", items=["war_drum", "salt_ledger"])
    nem1 = [("purple", "BB"), ("purple", ""), ("blue", ""), ("red", "S"), ("red", "")]
    rig_round(sc, younglings("H", "", ""), nem1)
    rig_round(sc, younglings("", ""), [("purple", "SB"), ("purple", ""), ("blue", ""), ("blue", ""), ("red", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    picks = iter(["penalty", "threat"])
    play_out(g, lambda d: next(picks) if d.kind == "enemy_penalty" else None)
    check_dice(g, 2, nem1)
    assert godpowers(g, 2, "spymaster") == 1 and godpowers(g, 3, "spymaster") == 1
    assert [e.card for e in events(g, "CardDiscarded")] == ["war_drum"]  # the dearer Item (3 Salt)
    assert [c.id for c in g.state.player("duerkhar").items] == ["salt_ledger"]
    assert threats(g)[0] == ("spymaster", 7, 5)


def test_spymaster__destroyed_discards_the_market_four_vp():
    g = destroy("spymaster", setup=lambda sc: sc.decks(market=["flenser", "war_drum", "fen_longbow"],
                                                       item_deck=["salt_ledger", "druid_charm", "oath_ring"]))
    st = g.state
    assert st.market == ["salt_ledger", "druid_charm", "oath_ring"]
    assert st.item_discard == ["flenser", "war_drum", "fen_longbow"]
    assert st.player("duerkhar").vp == 4


# ============================================================================ the Assassin
def test_assassin__immediate_places_her_target():
    only_the_target("assassin")


def test_assassin__two_red_archery_dice_on_badlands():
    assert dice_seen("assassin", 7, BADLANDS)[0] == row("assassin", 7, "archery") + ["red"] * 2
    assert dice_seen("assassin", 7, ICE)[0] == row("assassin", 7, "archery")


def test_assassin__godpower_two_skulls_once_per_round():
    sc = gp_scenario("assassin", 6)  # Clash at 6: purple, blue, red, red, yellow
    nem1 = [("purple", "BB"), ("blue", ""), ("red", "S"), ("red", ""), ("yellow", "")]
    rig_round(sc, younglings("H", "", "", "", ""), nem1)
    rig_round(sc, younglings("H", ""), [("purple", "SB"), ("blue", ""), ("red", ""), ("red", ""), ("yellow", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    check_dice(g, 2, nem1)
    assert godpowers(g, 2, "assassin") == 1 and player_tally(g, 2) == (3, 0)  # 1 rolled + 2; the Shield broken
    assert godpowers(g, 3, "assassin") == 1 and player_tally(g, 3) == (2, 1)


def test_assassin__destroyed_three_vp():
    only_vp("assassin", 3)


# ============================================================================ the Imperial Guard
def test_imperial_guard__immediate_places_its_target():
    only_the_target("imperial_guard")


def test_imperial_guard__one_red_archery_die_on_badlands():
    assert dice_seen("imperial_guard", 7, BADLANDS)[0] == row("imperial_guard", 7, "archery") + ["red"]
    assert dice_seen("imperial_guard", 7, ICE)[0] == row("imperial_guard", 7, "archery")


def test_imperial_guard__godpower_two_shields_once_per_round():
    sc = gp_scenario("imperial_guard", 7, units=3)  # Clash at 7: purple x3, blue x2, red
    nem1 = [("purple", "BB"), ("purple", ""), ("purple", ""), ("blue", ""), ("blue", ""), ("red", "S")]
    rig_round(sc, younglings("S", "S", "H"), nem1)
    rig_round(sc, younglings("S", "S"), [("purple", "SB"), ("purple", ""), ("purple", ""), ("blue", ""), ("blue", ""), ("red", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    check_dice(g, 2, nem1)
    for n in (2, 3):
        guard = [e for e in in_round(g, n, "CombatTally") if e.side == "empire"][0]
        assert (guard.skulls, guard.blocked) == (0, 2) and godpowers(g, n, "imperial_guard") == 1
    assert player_tally(g, 2) == (1, 0) and g.state.legions["imperial_guard"].threat == 7


def test_imperial_guard__destroyed_takes_one_unit_the_players_choose():
    g = destroy("imperial_guard", setup=lambda sc: sc.at("H07", units={"spearsingers": 2, "oathsworn": 1}),
                shooters=2, prefer={"destroy_choice": "unit:oathsworn"})
    st = g.state
    assert st.player("duerkhar").vp == 5 and st.hexes["H07"].units == {"spearsingers": 2}
    assert st.graveyard_empire == {"duerkhar": {"oathsworn": 1}}


def test_imperial_guard__destroyed_by_a_horde_takes_one_threat_and_can_destroy_it():
    sc = scenario().at("H07", tile=ICE, legions=[("imperial_guard", 1)], hordes=[("bloodwyrm", 5)])
    sc.target("imperial_guard", HOME, "duerkhar")
    rig_round(sc, [("red", "S"), ("red", "")], [("white", "")])  # Archery: Bloodwyrm red x2 | Guard white
    g = sc.game(script=fight("H07", attacker="chaos"))
    play_out(g)
    assert "imperial_guard" not in g.state.legions and g.state.vp_chaos == 5
    assert g.state.hordes["bloodwyrm"].threat == 4
    sc = scenario().at("H07", tile=ICE, legions=[("imperial_guard", 1)], hordes=[("bloodwyrm", 1)])
    sc.target("imperial_guard", HOME, "duerkhar")
    rig_round(sc, [("red", "S")], [("white", "")])
    g = sc.game(script=fight("H07", attacker="chaos"))
    play_out(g)
    assert [(e.card, e.by) for e in events(g, "NemesisDestroyed")] == [("imperial_guard", "chaos"), ("bloodwyrm", "empire")]
    assert (g.state.vp_chaos, g.state.vp_empire) == (5, 4)


# ============================================================================ the Mage Breaker
def test_mage_breaker__immediate_removes_a_sea_tower_and_moves_there():
    targets_the_emptiest_haven("mage_breaker")
    sc = scenario().at("H09", tile="zeegaard", garrisons=1).at("H13", tile="dawngaard")
    g = enter("mage_breaker", 4, sc)
    st = g.state
    assert st.hexes["H13"].sea_tower_removed and not g.board.is_sea_tower("H13")  # an empty one if possible
    assert not st.hexes["H09"].sea_tower_removed
    assert st.legions["mage_breaker"].hex == "H13" and st.hexes[CAPITAL].legions == []


def test_mage_breaker__a_die_of_every_colour_and_a_sea_tower_lost_every_time_she_enlarges():
    assert dice_seen("mage_breaker", 3, ICE)[0] == row("mage_breaker", 3, "archery") + SIX
    from .nemesis_fixtures import run_effect_script

    def board():
        sc = scenario().at("H07", tile=ICE, haven="duerkhar").at("H09", tile="zeegaard").at("H13", tile="dawngaard")
        return sc.at(CAPITAL, legions=[("mage_breaker", 3)]).target("mage_breaker", "H07", "duerkhar")

    # her Threat rises (an effect, as the Events Phase does): one Sea Tower is lost
    g = board().game(script=run_effect_script([{"op": "threat", "which": "all_legions", "amount": 1}]))
    play_out(g, {"remove_sea_tower": "hex:H09"})
    st = g.state
    assert st.legions["mage_breaker"].threat == 4
    assert st.hexes["H09"].sea_tower_removed and not st.hexes["H13"].sea_tower_removed
    # retargeting loses none, and nor does a Threat that falls
    g = board().game(script=run_effect_script([{"op": "remove_haven"}, {"op": "threat", "which": "all_legions",
                                                                       "amount": -1}], hex="H07"))
    play_out(g)
    st = g.state
    assert st.legions["mage_breaker"].target == HOME and st.legions["mage_breaker"].threat == 2
    assert not st.hexes["H09"].sea_tower_removed and not st.hexes["H13"].sea_tower_removed


def test_mage_breaker__events_phase_growth_costs_a_sea_tower():
    from uprising_tui.engine.scenario import run_phase
    sc = scenario().at("H09", tile="zeegaard").at(CAPITAL, legions=[("mage_breaker", 3)])
    g = sc.game(script=run_phase("events"))
    play_out(g)
    st = g.state
    assert st.legions["mage_breaker"].threat >= 5 and st.hexes["H09"].sea_tower_removed


def test_mage_breaker__godpower_once_per_round_one_skull_per_bolt_on_all_dice():
    # one Bolt of hers and one of the Duerkhar's red die: 2 Skulls, and her second black die's 1;
    # the Younglings' Shield blocks 1
    sc = place_card(scenario(), "mage_breaker", 1, units={"younglings": 4, "oathsworn": 1})
    rig_round(sc, [], blank(row("mage_breaker", 1, "archery") + SIX))  # her two black dice hit: 2 Younglings fall
    nem1 = [("black", "B"), ("yellow", ""), ("white", ""), ("white", ""), ("yellow", ""), ("red", ""), ("blue", ""),
            ("purple", ""), ("black", "S")]
    rig_round(sc, [("blue", "H"), ("blue", ""), ("red", "SB")], nem1)
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"bolt": "bolt:none", "assign_damage": "unit:younglings"})
    check_dice(g, 2, nem1)
    assert godpowers(g, 2, "mage_breaker") == 1 and player_tally(g, 2) == (2, 1)


def test_mage_breaker__godpower_fires_once_her_other_bolts_break_shields():
    sc = place_card(scenario(), "mage_breaker", 1, units={"younglings": 5})
    rig_round(sc, [], blank(row("mage_breaker", 1, "archery") + SIX))
    nem1 = [("black", "B"), ("yellow", ""), ("white", ""), ("white", ""), ("yellow", ""), ("red", ""), ("blue", ""),
            ("purple", ""), ("black", "B")]
    rig_round(sc, younglings("H", "H", ""), nem1)
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    check_dice(g, 2, nem1)
    # the first Bolt: 2 Skulls (both her Bolts count); the second cancels one of the two Shields
    assert godpowers(g, 2, "mage_breaker") == 1 and player_tally(g, 2) == (1, 1)


def test_mage_breaker__destroyed_discards_the_market_one_vp():
    g = destroy("mage_breaker", setup=lambda sc: sc.decks(market=["flenser", "war_drum", "fen_longbow"],
                                                          item_deck=["salt_ledger", "druid_charm", "oath_ring"]))
    assert g.state.market == ["salt_ledger", "druid_charm", "oath_ring"]
    assert g.state.item_discard == ["flenser", "war_drum", "fen_longbow"]
    assert g.state.player("duerkhar").vp == 1


# ============================================================================ the Executioner
def test_executioner__immediate_places_her_target():
    only_the_target("executioner")


def test_executioner__a_purple_die_where_any_target_stands():
    # on her own Target (the Duerkhar home, Highlands: one Archery die, her strongest: the purple)
    sc = place_card(scenario(), "executioner", 5, hid=HOME, tile=None, units={"younglings": 5})
    g = sc.game(script=fight(HOME, attacker="duerkhar"))
    play_out(g)
    assert [c for c, _ in rolled(g, "archery")[0].dice_b] == ["purple"]
    assert [c for c, _ in rolled(g, "clash")[0].dice_b] == row("executioner", 5, "clash") + ["purple"]
    # any Legion's Target counts: the Assassin's Target on H07
    sc = place_card(scenario(), "executioner", 5, units={"younglings": 5}).at(CAPITAL, legions=[("assassin", 3)])
    sc.target("assassin", "H07", "duerkhar")
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    assert [c for c, _ in rolled(g, "clash")[0].dice_b] == row("executioner", 5, "clash") + ["purple"]
    # no Target here: her rows only
    assert dice_seen("executioner", 5, ICE)[1] == row("executioner", 5, "clash")


def test_executioner__godpower_the_dearest_unit_leaves_the_game_once_per_combat():
    sc = gp_scenario("executioner", 5, units=3)  # Clash at 5: black, purple, yellow, yellow
    nem1 = [("black", "B"), ("purple", "SB"), ("yellow", ""), ("yellow", "")]
    rig_round(sc, younglings("H", "", ""), nem1)
    rig_round(sc, younglings("H", ""), [("black", "B"), ("purple", "S"), ("yellow", ""), ("yellow", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"enemy_penalty": "unit"})
    check_dice(g, 2, nem1)
    p = g.state.player("duerkhar")
    assert godpowers(g, 2, "executioner") == 1 and player_tally(g, 2) == (1, 0)
    assert p.removed_units == {"koloth": 1} and p.reserve["koloth"] == 0  # from the reserve, out of the game
    assert godpowers(g, 3, "executioner") == 0 and player_tally(g, 3) == (1, 0)


def test_executioner__godpower_or_she_loses_two_threat():
    sc = gp_scenario("executioner", 5, units=3)
    rig_round(sc, younglings("H", "", ""), [("black", "B"), ("purple", "SB"), ("yellow", ""), ("yellow", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"enemy_penalty": "threat"})
    p = g.state.player("duerkhar")
    assert p.removed_units == {} and p.reserve["koloth"] == 1
    assert ("executioner", 5, 3) in threats(g)
    # against a Horde she takes 2 Threat from it
    sc = scenario().at("H07", tile=ICE, legions=[("executioner", 2)], hordes=[("bloodwyrm", 4)])
    sc.target("executioner", HOME, "duerkhar")
    rig_round(sc, [("white", ""), ("white", "")], [("red", ""), ("red", "")])  # Archery at 2: white x2 | red x2
    rig_round(sc, [("black", "B"), ("purple", "")], [("red", ""), ("red", ""), ("red", ""), ("red", "")])
    g = sc.game(script=fight("H07", attacker="empire"))
    play_out(g)
    assert threats(g)[0] == ("bloodwyrm", 4, 2)


def test_executioner__destroyed_three_vp():
    only_vp("executioner", 3)


# ============================================================================ the New Emperor
def test_new_emperor__immediate_activates_every_legion():
    targets_the_emptiest_haven("new_emperor")
    sc = scenario().at("H05", tile=ICE, legions=[("warlock", 3)]).target("warlock", HOME, "duerkhar")
    g = enter("new_emperor", 4, sc)
    assert [e.card for e in events(g, "NemesisActivated")] == ["warlock", "new_emperor"]  # initiative 5, then 29
    assert g.state.legions["warlock"].tokens == 0  # no Activation Token needed
    assert g.state.hexes["H05"].garrisons == [1] and g.state.hexes[CAPITAL].garrisons == [1]


def test_new_emperor__two_red_archery_dice_on_badlands():
    assert dice_seen("new_emperor", 7, BADLANDS)[0] == row("new_emperor", 7, "archery") + ["red"] * 2
    assert dice_seen("new_emperor", 7, ICE)[0] == row("new_emperor", 7, "archery")


def test_new_emperor__archery_at_threat_6_and_7_as_published():
    # the rulebook is silent there: the published rows (two dice), not our former three (rulings.md 54)
    assert dice_seen("new_emperor", 7, ICE)[0] == ["white", "blue"]
    assert dice_seen("new_emperor", 6, ICE)[0] == ["blue", "white"]
    assert dice_seen("new_emperor", 5, ICE)[0] == ["blue", "white", "white"]  # the rulebook's example row


def test_new_emperor__godpower_two_empire_vp_once_per_round():
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


def test_new_emperor__godpower_no_bolts_on_a_cursed_hex():
    sc = place_card(scenario(), "new_emperor", 3, units={"younglings": 3}, curse=True)
    rig_round(sc, [], blank(row("new_emperor", 3, "archery")))
    rig_round(sc, younglings("H", "", ""), [("purple", "BB"), ("blue", ""), ("red", "S"), ("yellow", ""), ("white", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    assert godpowers(g, 2, "new_emperor") == 0 and player_tally(g, 2) == (0, 1) and g.state.vp_empire == 0


def test_new_emperor__destroyed_two_garrisons_on_empty_hexes_five_vp():
    g = destroy("new_emperor", prefer={"place_garrison": ["hex:H01", "hex:H02"]})
    st = g.state
    assert st.hexes["H01"].garrisons == [1] and st.hexes["H02"].garrisons == [1]
    assert sum(len(h.garrisons) for h in st.hexes.values()) == 2 and st.player("duerkhar").vp == 5
