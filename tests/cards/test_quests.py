"""Every Quest that is not advanced: each goal's reward and the solve effect (the roll meets the
goals named), the failure effect, the immediate effect when it is dealt, an ongoing effect of a
Quest kept in play, and its bonus dice. Test names: test_<quest_id>__<aspect>. The Druidic
Prophetess and Instruction of the Druids are also replayed from the rulebook in
test_quests_rulebook.py.

Faces: black SSS/SS/S/B, blue H/S/blank, purple BB/SB/S/blank, white SH/S/H/blank.
"""
from __future__ import annotations

from .quest_fixtures import (
    FEATS,
    ICE,
    attempt,
    bonus_colours,
    dealt,
    events,
    gone,
    plain_colours,
    play_out,
    quest_scenario,
    res,
    resolved,
)

H, B, SSS, SS, S = ("blue", "H"), ("black", "B"), ("black", "SSS"), ("black", "SS"), ("black", "S")


def failed(qid: str, theirs=(), sc=None):
    g = attempt(qid, [("blue", "")], theirs, sc=sc)
    assert resolved(g) == [(qid, "fails", 0)]
    return g


# ============================================================================ Druidic Prophetess, Instruction of the Druids
def test_druidic_prophetess__bonus_die_of_choice_on_a_curse():
    assert bonus_colours("druidic_prophetess", "curse") == ["black"] and plain_colours("druidic_prophetess") == []


def test_instruction_of_the_druids__solved_gain_any_feat_and_a_vp_per_goal():
    g = attempt("instruction_of_the_druids", [H, B], prefer={"gain_feat": "feat:yanny_stone_discipline"})
    p = g.state.player("duerkhar")
    assert resolved(g) == [("instruction_of_the_druids", "solves", 2)]
    assert [c.id for c in p.feats] == ["yanny_stone_discipline"] and sorted(p.feat_deck) == sorted(FEATS[:2])
    assert p.vp == 2 and gone(g, "instruction_of_the_druids")


def test_instruction_of_the_druids__bonus_purple_on_a_marsh():
    assert bonus_colours("instruction_of_the_druids", "marsh") == ["purple"]


# ============================================================================ Bargain at the Ice Market
def test_ice_market_bargain__solved_salt_and_an_item():
    g = attempt("ice_market_bargain", [H, H, B])
    assert resolved(g) == [("ice_market_bargain", "solves", 2)]
    assert res(g) == (8, 5, 5)  # 1 for solving, 2 for the Shields
    assert [c.id for c in g.state.player("duerkhar").items] == ["salt_ledger"] and gone(g, "ice_market_bargain")


def test_ice_market_bargain__failed_empire_one_vp():
    g = failed("ice_market_bargain")
    assert (g.state.vp_empire, g.state.vp_chaos) == (1, 0) and gone(g, "ice_market_bargain")


def test_ice_market_bargain__bonus_die_of_choice_on_a_sea_tower():
    assert bonus_colours("ice_market_bargain", "sea_tower") == ["black"]


# ============================================================================ Cleanse the Barrow
def test_cleanse_the_barrow__solved_lifts_a_curse_near_and_one_anywhere():
    sc = quest_scenario("cleanse_the_barrow").at("H01", curse=True).at("H10", curse=True)
    g = attempt("cleanse_the_barrow", [SSS, B, B], sc=sc)
    st = g.state
    assert resolved(g) == [("cleanse_the_barrow", "solves", 2)]
    assert not st.hexes["H01"].curse and not st.hexes["H10"].curse and st.curse_reserve == 9
    assert st.player("duerkhar").vp == 1


def test_cleanse_the_barrow__failed_chaos_vp_and_a_skeleton():
    sc = quest_scenario("cleanse_the_barrow").at("H08", tile=ICE, skeletons=1)
    g = failed("cleanse_the_barrow", sc=sc)
    assert g.state.vp_chaos == 1 and g.state.hexes["H08"].skeletons == 2


def test_cleanse_the_barrow__bonus_purple_on_a_curse():
    assert bonus_colours("cleanse_the_barrow", "curse") == ["purple"]


# ============================================================================ Rally the Refugees
def test_rally_the_refugees__solved_a_unit_food_and_a_vp():
    g = attempt("rally_the_refugees", [H, H, B], prefer={"place_unit": "unit:spearsingers"})
    assert resolved(g) == [("rally_the_refugees", "solves", 2)]
    assert g.state.hexes["H14"].units == {"spearsingers": 1} and res(g) == (5, 5, 7)
    assert g.state.player("duerkhar").vp == 1


def test_rally_the_refugees__failed_empire_one_vp():
    assert failed("rally_the_refugees").state.vp_empire == 1


def test_rally_the_refugees__bonus_blue_on_your_haven():
    assert bonus_colours("rally_the_refugees", "haven") == ["blue"]


# ============================================================================ Raid the Supply Wagons
def test_raid_the_supply_wagons__solved_plunder_food_and_salt():
    g = attempt("raid_the_supply_wagons", [SSS, H, H])
    assert resolved(g) == [("raid_the_supply_wagons", "solves", 2)] and res(g) == (6, 7, 7)


def test_raid_the_supply_wagons__failed_empire_one_vp():
    assert failed("raid_the_supply_wagons").state.vp_empire == 1


def test_raid_the_supply_wagons__bonus_red_on_badlands():
    assert bonus_colours("raid_the_supply_wagons", "badlands") == ["red"]


# ============================================================================ Omens in the Smoke
def test_omens_in_the_smoke__immediate_a_skeleton_with_the_others():
    g = dealt("omens_in_the_smoke", quest_scenario().at("H08", tile=ICE, skeletons=1))
    assert g.state.hexes["H08"].skeletons == 2


def test_omens_in_the_smoke__solved_draws_a_feat_and_a_vp():
    g = attempt("omens_in_the_smoke", [B, B])
    p = g.state.player("duerkhar")
    assert resolved(g) == [("omens_in_the_smoke", "solves", 1)]
    assert [c.id for c in p.feats] == [FEATS[0]] and p.vp == 1


def test_omens_in_the_smoke__failed_a_skeleton():
    g = failed("omens_in_the_smoke", sc=quest_scenario("omens_in_the_smoke").at("H08", tile=ICE, skeletons=1))
    assert g.state.hexes["H08"].skeletons == 2 and (g.state.vp_chaos, g.state.vp_empire) == (0, 0)


def test_omens_in_the_smoke__bonus_purple_in_the_woods():
    assert bonus_colours("omens_in_the_smoke", "woods") == ["purple"]


# ============================================================================ The Drowned Bell
def test_the_drowned_bell__immediate_an_activation_token():
    g = dealt("the_drowned_bell", quest_scenario().at("W01", hordes=[("siren", 3)]))
    assert g.state.hordes["siren"].tokens == 1


def test_the_drowned_bell__solved_two_salt_and_a_vp():
    g = attempt("the_drowned_bell", [H, H, H])
    assert resolved(g) == [("the_drowned_bell", "solves", 1)] and res(g) == (7, 5, 5)
    assert g.state.player("duerkhar").vp == 1


def test_the_drowned_bell__failed_an_activation_token():
    g = failed("the_drowned_bell", sc=quest_scenario("the_drowned_bell").at("W01", hordes=[("siren", 3)]))
    assert g.state.hordes["siren"].tokens == 1


def test_the_drowned_bell__bonus_white_on_ice_waste():
    assert bonus_colours("the_drowned_bell", "ice_waste") == ["white"]


# ============================================================================ Imperial Tax Collectors
def test_imperial_tax_collectors__immediate_empire_one_vp():
    assert dealt("imperial_tax_collectors").state.vp_empire == 1


def test_imperial_tax_collectors__solved_plunder_vp_and_salt():
    g = attempt("imperial_tax_collectors", [H, H, SS])
    assert resolved(g) == [("imperial_tax_collectors", "solves", 2)]
    assert res(g) == (6, 7, 5) and g.state.player("duerkhar").vp == 1


def test_imperial_tax_collectors__failed_lose_half_your_salt():
    g = failed("imperial_tax_collectors", sc=quest_scenario("imperial_tax_collectors", salt=9))
    assert res(g) == (5, 5, 5)


def test_imperial_tax_collectors__bonus_die_of_choice_on_your_haven():
    assert bonus_colours("imperial_tax_collectors", "haven") == ["black"]


# ============================================================================ The Lost Caravan
def test_lost_caravan__solved_every_goal_pays():
    g = attempt("lost_caravan", [SS, H, H, B])
    assert resolved(g) == [("lost_caravan", "solves", 3)] and res(g) == (8, 7, 7)


def test_lost_caravan__failed_chaos_one_vp():
    assert failed("lost_caravan").state.vp_chaos == 1


def test_lost_caravan__bonus_die_of_choice_on_ice_waste():
    assert bonus_colours("lost_caravan", "ice_waste") == ["black"]


# ============================================================================ Beast of the Moors
def test_beast_of_the_moors__solved_three_vp():
    g = attempt("beast_of_the_moors", [SSS, S])
    assert resolved(g) == [("beast_of_the_moors", "solves", 1)] and g.state.player("duerkhar").vp == 3


def test_beast_of_the_moors__failed_chaos_two_vp():
    assert failed("beast_of_the_moors").state.vp_chaos == 2


def test_beast_of_the_moors__bonus_red_on_a_marsh():
    assert bonus_colours("beast_of_the_moors", "marsh") == ["red"]


# ============================================================================ Whispering Stones
def test_whispering_stones__solved_kept_in_play_and_a_vp():
    g = attempt("whispering_stones", [B, B])
    p = g.state.player("duerkhar")
    assert [c.id for c in p.quests] == ["whispering_stones"] and p.vp == 1
    assert "whispering_stones" not in g.state.quest_offer + g.state.quest_discard


def test_whispering_stones__ongoing_one_food_when_you_build_a_haven():
    from uprising_tui.engine.scenario import Scenario, turn

    from ..helpers import drive
    for holder, gains in (("krowh", 0), ("mohyar", 1)):
        sc = Scenario(["krowh", "mohyar"], heroes=["khaal", "ronja"]).empty_board().at("H07", tile=ICE)
        sc.player(holder, quests=["whispering_stones"])
        sc.player("mohyar", hero_hex="H07", food=0, plunder=5).player("krowh", food=0)
        g = sc.game(script=turn("mohyar"))
        drive(g, "haven")
        play_out(g)
        assert g.state.hexes["H07"].haven == "mohyar" and g.state.player(holder).food == gains, holder


def test_whispering_stones__failed_chaos_one_vp():
    assert failed("whispering_stones").state.vp_chaos == 1


def test_whispering_stones__bonus_purple_in_the_highlands():
    assert bonus_colours("whispering_stones", "highlands") == ["purple"]


# ============================================================================ Deserters' Camp
def test_deserters_camp__solved_a_basic_and_an_elite_unit():
    g = attempt("deserters_camp", [H, H, H], prefer={"place_unit": ["unit:younglings", "unit:koloth"]})
    assert resolved(g) == [("deserters_camp", "solves", 1)]
    assert g.state.hexes["H14"].units == {"younglings": 1, "koloth": 1}


def test_deserters_camp__failed_empire_two_vp():
    assert failed("deserters_camp").state.vp_empire == 2


def test_deserters_camp__bonus_blue_in_the_highlands():
    assert bonus_colours("deserters_camp", "highlands") == ["blue"]


# ============================================================================ Chart of the Nethersea
def test_chart_of_the_nethersea__solved_kept_in_play():
    g = attempt("chart_of_the_nethersea", [B, H])  # a Bolt and one Shield
    assert resolved(g) == [("chart_of_the_nethersea", "solves", 2)] and g.state.player("duerkhar").vp == 1
    assert [c.id for c in g.state.player("duerkhar").quests] == ["chart_of_the_nethersea"]


def test_chart_of_the_nethersea__one_goal_is_not_enough():
    g = attempt("chart_of_the_nethersea", [B])
    assert resolved(g) == [("chart_of_the_nethersea", "fails", 1)] and g.state.vp_empire == 1
    assert gone(g, "chart_of_the_nethersea")


def test_chart_of_the_nethersea__ongoing_one_salt_when_your_units_win_a_combat():
    from uprising_tui.engine.scenario import Scenario, fight
    for holder, gains in (("krowh", 0), ("mohyar", 1)):
        sc = Scenario(["krowh", "mohyar"], heroes=["khaal", "ronja"]).empty_board()
        sc.at("H07", tile=ICE, units={"berserkers": 2}, skeletons=1)
        sc.player(holder, quests=["chart_of_the_nethersea"], salt=0).player("mohyar", salt=0)
        sc.rig(red=["SS", "S", ""])  # the Berserkers kill the Skeleton, which misses
        g = sc.game(script=fight("H07", attacker="mohyar"))
        play_out(g)
        assert g.state.hexes["H07"].skeletons == 0 and g.state.player(holder).salt == gains, holder


def test_chart_of_the_nethersea__bonus_yellow_on_a_sea_tower():
    assert bonus_colours("chart_of_the_nethersea", "sea_tower") == ["yellow"]


# ============================================================================ The Champion's Challenge
def test_champions_challenge__solved_four_vp():
    g = attempt("champions_challenge", [SSS, SS, H, H], [("red", "")])
    assert resolved(g) == [("champions_challenge", "solves", 2)] and g.state.player("duerkhar").vp == 4


def test_champions_challenge__failed_empire_one_vp():
    assert failed("champions_challenge", [("red", "")]).state.vp_empire == 1


def test_champions_challenge__bonus_red_always():
    assert plain_colours("champions_challenge") == ["red"]


# ============================================================================ The Plague Pits
def test_plague_pits__immediate_a_curse_on_an_empty_hex():
    g = dealt("plague_pits", prefer={"place_curse": "hex:H10"})
    assert g.state.hexes["H10"].curse and g.state.curse_reserve == 8


def test_plague_pits__solved_lifts_any_curse_and_a_vp():
    g = attempt("plague_pits", [B, H], sc=quest_scenario("plague_pits").at("H10", curse=True))  # a Bolt, a Shield
    assert resolved(g) == [("plague_pits", "solves", 2)]
    assert not g.state.hexes["H10"].curse and g.state.player("duerkhar").vp == 1 and gone(g, "plague_pits")


def test_plague_pits__failed_chaos_vp_and_it_stays_on_offer():
    g = failed("plague_pits")
    assert g.state.vp_chaos == 1 and g.state.quest_offer == ["plague_pits"]


def test_plague_pits__bonus_purple_on_a_curse():
    assert bonus_colours("plague_pits", "curse") == ["purple"]


# ============================================================================ A Deal with Demons
def test_a_deal_with_demons__solved_any_feat_a_vp_per_goal_and_chaos_is_paid():
    g = attempt("a_deal_with_demons", [SSS, SS], prefer={"gain_feat": "feat:yanny_stone_discipline"})
    p = g.state.player("duerkhar")
    assert resolved(g) == [("a_deal_with_demons", "solves", 1)]
    assert [c.id for c in p.feats] == ["yanny_stone_discipline"] and p.vp == 1  # the Skulls' VP
    assert g.state.vp_chaos == 1 and gone(g, "a_deal_with_demons")  # the price, even when solved


def test_a_deal_with_demons__two_bolts_also_solve_it():
    g = attempt("a_deal_with_demons", [B, B], prefer={"gain_feat": "feat:yanny_stone_discipline"})
    assert resolved(g) == [("a_deal_with_demons", "solves", 1)] and g.state.player("duerkhar").vp == 1


def test_a_deal_with_demons__failed_chaos_two_vp():
    g = failed("a_deal_with_demons")
    assert (g.state.vp_chaos, g.state.vp_empire) == (2, 0) and gone(g, "a_deal_with_demons")


def test_a_deal_with_demons__bonus_black_on_a_curse():
    assert bonus_colours("a_deal_with_demons", "curse") == ["black"] and plain_colours("a_deal_with_demons") == []


# ============================================================================ The Frozen Wreck
def test_frozen_wreck__solved_an_item_salt_and_plunder():
    g = attempt("frozen_wreck", [SS, H, H])
    assert resolved(g) == [("frozen_wreck", "solves", 2)] and res(g) == (7, 6, 5)
    assert [c.id for c in g.state.player("duerkhar").items] == ["salt_ledger"]


def test_frozen_wreck__failed_chaos_one_vp():
    assert failed("frozen_wreck").state.vp_chaos == 1


def test_frozen_wreck__bonus_yellow_on_ice_waste():
    assert bonus_colours("frozen_wreck", "ice_waste") == ["yellow"]


# ============================================================================ Smugglers' Network
def test_smugglers_network__solved_kept_in_play_and_a_vp():
    g = attempt("smugglers_network", [B, H, SSS, S])  # a Bolt, a Shield and 4 Skulls: all three goals
    assert resolved(g) == [("smugglers_network", "solves", 3)] and g.state.player("duerkhar").vp == 2  # solve + Bolt
    assert [c.id for c in g.state.player("duerkhar").quests] == ["smugglers_network"]


def test_smugglers_network__two_goals_are_not_enough():
    g = attempt("smugglers_network", [B, H, SSS])
    assert resolved(g) == [("smugglers_network", "fails", 2)] and g.state.vp_empire == 1


def test_smugglers_network__ongoing_one_salt_whenever_a_legion_activates():
    from uprising_tui.engine.scenario import activate
    sc = quest_scenario(quests=["smugglers_network"]).at("H05", legions=[("assassin", 3)])
    sc.at("W01", hordes=[("siren", 3)]).state(lambda st: setattr(st.legions["assassin"], "target", "H00"))
    g = sc.game(script=activate("assassin", 2))
    play_out(g)
    assert res(g) == (7, 5, 5)  # twice: 1 Salt each time
    g = sc.game(script=activate("siren"))
    play_out(g)
    assert res(g) == (5, 5, 5)  # a Horde is not a Legion


def test_smugglers_network__failed_empire_one_vp():
    assert failed("smugglers_network").state.vp_empire == 1


def test_smugglers_network__bonus_die_of_choice_on_a_sea_tower():
    assert bonus_colours("smugglers_network", "sea_tower") == ["black", "black"]  # two dice of your choice


# ============================================================================ Free the Captives
def test_free_the_captives__solved_two_units_and_two_vp():
    g = attempt("free_the_captives", [SSS, H, H, B], prefer={"place_unit": "unit:younglings"})
    assert resolved(g) == [("free_the_captives", "solves", 3)]
    assert g.state.hexes["H14"].units == {"younglings": 2} and g.state.player("duerkhar").vp == 2


def test_free_the_captives__failed_empire_two_vp():
    assert failed("free_the_captives").state.vp_empire == 2


def test_free_the_captives__bonus_blue_on_your_haven():
    assert bonus_colours("free_the_captives", "haven") == ["blue"]
