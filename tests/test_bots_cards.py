"""The heuristic bot and the Items that need the Hero in the right place (Surveyor's Chain,
Forged Imperial Orders, Pilgrim's Token) and the Warlock's removal choice."""
from __future__ import annotations

from uprising_tui.bots import HeuristicBot
from uprising_tui.bots.heuristic import View
from uprising_tui.engine.scenario import Scenario, turn

from .helpers import play_out, real_ids

HOME = "H14"


def solo(**player) -> Scenario:
    sc = Scenario(["duerkhar"], heroes=["yanny"], seed=3).empty_board().decks(quest_offer=[], market=[])
    kw = dict(salt=6, plunder=6, food=6, might=3, magic=3, leadership=3, guile=3, feats=[])
    kw.update(player)
    return sc.player("duerkhar", **kw)


def card_pick(sc: Scenario):
    game = sc.game(script=turn("duerkhar"))
    bot = HeuristicBot(0)
    bot.notice(game)
    got = bot.cards.card_choice(View(game, game.decision))
    return got[1] if got else None


def test_surveyors_chain_is_used_on_a_face_down_hex_and_kept_elsewhere():
    on = solo(items=["surveyors_chain"], hero_hex="H07").at("H07", tile="raufrost", explored=False)
    assert card_pick(on) == "card:surveyors_chain"
    assert card_pick(solo(items=["surveyors_chain"])) is None  # at home (explored): keep it
    # where the bot would Explore, the Chain does it for free
    sc = solo(items=["surveyors_chain"], hero_hex="H07").at("H07", tile="raufrost", explored=False)
    sc.at(HOME, units={"younglings": 3})
    game = sc.game(script=turn("duerkhar"))
    assert "explore" in game.decision.ids()
    assert HeuristicBot(0).choose(game, game.decision) == "card:surveyors_chain"


def test_items_that_last_are_worth_more_than_one_use():
    game = solo(salt=9).decks(market=["fishers_nets", "travel_rations", "hawk_feather"]).game(script=turn("duerkhar"))
    bot = HeuristicBot(0)
    bot.notice(game)
    v = View(game, game.decision)
    assert bot.cards.item_worth(v, "fishers_nets") == 4 * 0.2  # 1 Food at each of 4 Refreshes
    assert bot.cards.item_worth(v, "travel_rations") == 3 / 5  # discarded after one use
    assert bot.cards.item_worth(v, "hawk_feather") > 0  # a Quest die


def test_forged_imperial_orders_are_used_on_a_garrison_and_kept_elsewhere():
    on = solo(items=["forged_imperial_orders"], hero_hex="H07").at("H07", tile="raufrost", garrisons=2)
    assert card_pick(on) == "card:forged_imperial_orders"
    assert card_pick(solo(items=["forged_imperial_orders"])) is None


def test_pilgrims_token_is_used_while_a_quest_is_on_offer():
    assert card_pick(solo(items=["pilgrims_token"]).decks(quest_offer=["lost_caravan"])) == "card:pilgrims_token"
    assert card_pick(solo(items=["pilgrims_token"])) is None


def test_the_warlock_against_a_horde_the_bot_takes_threat_before_a_haven_or_tower():
    from uprising_tui.engine.scenario import fight
    sc = solo().at("H07", tile="raufrost", haven="duerkhar", tower=True,
                   legions=[("warlock", 7)], hordes=[("coven_of_yssat", 3)])
    sc.target("warlock", HOME, "duerkhar").decks(druids=[])
    sc.rig(blue=[""], yellow=["", "", ""])  # Archery: Warlock blue, yellow | Coven yellow x2
    sc.rig(purple=["SB", "", ""], blue=["", "", ""], red=[""], yellow=[""], white=[""])  # Clash: his one Bolt
    game = sc.game(script=fight("H07", attacker="empire"))
    bot = HeuristicBot(0)
    seen = []

    def policy(d):
        pick = bot.choose(game, d)
        if d.kind == "remove_defense":
            seen.append((real_ids(d), pick))
        return pick
    play_out(game, policy)
    assert seen[0] == (["remove:tower", "remove:haven", "remove:threat"], "remove:threat")
