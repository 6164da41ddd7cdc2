"""Command and Build as the rulebook gives them (issues 6 and 9): the Hero may be Commanded
alone; Units may be built on a Haven with enemy pieces on it (and fight them); Build may put
Units on the Capital, and the Capital rule fires.

1-faction map: H14 is the home hex (touches W01 W02 H15 H07 W18 W19); H00 the Capital
(touches H01-H06)."""
from __future__ import annotations

from uprising_tui.engine.scenario import Scenario, turn

from .helpers import drive, events, ids, play_out


def mohyar(**player):
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    if player:
        sc.player("mohyar", **player)
    return sc


# ================================================================== the Hero alone (issue 6.3)
def test_command_the_hero_alone_where_no_unit_could_go():
    # "move any of your adjacent Units and/or your adjacent Hero": no Unit of the Mohyar is
    # anywhere, yet the Hero may be Commanded into an adjacent explored hex
    sc = mohyar(food=1, hero_hex="H14")
    sc.at("H07", tile="black_ice")
    g = sc.game(script=turn("mohyar"))
    assert "command:H07" in ids(g)
    drive(g, "command:H07")
    play_out(g)
    p = g.state.player("mohyar")
    assert p.hero_hex == "H07" and (p.ap, p.food) == (7, 0)
    assert [(e.src, e.dst) for e in events(g, "HeroMoved")] == [("H14", "H07")]


def test_command_the_hero_alone_onto_enemies_starts_no_combat():
    sc = mohyar(food=1, hero_hex="H14")
    sc.at("H07", tile="black_ice", garrisons=2)
    g = sc.game(script=turn("mohyar"))
    drive(g, "command:H07")
    play_out(g)
    assert g.state.player("mohyar").hero_hex == "H07"
    assert not events(g, "CombatStarted") and g.state.hexes["H07"].garrisons == [1, 2]


def test_command_the_hero_alone_never_onto_an_unexplored_hex():
    sc = mohyar(food=1, hero_hex="H14")  # H07 and H15 are face-down
    g = sc.game(script=turn("mohyar"))
    assert not {"command:H07", "command:H15"} & set(ids(g))
    assert "command:W01" in ids(g)  # the Ice Wastes are explored
