"""One test (or more) per effect op in content/ops.py, each asserting the op's real effect.

Non-combat ops run as raw effect data through the one executor (``run_effect``); the combat
ops (add_dice, add_symbols, set_die, reroll, cancel_enemy, destroy_unit, enemy_penalty, ...)
run inside real combats, through a card window or a Nemesis Godpower fired by a rigged Bolt.
Rigged dice are dealt per colour in roll order, the attacking side's dice first.
"""
from __future__ import annotations

from uprising_tui.content.ops import OP_MODELS, OP_NAMES
from uprising_tui.content.record import literal_value
from uprising_tui.engine.ops.executor import HANDLERS, Source

from .helpers import events, real_ids
from .ops_helpers import HOME, one, run_ops, two


# ---------------------------------------------------------------------------- registry
def test_every_op_has_a_handler_and_every_handler_an_op():
    assert len(OP_NAMES) == 45
    assert len(set(OP_NAMES)) == len(OP_NAMES)
    assert set(HANDLERS) == set(OP_NAMES)
    for model in OP_MODELS:
        name = literal_value(model, "op")
        assert callable(HANDLERS[name]), name


def test_every_op_has_a_test():
    import importlib
    names = [n for mod in ("test_ops", "test_ops_nemesis", "test_ops_combat")
             for n in vars(importlib.import_module(f"tests.{mod}")) if n.startswith("test_")]
    missing = [op for op in OP_NAMES if not any(n.startswith(f"test_{op}") for n in names)]
    assert not missing, f"ops without a test_<op>... function: {missing}"


# ---------------------------------------------------------------------------- economy
def test_gain_self_resources_vp_and_ap():
    g = run_ops(one(), [{"op": "gain", "salt": 1, "plunder": 2, "food": 3, "vp": 2, "ap": 1}])
    p = g.state.player("duerkhar")
    assert (p.salt, p.plunder, p.food, p.vp, p.ap) == (6, 7, 8, 2, 9)


def test_gain_who_each_other_each_and_first_player():
    g = run_ops(two(), [{"op": "gain", "who": "each_other", "salt": 2, "vp": 1}])
    d, w = g.state.player("duerkhar"), g.state.player("druwhn")
    assert (d.salt, d.vp) == (5, 0)
    assert (w.salt, w.vp) == (7, 1)
    g = run_ops(two(), [{"op": "gain", "who": "each", "food": 1}], actor="druwhn")
    assert [p.food for p in g.state.players] == [6, 6]
    g = run_ops(two(), [{"op": "gain", "who": "first_player", "plunder": 3}], actor="druwhn")
    assert [p.plunder for p in g.state.players] == [8, 5]  # the Duerkhar hold the First Player Token


def test_gain_choice_picks_each_resource():
    picks = iter(["res:food", "res:plunder", "res:food"])
    seen = []

    def prefer(d):
        seen.append(d.kind)
        return next(picks)
    g = run_ops(one(), [{"op": "gain_choice", "count": 3}], prefer=prefer)
    p = g.state.player("duerkhar")
    assert (p.salt, p.plunder, p.food) == (5, 6, 7)
    assert seen == ["gain_choice"] * 3


def test_lose_half_rounds_down_for_each_player():
    sc = two().player("duerkhar", plunder=7).player("druwhn", plunder=1)
    g = run_ops(sc, [{"op": "lose_half", "resource": "plunder"}])
    assert g.state.player("duerkhar").plunder == 4  # loses 3 of 7
    assert g.state.player("druwhn").plunder == 1  # loses 0 of 1
    sc = two().player("duerkhar", salt=9).player("druwhn", salt=9)
    g = run_ops(sc, [{"op": "lose_half", "who": "self", "resource": "salt"}], actor="druwhn")
    assert [p.salt for p in g.state.players] == [9, 5]


def test_nemesis_vp():
    g = run_ops(one(), [{"op": "nemesis_vp", "faction": "empire", "amount": 2},
                        {"op": "nemesis_vp", "faction": "chaos", "amount": 3}])
    assert (g.state.vp_empire, g.state.vp_chaos) == (2, 3)
    assert g.state.player("duerkhar").vp == 0


def test_gain_attribute_choice_and_fixed():
    g = run_ops(one(), [{"op": "gain_attribute"}], prefer={"gain_attribute": "attr:magic"})
    p = g.state.player("duerkhar")
    assert (p.might, p.magic, p.leadership, p.guile) == (1, 1, 2, 1)
    assert [e.attribute for e in events(g, "AttributeGained")] == ["magic"]
    g = run_ops(one(), [{"op": "gain_attribute", "attribute": "guile"}])
    assert g.state.player("duerkhar").guile == 2


def test_roll_hero_dice_gains_per_symbol():
    # Yanny: Might 1 (red), Leadership 2 (blue, blue), Guile 1 (yellow chosen)
    sc = one().rig(red=["SB"], blue=["S", "H"], yellow=["S"])
    g = run_ops(sc, [{"op": "roll_hero_dice", "per": "skull", "plunder": 1}], prefer={"guile_dice": "guile:0w1y"})
    assert g.state.player("duerkhar").plunder == 5 + 3
    rolled = events(g, "HeroRolled")[0].dice
    assert sorted(c for c, _ in rolled) == ["blue", "blue", "red", "yellow"]
    sc = one().rig(red=["SB"], blue=["S", "H"], white=[""])
    g = run_ops(sc, [{"op": "roll_hero_dice", "per": "bolt", "vp": 2}], prefer={"guile_dice": "guile:1w0y"})
    assert g.state.player("duerkhar").vp == 2
    sc = one().rig(red=[""], blue=["", ""], white=[""])
    g = run_ops(sc, [{"op": "roll_hero_dice", "per": "skull", "salt": 1}], prefer={"guile_dice": "guile:1w0y"})
    assert g.state.player("duerkhar").salt == 5


# ---------------------------------------------------------------------------- cards
def test_draw_item_even_if_unusable():
    sc = one().decks(item_deck=["flenser", "salt_ledger"])  # Flenser needs Might 2; Yanny has 1
    g = run_ops(sc, [{"op": "draw_item"}])
    p = g.state.player("duerkhar")
    assert [c.id for c in p.items] == ["flenser"]
    assert g.state.item_deck == ["salt_ledger"]
    g = run_ops(one().decks(item_deck=["flenser"], item_discard=[]), [{"op": "draw_item", "count": 2}])
    assert [c.id for c in g.state.player("duerkhar").items] == ["flenser"]
    assert [e.code for e in events(g, "Note")] == ["item_deck_empty"]


def test_draw_feat_keep_one_of_two_other_to_bottom():
    deck = ["yanny_oath_call", "yanny_hold_the_line", "yanny_forge_lessons", "yanny_stone_discipline"]
    sc = one().player("duerkhar", feat_deck=list(deck))
    g = run_ops(sc, [{"op": "draw_feat", "count": 2, "keep": 1}], prefer={"keep_feat": "feat:yanny_hold_the_line"})
    p = g.state.player("duerkhar")
    assert [c.id for c in p.feats] == ["phalanx", "younglings", "yanny_hold_the_line"]
    assert p.feat_deck == ["yanny_forge_lessons", "yanny_stone_discipline", "yanny_oath_call"]
    # draw 1 (default): the top card, no choice
    g = run_ops(one().player("duerkhar", feat_deck=list(deck)), [{"op": "draw_feat"}])
    assert g.state.player("duerkhar").feats[-1].id == "yanny_oath_call"


def test_draw_feat_attribute_feat_resolves_when_drawn():
    sc = one().player("duerkhar", feat_deck=["yanny_forge_lessons"])
    g = run_ops(sc, [{"op": "draw_feat"}], prefer={"gain_attribute": "attr:might", "gain_choice": "res:food"})
    p = g.state.player("duerkhar")
    assert p.might == 2 and p.food == 8


def test_gain_feat_searches_the_deck():
    deck = ["yanny_oath_call", "yanny_hold_the_line", "yanny_stone_discipline"]
    sc = one().player("duerkhar", feat_deck=deck)
    g = run_ops(sc, [{"op": "gain_feat"}], prefer={"gain_feat": "feat:yanny_stone_discipline"})
    p = g.state.player("duerkhar")
    assert p.feats[-1].id == "yanny_stone_discipline"
    assert p.feat_deck == ["yanny_oath_call", "yanny_hold_the_line"]  # no shuffle asked
    g = run_ops(one().player("duerkhar", feat_deck=[]), [{"op": "gain_feat"}])
    assert len(g.state.player("duerkhar").feats) == 2


def test_discard_feat_goes_to_the_bottom_of_the_deck():
    sc = one().player("duerkhar", feat_deck=["yanny_oath_call"])
    g = run_ops(sc, [{"op": "discard_feat"}], prefer={"discard_feat": "feat:younglings"})
    p = g.state.player("duerkhar")
    assert [c.id for c in p.feats] == ["phalanx"]
    assert p.feat_deck == ["yanny_oath_call", "younglings"]
    assert [e.card for e in events(g, "CardDiscarded")] == ["younglings"]


def test_free_quest_spends_no_ap_adds_bonus_dice_and_can_ignore_failure():
    # Beast of the Moors: 4 Skulls (2 VP) or 2 Shields; fail: Chaos 2 VP
    sc = one().decks(quest_offer=["beast_of_the_moors"]).rig(red=["SS"], blue=["S", "S"], yellow=["S"], black=["SSS"])
    g = run_ops(sc, [{"op": "free_quest", "bonus_dice": ["black"]}], prefer={"guile_dice": "guile:0w1y"})
    p = g.state.player("duerkhar")
    assert p.ap == 8
    assert sorted(c for c, _ in events(g, "HeroRolled")[0].dice) == ["black", "blue", "blue", "red", "yellow"]
    assert p.vp == 1 + 2  # solve 1 VP + the 4-Skull goal's 2 VP
    assert g.state.quest_offer == [] and g.state.quest_discard == ["beast_of_the_moors"]
    sc = one().decks(quest_offer=["beast_of_the_moors"]).rig(red=[""], blue=["", ""], yellow=[""])
    g = run_ops(sc, [{"op": "free_quest", "ignore_failure": True}], prefer={"guile_dice": "guile:0w1y"})
    assert g.state.vp_chaos == 0
    assert events(g, "QuestResolved")[0].outcome == "fails"


def test_resolve_quest_failure_runs_the_chosen_fail_effect():
    sc = one().decks(quest_offer=["rally_the_refugees", "beast_of_the_moors"])
    g = run_ops(sc, [{"op": "resolve_quest_failure"}], actor="chaos", prefer={"quest_failure": "quest:beast_of_the_moors"})
    assert g.state.vp_chaos == 2
    assert g.state.quest_offer == ["rally_the_refugees"]
    assert g.state.quest_discard == ["beast_of_the_moors"]
    g = run_ops(one().decks(quest_offer=[]), [{"op": "resolve_quest_failure"}])
    assert g.state.vp_chaos == 0 and g.state.vp_empire == 0


def test_discard_market_discards_and_refills():
    sc = one().decks(market=["flenser", "war_drum", "fen_longbow"], item_deck=["salt_ledger", "druid_charm", "oath_ring", "ember_bottle"])
    g = run_ops(sc, [{"op": "discard_market"}])
    st = g.state
    assert st.market == ["salt_ledger", "druid_charm", "oath_ring"]
    assert st.item_discard == ["flenser", "war_drum", "fen_longbow"]
    assert st.item_deck == ["ember_bottle"]


def test_take_card_keeps_a_solved_quest_in_play():
    # Whispering Stones: 2 Bolts or 2 Shields; solve: take this card
    sc = one().decks(quest_offer=["whispering_stones"]).rig(red=[""], blue=["H", "H"], yellow=[""])
    g = run_ops(sc, [{"op": "free_quest"}], prefer={"guile_dice": "guile:0w1y"})
    p = g.state.player("duerkhar")
    assert [c.id for c in p.quests] == ["whispering_stones"]
    assert g.state.quest_offer == [] and g.state.quest_discard == []
    # without take_card a solved Quest is discarded
    sc = one().decks(quest_offer=["rally_the_refugees"]).rig(red=[""], blue=["H", "H"], yellow=[""])
    g = run_ops(sc, [{"op": "free_quest"}], prefer={"guile_dice": "guile:0w1y"})
    assert g.state.player("duerkhar").quests == [] and g.state.quest_discard == ["rally_the_refugees"]
    # the op itself only marks the source
    src = Source("duerkhar")
    from uprising_tui.engine.ops.handlers.player import op_take_card
    op_take_card(None, None, src)
    assert src.flags == {"take": True}


def test_keep_quest_leaves_a_failed_quest_on_offer():
    # The Plague Pits fail: Chaos 1 VP and they stay on offer
    sc = one().decks(quest_offer=["plague_pits"]).rig(red=[""], blue=["", ""], yellow=[""])
    g = run_ops(sc, [{"op": "free_quest"}], prefer={"guile_dice": "guile:0w1y"})
    assert g.state.vp_chaos == 1
    assert g.state.quest_offer == ["plague_pits"] and g.state.quest_discard == []


def test_draw_quest_deals_one_and_resolves_its_immediate():
    sc = one().decks(quest_offer=["rally_the_refugees"], quest_deck=["imperial_tax_collectors", "lost_caravan"])
    g = run_ops(sc, [{"op": "draw_quest"}])
    assert g.state.quest_offer == ["rally_the_refugees", "imperial_tax_collectors"]
    assert g.state.quest_deck == ["lost_caravan"]
    assert g.state.vp_empire == 1  # the Tax Collectors' immediate effect


# ---------------------------------------------------------------------------- player Units
def test_place_unit_basic_on_a_haven():
    sc = one().at("H07", tile="raufrost", haven="duerkhar")
    g = run_ops(sc, [{"op": "place_unit"}], prefer={"place_unit": "unit:spearsingers", "place_unit_hex": "hex:H07"})
    st = g.state
    assert st.hexes["H07"].units == {"spearsingers": 1}
    assert st.player("duerkhar").reserve["spearsingers"] == 2
    d = [e for e in events(g, "UnitPlaced")]
    assert (d[0].unit, d[0].hex) == ("spearsingers", "H07")


def test_place_unit_grade_elite_offers_only_elites():
    seen = []

    def prefer(d):
        seen.append((d.kind, real_ids(d)))
        return None
    g = run_ops(one(), [{"op": "place_unit", "grade": "elite"}], prefer=prefer)
    assert ("place_unit", ["unit:oathsworn", "unit:koloth"]) in seen
    assert g.state.hexes[HOME].units == {"oathsworn": 1}


def test_place_unit_here_and_with_no_room():
    sc = one().at("H07", tile="raufrost")
    g = run_ops(sc, [{"op": "place_unit", "grade": "any", "where": "here"}], hex="H07",
                prefer={"place_unit": "unit:koloth"})
    assert g.state.hexes["H07"].units == {"koloth": 1}
    sc = one().at(HOME, units={"younglings": 5})
    g = run_ops(sc, [{"op": "place_unit"}])
    assert g.state.hexes[HOME].units == {"younglings": 5}
    assert [e.code for e in events(g, "Note")] == ["nothing_to_place"]


def test_place_unit_who_any_the_actor_picks_whose_and_where():
    asked = []

    def prefer(d):
        asked.append((d.kind, d.actor))
        return {"place_unit_player": "faction:druwhn", "place_unit": "unit:swordsisters"}.get(d.kind)
    g = run_ops(two(), [{"op": "place_unit", "who": "any"}], actor="druwhn", prefer=prefer)
    assert g.state.hexes["H17"].units == {"swordsisters": 1}
    assert g.state.hexes["H15"].units == {}
    assert asked[0] == ("place_unit_player", "druwhn")  # the acting player, not the first player
    # `who: first_player` places the first player's Unit, without asking whose
    g = run_ops(two(), [{"op": "place_unit", "who": "first_player"}], actor="druwhn",
                prefer={"place_unit": "unit:younglings"})
    assert g.state.hexes["H15"].units == {"younglings": 1} and g.state.hexes["H17"].units == {}


def test_place_unit_here_fights_enemies_there():
    sc = one().at("H07", tile="raufrost", skeletons=1).rig(red=["", ""], black=["SSS"])
    g = run_ops(sc, [{"op": "place_unit", "grade": "any", "where": "here"}], hex="H07",
                prefer={"place_unit": "unit:koloth"})
    assert events(g, "CombatStarted")
    assert g.state.hexes["H07"].skeletons == 0


def test_exchange_unit():
    sc = one().at("H07", tile="raufrost", units={"younglings": 2})
    g = run_ops(sc, [{"op": "exchange_unit", "from_unit": "younglings", "to_unit": "oathsworn"}], hex="H07")
    p = g.state.player("duerkhar")
    assert g.state.hexes["H07"].units == {"younglings": 1, "oathsworn": 1}
    assert p.reserve["younglings"] == 4 and p.reserve["oathsworn"] == 2
    # nothing to exchange: no change
    sc = one().at("H07", tile="raufrost", units={"spearsingers": 1})
    g = run_ops(sc, [{"op": "exchange_unit", "from_unit": "younglings", "to_unit": "oathsworn"}], hex="H07")
    assert g.state.hexes["H07"].units == {"spearsingers": 1}
