"""Setup as a player meets it: the field with the focus is marked and named, Enter starts the game
from any field (as the header says) while a button and an open list keep their own Enter, and at
80x24 no label wraps or is cut."""
from __future__ import annotations

import pytest
from textual.widgets import Button, Input, Label, Select

from uprising_tui.tui.app import make_app
from uprising_tui.tui.screens.game import GameScreen
from uprising_tui.tui.screens.setup import SetupScreen
from uprising_tui.tui.screens.title import TitleScreen

from .pilot_helpers import drawn, settle, shown, until

pytestmark = pytest.mark.asyncio


async def open_setup(pilot, app) -> SetupScreen:
    await pilot.pause()
    await pilot.press("n")
    assert await until(pilot, lambda: isinstance(app.screen, SetupScreen))
    await pilot.pause()
    return app.screen


BORDER = " ▊▎▔▁"  # the tall border of a field (at 120x40)


def _label_of(sel: Select) -> str:
    return next(str(prompt) for prompt, value in sel._options if value == sel.value)


def _longest(sel: Select):
    return max(sel._options, key=lambda option: len(str(option[0])))[1]


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)])
async def test_no_label_wraps_or_is_cut(tmp_path, size):
    app = make_app(data_dir=tmp_path, preload=False)
    app.setup_seed = 7
    async with app.run_test(size=size) as pilot:
        scr = await open_setup(pilot, app)
        scr.query_one("#count", Select).value = 4
        await pilot.pause()
        for i in range(4):  # every seat on show, each with its longest Hero, played by the longest choice
            ctl = scr.query_one(f"#ctl-{i}", Select)
            ctl.value = _longest(ctl)
            hero = scr.query_one(f"#hero-{i}", Select)
            hero.value = _longest(hero)
        assert scr.query_one("#ctl-0", Select).value == "strong"
        assert scr.query_one("#hero-0", Select).value == "fhayanor"
        await pilot.pause()
        seen = 0
        for sel in scr.query(Select):
            if not sel.display or not sel.parent.display:
                continue
            lines = [x.strip(BORDER) for x in drawn(app, sel) if x.strip(BORDER)]
            label = _label_of(sel)
            assert len(lines) == 1 and lines[0].startswith(label), (sel.id, lines, label)
            seen += 1
        assert seen == 4 + 4 * 4  # Factions, Chapters, Difficulty, ties; four per seat
        for lab in scr.query(Label):
            text = str(lab.render()).strip()
            if text and lab.display and lab.parent.display:
                lines = [x.strip() for x in drawn(app, lab) if x.strip()]
                assert lines == [text], (text, lines)
        for w in scr.query("Input, Button"):
            if w.display and w.parent.display:
                assert w.region.right <= size[0] and w.region.width >= 8


async def test_the_field_with_the_focus_is_named(tmp_path):
    app = make_app(data_dir=tmp_path, preload=False)
    async with app.run_test(size=(80, 24)) as pilot:
        scr = await open_setup(pilot, app)
        line = scr.query_one("#focus-line")
        assert "Start" in shown(line)
        scr.query_one("#difficulty", Select).focus()
        await pilot.pause()
        assert "▶ Difficulty: Space or ↓ opens the list · Enter starts the game" in shown(line)
        await pilot.press("tab")
        assert await until(pilot, lambda: "Nemesis ties" in shown(line))
        scr.query_one("#name-0", Input).focus()
        await pilot.pause()
        assert "Seat 1: name" in shown(line)


async def test_enter_starts_the_game_from_a_field(tmp_path):
    app = make_app(data_dir=tmp_path, preload=False)
    app.setup_seed = 99
    async with app.run_test(size=(80, 24)) as pilot:
        scr = await open_setup(pilot, app)
        sel = scr.query_one("#difficulty", Select)
        sel.focus()
        await pilot.press("space")  # the list opens
        assert await until(pilot, lambda: sel.expanded)
        await pilot.press("down", "enter")  # Enter in the open list picks, and does not start
        assert await until(pilot, lambda: not sel.expanded)
        assert sel.value == "nightmare" and isinstance(app.screen, SetupScreen)
        await pilot.press("enter")  # on the closed list: starts
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.ctl.setup.difficulty == "nightmare" and app.screen.ctl.setup.seed == 99


async def test_enter_on_a_button_presses_that_button(tmp_path):
    app = make_app(data_dir=tmp_path, preload=False)
    async with app.run_test(size=(80, 24)) as pilot:
        scr = await open_setup(pilot, app)
        scr.query_one("#back", Button).focus()
        await pilot.press("enter")
        assert await until(pilot, lambda: isinstance(app.screen, TitleScreen))
