"""The seven phases of a Chapter: the rulebook's Production and Scoring Examples, the rules of
each phase, the phase order, and the final verdict (ties go to the Nemesis)."""
from uprising_tui.engine.rules import phases
from uprising_tui.engine.scenario import Scenario, run_phase

from .helpers import drive, events, ids, play_out


def syndras_three_havens():
    # 1-faction map: the Druwhn home is H14; Grim Fangs on H15; the Dawngaard Sea Tower on H13.
    sc = Scenario(["druwhn"], heroes=["syndra"]).empty_board()
    sc.at("H15", tile="grim_fangs", haven="druwhn")
    sc.at("H13", tile="dawngaard", haven="druwhn")
    sc.player("druwhn", salt=0, plunder=0, food=0, ap=0)  # AP spent: no ALWAYS window at Production
    return sc


# ------------------------------------------------------------------ Production
def test_production_example_syndra_gains_10_salt_3_plunder_2_food():
    g = syndras_three_havens().when(1, "production").game(script=run_phase("production"))
    p = g.state.player("druwhn")
    # board space for 3 Havens: 5 Salt, 2 Plunder, 1 Food; home 1/1/1; Grim Fangs 2 Salt; Dawngaard 2 Salt
    assert (p.salt, p.plunder, p.food) == (10, 3, 2)


def test_production_without_havens_still_produces_the_first_space():
    sc = Scenario(["druwhn"]).empty_board()
    sc.at("H14", haven=None)
    sc.player("druwhn", salt=0, plunder=0, food=0, ap=0)
    g = sc.game(script=run_phase("production"))
    p = g.state.player("druwhn")
    row = sc.cat.factions["druwhn"].production[0]
    assert (p.salt, p.plunder, p.food) == (row.salt, row.plunder, row.food) == (0, 2, 1)


def test_production_counts_the_highest_uncovered_space_for_each_haven():
    for n, extra in ((1, ()), (2, ("H15",)), (3, ("H15", "H07"))):
        sc = Scenario(["duerkhar"]).empty_board()
        for hid in extra:
            sc.at(hid, tile="black_ice", haven="duerkhar")
        sc.player("duerkhar", salt=0, plunder=0, food=0, ap=0)
        g = sc.game(script=run_phase("production"))
        p = g.state.player("duerkhar")
        row = sc.cat.factions["duerkhar"].production[n]
        home = sc.cat.hexes["duerkhar_home"].resources
        assert (p.salt, p.plunder, p.food) == (row.salt + home.salt + 2 * (n - 1), row.plunder + home.plunder,
                                               row.food + home.food), n


# ------------------------------------------------------------------ Scoring
def test_scoring_example_syndra_scores_8_vp():
    g = syndras_three_havens().when(1, "scoring").game(script=run_phase("scoring"))
    play_out(g)
    assert g.state.player("druwhn").vp == 8  # 2 per Haven + 1 each for the home hex and Dawngaard


def test_scoring_the_empire_counts_garrison_hexes_legions_and_graveyard_factions():
    sc = Scenario(["krowh", "druwhn"]).empty_board()
    sc.at("H01", garrisons=3)  # one hex, whatever its level
    sc.at("H02", garrisons=1)
    sc.at("H03", legions=[("assassin", 3)])
    sc.at("H04", legions=[("warlock", 3)])

    def graves(st):
        # the rulebook's case: 1 Krowh Unit and 2 Druwhn Units in the Imperial Graveyard = 4 VP
        st.graveyard_empire = {"krowh": {"tribesmen": 1}, "druwhn": {"swordsisters": 2}}
        st.player("krowh").reserve["tribesmen"] -= 1
        st.player("druwhn").reserve["swordsisters"] -= 2
    sc.state(graves)
    g = sc.game(script=run_phase("scoring"))
    play_out(g)
    st = g.state
    assert st.vp_empire == 2 + 2 + 4
    assert st.graveyard_empire == {}
    assert st.player("krowh").reserve["tribesmen"] == 6  # back to the reserve
    assert st.player("druwhn").reserve["swordsisters"] == 4


def test_scoring_chaos_counts_curses_hordes_and_graveyard_factions():
    sc = Scenario(["krowh"]).empty_board()
    sc.at("H01", curse=True)
    sc.at("H02", curse=True, hordes=[("bloodwyrm", 3)])
    sc.at("H03", hordes=[("siren", 3)])

    def graves(st):
        st.graveyard_chaos = {"krowh": {"tribesmen": 2, "vargs": 1}}
        st.player("krowh").reserve["tribesmen"] -= 2
        st.player("krowh").reserve["vargs"] -= 1
    sc.state(graves)
    g = sc.game(script=run_phase("scoring"))
    play_out(g)
    st = g.state
    assert st.vp_chaos == 2 + 2 + 2  # 2 Curses, 2 Hordes, 1 faction in its Graveyard
    assert st.graveyard_chaos == {}
    assert st.player("krowh").reserve["tribesmen"] == 6 and st.player("krowh").reserve["vargs"] == 3


def test_scoring_nemesis_gains_no_vp_from_hex_icons():
    sc = Scenario(["krowh"]).empty_board()
    sc.at("H01", tile="golgardei", garrisons=1)  # a hex with a VP icon
    g = sc.game(script=run_phase("scoring"))
    play_out(g)
    assert g.state.vp_empire == 1


def test_scoring_players_may_spend_5_resources_for_1_vp_given_to_any_faction():
    sc = Scenario(["krowh", "druwhn"]).empty_board()
    sc.player("krowh", salt=3, plunder=4, food=4, ap=0)  # no AP left to trade for Salt
    sc.player("druwhn", salt=0, plunder=0, food=0, ap=0)
    g = sc.game(script=run_phase("scoring"))
    # Krowh first: 1 VP for the Druwhn, paid with 3 Salt + 2 Food, then 1 for themselves
    drive(g, "vp:druwhn", "pay:s3p0f2", "vp:krowh", "pay:s0p4f1")
    assert g.decision is None  # only 1 resource left: no more offers
    st = g.state
    k, d = st.player("krowh"), st.player("druwhn")
    assert (k.salt, k.plunder, k.food) == (0, 0, 1)
    assert k.vp == 2 + 1 + 1 and d.vp == 2 + 1 + 1  # home Haven (2 + 1 hex VP) + the bought VP


# ------------------------------------------------------------------ Refresh
def test_refresh_flips_cards_up_and_takes_back_spent_ap():
    sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board()
    sc.player("duerkhar", ap=0, items=["whip_of_thorns"])
    sc.state(lambda st: [setattr(c, "face_up", False) for c in st.players[0].feats + st.players[0].items])
    sc.when(1, "refresh")
    g = sc.game(script=run_phase("refresh"))
    play_out(g)
    p = g.state.player("duerkhar")
    assert p.ap == 8
    assert all(c.face_up for c in p.feats + p.items)


def test_refresh_deals_three_new_items_and_discards_the_old():
    sc = Scenario(["duerkhar"]).empty_board()
    sc.decks(market=["flenser", "war_drum", "salt_ledger"], item_deck=["fen_longbow", "travel_rations",
                                                                          "druid_charm", "ember_bottle"])
    g = sc.game(script=run_phase("refresh"))
    play_out(g)
    st = g.state
    assert st.market == ["fen_longbow", "travel_rations", "druid_charm"]
    assert set(st.item_discard) >= {"flenser", "war_drum", "salt_ledger"}
    assert st.item_deck == ["ember_bottle"]


def test_refresh_deals_three_new_quests_resolving_immediate_effects():
    sc = Scenario(["duerkhar"]).empty_board()
    sc.decks(quest_offer=["lost_caravan", "blood_moon"],
             quest_deck=["imperial_tax_collectors", "rally_the_refugees", "raid_the_supply_wagons", "cleanse_the_barrow"])
    g = sc.game(script=run_phase("refresh"))
    play_out(g)
    st = g.state
    # the Blood Moon says it stays; the Lost Caravan is discarded
    assert st.quest_offer == ["blood_moon", "imperial_tax_collectors", "rally_the_refugees", "raid_the_supply_wagons"]
    assert "lost_caravan" in st.quest_discard
    assert st.vp_empire == 1  # Imperial Tax Collectors' immediate effect


def test_refresh_passes_the_first_player_token_left_except_in_chapter_1():
    for chapter, first in ((1, "krowh"), (2, "druwhn")):
        sc = Scenario(["krowh", "druwhn"]).empty_board().when(chapter, "refresh")
        g = sc.game(script=run_phase("refresh"))
        play_out(g)
        assert g.state.first.faction == first, chapter


# ------------------------------------------------------------------ Events
def test_events_add_2_threat_then_resolve_the_event_then_place_activation_tokens():
    sc = Scenario(["krowh", "druwhn"]).empty_board()
    sc.at("H01", legions=[("warlock", 6)])
    sc.target("warlock", "H00", None)
    sc.at("H02", hordes=[("bloodwyrm", 3)])
    sc.decks(events=["imperial_patrols", "the_census"], legion_deck=["assassin"])
    sc.player("krowh", food=0).player("druwhn", food=0)
    sc.when(2, "events")
    g = sc.game(script=run_phase("events"))
    play_out(g)
    st = g.state
    assert st.legions["warlock"].threat == 7 and st.vp_empire == 1  # 6 + 2: one above the maximum
    assert st.hordes["bloodwyrm"].threat == 5
    assert events(g, "EventRevealed")[0].card == "the_census"  # this Chapter's Event
    assert st.legions["assassin"].threat == 3  # the Event's Threat, not raised by 2
    assert st.player("krowh").food == 1 and st.player("druwhn").food == 1
    assert [c.tokens for c in (st.legions["warlock"], st.hordes["bloodwyrm"], st.legions["assassin"])] == [1, 1, 1]


def test_events_in_the_last_chapter_give_2_activation_tokens():
    sc = Scenario(["krowh"], chapters=2).empty_board()
    sc.at("H02", hordes=[("bloodwyrm", 3)])
    sc.decks(events=["the_census", "the_census"], legion_deck=["assassin"])
    sc.when(2, "events")
    g = sc.game(script=run_phase("events"))
    play_out(g)
    st = g.state
    assert st.hordes["bloodwyrm"].tokens == 2 and st.legions["assassin"].tokens == 2


def test_events_first_player_makes_the_decisions():
    sc = Scenario(["krowh", "druwhn"]).empty_board()
    sc.decks(events=["imperial_patrols"], legion_deck=["assassin"])
    sc.state(lambda st: setattr(st, "first_player", 1))
    g = sc.game(script=run_phase("events"))
    assert g.decision.kind == "target_faction" and g.decision.actor == "druwhn"
    drive(g, "faction:krowh")
    assert g.decision.kind == "place_garrison" and g.decision.actor == "druwhn"


# ------------------------------------------------------------------ Build
def test_build_draws_2_feats_keeps_1_and_it_is_active_at_once():
    sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board()
    sc.player("duerkhar", feat_deck=["yanny_forge_lessons", "yanny_oath_call", "yanny_hold_the_line"],
              salt=0, plunder=0, food=0)
    g = sc.game(script=run_phase("build"))
    assert set(ids(g)) == {"feat:yanny_forge_lessons", "feat:yanny_oath_call"}
    drive(g, "feat:yanny_forge_lessons", "attr:might", "res:salt", "res:salt", "res:food")
    p = g.state.player("duerkhar")
    assert p.might == 2  # Yanny had Might 1
    assert (p.salt, p.food) == (2, 1)
    assert p.feat_deck == ["yanny_hold_the_line", "yanny_oath_call"]


def test_build_units_only_on_your_havens_up_to_5():
    sc = Scenario(["duerkhar"]).empty_board()
    sc.at("H14", units={"younglings": 4})
    sc.at("H07", tile="black_ice", units={"spearsingers": 1})  # Units, but no Haven
    sc.player("duerkhar", salt=10, plunder=10, feat_deck=[])
    g = sc.game(script=run_phase("build"))
    builds = {o for o in ids(g) if o.startswith("build:")}
    assert builds and all(o.endswith(":H14") for o in builds)
    drive(g, "build:oathsworn:H14", "pay:s2p0f0")
    assert not any(o.startswith("build:") for o in ids(g))  # the hex holds 5 Units now


def test_build_one_tower_and_one_wall_per_haven_for_1_plunder_each():
    sc = Scenario(["duerkhar"]).empty_board()
    sc.player("duerkhar", salt=0, plunder=3, food=0, feat_deck=[])
    sc.at("H07", tile="black_ice")  # no Haven: no Defenses
    g = sc.game(script=run_phase("build"))
    assert {o for o in ids(g) if o.startswith(("tower", "wall"))} == {"tower:H14", "wall:H14"}
    drive(g, "tower:H14")
    assert "tower:H14" not in ids(g)
    drive(g, "wall:H14")
    assert "wall:H14" not in ids(g)
    assert g.state.player("duerkhar").plunder == 1


def test_build_without_havens_puts_the_hero_on_an_explored_empty_hex():
    sc = Scenario(["duerkhar"]).empty_board()
    sc.at("H14", haven=None)
    sc.at("H07", tile="black_ice")
    sc.at("H15", tile="torment", skeletons=1)  # not empty
    sc.player("duerkhar", salt=2, plunder=0, food=0, feat_deck=[])
    g = sc.game(script=run_phase("build"))
    assert g.decision.kind == "no_haven_hex"
    opts = {o.split(":")[1] for o in ids(g)}
    assert "H07" in opts and "H14" in opts and "W01" in opts
    assert not opts & {"H15", "H08"}  # a Skeleton makes H15 not empty; H08 is unexplored
    drive(g, "hex:H07", "build:younglings:H07")
    assert g.state.player("duerkhar").hero_hex == "H07"
    assert g.state.hexes["H07"].units == {"younglings": 1}


def test_build_phase_allows_the_always_conversions():
    sc = Scenario(["duerkhar"]).empty_board()
    sc.player("duerkhar", salt=0, plunder=3, food=0, feat_deck=[])
    g = sc.game(script=run_phase("build"))
    drive(g, "trade:ap", "convert:plunder:food")
    p = g.state.player("duerkhar")
    assert (p.ap, p.salt, p.plunder, p.food) == (7, 1, 0, 1)


def test_build_offers_no_actions_cards():
    # an ACTIONS card is used only on your turn in the Actions Phase
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    sc.player("mohyar", items=["travel_rations"], feat_deck=[])
    g = sc.game(script=run_phase("build"))
    assert "card:travel_rations" not in ids(g)


# ------------------------------------------------------------------ Actions
def test_actions_phase_turns_go_clockwise_from_the_first_player_until_all_ap_is_spent():
    sc = Scenario(["krowh", "druwhn", "mohyar"]).empty_board()
    sc.state(lambda st: setattr(st, "first_player", 1))
    sc.player("krowh", ap=1).player("druwhn", ap=2).player("mohyar", ap=1)
    g = sc.game(script=run_phase("actions"))
    while g.decision is not None:  # spend 1 AP per turn, then end it
        g.answer("end" if "end" in ids(g) else "trade:ap")
    assert [e.faction for e in events(g, "TurnStarted")] == ["druwhn", "mohyar", "krowh", "druwhn"]
    assert all(p.ap == 0 for p in g.state.players)


# ------------------------------------------------------------------ Nemesis
def test_nemesis_phase_activates_in_initiative_order_once_per_token():
    sc = Scenario(["krowh"]).empty_board()
    sc.at("H10", hordes=[("siren", 3)])  # initiative 25
    sc.at("H11", legions=[("assassin", 3)])  # initiative 10
    sc.target("assassin", "H00", None)
    sc.at("H12", hordes=[("lich_queen", 3)])  # initiative 3
    sc.tokens("siren", 1).tokens("assassin", 2).tokens("lich_queen", 1)
    sc.when(1, "nemesis")
    g = sc.game(script=run_phase("nemesis"))
    play_out(g)
    order = [e.card for e in events(g, "NemesisActivated")]
    assert order == ["lich_queen", "assassin", "assassin", "siren"]
    st = g.state
    assert all(c.tokens == 0 for c in list(st.legions.values()) + list(st.hordes.values()))


# ------------------------------------------------------------------ the Chapter and the game
def test_a_chapter_runs_the_seven_phases_in_order():
    sc = Scenario(["krowh"], chapters=2, auto_ties=True)
    g = sc.game()
    play_out(g)
    seq = [(e.chapter, e.phase) for e in events(g, "PhaseStarted")]
    want = ["refresh", "events", "build", "actions", "nemesis", "production", "scoring"]
    assert seq == [(1, p) for p in want] + [(2, p) for p in want]
    assert g.state.verdict is not None and events(g, "GameOver")


def _verdict(vp, empire, chaos):
    facs = list(vp)
    sc = Scenario(facs).empty_board()
    for f, v in vp.items():
        sc.player(f, vp=v)
    sc.state(lambda st: (setattr(st, "vp_empire", empire), setattr(st, "vp_chaos", chaos)))

    def script(ctx):
        phases.verdict(ctx)
        return
        yield  # pragma: no cover

    g = sc.game(script=script)
    return g.state.verdict, events(g, "GameOver")[0].winners


def test_verdict_players_win_with_more_vp_than_both_nemeses():
    verdict, winners = _verdict({"krowh": 20, "druwhn": 18}, 17, 10)
    assert verdict == "the players win" and set(winners) == {"krowh", "druwhn"}


def test_verdict_a_tie_with_the_empire_goes_to_the_empire():
    verdict, winners = _verdict({"krowh": 20, "druwhn": 17}, 17, 10)
    assert "players" not in verdict and winners == ("empire",)


def test_verdict_a_tie_with_chaos_goes_to_chaos():
    verdict, winners = _verdict({"krowh": 12}, 5, 12)
    assert winners == ("chaos",)


def test_verdict_every_player_must_beat_both():
    verdict, winners = _verdict({"krowh": 30, "druwhn": 9}, 10, 11)
    assert set(winners) == {"empire", "chaos"}


def test_refresh_cards_pay_out_at_every_refresh():
    sc = Scenario(["mohyar"], heroes=["hanzo"]).empty_board()  # the Ledger needs Guile 1
    sc.player("mohyar", items=["salt_ledger"], salt=0)
    g = sc.game(script=run_phase("refresh"))
    play_out(g)
    assert g.state.player("mohyar").salt == 1
    assert [e.card for e in events(g, "CardUsed")] == ["salt_ledger"]
