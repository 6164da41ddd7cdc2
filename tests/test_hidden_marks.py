"""Game.answer takes the hidden marks (Events turned up, the size of every face-down deck) again
only when an event that comes with a change of one (history.MARKING) was logged since; the
marks it keeps must equal a fresh `hidden_marks` after every answer, so that each answer's
`revealed` flag is what a fresh reading gives. Also after an undo and a replay."""
from __future__ import annotations

import pytest

from uprising_tui.bots import get_bot
from uprising_tui.engine import Game, Setup
from uprising_tui.engine.history import MARKING, hidden_marks

FACTIONS = ["krowh", "mohyar", "duerkhar", "druwhn"]
DIFFICULTIES = ["rebel", "veteran", "nightmare", "apocalypse"]


def kept_marks(g) -> tuple[int, ...]:
    kept = g._marks
    assert kept is not None and kept[0] is g.state and kept[1] == g._rec.marking  # still good
    return kept[2]


@pytest.mark.parametrize("seed", range(10))
def test_kept_marks_equal_fresh_ones_after_every_answer(seed):
    g = Game(Setup(factions=FACTIONS[:1 + seed % 4], chapters=2 + seed % 3, seed=5200 + seed,
                   difficulty=DIFFICULTIES[seed % 4])).start()
    bot = get_bot("heuristic" if seed % 2 else "random", seed)
    changed = kept_over = 0
    while g.decision is not None:
        before = hidden_marks(g.state)
        logged = len(g.log)
        g.answer(bot.choose(g, g.decision))
        fresh = hidden_marks(g.state)
        assert kept_marks(g) == fresh, f"answer {len(g.answers)}: {g.answers[-1]}"
        if fresh != before:
            changed += 1
            # a mark moved: an event of history.MARKING came with it
            assert any(type(e) in MARKING for e in g.log[logged:]), f"answer {len(g.answers)}"
        elif not any(type(e) in MARKING for e in g.log[logged:]):
            kept_over += 1
    assert changed > 0 and kept_over > 0  # both ways were taken


def test_marks_after_undo_and_replay_are_fresh():
    g = Game(Setup(factions=FACTIONS, chapters=2, seed=5300)).start()
    bot = get_bot("heuristic", 1)
    for _ in range(300):
        if g.decision is None:
            break
        g.answer(bot.choose(g, g.decision))
    history = g.history()
    g.undo(40)
    assert g.history() == history[:len(g.answers)]
    for _ in range(60):
        if g.decision is None:
            break
        g.answer(bot.choose(g, g.decision))
        assert kept_marks(g) == hidden_marks(g.state)
    again = Game.replay(g.setup, g.answers)
    assert again.history() == g.history()
    assert kept_marks(again) == hidden_marks(again.state)


def test_an_answer_that_draws_is_marked_revealed():
    """The flag still fires: some answer of a whole game draws a card or turns up an Event."""
    g = Game(Setup(factions=FACTIONS[:2], chapters=2, seed=5400)).start()
    bot = get_bot("heuristic", 2)
    while g.decision is not None:
        g.answer(bot.choose(g, g.decision))
    assert any(a.revealed for a in g.history())
    assert not all(a.revealed for a in g.history())
