"""Textual 8.2's bugs the client meets, mended in one place (each found by the client monkey and
replayed in tests/tui/test_monkey_finds.py). Imported once, by app.py.

- OptionList's PageUp/PageDown look the highlighted option's first line up in its laid-out
  lines; a list not laid out yet (new options while it has no size, the command palette's list on
  a small terminal) has none, and the key failed with a KeyError. Every OptionList of the client
  (the decision bar, the title menu, the card reader, undo-to, the palette) now ignores a page key
  until its lines are laid out.
- Text selection by mouse starts from the widget under a click even when that widget has just
  been taken off the screen, and fails there: the app allows none (UprisingApp.ALLOW_SELECT)."""
from __future__ import annotations

from textual.widgets import OptionList

_move_page = OptionList._move_page


def _guarded_move_page(self: OptionList, direction) -> None:
    if self._options and not self._index_to_line:
        return  # not laid out yet: nothing to page through
    _move_page(self, direction)


if getattr(OptionList._move_page, "__name__", "") != "_guarded_move_page":
    OptionList._move_page = _guarded_move_page
