"""Haven, Market and Quest Actions; the ALWAYS conversions, the 10-card limit, the turn, illegal answers."""
from __future__ import annotations

from .rules_actions_fixtures import (
    IllegalChoice,
    Scenario,
    drive,
    events,
    ids,
    mohyar,
    play_out,
    pytest,
    starting,
    turn,
)


# ================================================================== Haven
def test_haven_costs_1_ap_and_2_plunder_and_ends_the_turn():
    sc = mohyar(hero_hex="H07", plunder=2)
    sc.at("H07", tile="black_ice")
    g = sc.game(script=turn("mohyar"))
    drive(g, "haven")
    st = g.state
    assert st.hexes["H07"].haven == "mohyar"
    assert (st.player("mohyar").ap, st.player("mohyar").plunder) == (7, 0)
    assert g.decision is None


def test_haven_costs_the_krowh_3_plunder():
    for plunder, offered in ((2, False), (3, True)):
        sc = Scenario(["krowh"]).empty_board()
        sc.player("krowh", hero_hex="H07", plunder=plunder)
        sc.at("H07", tile="black_ice")
        g = sc.game(script=turn("krowh"))
        assert ("haven" in ids(g)) == offered
        if offered:
            drive(g, "haven")
            assert g.state.player("krowh").plunder == 0


@pytest.mark.parametrize("why,hexkw", [
    ("unexplored", {"tile": "black_ice", "explored": False}),
    ("region icon", None),
    ("icon tile", {"tile": "drowned_abbey"}),
    ("curse", {"tile": "black_ice", "curse": True}),
    ("garrison", {"tile": "black_ice", "garrisons": 1}),
    ("skeleton", {"tile": "black_ice", "skeletons": 1}),
    ("legion", {"tile": "black_ice", "legions": [("assassin", 3)]}),
])
def test_haven_forbidden_hexes(why, hexkw):
    sc = mohyar(plunder=5, hero_hex="W18" if hexkw is None else "H07")
    if hexkw:
        sc.at("H07", **hexkw)
    g = sc.game(script=turn("mohyar"))
    assert "haven" not in ids(g), why


def test_haven_not_on_the_capital():
    g = mohyar(plunder=5, hero_hex="H00").game(script=turn("mohyar"))
    assert "haven" not in ids(g)


def test_haven_not_where_there_is_a_haven_or_another_players_units():
    sc = Scenario(["krowh", "mohyar"]).empty_board()
    sc.at("H07", tile="black_ice", units={"tribesmen": 1})
    sc.at("H08", tile="torment", haven="krowh")
    sc.player("mohyar", hero_hex="H07", plunder=5)
    g = sc.game(script=turn("mohyar"))
    assert "haven" not in ids(g)
    sc.player("mohyar", hero_hex="H08")
    g = sc.game(script=turn("mohyar"))
    assert "haven" not in ids(g)


def test_haven_allowed_with_your_own_units():
    sc = mohyar(hero_hex="H07", plunder=2)
    sc.at("H07", tile="black_ice", units={"sellswords": 2})
    g = sc.game(script=turn("mohyar"))
    assert "haven" in ids(g)


def test_haven_needs_a_haven_left_on_the_player_board():
    sc = mohyar(hero_hex="H07", plunder=5)
    sc.at("H07", tile="black_ice")
    for hid in ("H01", "H02", "H03", "H04"):
        sc.at(hid, tile="torment", haven="mohyar")
    g = sc.game(script=turn("mohyar"))
    assert g.state.player("mohyar").havens_in_supply == 0
    assert "haven" not in ids(g)


# ================================================================== Market
def test_market_needs_the_attribute_and_the_salt():
    sc = mohyar(salt=2)
    sc.decks(market=["whip_of_thorns", "giant_tooth_club", "flenser"], item_deck=["travel_rations"])
    g = sc.game(script=turn("mohyar"))
    # Whip: Leadership 2 (she has 1). Giant-Tooth Club: Might 2 but 3 Salt. Flenser: Might 2, 2 Salt.
    assert starting(g, "market:") == {"flenser"}


def test_market_costs_1_ap_and_the_salt_and_refills_at_once():
    sc = mohyar(salt=2)
    sc.decks(market=["flenser", "travel_rations", "war_drum"], item_deck=["salt_ledger"])
    g = sc.game(script=turn("mohyar"))
    drive(g, "market:flenser")
    st = g.state
    p = st.player("mohyar")
    assert (p.ap, p.salt) == (7, 0) and [c.id for c in p.items] == ["flenser"]
    assert "salt_ledger" in st.market and len(st.market) == 3
    assert g.decision is None


def test_market_on_a_sea_tower_costs_1_salt_less_even_to_zero():
    sc = mohyar(salt=0, hero_hex="H13")
    sc.at("H13", tile="dawngaard")
    sc.decks(market=["xyxrit_leaves", "flenser", "travel_rations"], item_deck=["salt_ledger"])
    g = sc.game(script=turn("mohyar"))
    assert starting(g, "market:") == {"xyxrit_leaves", "travel_rations"}  # 1 Salt each: free here
    drive(g, "market:xyxrit_leaves")
    assert g.state.player("mohyar").salt == 0
    sc2 = mohyar(salt=1, hero_hex="H13")
    sc2.at("H13", tile="dawngaard")
    sc2.decks(market=["flenser", "war_drum", "whip_of_thorns"], item_deck=["salt_ledger"])
    g2 = sc2.game(script=turn("mohyar"))
    drive(g2, "market:flenser")  # 2 Salt, 1 on a Sea Tower
    assert g2.state.player("mohyar").salt == 0


# ================================================================== Quest
def test_quest_costs_1_ap_and_ends_the_turn():
    sc = mohyar()
    sc.decks(quest_offer=["raid_the_supply_wagons"], quest_deck=[])
    sc.rig(red=["", ""], blue=[""], white=[""])
    g = sc.game(script=turn("mohyar"))
    drive(g, "quest:raid_the_supply_wagons")
    play_out(g)
    assert g.state.player("mohyar").ap == 7 and g.decision is None


def test_quest_guile_gives_a_white_or_yellow_die_per_point():
    sc = Scenario(["druwhn"], heroes=["fhayanor"]).empty_board()
    sc.player("druwhn", might=0, magic=2, leadership=0, guile=2)
    sc.decks(quest_offer=["raid_the_supply_wagons"], quest_deck=[])
    g = sc.game(script=turn("druwhn"))
    drive(g, "quest:raid_the_supply_wagons")
    assert g.decision.kind == "guile_dice"
    assert set(ids(g)) == {"guile:2w0y", "guile:1w1y", "guile:0w2y"}
    drive(g, "guile:1w1y")
    play_out(g)
    rolled = events(g, "HeroRolled")[0]
    assert sorted(c for c, _ in rolled.dice) == ["purple", "purple", "white", "yellow"]


def test_quest_bonus_dice_only_when_the_condition_is_met():
    # Raid the Supply Wagons: +1 red die on a Badlands hex
    for tile, extra in (("bruthgaard", ["red"]), ("black_ice", [])):
        sc = mohyar(hero_hex="H07")
        sc.at("H07", tile=tile)
        sc.decks(quest_offer=["raid_the_supply_wagons"], quest_deck=[])
        g = sc.game(script=turn("mohyar"))
        drive(g, "quest:raid_the_supply_wagons", "guile:1w0y")
        play_out(g)
        rolled = sorted(c for c, _ in events(g, "HeroRolled")[0].dice)
        assert rolled == sorted(["red", "red", "blue", "white"] + extra), tile


def test_quest_solved_gives_solve_effect_and_rewards_of_goals_met():
    # Raid the Supply Wagons: 3 Skulls -> 2 Plunder; 2 Shields -> 2 Food; 1+ solves (+1 Salt)
    sc = mohyar(salt=0, plunder=0, food=0)
    sc.decks(quest_offer=["raid_the_supply_wagons"], quest_deck=[])
    sc.rig(red=["SS", "S"], blue=[""], white=[""])
    g = sc.game(script=turn("mohyar"))
    drive(g, "quest:raid_the_supply_wagons", "guile:1w0y")
    play_out(g)
    st = g.state
    p = st.player("mohyar")
    assert (p.salt, p.plunder, p.food) == (1, 2, 0)
    assert events(g, "QuestResolved")[0].outcome == "solves"
    assert st.quest_offer == [] and "raid_the_supply_wagons" in st.quest_discard


def test_quest_failed_gives_only_the_fail_effect():
    # Instruction of the Druids needs 2 of: 4 Skulls, 1 Shield (1 VP), 1 Bolt (1 VP).
    # One Shield alone meets a goal but does not solve it: no reward, Chaos gains 1 VP.
    sc = mohyar()
    sc.decks(quest_offer=["instruction_of_the_druids"], quest_deck=[])
    sc.rig(red=["", ""], blue=["H"], white=[""], purple=[""])
    g = sc.game(script=turn("mohyar"))
    drive(g, "quest:instruction_of_the_druids", "guile:1w0y")
    play_out(g)
    st = g.state
    assert events(g, "QuestResolved")[0].outcome == "fails"
    assert st.player("mohyar").vp == 0
    assert st.vp_chaos == 1


def test_quest_discarded_is_not_replaced_until_refresh():
    sc = mohyar()
    sc.decks(quest_offer=["raid_the_supply_wagons", "lost_caravan"], quest_deck=["rally_the_refugees"])
    sc.rig(red=["", ""], blue=[""], white=[""])
    g = sc.game(script=turn("mohyar"))
    drive(g, "quest:raid_the_supply_wagons")
    play_out(g)
    st = g.state
    assert st.quest_offer == ["lost_caravan"] and st.quest_deck == ["rally_the_refugees"]


def test_quest_taken_into_play_does_not_count_toward_the_card_limit():
    # Druidic Prophetess: 2+ of 3 Skulls / 1 Shield / 1 Bolt; solve: take this card.
    sc = mohyar(items=["flenser", "war_drum", "salt_ledger", "travel_rations", "fen_longbow",
                       "lucky_knucklebone", "trappers_net", "ice_bear_shield"])
    sc.decks(quest_offer=["druidic_prophetess"], quest_deck=[])
    sc.rig(red=["SB", ""], blue=["H"], white=[""])
    g = sc.game(script=turn("mohyar"))
    assert len(g.state.player("mohyar").cards) == 10
    drive(g, "quest:druidic_prophetess", "guile:1w0y")
    taken = play_out(g)
    p = g.state.player("mohyar")
    assert [c.id for c in p.quests] == ["druidic_prophetess"]
    assert "card_limit" not in [k for k, _ in taken] and len(p.cards) == 10


# ================================================================== ALWAYS conversions
def test_always_3_of_one_resource_for_1_other_costs_no_ap():
    g = mohyar(salt=3, plunder=2, food=0).game(script=turn("mohyar"))
    assert {o for o in ids(g) if o.startswith("convert:")} == {"convert:salt:plunder", "convert:salt:food"}
    drive(g, "convert:salt:food")
    p = g.state.player("mohyar")
    assert (p.salt, p.plunder, p.food, p.ap) == (0, 2, 1, 8)
    assert "end" not in ids(g)  # converting spends no AP: the turn still needs an AP spent


def test_always_1_ap_for_1_salt():
    g = mohyar(salt=0).game(script=turn("mohyar"))
    drive(g, "trade:ap")
    p = g.state.player("mohyar")
    assert (p.ap, p.salt) == (7, 1)


# ================================================================== the 10-card limit
def test_ten_card_limit_discard_any_card_even_the_new_one():
    sc = mohyar(salt=5, items=["war_drum", "salt_ledger", "travel_rations", "fen_longbow",
                               "lucky_knucklebone", "trappers_net", "ice_bear_shield", "flenser"])
    sc.decks(market=["xyxrit_leaves", "giant_tooth_club", "horn_of_rallying"], item_deck=["druid_charm"])
    g = sc.game(script=turn("mohyar"))
    p = g.state.player("mohyar")
    assert len(p.cards) == 10  # 2 START Feats + 8 Items
    drive(g, "market:xyxrit_leaves")
    assert g.decision.kind == "card_limit"
    assert "card:xyxrit_leaves" in ids(g) and "card:ronja_shield_breaker" in ids(g)
    # the discard comes first (ruling 30): AP and Salt are left, yet no ALWAYS menu at 11 cards
    assert p.ap > 0 and "always" not in g.decision.ids()
    drive(g, "card:xyxrit_leaves")
    assert len(p.cards) == 10 and "xyxrit_leaves" in g.state.item_discard


def test_ten_card_limit_discarded_feat_goes_under_the_feat_deck():
    sc = mohyar(salt=5, items=["war_drum", "salt_ledger", "travel_rations", "fen_longbow",
                               "lucky_knucklebone", "trappers_net", "ice_bear_shield", "flenser"])
    sc.decks(market=["xyxrit_leaves", "giant_tooth_club", "horn_of_rallying"], item_deck=["druid_charm"])
    g = sc.game(script=turn("mohyar"))
    drive(g, "market:xyxrit_leaves", "card:ronja_shield_breaker")
    p = g.state.player("mohyar")
    assert p.feat_deck[-1] == "ronja_shield_breaker" and len(p.cards) == 10


# ================================================================== the turn
def test_a_turn_must_spend_an_ap():
    g = mohyar().game(script=turn("mohyar"))
    assert "end" not in ids(g)
    drive(g, "move:H07")
    assert "end" in ids(g)


def test_a_turn_ends_after_the_main_action():
    sc = mohyar(salt=5)
    sc.decks(market=["flenser", "war_drum", "travel_rations"], item_deck=["salt_ledger"])
    g = sc.game(script=turn("mohyar"))
    drive(g, "move:H07", "trade:ap", "market:travel_rations")
    assert g.decision is None
    assert g.state.player("mohyar").ap == 5


def test_no_second_main_action_in_a_turn():
    sc = mohyar(salt=5)
    sc.decks(market=["flenser", "war_drum", "travel_rations"], item_deck=["salt_ledger"])
    g = sc.game(script=turn("mohyar"))
    drive(g, "market:travel_rations")
    assert g.decision is None  # no Quest, Command, Explore or Haven after the Market


def test_a_turn_with_no_ap_left_ends():
    g = mohyar(ap=1).game(script=turn("mohyar"))
    drive(g, "move:H07")
    assert g.decision is None and g.state.player("mohyar").ap == 0


def test_actions_cards_cost_no_ap_and_do_not_end_the_turn():
    g = mohyar(items=["travel_rations"], food=0).game(script=turn("mohyar"))
    drive(g, "card:travel_rations")
    p = g.state.player("mohyar")
    assert (p.food, p.ap) == (3, 8) and not p.items
    assert g.decision.kind == "turn" and "end" not in ids(g)


# ================================================================== illegal answers
def test_an_illegal_answer_raises_and_changes_nothing():
    sc = mohyar()
    g = sc.game(script=turn("mohyar"))
    drive(g, "move:H07")
    before, answers, pending = g.checksum(), list(g.answers), g.decision
    for bad in ("move:W05", "haven", "no-such-option", "command:H07", ""):
        with pytest.raises(IllegalChoice):
            g.answer(bad)
        assert g.checksum() == before and g.answers == answers and g.decision is pending
    drive(g, "end")
    assert g.answers == answers + ["end"]


def test_a_hero_with_no_ap_left_may_still_use_a_free_card_that_gives_ap_back():
    # Hanzo's Shadow Step (Actions, flip: gain 1 AP) is used after his last AP is spent
    sc = Scenario(["mohyar"], heroes=["hanzo"]).empty_board()
    sc.player("mohyar", ap=1, feats=["hanzo_shadow_step"])
    g = sc.game(script=turn("mohyar"))
    move = next(i for i in g.decision.ids() if i.startswith("move:"))
    g.answer(move)
    p = g.state.player("mohyar")
    assert p.ap == 0 and g.decision is not None
    assert "card:hanzo_shadow_step" in g.decision.ids() and "end" in g.decision.ids()
    g.answer("card:hanzo_shadow_step")
    assert p.ap == 1
    assert any(i.startswith("move:") for i in g.decision.ids())


def test_a_passed_player_who_gains_ap_takes_turns_again():
    from uprising_tui.engine.rules.economy import add_ap
    from uprising_tui.engine.scenario import run_phase
    sc = Scenario(["druwhn", "krowh"], heroes=["syndra", "khaal"]).empty_board()
    sc.player("druwhn", ap=2)
    sc.player("krowh", ap=0)
    g = sc.game(script=run_phase("actions"))
    krowh = g.state.player("krowh")
    assert g.decision.actor == "druwhn" and krowh.passed
    add_ap(g.ctx, krowh, 1, "an effect during the Druwhn's turn")  # as a card giving AP would
    assert not krowh.passed
    turns = []
    while g.decision is not None:
        d = g.decision
        if d.kind == "turn" and (not turns or turns[-1] != d.actor):
            turns.append(d.actor)
        g.answer("trade:ap" if "trade:ap" in d.ids() else "end")
    assert turns == ["druwhn", "krowh"]  # the Druwhn trade both AP in one turn; then the Krowh play again
    assert krowh.ap == 0
