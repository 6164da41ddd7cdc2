"""The rulebook's Legion and Horde Activation examples and every step and priority of an activation."""
from __future__ import annotations

from .example_nemesis_fixtures import (
    Scenario,
    activate,
    drive,
    events,
    hexes_of,
    play_out,
    run_phase,
)


# ================================================================== Legion activation
def test_legion_activation_example_butcher_goes_around_rhun_and_razes_the_druwhn_home():
    sc = Scenario(["druwhn"], heroes=["syndra"]).empty_board()
    sc.at("H14", haven=None)
    # the Druwhn home (woods) two steps from the Capital, by H01 or H02;
    # the Plains of Rhun on H01 turn their gorge toward the Capital and H02.
    sc.at("H08", tile="druwhn_home", haven="druwhn", tower=True, wall=True, units={"swordsisters": 1})
    sc.at("H01", tile="plains_of_rhun", rotation=0)
    sc.player("druwhn", hero_hex="H07")
    sc.at("H00", legions=[("butcher", 4)])
    sc.target("butcher", "H08", "druwhn")
    sc.tokens("butcher", 2)
    sc.when(1, "nemesis")
    # Archery (Woods: the Butcher has no blanks to reroll): Butcher blue S, white H;
    # Druwhn Tower white Skull-Shield. All blocked.
    sc.rig(blue=["S"], white=["H", "SH"])
    # Clash: Butcher purple S, red -, red -, yellow -, white -; Druwhn blue S, Tower white S, Wall blue S.
    sc.rig(purple=["S"], red=["", ""], yellow=[""], white=["", "S"], blue=["S", "S"])
    g = sc.game(script=run_phase("nemesis"))
    play_out(g)
    st = g.state
    card = st.legions["butcher"]
    moves = [(e.src, e.dst) for e in events(g, "NemesisMoved")]
    assert moves == [("H00", "H02"), ("H02", "H08")]  # H02 is unexplored and empty: the only way
    assert st.hexes["H00"].garrisons == [1]  # left behind as he leaves the Capital
    assert st.hexes["H02"].garrisons == [1]
    assert card.threat == 1  # "wins, barely"
    assert st.graveyard_empire == {"druwhn": {"swordsisters": 1}}
    h = st.hexes["H08"]
    assert h.haven is None and not h.tower and not h.wall
    assert card.target == "H00" and card.target_faction is None  # no other Druwhn Haven
    assert card.tokens == 0


def _legion_at(sc, where, target, faction="mohyar", card="assassin"):
    sc.at(where, legions=[(card, 3)])
    sc.target(card, target, faction)
    return sc


def test_legion_step_1_leaves_a_garrison_where_it_stands():
    sc = Scenario(["mohyar"]).empty_board()
    _legion_at(sc, "H02", "H07")
    sc.at("H07", tile="rigga", haven="mohyar")
    sc.at("H02", garrisons=1)
    g = sc.game(script=activate("assassin"))
    play_out(g)
    assert g.state.hexes["H02"].garrisons == [1, 2]


def test_legion_step_1_on_three_garrisons_gives_1_vp():
    sc = Scenario(["mohyar"]).empty_board()
    _legion_at(sc, "H02", "H07")
    sc.at("H07", tile="rigga", haven="mohyar")
    sc.at("H02", garrisons=3)
    g = sc.game(script=activate("assassin"))
    play_out(g)
    assert g.state.hexes["H02"].garrisons == [1, 2, 3]
    assert g.state.vp_empire == 1


def test_legion_step_2_priority_a_prefers_a_haven():
    sc = Scenario(["mohyar"]).empty_board()
    _legion_at(sc, "H02", "H07")
    sc.at("H07", tile="rigga", haven="mohyar")
    sc.at("H08", tile="torment", haven="mohyar", units={"sellswords": 3})
    sc.at("H01", tile="raufrost", units={"hunters": 1})
    g = sc.game(script=activate("assassin"))
    assert events(g, "NemesisMoved")[0].dst == "H08"  # a Haven, even with more Units


def test_legion_step_2_priority_a_haven_with_the_fewest_units():
    sc = Scenario(["mohyar"]).empty_board()
    _legion_at(sc, "H02", "H07")
    sc.at("H07", tile="rigga", haven="mohyar")
    sc.at("H08", tile="torment", haven="mohyar", units={"sellswords": 3})
    sc.at("H01", tile="raufrost", haven="mohyar")
    g = sc.game(script=activate("assassin"))
    assert [e.dst for e in events(g, "NemesisMoved")] == ["H01"]


def test_legion_step_2_priority_b_prefers_the_weakest_enemy():
    sc = Scenario(["mohyar"]).empty_board()
    _legion_at(sc, "H02", "H07")
    sc.at("H07", tile="rigga", haven="mohyar")
    sc.at("H08", hordes=[("bloodwyrm", 3)])
    sc.at("H01", tile="raufrost", units={"sellswords": 2})
    g = sc.game(script=activate("assassin"))
    assert [e.dst for e in events(g, "NemesisMoved")] == ["H01"]  # 2 Units < 3 Threat


def test_legion_step_2_priority_b_enemies_before_empty_hexes():
    sc = Scenario(["mohyar"]).empty_board()
    _legion_at(sc, "H02", "H07")
    sc.at("H07", tile="rigga", haven="mohyar")
    sc.at("H08", skeletons=2)
    g = sc.game(script=activate("assassin"))
    assert [e.dst for e in events(g, "NemesisMoved")] == ["H08"]


def test_legion_step_2_priority_c_prefers_an_empty_hex_over_curse_or_garrison():
    for blocker in ({"curse": True}, {"garrisons": 1}):
        sc = Scenario(["mohyar"]).empty_board()
        _legion_at(sc, "H02", "H07")
        sc.at("H07", tile="rigga", haven="mohyar")
        sc.at("H08", **blocker)
        g = sc.game(script=activate("assassin"))
        assert [e.dst for e in events(g, "NemesisMoved")] == ["H01"], blocker


def test_legion_step_2_priority_d_any_hex_closer():
    sc = Scenario(["mohyar"]).empty_board()
    _legion_at(sc, "H02", "H07")
    sc.at("H07", tile="rigga", haven="mohyar")
    sc.at("H08", curse=True)
    sc.at("H01", garrisons=1)
    g = sc.game(script=activate("assassin"))
    assert g.decision.kind == "nemesis_tie" and hexes_of(g) == {"H01", "H08"}
    drive(g, "hex:H08")
    assert g.state.legions["assassin"].hex == "H08"


def test_legion_does_not_move_when_on_its_target():
    sc = Scenario(["mohyar"]).empty_board()
    sc.at("H07", tile="rigga", haven="mohyar")
    _legion_at(sc, "H07", "H07")
    g = sc.game(script=activate("assassin"))
    play_out(g)
    assert not events(g, "NemesisMoved")
    assert g.state.hexes["H07"].garrisons == [1]


def test_legion_cannot_cross_impassable_terrain():
    # Rigga on H07 turns its cliffs toward H08 and H01 (rotation 2): from H02 the route to it
    # is 3 steps (H08-H15-H07 or H01-H13-H07), not 2, and the Legion never steps across.
    sc = Scenario(["mohyar"]).empty_board()
    _legion_at(sc, "H02", "H07")
    sc.at("H07", tile="rigga", haven="mohyar", rotation=2)
    sc.at("H08", units={"sellswords": 1}, tile="torment")
    g = sc.game(script=activate("assassin", times=3))
    play_out(g, {"nemesis_tie": "hex:H01"})
    path = [e.dst for e in events(g, "NemesisMoved")]
    assert path[:3] == ["H01", "H13", "H07"] or path[:3] == ["H08", "H15", "H07"]
    assert g.board.dist_to("H07")["H02"] == 3


def test_legion_uses_an_explored_sea_tower():
    sc = Scenario(["mohyar"]).empty_board()
    sc.at("H13", tile="dawngaard")  # explored Sea Tower: adjacent to every hex
    _legion_at(sc, "H06", "W08", faction=None)
    g = sc.game(script=activate("assassin", times=2))
    play_out(g)
    assert [(e.src, e.dst) for e in events(g, "NemesisMoved")] == [("H06", "H13"), ("H13", "W08")]


def test_warlock_is_adjacent_to_all_hexes():
    sc = Scenario(["mohyar"]).empty_board()
    sc.at("H00", legions=[("warlock", 3)])
    sc.target("warlock", "H14", "mohyar")
    g = sc.game(script=activate("warlock"))
    play_out(g)
    assert [(e.src, e.dst) for e in events(g, "NemesisMoved")] == [("H00", "H14")]


def test_legion_step_3_and_4_a_haven_without_units_is_razed_and_retargeted():
    sc = Scenario(["mohyar"]).empty_board()
    sc.at("H07", tile="rigga", haven="mohyar", tower=True)
    sc.at("H14", units={"sellswords": 1})
    _legion_at(sc, "H01", "H07")
    g = sc.game(script=activate("assassin"))
    play_out(g)
    st = g.state
    assert not events(g, "CombatStarted")  # no Units: no combat
    assert st.hexes["H07"].haven is None and not st.hexes["H07"].tower
    assert st.legions["assassin"].target == "H14"  # step 5: the other Mohyar Haven


def test_legion_step_3_fights_chaos_too():
    sc = Scenario(["mohyar"]).empty_board()
    sc.at("H07", tile="rigga", haven="mohyar")
    _legion_at(sc, "H02", "H07")
    sc.at("H08", skeletons=1)
    sc.at("H01", curse=True)
    g = sc.game(script=activate("assassin"))
    play_out(g)
    started = events(g, "CombatStarted")
    assert started and started[0].hex == "H08"


# ================================================================== Horde activation
def test_horde_activation_example_counter_of_omens_picks_the_weaker_garrison():
    sc = Scenario(["krowh"]).empty_board()
    sc.at("H07", tile="rigga", hordes=[("counter_of_omens", 4)])
    sc.at("H08", garrisons=1)  # unexplored, 1 Garrison
    sc.at("H01", tile="raufrost", garrisons=2)
    # Archery on the unexplored hex (no terrain): the Counter's 3 white dice vs the Garrison's white
    sc.rig(white=["S", "", "", ""])
    g = sc.game(script=activate("counter_of_omens"))
    play_out(g)
    st = g.state
    assert st.hexes["H07"].curse  # step 1, on the hex he leaves
    assert [(e.src, e.dst) for e in events(g, "NemesisMoved")] == [("H07", "H08")]
    started = events(g, "CombatStarted")[0]
    assert started.hex == "H08" and started.terrain == "none"
    assert st.hexes["H08"].garrisons == []
    assert st.graveyard_chaos == {"empire": {"garrison:1": 1}}


def test_horde_step_1_on_a_cursed_hex_gives_chaos_1_vp():
    sc = Scenario(["krowh"]).empty_board()
    sc.at("H07", hordes=[("bloodwyrm", 3)], curse=True)
    g = sc.game(script=activate("bloodwyrm"))
    play_out(g)
    assert g.state.vp_chaos == 1


def test_horde_step_2_never_moves_farther_from_the_capital():
    sc = Scenario(["krowh"]).empty_board()
    sc.at("H07", hordes=[("bloodwyrm", 3)])
    g = sc.game(script=activate("bloodwyrm"))
    # H01 (1 step), H08 and H13 (2 steps); not H14, H15 or W18 (3 steps)
    assert g.decision.kind == "nemesis_tie" and hexes_of(g) == {"H01", "H08", "H13"}


def test_horde_step_2_counts_distance_without_sea_towers():
    sc = Scenario(["krowh"]).empty_board()
    sc.at("H14", haven=None)
    sc.at("H13", tile="dawngaard")
    sc.at("H14", hordes=[("bloodwyrm", 3)])
    g = sc.game(script=activate("bloodwyrm"))
    assert hexes_of(g) == {"H15", "H07", "W18"}


def test_horde_on_an_explored_sea_tower_is_adjacent_to_any_hex():
    sc = Scenario(["krowh"]).empty_board()
    sc.at("H14", haven=None)
    sc.at("H13", tile="dawngaard", hordes=[("bloodwyrm", 3)])
    sc.at("H03", tile="rigga", haven="krowh")
    g = sc.game(script=activate("bloodwyrm"))
    play_out(g)
    assert [(e.src, e.dst) for e in events(g, "NemesisMoved")] == [("H13", "H03")]


def test_horde_step_2_priority_a_always_a_haven():
    sc = Scenario(["krowh"]).empty_board()
    sc.at("H07", hordes=[("bloodwyrm", 3)])
    sc.at("H08", tile="torment", haven="krowh", units={"tribesmen": 5})
    sc.at("H01", garrisons=1)
    g = sc.game(script=activate("bloodwyrm"))
    assert events(g, "NemesisMoved")[0].dst == "H08"


def test_horde_step_2_priority_b_fewest_enemy_units_and_threat():
    sc = Scenario(["krowh"]).empty_board()
    sc.at("H07", hordes=[("bloodwyrm", 3)])
    sc.at("H08", legions=[("assassin", 2)])
    sc.target("assassin", "H00", None)
    sc.at("H01", garrisons=3)
    sc.at("H13", curse=True)
    g = sc.game(script=activate("bloodwyrm"))
    assert events(g, "NemesisMoved")[0].dst == "H08"  # Threat 2 < 3 Garrisons


def test_horde_step_2_priority_c_empty_before_curse_or_skeleton():
    sc = Scenario(["krowh"]).empty_board()
    sc.at("H07", hordes=[("bloodwyrm", 3)])
    sc.at("H01", curse=True)
    sc.at("H08", skeletons=1)
    g = sc.game(script=activate("bloodwyrm"))
    play_out(g)
    assert events(g, "NemesisMoved")[0].dst == "H13"


def test_horde_step_2_priority_d_any_hex_not_farther():
    sc = Scenario(["krowh"]).empty_board()
    sc.at("H07", hordes=[("bloodwyrm", 3)])
    sc.at("H01", curse=True)
    sc.at("H08", skeletons=1)
    sc.at("H13", curse=True)
    g = sc.game(script=activate("bloodwyrm"))
    assert hexes_of(g) == {"H01", "H08", "H13"}


def test_horde_cannot_cross_impassable_terrain():
    sc = Scenario(["krowh"]).empty_board()
    sc.at("H07", tile="rigga", rotation=3, hordes=[("bloodwyrm", 3)])  # cliffs toward H01 and H13
    g = sc.game(script=activate("bloodwyrm"))
    play_out(g)
    assert events(g, "NemesisMoved")[0].dst == "H08"


def test_horde_step_4_razes_an_empty_haven():
    sc = Scenario(["krowh"]).empty_board()
    sc.at("H07", hordes=[("bloodwyrm", 3)])
    sc.at("H08", tile="torment", haven="krowh", wall=True)
    g = sc.game(script=activate("bloodwyrm"))
    play_out(g)
    st = g.state
    assert st.hordes["bloodwyrm"].hex == "H08"
    assert st.hexes["H08"].haven is None and not st.hexes["H08"].wall
