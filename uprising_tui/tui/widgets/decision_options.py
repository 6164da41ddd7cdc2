"""The decision bar's list of options: Textual's OptionList, steadier from one decision to the next.

- OptionList drops every rendered line when it is resized. The bar's list changes height
  whenever the group tabs above it need one line or two, and dropping the lines then cost a
  second frame after the answer's own (the lines are repainted anyway where the layout moved
  them). The lines are as wide as the list, so here only a new width drops them; a new height
  keeps the highlighted option in view.
- Its scrollable height is the number of option lines, so each decision with another number
  of options laid the whole screen out again, and the layout then repainted the scrollbars in a
  second frame. Here a new scrollable height repaints the list and its scrollbar without a
  layout (it moves nothing else), and the scrollbar always shows (an empty track while the
  options fit), so it never comes or goes. (OptionList tells its scrollbar the line count on
  every render where it differs from `virtual_size`: the two must stay equal, or the scrollbar
  repaints every frame.)"""
from __future__ import annotations

from textual import events
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import OptionList

from .text_pane import size_kept


class DecisionOptions(OptionList):
    DEFAULT_CSS = """
    DecisionOptions { overflow-y: scroll; }
    """
    # a new scrollable height repaints the list and its scrollbar, in the same frame: it moves nothing
    # else on the screen, so it needs no new layout (the scrollbar always shows, so it never comes or goes)
    virtual_size = Reactive(Size(0, 0), layout=False)

    def __init__(self, *content, **kw) -> None:
        super().__init__(*content, **kw)
        self._laid_width: int | None = None

    def _size_updated(self, size, virtual_size, container_size, layout: bool = True) -> bool:
        if size_kept(self, size):  # (OptionList keeps its scrollbar told of its line count itself)
            return False
        return super()._size_updated(size, virtual_size, container_size, layout)

    def _on_resize(self, event: events.Resize) -> None:
        width = event.size.width
        if width == self._laid_width:
            event.prevent_default()  # not OptionList's own handler: the rendered lines still fit
            self.scroll_to_highlight()
            return
        self._laid_width = width  # OptionList's handler runs next and drops the lines
