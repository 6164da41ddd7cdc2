"""What the monkey found that is not said elsewhere, each replayed the way it happened."""
from __future__ import annotations

import pytest
from textual import events
from textual.widgets import Markdown

from uprising_tui.tui.app import make_app
from uprising_tui.tui.screens.help import HelpScreen

from .pilot_helpers import until


@pytest.mark.asyncio
async def test_a_click_where_the_help_text_was_just_replaced(tmp_path):
    """A mouse press on the help's text in the moment after it was replaced (another section, or a
    search) landed on a paragraph already taken off the screen, and Textual's text selection failed
    starting there (the app allows no in-app selection: UprisingApp.ALLOW_SELECT)."""
    app = make_app(data_dir=tmp_path, preload=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        assert await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        scr = app.screen
        body = scr.query_one(Markdown)
        assert await until(pilot, lambda: bool(body.children) and body.children[0].region.area > 0)
        x, y = body.children[0].region.offset
        await body.update("## Something else\n\nA new paragraph.")  # the old paragraphs come off
        scr._forward_event(events.MouseDown(None, x + 1, y, 0, 0, 1, False, False, False, screen_x=x + 1,
                                            screen_y=y))  # before the screen is drawn again
        await pilot.pause()
        assert app._exception is None
