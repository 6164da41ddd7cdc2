"""Laying rich renderables out into Textual Strips at a width, with a short way for the common case.

Most of what the panes show is one-line rich Texts (a log entry, a row of the board, an option):
rich's own layout wraps, justifies, crops and splits each of them into lines, several times the
work of drawing a line that already fits. `lay_out` draws such a Text straight to its segments,
exactly as rich would (the test in tests/tui/test_text_layout.py compares the two on every kind
of Text the client draws), and hands anything else to rich."""
from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console, RenderableType
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip

_JOIN = Text("\n")
_NULL = Style.null()


def lines_that_fit(text: Text, width: int) -> list[Text] | None:
    """The lines of a Text that rich would draw unchanged (no tab to expand, no justification that
    pads or moves them, none wider than `width`), or None where rich has more to do."""
    plain = text.plain
    if not plain or text.justify not in (None, "default") or "\t" in plain:
        return None
    if "\n" not in plain:
        return [text] if cell_len(plain) <= width else None
    lines = text.split("\n", allow_blank=True)
    return lines if all(cell_len(line.plain) <= width for line in lines) else None


def lay_out(console: Console, renderable: RenderableType, width: int) -> list[Strip]:
    """`renderable` laid out at `width`: one Strip per line, each padded to `width`."""
    lines = lines_that_fit(renderable, width) if isinstance(renderable, Text) else None
    if lines is not None:
        # rich joins a Text's lines before drawing them, which turns each one's base style into a
        # span: join each line the same way. (A joined Text with no spans at all draws unstyled; a
        # line with none, of a Text with some, draws with the null style.)
        styled = bool(renderable.spans or renderable.style)
        strips = []
        for line in lines:
            joined = _JOIN.join((line,))
            if not joined.plain:
                segments = []  # a blank line: nothing but the padding
            elif styled and not joined.spans:
                segments = [Segment(joined.plain, _NULL)]
            else:
                segments = list(joined.render(console))
            strips.append(Strip(Segment.adjust_line_length(segments, width), width))
        return strips
    lines = console.render_lines(renderable, console.options.update_width(width), pad=False)
    return [Strip(Segment.adjust_line_length(line, width), width) for line in lines]
