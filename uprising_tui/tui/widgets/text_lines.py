"""A few lines of rich text drawn with Textual's Line API: the header, the prompt, the group tabs,
the odds, the pane titles.

These change after most answers, and a Static draws its text through Textual's own content
pipeline on every repaint (about a millisecond for one or two lines, more than the text's
layout). Here the text is laid out once per change by rich (`text_layout.lay_out`, with its
short way for lines that fit) and each repaint hands the kept lines over. The API is the part of
Static's that the panes use: `update(content, layout=...)` and `render()`. A str is shown as
it reads (no markup), and the height can follow the text (`height: auto`, the default)."""
from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.strip import Strip
from textual.widget import Widget

from ..textual_adapter import has_links, link_styled
from .contrast import Readable
from .text_layout import lay_out

_OVERFLOW = {"clip": "crop", "fold": "fold", "ellipsis": "ellipsis"}  # the stylesheet's words -> rich's


class TextLines(Readable, Widget):
    DEFAULT_CSS = """
    TextLines { height: auto; }
    """

    def __init__(self, content: RenderableType = "", **kw) -> None:
        super().__init__(**kw)
        self._content: RenderableType = content
        self._strips: list[Strip] = []
        self._laid_width = -1  # the width the strips were laid out at (-1: not yet)
        self._line_style = None

    @property
    def content(self) -> RenderableType:
        return self._content

    def render(self) -> RenderableType:
        """What it shows (for reading; the drawing goes through `render_line`)."""
        return self._content

    def update(self, content: RenderableType = "", *, layout: bool = True) -> None:
        """Show `content`. With `layout`, the screen is laid out again (for a height that follows
        the text); without it, only this widget is repainted, and not at all if every line reads
        as before."""
        self._content = content
        width = self.content_region.width
        if layout or width <= 0 or not self.is_mounted:
            self._laid_width = -1  # laid out when next drawn, at the width it is given
            self.refresh(layout=layout)
            return
        old = self._strips
        self._lay_out(width)
        if self._strips != old:
            self.refresh()

    def _text(self) -> RenderableType:
        """The content as rich will draw it: a str as plain Text, and the stylesheet's
        `text-wrap: nowrap` and `text-overflow` applied to a Text that does not say otherwise."""
        content = self._content
        if isinstance(content, str):
            content = Text(content)
        if isinstance(content, Text) and content.no_wrap is None and self.styles.text_wrap == "nowrap":
            content = content.copy()
            content.no_wrap = True
            content.overflow = content.overflow or _OVERFLOW.get(self.styles.text_overflow, "crop")
        return content

    def _lay_out(self, width: int) -> None:
        text = self._text()
        strips = lay_out(self.app.console, text, width) if width > 0 else []
        if self.auto_links and isinstance(text, Text) and has_links(text.spans):
            strips = link_styled(strips, self.link_style)  # clickable parts look like links, as a Static draws them
        self._strips = strips
        self._laid_width = width

    def get_content_width(self, container, viewport) -> int:
        return self.app.console.measure(self._text()).maximum

    def get_content_height(self, container, viewport, width: int) -> int:
        if width != self._laid_width:
            self._lay_out(width)
        return len(self._strips)

    def render_lines(self, crop):
        self._line_style = self.rich_style  # worked out from the ancestors' styles: once per pass, not per line
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        width = self.content_region.width
        if width != self._laid_width:
            self._lay_out(width)
        style = self._line_style if self._line_style is not None else self.rich_style
        if y >= len(self._strips):
            return Strip.blank(width, style)
        return self._strips[y].crop_extend(0, width, style).apply_style(style)
