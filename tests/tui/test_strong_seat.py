"""A Strong bot seat thinks in a thread: the screen keeps taking keys while it searches, undo waits
for its answer, and its answers are the game's."""
from __future__ import annotations

import threading

import pytest

from uprising_tui.bots.strong.search import Budget
from uprising_tui.engine import Setup
from uprising_tui.tui.app import make_app
from uprising_tui.tui.controller import Seat
from uprising_tui.tui.screens.help import HelpScreen

from .pilot_helpers import game_screen, settle

pytestmark = pytest.mark.asyncio


@pytest.fixture(autouse=True)
def quick_search(monkeypatch):
    """A seat names its bot (a save says "strong"), so the default budget is made small here."""
    monkeypatch.setattr("uprising_tui.bots.strong.bot.DEFAULT_BUDGET", Budget(rollouts=4, width=2, horizon="chapter"))


def seats() -> list[Seat]:
    return [Seat("krowh", "Cas", None, "red"), Seat("druwhn", "Strong bot", "strong", "green")]


def new_app(tmp_path):
    return make_app(setup=Setup(factions=["krowh", "druwhn"], chapters=2, seed=3), seats=seats(),
                    data_dir=tmp_path, pacing="instant")


def held(monkeypatch, g, go: threading.Event, picked: list | None = None) -> None:
    """The strong seat's answer, held until the test sets `go`. With `picked` the bot chooses first
    (its pick, with the game's answers then, goes there) and then waits; without, it waits first
    and then chooses, so nothing searches while the test presses its keys."""
    real = g.ctl.bot_choice

    def slow() -> str:
        choice = real() if picked is not None else None
        if picked is not None:
            picked.append((g.ctl.answers, choice))
        assert go.wait(30), "the test never let the bot answer"
        return choice if picked is not None else real()
    monkeypatch.setattr(g.ctl, "bot_choice", slow)


async def until_thinking(pilot, g) -> None:
    """The person plays on (x) until it is the bot's turn, then the bot is seen thinking."""
    for _ in range(60):
        if g.ctl.decision.actor == "druwhn":
            break
        await pilot.press("x")
        await pilot.pause(0.05)
    for _ in range(2000):
        await pilot.pause(0.01)
        if g.playback.thinking:
            return
    raise AssertionError("the strong seat never started thinking")


async def test_a_strong_seat_answers_its_own_decisions(tmp_path):
    app = new_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        g = None
        for _ in range(60):
            await settle(pilot)
            g = game_screen(app)
            if sum(1 for a in g.ctl.game.history() if a.actor == "druwhn") >= 5:
                break
            assert g.ctl.decision.actor == "krowh", "the client stopped on the bot's decision"
            await pilot.press("x")
        assert sum(1 for a in g.ctl.game.history() if a.actor == "druwhn") >= 5
        assert not g.playback.thinking


async def test_keys_are_taken_while_the_strong_seat_thinks_and_undo_waits(tmp_path, monkeypatch):
    app = new_app(tmp_path)
    go = threading.Event()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        g = game_screen(app)
        held(monkeypatch, g, go)
        await until_thinking(pilot, g)
        at = g.ctl.answers
        await pilot.press("question_mark")  # a key while it thinks: Help opens at once
        await pilot.pause(0.1)
        assert isinstance(app.screen, HelpScreen) and g.playback.thinking
        await pilot.press("escape")
        await pilot.pause(0.1)
        await pilot.press("u")  # undo waits: nothing is taken back under the bot
        await pilot.pause(0.1)
        assert g.ctl.answers == at and g.playback.thinking
        assert app.screen is g, "undo asked to confirm while the bot was thinking"
        go.set()
        for _ in range(500):
            await pilot.pause(0.02)
            if g.ctl.answers > at:
                break
        assert g.ctl.answers > at and g.ctl.game.history()[at].actor == "druwhn"


async def test_an_answer_the_game_moved_past_is_dropped(tmp_path, monkeypatch):
    app = new_app(tmp_path)
    go = threading.Event()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        g = game_screen(app)
        picked, calls = [], []
        held(monkeypatch, g, go, picked)  # the bot chooses, then the game moves on before its answer lands
        await until_thinking(pilot, g)
        for _ in range(500):
            if picked:
                break
            await pilot.pause(0.02)
        at, stale = picked[0]
        g.ctl.answer(stale, by=g.ctl.actor_seat())  # the game moves past the bot's Decision meanwhile
        answer_safely = g.playback.answer_safely
        monkeypatch.setattr(g.playback, "answer_safely",
                            lambda option, seat: calls.append((g.ctl.answers, option)) or answer_safely(option, seat))
        go.set()
        await settle(pilot)
        # the stale pick was not answered again at the next Decision: the first answer after it is the
        # bot's next pick, made for that Decision
        assert calls, "nothing was answered after the bot's stale pick"
        assert calls[0] != (at + 1, stale) or picked[1:2] == [(at + 1, stale)]
        assert g.ctl.game.history()[at].option == stale


async def test_the_bot_loop_stops_once_the_screen_is_being_taken_down(tmp_path):
    # the app closing prunes the screen: every pane is marked at once and removed one by one, so
    # a pane (the odds) can be gone while the decision bar is still there; the loop stops at the mark
    app = new_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        g = game_screen(app)
        assert not g.playback.gone()
        removing = app._prune(g)  # (what App._close_all does to each screen)
        assert g.playback.gone()
        await removing
