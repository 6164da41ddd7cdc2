"""Every advanced Quest: its immediate effect when dealt, each goal's reward and the solve
effect, the failure effect, and its bonus dice. Test names: test_<quest_id>__<aspect>.

Faces: black SSS/SS/S/B, blue H/S/blank.
"""
from __future__ import annotations

from uprising_tui.engine.scenario import run_phase

from .quest_fixtures import (
    attempt,
    bonus_colours,
    dealt,
    gone,
    play_out,
    quest_scenario,
    resolved,
)

H, B, SSS, SS, S = ("blue", "H"), ("black", "B"), ("black", "SSS"), ("black", "SS"), ("black", "S")


def failed(qid: str, sc=None):
    g = attempt(qid, [("blue", "")], sc=sc)
    assert resolved(g) == [(qid, "fails", 0)]
    return g


# ============================================================================ Heralds of the End
def test_heralds_of_the_end__immediate_a_horde_at_threat_3_away_from_havens():
    sc = quest_scenario().decks(horde_deck=["siren"])
    g = dealt("heralds_of_the_end", sc, prefer={"place_horde": "hex:W05"})
    st = g.state
    assert st.hordes["siren"].threat == 3 and st.hordes["siren"].hex == "W05"
    assert st.horde_deck == []


def test_heralds_of_the_end__solved_four_vp():
    g = attempt("heralds_of_the_end", [SSS, S, B, B])
    assert resolved(g) == [("heralds_of_the_end", "solves", 2)] and g.state.player("duerkhar").vp == 4
    assert gone(g, "heralds_of_the_end")


def test_heralds_of_the_end__failed_chaos_two_vp():
    assert failed("heralds_of_the_end").state.vp_chaos == 2


def test_heralds_of_the_end__bonus_die_of_choice_on_a_curse():
    assert bonus_colours("heralds_of_the_end", "curse") == ["black"]


# ============================================================================ The Imperial Inquisition
def test_imperial_inquisition__immediate_two_activation_tokens():
    sc = quest_scenario().at("W01", hordes=[("siren", 3)]).at("H05", legions=[("assassin", 3)])
    g = dealt("imperial_inquisition", sc)
    assert (g.state.hordes["siren"].tokens, g.state.legions["assassin"].tokens) == (1, 1)


def test_imperial_inquisition__solved_four_vp():
    g = attempt("imperial_inquisition", [H, H, H, B, B])
    assert resolved(g) == [("imperial_inquisition", "solves", 2)] and g.state.player("duerkhar").vp == 4


def test_imperial_inquisition__failed_empire_three_vp():
    assert failed("imperial_inquisition").state.vp_empire == 3


def test_imperial_inquisition__bonus_blue_on_your_haven():
    assert bonus_colours("imperial_inquisition", "haven") == ["blue", "purple"]


def test_imperial_inquisition__five_skulls_are_a_goal_too():
    g = attempt("imperial_inquisition", [H, H, SSS, SS])  # 2 Shields and 5 Skulls: 2 goals
    assert resolved(g) == [("imperial_inquisition", "solves", 2)] and g.state.player("duerkhar").vp == 4


# ============================================================================ Oath of the Ninth Legion
def test_oath_of_the_ninth__immediate_a_legion_at_threat_3():
    g = dealt("oath_of_the_ninth", quest_scenario().decks(legion_deck=["assassin"]))
    card = g.state.legions["assassin"]
    assert (card.threat, card.hex, card.target) == (3, "H00", "H14")


def test_oath_of_the_ninth__solved_three_vp():
    g = attempt("oath_of_the_ninth", [SSS, H, H, H])
    assert resolved(g) == [("oath_of_the_ninth", "solves", 2)] and g.state.player("duerkhar").vp == 3


def test_oath_of_the_ninth__failed_empire_two_vp():
    assert failed("oath_of_the_ninth").state.vp_empire == 2


def test_oath_of_the_ninth__bonus_red_on_badlands():
    assert bonus_colours("oath_of_the_ninth", "badlands") == ["red"]


# ============================================================================ The Blood Moon
def test_blood_moon__immediate_every_horde_gains_threat():
    sc = quest_scenario().at("W01", hordes=[("siren", 3)]).at("W11", hordes=[("lich_queen", 7)])
    sc.at("H05", legions=[("assassin", 3)])
    g = dealt("blood_moon", sc)
    st = g.state
    assert (st.hordes["siren"].threat, st.hordes["lich_queen"].threat, st.legions["assassin"].threat) == (4, 7, 3)
    assert st.vp_chaos == 1  # the Lich Queen's Threat above 7


def test_blood_moon__solved_three_vp():
    g = attempt("blood_moon", [B, B, H, H, H])
    assert resolved(g) == [("blood_moon", "solves", 2)] and g.state.player("duerkhar").vp == 3
    assert gone(g, "blood_moon")


def test_blood_moon__failed_chaos_two_vp_it_stays_on_offer_and_through_refresh():
    g = failed("blood_moon")
    assert g.state.vp_chaos == 2 and g.state.quest_offer == ["blood_moon"]
    sc = quest_scenario("blood_moon").when(2, "refresh").decks(quest_deck=["lost_caravan", "beast_of_the_moors",
                                                                           "frozen_wreck"])
    g = sc.game(script=run_phase("refresh"))
    play_out(g)
    assert g.state.quest_offer == ["blood_moon", "lost_caravan", "beast_of_the_moors", "frozen_wreck"]


def test_blood_moon__bonus_purple_on_a_curse():
    assert bonus_colours("blood_moon", "curse") == ["purple", "purple"]


def test_blood_moon__four_skulls_are_a_goal_too():
    g = attempt("blood_moon", [SSS, S, H, H])  # 4 Skulls and 2 Shields
    assert resolved(g) == [("blood_moon", "solves", 2)] and g.state.player("duerkhar").vp == 2


# ============================================================================ The Weeping Idol
def test_weeping_idol__immediate_a_curse_on_an_empty_hex():
    g = dealt("weeping_idol", prefer={"place_curse": "hex:H10"})
    assert g.state.hexes["H10"].curse and g.state.curse_reserve == 8


def test_weeping_idol__solved_lifts_a_curse_and_three_vp():
    sc = quest_scenario("weeping_idol").at("H10", curse=True)
    g = attempt("weeping_idol", [B, B, SSS], sc=sc)
    assert resolved(g) == [("weeping_idol", "solves", 2)]
    assert not g.state.hexes["H10"].curse and g.state.player("duerkhar").vp == 3 and gone(g, "weeping_idol")


def test_weeping_idol__failed_chaos_vp_a_skeleton_and_it_stays():
    sc = quest_scenario("weeping_idol").at("H08", tile="raufrost", skeletons=1)
    g = failed("weeping_idol", sc=sc)
    st = g.state
    assert st.vp_chaos == 1 and st.hexes["H08"].skeletons == 2 and st.quest_offer == ["weeping_idol"]
    sc = quest_scenario("weeping_idol").when(2, "refresh").decks(quest_deck=["lost_caravan", "beast_of_the_moors",
                                                                             "frozen_wreck"])
    g = sc.game(script=run_phase("refresh"))
    play_out(g)
    assert g.state.quest_offer[0] == "weeping_idol"  # it is not discarded at Refresh


def test_weeping_idol__bonus_purple_on_a_curse():
    assert bonus_colours("weeping_idol", "curse") == ["purple"]
