"""The side column's panes (the player board, the fight, the Nemesis) side by side on one strip,
each as wide as the column, with the column showing one of them: switching pages scrolls the
strip.

A ContentSwitcher hides the other panes instead (`display: none`): every switch then laid the
screen out again, drew the pane coming into view as new (with its scrollbar), and sent it
the resize and show events of a pane appearing, whose repaints came in a second frame. Here
every pane keeps its size and stays laid out; a switch is a scroll of the strip, which moves
nothing else, and the pane coming into view is drawn from what it already holds.

A pane out of view may leave its redraw for later (`SidePage`): the strip has it catch up when it
comes into view, in the same frame as the scroll, or earlier, between frames (`catch_up`)."""
from __future__ import annotations

from textual.containers import Horizontal
from textual.reactive import reactive


def out_of_view(widget) -> bool:
    """Whether `widget` lies on a SideStrip page other than the one in view."""
    node = widget
    while node is not None and not isinstance(node.parent, SideStrip):
        node = node.parent
    return node is not None and node.parent.current is not None and node.id != node.parent.current


class SidePage:
    """A pane of the side strip (mixed into the widget): `redraw_in_view()` draws it now if it is in
    view, else when it comes into view. Its `redraw()` must leave it as it was when nothing it
    shows changed (the strip may call it for a page already drawn)."""

    _stale = False

    def redraw(self) -> None:
        raise NotImplementedError

    def redraw_in_view(self) -> None:
        if out_of_view(self):
            self._stale = True  # the answer's frame draws only the page on show
        else:
            self._stale = False
            self.redraw()

    def catch_up(self) -> None:
        """Draw what was left for later, if anything."""
        if self._stale:
            self._stale = False
            self.redraw()


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
        page = self.visible_content
        if isinstance(page, SidePage):
            page.catch_up()
        focused = self.screen.focused if self.is_attached else None
        for child in self.children:
            in_view = child is page
            for w in (child, *child.query("*")):
                if type(w).can_focus:
                    w.can_focus = in_view  # (a pane out of view takes no focus: Tab would scroll it in)
            if in_view and focused is not None and focused is not child and self in focused.ancestors \
                    and child not in focused.ancestors_with_self:
                self.screen.set_focus(next((w for w in (child, *child.query("*")) if w.focusable), None))

    def on_resize(self) -> None:
        self._scroll_into_view()

    def _scroll_into_view(self) -> None:
        x = self._index() * self.size.width
        if self.scroll_x != x:
            self.scroll_x = x

    def catch_up(self) -> None:
        """Draw the pages out of view that were left for later (between frames, while the player
        reads: switching to them then costs no redraw in the answer's frame)."""
        for child in self.children:
            if child.id != self.current and isinstance(child, SidePage):
                child.catch_up()

    @property
    def visible_content(self):
        """The pane in view (as ContentSwitcher's)."""
        return self.get_child_by_id(self.current) if self.current else None
