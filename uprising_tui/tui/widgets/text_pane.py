"""A scrollable pane of rich text drawn with Textual's Line API.

The panes that change after every answer (the player board, the fight, the Nemesis, the log)
use it so that an update repaints only their own lines and never lays the screen out: the pane's
size is set by the stylesheet, and a new scrollable height (reserved in steps of `CHUNK` lines,
so the scrollbar is redrawn only when a step is passed) goes straight to the pane and its
scrollbar, where a Static or a RichLog would ask for a layout on every answer."""
from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ..textual_adapter import SteadyScrollbars
from .contrast import Readable
from .steady import reads_as, row_runs
from .text_layout import lay_out

CHUNK = 24


class TextPane(Readable, SteadyScrollbars, ScrollView, can_focus=True):
    DEFAULT_CSS = """
    TextPane { height: 1fr; scrollbar-size-vertical: 1; overflow-x: hidden; }
    """
    # A new scrollable height moves nothing else on the screen (the pane's own size is set by the
    # stylesheet): it repaints the pane and its scrollbar in the same frame, with no new layout.
    virtual_size = Reactive(Size(0, 0), layout=False)

    def __init__(self, *, follow_end: bool = False, **kw) -> None:
        super().__init__(**kw)
        self.follow_end = follow_end
        self._items: list[RenderableType] = []
        self._strips: list[Strip] = []
        self._width = 0
        self._line_style = None
        self._shown = 0  # the lines in view when last laid out
        self._covered = 0  # lines at the foot hidden under an overlay (see `cover`)
        self._kept: dict = {}  # a Group's Text parts as last laid out: (how it reads, width) -> lines

    @property
    def lines(self) -> list[str]:
        """The pane's text, line by line (all of it, not just what is in view)."""
        return [s.text.rstrip() for s in self._strips]

    @property
    def text_width(self) -> int:
        """Lines are laid out one column short of the pane, where the scrollbar goes when one is
        needed, so a scrollbar appearing never crops them."""
        return max(0, self.content_region.width - 1)

    def show(self, renderable: RenderableType) -> None:
        """Replace the pane's content. At an unchanged width only the lines that differ are
        repainted (a board after an answer mostly reads as before)."""
        self._items = [renderable]
        width = self.text_width or self._width
        if width <= 0 or width != self._width or not self.is_mounted:
            self._lay_out_items()
            return
        old, new = self._strips, self._lines_of(renderable, width)
        self._strips = new
        self._settle(changed=[i for i in range(max(len(old), len(new)))
                              if i >= len(old) or i >= len(new) or old[i] != new[i]])

    def append(self, *renderables: RenderableType) -> None:
        """Add to the end (rendering only what is new)."""
        if not renderables:
            return
        self._items.extend(renderables)
        width = self.text_width
        if width <= 0 or width != self._width:
            self._lay_out_items()
            return
        for r in renderables:
            self._strips.extend(self._lines_of(r, width))
        self._settle()

    @property
    def covered(self) -> int:
        return self._covered

    def cover(self, lines: int) -> None:
        """`lines` rows at the pane's foot are hidden under something drawn over it (the card on the
        side column): the text scrolls up past them, and a following pane keeps its end above them.
        The pane's own size is unchanged, so nothing else is laid out again."""
        lines = max(0, lines)
        if lines != self._covered:
            self._covered = lines
            self._settle()

    def clear(self) -> None:
        self._items = []
        self._lay_out_items()

    def _lines_of(self, renderable: RenderableType, width: int) -> list[Strip]:
        """The renderable laid out at `width`. A Group's Text parts are kept from one call to the
        next: a page after an answer mostly reads as before (the fight's earlier rounds, the
        Nemesis's earlier steps, the board's lines but one), and wrapping text is most of the cost."""
        if not isinstance(renderable, Group) or not all(
                getattr(part, "end", "\n") == "\n" for part in renderable.renderables):
            return lay_out(self.app.console, renderable, width)  # (a part that does not end its line runs on into the next)
        kept, self._kept = self._kept, {}
        out: list[Strip] = []
        for part in renderable.renderables:
            if not isinstance(part, Text):
                out.extend(lay_out(self.app.console, part, width))
                continue
            key = (reads_as(part), width)
            lines = kept.get(key) or self._kept.get(key)
            if lines is None:
                lines = lay_out(self.app.console, part, width)
            self._kept[key] = lines
            out.extend(lines)
        return out

    def _lay_out_items(self) -> None:  # (not `_render`: that is Widget's own)
        width = self.text_width or self._width  # hidden (another pane on show): the width it last had
        if width <= 0:
            return  # drawn on the first resize
        self._width = width
        self._strips = [s for r in self._items for s in self._lines_of(r, width)]
        self._settle()

    def _settle(self, repaint: bool = True, changed: list[int] | None = None) -> None:
        """Reserve height in steps (a new layout only when a step is passed), repaint, follow.
        Without `repaint` (a resize that kept the width: Textual repaints what it lays out anew)
        it repaints only if the reserve moved; with `changed` (the indices of the lines that
        differ from before) only those lines, where they are in view."""
        width = self._width
        shown = self.scrollable_content_region.height or self._shown  # hidden: the height it had
        self._shown = shown
        n = len(self._strips) + self._covered
        reserve = shown if n <= shown else -(-n // CHUNK) * CHUNK
        resized = self.virtual_size != Size(width, reserve)
        if resized:
            self.virtual_size = Size(width, reserve)
            if self.is_mounted and self.container_size:
                self.tell_scrollbars()  # the scrollbar follows now (no layout will tell it)
        elif not repaint:
            if self.follow_end:
                self._follow()
            return
        if changed is not None and not resized and not self.follow_end:
            self._repaint_lines(changed)
            return
        self.refresh()
        if self.follow_end:  # scroll now, drawn in the same frame: the scroll range follows the new
            self._follow()  # reserve at once (it is read from virtual_size), not after the layout

    def _follow(self, tries: int = 3) -> None:
        target = max(0, len(self._strips) + self._covered - self.scrollable_content_region.height)
        if target > self.max_scroll_y and tries:  # the new height is not laid out yet
            self.call_after_refresh(self._follow, tries - 1)
            return
        if target != self.scroll_y:
            self.set_scroll(None, target)  # (scroll_to is refused until the scrollbar is first laid out)
            self.refresh()

    def _repaint_lines(self, changed: list[int]) -> None:
        if not self.size.height:  # not on screen (a narrow screen's hidden pane): no rows to mark, so
            self.refresh()  # drop every kept line, or it comes back on show as it was before the change
            return
        top = int(self.scroll_y)
        width = self.size.width
        runs = row_runs(i - top for i in changed if 0 <= i - top < self.size.height)
        if runs:  # contiguous rows as one region each
            self.refresh(*(Region(0, y, width, n) for y, n in runs))


    def on_resize(self) -> None:
        """A new width lays the text out again. Shown again, or a new height, at the same width:
        the lines are already right (they were laid out while hidden, at this width), so this
        repaints only if the height reserve moved: no second frame after the one the layout drew."""
        if self.text_width != self._width:
            self._lay_out_items()
        else:
            self._settle(repaint=False)

    def render_lines(self, crop):
        self._line_style = self.rich_style  # worked out from the ancestors' styles: once per pass, not per line
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        style = self._line_style if self._line_style is not None else self.rich_style
        i = scroll_y + y
        if i >= len(self._strips):
            return Strip.blank(width, style)
        return self._strips[i].crop_extend(scroll_x, scroll_x + width, style).apply_style(style)
