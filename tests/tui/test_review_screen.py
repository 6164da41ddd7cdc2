"""The game review screen (issue 22): from the end screen (r) or `uprising review SAVE --screen`,
a game stepped through answer by answer on the game's panes, the decision answered on the bar
with the answer given marked, the strong bot's chance after each answer worked out in the
advisor's worker while the keys work, and the costliest answers a key away."""
from __future__ import annotations

import pytest

from uprising_tui.bots.strong.review import COMMAND_BUDGET
from uprising_tui.bots.strong.search import Budget
from uprising_tui.engine import Game, Setup
from uprising_tui.tui.app import make_app
from uprising_tui.tui.controller import GameController, default_seats
from uprising_tui.tui.saves import SaveStore
from uprising_tui.tui.screens.end import EndScreen
from uprising_tui.tui.screens.review import ReviewScreen
from uprising_tui.tui.screenshots import advance
from uprising_tui.tui.widgets.combat_log import CombatLog
from uprising_tui.tui.widgets.review_bar import CHOSEN

from .pilot_helpers import drawn, game_screen, settle, until
from .raw_state_guard import install

SETUP = Setup(factions=["druwhn"], chapters=2, seed=3, auto_ties=True)
TINY = Budget(rollouts=2, width=2, horizon="chapter")


def finished(tmp_path) -> GameController:
    ctl = GameController.new(SETUP, default_seats(SETUP.factions), SaveStore(tmp_path))
    advance(ctl, lambda c: False)
    assert ctl.finished
    return ctl


def reviewing_app(tmp_path, ctl: GameController):
    """An app on `ctl`'s game whose review spends the least (TINY, one sample)."""
    app = make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: ctl)
    app.review_budget, app.review_samples = TINY, 1
    return app


def replayed(ctl: GameController, count: int) -> GameController:
    """A controller of the same game after its first `count` answers."""
    return GameController(Game.replay(ctl.setup, ctl.game.answers[:count], ctl.cat), ctl.seats, None,
                          autosave=False)


def on_show(scr: ReviewScreen, index: int):
    return lambda: scr.frame is not None and scr.frame.index == index and not scr._moving


def log_lines(scr) -> list[str]:
    return scr.query_one(CombatLog).lines


def head(app, scr) -> str:
    return "\n".join(drawn(app, scr.query_one("#review-head")))


async def open_from_end(pilot, app) -> ReviewScreen:
    await settle(pilot)
    assert await until(pilot, lambda: isinstance(app.screen, EndScreen))
    assert "Review" in "".join(drawn(app, app.screen.query_one("Footer")))  # the key is in the footer
    await pilot.press("r")
    scr = app.screen
    assert isinstance(scr, ReviewScreen)
    return scr


@pytest.mark.asyncio
async def test_r_on_the_end_screen_reviews_the_game_on_its_panes_and_esc_comes_back(tmp_path, monkeypatch):
    reads: list = []
    install(monkeypatch, reads)  # the review reads only the public view and the events
    ctl = finished(tmp_path)
    answers, last = list(ctl.game.answers), len(ctl.game.answers) - 1
    app = reviewing_app(tmp_path, ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        scr = await open_from_end(pilot, app)
        assert await until(pilot, on_show(scr, last), limit=3000)  # it opens on the game as it ended
        game_log = game_screen(app).query_one(CombatLog).lines
        assert log_lines(scr) == game_log and scr.view == ctl.view
        bar = scr.bar
        assert bar.decision is scr.frame.decision and bar.highlighted_option.id == answers[last]
        assert CHOSEN.strip() in "\n".join(drawn(app, bar))  # the answer given, marked
        # the figures come from the worker while the screen is up; the keys work meanwhile
        assert await until(pilot, lambda: scr.review is not None, limit=6000), scr.failed
        rv = scr.review
        assert rv.complete and [s.index for s in scr.steps] == list(range(len(answers)))
        assert f"Answer {last + 1} of {len(answers)}" in head(app, scr) and "win " in head(app, scr)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, EndScreen) and ctl.game.answers == answers  # nothing answered
    assert reads == []


@pytest.mark.asyncio
async def test_stepping_back_and_forth_shows_the_game_after_each_answer(tmp_path, monkeypatch):
    reads: list = []
    install(monkeypatch, reads)
    ctl = finished(tmp_path)
    answers, last = list(ctl.game.answers), len(ctl.game.answers) - 1
    app = reviewing_app(tmp_path, ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        scr = await open_from_end(pilot, app)
        assert await until(pilot, on_show(scr, last), limit=3000)
        game_log = game_screen(app).query_one(CombatLog).lines
        await pilot.press("home")
        assert await until(pilot, on_show(scr, 0), limit=3000)
        seen = {}
        for i in range(0, 12):
            if i:
                await pilot.press("right" if i % 2 else "full_stop")  # one answer on (its events alone)
                assert await until(pilot, on_show(scr, i), limit=3000)
            there = replayed(ctl, i + 1)
            assert scr.view == there.view  # the board, the map, the status: the game after answer i
            lines = log_lines(scr)
            assert lines == game_log[:len(lines)] and len(lines) >= len(seen.get(i - 1, []))
            seen[i] = lines
            before = replayed(ctl, i)
            assert scr.bar.decision.prompt == before.decision.prompt and scr.bar.decision.actor == before.decision.actor
            assert scr.bar.highlighted_option.id == answers[i]
        await pilot.press("left", "comma")  # two back: the whole game so far again (reset)
        assert await until(pilot, on_show(scr, 9), limit=3000)
        assert log_lines(scr) == seen[9] and scr.view == replayed(ctl, 10).view
        await pilot.press("end")
        assert await until(pilot, on_show(scr, last), limit=3000)
        assert log_lines(scr) == game_log
        pressed = ["left"] * 5 + ["right"] * 2  # keys pressed faster than the replays: none lost
        await pilot.press(*pressed)
        assert await until(pilot, on_show(scr, last - 3), limit=3000)
        assert scr.view == replayed(ctl, last - 2).view
    assert reads == []


@pytest.mark.asyncio
async def test_the_costliest_answers_are_listed_and_each_is_a_key_away(tmp_path):
    ctl = finished(tmp_path)
    app = reviewing_app(tmp_path, ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        scr = await open_from_end(pilot, app)
        assert await until(pilot, lambda: scr.review is not None and not scr._moving, limit=6000), scr.failed
        costly = list(scr.review.costly)
        assert costly, "this game has answers that cost something"
        listed = "\n".join(drawn(app, scr.query_one("#review-costly")))
        for n, s in enumerate(costly, 1):
            assert f"#{s.index + 1} " in listed
            await pilot.press(str(n))
            assert await until(pilot, on_show(scr, s.index), limit=3000)
            text = head(app, scr)
            assert f"Answer {s.index + 1} of" in text and "The advisor preferred" in text
            assert f"cost {round(100 * s.cost)} points" in text
            assert scr.bar.highlighted_option.id == s.chosen and scr.bar.marked == (scr.frame.decision, s.best)
            before = scr.steps[s.index - 1].win_after if s.index else None
            if before is not None:
                assert f"win {100 * s.win_after:.0f}%" in text and "(" in text


@pytest.mark.asyncio
async def test_review_save_screen_opens_the_app_on_the_review(tmp_path, monkeypatch):
    from uprising_tui import tui_cli
    from uprising_tui.cli import main
    ctl = finished(tmp_path)
    path = tmp_path / "done.json"
    ctl.game.save_to(path)
    ran = []
    monkeypatch.setattr(tui_cli, "run_app", lambda app: ran.append(app) or 0)
    assert main(["review", str(tmp_path / "missing.json"), "--screen"]) != 0 and ran == []  # the plain error
    assert main(["review", str(path), "--screen", "--rollouts", "2", "--width", "2", "--samples", "1"]) == 0
    app = ran[0]
    assert app.review_on_open and app.review_budget.rollouts == 2 and app.review_budget.width == 2
    assert app.review_samples == 1
    assert main(["review", str(path), "--screen"]) == 0
    assert ran[1].review_budget == COMMAND_BUDGET and ran[1].review_samples == 4  # the command's defaults
    answers = len(ctl.game.answers)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, ReviewScreen), limit=3000)
        scr = app.screen
        assert await until(pilot, on_show(scr, answers - 1), limit=3000)
        assert scr.view == ctl.view
        await pilot.press("home")
        assert await until(pilot, on_show(scr, 0), limit=3000)
        await pilot.press("escape")  # where it came from: the command line
        await pilot.pause()
    assert app.return_code == 0


def _played_kinds() -> list[str]:
    from .decision_positions import KINDS, PLAYED
    return sorted(k for k, how in KINDS.items() if how == PLAYED)


@pytest.mark.asyncio
@pytest.mark.parametrize("kind", _played_kinds())
async def test_the_review_bar_shows_an_answered_decision_of_every_kind(kind, tmp_path):
    """The last answer of a game answered a Decision of `kind` (a played position, the heuristic's
    answer): the review opens on it, the bar showing that Decision, the answer marked."""
    from uprising_tui.bots import get_bot

    from .decision_positions import positions
    game = positions()[kind]()
    d = game.decision
    game.answer(get_bot("heuristic", 1).choose(game, d))
    ctl = GameController(game, default_seats(game.setup.factions), None, autosave=False)
    app = make_app(data_dir=tmp_path, preload=False, review="unused", opener=lambda: ctl)

    def no_worker():
        raise OSError("no worker in this test")
    app.advisor = no_worker  # the figures are not what this test is about: the screen says so and steps on
    async with app.run_test(size=(120, 40) if len(kind) % 2 else (80, 24)) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, ReviewScreen), limit=3000)
        scr = app.screen
        last = len(game.answers) - 1
        assert await until(pilot, on_show(scr, last), limit=3000)
        bar = scr.bar
        assert bar.decision.kind == kind and bar.chosen == game.answers[last]
        assert {o.id for _g, opts in bar.groups for o in opts} == {o.id for o in bar.decision.options}
        assert bar.highlighted_option is not None and bar.highlighted_option.id == game.answers[last]
        assert scr.failed and "could not start" in scr.failed and scr.view == ctl.view
        assert scr.budget == COMMAND_BUDGET  # (no budget given: the command's defaults)
        if last:
            await pilot.press("left")
            assert await until(pilot, on_show(scr, last - 1), limit=3000)
