"""Command and Build as the rulebook gives them (issues 6 and 9): the Hero may be Commanded
alone; Units may be built on a Haven with enemy pieces on it (and fight them); Build may put
Units on the Capital, and the Capital rule fires.

1-faction map: H14 is the home hex (touches W01 W02 H15 H07 W18 W19); H00 the Capital
(touches H01-H06)."""
from __future__ import annotations

from uprising_tui.engine.scenario import Scenario, run_phase, turn

from .helpers import drive, events, ids, play_out


def mohyar(**player):
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    if player:
        sc.player("mohyar", **player)
    return sc


def build(g, unit: str, hid: str) -> None:
    drive(g, f"build:{unit}:{hid}")
    if g.decision.kind == "pay":
        drive(g, g.decision.ids()[0])


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


# ================================================================== Build and the Capital (issue 9.3)
def test_units_built_on_the_capital_bring_a_legion_at_once_and_fight_when_the_build_ends():
    # with no Haven the Hero may gather an army on any explored empty hex: the empty Capital
    sc = mohyar(salt=9, plunder=9, food=9, feat_deck=[])  # no Feats to draw
    sc.at("H14", haven=None)
    sc.decks(legion_deck=["assassin"])
    g = sc.game(script=run_phase("build"))
    drive(g, "hex:H00")
    build(g, "sellswords", "H00")
    placed = [e for e in events(g, "NemesisPlaced") if e.card == "assassin"]
    assert placed and placed[0].hex == "H00"  # at once, before the Build is over
    assert not events(g, "CombatStarted")
    build(g, "sellswords", "H00")
    assert len([e for e in events(g, "NemesisPlaced") if e.kind == "legion"]) == 1  # one Legion is enough
    drive(g, "done")
    combats = events(g, "CombatStarted")
    assert combats and combats[0].hex == "H00"
    play_out(g)


# ================================================================== a Haven with enemies on it (issue 9.4)
def test_units_built_on_a_haven_with_enemy_pieces_fight_them_when_the_build_ends():
    # Skeletons stand on the Mohyar home Haven (an effect put them there); the Mohyar may still
    # build there ("any of your Havens") and the new Units begin combat with them
    sc = mohyar(salt=9, plunder=9, food=9, feat_deck=[])  # no Feats to draw
    sc.at("H14", skeletons=1)
    sc.rig(white=[""], blue=["S", "S"])  # the Skeleton's red die is white in the Marsh (the home's terrain)
    g = sc.game(script=run_phase("build"))
    assert "build:sellswords:H14" in ids(g)
    build(g, "sellswords", "H14")
    build(g, "sellswords", "H14")
    assert not events(g, "CombatStarted")
    drive(g, "done")
    play_out(g)
    st = g.state
    assert [e.hex for e in events(g, "CombatStarted")] == ["H14"]
    assert st.hexes["H14"].skeletons == 0 and st.hexes["H14"].units == {"sellswords": 2}
    assert st.player("mohyar").vp == 1
