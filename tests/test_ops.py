"""One test (or more) per effect op in content/ops.py, each asserting the op's real effect.

Non-combat ops run as raw effect data through the one executor (``run_effect``); the combat
ops (add_dice, add_symbols, set_die, reroll, cancel_enemy, destroy_unit, enemy_penalty, ...)
run inside real combats, through a card window or a Nemesis Godpower fired by a rigged Bolt.
Rigged dice are dealt per colour in roll order, the attacking side's dice first.
"""
from __future__ import annotations

import dataclasses
from types import MappingProxyType

from pydantic import TypeAdapter

from uprising_tui.content import models as m
from uprising_tui.content.loader import default_catalog
from uprising_tui.content.ops import OP_MODELS, OP_NAMES, Effect
from uprising_tui.engine.effects import HANDLERS, Source, run_effect
from uprising_tui.engine.scenario import Scenario, fight

from .helpers import events, play_out

ONE = ["duerkhar"]
YANNY = ["yanny"]
HOME = "H14"  # the Duerkhar home hex on the 1-faction map
CAPITAL = "H00"


# ---------------------------------------------------------------------------- helpers
def parse(ops: list[dict]):
    return TypeAdapter(Effect).validate_python(ops)


def run_ops(sc: Scenario, ops: list[dict], actor: str = "duerkhar", hex: str | None = None, *,
            nem: str | None = None, pre=None, prefer=None, finish: bool = True):
    """Run raw effect data as the game's script; `pre(ctx)` edits the state first;
    `nem` makes a Legion/Horde card in play the effect's source."""
    parsed = parse(ops)

    def script(ctx):
        if pre is not None:
            pre(ctx)
        card = ctx.state.nem(nem) if nem else None
        yield from run_effect(ctx, parsed, Source(actor, hex, nem, nem=card))

    g = sc.game(script=script)
    if finish:
        play_out(g, prefer)
    return g


def one(**kw) -> Scenario:
    return Scenario(ONE, heroes=YANNY, **kw).empty_board()


def two() -> Scenario:
    return Scenario(["duerkhar", "druwhn"], heroes=["yanny", "syndra"]).empty_board()


def vp_events(g, who: str) -> list:
    return [e for e in events(g, "VPChanged") if e.faction == who]


def fill_island(ctx, keep=()):
    """Make every hex without the cannot-gain-Haven icon non-empty (a Curse), except `keep`."""
    for h in ctx.state.hexes.values():
        if h.role in ("random", "sea_tower") and h.id not in keep and h.empty:
            h.curse = True


def make_cat(**feats) -> "object":
    """The real catalog plus test-only Feats: id -> (use dict, effect list)."""
    cat = default_catalog()
    table = dict(cat.feats)
    for cid, (use, eff) in feats.items():
        table[cid] = m.Feat(id=cid, name=cid, text="test card", hero="yanny", use=m.Use(**use), effect=parse(eff))
    return dataclasses.replace(cat, feats=MappingProxyType(table))


def combat_sc(*, feats=(), items=(), units=None, skeletons=0, hero=True, cat=None, tile="raufrost",
              druids=(), **hex_kw) -> Scenario:
    """Yanny's Units on H07 (an explored Ice Waste: no terrain effect) against Nemesis pieces there."""
    sc = Scenario(ONE, heroes=YANNY, catalog=cat).empty_board()
    sc.at("H07", tile=tile, units=units or {"younglings": 2}, skeletons=skeletons, **hex_kw)
    sc.player("duerkhar", hero_hex="H07" if hero else HOME, feats=list(feats), items=list(items))
    sc.decks(druids=list(druids))
    return sc


def rolls(g, part: str | None = None) -> list:
    return [e for e in events(g, "CombatRolled") if part is None or e.part == part]


def tallies(g, side: str) -> list[tuple[int, int]]:
    return [(e.skulls, e.blocked) for e in events(g, "CombatTally") if e.side == side]


# ---------------------------------------------------------------------------- registry
def test_every_op_has_a_handler_and_every_handler_an_op():
    assert len(OP_NAMES) == 44
    assert len(set(OP_NAMES)) == len(OP_NAMES)
    assert set(HANDLERS) == set(OP_NAMES)
    for model in OP_MODELS:
        name = model.model_fields["op"].annotation.__args__[0]
        assert callable(HANDLERS[name]), name


def test_every_op_has_a_test_here():
    names = [n for n in globals() if n.startswith("test_")]
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
    assert any("Item deck is empty" in e.text for e in events(g, "Note"))


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
    from uprising_tui.engine.ops_player import op_take_card
    op_take_card(None, None, src)
    assert src.flags == {"take": True}


def test_keep_quest_leaves_a_failed_quest_on_offer():
    # Instruction of the Druids fails: Chaos 1 VP and it stays on offer
    sc = one().decks(quest_offer=["instruction_of_the_druids"]).rig(red=[""], blue=["", ""], yellow=[""])
    g = run_ops(sc, [{"op": "free_quest"}], prefer={"guile_dice": "guile:0w1y"})
    assert g.state.vp_chaos == 1
    assert g.state.quest_offer == ["instruction_of_the_druids"] and g.state.quest_discard == []


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
        seen.append((d.kind, d.ids()))
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
    assert any("nowhere or nothing" in e.text for e in events(g, "Note"))


def test_place_unit_of_any_player_first_player_picks_whose():
    g = run_ops(two(), [{"op": "place_unit", "who": "first_player"}],
                prefer={"place_unit_player": "faction:druwhn", "place_unit": "unit:swordsisters"})
    assert g.state.hexes["H17"].units == {"swordsisters": 1}
    assert g.state.hexes["H15"].units == {}


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
    hexes = {o.hex for o in d.options}
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
    assert {o.hex for o in g.decision.options} == {"H07", "H08"}
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
    opts = {o.hex for o in g.decision.options}
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
    opts = {o.hex for o in g.decision.options}
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
    assert any("No Curse" in e.text for e in events(g, "Note"))
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
    assert any("No Legion or Horde" in e.text for e in events(g, "Note"))


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
    assert {o.hex for o in g.decision.options} == {"H07", HOME}
    g = run_ops(sc, [{"op": "remove_haven", "where": "any"}], hex="H12", prefer={"remove_haven": "hex:H05"})
    assert g.state.hexes["H05"].haven is None and g.state.hexes["H07"].haven == "duerkhar"
    g = run_ops(sc, [{"op": "remove_haven"}], hex="H12")
    assert not events(g, "HavenRemoved")


def test_remove_haven_retargets_its_legion():
    sc = one().at("H07", tile="raufrost", haven="duerkhar").at(CAPITAL, legions=[("assassin", 3)])
    sc.target("assassin", "H07", "duerkhar")
    g = run_ops(sc, [{"op": "remove_haven"}], hex="H07")
    assert g.state.legions["assassin"].target == HOME


def test_remove_defense_tower_then_wall_then_haven():
    sc = one().at(HOME, wall=True, tower=True)
    ops = [{"op": "remove_defense"}]
    g = run_ops(sc, ops, hex=HOME)
    h = g.state.hexes[HOME]
    assert (h.tower, h.wall, h.haven) == (False, True, "duerkhar")
    g = run_ops(sc, ops * 2, hex=HOME)
    h = g.state.hexes[HOME]
    assert (h.tower, h.wall, h.haven) == (False, False, "duerkhar")
    g = run_ops(sc, ops * 3, hex=HOME)
    assert g.state.hexes[HOME].haven is None


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


# ---------------------------------------------------------------------------- combat ops (in real combats)
def test_add_dice_before_rolling_via_a_card_window():
    # Abad Warpaint: Clash, before rolling, discard to add a red die. 2 Younglings vs 2 Skeletons.
    sc = combat_sc(items=["abad_warpaint"], skeletons=2)
    sc.rig(blue=["", ""], red=["S", "", ""])  # round 1: the Warpaint's red die hits, the Skeletons miss
    sc.rig(blue=["S", "S"], red=[""])  # round 2 (no Warpaint left)
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    taken = play_out(g, {"combat_card": "card:abad_warpaint"})
    first = rolls(g)[0]
    assert first.part == "clash"
    assert first.dice_a == (("blue", ()), ("blue", ()), ("red", ("skull",)))
    assert [c for c in rolls(g)[1].dice_a] == [("blue", ("skull",)), ("blue", ("skull",))]
    assert taken.count(("combat_card", "card:abad_warpaint")) == 1
    p = g.state.player("duerkhar")
    assert p.items == [] and g.state.item_discard == ["abad_warpaint"]
    assert g.state.hexes["H07"].skeletons == 0 and p.vp == 2


def test_add_dice_after_damage_hits_at_once():
    # Hammerfall: Clash, after damage - roll a black die; its Skulls hit at once (no new round)
    sc = combat_sc(feats=["hulda_hammerfall"], units={"younglings": 1}, skeletons=2)
    sc.rig(blue=["S"], red=["", ""], black=["S"])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:hulda_hammerfall"})
    assert len(rolls(g)) == 1
    assert g.state.hexes["H07"].skeletons == 0
    assert g.state.player("duerkhar").vp == 2
    assert any("after damage: 1 Skull" in e.text for e in events(g, "Note"))


def test_add_dice_before_combat_joins_the_first_roll():
    cat = make_cat(t_ambush=({"when": "combat", "parts": ["before_combat"], "cost": "flip"},
                             [{"op": "add_dice", "colour": "white"}]))
    sc = combat_sc(feats=["t_ambush"], skeletons=2, cat=cat)
    sc.rig(white=["S"])  # Archery: only the ambush die rolls, and hits
    sc.rig(blue=["S", ""], red=["", ""])  # Clash
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:t_ambush"})
    arch = rolls(g, "archery")
    assert len(arch) == 1 and arch[0].dice_a == (("white", ("skull",)),) and arch[0].dice_b == ()
    assert rolls(g, "clash")[0].dice_a == (("blue", ("skull",)), ("blue", ()))  # not rolled again
    assert g.state.hexes["H07"].skeletons == 0


def test_add_dice_colour_of_choice():
    cat = make_cat(t_any_die=({"when": "combat", "parts": ["clash"], "step": "before_rolling", "cost": "flip"},
                              [{"op": "add_dice", "colour": "choice"}]))
    sc = combat_sc(feats=["t_any_die"], units={"younglings": 1}, skeletons=1, cat=cat)
    sc.rig(blue=[""], black=["SS"], red=[""])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:t_any_die", "die_colour": "colour:black"})
    assert rolls(g)[0].dice_a == (("blue", ()), ("black", ("skull", "skull")))
    assert g.state.hexes["H07"].skeletons == 0


def test_add_symbols_before_damage_adds_to_the_total():
    # Flenser: Clash, before damage, once per round - add 1 Skull. 1 Youngling vs 2 Skeletons.
    sc = combat_sc(items=["flenser"], units={"younglings": 1}, skeletons=2).player("duerkhar", might=2)
    sc.rig(blue=["S"], red=["", ""])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:flenser"})
    assert tallies(g, "Skeletons")[0] == (2, 0)
    assert len(rolls(g)) == 1 and g.state.hexes["H07"].skeletons == 0
    assert rolls(g)[0].dice_a == (("blue", ("skull",)),)  # symbols are not on dice


def test_add_symbols_shields_cancel_enemy_skulls():
    sc = combat_sc(feats=["hulda_rune_of_stone"], units={"younglings": 1}, skeletons=1)
    sc.rig(blue=["S"], red=["S"])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:hulda_rune_of_stone"})
    assert (0, 1) in tallies(g, g.ctx.name("duerkhar"))
    assert g.state.hexes["H07"].units == {"younglings": 1}


def test_add_symbols_after_damage_deal_their_skulls_at_once():
    cat = make_cat(t_late_skull=({"when": "combat", "parts": ["clash"], "step": "after_damage", "limit": "once_per_combat"},
                                 [{"op": "add_symbols", "skull": 1}]))
    sc = combat_sc(feats=["t_late_skull"], units={"younglings": 1}, skeletons=2, cat=cat)
    sc.rig(blue=["S"], red=["", ""])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:t_late_skull"})
    assert len(rolls(g)) == 1  # no second round was needed
    assert g.state.hexes["H07"].skeletons == 0
    assert g.state.player("duerkhar").vp == 2


def test_add_symbols_per_bolt():
    cat = make_cat(t_storm=({"when": "combat", "parts": ["clash"], "step": "before_damage", "limit": "once_per_round"},
                            [{"op": "add_symbols", "skull": 1, "per_bolt": True}]))
    sc = combat_sc(feats=["t_storm"], units={"oathsworn": 1}, skeletons=2, cat=cat)
    sc.rig(red=["SB", "", ""])  # the Oathsworn's red die first, then the Skeletons'
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:t_storm", "bolt": "bolt:none"})
    assert tallies(g, "Skeletons")[0] == (2, 0)  # 1 rolled Skull + 1 per Bolt
    assert g.state.hexes["H07"].skeletons == 0


def test_set_die_phalanx_once_per_combat():
    # 2 Younglings roll Skull, Skull; the Skeletons roll Skull, Skull. Phalanx turns one die to a Shield.
    sc = combat_sc(feats=["phalanx"], skeletons=2)
    sc.rig(blue=["S", "S"], red=["S", "S"])
    sc.rig(blue=["S"], red=[""])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    taken = play_out(g, {"combat_card": "card:phalanx", "set_die": "die:0"})
    assert taken.count(("combat_card", "card:phalanx")) == 1  # once per combat: not offered in round 2
    me = g.ctx.name("duerkhar")
    assert tallies(g, "Skeletons")[0] == (1, 0)  # only one Skull left
    assert tallies(g, me)[0] == (1, 1)  # the single Shield blocks one of two Skulls
    st = g.state
    assert st.hexes["H07"].skeletons == 0 and st.hexes["H07"].units == {"younglings": 1}


def test_set_die_skull():
    # Bonebreakers: make one die show exactly one Skull
    sc = combat_sc(feats=["grask_bonebreakers"], units={"younglings": 1}, skeletons=1)
    sc.rig(blue=[""], red=[""])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:grask_bonebreakers"})
    assert tallies(g, "Skeletons")[0] == (1, 0)
    assert g.state.hexes["H07"].skeletons == 0


def test_reroll_one_die():
    # Lucky Knucklebone: reroll one of your dice (no Hero needed)
    sc = combat_sc(items=["lucky_knucklebone"], units={"younglings": 1}, skeletons=1, hero=False)
    sc.rig(blue=["", "S"], red=[""])  # the reroll takes the next blue face
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:lucky_knucklebone", "reroll": "die:0"})
    assert len(rolls(g)) == 1 and g.state.hexes["H07"].skeletons == 0
    assert any("rerolls 1" in e.text for e in events(g, "Note"))


def test_reroll_any_non_bolt_by_the_watcher_godpower():
    # Watcher (Druid): with a Bolt, reroll any of your dice not showing a Bolt
    sc = combat_sc(units={"younglings": 2, "oathsworn": 1}, skeletons=2, druids=["watcher"])
    sc.rig(blue=["", ""], red=["SB", "", ""], )
    sc.rig(blue=["S", "S"])  # the rerolls
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    seen = []

    def prefer(d):
        if d.kind == "bolt":
            return "bolt:druid:watcher"
        if d.kind == "reroll":
            seen.append(d.ids())
            return next((i for i in d.ids() if i != "done"), "done")
        return None
    play_out(g, prefer)
    assert seen[0] == ["die:0", "die:1", "done"]  # the red die shows a Bolt: it can not be rerolled
    assert [e.card for e in events(g, "GodpowerUsed")] == ["watcher"]
    assert tallies(g, "Skeletons")[0] == (3, 0)
    assert g.state.hexes["H07"].skeletons == 0


def test_reroll_all_and_blank_only():
    cat = make_cat(t_all=({"when": "combat", "parts": ["clash"], "step": "before_damage", "limit": "once_per_combat"},
                          [{"op": "reroll", "count": "all"}]))
    sc = combat_sc(feats=["t_all"], skeletons=2, cat=cat)
    sc.rig(blue=["S", "H"], red=["", ""], )
    sc.rig(blue=["", "S"])  # every die is rerolled, without a choice
    sc.rig(blue=["S"], red=[""])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    taken = play_out(g, {"combat_card": "card:t_all"})
    assert not [k for k, _ in taken if k == "reroll"]
    assert tallies(g, "Skeletons")[0] == (1, 0)  # blank + Skull after the reroll
    # Pack Tactics: reroll any of your blank dice
    sc = combat_sc(feats=["khaal_pack_tactics"], units={"younglings": 2, "oathsworn": 1}, skeletons=2)
    sc.rig(blue=["", "H"], red=["", "", ""])
    sc.rig(blue=["S"], red=["S"])
    seen = []

    def prefer(d):
        if d.kind == "combat_card":
            return "card:khaal_pack_tactics" if "card:khaal_pack_tactics" in d.ids() else "done"
        if d.kind == "reroll":
            seen.append(d.ids())
            return next((i for i in d.ids() if i != "done"), "done")
        return None
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, prefer)
    assert seen[0] == ["die:0", "die:2", "done"]  # the Shield can not be rerolled
    assert tallies(g, "Skeletons")[0] == (2, 0)


def test_cancel_enemy_skull():
    # Hold the Line: Clash, before damage - ignore one enemy Skull
    sc = combat_sc(feats=["yanny_hold_the_line"], units={"younglings": 1}, skeletons=1)
    sc.rig(blue=["S"], red=["S"])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:yanny_hold_the_line"})
    assert tallies(g, g.ctx.name("duerkhar"))[0] == (0, 0)
    assert g.state.hexes["H07"].units == {"younglings": 1}
    assert g.state.graveyard_chaos == {}


def test_cancel_enemy_shield():
    # Shield Breaker (Ronja): ignore one enemy Shield - the Warlock rolls one
    sc = combat_sc(feats=["ronja_shield_breaker"], units={"younglings": 2}, legions=[("warlock", 2)])
    sc.target("warlock", HOME, "duerkhar")
    sc.rig(white=["", ""])  # Warlock's Archery (Threat 2: white, white)
    sc.rig(blue=["S", "S"], purple=[""], white=["H"])  # Clash: Warlock purple, blue, white
    sc.rig(blue=[""])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:ronja_shield_breaker"})
    assert tallies(g, "The Warlock")[:2] == [(0, 0), (2, 0)]  # Archery: nothing; Clash: his Shield is ignored
    assert "warlock" not in g.state.legions


def test_cancel_enemy_bolt_stops_a_skeleton_bolt():
    # Trapper's Net: ignore one enemy Bolt. A Skeleton's Bolt would raise another Skeleton.
    sc = combat_sc(items=["trappers_net"], units={"younglings": 2}, skeletons=1)
    sc.rig(blue=["H", ""], red=["SB"])
    sc.rig(blue=["S", "S"], red=[""])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:trappers_net"})
    assert not events(g, "SkeletonPlaced")
    assert g.state.hexes["H07"].units == {"younglings": 2}
    assert g.state.hexes["H07"].skeletons == 0 and g.state.player("duerkhar").vp == 1


def test_cancel_enemy_bolt_stops_a_godpower():
    # Raven Wife (Druid, fired by the player's Bolt): ignore one enemy Bolt - the New Emperor's only one
    sc = combat_sc(units={"oathsworn": 1}, legions=[("new_emperor", 2)], druids=["raven_wife"])
    sc.target("new_emperor", HOME, "duerkhar")
    sc.rig(white=["", ""])  # Archery: the New Emperor at Threat 2 rolls white, white
    sc.rig(red=["SB"], purple=["SB"], yellow=[""], white=[""])  # Clash: each side rolls one Skull and one Bolt
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"bolt": "bolt:druid:raven_wife"})
    assert [e.card for e in events(g, "GodpowerUsed")] == ["raven_wife"]
    assert g.state.vp_empire == 0  # without the Raven Wife his Godpower would give the Empire 2 VP
    assert g.state.legions["new_emperor"].threat == 1


def test_destroy_unit_from_a_players_card_hits_skeletons_and_threat():
    cat = make_cat(t_slay=({"when": "combat", "parts": ["clash"], "step": "before_damage", "limit": "once_per_combat"},
                           [{"op": "destroy_unit", "or_threat": 2}]))
    sc = combat_sc(feats=["t_slay"], units={"younglings": 1}, skeletons=2, cat=cat)
    sc.rig(blue=["S"], red=["", ""])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:t_slay"})
    assert g.state.hexes["H07"].skeletons == 0 and g.state.player("duerkhar").vp == 2
    sc = combat_sc(feats=["t_slay"], units={"younglings": 1}, cat=cat, hordes=[("siren", 3)])
    sc.rig(red=[""], blue=["", ""])  # Siren Archery at Threat 3: blue, blue
    sc.rig(blue=[""], purple=[""], white=["", ""])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:t_slay"})
    assert [(e.old, e.new) for e in events(g, "ThreatChanged")][0] == (3, 1)


def test_vp_in_combat():
    # Banner of the Free: Clash, after damage, once per combat - 1 VP
    sc = combat_sc(items=["banner_of_the_free"], units={"younglings": 1}, skeletons=1)
    sc.rig(blue=[""], red=[""])
    sc.rig(blue=["S"], red=[""])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    taken = play_out(g, {"combat_card": "card:banner_of_the_free"})
    assert taken.count(("combat_card", "card:banner_of_the_free")) == 1
    assert g.state.player("duerkhar").vp == 1 + 1  # the Banner + the Skeleton


def _spymaster_round(sc):
    sc.target("spymaster", HOME, "duerkhar")
    sc.rig(white=["", "", "", ""])  # Archery at Threat 7: four white dice
    # Clash: Younglings blue, blue; Spymaster purple, purple, blue, red, red - one Skull and one Bolt
    sc.rig(blue=["", "", ""], purple=["SB", ""], red=["", ""])
    sc.rig(blue=[""], purple=["S", ""], red=["", ""])  # round 2: the last Youngling falls, no Bolt


def test_enemy_penalty_discards_the_most_expensive_item():
    sc = combat_sc(items=["salt_ledger", "war_drum"], legions=[("spymaster", 7)])
    _spymaster_round(sc)
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    taken = play_out(g, {"enemy_penalty": "penalty"})
    assert ("enemy_penalty", "penalty") in taken
    assert [c.id for c in g.state.player("duerkhar").items] == ["salt_ledger"]
    assert g.state.item_discard == ["war_drum"]
    assert g.state.legions["spymaster"].threat == 7


def test_enemy_penalty_or_the_card_loses_threat():
    sc = combat_sc(items=["salt_ledger", "war_drum"], legions=[("spymaster", 7)])
    _spymaster_round(sc)
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"enemy_penalty": "threat"})
    assert len(g.state.player("duerkhar").items) == 2
    assert g.state.legions["spymaster"].threat == 5


def test_move_to_closest_empty_ends_the_combat():
    # The Siren's Godpower (after damage, once per combat): she slips away to the closest empty hex
    sc = combat_sc(hordes=[("siren", 7)])
    sc.rig(purple=[""], red=[""])  # Archery: purple, red
    sc.rig(blue=["H", ""], purple=["BB"], yellow=[""], white=["", "", ""])  # Clash
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    taken = play_out(g, {"nemesis_move": "hex:W18"})
    st = g.state
    assert st.hordes["siren"].hex == "W18" and st.hexes["W18"].hordes == ["siren"]
    assert [k for k, a in taken if k == "nemesis_move"]
    assert len(rolls(g, "clash")) == 1 and events(g, "CombatEnded")
    assert st.hexes["H07"].units == {"younglings": 2}


def test_threat_enemy_here_from_a_players_card():
    cat = make_cat(t_curse=({"when": "combat", "parts": ["clash"], "step": "before_damage", "limit": "once_per_combat"},
                            [{"op": "threat", "which": "enemy_here", "amount": -2}]))
    sc = combat_sc(feats=["t_curse"], units={"younglings": 1}, cat=cat, hordes=[("siren", 3)])
    sc.rig(blue=["", ""])  # Siren Archery at Threat 3: blue, blue
    sc.rig(blue=["S"], purple=[""], white=["", ""])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:t_curse"})
    assert [(e.old, e.new) for e in events(g, "ThreatChanged")][:2] == [(3, 1), (1, 0)]
    assert "siren" not in g.state.hordes
    assert g.state.player("duerkhar").vp == 1  # the Siren's 1 VP
