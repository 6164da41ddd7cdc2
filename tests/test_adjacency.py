""""Hexes with Impassable Terrain between them are not adjacent" (issue 9 item 2), for every
rule and card that asks whether two hexes are adjacent. Each caller goes through
``Board.adjacent``; the last test checks that no module reads the raw hex geometry instead.

1-faction map: H14 is the home hex; H07 touches H14 H15 H08 H01 H13 W18. Rigga on H07 at
rotation 0 turns its cliffs toward H14 (edge 0) and H15 (edge 1), so H07 is not adjacent
to either. H13 is a Sea Tower space."""
from __future__ import annotations

import pathlib
import re

from uprising_tui.engine.scenario import Scenario, activate, effect, turn
from uprising_tui.engine.table import board as board_module

from .helpers import drive, ids, play_out


def cliffs(sc: Scenario) -> Scenario:
    """Rigga on H07 with its cliffs toward H14 and H15."""
    return sc.at("H07", tile="rigga", rotation=0)


def hexes(g) -> set[str]:
    return {o.split(":", 1)[1] for o in ids(g) if o.startswith("hex:")}


def test_the_board_knows_impassable_edges_and_sea_tower_reach():
    sc = cliffs(Scenario(["mohyar"], heroes=["ronja"]).empty_board())
    sc.at("H13", tile="dawngaard")
    g = sc.game(script=effect([], actor="mohyar"))
    b = g.board
    assert set(b.adjacent("H07")) == {"H08", "H01", "H13", "W18"}
    assert not b.are_adjacent("H07", "H14") and not b.are_adjacent("H14", "H07")
    assert b.are_adjacent("H07", "H08")
    assert set(b.adjacent("H13")) == {"W18", "H07", "H01", "H06", "H12", "W17"}  # the hex itself
    assert b.are_adjacent("H13", "H11", reach=True)  # a piece standing on the Sea Tower
    assert not b.are_adjacent("H11", "H13", reach=True)  # reach is outward only (ruling 11)


def test_horde_not_adjacent_to_a_haven_may_stand_behind_a_cliff():
    # H07's only neighbouring Haven (the home on H14) is behind a cliff: H07 is a legal spot.
    # Before the fix the plain geometry ruled it out with every other island hex next to
    # H14, and the placement fell back to hexes beside the Haven.
    sc = cliffs(Scenario(["mohyar"], heroes=["ronja"]).empty_board())
    for hid in ("H01", "H02", "H03", "H04", "H05", "H06", "H08", "H09", "H10", "H11", "H12", "H13"):
        sc.at(hid, garrisons=1)  # not empty
    sc.decks(horde_deck=["bloodwyrm"])
    g = sc.game(script=effect([{"op": "place_horde", "not_adjacent_to_haven": True}], actor="mohyar"))
    offered = hexes(g)
    assert "H07" in offered
    assert not offered & {"H15", "W01", "W02", "W18", "W19"}  # all next to the home Haven


def test_horde_not_adjacent_to_a_haven_is_not_placed_on_a_sea_tower_that_reaches_one():
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    sc.at("H13", tile="dawngaard")  # explored: a Horde on it would be adjacent to every hex
    sc.decks(horde_deck=["bloodwyrm"])
    g = sc.game(script=effect([{"op": "place_horde", "not_adjacent_to_haven": True}], actor="mohyar"))
    offered = hexes(g)
    assert "H13" not in offered and "H12" in offered


def test_remove_a_haven_here_or_adjacent_not_across_a_cliff():
    sc = cliffs(Scenario(["mohyar"], heroes=["ronja"]).empty_board())
    sc.at("H08", tile="raufrost", haven="mohyar")
    g = sc.game(script=effect([{"op": "remove_haven", "where": "here_or_adjacent"}], actor="mohyar", hex="H07"))
    play_out(g)  # H08 is the only Haven adjacent to H07: the home on H14 is behind the cliff
    st = g.state
    assert st.hexes["H08"].haven is None and st.hexes["H14"].haven == "mohyar"


def test_remove_a_curse_next_to_the_hero_not_across_a_cliff():
    sc = cliffs(Scenario(["mohyar"], heroes=["ronja"]).empty_board())
    sc.at("H15", curse=True)  # behind the cliff
    sc.at("H08", curse=True)
    g = sc.game(script=effect([{"op": "remove_curse", "where": "adjacent"}], actor="mohyar", hex="H07"))
    play_out(g)
    st = g.state
    assert not st.hexes["H08"].curse and st.hexes["H15"].curse


def test_remove_a_curse_next_to_a_hero_on_a_sea_tower_reaches_every_hex():
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    sc.at("H13", tile="dawngaard")
    sc.at("H11", curse=True)  # far from H13
    g = sc.game(script=effect([{"op": "remove_curse", "where": "adjacent"}], actor="mohyar", hex="H13"))
    play_out(g)
    assert not g.state.hexes["H11"].curse


def test_command_units_not_across_a_cliff():
    sc = cliffs(Scenario(["mohyar"], heroes=["ronja"]).empty_board())
    sc.player("mohyar", food=1, hero_hex="H08")
    sc.at("H14", units={"sellswords": 1})
    sc.at("H08", tile="raufrost", units={"hunters": 1})
    g = sc.game(script=turn("mohyar"))
    drive(g, "command:H07")
    assert {o for o in ids(g) if o.startswith("bring:")} == {"bring:H08:hunters"}


def test_legion_step_not_across_a_cliff():
    sc = cliffs(Scenario(["mohyar"], heroes=["ronja"]).empty_board())
    sc.at("H07", legions=[("butcher", 5)])
    sc.target("butcher", "H14", "mohyar")
    g = sc.game(script=activate("butcher"))
    play_out(g)
    assert g.state.legions["butcher"].hex != "H14"  # two steps round the cliff, not one


def test_horde_step_not_across_a_cliff_into_a_haven():
    sc = cliffs(Scenario(["mohyar"], heroes=["ronja"]).empty_board())
    sc.at("H07", hordes=[("bloodwyrm", 5)])
    g = sc.game(script=activate("bloodwyrm"))
    play_out(g)
    assert g.state.hordes["bloodwyrm"].hex in {"H08", "H01", "H13", "W18"}
    assert g.state.hexes["H14"].haven == "mohyar"


def test_activated_skeletons_step_not_across_a_cliff_into_a_haven():
    sc = cliffs(Scenario(["mohyar"], heroes=["ronja"]).empty_board())
    sc.at("H07", skeletons=1)
    g = sc.game(script=effect([{"op": "activate", "which": "skeletons"}], actor="mohyar"))
    play_out(g)
    st = g.state
    assert st.hexes["H07"].skeletons == 0 and st.hexes["H14"].skeletons == 0
    assert st.hexes["H14"].haven == "mohyar"


def test_no_module_reads_the_raw_geometry_for_adjacency():
    root = pathlib.Path(__file__).resolve().parents[1] / "uprising_tui"
    board = pathlib.Path(board_module.__file__).resolve()  # the Board itself, wherever it lives
    offenders = []
    for path in root.rglob("*.py"):
        if path.resolve() == board:
            continue
        text = path.read_text(encoding="utf-8")
        if re.search(r"\.geo\b", text):
            offenders.append(str(path.relative_to(root)))
    assert offenders == []
