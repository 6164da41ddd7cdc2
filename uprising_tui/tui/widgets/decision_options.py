"""The decision bar's list of options: Textual's OptionList, steadier from one decision to the next.

- OptionList drops every rendered line when it is resized. The bar's list changes height
  whenever the group tabs above it need one line or two, and dropping the lines then cost a
  second frame after the answer's own (the lines are repainted anyway where the layout moved
  them). The lines are as wide as the list, so here only a new width drops them; a new height
  keeps the highlighted option in view.
- Its scrollable height is the number of option lines, so each decision with another number
  of options laid the whole screen out again, and the layout then repainted the scrollbars in a
  second frame. Here the scrollable height is never less than the list's own height: while the
  options fit it stays the same, and a new decision only repaints the list."""
from __future__ import annotations

from textual import events
from textual.geometry import Size
from textual.widgets import OptionList


class DecisionOptions(OptionList):
    def __init__(self, *content, **kw) -> None:
        super().__init__(*content, **kw)
        self._laid_width: int | None = None

    def _on_resize(self, event: events.Resize) -> None:
        width = event.size.width
        if width == self._laid_width:
            event.prevent_default()  # not OptionList's own handler: the rendered lines still fit
            self.scroll_to_highlight()
            return
        self._laid_width = width  # OptionList's handler runs next and drops the lines

    def validate_virtual_size(self, size: Size) -> Size:
        shown = self.scrollable_content_region.height
        return size if size.height >= shown else Size(size.width, shown)
