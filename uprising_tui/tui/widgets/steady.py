"""Updating a text widget (a TextLines or a Static) or a border title only when what it shows
changes.

Textual repaints a widget on every `Static.update` and every `border_title` assignment, even
with the same content: after an answer most of the small panes (the header, the prompt, the
group tabs, the bar's title) read as before, and each needless repaint costs a pass through
Textual's line rendering (and widens the region the compositor redraws)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from rich.text import Text
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

if TYPE_CHECKING:
    from .text_lines import TextLines

_UNSET = object()


def reads_as(content: Any) -> Any:
    """What decides how `content` looks. A rich Text's own equality leaves out its base style
    (two Texts of the same words, one bold, are equal), so a Text is keyed by all of it."""
    if isinstance(content, Text):
        return (content.plain, str(content.style), tuple(content.spans), content.justify, content.overflow,
                content.no_wrap, content.end)
    return content


def set_content(widget: "Static | TextLines", content: Any, *, layout: bool = False) -> bool:
    """`widget.update(content, layout=layout)` unless it already shows content that reads the
    same (`reads_as`). Returns whether it updated."""
    key = reads_as(content)
    if getattr(widget, "_steady_content", _UNSET) == key and widget.is_mounted:
        return False
    widget._steady_content = key
    widget.update(content, layout=layout)
    return True


def height_follows_text(widget: Widget) -> bool:
    """Whether the widget's height is `auto` (a new number of lines needs a new layout) rather than
    set by the stylesheet (a new number of lines only repaints it)."""
    height = widget.styles.height
    return height is None or height.is_auto


def set_title(widget: Widget, title: str) -> bool:
    """`widget.border_title = title` unless it is the title already. Returns whether it changed."""
    if getattr(widget, "_steady_title", _UNSET) == title:
        return False
    widget._steady_title = title
    widget.border_title = Content(title)  # plain text (a person's name may hold "[...]"), never markup
    return True


def row_runs(rows: Iterable[int]) -> list[tuple[int, int]]:
    """The rows as runs of adjacent ones, (first row, how many), in order: a repaint of each run on
    its own, not of every row between the first changed and the last."""
    runs: list[list[int]] = []
    for y in sorted(set(rows)):
        if runs and runs[-1][0] + runs[-1][1] == y:
            runs[-1][1] += 1
        else:
            runs.append([y, 1])
    return [(y, n) for y, n in runs]
