"""Toasts: at the top right under the status bar, never over the decision bar or the log's newest
lines; a message still on show is not raised again; a message is plain text (a '[' in a save name
or an error's words is not markup); an autosave failure is said once, not at every decision."""
from __future__ import annotations

import pytest
from textual.widgets._toast import Toast

from uprising_tui.engine import Setup
from uprising_tui.tui.app import make_app

from .pilot_helpers import game_screen, settle, until

pytestmark = pytest.mark.asyncio


def _toasts(app):
    return [w for w in app.screen.walk_children(with_self=False) if isinstance(w, Toast)]


@pytest.mark.parametrize("size, keys", [((120, 40), ()), ((80, 24), ("l",))])
async def test_a_toast_keeps_off_the_decision_bar_and_the_newest_log_lines(tmp_path, size, keys):
    app = make_app(setup=Setup(factions=["druwhn"], chapters=2, seed=3), data_dir=tmp_path, pacing="instant",
                   preload=False)
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(pilot)
        g = game_screen(app)
        await pilot.press(*keys)
        app.notify("Pacing: step")
        assert await until(pilot, lambda: any(t.region.area for t in _toasts(app)))
        (toast,) = _toasts(app)
        status, bar, log = g.query_one("#status"), g.bar, g.query_one("#log")
        assert toast.region.y >= status.region.bottom
        assert not toast.region.overlaps(bar.region)
        if log.region.area:
            newest = log.region.bottom - 4  # the last lines of the log
            assert toast.region.bottom <= newest


async def test_the_same_message_is_not_stacked(tmp_path):
    app = make_app(data_dir=tmp_path, preload=False)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        for _ in range(3):
            app.notify("Took back 1 answer(s).")
        app.notify("something else")
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        assert messages.count("Took back 1 answer(s).") == 1 and "something else" in messages


async def test_a_message_is_plain_text(tmp_path):
    app = make_app(data_dir=tmp_path, preload=False)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.notify("Saved /tmp/[bold]game[/].json and [not markup")
        await pilot.pause()
        assert app._exception is None
        assert [n.markup for n in app._notifications] == [False]


async def test_an_autosave_failure_is_said_once(tmp_path, monkeypatch):
    app = make_app(setup=Setup(factions=["druwhn"], chapters=2, seed=3), data_dir=tmp_path, pacing="instant",
                   preload=False)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await settle(pilot)
        g = game_screen(app)

        def full(*a, **k):
            raise OSError(28, "No space left on device")
        monkeypatch.setattr(g.ctl.store, "autosave", full)
        app._toasts_up.clear()
        for _ in range(3):
            await pilot.press(*g.bar.keys_for(g.ctl.suggest()))
            await settle(pilot)
            app._toasts_up.clear()  # (as if each toast had gone: only the screen's own memory counts)
        said = [n.message for n in app._notifications if "autosave failed" in n.message]
        assert said == ["autosave failed: No space left on device"]
