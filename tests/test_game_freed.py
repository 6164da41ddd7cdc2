"""A Game nobody holds is freed at once: nothing the rules' context reaches points back at the
Game (its events go through a Recorder that holds the game's lists, not the game), so the
cycle collector has nothing to find, also after an undo."""
import gc

from uprising_tui import sim
from uprising_tui.engine import Game
from uprising_tui.engine.face.events import TurnStarted

_START = Game.start  # taken at import: conftest's autouse fixture wraps Game.start to keep every game a test
# starts (for its projection check), which would keep the games these tests drop alive


def _replay(setup, answers):
    g = Game(setup)
    _START(g)
    for a in answers:
        g.answer(a)
    return g


def _played(seed=7):
    cfg = sim.SimConfig(factions=2, chapters=2, seed=seed)
    _, game = sim.play_game(cfg.setup(seed), "heuristic")
    return game.setup, list(game.answers)


def _garbage_after(make) -> int:
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        g = make()
        assert g.log  # a real game was played
        del g
        return gc.collect()
    finally:
        if was:
            gc.enable()


def test_a_dropped_game_leaves_no_cycles():
    setup, answers = _played()
    assert _garbage_after(lambda: _replay(setup, answers)) == 0


def test_after_an_undo_too_and_subscribers_still_hear():
    setup, answers = _played()
    heard = []

    def make():
        g = _replay(setup, answers[:60])
        g.subscribe(heard.append)
        g.undo(5)
        g.answer(answers[55])
        return g
    assert _garbage_after(make) == 0
    assert len(heard) >= 2  # the Rewound event and what the answer after the undo emitted


def test_checkpoints_count_the_answer_being_given():
    setup, answers = _played()
    g = Game(setup).start()
    for a in answers[:40]:
        g.answer(a)
    turns = [c for c in g.checkpoints() if c.faction is not None]
    starts = [i for i, e in enumerate(g.log) if type(e) is TurnStarted]
    assert turns and len(turns) == len(starts)
    assert all(0 < c.index <= 40 for c in turns)
