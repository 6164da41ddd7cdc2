"""Nemesis pieces as the rulebook places, activates and limits them (issues 6 and 9):
activated Skeletons raze a Haven like a Horde; a Garrison *may* go on a Legion's hex;
Walls, Towers and Activation Tokens are limited to the box.

1-faction map: H14 is the home hex; H07 touches H14 H15 H08 H01 H13 W18."""
from __future__ import annotations

from uprising_tui.engine.scenario import Scenario, effect

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
