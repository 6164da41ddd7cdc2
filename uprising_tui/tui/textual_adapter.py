"""Every place the client reaches past Textual's public API, in one module.

The client is tested against the Textual range pinned in pyproject.toml (`TESTED`). Where Textual
has a public way the client uses it; what is left here has none. Each touch says what it buys.
`RELIED_ON` names every private member the client reads, writes or overrides (here and in the
widgets that subclass Textual's), and tests/tui/test_textual_adapter.py fails, naming the member,
the day a Textual release moves one: read this module, then that release's change log.

Imported by app.py, first (the OptionList mend applies to every list of the app)."""
from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import TYPE_CHECKING, Iterable

from textual.app import App
from textual.scroll_view import ScrollView
from textual.widget import Widget
from textual.widgets import OptionList

if TYPE_CHECKING:
    from textual.geometry import Size

TESTED = (8, 2)  # the Textual minor version the client is tested on (pyproject.toml: >=8.2,<8.3)


# ------------------------------------------------------------ OptionList's page keys
# Textual 8.2: OptionList's PageUp/PageDown look the highlighted option's first line up in its
# laid-out lines; a list not laid out yet (new options while it has no size, the command palette's
# list on a small terminal) has none and the key failed with a KeyError (found by the client
# monkey: tests/tui/test_monkey_finds.py). Every OptionList of the app (the decision bar, the title
# menu, the card reader, undo-to, the palette) ignores a page key until its lines are laid out.
_move_page = OptionList._move_page


def _guarded_move_page(self: OptionList, direction) -> None:
    if self._options and not self._index_to_line:
        return  # not laid out yet: nothing to page through
    _move_page(self, direction)


if getattr(OptionList._move_page, "__name__", "") != "_guarded_move_page":
    OptionList._move_page = _guarded_move_page


# ------------------------------------------------------------ the command palette closed mid-search
# Textual 8.2: the palette gathers its commands in a worker; when the palette is closed while the
# worker waits on a provider's search (a quick Esc, or a screen change, on a busy machine), the
# worker goes on and sets `_show_busy`/`_list_visible`, whose watchers look up the palette's
# CommandList, gone by then: NoMatches, and the worker's failure took the whole app down (found by
# the client monkey's sweep, seed 1055 at 60x20: tests/tui/test_textual_adapter.py). A palette
# that is no longer mounted has nothing to show busy: the watchers do nothing then.
from textual.command import CommandPalette  # noqa: E402  (with the mend it serves)

_watch_list_visible = CommandPalette._watch__list_visible
_watch_show_busy = CommandPalette._watch__show_busy


def _guarded_watch_list_visible(self: CommandPalette) -> None:
    if self.is_attached and self.query("CommandList"):
        _watch_list_visible(self)


async def _guarded_watch_show_busy(self: CommandPalette) -> None:
    if self.is_attached and self.query("CommandList"):
        await _watch_show_busy(self)


if getattr(CommandPalette._watch__show_busy, "__name__", "") != "_guarded_watch_show_busy":
    CommandPalette._watch__list_visible = _guarded_watch_list_visible
    CommandPalette._watch__show_busy = _guarded_watch_show_busy


# ------------------------------------------------------------ one frame per answer
_REFRESH_FLAGS = ("_repaint_required", "_layout_required", "_scroll_required", "_refresh_styles_required")


def flush_refreshes(root: Widget) -> None:
    """Tell the screen now of every widget under `root` that asked to be redrawn or laid out.
    Textual has each widget tell the screen when it next goes idle (a message to itself, then one to
    the screen); the screen composes a frame once its own messages are done, so it often drew a
    first frame with the panes that had told it and a second with the rest. Told here, in order,
    all of an answer's changes go into one frame (`Widget._check_refresh` is what the idle handler
    runs; the flags are what it reads; a scroll view's scrollbars are not among its children)."""
    for node in root.walk_children(with_self=False):
        for widget in (node, node._vertical_scrollbar, node._horizontal_scrollbar):
            if widget is not None and any(getattr(widget, flag) for flag in _REFRESH_FLAGS):
                widget._check_refresh()


# ------------------------------------------------------------ scrollbars left alone
class SteadyScrollbars:
    """For a ScrollView whose scrollable size its own code keeps up to date (telling its
    scrollbars at once): a layout that left its size as it was skips Textual's update.
    `ScrollView._size_updated` updates and repaints the scrollbars on every layout (it compares the
    container's size with the view's own less its padding, which differ for any view with
    padding), and those repaints came in a frame of their own after the layout's. Mixed in before
    ScrollView (or OptionList)."""

    def _size_updated(self, size: "Size", virtual_size: "Size", container_size: "Size",
                      layout: bool = True) -> bool:
        if size == self.outer_size and size - self.styles.gutter.totals == self.container_size:
            return False  # no resize event, no scrollbar repaint
        return super()._size_updated(size, virtual_size, container_size, layout)

    def tell_scrollbars(self) -> None:
        """The scrollbars follow a new scrollable size now, without the layout that would tell
        them (`Widget._scroll_update`, what a layout runs)."""
        self._scroll_update(self.virtual_size)


# ------------------------------------------------------------ an uncaught exception
class UncaughtHook(App):
    """An App whose uncaught exceptions go to `uncaught(error)` (ours: save, report, one line)
    instead of Textual's handler, which prints the whole traceback with every local. The app still
    exits as Textual's would: status 1, the error kept for `run_test` to raise again (the tests),
    the message queue closed. Textual has no public hook for this."""

    def uncaught(self, error: Exception) -> None:  # pragma: no cover - overridden
        pass

    def _handle_exception(self, error: Exception) -> None:
        self.uncaught(error)
        self._return_code = 1
        if self._exception is None:
            self._exception = error
            self._exception_event.set()
        self._close_messages_no_wait()


# ------------------------------------------------------------ a process started from the app
@contextmanager
def real_stderr():
    """While an app runs, Textual replaces sys.stderr with a capture that has no file descriptor
    (fileno() is -1); multiprocessing's resource tracker, started with the first worker process,
    hands the child its parent's stderr descriptor and failed ("bad value(s) in fds_to_keep").
    Inside this block sys.stderr is the process's own again."""
    captured = sys.stderr
    if sys.__stderr__ is not None:
        sys.stderr = sys.__stderr__
    try:
        yield
    finally:
        sys.stderr = captured


# ------------------------------------------------------------ smaller reads
def terminal_driver(app: App):
    """The app's terminal driver (None before it runs): the quit guard gives the terminal back
    through it (quit_guard.py). `App._driver` has no public accessor."""
    return app._driver


def driver_output(driver):
    """The file the terminal driver writes to (`Driver._file`), or None."""
    return getattr(driver, "_file", None)


def select_overlay_type() -> type:
    """The drop-down list a Select opens (not exported by textual.widgets): the set-up screen says
    which field has the focus while it is open."""
    from textual.widgets._select import SelectOverlay
    return SelectOverlay


def has_links(spans: Iterable) -> bool:
    """Whether any of a rich Text's spans carries Textual's click meta (`Style._meta`: rich has no
    public test for a style's meta without decoding it)."""
    from rich.style import Style
    return any(isinstance(span.style, Style) and span.style._meta for span in spans)


def link_styled(strips: list, link_style) -> list:
    """The strips with the app's link style over their clickable parts, as a Static draws them
    (`Strip._apply_link_style`)."""
    return [strip._apply_link_style(link_style) for strip in strips]


# ------------------------------------------------------------ the list the guard test checks
# (owner, member): every private member of Textual (and textual-serve) the client touches. The
# members read or overridden by DecisionOptions (widgets/decision_options.py: the decision bar's
# list drawn from rich Texts, several times cheaper than OptionList's own path) and by the web
# server (serve.py) are there, too.
def relied_on() -> list[tuple[object, str]]:
    from rich.style import Style
    from textual.drivers.linux_driver import LinuxDriver
    from textual.strip import Strip
    from textual.widgets import _select
    from textual.widgets.option_list import Option
    from textual_serve.app_service import AppService
    from textual_serve.server import Server
    return [
        (OptionList, "_move_page"), (OptionList, "_index_to_line"), (OptionList, "_options"),
        (OptionList, "_get_option_render"), (OptionList, "_update_lines"), (OptionList, "_line_cache"),
        (OptionList, "_option_render_cache"), (OptionList, "_option_to_index"), (OptionList, "_on_resize"),
        (OptionList, "_get_left_gutter_width"), (OptionList, "_get_visual"), (Option, "_divider"),
        (Widget, "_check_refresh"), (Widget, "_vertical_scrollbar"), (Widget, "_horizontal_scrollbar"),
        *((Widget, flag) for flag in _REFRESH_FLAGS),
        (Widget, "_scroll_update"), (ScrollView, "_size_updated"),
        (App, "_handle_exception"), (App, "_return_code"), (App, "_exception"), (App, "_exception_event"),
        (App, "_close_messages_no_wait"), (App, "_driver"), (LinuxDriver, "_file"),
        (CommandPalette, "_watch__list_visible"), (CommandPalette, "_watch__show_busy"),
        (_select, "SelectOverlay"), (Style, "_meta"), (Strip, "_apply_link_style"),
        (AppService, "_build_environment"), (Server, "_process_messages"),
    ]
