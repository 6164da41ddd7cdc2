"""bots/strong/worker.py: the advisor in a process of its own answers, reports progress, is
cancelled, and a newer question replaces an older one."""
from __future__ import annotations

from uprising_tui.bots import get_bot
from uprising_tui.bots.strong.search import Budget
from uprising_tui.bots.strong.worker import AdvisorProcess, Cancelled, Done, Failed, Progress
from uprising_tui.engine import Game, Setup


def test_the_advisor_process_answers_and_follows_the_game():
    game = Game(Setup(factions=["druwhn"], chapters=2, seed=5, auto_ties=True)).start()
    bot = get_bot("heuristic", 5)
    while len(game.answers) < 8 or game.decision.kind != "turn":
        game.answer(bot.choose(game, game.decision))
    small = Budget(rollouts=6, width=2, horizon="chapter")
    with AdvisorProcess() as advisor:
        first = advisor.wait(advisor.ask(game, small), timeout=120)
        assert isinstance(first, Done) and first.advice.answers == len(game.answers)
        assert first.advice.options[0].option in game.decision.ids()
        game.answer(bot.choose(game, game.decision))
        while game.decision.kind != "turn":
            game.answer(bot.choose(game, game.decision))
        slow = advisor.ask(game, Budget(rollouts=10_000, width=3, horizon="game"))
        newer = advisor.ask(game, small)  # replaces the slow one
        assert isinstance(advisor.wait(slow, timeout=120), (Cancelled, Done))
        got = advisor.wait(newer, timeout=120)
        assert isinstance(got, Done) and got.advice.answers == len(game.answers)
        third = advisor.ask(game, Budget(rollouts=10_000, width=3, horizon="game"))
        advisor.cancel(third)
        end = advisor.wait(third, timeout=120)
        assert isinstance(end, (Cancelled, Done)) and (isinstance(end, Cancelled) or not end.advice.complete)
        game.answer(game.decision.options[0].id)
        bad = advisor.ask(game.__class__(game.setup).start(), small)  # another game from its start: fine
        assert isinstance(advisor.wait(bad, timeout=120), (Done, Failed))
        assert all(isinstance(m, (Progress, Done, Cancelled, Failed)) for m in advisor.poll())
    assert not advisor.alive


def test_the_advisor_process_ends_quietly_when_the_client_goes_mid_question(capfd, monkeypatch):
    """The client quitting while a question is being thought about closes the pipe under the
    worker: it ends without a traceback on the terminal (seen in the monkey's sweep)."""
    import multiprocessing as mp
    import signal

    from uprising_tui.bots.strong import worker

    # _serve is the worker process's own start: it ignores Ctrl-C. Run here, in the test's process,
    # that would stay (and pass to every process started after it: a later test's Ctrl-C did nothing)
    monkeypatch.setattr(signal, "signal", lambda *args: None)

    game = Game(Setup(factions=["druwhn"], chapters=2, seed=5, auto_ties=True)).start()
    ours, theirs = mp.Pipe()
    ours.send(("ask", 1, game.setup, list(game.answers), Budget(rollouts=10_000, width=3, horizon="game"), 1))
    ours.close()  # gone before the worker's first progress report or cancel check
    worker._serve(theirs, None)  # returns: no exception, nothing printed
    out, err = capfd.readouterr()
    assert "Traceback" not in err and "Error" not in err


def test_the_advisor_process_reviews_a_game_sending_its_steps_as_they_come():
    from uprising_tui.bots.strong.review import review
    from uprising_tui.bots.strong.worker import Reviewed, Steps
    game = Game(Setup(factions=["druwhn"], chapters=2, seed=3, auto_ties=True)).start()
    bot = get_bot("heuristic", 3)
    while game.decision is not None:
        game.answer(bot.choose(game, game.decision))
    small = Budget(rollouts=2, width=2, horizon="chapter")
    with AdvisorProcess() as advisor:
        rid = advisor.review(game, small, samples=1)
        streamed, progress = [], []
        while True:
            got = [m for m in advisor.poll() if m.request == rid]
            streamed += [s for m in got if isinstance(m, Steps) for s in m.steps]
            progress += [m for m in got if isinstance(m, Progress)]
            done = [m for m in got if isinstance(m, (Reviewed, Failed))]
            if done:
                break
        assert isinstance(done[0], Reviewed), done
        rv = done[0].review
        assert rv.complete and [s.index for s in streamed] == list(range(len(game.answers)))
        assert [s.chosen for s in streamed] == game.answers and progress[-1].done == len(game.answers)
        alone = review(game, small, samples=1)  # the same review as in this process (same seeds)
        assert rv.steps == alone.steps and rv.costly == alone.costly
        assert streamed[:-1] == list(rv.steps[:-1])  # (the last one's chance is the verdict's)
        slow = advisor.review(game, Budget(rollouts=10_000, width=3, horizon="game"))
        advisor.cancel(slow)
        end = advisor.wait(slow, timeout=120)
        assert isinstance(end, Reviewed) and not end.review.complete
