"""engine/fork.py: a cheap copy of a game in play is the same game (state, RNG, Decision, view)."""
from __future__ import annotations

import pytest

from uprising_tui.bots import get_bot
from uprising_tui.engine import Game, Setup
from uprising_tui.engine.fork import ForkedGame, Mirror, copy_state, fork
from uprising_tui.engine.scenario import Scenario, fight

FACTIONS = ["druwhn", "duerkhar", "krowh", "mohyar"]


def _game(n: int, seed: int, chapters: int = 2) -> Game:
    return Game(Setup(factions=FACTIONS[:n], chapters=chapters, seed=seed, auto_ties=True)).start()


def _same(a: Game, b: Game) -> None:
    assert a.checksum() == b.checksum()
    assert a.decision == b.decision
    assert a.public_view() == b.public_view()
    assert a.rng.getstate() == b.rng.getstate()


@pytest.mark.parametrize("n", [1, 2, 4])
def test_a_fork_is_the_game_at_every_point_and_plays_on_the_same(n):
    game = _game(n, 11 + n)
    bot = get_bot("heuristic", 3)
    mirror = Mirror(game)
    forks = 0
    while game.decision is not None:
        if len(game.answers) % 9 == 4:
            mirror.sync()
            copy = mirror.fork()
            _same(copy, game)
            forks += 1
            if forks == 3:  # one fork plays on beside the game to the end, answer for answer
                twin, twin_bot = copy, get_bot("heuristic", 3)
        pick = bot.choose(game, game.decision)
        game.answer(pick)
        if forks >= 3 and twin.decision is not None:
            twin.answer(pick)
    assert forks >= 5
    assert twin.finished and twin.checksum() == game.checksum()


def test_fork_replays_only_the_answers_since_the_phase_start():
    game = _game(2, 5)
    bot = get_bot("heuristic", 5)
    for _ in range(120):
        game.answer(bot.choose(game, game.decision))
    mirror = Mirror(game)
    since = mirror.replayed_since_snapshot()
    phase_starts = [c.index for c in game.checkpoints() if c.faction is None]
    assert since == len(game.answers) - phase_starts[-1] < len(game.answers) / 2
    assert mirror.fork().forked_from.index == phase_starts[-1]
    assert mirror.fork(at=phase_starts[-1]).checksum() != game.checksum()


def test_the_mirror_follows_an_undo_of_its_game():
    game = _game(1, 8)
    bot = get_bot("heuristic", 8)
    for _ in range(40):
        game.answer(bot.choose(game, game.decision))
    mirror = Mirror(game)
    game.undo(15)
    mirror.sync()
    _same(mirror.fork(), game)
    game.answer(game.decision.options[-1].id)
    assert mirror.sync() == 1
    _same(mirror.fork(), game)


def test_a_fork_cannot_be_saved_and_its_undo_stays_inside_it():
    game = _game(1, 2)
    bot = get_bot("heuristic", 2)
    for _ in range(40):
        game.answer(bot.choose(game, game.decision))
    copy = fork(game)
    assert isinstance(copy, ForkedGame)
    with pytest.raises(RuntimeError, match="cannot be saved"):
        copy.save()
    before = copy.checksum()
    copy.answer(copy.decision.options[0].id)
    copy.undo(1)
    assert copy.checksum() == before


def test_a_scenario_with_a_script_and_rigged_dice_is_copied_by_replay():
    sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board()
    sc.at("H01", tile="rigga", units={"younglings": 3}, skeletons=2)
    sc.rig(blue=["", "S", "H"], red=["", "SS"])
    game = sc.game(script=fight("H01", attacker="duerkhar"))
    mirror = Mirror(game)
    assert not mirror.resumable and mirror.snaps == []
    if game.decision is not None:
        _same(mirror.fork(), game)


def test_copy_state_shares_nothing():
    game = _game(2, 3)
    st = game.state
    cp = copy_state(st)
    assert cp.to_dict() == st.to_dict()
    cp.hexes[next(iter(cp.hexes))].units["x"] = 1
    cp.players[0].feat_deck.append("x")
    cp.players[0].feats[0].face_up = not cp.players[0].feats[0].face_up
    cp.item_deck.append("x")
    cp.garrison_reserve[0] += 1
    assert cp.to_dict() != st.to_dict() and game.checksum() == Game.replay(game.setup, game.answers).checksum()
