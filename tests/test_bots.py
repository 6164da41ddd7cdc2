"""Bots: legal answers only, deterministic per seed, and the heuristic plays better than chance."""
from __future__ import annotations

import statistics

import pytest

from uprising_tui.bots import BOTS, HeuristicBot, get_bot
from uprising_tui.bots.estimate import Dice, _quest_chance
from uprising_tui.bots.heuristic import View
from uprising_tui.bots.odds import fight_spec, outcome
from uprising_tui.engine.odds.approx import approx_odds
from uprising_tui.engine.rules import fight_policy
from uprising_tui.engine.odds import fight_odds
from uprising_tui.engine import Game, Setup
from uprising_tui.engine.rules.economy import parse_pay
from uprising_tui.engine.game import default_catalog
from uprising_tui.engine.scenario import Scenario, effect, run_phase, turn
from uprising_tui.sim import FACTIONS


def setup(factions: int, seed: int, chapters: int = 4) -> Setup:
    return Setup(factions=list(FACTIONS[:factions]), chapters=chapters, seed=seed, auto_ties=True)


def play(bot_name: str, st: Setup, limit: int = 20_000) -> tuple[Game, list[str]]:
    """Play a whole game, checking every answer is one of the options offered."""
    game = Game(st).start()
    bot = get_bot(bot_name, st.seed)
    answers = []
    for _ in range(limit):
        d = game.decision
        if d is None:
            return game, answers
        pick = bot.choose(game, d)
        assert pick in d.ids(), f"{bot_name} answered {pick!r} to {d.kind} ({d.ids()})"
        answers.append(pick)
        game.answer(pick)
    raise AssertionError(f"{bot_name}: no verdict after {limit} decisions")


# every bot kind, the search bot at a small budget (its strength is measured elsewhere:
# benchmarks/strength.py; at its default budget a 4-faction game takes minutes)
PLAYED = sorted(n if n != "strong" else "strong:rollouts=2,width=2,horizon=chapter" for n in BOTS)


@pytest.mark.parametrize("bot_name", PLAYED)
@pytest.mark.parametrize("factions", [1, 2, 3, 4])
def test_bot_finishes_games_with_legal_answers(bot_name, factions):
    for seed in (11, 12):
        game, answers = play(bot_name, setup(factions, seed))
        assert game.finished
        assert game.state.verdict
        assert answers


@pytest.mark.parametrize("bot_name", PLAYED)
def test_bot_answers_nemesis_ties_itself(bot_name):
    """Without auto_ties the first player's bot decides every Nemesis tie and placement."""
    for factions, seed, difficulty in ((2, 31, "apocalypse"), (4, 32, "nightmare")):
        st = Setup(factions=list(FACTIONS[:factions]), seed=seed, difficulty=difficulty, auto_ties=False)
        game, _ = play(bot_name, st)
        assert game.finished


@pytest.mark.parametrize("bot_name", PLAYED)
def test_same_seed_same_answers(bot_name):
    st = setup(3, 5)
    _, first = play(bot_name, st)
    _, again = play(bot_name, st)
    assert first == again


def test_random_bots_differ_by_seed():
    _, a = play("random", setup(2, 3, chapters=2))
    b_game = Game(setup(2, 3, chapters=2)).start()
    bot = get_bot("random", 4)
    b = []
    while b_game.decision is not None and len(b) < len(a):
        pick = bot.choose(b_game, b_game.decision)
        b.append(pick)
        b_game.answer(pick)
    assert a != b


def test_heuristic_beats_random_on_player_vp():
    def mean_vp(bot_name: str) -> float:
        vps = []
        for seed in range(100, 110):
            game, _ = play(bot_name, setup(2, seed))
            vps += [p.vp for p in game.state.players]
        return statistics.fmean(vps)
    assert mean_vp("heuristic") > mean_vp("random") + 5


def test_heuristic_reads_state_without_changing_it():
    game = Game(setup(4, 21)).start()
    bot = HeuristicBot(21)
    for _ in range(400):
        d = game.decision
        if d is None:
            break
        before = game.checksum()
        pick = bot.choose(game, d)
        assert game.checksum() == before
        game.answer(pick)


def test_get_bot_unknown_name():
    with pytest.raises(ValueError, match="unknown bot"):
        get_bot("grandmaster")


def test_the_bot_reads_the_engines_odds():
    """The bot's fight odds are the engine's exact ones for the same hex (less the Horde
    three Skeletons might call), read foe by foe."""
    sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board()
    g0 = sc.game(script=turn("duerkhar"))
    home = g0.state.player("duerkhar").hero_hex
    target = next(n for n in g0.board.unit_adjacent(home) if g0.state.hexes[n].role == "random")
    sc.at(home, units={"younglings": 3, "oathsworn": 2}).at(target, tile="fyrnhalla", garrisons=2,
                                                               legions=[("butcher", 3)])
    game = sc.game(script=turn("duerkhar"))
    bot = HeuristicBot()
    v = View(game, game.decision)
    foes = bot.fights.foes_on(v, target)
    units = ["oathsworn", "oathsworn", "younglings"]
    out = bot.fights.fight_odds(v, target, units, foes)
    want = fight_odds(game.cat, fight_spec(game, game.public_view(), target, "duerkhar", units, foes))
    assert [f.name for f in foes] == ["garrisons", "butcher"]
    assert out.win == pytest.approx(want.win) and out.losses == pytest.approx(want.units_lost)
    assert out.damage == pytest.approx(tuple(f.damage for f in want.fights))
    assert out.killed == pytest.approx(tuple(f.destroyed for f in want.fights))
    assert out.clear == pytest.approx(want.win + want.both_wiped)


def test_the_bot_plans_with_the_engines_approximate_odds():
    """Planning uses the engine's approximate mode (engine/odds/approx.py) on the same FightSpec as
    the exact odds: cheap, and near them on a plain fight (within about ten points of the chance
    to win, and the same order of forces)."""
    sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board()
    g0 = sc.game(script=turn("duerkhar"))
    home = g0.state.player("duerkhar").hero_hex
    target = next(n for n in g0.board.unit_adjacent(home) if g0.state.hexes[n].role == "random")
    sc.at(home, units={"younglings": 3, "oathsworn": 2}).at(target, tile="fyrnhalla", garrisons=2)
    game = sc.game(script=turn("duerkhar"))
    bot = HeuristicBot()
    v = View(game, game.decision)
    foes = bot.fights.foes_on(v, target)
    wins = []
    for units in (["younglings"], ["oathsworn", "younglings"], ["oathsworn", "oathsworn", "younglings"]):
        planned = bot.fights.plan_odds(v, target, units, foes)
        exact = bot.fights.fight_odds(v, target, units, foes)
        spec = fight_spec(game, game.public_view(), target, "duerkhar", units, foes)
        assert planned == outcome(approx_odds(game.cat, spec), foes)
        assert abs(planned.win - exact.win) < 0.12, units
        assert abs(planned.losses - exact.losses) < 0.3, units
        wins.append((planned.win, exact.win))
    assert sorted(wins) == wins and sorted(wins, key=lambda w: w[1]) == wins


def test_quest_chance_is_exact_on_small_cases():
    dice = Dice(default_catalog())
    # black: five of six faces show a Skull
    assert dice.quest_chance(["black"], [("skull", 1)], 1) == pytest.approx(5 / 6)
    # two yellow dice, two Skulls needed: (4/6)^2
    assert dice.quest_chance(["yellow", "yellow"], [("skull", 2)], 1) == pytest.approx(4 / 9)
    assert dice.quest_chance([], [("skull", 1)], 1) == 0.0
    assert _quest_chance.cache_info().currsize >= 1


def test_parse_pay():
    assert parse_pay("s2p0f1") == {"salt": 2, "plunder": 0, "food": 1}
    assert parse_pay("nonsense") is None


# --------------------------------------------------------------------------- behaviours
HOME = "H14"  # the Duerkhar home of the 1-faction map: W01 (Ice Waste) and H07 are next to it


def solo(**player) -> Scenario:
    """One Duerkhar player (Yanny) at home, no Nemesis pieces, nothing to buy or quest for."""
    sc = Scenario(["duerkhar"], heroes=["yanny"], seed=3).empty_board()
    sc.decks(quest_offer=[], market=[])
    sc.player("duerkhar", salt=6, plunder=6, food=6, **player)
    return sc


def bot_pick(game, bot=None) -> str:
    bot = bot or HeuristicBot(0)
    pick = bot.choose(game, game.decision)
    assert pick in game.decision.ids()
    return pick


def test_heuristic_attacks_a_weak_horde_next_to_its_units():
    sc = solo().at(HOME, units={"oathsworn": 3, "younglings": 2}).at("W01", hordes=[("siren", 2)])
    game = sc.game(script=turn("duerkhar"))
    assert bot_pick(game) == "command:W01"


def test_heuristic_leaves_a_horde_it_cannot_beat():
    sc = solo().at(HOME, units={"younglings": 1}).at("W01", hordes=[("bloodwyrm", 7)])
    game = sc.game(script=turn("duerkhar"))
    assert bot_pick(game) != "command:W01"


def test_heuristic_reinforces_a_haven_the_forecast_says_is_attacked():
    sc = solo().at(HOME, units={"younglings": 1}, tower=True, wall=True)
    sc.at("H07", tile="saltmarrow_flats", units={"oathsworn": 3, "younglings": 1})
    sc.at("W01", hordes=[("coven_of_yssat", 4)]).tokens("coven_of_yssat", 1)
    game = sc.game(script=turn("duerkhar"))
    bot = HeuristicBot(0)
    bot.notice(game)
    assert bot.forecast.attacks_on(View(game, game.decision), HOME) == ["coven_of_yssat"]
    assert bot_pick(game, bot) == f"command:{HOME}"
    drive_bot(game, bot, until="turn")
    assert game.state.hexes[HOME].unit_count == 5


def drive_bot(game, bot, until: str) -> None:
    """Let the bot answer until a Decision of kind `until` (or the end of the script)."""
    game.answer(bot.choose(game, game.decision))
    while game.decision is not None and game.decision.kind != until:
        game.answer(bot.choose(game, game.decision))


def test_heuristic_gives_last_chapter_vp_to_the_weakest_player():
    sc = Scenario(["duerkhar", "druwhn"], heroes=["yanny", "syndra"], seed=3).empty_board()
    sc.player("duerkhar", vp=30, salt=10, plunder=0, food=0, ap=0)
    sc.player("druwhn", vp=12, salt=0, plunder=0, food=0, ap=0)
    sc.when(chapter=4, phase="scoring")
    game = sc.game(script=run_phase("scoring"))
    assert game.decision.kind == "buy_vp" and game.decision.actor == "duerkhar"
    assert bot_pick(game) == "vp:druwhn"


def test_heuristic_trades_ap_left_for_salt_before_buying_last_chapter_vp():
    sc = Scenario(["duerkhar", "druwhn"], heroes=["yanny", "syndra"], seed=3).empty_board()
    sc.player("duerkhar", vp=30, salt=9, plunder=0, food=0, ap=1)
    sc.player("druwhn", vp=12, salt=0, plunder=0, food=0, ap=0)
    sc.when(chapter=4, phase="scoring")
    game = sc.game(script=run_phase("scoring"))
    bot = get_bot("heuristic", 0)
    taken = []
    while game.decision is not None:
        pick = bot.choose(game, game.decision)
        taken.append((game.decision.kind, pick))
        game.answer(pick)
    assert taken[:4] == [("buy_vp", "always"), ("always", "trade:ap"), ("always", "back"), ("buy_vp", "vp:druwhn")]
    bought = [e for e in game.log if e.event_type == "VPChanged" and e.reason == "bought_vp"]
    assert [e.faction for e in bought] == ["druwhn", "druwhn"]  # 9 Salt and 1 traded: two purchases


def test_heuristic_keeps_resources_before_the_last_chapter():
    sc = Scenario(["duerkhar", "druwhn"], heroes=["yanny", "syndra"], seed=3).empty_board()
    sc.player("duerkhar", vp=30, salt=10).when(chapter=2, phase="scoring")
    game = sc.game(script=run_phase("scoring"))
    assert game.decision.kind == "buy_vp"
    assert bot_pick(game) == "done"


def test_heuristic_places_skeletons_so_that_no_horde_forms():
    sc = solo().at("H07", tile="saltmarrow_flats", skeletons=2).at("W19", skeletons=1)
    game = sc.game(script=effect([{"op": "place_skeleton", "where": "with_skeletons"}], actor="duerkhar"))
    assert game.decision.kind == "place_skeleton"
    assert bot_pick(game) == "hex:W19"


def test_heuristic_keeps_a_curse_lifting_card_until_a_curse_is_in_reach():
    sc = Scenario(["druwhn"], heroes=["syndra"], seed=3).empty_board().decks(quest_offer=[], market=[])
    sc.player("druwhn", feats=["syndra_lift_the_blight"], salt=6, plunder=6, food=6)
    far = sc.game(script=turn("druwhn"))
    bot = HeuristicBot(0)
    bot.notice(far)
    assert bot.cards.card_choice(View(far, far.decision)) is None
    home = far.state.players[0].hero_hex
    nxt = next(n for n in far.board.geo[home] if n)
    near = Scenario(["druwhn"], heroes=["syndra"], seed=3).empty_board().decks(quest_offer=[], market=[])
    near.player("druwhn", feats=["syndra_lift_the_blight"], salt=6, plunder=6, food=6).at(nxt, curse=True)
    game = near.game(script=turn("druwhn"))
    assert bot_pick(game) == "card:syndra_lift_the_blight"


def test_the_bot_answers_combat_decisions_with_the_fight_policy():
    """What the bot expects of a fight is what it then does: every combat decision of a
    bot game gets the fight policy's answer."""
    game = Game(setup(2, 5)).start()
    bot = get_bot("heuristic", 5)
    seen = 0
    for _ in range(20_000):
        d = game.decision
        if d is None:
            break
        pick = bot.choose(game, d)
        if game.ctx.combat is not None and d.kind in ("bolt", "assign_damage", "reroll", "highlands_die",
                                                      "combat_card", "enemy_penalty"):
            assert pick == fight_policy.answer(game, d)
            seen += 1
        game.answer(pick)
    assert seen > 10


def test_the_bot_never_loops_through_always_and_back(monkeypatch):
    """Handlers that open the ALWAYS menu on every Decision offering it (and leave it at
    once: nothing in it is worth doing) still finish the game: HeuristicBot.choose does not
    take the same entry twice on a Decision nothing has changed since (the log as long)."""
    from uprising_tui.bots import heuristic

    def restless(handler):
        def answer(bot, v):
            return "always" if "always" in v.entries else handler(bot, v)
        return answer

    for kind, handler in list(heuristic.HANDLERS.items()):
        if kind != "always":
            monkeypatch.setitem(heuristic.HANDLERS, kind, restless(handler))
    monkeypatch.setitem(heuristic.HANDLERS, "always", lambda bot, v: v.pick("back"))
    bot = HeuristicBot()
    game = Game(Setup(factions=["druwhn", "krowh"], chapters=2, seed=4)).start()
    opened = 0
    for _ in range(5000):
        d = game.decision
        if d is None:
            break
        pick = bot.choose(game, d)
        opened += pick == "always"
        game.answer(pick)
    assert game.decision is None and game.state.verdict
    assert opened > 20  # it did open the menu, and came back out each time


def test_heuristic_buys_a_dear_combat_item_its_hero_can_use():
    """The Axe of the Giants (4 Salt, Might 3): a combat Item's worth grows with its price, so the
    bot buys it when it can keep 2 Salt (a fixed worth never bought one dearer than 2 Salt)."""
    sc = Scenario(["duerkhar"], heroes=["baranth"], seed=3).empty_board()
    sc.decks(quest_offer=[], market=["axe_of_the_giants"])
    sc.player("duerkhar", salt=6, plunder=6, food=6)
    game = sc.game(script=turn("duerkhar"))
    assert "market:axe_of_the_giants" in game.decision.ids()
    bot = HeuristicBot(0)
    bot.notice(game)
    assert bot.cards.best_market(View(game, game.decision))[1] == "market:axe_of_the_giants"
