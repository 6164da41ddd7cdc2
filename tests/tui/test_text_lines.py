"""TextLines: a Static's few lines drawn with the Line API. It must look as a Static does (the
stylesheet's nowrap and ellipsis, clickable parts as links), keep its height with its text, and
repaint only when what it shows changes."""
from __future__ import annotations

import pytest
from rich.style import Style
from rich.text import Text
from textual.app import App
from textual.geometry import Region
from textual.widgets import Static

from uprising_tui.tui.widgets.contrast import Readable
from uprising_tui.tui.widgets.text_lines import TextLines

from .pilot_helpers import shown


class ReadableStatic(Readable, Static):
    """A Static drawn through the same contrast filter as every TextLines (widgets/contrast.py)."""


class LinesApp(App):
    CSS = """
    #auto { width: 30; }
    #clip { width: 20; height: 1; text-wrap: nowrap; text-overflow: ellipsis; }
    #static, #lines { width: 40; height: 1; }
    """

    def compose(self):
        yield TextLines("", id="auto")
        yield TextLines("", id="clip")
        yield ReadableStatic("", id="static")
        yield TextLines("", id="lines")


def strips(widget) -> list:
    w, h = widget.outer_size
    return widget.render_lines(Region(0, 0, w, h))


@pytest.mark.asyncio
async def test_the_height_follows_the_text():
    app = LinesApp()
    async with app.run_test(size=(60, 20)) as pilot:
        auto = app.query_one("#auto", TextLines)
        auto.update(Text("one\ntwo\nthree"))
        await pilot.pause()
        assert auto.size.height == 3 and shown(auto).split("\n")[1].rstrip() == "two"
        auto.update(Text("a line long enough to wrap onto a second one"))  # 30 columns wide
        await pilot.pause()
        assert auto.size.height == 2


@pytest.mark.asyncio
async def test_the_stylesheet_s_nowrap_and_ellipsis_apply():
    app = LinesApp()
    async with app.run_test(size=(60, 20)) as pilot:
        clip = app.query_one("#clip", TextLines)
        clip.update(Text("Chapter 1/2 Actions · Event: The Fog Rises"))
        await pilot.pause()
        assert shown(clip) == "Chapter 1/2 Actions…"


@pytest.mark.asyncio
async def test_a_str_shows_as_it_reads_without_markup():
    app = LinesApp()
    async with app.run_test(size=(60, 20)) as pilot:
        auto = app.query_one("#auto", TextLines)
        auto.update("[bold]not markup[/]")
        await pilot.pause()
        assert shown(auto).rstrip() == "[bold]not markup[/]"


@pytest.mark.asyncio
async def test_it_draws_a_text_as_a_static_does_clickable_parts_included():
    app = LinesApp()
    async with app.run_test(size=(60, 20)) as pilot:
        click = Style.parse("bold") + Style.from_meta({"@click": "app.bell"})
        text = Text("VP ", style="dim").append(" 1 Move 6 ", style=click).append(" Chaos 3", style="magenta")
        app.query_one("#static", Static).update(text)
        app.query_one("#lines", TextLines).update(text)
        await pilot.pause()
        a, b = strips(app.query_one("#static")), strips(app.query_one("#lines"))
        assert [s.text for s in a] == [s.text for s in b]
        def cells(strip, text_only: bool):
            return [(ch, seg.style.bgcolor) + ((seg.style.underline, seg.style.bold, seg.style.dim, seg.style.color)
                                               if text_only else ())
                    for seg in strip for ch in seg.text][:len(text.plain) if text_only else None]
        for sa, sb in zip(a, b):  # cell by cell the same look (the link underline too); spaces after the
            assert cells(sa, True) == cells(sb, True)  # text the same background (their ink is never seen)
            assert cells(sa, False) == cells(sb, False)
        assert any(seg.style.underline for s in b for seg in s)


@pytest.mark.asyncio
async def test_an_update_that_reads_the_same_repaints_nothing():
    app = LinesApp()
    async with app.run_test(size=(60, 20)) as pilot:
        lines = app.query_one("#lines", TextLines)
        lines.update(Text("Odds: win 88.9%", style="bold"), layout=False)
        await pilot.pause()
        calls = []
        real = lines.refresh
        lines.refresh = lambda *a, **k: (calls.append((a, k)), real(*a, **k))[1]
        lines.update(Text("Odds: win 88.9%", style="bold"), layout=False)
        assert calls == []
        lines.update(Text("Odds: win 12.0%", style="bold"), layout=False)
        assert calls and not calls[0][1].get("layout")
        assert lines.render().plain == "Odds: win 12.0%"
