"""Every text readable in every theme (issue 21, "Contrast and colour"): the WCAG contrast ratio
of each piece of text on the game screen, computed from the styles the screen is drawn with (the
compositor's final segments: reverse swaps ink and paper, dim blends the ink halfway to the
paper), must be at least 4.5:1 for the decision bar's tabs and options, the odds, the log, the
board, the map's labels, the status bar and the keys, in the dark and light themes and with
NO_COLOR. The map's outlines and face-down ground are graphics: 3:1."""
from __future__ import annotations

import pytest

from uprising_tui.tui.adapters import GROUP_LABELS
from uprising_tui.tui.screenshots import game_app, game_keys
from uprising_tui.tui.widgets.contrast import DIM_BLEND, blend, graphic, ratio

from .pilot_helpers import game_screen

pytestmark = pytest.mark.asyncio

PANES = {"status bar": "#status", "decision bar": "#decision", "odds": "#odds", "log": "#log",
         "board": "#side", "map": "#map", "keys": "KeyFooter"}


def _rgb(c):
    if c is None or c.is_default:
        return None
    t = c.get_truecolor()
    return (t.red, t.green, t.blue)


def worst(app, widget) -> list[tuple[float, str, str]]:
    """(ratio, text, what it needs) of the pieces of text in `widget`'s region that read worst."""
    strips = app.screen._compositor.render_strips()
    r = widget.region
    out = []
    for y in range(r.y, r.y + r.height):
        for seg in strips[y].crop(r.x, r.x + r.width):
            text, style = seg.text, seg.style
            if not text.strip() or style is None or all("\u2580" <= ch <= "\u259f" or ch == " " for ch in text):
                continue  # (block elements: the scrollbars' thumbs, Textual's chrome, not text)
            fg, bg = _rgb(style.color), _rgb(style.bgcolor)
            assert fg is not None and bg is not None, f"{text!r} has no colour of its own: {style}"
            if style.reverse:
                fg, bg = bg, fg
            if style.dim:
                fg = blend(fg, bg, DIM_BLEND)
            need = 3.0 if graphic(text) else 4.5
            got = ratio(fg, bg)
            if got < need:
                out.append((round(got, 2), text, f"{need}:1"))
    return sorted(out)


@pytest.mark.parametrize("theme", ["dark", "light", "no_color"])
async def test_every_text_on_the_game_screen_reads_at_4_5_to_1(tmp_path, monkeypatch, theme):
    if theme == "no_color":
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    app = game_app(tmp_path, 7)
    app.light = theme == "light"
    async with app.run_test(size=(120, 40)) as pilot:
        await game_keys(pilot)  # a Command target with enemies highlighted, its odds below
        scr = game_screen(app)
        assert scr.query_one("#odds").shown
        bad = {name: got for name, sel in PANES.items() if (got := worst(app, scr.query_one(sel)))}
        assert not bad, bad


async def test_colour_is_never_the_only_signal(tmp_path, monkeypatch):
    """With NO_COLOR's greys: the group on show, the option under the cursor, the map's cursor and
    the hexes the options point at each carry a mark or an attribute of their own."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = game_app(tmp_path, 7)
    async with app.run_test(size=(120, 40)) as pilot:
        await game_keys(pilot)
        scr = game_screen(app)
        strips = app.screen._compositor.render_strips()

        def segments(widget):
            r = widget.region
            for y in range(r.y, r.y + r.height):
                yield from strips[y].crop(r.x, r.x + r.width)
        bar = scr.bar
        group = bar.current_group
        tab = [s for s in segments(bar.query_one("#groups")) if GROUP_LABELS[group] in s.text]
        assert tab and all(s.style.reverse for s in tab)
        option = bar.highlighted_option
        row = [s for s in segments(bar.query_one("#options")) if option.label[:20] in s.text]
        assert row and all(s.style.bold for s in row)
        m = scr.map
        x, y, _edge, _ch = next(iter(m.hex_layout.border_cells(m.cursor)))
        assert m._cells[y][x][1].reverse  # the cursor's outline is drawn reversed
        lit = [h for h in m.highlights if h != m.cursor]
        assert lit and all(any(ch == "◆" for ch, _ in m._cells[m.hex_layout.spans(h)[-1][0]]) for h in lit)
