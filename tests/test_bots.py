"""Bots: legal answers only, deterministic per seed, and the heuristic plays better than chance."""
from __future__ import annotations

import statistics

import pytest

from uprising_tui.bots import BOTS, HeuristicBot, get_bot
from uprising_tui.bots.estimate import Dice, Foe, _quest_chance, estimate_fight
from uprising_tui.bots.heuristic_answers import parse_pay
from uprising_tui.engine import Game, Setup
from uprising_tui.engine.game import default_catalog
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


@pytest.mark.parametrize("bot_name", sorted(BOTS))
@pytest.mark.parametrize("factions", [1, 2, 3, 4])
def test_bot_finishes_games_with_legal_answers(bot_name, factions):
    for seed in (11, 12):
        game, answers = play(bot_name, setup(factions, seed))
        assert game.finished
        assert game.state.verdict
        assert answers


@pytest.mark.parametrize("bot_name", sorted(BOTS))
def test_bot_answers_nemesis_ties_itself(bot_name):
    """Without auto_ties the first player's bot decides every Nemesis tie and placement."""
    for factions, seed, difficulty in ((2, 31, "apocalypse"), (4, 32, "nightmare")):
        st = Setup(factions=list(FACTIONS[:factions]), seed=seed, difficulty=difficulty, auto_ties=False)
        game, _ = play(bot_name, st)
        assert game.finished


@pytest.mark.parametrize("bot_name", sorted(BOTS))
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


def test_fight_estimate_is_sensible():
    dice = Dice(default_catalog())
    def garrisons(n: int) -> Foe:
        lv = default_catalog().garrison_levels
        return Foe("garrisons", n, n, lambda part, hp: list(lv[hp - 1].archery if part == "archery" else lv[hp - 1].clash)
                   if hp else [])
    strong = [("black", False)] * 3 + [("red", False)] * 2
    weak = [("white", False)]
    assert estimate_fight(dice, strong, [garrisons(1)]) > 3
    assert estimate_fight(dice, weak, [garrisons(3)]) <= 0
    # more Units never make a fight look worse
    assert estimate_fight(dice, strong, [garrisons(2)]) >= estimate_fight(dice, strong[:3], [garrisons(2)])


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
