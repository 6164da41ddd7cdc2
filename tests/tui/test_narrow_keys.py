"""At 80x24 the side panes and the log take the map's place: b (c, n) shows the board and b again
brings the map back; l shows the log and keeps the decision bar; Esc leaves map mode."""
from __future__ import annotations

import pytest

from uprising_tui.engine import Setup
from uprising_tui.tui.app import make_app
from uprising_tui.tui.controller import GameController, default_seats
from uprising_tui.tui.saves import SaveStore
from uprising_tui.tui.screenshots import advance

from .pilot_helpers import drawn, game_screen, settle, until

pytestmark = pytest.mark.asyncio
SETUP = Setup(factions=["druwhn", "duerkhar"], chapters=2, seed=42)


def opened(tmp_path):
    ctl = GameController.new(SETUP, default_seats(SETUP.factions, ["duerkhar"]), SaveStore(tmp_path))
    advance(ctl, lambda c: c.decision.kind == "turn" and not c.is_bot_turn())
    return ctl, make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: ctl)


def on_show(w) -> bool:
    return bool(w.display) and w.region.area > 0 and all(a.display for a in w.ancestors if hasattr(a, "display"))


async def test_b_shows_the_board_and_b_again_brings_the_map_back(tmp_path):
    ctl, app = opened(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        g = game_screen(app)
        board, hexmap = g.query_one("#board"), g.query_one("#map")
        assert on_show(hexmap) and not on_show(g.query_one("#side-col"))
        await pilot.press("b")
        assert await until(pilot, lambda: on_show(g.query_one("#side-col")) and not on_show(hexmap))
        assert g.query_one("#side").current == "board"
        await pilot.press("b")
        assert await until(pilot, lambda: on_show(hexmap) and not on_show(g.query_one("#side-col")))
        await pilot.press("n")  # another pane, then its key again
        assert await until(pilot, lambda: g.query_one("#side").current == "nemesis" and not on_show(hexmap))
        await pilot.press("n")
        assert await until(pilot, lambda: on_show(hexmap))


async def test_l_shows_the_log_and_keeps_the_decision_bar(tmp_path):
    ctl, app = opened(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        g = game_screen(app)
        bar, log, hexmap = g.bar, g.query_one("#log"), g.query_one("#map")
        before = bar.region
        await pilot.press("l")
        assert await until(pilot, lambda: on_show(log) and not on_show(hexmap))
        assert on_show(bar) and bar.region == before  # the bar stays where it was, as it was
        assert log.region.bottom <= bar.region.y and log.region.height >= 8
        text = "\n".join(drawn(app, bar))
        assert ctl.decision.prompt[:20] in text
        await pilot.press("down", "enter")  # the bar still answers
        await settle(pilot)
        assert ctl.answers > 0 and on_show(log)
        await pilot.press("l")
        assert await until(pilot, lambda: on_show(hexmap) and not on_show(log))


async def test_esc_leaves_map_mode(tmp_path):
    ctl, app = opened(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        g = game_screen(app)
        await pilot.press("m")
        assert await until(pilot, lambda: g.map.has_focus)
        before = len(app._notifications)
        await pilot.press("escape")
        assert await until(pilot, lambda: g.bar.query_one("#options").has_focus)
        assert len(app._notifications) == before  # no "There is no way back from this choice"
        assert g.ctl.decision is not None and g.bar.interactive
        await pilot.press("b")  # the bar's keys again: b is the board, not a step south-west
        assert await until(pilot, lambda: g.query_one("#side").current == "board" and g.has_class("-side-open"))


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
@pytest.mark.parametrize("close", ["enter", "escape"])
async def test_after_a_log_search_the_keys_go_back_to_the_decision_bar(tmp_path, size, close):
    """Found in play: after the log's search was closed with Esc nothing had the focus, and Enter
    (and every bar key) did nothing until a click."""
    ctl, app = opened(tmp_path)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        g = game_screen(app)
        await pilot.press("slash", "A", "P", close)
        options = g.bar.query_one("#options")
        assert await until(pilot, lambda: options.has_focus), app.focused
        before = ctl.answers
        await pilot.press("enter")
        assert await until(pilot, lambda: ctl.answers == before + 1)


async def test_a_pane_that_changed_while_hidden_is_drawn_anew_when_shown(tmp_path):
    """Found in play at 80x24: the board, changed while the map was in its place, came back showing
    what it showed before (another faction's page, old AP): its changed lines were never marked for
    a redraw while it had no size on screen."""
    from uprising_tui.tui.widgets.player_board import PlayerBoard
    ctl, app = opened(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        g = game_screen(app)
        await pilot.press("b")
        await pilot.pause()
        await pilot.press("b")  # the map back: the board hidden
        assert await until(pilot, lambda: not on_show(g.query_one("#side-col")))
        for _ in range(3):
            await pilot.press(*g.bar.keys_for(ctl.suggest()))
            await settle(pilot)
        await pilot.press("b")
        assert await until(pilot, lambda: on_show(g.query_one("#side-col")))
        p = ctl.view.player(g.query_one(PlayerBoard).page)
        text = "\n".join(drawn(app, g.query_one("#side-col")))
        assert f"Salt {p.salt}  Plunder {p.plunder}  Food {p.food}   AP {p.ap}" in text
