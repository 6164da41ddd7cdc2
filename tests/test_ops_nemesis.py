"""Per-op tests: ops that place, move or remove Nemesis pieces (see test_ops.py)."""
from __future__ import annotations

from .helpers import events, play_out, real_ids, real_options
from .ops_helpers import CAPITAL, HOME, fill_island, one, run_ops


# ---------------------------------------------------------------------------- Garrisons
def test_place_garrison_here_stacks_then_gives_empire_vp():
    sc = one().at("H07", tile="raufrost", garrisons=2)
    g = run_ops(sc, [{"op": "place_garrison", "where": "here", "count": 2}], hex="H07")
    assert g.state.hexes["H07"].garrisons == [1, 2, 3]
    assert g.state.vp_empire == 1  # the fourth could not be placed


def test_place_garrison_empty_offers_only_empty_hexes_without_the_icon():
    sc = one().at("H07", tile="raufrost", skeletons=1).at("H08", tile="golgardei", curse=True)
    g = run_ops(sc, [{"op": "place_garrison", "where": "empty"}], finish=False)
    d = g.decision
    assert d.kind == "place_garrison"
    hexes = {o.hex for o in real_options(d)}
    assert CAPITAL not in hexes and HOME not in hexes and "H07" not in hexes and "H08" not in hexes
    assert not any(h.startswith("W") for h in hexes)  # regions show the icon
    assert "H01" in hexes and "H09" in hexes  # face-down hexes and Sea Towers qualify
    g.answer("hex:H01")
    play_out(g)
    assert g.state.hexes["H01"].garrisons == [1]


def test_place_garrison_two_go_to_different_empty_hexes():
    g = run_ops(one(), [{"op": "place_garrison", "count": 2}], prefer={"place_garrison": ["hex:H01", "hex:H02"]})
    assert g.state.hexes["H01"].garrisons == [1]
    assert g.state.hexes["H02"].garrisons == [1]


def test_place_garrison_with_no_empty_hex_goes_to_a_legion_then_stacks():
    sc = one().at("H07", tile="raufrost", garrisons=1).at("H08", tile="golgardei", legions=[("butcher", 3)])
    g = run_ops(sc, [{"op": "place_garrison"}], pre=lambda ctx: fill_island(ctx))
    assert g.state.hexes["H08"].garrisons == [1]  # the hex with a Legion comes first
    sc = one().at("H07", tile="raufrost", garrisons=1)
    g = run_ops(sc, [{"op": "place_garrison", "count": 2}], pre=lambda ctx: fill_island(ctx))
    assert g.state.hexes["H07"].garrisons == [1, 2, 3]
    assert g.state.vp_empire == 0


def test_place_garrison_with_no_pieces_left_gives_empire_vp():
    def pre(ctx):
        ctx.state.garrison_reserve = [0, 0, 0]
    g = run_ops(one(), [{"op": "place_garrison", "count": 2}], pre=pre)
    assert g.state.vp_empire == 2
    assert not any(h.garrisons for h in g.state.hexes.values())


def test_place_garrison_capital_overflows_to_an_empty_hex():
    sc = one().at(CAPITAL, garrisons=2)
    g = run_ops(sc, [{"op": "place_garrison", "where": "capital", "count": 2}], prefer={"place_garrison": "hex:H05"})
    assert g.state.hexes[CAPITAL].garrisons == [1, 2, 3]
    assert g.state.hexes["H05"].garrisons == [1]
    assert g.state.vp_empire == 0


def test_place_garrison_with_garrisons_stacks_on_another_garrison():
    sc = one().at("H07", tile="raufrost", garrisons=1).at("H08", tile="golgardei", garrisons=3)
    g = run_ops(sc, [{"op": "place_garrison", "where": "with_garrisons"}])
    assert g.state.hexes["H07"].garrisons == [1, 2]
    assert g.state.hexes["H08"].garrisons == [1, 2, 3]
    assert sum(len(h.garrisons) for h in g.state.hexes.values()) == 5


# ---------------------------------------------------------------------------- Skeletons
def test_place_skeleton_with_other_skeletons():
    sc = one().at("H07", tile="raufrost", skeletons=1).at("H08", tile="golgardei", skeletons=2)
    g = run_ops(sc, [{"op": "place_skeleton"}], finish=False)
    assert {o.hex for o in real_options(g.decision)} == {"H07", "H08"}
    g.answer("hex:H07")
    play_out(g)
    assert g.state.hexes["H07"].skeletons == 2
    assert g.state.skeleton_reserve == 11 - 4


def test_place_skeleton_third_skeleton_becomes_a_horde():
    sc = one().at("H08", tile="golgardei", skeletons=2).decks(horde_deck=["coven_of_yssat", "siren"])
    g = run_ops(sc, [{"op": "place_skeleton"}])
    st = g.state
    assert st.hexes["H08"].skeletons == 0
    assert st.hexes["H08"].hordes == ["coven_of_yssat"]
    assert st.hordes["coven_of_yssat"].threat == st.event_threat
    assert st.skeleton_reserve == 11
    assert events(g, "HordeFormed")


def test_place_skeleton_with_none_on_the_map_goes_to_an_empty_hex():
    g = run_ops(one(), [{"op": "place_skeleton", "count": 2}], finish=False)
    assert g.decision.kind == "place_skeleton"
    assert "hex:W01" in g.decision.ids()  # regions are fine for Skeletons
    g.answer("hex:H03")
    play_out(g)
    assert g.state.hexes["H03"].skeletons == 2  # the second joins the first


def test_place_skeleton_here():
    g = run_ops(one().at("H07", tile="raufrost"), [{"op": "place_skeleton", "where": "here", "count": 2}], hex="H07")
    assert g.state.hexes["H07"].skeletons == 2


def test_place_skeleton_empty_puts_them_all_on_one_empty_hex():
    sc = one().at("H07", tile="raufrost", skeletons=1)
    g = run_ops(sc, [{"op": "place_skeleton", "where": "empty", "count": 2}], prefer={"place_skeleton": "hex:H03"})
    assert g.state.hexes["H03"].skeletons == 2
    assert g.state.hexes["H07"].skeletons == 1
    assert len(events(g, "SkeletonPlaced")) == 2


def test_place_skeleton_with_no_skeletons_in_reserve_forms_a_horde():
    sc = one().at("H07", tile="raufrost", skeletons=1).at("H08", tile="golgardei", skeletons=2)
    sc.decks(horde_deck=["siren"])

    def pre(ctx):
        ctx.state.skeleton_reserve = 0
    g = run_ops(sc, [{"op": "place_skeleton"}], pre=pre, prefer={"skeleton_shortage": "hex:H07"})
    st = g.state
    assert st.hexes["H07"].skeletons == 0 and st.hexes["H07"].hordes == ["siren"]
    assert st.hexes["H08"].skeletons == 2
    assert st.skeleton_reserve == 1  # the removed Skeleton went back to the reserve
    assert st.vp_chaos == 0


def test_place_skeleton_impossible_gives_chaos_vp():
    def pre(ctx):
        ctx.state.skeleton_reserve = 0
    g = run_ops(one(), [{"op": "place_skeleton", "count": 2}], pre=pre)
    assert g.state.vp_chaos == 2
    # Skeletons on the map but no Horde left to form
    sc = one().at("H07", tile="raufrost", skeletons=1).decks(horde_deck=[])
    g = run_ops(sc, [{"op": "place_skeleton"}], pre=pre)
    assert g.state.vp_chaos == 1 and g.state.hexes["H07"].skeletons == 1


# ---------------------------------------------------------------------------- place_or_reinforce / remove_here
def test_place_or_reinforce_places_on_an_empty_hex():
    sc = one().at("H07", tile="raufrost", curse=True)  # a Curse is not a Unit: 'if empty' still places
    g = run_ops(sc, [{"op": "place_or_reinforce", "unit": "garrison", "count": 2}], hex="H07")
    assert g.state.hexes["H07"].garrisons == [1, 2]


def test_place_or_reinforce_reinforces_what_is_there():
    sc = one().at("H07", tile="raufrost", skeletons=1)
    g = run_ops(sc, [{"op": "place_or_reinforce", "unit": "garrison"}], hex="H07")
    assert g.state.hexes["H07"].skeletons == 2 and g.state.hexes["H07"].garrisons == []
    sc = one().at("H07", tile="raufrost", legions=[("warlock", 3)])
    g = run_ops(sc, [{"op": "place_or_reinforce", "unit": "skeleton"}], hex="H07")
    assert g.state.hexes["H07"].garrisons == [1] and g.state.hexes["H07"].skeletons == 0
    sc = one().at("H07", tile="raufrost", units={"younglings": 1})  # player Units are never reinforced
    g = run_ops(sc, [{"op": "place_or_reinforce", "unit": "garrison"}], hex="H07")
    h = g.state.hexes["H07"]
    assert (h.garrisons, h.skeletons, h.units) == ([], 0, {"younglings": 1})


def test_remove_here():
    sc = one().at("H07", tile="raufrost", garrisons=2).at("H08", tile="golgardei", skeletons=2)
    g = run_ops(sc, [{"op": "remove_here", "what": "garrisons"}], hex="H07")
    assert g.state.hexes["H07"].garrisons == [] and g.state.garrison_reserve == [10, 10, 10]
    g = run_ops(sc, [{"op": "remove_here", "what": "skeletons"}], hex="H08")
    assert g.state.hexes["H08"].skeletons == 0 and g.state.skeleton_reserve == 11
    assert g.state.hexes["H07"].garrisons == [1, 2]  # only 'here'


# ---------------------------------------------------------------------------- Legions and Hordes
def test_place_legion_on_the_capital_with_threat_and_immediate():
    sc = one().decks(legion_deck=["butcher", "warlock"]).player("duerkhar", plunder=7)
    g = run_ops(sc, [{"op": "place_legion", "threat": 4}])
    st = g.state
    card = st.legions["butcher"]
    assert (card.hex, card.threat, card.target, card.target_faction) == (CAPITAL, 4, HOME, "duerkhar")
    assert st.hexes[CAPITAL].legions == ["butcher"]
    assert st.player("duerkhar").plunder == 4  # the Butcher's immediate: lose half (round down)
    assert st.legion_deck == ["warlock"]
    g = run_ops(one().decks(legion_deck=["warlock"]), [{"op": "place_legion"}])
    assert g.state.legions["warlock"].threat == g.state.event_threat


def test_place_legion_with_an_empty_deck_gives_empire_vp():
    g = run_ops(one().decks(legion_deck=[]), [{"op": "place_legion", "count": 2}])
    assert g.state.vp_empire == 2 and not g.state.legions


def test_place_horde_in_a_region_not_next_to_a_haven():
    sc = one().decks(horde_deck=["bloodwyrm"])
    g = run_ops(sc, [{"op": "place_horde", "region": "screaming_sea", "not_adjacent_to_haven": True, "threat": 4}],
                finish=False)
    opts = {o.hex for o in real_options(g.decision)}
    assert opts == {"W13", "W14", "W15", "W16", "W17"}  # W18, W19 touch the home Haven
    g.answer("hex:W15")
    play_out(g)
    card = g.state.hordes["bloodwyrm"]
    assert (card.hex, card.threat) == ("W15", 4)


def test_place_horde_here_and_with_no_card_left():
    sc = one().at("H07", tile="raufrost").decks(horde_deck=["lich_queen"])
    g = run_ops(sc, [{"op": "place_horde", "where": "here", "threat": 2}], hex="H07")
    st = g.state
    assert st.hordes["lich_queen"].hex == "H07" and st.hexes["H07"].curse  # her immediate Curse
    g = run_ops(one().decks(horde_deck=[]), [{"op": "place_horde"}])
    assert g.state.vp_chaos == 1 and not g.state.hordes


def test_place_horde_prefers_empty_then_skeleton_or_curse_hexes():
    def pre(ctx):
        for h in ctx.state.hexes.values():
            if h.region == "fog_grave" and h.id != "W10":
                h.units = {}
                h.garrisons = [1]
        ctx.state.hexes["W10"].skeletons = 1
    g = run_ops(one().decks(horde_deck=["siren"]), [{"op": "place_horde", "region": "fog_grave"}], pre=pre)
    assert g.state.hordes["siren"].hex == "W10"


def test_place_curse_here_and_on_a_cursed_hex():
    sc = one().at("H07", tile="raufrost", garrisons=2).at("H08", tile="golgardei", curse=True)
    g = run_ops(sc, [{"op": "place_curse"}], hex="H07")
    st = g.state
    assert st.hexes["H07"].curse and st.hexes["H07"].garrisons == []
    assert st.graveyard_chaos == {"empire": {"garrison:1": 1, "garrison:2": 1}}
    assert st.curse_reserve == 9 - 2
    g = run_ops(sc, [{"op": "place_curse"}], hex="H08")
    assert g.state.vp_chaos == 1  # already Cursed: Chaos gains 1 VP instead
    assert g.state.curse_reserve == 9 - 1


def test_place_curse_removes_a_haven_and_its_defenses():
    sc = one().at("H07", tile="raufrost", haven="duerkhar", wall=True, tower=True)
    g = run_ops(sc, [{"op": "place_curse"}], hex="H07")
    h = g.state.hexes["H07"]
    assert h.curse and h.haven is None and not h.wall and not h.tower
    assert events(g, "HavenRemoved")[0].hex == "H07"


def test_place_curse_empty_and_any_unexplored_and_with_none_left():
    g = run_ops(one().at("H07", tile="raufrost"), [{"op": "place_curse", "where": "any_unexplored"}], finish=False)
    opts = {o.hex for o in real_options(g.decision)}
    assert "H07" not in opts and HOME not in opts and "W01" not in opts and "H01" in opts
    g = run_ops(one(), [{"op": "place_curse", "where": "empty", "count": 2}],
                prefer={"place_curse": ["hex:W01", "hex:W02"]})
    assert g.state.hexes["W01"].curse and g.state.hexes["W02"].curse

    def pre(ctx):
        ctx.state.curse_reserve = 0
    g = run_ops(one().at("H07", tile="raufrost"), [{"op": "place_curse"}], hex="H07", pre=pre)
    assert g.state.vp_chaos == 1 and not g.state.hexes["H07"].curse


def test_remove_curse_here_adjacent_any():
    sc = one().at("H07", tile="raufrost", curse=True).at("H05", tile="black_ice", curse=True)
    g = run_ops(sc, [{"op": "remove_curse", "where": "here"}], hex="H07")
    assert not g.state.hexes["H07"].curse and g.state.hexes["H05"].curse
    assert g.state.curse_reserve == 8
    g = run_ops(sc, [{"op": "remove_curse", "where": "adjacent"}], hex=HOME)  # H07 is next to the home hex
    assert not g.state.hexes["H07"].curse and g.state.hexes["H05"].curse
    g = run_ops(sc, [{"op": "remove_curse", "where": "adjacent"}], hex="H12")
    assert g.state.hexes["H07"].curse and g.state.hexes["H05"].curse
    assert [e.code for e in events(g, "Note")] == ["no_curse_to_remove"]
    g = run_ops(sc, [{"op": "remove_curse", "where": "any"}], hex=HOME, prefer={"remove_curse": "hex:H05"})
    assert g.state.hexes["H07"].curse and not g.state.hexes["H05"].curse


def test_activation_token_goes_to_a_card_with_the_fewest():
    sc = one().at("H07", tile="raufrost", legions=[("butcher", 3)]).at("W01", hordes=[("siren", 3)])
    sc.tokens("butcher", 1)
    g = run_ops(sc, [{"op": "activation_token"}])
    assert (g.state.legions["butcher"].tokens, g.state.hordes["siren"].tokens) == (1, 1)
    g = run_ops(sc, [{"op": "activation_token", "count": 3}], prefer={"activation_token": "card:siren"})
    assert (g.state.legions["butcher"].tokens, g.state.hordes["siren"].tokens) == (2, 2)
    g = run_ops(one(), [{"op": "activation_token"}])
    assert [e.code for e in events(g, "Note")] == ["no_card_for_token"]


def test_activation_token_others_never_on_the_source_card():
    # the Courtesan (no tokens) gives hers to the card with the fewest among the others
    sc = one().at("H07", tile="raufrost", legions=[("courtesan", 3), ("warlock", 3)]).at("W01", hordes=[("siren", 3)])
    sc.tokens("warlock", 1)
    g = run_ops(sc, [{"op": "activation_token", "others": True}], nem="courtesan", actor="empire")
    st = g.state
    assert (st.legions["courtesan"].tokens, st.legions["warlock"].tokens, st.hordes["siren"].tokens) == (0, 1, 1)
    g = run_ops(one().at("H07", tile="raufrost", legions=[("courtesan", 3)]),
                [{"op": "activation_token", "others": True}], nem="courtesan", actor="empire")
    assert g.state.legions["courtesan"].tokens == 0 and not events(g, "ActivationTokenPlaced")


def test_activate_all_legions_in_initiative_order_without_tokens():
    sc = one().at("H03", legions=[("warlock", 3)]).at("H05", legions=[("butcher", 3)]).at("W01", hordes=[("siren", 3)])
    sc.target("warlock", CAPITAL, None).target("butcher", CAPITAL, None)
    g = run_ops(sc, [{"op": "activate", "which": "all_legions"}])
    assert [e.card for e in events(g, "NemesisActivated")] == ["butcher", "warlock"]
    assert g.state.hexes["H05"].garrisons == [1] and g.state.hexes["H03"].garrisons == [1]
    assert g.state.legions["butcher"].hex == CAPITAL and g.state.legions["butcher"].tokens == 0


def test_activate_all_hordes_self_and_skeletons():
    sc = one().at("W01", hordes=[("siren", 3)]).at("W11", hordes=[("lich_queen", 3)])
    g = run_ops(sc, [{"op": "activate", "which": "all_hordes"}], prefer={"nemesis_tie": "hex:H14"})
    assert [e.card for e in events(g, "NemesisActivated")] == ["lich_queen", "siren"]
    assert g.state.hexes["W01"].curse and g.state.hexes["W11"].curse
    sc = one().at("W01", hordes=[("siren", 3)]).at("W11", hordes=[("lich_queen", 3)])
    g = run_ops(sc, [{"op": "activate", "which": "self"}], nem="siren")
    assert [e.card for e in events(g, "NemesisActivated")] == ["siren"]
    sc = one().at("W11", skeletons=1)
    g = run_ops(sc, [{"op": "activate", "which": "skeletons"}])
    h = g.state.hexes
    assert h["W11"].skeletons == 0 and h["H04"].skeletons == 1  # one step towards the Capital, no Curse
    assert not h["W11"].curse


def test_place_target_on_the_haven_with_fewest_units():
    sc = one().at("H07", tile="raufrost", haven="duerkhar").at(HOME, units={"younglings": 2})
    sc.at(CAPITAL, legions=[("assassin", 3)])
    g = run_ops(sc, [{"op": "place_target"}], nem="assassin")
    card = g.state.legions["assassin"]
    assert (card.target, card.target_faction) == ("H07", "duerkhar")
    assert events(g, "TargetPlaced")
    # every faction already hunted: the Target goes on the Capital
    sc = one().at(CAPITAL, legions=[("assassin", 3)]).at("H03", legions=[("warlock", 3)])
    sc.target("warlock", HOME, "duerkhar")
    g = run_ops(sc, [{"op": "place_target"}], nem="assassin")
    assert g.state.legions["assassin"].target == CAPITAL


def test_threat_changes_and_overflow_vp():
    sc = (one().at("W01", hordes=[("siren", 6), ("lich_queen", 3)]).at(CAPITAL, legions=[("warlock", 7)]))
    g = run_ops(sc, [{"op": "threat", "which": "self", "amount": 3}], nem="siren")
    assert g.state.hordes["siren"].threat == 7 and g.state.vp_chaos == 2
    g = run_ops(sc, [{"op": "threat", "which": "other_hordes", "amount": 1}], nem="siren")
    st = g.state
    assert (st.hordes["siren"].threat, st.hordes["lich_queen"].threat, st.legions["warlock"].threat) == (6, 4, 7)
    g = run_ops(sc, [{"op": "threat", "which": "all_hordes", "amount": 1}], nem="siren")
    assert (g.state.hordes["siren"].threat, g.state.hordes["lich_queen"].threat) == (7, 4)
    g = run_ops(sc, [{"op": "threat", "which": "all_legions", "amount": 1}])
    assert g.state.legions["warlock"].threat == 7 and g.state.vp_empire == 1
    g = run_ops(sc, [{"op": "threat", "which": "all_others", "amount": 1}], nem="lich_queen")
    st = g.state
    assert (st.hordes["siren"].threat, st.hordes["lich_queen"].threat, st.legions["warlock"].threat) == (7, 3, 7)
    assert st.vp_empire == 1 and st.vp_chaos == 0
    g = run_ops(sc, [{"op": "threat", "which": "self", "amount": -2}], nem="lich_queen")
    assert g.state.hordes["lich_queen"].threat == 1


def test_set_threat():
    sc = one().at("W01", hordes=[("banished", 2)])
    g = run_ops(sc, [{"op": "set_threat", "value": 5}], nem="banished")
    assert g.state.hordes["banished"].threat == 5
    assert [(e.old, e.new) for e in events(g, "ThreatChanged")] == [(2, 5)]


def test_remove_sea_tower_prefers_an_empty_one_and_can_move_the_legion():
    sc = one().at("H09", tile="zeegaard", garrisons=1).at("H13", tile="dawngaard")
    sc.at(CAPITAL, legions=[("mage_breaker", 3)])
    g = run_ops(sc, [{"op": "remove_sea_tower", "move_here": True}], nem="mage_breaker")
    st = g.state
    assert st.hexes["H13"].sea_tower_removed and not g.board.is_sea_tower("H13")
    assert st.hexes["H13"].tile == "howling_white"
    assert not st.hexes["H09"].sea_tower_removed
    assert st.legions["mage_breaker"].hex == "H13"
    g = run_ops(sc, [{"op": "remove_sea_tower"}], nem="mage_breaker")
    assert g.state.legions["mage_breaker"].hex == CAPITAL


def test_remove_haven_here_adjacent_any():
    sc = one().at("H07", tile="raufrost", haven="duerkhar", tower=True).at("H05", tile="black_ice", haven="duerkhar")
    g = run_ops(sc, [{"op": "remove_haven"}], hex="H07")
    h = g.state.hexes
    assert h["H07"].haven is None and not h["H07"].tower and h["H05"].haven == "duerkhar"
    assert g.state.player("duerkhar").havens_in_supply == 3  # 5 - home - H05
    g = run_ops(sc, [{"op": "remove_haven", "where": "here_or_adjacent"}], hex="H15", finish=False)
    assert {o.hex for o in real_options(g.decision)} == {"H07", HOME}
    g = run_ops(sc, [{"op": "remove_haven", "where": "any"}], hex="H12", prefer={"remove_haven": "hex:H05"})
    assert g.state.hexes["H05"].haven is None and g.state.hexes["H07"].haven == "duerkhar"
    g = run_ops(sc, [{"op": "remove_haven"}], hex="H12")
    assert not events(g, "HavenRemoved")


def test_remove_haven_retargets_its_legion():
    sc = one().at("H07", tile="raufrost", haven="duerkhar").at(CAPITAL, legions=[("assassin", 3)])
    sc.target("assassin", "H07", "duerkhar")
    g = run_ops(sc, [{"op": "remove_haven"}], hex="H07")
    assert g.state.legions["assassin"].target == HOME


def test_remove_defense_is_a_choice_of_what_is_there():
    sc = one().at(HOME, wall=True, tower=True)
    ops = [{"op": "remove_defense", "threat": 1}]
    g = run_ops(sc, ops, hex=HOME, finish=False)
    assert g.decision.kind == "remove_defense"
    assert real_ids(g.decision) == ["remove:tower", "remove:wall", "remove:haven"]  # no enemy card: no Threat
    play_out(g, {"remove_defense": "remove:wall"})
    h = g.state.hexes[HOME]
    assert (h.tower, h.wall, h.haven) == (True, False, "duerkhar")
    g = run_ops(sc, ops, hex=HOME, prefer={"remove_defense": "remove:haven"})
    h = g.state.hexes[HOME]
    assert (h.tower, h.wall, h.haven) == (False, False, None)  # the Haven takes its Defenses with it
    g = run_ops(one().at("H07", tile="raufrost"), ops, hex="H07")
    assert not events(g, "HavenRemoved") and g.state.hexes["H07"].haven is None  # nothing there: nothing happens


def test_explore_flips_the_hex_for_the_actor():
    sc = one().at("H07", tile="raufrost", explored=False)
    g = run_ops(sc, [{"op": "explore"}], hex="H07", prefer={"place_garrison": "hex:H01"})
    st = g.state
    assert st.hexes["H07"].explored
    assert events(g, "HexExplored")[0].faction == "duerkhar"
    assert st.player("duerkhar").salt == 7  # Raufrost: gain 2 Salt
    assert st.hexes["H07"].garrisons == [1] and st.hexes["H01"].garrisons == [1]
    # a Cursed unexplored hex can not be explored
    sc = one().at("H07", tile="raufrost", explored=False, curse=True)
    g = run_ops(sc, [{"op": "explore"}], hex="H07")
    assert not g.state.hexes["H07"].explored


def test_vp_goes_to_the_acting_faction():
    g = run_ops(one(), [{"op": "vp", "amount": 2}])
    assert g.state.player("duerkhar").vp == 2
    g = run_ops(one(), [{"op": "vp", "amount": 3}], actor="chaos")
    assert g.state.vp_chaos == 3 and g.state.player("duerkhar").vp == 0
