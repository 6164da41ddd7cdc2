"""Seeded random games played to the end, with every invariant checked after every answer,
illegal answers probed, and save/load/undo round-trips."""
import random

import pytest

from uprising_tui.engine import Game, IllegalChoice, Setup
from uprising_tui.engine.setup import DIFFICULTIES

from .invariants import check

FACTIONS = ["druwhn", "duerkhar", "krowh", "mohyar"]
N_GAMES = 240


def setup_for(seed: int) -> Setup:
    n = 1 + seed % 4
    rot = seed % 4
    facs = (FACTIONS[rot:] + FACTIONS[:rot])[:n]
    return Setup(factions=facs, chapters=2 + (seed // 4) % 3, difficulty=DIFFICULTIES[(seed // 12) % 4],
                 seed=seed, auto_ties=seed % 2 == 0)


def play_random(seed: int, probe_every: int = 97):
    rng = random.Random(seed * 7919)
    g = Game(setup_for(seed)).start()
    vp = check(g)
    n = 0
    while g.decision is not None:
        d = g.decision
        if n % probe_every == 0:
            before, answers = g.checksum(), list(g.answers)
            with pytest.raises(IllegalChoice):
                g.answer("no-such-option")
            assert g.checksum() == before and g.answers == answers and g.decision is d
        g.answer(rng.choice(d.options).id)
        n += 1
        vp = check(g, vp)
        assert n < 50_000, "game does not end"
    assert g.state.verdict is not None
    assert g.log[-1].event_type == "GameOver"
    return g


@pytest.mark.parametrize("block", range(8))
def test_random_games(block):
    per = N_GAMES // 8
    for seed in range(block * per, (block + 1) * per):
        g = play_random(seed)
        if seed % 6 == 0:
            saved = g.save()
            again = Game.load(saved)
            assert again.checksum() == g.checksum()
            assert again.finished
            if g.answers:
                g.undo()
                ref = Game.replay(g.setup, g.answers)
                assert g.checksum() == ref.checksum()
                assert g.decision is not None


def test_same_seed_same_game():
    a, b = play_random(5), play_random(5)
    assert a.answers == b.answers
    assert a.checksum() == b.checksum()
    assert [e.data() for e in a.log] == [e.data() for e in b.log]


@pytest.mark.parametrize("seed", range(500, 524))
def test_heuristic_games_keep_every_invariant(seed):
    """The heuristic bot fights far more than the random one: check the same invariants."""
    from uprising_tui.bots import get_bot

    g = Game(setup_for(seed)).start()
    bot = get_bot("heuristic", seed)
    vp = check(g)
    n = 0
    while g.decision is not None:
        g.answer(bot.choose(g, g.decision))
        vp = check(g, vp)
        n += 1
        assert n < 50_000
    assert g.state.verdict is not None
