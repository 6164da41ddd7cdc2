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
  options fit), so it never comes or goes. Options that fit take the list's own height, so
  the scrollbar is repainted only when a decision's options overflow the list.
- OptionList works out which lines each option takes on every line it draws, and turns every
  option into Textual content to measure it; here that is skipped once every option has its
  lines, and a one-line Text option takes one line unmeasured. Options are drawn by rich."""
from __future__ import annotations

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.widgets import OptionList

from ..textual_adapter import SteadyScrollbars
from .contrast import Readable
from .text_layout import lay_out


class DecisionOptions(Readable, SteadyScrollbars, OptionList):
    DEFAULT_CSS = """
    DecisionOptions { overflow-y: scroll; }
    """
    # a new scrollable height repaints the list and its scrollbar, in the same frame: it moves nothing
    # else on the screen, so it needs no new layout (the scrollbar always shows, so it never comes or goes)
    virtual_size = Reactive(Size(0, 0), layout=False)

    def __init__(self, *content, **kw) -> None:
        super().__init__(*content, **kw)
        self._laid_width: int | None = None

    # (Textual's OptionList internals this widget builds on are listed in textual_adapter.relied_on)
    def _on_resize(self, event: events.Resize) -> None:
        width = event.size.width
        if width == self._laid_width:
            event.prevent_default()  # not OptionList's own handler: the rendered lines still fit
            if self._line_cache.lines:
                self._fit_virtual_size(self.scrollable_content_region.width - self._get_left_gutter_width())
            self.scroll_to_highlight()
            return
        self._laid_width = width  # OptionList's handler runs next and drops the lines

    def _move_page(self, direction) -> None:
        """OptionList's, but not while the list is not drawn (no size: its lines are not laid out, and
        OptionList's page keys then fail looking them up)."""
        if self.scrollable_content_region:
            super()._move_page(direction)

    def _get_option_render(self, option, style) -> list[Strip]:
        """An option's lines, drawn by rich from its Text (the bar's options are one-line Texts):
        OptionList's own path turns each into Textual content and wraps it, several times the work,
        and a new decision draws every option on show."""
        prompt = option.prompt
        if not isinstance(prompt, Text) or option._divider:
            return super()._get_option_render(option, style)
        padding = self.get_component_styles("option-list--option").padding
        width = self.scrollable_content_region.width - self._get_left_gutter_width()
        key = (option, style, padding)
        strips = self._option_render_cache.get(key)
        if strips is None:
            base = style.rich_style
            inner = max(1, width - padding.left - padding.right)
            # (as rich's render_lines(prompt, style=base, pad=True): the base style under every segment)
            lines = [line.apply_style(base) for line in lay_out(self.app.console, prompt, inner)]
            left = [Segment(" " * padding.left, base)] if padding.left else []
            right = [Segment(" " * padding.right, base)] if padding.right else []
            blank = [Strip([Segment(" " * width, base)], width)]
            meta = {"option": self._option_to_index[option]}
            strips = [strip.apply_meta(meta) for strip in
                      blank * padding.top + [Strip([*left, *line, *right], width) for line in lines]
                      + blank * padding.bottom]
            self._option_render_cache[key] = strips
        return strips

    def _update_lines(self) -> None:
        """OptionList's, with two short cuts: nothing to do once every option has its lines (it is
        asked on every line drawn, and worked out the list's width each time), and a one-line Text
        option (every option of a decision) takes one line without being turned into Textual
        content to measure it."""
        cache = self._line_cache
        options = self._options
        if cache.lines and len(cache.heights) == len(options):
            return
        if not self.scrollable_content_region:
            return
        lines = cache.lines
        next_index = lines[-1][0] + 1 if lines else 0
        width = self.scrollable_content_region.width - self._get_left_gutter_width()
        if next_index < len(options):
            padding = self.get_component_styles("option-list--option").padding
            for index, option in enumerate(options[next_index:], next_index):
                cache.index_to_line[index] = len(lines)
                prompt = option.prompt
                if isinstance(prompt, Text) and prompt.no_wrap and "\n" not in prompt.plain:
                    height = 1
                else:
                    height = self._get_visual(option).get_height(self.styles, width - padding.width)
                height += option._divider
                cache.heights[index] = height
                lines.extend([(index, line_no) for line_no in range(height)])
        self._fit_virtual_size(width)

    def _fit_virtual_size(self, width: int) -> None:
        """The scrollable height: the options' lines, or the list's own height if they fit in it
        (the scrollbar then shows an empty track either way, and is not repainted for a decision
        with another number of options that fit too)."""
        options = self._options
        last_divider = options and options[-1]._divider
        lines = len(self._line_cache.lines) - (1 if last_divider else 0)
        virtual_size = Size(width, max(lines, self.scrollable_content_region.height))
        if virtual_size != self.virtual_size:
            self.virtual_size = virtual_size
            self._scroll_update(virtual_size)
