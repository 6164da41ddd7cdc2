"""text_layout.lay_out draws the Texts that fit their width itself: it must give exactly what
rich's own layout gives (the segments and their styles, line by line), and hand the rest to rich."""
import pytest
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip

from uprising_tui.tui.widgets.text_layout import lay_out, lines_that_fit


def by_rich(console: Console, renderable, width: int) -> list[Strip]:
    lines = console.render_lines(renderable, console.options.update_width(width), pad=False)
    return [Strip(Segment.adjust_line_length(line, width)) for line in lines]


def segments(strips: list[Strip]) -> list[list[Segment]]:
    return [list(s) for s in strips]


def texts() -> list[Text]:
    clicky = Style.parse("reverse bold") + Style.from_meta({"@click": "pick_group(1)"})
    styled = Text("Salt 1  Plunder 5", style="bold")
    spans = Text("Druwhn ", style="bold blue").append("rolls ").append("R", style="white on red").append(" U")
    multi = Text("Feats & Items (2/10)\n", style="bold")
    multi.append(" • Herb Lore\n")
    multi.append(" • ", style="dim").append("Phalanx\n").append("Feat deck: 6 cards", style="dim")
    tabs = Text()
    tabs.append(" 1 Move 6 ", style=clicky).append(" ").append(" 2 Command 9 ", style=clicky)
    return [
        Text("a plain line"),
        styled,
        spans,
        multi,
        Text("one\n\ntwo\n"),  # a blank line and a line break at the end
        Text("ends with no line break", end=""),
        Text("wide ⚔ 龍 glyphs"),
        tabs,
        Text("\n"),
        Text("x" * 40),  # exactly as wide as the lines
        Text("  spaces at both ends  ", style="italic"),
    ]


@pytest.mark.parametrize("i", range(len(texts())))
def test_a_text_that_fits_is_drawn_as_rich_draws_it(i):
    console = Console(width=80, color_system="truecolor", force_terminal=True)
    text = texts()[i]
    assert lines_that_fit(text, 40) is not None  # the short way is taken
    assert segments(lay_out(console, text, 40)) == segments(by_rich(console, text, 40))
    assert all(s.cell_length == 40 for s in lay_out(console, text, 40))


@pytest.mark.parametrize("text", [
    Text("a line longer than the width it is laid out at, so it wraps"),
    Text("centred", justify="center"),
    Text("a\ttab"),
    Text(""),
    Text("crop me please, I am long", no_wrap=True, overflow="ellipsis"),
])
def test_anything_else_goes_to_rich(text):
    console = Console(width=80, color_system="truecolor", force_terminal=True)
    assert lines_that_fit(text, 20) is None
    assert segments(lay_out(console, text, 20)) == segments(by_rich(console, text, 20))


def test_other_renderables_go_to_rich():
    from rich.table import Table
    console = Console(width=80, color_system="truecolor", force_terminal=True)
    table = Table("a", "b")
    table.add_row("1", "2")
    assert segments(lay_out(console, table, 30)) == segments(by_rich(console, table, 30))
