"""The Nemesis, Legions and what follows them: the rulebook's Legion and Target examples, retargeting,
the Capital rule, Curses, Activation Tokens and Threat limits (split from the Nemesis examples;
Garrison, Skeleton and Horde placement is in test_example_nemesis_placement.py).

1-faction map: H00 the Capital; ring 1 H01-H06; H07 (touches H14 H15 H08 H01 H13 W18);
H08 (touches H15 W04 H09 H02 H01 H07); H09/H13 Sea Tower spaces; H14 the home hex;
W09-W12 the Fog Grave (W10 touches H03 H04, W11/W12 touch H04)."""
from __future__ import annotations

from .example_nemesis_fixtures import (
    Scenario,
    activate,
    drive,
    effect,
    events,
    hexes_of,
    ids,
    play_out,
    run_phase,
    turn,
    with_state,
)


# ================================================================== Legions and Targets
def test_legion_example_butcher_targets_syndras_home_and_halves_plunder():
    sc = Scenario(["druwhn", "duerkhar"], heroes=["syndra", "yanny"]).empty_board()
    # 2-faction map: Syndra's home is H15, Yanny's H17. Syndra's home: no Units, Tower and Wall.
    sc.at("H15", tower=True, wall=True)
    sc.at("H07", tile="rigga", haven="druwhn", units={"swordsisters": 1})
    sc.player("druwhn", plunder=1)
    sc.player("duerkhar", plunder=7)
    sc.decks(events=["the_vanguard_marches"], legion_deck=["butcher", "warlock"])
    sc.when(1, "events")
    g = sc.game(script=run_phase("events"))
    st = g.state
    card = st.legions["butcher"]
    assert card.hex == "H00" and card.threat == 4
    assert g.decision.kind == "target_faction" and g.decision.actor == "druwhn"  # the first player
    assert set(ids(g)) == {"faction:druwhn", "faction:duerkhar"}
    drive(g, "faction:druwhn")  # the home hex has the fewest Units (0): no further choice
    assert (card.target, card.target_faction) == ("H15", "druwhn")
    assert st.player("duerkhar").plunder == 4  # 7 - 3
    assert st.player("druwhn").plunder == 1  # half of 1, rounded down, is 0
    play_out(g)
    assert sum(len(h.garrisons) for h in st.hexes.values()) == 2  # the Event goes on
    assert card.tokens == 1


def test_legion_target_goes_on_a_faction_without_a_target():
    sc = Scenario(["druwhn", "duerkhar"]).empty_board()
    sc.at("H01", legions=[("warlock", 3)])
    sc.target("warlock", "H15", "druwhn")
    sc.decks(legion_deck=["assassin"])
    g = sc.game(script=effect([{"op": "place_legion", "threat": 3}], actor="druwhn"))
    play_out(g)
    card = g.state.legions["assassin"]
    assert (card.target, card.target_faction) == ("H17", "duerkhar")


def test_legion_target_chooses_among_the_havens_with_fewest_units():
    sc = Scenario(["mohyar"]).empty_board()
    sc.at("H14", units={"sellswords": 2})
    sc.at("H07", tile="rigga", haven="mohyar", units={"hunters": 1})
    sc.at("H08", tile="torment", haven="mohyar", units={"sellswords": 1})
    sc.at("H01", tile="raufrost", haven="mohyar", units={"sellswords": 1, "hunters": 1})
    sc.decks(legion_deck=["assassin"])
    g = sc.game(script=effect([{"op": "place_legion", "threat": 3}], actor="mohyar"))
    assert g.decision.kind == "target_haven" and hexes_of(g) == {"H07", "H08"}
    drive(g, "hex:H08")
    assert g.state.legions["assassin"].target == "H08"


def test_legion_target_when_every_faction_has_one_goes_on_the_capital():
    sc = Scenario(["mohyar"]).empty_board()
    sc.at("H01", legions=[("warlock", 3)])
    sc.target("warlock", "H14", "mohyar")
    sc.decks(legion_deck=["assassin"])
    g = sc.game(script=effect([{"op": "place_legion", "threat": 3}], actor="mohyar"))
    play_out(g)
    card = g.state.legions["assassin"]
    assert card.target == "H00" and card.target_faction is None


def test_legion_that_cannot_be_placed_gives_the_empire_1_vp():
    sc = Scenario(["mohyar"]).empty_board()
    sc.decks(legion_deck=[])
    g = sc.game(script=effect([{"op": "place_legion", "threat": 3}], actor="mohyar"))
    play_out(g)
    assert g.state.vp_empire == 1 and not g.state.legions


def test_retarget_when_the_targeted_haven_is_lost_goes_to_the_haven_with_fewest_units():
    sc = Scenario(["mohyar"]).empty_board()
    sc.at("H07", tile="rigga", haven="mohyar")
    sc.at("H14", units={"sellswords": 1})
    sc.at("H08", tile="torment", haven="mohyar", units={"sellswords": 2})
    sc.at("H10", legions=[("assassin", 3)])
    sc.target("assassin", "H07", "mohyar")
    sc.at("H13", hordes=[("bloodwyrm", 3)])
    # a Curse placed on the targeted Haven removes it
    g = sc.game(script=effect([{"op": "place_curse", "where": "here"}], actor="mohyar", hex="H07"))
    play_out(g)
    st = g.state
    assert st.hexes["H07"].haven is None
    assert st.legions["assassin"].target == "H14"  # 1 Unit beats 2
    assert st.legions["assassin"].target_faction == "mohyar"


def test_retarget_with_no_haven_left_goes_to_the_capital_for_good():
    sc = Scenario(["mohyar"]).empty_board()
    sc.at("H14", haven=None)
    sc.at("H07", tile="rigga", haven="mohyar")
    sc.at("H10", legions=[("assassin", 3)])
    sc.target("assassin", "H07", "mohyar")

    def script(ctx):
        from uprising_tui.engine.rules.actions.haven import place_haven
        yield from effect([{"op": "place_curse", "where": "here"}], actor="mohyar", hex="H07")(ctx)
        # a new Haven later does not pull a Capital Target back out
        place_haven(ctx, ctx.state.player("mohyar"), "H08")
        yield from activate("assassin")(ctx)

    g = sc.game(script=script)
    play_out(g)
    card = g.state.legions["assassin"]
    assert card.target == "H00" and card.target_faction is None
    assert card.hex in ("H02", "H03")  # it heads back toward the Capital


def test_legion_targeting_the_capital_stays_there_and_leaves_garrisons():
    sc = Scenario(["mohyar"]).empty_board()
    sc.at("H00", legions=[("assassin", 3)])
    sc.target("assassin", "H00", None)
    g = sc.game(script=activate("assassin", times=2))
    play_out(g)
    assert g.state.legions["assassin"].hex == "H00"
    assert g.state.hexes["H00"].garrisons == [1, 2]


# ================================================================== the Capital rule
def test_capital_with_only_player_units_places_a_legion_at_once():
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    sc.at("H01", tile="raufrost", units={"sellswords": 2})
    sc.player("mohyar", hero_hex="H01")
    sc.decks(legion_deck=["assassin"])
    g = sc.game(script=turn("mohyar"))
    drive(g, "command:H00", "bring:H01:sellswords", "done")
    placed = events(g, "NemesisPlaced")
    assert placed and placed[0].card == "assassin" and placed[0].hex == "H00"
    assert events(g, "CombatStarted")[0].hex == "H00"
    play_out(g)


def test_capital_with_no_legion_left_is_flipped_for_5_vp():
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    sc.at("H01", tile="raufrost", units={"sellswords": 2})
    sc.player("mohyar", hero_hex="H01")
    sc.decks(legion_deck=[])
    g = sc.game(script=turn("mohyar"))
    drive(g, "command:H00", "bring:H01:sellswords", "done")
    play_out(g)
    st = g.state
    assert st.hexes["H00"].capital_fallen
    assert st.player("mohyar").vp == 5
    assert st.vp_empire == 0  # the fall replaces the general 1 VP for a Legion that cannot be placed


def test_capital_entered_by_a_horde_flips_for_chaos():
    sc = Scenario(["mohyar"]).empty_board()
    sc.at("H01", hordes=[("bloodwyrm", 3)])
    sc.at("H02", curse=True)
    sc.at("H06", curse=True)
    sc.decks(legion_deck=[])
    g = sc.game(script=activate("bloodwyrm"))
    play_out(g)
    st = g.state
    assert st.hordes["bloodwyrm"].hex == "H00"
    assert st.hexes["H00"].capital_fallen
    assert st.vp_chaos == 5


# ================================================================== Curses
def test_a_curse_destroys_garrisons_into_the_chaos_graveyard_and_removes_a_haven_with_defenses():
    sc = Scenario(["mohyar"]).empty_board()
    sc.at("H08", garrisons=2)
    sc.at("H07", tile="rigga", haven="mohyar", tower=True, wall=True)
    g = sc.game(script=effect([{"op": "place_curse", "where": "here"}], actor="mohyar", hex="H08"))
    play_out(g)
    g2 = sc.game(script=effect([{"op": "place_curse", "where": "here"}], actor="mohyar", hex="H07"))
    play_out(g2)
    assert g.state.hexes["H08"].curse and g.state.hexes["H08"].garrisons == []
    assert g.state.graveyard_chaos == {"empire": {"garrison:1": 1, "garrison:2": 1}}
    h = g2.state.hexes["H07"]
    assert h.curse and h.haven is None and not h.tower and not h.wall


def test_a_curse_that_cannot_be_placed_gives_chaos_1_vp():
    sc = Scenario(["mohyar"]).empty_board()
    script = with_state(lambda st: setattr(st, "curse_reserve", 0),
                        effect([{"op": "place_curse", "where": "here"}], actor="mohyar", hex="H08"))
    g = sc.game(script=script)
    play_out(g)
    assert not g.state.hexes["H08"].curse and g.state.vp_chaos == 1


# ================================================================== Activation Tokens and Threat
def test_activation_token_goes_on_a_card_with_the_fewest():
    sc = Scenario(["mohyar"]).empty_board()
    sc.at("H01", legions=[("assassin", 3)])
    sc.at("H02", hordes=[("bloodwyrm", 3)])
    sc.at("H03", hordes=[("siren", 3)])
    sc.tokens("assassin", 1).tokens("bloodwyrm", 2).tokens("siren", 1)
    g = sc.game(script=effect([{"op": "activation_token", "count": 2}], actor="mohyar"))
    assert g.decision.kind == "activation_token"
    assert set(ids(g)) == {"card:assassin", "card:siren"}
    drive(g, "card:siren")
    # now the Assassin alone has the fewest
    st = g.state
    assert (st.legions["assassin"].tokens, st.hordes["siren"].tokens, st.hordes["bloodwyrm"].tokens) == (2, 2, 2)


def test_threat_above_the_limit_becomes_vp_for_its_faction():
    sc = Scenario(["mohyar"]).empty_board()
    sc.at("H01", legions=[("assassin", 6)])
    sc.at("H02", hordes=[("bloodwyrm", 5), ("banished", 4)])
    g = sc.game(script=effect([{"op": "threat", "which": "all_legions", "amount": 3},
                               {"op": "threat", "which": "all_hordes", "amount": 3}], actor="mohyar"))
    play_out(g)
    st = g.state
    assert st.legions["assassin"].threat == 7 and st.vp_empire == 2
    assert st.hordes["bloodwyrm"].threat == 7
    assert st.hordes["banished"].threat == 5  # her maximum is 5
    assert st.vp_chaos == 1 + 2
