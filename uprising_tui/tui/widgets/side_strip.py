"""The side column's panes (the player board, the fight, the Nemesis) side by side on one strip,
each as wide as the column, with the column showing one of them: switching pages scrolls the
strip.

A ContentSwitcher hides the other panes instead (`display: none`): every switch then laid the
screen out again, drew the pane coming into view as new (with its scrollbar), and sent it
the resize and show events of a pane appearing, whose repaints came in a second frame. Here
every pane keeps its size and stays laid out; a switch is a scroll of the strip, which moves
nothing else, and the pane coming into view is drawn from what it already holds."""
from __future__ import annotations

from textual.containers import Horizontal
from textual.reactive import reactive


class SideStrip(Horizontal):
    DEFAULT_CSS = """
    SideStrip { overflow: hidden hidden; }
    SideStrip > * { width: 100%; }
    """

    current: reactive[str | None] = reactive[str | None](None, init=False, layout=False, repaint=False)
    """The id of the pane in view."""

    def __init__(self, *children, initial: str | None = None, **kw) -> None:
        super().__init__(*children, **kw)
        self._initial = initial

    def on_mount(self) -> None:
        self.current = self._initial or (self.children[0].id if self.children else None)

    def _index(self) -> int:
        for i, child in enumerate(self.children):
            if child.id == self.current:
                return i
        return 0

    def watch_current(self) -> None:
        self._scroll_into_view()
        focused = self.screen.focused if self.is_attached else None
        for child in self.children:
            shown = child.id == self.current
            for w in (child, *child.query("*")):
                if type(w).can_focus:
                    w.can_focus = shown  # (a pane out of view takes no focus: Tab would scroll it in)
            if shown and focused is not None and focused is not child and self in focused.ancestors \
                    and child not in focused.ancestors_with_self:
                self.screen.set_focus(next((w for w in (child, *child.query("*")) if w.focusable), None))

    def on_resize(self) -> None:
        self._scroll_into_view()

    def _scroll_into_view(self) -> None:
        x = self._index() * self.size.width
        if self.scroll_x != x:
            self.scroll_x = x

    @property
    def visible_content(self):
        """The pane in view (as ContentSwitcher's)."""
        return self.get_child_by_id(self.current) if self.current else None
