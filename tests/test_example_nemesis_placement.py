"""The Nemesis, placing pieces: the rulebook's Garrison, Skeleton and Horde placement examples and every
placement fallback (split from the Nemesis examples; Legions, Targets and the rest are in
test_example_nemesis_legions.py).

1-faction map: H00 the Capital; ring 1 H01-H06; H07 (touches H14 H15 H08 H01 H13 W18);
H08 (touches H15 W04 H09 H02 H01 H07); H09/H13 Sea Tower spaces; H14 the home hex;
W09-W12 the Fog Grave (W10 touches H03 H04, W11/W12 touch H04)."""
from __future__ import annotations

from .example_nemesis_fixtures import (
    Scenario,
    crowd,
    drive,
    effect,
    hexes_of,
    play_out,
    turn,
    with_state,
)


# ================================================================== Garrisons
def test_garrison_example_rigga_reinforces_and_the_second_goes_to_the_only_empty_hex():
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    sc.at("H07", tile="rigga", explored=False, garrisons=1)
    crowd(sc, keep=("H07", "H15"))
    sc.player("mohyar", hero_hex="H07")
    g = sc.game(script=turn("mohyar"))
    drive(g, "explore")
    play_out(g)
    st = g.state
    assert st.hexes["H07"].garrisons == [1, 2]  # not empty: reinforced to level 2
    assert st.hexes["H15"].garrisons == [1]  # the only empty hex without the icon
    assert st.vp_empire == 0


def test_garrison_example_no_empty_hex_stacks_with_another_garrison_even_on_rigga():
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    sc.at("H07", tile="rigga", explored=False, garrisons=1)
    sc.at("H08", garrisons=1)
    crowd(sc, keep=("H07", "H08"))
    sc.player("mohyar", hero_hex="H07")
    g = sc.game(script=turn("mohyar"))
    drive(g, "explore")
    assert g.decision.kind == "place_garrison"
    assert hexes_of(g) == {"H07", "H08"}
    drive(g, "hex:H07")
    assert g.state.hexes["H07"].garrisons == [1, 2, 3]


def test_place_garrison_only_on_empty_hexes_without_the_no_haven_icon():
    sc = Scenario(["mohyar"]).empty_board()
    crowd(sc, keep=("H01", "H02", "H03", "H07", "H08"))
    sc.at("H01", tile="drowned_abbey")  # explored, shows the cannot-gain-Haven icon
    sc.at("H02", tile="rigga")  # explored, no icon, empty
    sc.at("H07", units={"sellswords": 1})  # player Units: not empty
    sc.at("H08", skeletons=1)  # not empty
    g = sc.game(script=effect([{"op": "place_garrison", "where": "empty", "count": 1}], actor="mohyar"))
    # H03 is face-down: it shows no icon, so it may take the Garrison
    assert hexes_of(g) == {"H02", "H03"}


def test_place_several_garrisons_spreads_them_over_empty_hexes():
    sc = Scenario(["mohyar"]).empty_board()
    crowd(sc, keep=("H02", "H03"))
    g = sc.game(script=effect([{"op": "place_garrison", "where": "empty", "count": 2}], actor="mohyar"))
    drive(g, "hex:H02")
    assert g.state.hexes["H03"].garrisons == [1]  # the only empty hex left: no choice
    assert g.state.hexes["H02"].garrisons == [1]


def test_place_garrison_with_no_empty_hex_may_go_to_a_legion():
    sc = Scenario(["mohyar"]).empty_board()
    crowd(sc)
    sc.at("H08", garrisons=1)
    sc.at("H01", legions=[("warlock", 3)])
    g = sc.game(script=effect([{"op": "place_garrison", "where": "empty", "count": 1}], actor="mohyar"))
    assert g.decision.kind == "place_garrison" and hexes_of(g) == {"H01", "H08"}
    drive(g, "hex:H01")
    assert g.state.hexes["H01"].garrisons == [1]
    assert g.state.hexes["H08"].garrisons == [1]


def test_place_garrison_with_no_empty_hex_may_stack_instead_of_joining_a_legion():
    # "you may place it on a hex with a Legion": a choice, not a must (issue 6.7)
    sc = Scenario(["mohyar"]).empty_board()
    crowd(sc)
    sc.at("H08", garrisons=1)
    sc.at("H01", legions=[("warlock", 3)])
    g = sc.game(script=effect([{"op": "place_garrison", "where": "empty", "count": 1}], actor="mohyar"))
    drive(g, "hex:H08")
    assert g.state.hexes["H01"].garrisons == [] and g.state.hexes["H08"].garrisons == [1, 2]


def test_place_garrison_beside_a_legion_for_the_nemesis_with_auto_ties_takes_the_legion():
    sc = Scenario(["mohyar"], auto_ties=True).empty_board()
    crowd(sc)
    sc.at("H08", garrisons=1)
    sc.at("H01", legions=[("warlock", 3)])
    g = sc.game(script=effect([{"op": "place_garrison", "where": "empty", "count": 1}], actor="empire"))
    assert g.decision is None  # the documented order: a Legion's hex before a stack (ruling 36)
    assert g.state.hexes["H01"].garrisons == [1] and g.state.hexes["H08"].garrisons == [1]


def test_place_garrison_when_level_one_pieces_are_gone_stacks_on_other_garrisons():
    sc = Scenario(["mohyar"]).empty_board()
    sc.at("H08", garrisons=1)
    script = with_state(lambda st: st.garrison_reserve.__setitem__(0, 0),
                        effect([{"op": "place_garrison", "where": "empty", "count": 1}], actor="mohyar"))
    g = sc.game(script=script)
    play_out(g)
    assert g.state.hexes["H08"].garrisons == [1, 2]
    assert sum(len(h.garrisons) for h in g.state.hexes.values()) == 2


def test_garrison_that_cannot_be_placed_gives_the_empire_1_vp():
    sc = Scenario(["mohyar"]).empty_board()
    crowd(sc)
    sc.at("H08", garrisons=3)  # full: no stacking either
    g = sc.game(script=effect([{"op": "place_garrison", "where": "empty", "count": 2}], actor="mohyar"))
    play_out(g)
    assert g.state.vp_empire == 2
    assert sum(len(h.garrisons) for h in g.state.hexes.values()) == 3


def test_reinforcing_a_full_garrison_gives_the_empire_1_vp():
    sc = Scenario(["mohyar"]).empty_board()
    sc.at("H08", garrisons=3)
    g = sc.game(script=effect([{"op": "place_garrison", "where": "here", "count": 1}], actor="mohyar", hex="H08"))
    play_out(g)
    assert g.state.hexes["H08"].garrisons == [1, 2, 3]
    assert g.state.vp_empire == 1


def test_capital_overflow_goes_to_an_empty_hex_not_to_vp():
    sc = Scenario(["mohyar"]).empty_board()
    sc.at("H00", garrisons=3)
    crowd(sc, keep=("H10",))
    g = sc.game(script=effect([{"op": "place_garrison", "where": "capital", "count": 1}], actor="mohyar"))
    play_out(g)
    assert g.state.hexes["H00"].garrisons == [1, 2, 3]
    assert g.state.hexes["H10"].garrisons == [1]
    assert g.state.vp_empire == 0


def test_capital_overflow_without_empty_hex_stacks_with_another_garrison():
    sc = Scenario(["mohyar"]).empty_board()
    sc.at("H00", garrisons=3)
    sc.at("H08", garrisons=1)
    crowd(sc)
    g = sc.game(script=effect([{"op": "place_garrison", "where": "capital", "count": 1}], actor="mohyar"))
    play_out(g)
    assert g.state.hexes["H08"].garrisons == [1, 2]
    assert g.state.vp_empire == 0


# ================================================================== Skeletons
def test_skeleton_example_grim_fangs_third_skeleton_forms_a_horde():
    # Grim Fangs has 1 Skeleton: reinforce (2). Then 2 Skeletons with other Skeletons: the first
    # to the only other group (H08, 1 Skeleton), the last to Grim Fangs, which becomes a Horde.
    sc = Scenario(["druwhn"], heroes=["syndra"]).empty_board()
    sc.at("H15", tile="grim_fangs", explored=False, skeletons=1)
    sc.at("H08", skeletons=1)
    sc.player("druwhn", hero_hex="H15", salt=0)
    sc.decks(horde_deck=["bloodwyrm", "siren"])
    g = sc.game(script=turn("druwhn"))
    drive(g, "explore")
    st = g.state
    assert st.player("druwhn").salt == 2
    assert st.hexes["H15"].skeletons == 2
    assert g.decision.kind == "place_skeleton" and hexes_of(g) == {"H15", "H08"}
    drive(g, "hex:H08")
    assert st.hexes["H08"].skeletons == 2
    drive(g, "hex:H15")
    play_out(g)
    assert st.hexes["H15"].skeletons == 0
    assert st.hexes["H15"].hordes == ["bloodwyrm"]
    assert st.hordes["bloodwyrm"].hex == "H15"
    assert st.hexes["H08"].skeletons == 2
    assert st.skeleton_reserve == 11 - 2
    assert any(e.event_type == "HordeFormed" for e in g.log)


def test_skeletons_with_other_skeletons_may_be_split():
    sc = Scenario(["druwhn"]).empty_board()
    sc.at("H08", skeletons=1)
    sc.at("H02", skeletons=1)
    g = sc.game(script=effect([{"op": "place_skeleton", "where": "with_skeletons", "count": 2}], actor="druwhn"))
    assert hexes_of(g) == {"H08", "H02"}
    drive(g, "hex:H08", "hex:H02")
    assert g.state.hexes["H08"].skeletons == 2 and g.state.hexes["H02"].skeletons == 2


def test_skeleton_with_no_skeletons_on_the_map_goes_to_an_empty_hex():
    sc = Scenario(["druwhn"]).empty_board()
    crowd(sc, keep=("H08",))
    sc.at("H02", garrisons=1)
    sc.at("H00", garrisons=3)
    g = sc.game(script=effect([{"op": "place_skeleton", "where": "with_skeletons", "count": 1}], actor="druwhn"))
    opts = hexes_of(g)
    assert "H08" in opts and "W10" in opts  # any empty hex, regions included
    assert not opts & {"H02", "H14", "H00"}  # Garrisons, a Haven, the Capital are not empty
    drive(g, "hex:H08")
    assert g.state.hexes["H08"].skeletons == 1


def test_skeleton_shortage_turns_a_group_into_a_horde():
    sc = Scenario(["druwhn"]).empty_board()
    sc.at("H08", skeletons=2)
    sc.at("H02", skeletons=1)
    sc.decks(horde_deck=["bloodwyrm"])
    script = with_state(lambda st: setattr(st, "skeleton_reserve", 0),
                        effect([{"op": "place_skeleton", "where": "with_skeletons", "count": 1}], actor="druwhn"))
    g = sc.game(script=script)
    assert g.decision.kind == "skeleton_shortage" and hexes_of(g) == {"H08", "H02"}
    drive(g, "hex:H02")
    play_out(g)
    st = g.state
    assert st.hexes["H02"].skeletons == 0 and st.hexes["H02"].hordes == ["bloodwyrm"]
    assert st.hexes["H08"].skeletons == 2
    assert st.skeleton_reserve == 1  # the group went back to the reserve


def test_skeleton_that_cannot_be_placed_gives_chaos_1_vp():
    sc = Scenario(["druwhn"]).empty_board()
    sc.at("H08", skeletons=2)
    sc.decks(horde_deck=[])
    script = with_state(lambda st: setattr(st, "skeleton_reserve", 0),
                        effect([{"op": "place_skeleton", "where": "with_skeletons", "count": 1}], actor="druwhn"))
    g = sc.game(script=script)
    play_out(g)
    assert g.state.vp_chaos == 1
    assert g.state.hexes["H08"].skeletons == 2


# ================================================================== Hordes
def test_horde_example_counter_of_omens_in_the_fog_grave_not_adjacent_to_a_haven():
    sc = Scenario(["krowh"], heroes=["khaal"]).empty_board()
    sc.at("H04", tile="rigga", haven="krowh")  # a Haven touching W10, W11 and W12
    sc.decks(horde_deck=["counter_of_omens", "bloodwyrm"])
    script = with_state(lambda st: setattr(st, "event_threat", 4),
                        effect([{"op": "place_horde", "region": "fog_grave", "not_adjacent_to_haven": True}],
                               actor="krowh"))
    g = sc.game(script=script)
    play_out(g)  # W09 is the only Fog Grave hex not next to a Haven: no choice
    st = g.state
    card = st.hordes["counter_of_omens"]
    assert card.hex == "W09" and card.threat == 4
    assert st.hexes["W09"].skeletons == 2  # "Place 2 Skeletons on his hex"


def test_horde_placement_offers_every_empty_region_hex_not_next_to_a_haven():
    sc = Scenario(["krowh"]).empty_board()
    sc.decks(horde_deck=["bloodwyrm"])
    g = sc.game(script=effect([{"op": "place_horde", "region": "fog_grave", "not_adjacent_to_haven": True}],
                              actor="krowh"))
    assert hexes_of(g) == {"W09", "W10", "W11", "W12"}


def test_horde_placement_falls_back_to_a_skeleton_or_curse_hex_in_the_region():
    sc = Scenario(["krowh"]).empty_board()
    sc.at("H04", tile="rigga", haven="krowh")
    sc.at("W09", skeletons=1)
    sc.decks(horde_deck=["bloodwyrm"])
    g = sc.game(script=effect([{"op": "place_horde", "region": "fog_grave", "not_adjacent_to_haven": True}],
                              actor="krowh"))
    play_out(g)
    assert g.state.hordes["bloodwyrm"].hex == "W09"


def test_horde_placement_falls_back_to_a_hex_next_to_a_haven_then_another_region():
    sc = Scenario(["krowh"]).empty_board()
    sc.at("H04", tile="rigga", haven="krowh")
    sc.at("W09", units={"tribesmen": 1})  # not empty, not Chaos
    sc.decks(horde_deck=["bloodwyrm"])
    g = sc.game(script=effect([{"op": "place_horde", "region": "fog_grave", "not_adjacent_to_haven": True}],
                              actor="krowh"))
    assert hexes_of(g) == {"W10", "W11", "W12"}  # the Fog Grave, even next to the Haven

    sc2 = Scenario(["krowh"]).empty_board()
    for w in ("W09", "W10", "W11", "W12"):
        sc2.at(w, units={"tribesmen": 1})
    sc2.decks(horde_deck=["bloodwyrm"])
    g2 = sc2.game(script=effect([{"op": "place_horde", "region": "fog_grave"}], actor="krowh"))
    opts = hexes_of(g2)
    assert opts and not opts & {"W09", "W10", "W11", "W12"}  # any other empty hex
    assert "W01" in opts and "H08" in opts


def test_horde_that_cannot_be_placed_gives_chaos_1_vp():
    sc = Scenario(["krowh"]).empty_board()
    sc.decks(horde_deck=[])
    g = sc.game(script=effect([{"op": "place_horde"}], actor="krowh"))
    play_out(g)
    assert g.state.vp_chaos == 1 and not g.state.hordes
