"""The footer: one widget listing the screen's keys; a click on a key presses it."""
from __future__ import annotations

import pytest
from textual.app import App
from textual.binding import Binding
from textual.widgets import Static

from uprising_tui.tui.widgets.key_footer import KeyFooter


class FooterApp(App):
    BINDINGS = [Binding("u", "count('undo')", "Undo"), Binding("question_mark", "count('help')", "Help"),
                Binding("f1", "count('help')", "Help"), Binding("x", "count('hidden')", "Hidden", show=False)]

    def __init__(self) -> None:
        super().__init__()
        self.pressed: list[str] = []

    def compose(self):
        yield Static("body")
        yield KeyFooter()

    def action_count(self, what: str) -> None:
        self.pressed.append(what)


@pytest.mark.asyncio
async def test_the_footer_shows_each_action_once_and_a_click_presses_its_key():
    app = FooterApp()
    async with app.run_test(size=(80, 10)) as pilot:
        footer = app.query_one(KeyFooter)
        keys, palette = footer.keys()
        assert [(k, d) for k, _shown, d, _on in keys] == [("u", "Undo"), ("question_mark", "Help")]
        assert palette is not None and palette[2] == "palette"
        text = footer.render().plain
        assert "u Undo" in text and "? Help" in text and "Hidden" not in text and text.rstrip().endswith("palette")
        assert len(app.query(KeyFooter).first().children) == 0  # one widget, no widget per key
        await pilot.click(KeyFooter, offset=(text.index("Help"), 0))
        await pilot.click(KeyFooter, offset=(text.index("Undo"), 0))
        await pilot.pause()
        assert app.pressed == ["help", "undo"]
