"""The palette's Screenshot saves into the screenshots folder (made if missing: a folder among the
saves, or --screenshots DIR) and says where; a folder that cannot be made is said in words."""
from __future__ import annotations

import pytest

from uprising_tui.cli import build_parser
from uprising_tui.tui.app import make_app

from .pilot_helpers import until

async def _shoot_from_the_palette(pilot, app):
    await pilot.pause()
    await pilot.press("ctrl+p")
    await pilot.pause()
    await pilot.press(*"screenshot")
    await pilot.pause(0.3)
    await pilot.press("enter")


@pytest.mark.asyncio
async def test_screenshot_goes_to_a_folder_among_the_saves_and_says_where(tmp_path):
    app = make_app(data_dir=tmp_path, preload=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await _shoot_from_the_palette(pilot, app)
        folder = tmp_path / "screenshots"
        assert await until(pilot, lambda: folder.is_dir() and any(folder.glob("*.svg")))
        (svg,) = folder.glob("*.svg")
        assert svg.read_text().startswith("<svg")
        assert await until(pilot, lambda: any(str(svg) in str(n.message) for n in app._notifications))


@pytest.mark.asyncio
async def test_screenshots_dir_is_made_and_used(tmp_path):
    where = tmp_path / "deep" / "shots"
    app = make_app(data_dir=tmp_path / "saves", preload=False, screenshots=where)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.action_screenshot()
        assert any(where.glob("*.svg"))


@pytest.mark.asyncio
async def test_a_folder_that_cannot_be_made_is_said(tmp_path):
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    app = make_app(data_dir=tmp_path, preload=False, screenshots=blocked / "shots")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.action_screenshot()
        await pilot.pause()
        said = [str(n.message) for n in app._notifications]
        assert any(s.startswith(f"Could not save the screenshot in {blocked / 'shots'}") for s in said), said


def test_the_commands_take_screenshots_dir():
    for argv in (["play", "--screenshots", "X"], ["new", "--screenshots", "X"], ["load", "f.json", "--screenshots", "X"]):
        assert build_parser().parse_args(argv).screenshots == "X"
