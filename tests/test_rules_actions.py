"""The seven Actions, one test per cost and restriction; the ALWAYS conversions; the 10-card
limit; the shape of a turn; and illegal answers.

1-faction map: H14 is the home hex (touches W01 W02 H15 H07 W18 W19); H07 touches H14 H15
H08 H01 H13 W18; H13 and H09 are Sea Tower spaces; H00 the Capital."""
from __future__ import annotations

from .rules_actions_fixtures import (
    Scenario,
    drive,
    events,
    ids,
    mohyar,
    play_out,
    starting,
    turn,
)


# ================================================================== Move
def test_move_costs_1_ap_per_hex_and_reaches_adjacent_hexes_only():
    g = mohyar().game(script=turn("mohyar"))
    assert starting(g, "move:") == {"W01", "W02", "H15", "H07", "W18", "W19"}
    drive(g, "move:H07", "move:H01")
    p = g.state.player("mohyar")
    assert p.hero_hex == "H01" and p.ap == 6
    assert [(e.src, e.dst) for e in events(g, "HeroMoved")] == [("H14", "H07"), ("H07", "H01")]


def test_move_onto_enemy_units_starts_no_combat():
    sc = mohyar()
    sc.at("H07", garrisons=2, skeletons=0)
    g = sc.game(script=turn("mohyar"))
    drive(g, "move:H07", "end")
    assert g.state.player("mohyar").hero_hex == "H07"
    assert not events(g, "CombatStarted")


def test_move_heros_cross_impassable_edges():
    sc = mohyar()
    sc.at("H07", tile="rigga", rotation=0)  # cliffs on edges 0 (toward H14) and 1 (toward H15)
    g = sc.game(script=turn("mohyar"))
    assert "H14" not in g.board.walk_neighbours("H07")  # Units could not go
    drive(g, "move:H07")
    assert g.state.player("mohyar").hero_hex == "H07"


def test_move_from_an_explored_sea_tower_reaches_any_hex():
    sc = mohyar(hero_hex="H13")
    sc.at("H13", tile="dawngaard")
    g = sc.game(script=turn("mohyar"))
    assert starting(g, "move:") == set(g.state.hexes) - {"H13"}
    drive(g, "move:W05")
    assert g.state.player("mohyar").hero_hex == "W05"


def test_move_from_an_unexplored_sea_tower_is_an_ordinary_step():
    sc = mohyar(hero_hex="H13")
    g = sc.game(script=turn("mohyar"))
    assert starting(g, "move:") == {"W18", "H07", "H01", "H06", "H12", "W17"}


def test_move_needs_ap():
    g = mohyar(ap=0).game(script=turn("mohyar"))
    assert not starting(g, "move:")


# ================================================================== Trade
def test_trade_spends_1_ap_for_1_salt_and_does_not_end_the_turn():
    g = mohyar(salt=0).game(script=turn("mohyar"))
    drive(g, "trade:ap", "trade:ap")
    p = g.state.player("mohyar")
    assert (p.ap, p.salt) == (6, 2)
    assert g.decision.kind == "turn"


def _two_heros(khaal_items=(), ronja_items=()):
    sc = Scenario(["krowh", "mohyar"], heroes=["khaal", "ronja"]).empty_board()
    sc.player("krowh", hero_hex="H07", items=list(khaal_items), salt=2, plunder=0, food=0)
    sc.player("mohyar", hero_hex="H07", items=list(ronja_items), salt=0, plunder=4, food=0)
    return sc


def test_trade_lets_heros_on_one_hex_give_resources_freely():
    g = _two_heros().game(script=turn("krowh"))
    assert not any(o.startswith("give:") for o in ids(g))  # only during a Trade
    drive(g, "trade:ap", "give:mohyar:salt", "give:mohyar:salt")
    k, r = g.state.player("krowh"), g.state.player("mohyar")
    assert (k.salt, r.salt) == (1, 2)  # 2 + 1 traded - 2 given; no consent asked


def test_trade_taking_needs_the_other_players_consent():
    g = _two_heros().game(script=turn("krowh"))
    drive(g, "trade:ap", "ask:mohyar:plunder")
    assert g.decision.kind == "trade_consent" and g.decision.actor == "mohyar"
    drive(g, "no")
    assert g.state.player("krowh").plunder == 0 and g.state.player("mohyar").plunder == 4


def test_trade_items_only_to_a_hero_who_could_use_them():
    # Kha'al (Leadership 1) holds a Whip of Thorns (needs Leadership 2) and Flenser (Might 2);
    # Ronja has Might 2, Leadership 1.
    g = _two_heros(khaal_items=["whip_of_thorns", "flenser"]).game(script=turn("krowh"))
    drive(g, "trade:ap")
    assert "give_item:mohyar:flenser" in ids(g)
    assert "give_item:mohyar:whip_of_thorns" not in ids(g)
    drive(g, "give_item:mohyar:flenser")
    assert [c.id for c in g.state.player("mohyar").items] == ["flenser"]


def test_trade_with_heros_on_different_hexes_is_impossible():
    sc = _two_heros()
    sc.player("mohyar", hero_hex="H08")
    g = sc.game(script=turn("krowh"))
    drive(g, "trade:ap")
    assert not any(o.startswith(("give", "ask")) for o in ids(g))


# ================================================================== Command
def test_command_costs_1_ap_and_1_food_and_ends_the_turn():
    sc = mohyar(food=1)
    sc.at("H14", units={"sellswords": 1})
    sc.at("H07", tile="black_ice")
    g = sc.game(script=turn("mohyar"))
    drive(g, "command:H07")
    play_out(g)
    p = g.state.player("mohyar")
    assert (p.ap, p.food) == (7, 0)
    assert g.state.hexes["H07"].units == {"sellswords": 1}
    assert g.decision is None


def test_command_needs_food():
    sc = mohyar(food=0)
    sc.at("H14", units={"sellswords": 1})
    sc.at("H07", tile="black_ice")
    g = sc.game(script=turn("mohyar"))
    assert not starting(g, "command:")


def test_command_brings_units_from_adjacent_hexes_only():
    sc = mohyar(food=1)
    sc.at("H14", units={"sellswords": 1})
    sc.at("H01", tile="raufrost", units={"hunters": 1})  # two steps from H15
    sc.at("H15", tile="black_ice")
    g = sc.game(script=turn("mohyar"))
    drive(g, "command:H15")
    assert starting(g, "bring:") == {"H14:sellswords"}


def test_command_units_cannot_cross_impassable_edges_but_the_hero_can():
    sc = mohyar(food=1, hero_hex="H14")
    sc.at("H07", tile="rigga", rotation=0)  # cliffs toward H14 and H15
    sc.at("H14", units={"sellswords": 2})
    sc.at("H13", tile="black_ice", units={"hunters": 1})
    g = sc.game(script=turn("mohyar"))
    drive(g, "command:H07")
    assert starting(g, "bring:") == {"H13:hunters"}
    assert "hero" in ids(g)
    drive(g, "hero", "bring:H13:hunters")  # nothing else can come: it marches at once
    assert g.state.player("mohyar").hero_hex == "H07"
    assert g.state.hexes["H07"].units == {"hunters": 1}


def test_command_never_onto_an_unexplored_hex_but_a_cursed_one_is_explored_terrain():
    sc = mohyar(food=1)
    sc.at("H14", units={"sellswords": 1})
    sc.at("H15", curse=True)  # face-down but Cursed
    g = sc.game(script=turn("mohyar"))
    opts = starting(g, "command:")
    assert "H07" not in opts  # face-down
    assert "H15" in opts and "W01" in opts  # Cursed; the Ice Wastes are explored


def test_command_at_most_5_units_on_a_hex():
    sc = mohyar(food=1)
    sc.at("H07", tile="black_ice", units={"sellswords": 4})
    sc.at("H14", units={"hunters": 3})
    g = sc.game(script=turn("mohyar"))
    drive(g, "command:H07", "bring:H14:hunters")
    assert not starting(g, "bring:")
    play_out(g)
    assert g.state.hexes["H07"].unit_count == 5 and g.state.hexes["H14"].units == {"hunters": 2}


def test_command_not_onto_another_factions_units_or_haven():
    sc = Scenario(["krowh", "mohyar"], heroes=["khaal", "ronja"]).empty_board()
    sc.at("H01", tile="raufrost", units={"sellswords": 2})
    sc.at("H07", tile="black_ice", units={"tribesmen": 1})
    sc.at("H08", tile="torment", haven="krowh")
    sc.at("H02", tile="saltmarrow_flats")
    sc.player("mohyar", food=1, hero_hex="H01")
    g = sc.game(script=turn("mohyar"))
    opts = starting(g, "command:")
    assert "H02" in opts
    assert "H07" not in opts and "H08" not in opts


def test_command_from_sea_towers_reaches_any_hex():
    sc = mohyar(food=1)
    sc.at("H13", tile="dawngaard", units={"sellswords": 1})
    sc.at("H09", tile="zeegaard", units={"hunters": 1})
    sc.at("H11", tile="black_ice")  # far from both
    g = sc.game(script=turn("mohyar"))
    drive(g, "command:H11")
    assert starting(g, "bring:") == {"H13:sellswords", "H09:hunters", "all"}  # (all: both at once)


def test_command_fights_garrisons_before_a_legion_and_the_hero_comes_along():
    sc = mohyar(food=1, hero_hex="H14")
    sc.at("H14", units={"berserkers": 2})
    sc.at("H07", tile="black_ice", garrisons=1, legions=[("assassin", 1)])
    sc.target("assassin", "H00", None)
    sc.rig(white=[""], red=["S", "S", "", ""], blue=["", ""])  # the Garrison falls in Clash
    sc.rig(white=[""], red=["S", "S", ""], blue=[""])  # then the Assassin (Threat 1)
    g = sc.game(script=turn("mohyar"))
    drive(g, "command:H07", "bring:H14:berserkers", "bring:H14:berserkers", "hero")
    play_out(g)
    st = g.state
    assert [(e.kind_b, e.card_b) for e in events(g, "CombatStarted")] == [("garrisons", None), ("legion", "assassin")]
    assert not st.hexes["H07"].garrisons and "assassin" not in st.legions
    assert st.player("mohyar").hero_hex == "H07"


# ================================================================== Explore
def test_explore_costs_1_ap_flips_the_heros_hex_and_ends_the_turn():
    sc = mohyar(hero_hex="H07", salt=0)
    sc.at("H07", tile="raufrost", explored=False)
    g = sc.game(script=turn("mohyar"))
    drive(g, "explore")
    play_out(g)
    st = g.state
    assert st.hexes["H07"].explored and st.player("mohyar").ap == 7
    assert st.player("mohyar").salt == 2  # Raufrost: gain 2 Salt
    assert st.hexes["H07"].garrisons == [1]  # if empty, place 1 Garrison
    assert g.decision is None


def test_explore_only_an_unexplored_hex():
    g = mohyar().game(script=turn("mohyar"))
    assert "explore" not in ids(g)  # the home hex is explored


def test_explore_is_blocked_by_a_curse():
    sc = mohyar(hero_hex="H07")
    sc.at("H07", tile="raufrost", explored=False, curse=True)
    g = sc.game(script=turn("mohyar"))
    assert "explore" not in ids(g)


def test_explore_impassable_hex_in_any_orientation():
    sc = mohyar(hero_hex="H07")
    sc.at("H07", tile="rigga", explored=False)
    g = sc.game(script=turn("mohyar"))
    drive(g, "explore")
    play_out(g, {"place_garrison": "hex:H10"})
    # play_out answered the orientation with its first option; try every orientation
    for r in range(6):
        sc2 = mohyar(hero_hex="H07")
        sc2.at("H07", tile="rigga", explored=False)
        g2 = sc2.game(script=turn("mohyar"))
        drive(g2, "explore")
        while g2.decision.kind != "orient":
            g2.answer(ids(g2)[0])
        assert set(ids(g2)) == {f"rotate:{k}" for k in range(6)}
        drive(g2, f"rotate:{r}")
        geo = g2.board.geo["H07"]
        blocked = {geo[r % 6], geo[(r + 1) % 6]}
        assert not blocked & set(g2.board.walk_neighbours("H07")), r


def test_explore_with_player_units_there_places_and_reinforces_nothing():
    sc = mohyar(hero_hex="H07")
    sc.at("H07", tile="raufrost", explored=False, units={"sellswords": 1})
    g = sc.game(script=turn("mohyar"))
    drive(g, "explore")
    play_out(g)
    st = g.state
    assert st.hexes["H07"].garrisons == []
    assert sum(len(h.garrisons) for h in st.hexes.values()) == 1  # only "on an empty hex"


def test_explore_reinforces_a_legion_hex_with_a_garrison_and_a_horde_hex_with_a_skeleton():
    # Black Ice: "if empty 1 Skeleton, if not reinforce; 1 Skeleton with other Skeletons": the
    # reinforcement is the only Skeleton on the map, so the second joins it.
    for nemesis, want in (({"legions": [("assassin", 3)]}, ("garrisons", [1])),
                          ({"hordes": [("bloodwyrm", 3)]}, ("skeletons", 2))):
        sc = mohyar(hero_hex="H07")
        sc.at("H07", tile="black_ice", explored=False, **nemesis)
        sc.decks(horde_deck=["siren"])
        if "legions" in nemesis:
            sc.target("assassin", "H00", None)
            sc.at("H07", tile="raufrost", explored=False)  # "if empty 1 Garrison, if not reinforce"
        g = sc.game(script=turn("mohyar"))
        drive(g, "explore")
        play_out(g)
        attr, value = want
        assert getattr(g.state.hexes["H07"], attr) == value, nemesis
