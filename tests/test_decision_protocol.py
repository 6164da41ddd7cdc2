"""The Decision protocol a person needs (issue 5, "Options a person can choose among"):
every option has a group and typed refs, costs are data, Decisions name their source, and a
multi-step choice can be cancelled before anything is paid or revealed.

1-faction map: H14 is the home hex (touches W01 W02 H15 H07 W18 W19)."""
from __future__ import annotations

import pytest

from uprising_tui.bots import get_bot
from uprising_tui.engine import Game, Setup
from uprising_tui.engine.face.decision import GROUPS, OptionCost
from uprising_tui.engine.face.refs import REF_KINDS, Ref, SourceRef, SOURCE_KINDS
from uprising_tui.engine.scenario import Scenario, run_phase, turn

from .helpers import drive, ids, play_out


def mohyar(**player):
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    if player:
        sc.player("mohyar", **player)
    return sc


def option(g, oid):
    return g.decision.get(oid)


# ================================================================== groups, refs, costs
@pytest.mark.parametrize("bot,factions,seed", [("heuristic", 4, 1), ("random", 2, 2), ("random", 4, 3),
                                               ("heuristic", 1, 4)])
def test_every_option_of_whole_games_has_a_group_typed_refs_and_unique_ids(bot, factions, seed):
    g = Game(Setup(factions=["druwhn", "duerkhar", "krowh", "mohyar"][:factions], seed=seed)).start()
    b = get_bot(bot, seed)
    kinds = set()
    while g.decision is not None:
        d = g.decision
        kinds.add(d.kind)
        assert len(set(d.ids())) == len(d.ids()), (d.kind, d.ids())
        for o in d.options:
            assert o.group in GROUPS, (d.kind, o)
            assert all(isinstance(r, Ref) and r.kind in REF_KINDS for r in o.refs), (d.kind, o)
            assert o.hex is None or Ref("hex", o.hex) in o.refs, (d.kind, o)
            assert o.card is None or Ref("card", o.card) in o.refs, (d.kind, o)
            assert o.cost is None or isinstance(o.cost, OptionCost)
        assert d.source is None or (isinstance(d.source, SourceRef) and d.source.kind in SOURCE_KINDS), d
        g.answer(b.choose(g, d))
    assert {"turn", "build"} <= kinds


def test_a_turn_tells_moving_and_commanding_onto_one_hex_apart_and_says_what_each_costs():
    sc = mohyar(food=2)
    sc.at("H14", units={"sellswords": 1})
    sc.at("H07", tile="black_ice")
    g = sc.game(script=turn("mohyar"))
    move, command = option(g, "move:H07"), option(g, "command:H07")
    assert (move.group, command.group) == ("move", "command")
    assert move.refs == command.refs == (Ref("hex", "H07"),)
    assert move.cost == OptionCost(ap=1) and command.cost == OptionCost(ap=1, food=1)
    assert option(g, "trade:ap").cost == OptionCost(ap=1) and option(g, "trade:ap").group == "trade"


def test_costs_of_haven_market_and_conversions():
    sc = mohyar(salt=5, plunder=3, food=0)
    sc.at("H14", haven=None)  # the Hero stands on a bare explored home hex
    sc.decks(market=["travel_rations", "flenser", "war_drum"], item_deck=["salt_ledger"])
    g = sc.game(script=turn("mohyar"))
    assert option(g, "haven").cost == OptionCost(ap=1, plunder=2)
    market = option(g, "market:travel_rations")
    assert market.group == "market" and market.card == "travel_rations"
    assert market.cost == OptionCost(ap=1, salt=sc.cat.items["travel_rations"].cost)
    conv = option(g, "convert:salt:food")
    assert conv.group == "convert" and conv.cost == OptionCost(salt=3)
    assert conv.refs == (Ref("resource", "salt"), Ref("resource", "food"))


def test_build_options_name_the_unit_and_hex_and_payments_are_costs():
    sc = mohyar(salt=3, plunder=3, food=0, feat_deck=[])  # Sellswords: any 2 resources
    g = sc.game(script=run_phase("build"))
    b = option(g, "build:sellswords:H14")
    assert b.group == "build" and b.refs == (Ref("unit", "sellswords"), Ref("hex", "H14"))
    assert g.decision.source == SourceRef("rule", "build_phase")
    drive(g, "build:sellswords:H14")
    assert g.decision.kind == "pay"
    costs = {o.id: o.cost for o in g.decision.options if o.group == "pay"}
    assert costs == {"pay:s2p0f0": OptionCost(salt=2), "pay:s1p1f0": OptionCost(salt=1, plunder=1),
                     "pay:s0p2f0": OptionCost(plunder=2)}


def test_a_decision_asked_by_a_card_names_the_card():
    sc = mohyar(magic=1, items=["cleansing_salts"])
    sc.at("H07", curse=True).at("H15", curse=True)  # both next to the Hero
    g = sc.game(script=turn("mohyar"))
    assert g.decision.source == SourceRef("rule", "actions_phase")  # the turn itself
    drive(g, "card:cleansing_salts")
    assert g.decision.kind == "remove_curse" and g.decision.source == SourceRef("item", "cleansing_salts")


def test_a_nemesis_tie_names_the_activation_step():
    from uprising_tui.engine.scenario import activate
    sc = mohyar()
    sc.at("H07", hordes=[("bloodwyrm", 3)])  # every neighbour is as near the Capital... or nearer
    g = sc.game(script=activate("bloodwyrm"))
    assert g.decision.kind == "nemesis_tie"
    assert g.decision.source == SourceRef("rule", "horde_activation", "step 2")


# ================================================================== cancel
def test_command_pays_on_march_and_cancel_backs_out_with_nothing_changed():
    sc = mohyar(food=1)
    sc.at("H14", units={"sellswords": 2, "hunters": 1})
    sc.at("H07", tile="black_ice")
    g = sc.game(script=turn("mohyar"))
    before = g.checksum()
    drive(g, "command:H07", "bring:H14:sellswords")
    d = g.decision
    assert d.kind == "command_units" and "cancel" in d.ids()
    assert d.chosen == (Ref("hex", "H07"), Ref("unit", "H14:sellswords"))
    assert g.checksum() == before  # nothing paid, nothing moved yet
    drive(g, "hero")
    assert Ref("hero", "mohyar") in g.decision.chosen
    drive(g, "cancel")
    assert g.decision.kind == "turn" and g.checksum() == before
    assert "end" not in ids(g)  # no AP was spent: the turn still needs one
    drive(g, "command:H07", "bring:H14:sellswords", "bring:H14:hunters", "done")
    p, st = g.state.player("mohyar"), g.state
    assert (p.ap, p.food) == (7, 0) and p.hero_hex == "H14"
    assert st.hexes["H07"].units == {"sellswords": 1, "hunters": 1} and st.hexes["H14"].units == {"sellswords": 1}


def test_command_march_is_offered_only_once_someone_comes():
    sc = mohyar(food=1)
    sc.at("H14", units={"sellswords": 1, "hunters": 1})
    sc.at("H07", tile="black_ice")
    g = sc.game(script=turn("mohyar"))
    drive(g, "command:H07")
    assert "done" not in g.decision.ids() and "cancel" in g.decision.ids()
    assert g.decision.get("cancel").group == "cancel"


def test_build_payment_can_be_cancelled():
    sc = mohyar(salt=3, plunder=3, food=0, feat_deck=[])
    g = sc.game(script=run_phase("build"))
    before = g.checksum()
    drive(g, "build:sellswords:H14", "cancel")
    assert g.decision.kind == "build" and g.checksum() == before
    assert g.state.hexes["H14"].units == {}


def test_a_single_way_to_pay_is_taken_without_asking():
    sc = mohyar(salt=3, plunder=0, food=0, feat_deck=[])
    g = sc.game(script=run_phase("build"))
    drive(g, "build:sellswords:H14")
    assert g.decision.kind == "build" and g.state.hexes["H14"].units == {"sellswords": 1}


def test_scoring_payment_can_be_cancelled():
    sc = mohyar(salt=3, plunder=3, food=0, ap=0)
    g = sc.game(script=run_phase("scoring"))
    assert g.decision.kind == "buy_vp"
    vp = g.state.player("mohyar").vp
    drive(g, "vp:mohyar")
    assert g.decision.kind == "pay" and "cancel" in g.decision.ids()
    drive(g, "cancel")
    p = g.state.player("mohyar")
    assert g.decision.kind == "buy_vp" and (p.salt, p.plunder, p.vp) == (3, 3, vp)


def test_quest_can_be_cancelled_while_choosing_the_hero_dice():
    sc = mohyar()  # Ronja: Guile 1
    sc.decks(quest_offer=["druidic_prophetess"])
    g = sc.game(script=turn("mohyar"))
    before = g.checksum()
    drive(g, "quest:druidic_prophetess")
    assert g.decision.kind == "guile_dice" and "cancel" in g.decision.ids()
    drive(g, "cancel")
    assert g.decision.kind == "turn" and g.checksum() == before
    drive(g, "quest:druidic_prophetess", "guile:1w0y")
    play_out(g)
    assert g.state.player("mohyar").ap == 7


def test_placing_a_unit_by_an_effect_can_go_back_from_the_hex_to_the_unit():
    from uprising_tui.engine.scenario import effect
    sc = mohyar()
    sc.at("H07", tile="black_ice", haven="mohyar")
    g = sc.game(script=effect([{"op": "place_unit", "grade": "basic"}], actor="mohyar"))
    assert g.decision.kind == "place_unit"
    drive(g, "unit:sellswords")
    assert g.decision.kind == "place_unit_hex" and "cancel" in g.decision.ids()
    assert g.decision.chosen == (Ref("unit", "sellswords"),)
    drive(g, "cancel")
    assert g.decision.kind == "place_unit" and not g.state.hexes["H07"].units
    drive(g, "unit:hunters", "hex:H07")
    assert g.state.hexes["H07"].units == {"hunters": 1}
