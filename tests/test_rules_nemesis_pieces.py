"""Nemesis pieces as the rulebook places, activates and limits them (issues 6 and 9):
activated Skeletons raze a Haven like a Horde; a Garrison *may* go on a Legion's hex;
Walls, Towers and Activation Tokens are limited to the box.

1-faction map: H14 is the home hex; H07 touches H14 H15 H08 H01 H13 W18."""
from __future__ import annotations

from uprising_tui.engine.scenario import Scenario, effect, run_phase

from .helpers import drive, events, ids, play_out


# ================================================================== activated Skeletons (issue 9.1)
def test_activated_skeletons_raze_an_empty_haven_but_place_no_curse():
    sc = Scenario(["krowh"]).empty_board()
    sc.at("H07", tile="black_ice", skeletons=2)
    sc.at("H08", tile="torment", haven="krowh", tower=True)
    g = sc.game(script=effect([{"op": "activate", "which": "skeletons"}], actor="krowh"))
    play_out(g)
    st = g.state
    assert st.hexes["H08"].skeletons == 2  # priority A: into a Haven
    assert st.hexes["H08"].haven is None and not st.hexes["H08"].tower
    assert [e.reason for e in events(g, "HavenRemoved")] and not events(g, "CursePlaced")
    assert st.player("krowh").havens_in_supply == 4  # the razed Haven is back on the board


def test_activated_skeletons_that_lose_their_combat_leave_the_haven():
    sc = Scenario(["krowh"]).empty_board()
    sc.at("H07", tile="black_ice", skeletons=1)
    sc.at("H08", tile="torment", haven="krowh", units={"tribesmen": 2})
    sc.rig(red=[""], yellow=["S", "S"])  # the Skeleton misses, the Tribesmen hit
    g = sc.game(script=effect([{"op": "activate", "which": "skeletons"}], actor="krowh"))
    play_out(g)
    st = g.state
    assert st.hexes["H08"].skeletons == 0 and st.hexes["H08"].haven == "krowh"


# ================================================================== components limited to the box (issue 6.6)
def _defenses_on(hexes, kind):
    def step(st):
        for hid in hexes:
            setattr(st.hexes[hid], kind, True)
    return step


ISLAND = ("H01", "H02", "H03", "H04", "H05", "H06", "H07", "H08", "H09", "H10", "H11", "H12")


def test_a_tower_or_wall_cannot_be_built_once_all_ten_are_on_the_map():
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    sc.player("mohyar", plunder=5, feat_deck=[])
    sc.at("H14", units={"sellswords": 1})
    sc.state(_defenses_on(ISLAND[:10], "tower"))  # the box's 10 Towers stand elsewhere
    sc.state(_defenses_on(ISLAND[:9], "wall"))  # one Wall is left
    g = sc.game(script=run_phase("build"))
    assert "tower:H14" not in ids(g)
    drive(g, "wall:H14")
    assert g.state.hexes["H14"].wall
    assert "wall:H14" not in ids(g) and g.state.player("mohyar").plunder == 4


def test_activation_tokens_run_out_at_twenty():
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    sc.at("W05", legions=[("warlock", 3)]).at("W10", hordes=[("bloodwyrm", 3)])
    sc.tokens("warlock", 12).tokens("bloodwyrm", 7)  # 19 of 20 on cards
    g = sc.game(script=effect([{"op": "activation_token", "count": 3}], actor="mohyar"))
    play_out(g)
    st = g.state
    assert st.hordes["bloodwyrm"].tokens == 8 and st.legions["warlock"].tokens == 12  # one placed, two not
    assert len(events(g, "ActivationTokenPlaced")) == 1


def test_events_phase_tokens_go_in_initiative_order_while_any_are_left():
    sc = Scenario(["mohyar"], heroes=["ronja"], chapters=2).empty_board()
    sc.at("W05", legions=[("warlock", 3)]).at("W10", hordes=[("bloodwyrm", 3)])
    sc.tokens("warlock", 10).tokens("bloodwyrm", 9)  # 19 of 20 on cards
    sc.decks(events=["the_long_night", "the_long_night"], horde_deck=[], legion_deck=[])
    sc.when(2, "events")
    g = sc.game(script=run_phase("events"))
    play_out(g)
    st = g.state
    first, second = sorted((st.legions["warlock"], st.hordes["bloodwyrm"]),
                           key=lambda c: sc.cat.nemesis(c.id).initiative)
    assert sum(c.tokens for c in (first, second)) == 20
    assert [e.card for e in events(g, "ActivationTokenPlaced")] == [first.id]
