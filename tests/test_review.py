"""bots/strong/review.py and `uprising review SAVE`: a finished game stepped through with the chance
to win after each answer and the answers that cost the most."""
from __future__ import annotations

import json

from uprising_tui.bots import get_bot
from uprising_tui.bots.strong.review import review
from uprising_tui.bots.strong.search import Budget
from uprising_tui.cli import main
from uprising_tui.engine import Game, Setup

SMALL = Budget(rollouts=4, width=2, first=2, horizon="chapter")


def _finished(seed: int) -> Game:
    game = Game(Setup(factions=["druwhn"], chapters=2, seed=seed, auto_ties=True)).start()
    bot = get_bot("heuristic", seed)
    while game.decision is not None:
        game.answer(bot.choose(game, game.decision))
    return game


def test_a_review_steps_through_every_answer():
    game = _finished(3)
    seen = []
    rv = review(game, SMALL, samples=1, progress=lambda d, t: seen.append(d))
    assert [s.index for s in rv.steps] == list(range(len(game.answers))) and seen[-1] == len(game.answers)
    assert [s.chosen for s in rv.steps] == game.answers
    assert rv.searched > 5 and rv.complete and rv.verdict == game.public_view().verdict
    assert rv.steps[-1].win_after == (1.0 if rv.verdict == "the players win" else 0.0)
    assert len(rv.costly) <= 3 and [s.cost for s in rv.costly] == sorted((s.cost for s in rv.costly), reverse=True)
    for s in rv.costly:
        assert s.best != s.chosen and round(100 * s.cost) >= 1 and abs(s.best_win - s.win_after - s.cost) < 1e-9
    searched = [s for s in rv.steps if s.best is not None]
    assert all(s.kind in ("turn", "keep_feat") for s in searched)


def test_a_review_can_be_cancelled():
    game = _finished(4)
    rv = review(game, SMALL, samples=1, cancel=lambda: True)
    assert not rv.complete and rv.steps == ()


def test_the_review_command(tmp_path, capsys):
    game = _finished(5)
    path = tmp_path / "g.json"
    game.save_to(path)
    assert main(["review", str(path), "--rollouts", "4", "--width", "2", "--samples", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert len(out["steps"]) == len(game.answers) and len(out["costly"]) <= 3
    assert main(["review", str(path), "--rollouts", "4", "--width", "2", "--samples", "1"]) == 0
    text = capsys.readouterr().out
    assert "Review of" in text and "cost the most" in text
    assert main(["review", str(tmp_path / "missing.json")]) != 0


def test_a_cost_that_rounds_to_no_point_is_not_a_costly_answer():
    from uprising_tui.bots.strong.review import Review, Step
    from uprising_tui.tui.screens.review_text import costliest

    def step(i, cost):
        return Step(i, 1, "actions", "druwhn", "turn", "a", "Move", 0.55, "b", "Trade", 0.55 + cost, cost, 8)
    noise, lesson = step(0, 0.004), step(1, 0.012)
    assert not noise.costly and lesson.costly and not step(2, 0.0).costly
    assert costliest([noise, lesson, None]) == [lesson]
    rv = Review((noise,), (), None, 1, 8, 0.1, True)
    assert rv.lines(every=True)[-1] == "No answer cost anything the search could measure."
    assert "(the advisor:" not in rv.lines(every=True)[1]


def test_the_review_head_tells_a_near_tie_from_a_lesson():
    from types import SimpleNamespace as NS

    from uprising_tui.bots.strong.review import Step
    from uprising_tui.content.loader import default_catalog
    from uprising_tui.tui.screens.review_text import head

    frame = NS(index=0, decision=NS(actor="druwhn"), groups=[], seat=None, chosen="a", chapter=1, phase="actions")
    cat = default_catalog()

    def said(cost, best="b"):
        step = Step(0, 1, "actions", "druwhn", "turn", "a", "Move", 0.55, best, "Trade", 0.55 + cost, cost, 8)
        return head(cat, frame, 10, step, None).plain.splitlines()[1]
    assert said(0.004) == "As good as the advisor's pick, “Trade” (within a point)."
    assert said(0.03).startswith("The advisor preferred “Trade” (win 58%): this answer cost 3 points")
    assert said(0.0, best="a") == "The advisor's pick too."
