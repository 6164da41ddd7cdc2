"""The Nemesis explains itself: each Legion, Horde and Skeleton move names the activation step,
the priority rule that chose the hex, the candidates it weighed and the tie left; each
placement names the fallback it used (and the VP given when nothing could be placed); each
Target and retarget names its reason. ``uprising log`` prints them."""
from __future__ import annotations

from uprising_tui.content.validation import parse_effect

from uprising_tui.engine.ops.executor import Source, run_effect
from uprising_tui.engine.face.log import LogRenderer

from .example_nemesis_fixtures import Scenario, activate, crowd, drive, effect, events, play_out, with_state


def moves(g, kind="NemesisMoved"):
    return [(e.src, e.dst, e.step, e.rule, e.candidates, e.tied) for e in events(g, kind)]


def legion_at(sc, where, target, faction="mohyar", card="assassin"):
    sc.at(where, legions=[(card, 3)])
    sc.target(card, target, faction)
    return sc


# ================================================================== moves
def test_a_legion_move_names_step_2_the_haven_rule_and_its_candidates():
    sc = Scenario(["mohyar"]).empty_board()
    legion_at(sc, "H02", "H07")
    sc.at("H07", tile="rigga", haven="mohyar")
    sc.at("H08", tile="torment", haven="mohyar", units={"sellswords": 3})
    sc.at("H01", tile="raufrost", units={"hunters": 1})
    g = sc.game(script=activate("assassin"))
    assert moves(g) == [("H02", "H08", "2", "haven", ("H01", "H08"), ("H08",))]


def test_a_tie_between_havens_is_left_to_the_first_player_and_said():
    sc = Scenario(["mohyar"]).empty_board()
    legion_at(sc, "H02", "H07")
    sc.at("H07", tile="rigga", haven="mohyar")
    sc.at("H08", tile="torment", haven="mohyar")
    sc.at("H01", tile="raufrost", haven="mohyar")
    g = sc.game(script=activate("assassin"))
    assert g.decision.kind == "nemesis_tie"
    drive(g, "hex:H08")
    assert moves(g)[0][3:] == ("haven", ("H01", "H08"), ("H01", "H08"))


def test_the_weakest_enemy_an_empty_hex_and_any_hex_closer():
    sc = Scenario(["mohyar"]).empty_board()
    legion_at(sc, "H02", "H07")
    sc.at("H07", tile="rigga", haven="mohyar")
    sc.at("H08", hordes=[("bloodwyrm", 3)])
    sc.at("H01", tile="raufrost", units={"sellswords": 2})
    g = sc.game(script=activate("assassin"))
    assert moves(g)[0][1:4] == ("H01", "2", "enemy")  # 2 Units < 3 Threat

    sc = Scenario(["mohyar"]).empty_board()
    legion_at(sc, "H02", "H07")
    sc.at("H07", tile="rigga", haven="mohyar")
    sc.at("H08", curse=True)
    g = sc.game(script=activate("assassin"))
    assert moves(g)[0][1:] == ("H01", "2", "empty", ("H01", "H08"), ("H01",))

    sc = Scenario(["mohyar"]).empty_board()
    legion_at(sc, "H02", "H07")
    sc.at("H07", tile="rigga", haven="mohyar")
    sc.at("H08", curse=True)
    sc.at("H01", garrisons=1)
    g = sc.game(script=activate("assassin"))
    play_out(g, {"nemesis_tie": "hex:H01"})
    assert moves(g)[0][1:] == ("H01", "2", "closer", ("H01", "H08"), ("H01", "H08"))


def test_the_warlock_goes_straight_to_its_target():
    sc = Scenario(["mohyar"]).empty_board()
    legion_at(sc, "H06", "H13", card="warlock")
    sc.at("H13", tile="rigga", haven="mohyar")
    g = sc.game(script=activate("warlock"))
    play_out(g)
    assert moves(g)[0] == ("H06", "H13", "2", "target", ("H13",), ("H13",))


def test_a_horde_move_and_a_skeleton_move_name_their_rule():
    sc = Scenario(["mohyar"]).empty_board()
    sc.at("H07", hordes=[("bloodwyrm", 3)])
    sc.at("H01", tile="raufrost", haven="mohyar")
    g = sc.game(script=activate("bloodwyrm"))
    play_out(g)
    src, dst, step, rule, cands, tied = moves(g)[0]
    assert (src, dst, step, rule, tied) == ("H07", "H01", "2", "haven", ("H01",))
    assert "H01" in cands and len(cands) > 1

    sc = Scenario(["mohyar"], auto_ties=True).empty_board()
    sc.at("H07", skeletons=1).at("H01", tile="raufrost", haven="mohyar")
    g = sc.game(script=effect([{"op": "activate", "which": "skeletons"}], actor="mohyar"))
    play_out(g)
    moved = events(g, "SkeletonsMoved")
    assert [(e.src, e.dst, e.count, e.rule) for e in moved] == [("H07", "H01", 1, "haven")]


def test_a_move_by_an_effect_says_so():
    """The Siren slips away to the closest empty hex: not an activation step."""
    ops = parse_effect([{"op": "move_to_closest_empty"}])
    sc = Scenario(["mohyar"], auto_ties=True).empty_board()
    sc.at("H07", tile="rigga", hordes=[("siren", 2)], units={"sellswords": 1})

    def script(ctx):
        yield from run_effect(ctx, ops, Source("chaos", "H07", "siren", nem=ctx.state.nem("siren")))
    g = sc.game(script=script)
    play_out(g)
    (src, dst, step, rule, cands, tied), = moves(g)
    assert (src, step, rule) == ("H07", "effect", "closest_empty") and dst in tied and set(tied) <= set(cands)
    assert events(g, "NemesisMoved")[0].source.kind == "horde"


# ================================================================== placements
def test_garrison_fallbacks_capital_overflow_legion_hex_and_stack():
    sc = Scenario(["mohyar"]).empty_board()
    sc.at("H00", garrisons=3)
    crowd(sc, keep=("H10",))
    g = sc.game(script=effect([{"op": "place_garrison", "where": "capital", "count": 1}], actor="mohyar"))
    play_out(g)
    assert [(e.hex, e.fallback) for e in events(g, "GarrisonPlaced")] == [("H10", "capital_overflow")]

    sc = Scenario(["mohyar"]).empty_board()
    crowd(sc)
    sc.at("H08", garrisons=1).at("H01", legions=[("warlock", 3)])
    g = sc.game(script=effect([{"op": "place_garrison", "where": "empty", "count": 1}], actor="mohyar"))
    play_out(g)
    assert [(e.hex, e.fallback) for e in events(g, "GarrisonPlaced")] == [("H01", "legion_hex")]

    sc = Scenario(["mohyar"]).empty_board()
    sc.at("H08", garrisons=1)
    script = with_state(lambda st: st.garrison_reserve.__setitem__(0, 0),
                        effect([{"op": "place_garrison", "where": "empty", "count": 1}], actor="mohyar"))
    g = sc.game(script=script)
    play_out(g)
    assert [(e.hex, e.level, e.fallback) for e in events(g, "GarrisonPlaced")] == [("H08", 2, "stack")]


def test_nothing_placed_gives_vp_with_its_reason():
    sc = Scenario(["mohyar"]).empty_board()
    crowd(sc)
    sc.at("H08", garrisons=3)
    g = sc.game(script=effect([{"op": "place_garrison", "where": "empty", "count": 2}], actor="mohyar"))
    play_out(g)
    assert [(e.faction, e.amount, e.reason) for e in events(g, "VPChanged")] == [
        ("empire", 1, "garrison_not_placed")] * 2
    sc = Scenario(["krowh"]).empty_board().decks(horde_deck=[])
    g = sc.game(script=effect([{"op": "place_horde"}], actor="krowh"))
    play_out(g)
    assert [(e.faction, e.reason) for e in events(g, "VPChanged")] == [("chaos", "no_horde")]
    sc = Scenario(["druwhn"]).empty_board().at("H08", skeletons=2).decks(horde_deck=[])
    g = sc.game(script=with_state(lambda st: setattr(st, "skeleton_reserve", 0),
                                  effect([{"op": "place_skeleton", "count": 1}], actor="druwhn")))
    play_out(g)
    assert [(e.faction, e.reason) for e in events(g, "VPChanged")] == [("chaos", "skeleton_not_placed")]


def test_skeleton_and_horde_fallbacks():
    sc = Scenario(["druwhn"]).empty_board()
    crowd(sc, keep=("H08",))
    g = sc.game(script=effect([{"op": "place_skeleton", "where": "with_skeletons", "count": 1}], actor="druwhn"))
    drive(g, "hex:H08")
    assert [(e.hex, e.fallback) for e in events(g, "SkeletonPlaced")] == [("H08", "empty_hex")]

    sc = Scenario(["krowh"]).empty_board()
    sc.at("H04", tile="rigga", haven="krowh").at("W09", skeletons=1).decks(horde_deck=["bloodwyrm"])
    g = sc.game(script=effect([{"op": "place_horde", "region": "fog_grave", "not_adjacent_to_haven": True}],
                              actor="krowh"))
    play_out(g)
    assert [(e.hex, e.fallback) for e in events(g, "NemesisPlaced")] == [("W09", "skeletons_or_curse")]

    sc = Scenario(["krowh"]).empty_board()
    sc.at("H04", tile="rigga", haven="krowh").at("W09", units={"tribesmen": 1}).decks(horde_deck=["bloodwyrm"])
    g = sc.game(script=effect([{"op": "place_horde", "region": "fog_grave", "not_adjacent_to_haven": True}],
                              actor="krowh"))
    play_out(g)
    assert events(g, "NemesisPlaced")[0].fallback == "adjacent_to_haven"

    sc = Scenario(["krowh"]).empty_board()
    for w in ("W09", "W10", "W11", "W12"):
        sc.at(w, units={"tribesmen": 1})
    sc.decks(horde_deck=["bloodwyrm"])
    g = sc.game(script=effect([{"op": "place_horde", "region": "fog_grave"}], actor="krowh"))
    play_out(g)
    assert events(g, "NemesisPlaced")[0].fallback == "any_region"


# ================================================================== Targets
def test_target_reasons_hunt_capital_retarget_and_retarget_capital():
    sc = Scenario(["mohyar"], auto_ties=True).empty_board()
    sc.at("H07", tile="rigga", haven="mohyar").decks(legion_deck=["assassin", "warlock"])
    g = sc.game(script=effect([{"op": "place_legion", "count": 2}], actor="mohyar"))
    play_out(g)
    targets = [(e.card, e.hex, e.faction, e.reason) for e in events(g, "TargetPlaced")]
    assert targets[0][3] == "hunt" and targets[0][2] == "mohyar"
    assert targets[1] == ("warlock", "H00", None, "capital")  # the only faction is hunted already
    assert set(events(g, "TargetPlaced")[0].candidates) <= {"H07", "H14"}

    sc = Scenario(["mohyar"], auto_ties=True).empty_board()
    sc.at("H07", tile="rigga", haven="mohyar")
    sc.at("H05", legions=[("assassin", 3)]).target("assassin", "H07", "mohyar")
    g = sc.game(script=effect([{"op": "remove_haven", "where": "any"}], actor="mohyar"))
    play_out(g, {"remove_haven": "hex:H07"})
    assert [(e.hex, e.reason) for e in events(g, "TargetPlaced")] == [("H14", "retarget")]
    play_out(g)

    sc = Scenario(["mohyar"], auto_ties=True).empty_board()
    sc.at("H14", haven=None).at("H07", tile="rigga", haven="mohyar")
    sc.at("H05", legions=[("assassin", 3)]).target("assassin", "H07", "mohyar")
    g = sc.game(script=effect([{"op": "remove_haven", "where": "any"}], actor="mohyar"))
    play_out(g)
    assert [(e.hex, e.faction, e.reason) for e in events(g, "TargetPlaced")] == [("H00", None, "retarget_capital")]


def test_a_destroyed_legion_removes_its_target():
    from .cards.nemesis_fixtures import destroy
    g = destroy("assassin", then={"white": ["S", "S", "S"]})
    removed = events(g, "TargetRemoved")
    assert [e.card for e in removed] == ["assassin"]


# ================================================================== the log says it
def test_the_log_prints_the_reasons():
    sc = Scenario(["mohyar"]).empty_board()
    legion_at(sc, "H02", "H07")
    sc.at("H07", tile="rigga", haven="mohyar")
    sc.at("H08", tile="torment", haven="mohyar")
    sc.at("H01", tile="raufrost", haven="mohyar")
    g = sc.game(script=activate("assassin"))
    play_out(g, {"nemesis_tie": "hex:H08"})
    render = LogRenderer(g.cat)
    lines = [line for line in map(render, g.log) if line]
    moved = next(line for line in lines if "moves" in line)
    assert moved == ("The Assassin moves H02 → H08 Torment (step 2; a Haven, fewest Units; could go to H01 Raufrost, "
                     "H08 Torment; tie among H01 Raufrost, H08 Torment) [Legion activation, step 2]")
    placed = next(line for line in lines if line.startswith("Garrison"))
    assert placed.startswith("Garrison (level 1) placed on H02") and placed.endswith("[Legion activation, step 1]")
