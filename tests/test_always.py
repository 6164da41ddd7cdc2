"""ALWAYS means always (issue 6.2): the Trade (1 AP → 1 Salt, then gifts between Heros on one
hex), the exchange of 3 of a resource for 1 other and ALWAYS cards in every phase, before a
payment, during the Nemesis Phase and at Scoring, passed or not (engine/rules/always.py).

1-faction map: H14 is the home hex (touches W01 W02 H15 H07 W18 W19)."""
from __future__ import annotations

from uprising_tui.bots import get_bot
from uprising_tui.engine import Game, Setup
from uprising_tui.engine.scenario import Scenario, fight, run_phase, turn

from .helpers import drive, events, ids, play_out
from .ops_helpers import make_cat

# a test-only ALWAYS Feat of Yanny's: flip it for 2 Salt
CAT = make_cat(t_always_salt=({"when": "always", "cost": "flip"}, [{"op": "gain", "salt": 2}]))


def yanny(**player):
    sc = Scenario(["duerkhar"], heroes=["yanny"], catalog=CAT).empty_board()
    sc.player("duerkhar", **player)
    return sc


def two(**players):
    sc = Scenario(["duerkhar", "krowh"], heroes=["yanny", "khaal"], catalog=CAT).empty_board()
    for fac, kw in players.items():
        sc.player(fac, **kw)
    return sc


# ================================================================== the `always` entry
def test_the_entry_opens_the_menu_and_back_asks_the_decision_again_recomputed():
    # Younglings cost 2 Salt or 2 Plunder. In the payment, Yanny exchanges 3 Plunder for 1 Food:
    # back in the payment only Salt can pay, so the Unit is paid with it at once
    sc = yanny(salt=2, plunder=3, food=0, feat_deck=[])
    g = sc.game(script=run_phase("build"))
    drive(g, "build:younglings:H14")
    d = g.decision
    assert d.kind == "pay" and d.ids()[-2:] == ["cancel", "always"]
    assert d.get("always").group == "always"
    drive(g, "always")
    assert g.decision.kind == "always" and g.decision.actor == "duerkhar"
    assert {"trade:ap", "convert:plunder:salt", "convert:plunder:food", "back"} <= set(g.decision.ids())
    drive(g, "convert:plunder:food")
    assert g.decision.kind == "always" and "back" in g.decision.ids()  # the menu stays open
    drive(g, "back")
    p = g.state.player("duerkhar")
    assert (p.salt, p.plunder, p.food) == (0, 0, 1)
    assert g.state.hexes["H14"].units == {"younglings": 1} and g.decision.kind == "build"


def test_no_entry_when_there_is_nothing_to_do():
    sc = yanny(salt=2, plunder=2, food=2, ap=0, feat_deck=[])
    g = sc.game(script=run_phase("build"))
    drive(g, "build:younglings:H14")
    assert g.decision.kind == "pay" and "always" not in g.decision.ids()


def test_the_entry_never_makes_a_forced_pick_a_question():
    sc = yanny(salt=2, plunder=0, food=5, feat_deck=[])  # one way to pay; AP and Food to spare
    g = sc.game(script=run_phase("build"))
    drive(g, "build:younglings:H14")
    assert g.decision.kind == "build" and g.state.hexes["H14"].units == {"younglings": 1}


def test_a_player_short_of_food_converts_before_commanding():
    sc = yanny(salt=3, food=0)
    sc.at("H14", units={"younglings": 1})
    sc.at("H07", tile="black_ice")
    g = sc.game(script=turn("duerkhar"))
    assert "command:H07" not in ids(g)
    drive(g, "convert:salt:food", "command:H07")
    play_out(g)
    p = g.state.player("duerkhar")
    assert (p.salt, p.food, p.ap) == (0, 0, 7) and g.state.hexes["H07"].units == {"younglings": 1}


def test_in_combat_the_trade_and_exchanges_are_offered_but_always_cards_wait():
    sc = yanny(salt=3, ap=1, feats=["t_always_salt"])
    sc.at("H07", tile="raufrost", units={"younglings": 1, "spearsingers": 1}, skeletons=1)
    sc.rig(white=["", ""], red=["S"], blue=[""])  # Archery, then Clash: the Skeleton hits: which Unit falls?
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    assert g.decision.kind == "assign_damage" and "always" in g.decision.ids()
    drive(g, "always")
    assert "card:t_always_salt" not in g.decision.ids() and "trade:ap" in g.decision.ids()
    drive(g, "trade:ap", "back")
    assert g.decision.kind == "assign_damage" and g.state.player("duerkhar").salt == 4


# ================================================================== windows
def test_nemesis_window_for_a_player_with_three_of_a_resource():
    sc = two(duerkhar={"salt": 3, "plunder": 0, "food": 0, "ap": 0},
             krowh={"salt": 2, "plunder": 2, "food": 2, "ap": 0})
    g = sc.game(script=run_phase("nemesis"))
    d = g.decision
    assert d.kind == "always" and d.actor == "duerkhar"  # the Krowh have nothing worth a window
    assert set(d.ids()) == {"convert:salt:plunder", "convert:salt:food", "done"}
    drive(g, "convert:salt:food")
    assert g.decision is None  # nothing left to do: the window closed
    assert g.state.player("duerkhar").food == 1


def test_ap_left_after_the_actions_phase_opens_a_window_at_production():
    sc = yanny(salt=0, plunder=0, food=0, ap=2)
    sc.when(1, "production")
    g = sc.game(script=run_phase("production"))
    assert g.decision.kind == "always" and set(g.decision.ids()) == {"trade:ap", "done"}
    drive(g, "trade:ap", "done")
    p = g.state.player("duerkhar")
    assert p.ap == 1 and p.salt == 1 + sum(e.salt for e in events(g, "Produced"))


def test_scoring_window_turns_ap_into_salt_for_a_vp_purchase():
    sc = yanny(salt=4, plunder=0, food=0, ap=1)
    g = sc.game(script=run_phase("scoring"))
    assert g.decision.kind == "always" and "trade:ap" in g.decision.ids()
    drive(g, "trade:ap", "done")
    assert g.decision.kind == "buy_vp"
    vp = g.state.player("duerkhar").vp
    drive(g, "vp:duerkhar")
    assert g.state.player("duerkhar").vp == vp + 1 and g.state.player("duerkhar").salt == 0


def test_a_passed_player_may_use_an_always_card_while_others_act():
    sc = two(duerkhar={"ap": 0, "salt": 0, "plunder": 0, "food": 0, "feats": ["t_always_salt"]}, krowh={"ap": 1})
    g = sc.game(script=run_phase("actions"))
    d = g.decision
    assert d.kind == "always" and d.actor == "duerkhar" and set(d.ids()) == {"card:t_always_salt", "done"}
    drive(g, "card:t_always_salt")
    assert g.state.player("duerkhar").salt == 2
    assert g.decision.actor == "krowh" and g.decision.kind == "turn"


def test_events_window_only_for_always_cards():
    plain = yanny(salt=9).when(1, "events")
    g = plain.game(script=run_phase("events"))
    assert g.decision is None or g.decision.kind != "always"
    with_card = yanny(salt=9, feats=["t_always_salt"]).when(1, "events")
    g2 = with_card.game(script=run_phase("events"))
    assert g2.decision.kind == "always" and "card:t_always_salt" in g2.decision.ids()
    assert not events(g2, "EventRevealed")  # before the Event is revealed


def test_gifts_to_a_hero_on_the_same_hex_after_a_trade_in_the_menu():
    sc = two(duerkhar={"salt": 0, "plunder": 0, "food": 3, "ap": 1, "hero_hex": "W01"},
             krowh={"salt": 0, "plunder": 0, "food": 0, "ap": 0, "hero_hex": "W01"})
    g = sc.game(script=run_phase("nemesis"))
    assert g.decision.kind == "always" and g.decision.actor == "duerkhar"
    assert not any(i.startswith("give:") for i in g.decision.ids())  # only during the Trade
    drive(g, "trade:ap", "give:krowh:food", "give:krowh:salt", "done")
    d, k = g.state.player("duerkhar"), g.state.player("krowh")
    assert (d.salt, d.food, k.salt, k.food) == (0, 2, 1, 1)


# ================================================================== bots
def test_random_bot_never_reopens_the_menu_right_after_leaving_it():
    for seed in range(3):
        g = Game(Setup(factions=["druwhn", "krowh"], seed=seed)).start()
        bot = get_bot("random", seed)
        kinds = []
        while g.decision is not None:
            kinds.append(g.decision.kind)
            g.answer(bot.choose(g, g.decision))
        pairs = list(zip(g.answers, g.answers[1:]))
        assert ("back", "always") not in pairs
        assert "always" in kinds  # it does use the menu, now and then


def test_heuristic_bot_leaves_windows_at_once_when_nothing_gains():
    sc = two(duerkhar={"salt": 3, "plunder": 0, "food": 0, "ap": 0},
             krowh={"salt": 0, "plunder": 0, "food": 0, "ap": 0})
    g = sc.game(script=run_phase("nemesis"))
    assert g.decision.kind == "always"
    assert get_bot("heuristic", 0).choose(g, g.decision) == "done"


def test_heuristic_bot_uses_an_always_card_worth_it_in_a_window():
    sc = two(duerkhar={"ap": 0, "salt": 0, "plunder": 0, "food": 0, "feats": ["t_always_salt"]}, krowh={"ap": 1})
    g = sc.game(script=run_phase("actions"))
    assert g.decision.kind == "always"
    assert get_bot("heuristic", 0).choose(g, g.decision) == "card:t_always_salt"
