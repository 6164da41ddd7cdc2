"""Which game a pane follows: the Signal it subscribes to for the game's updates.

The game screen's panes follow the app's `game_signal` (the game in play). A screen that draws
another position of a game on the same panes (the game review: screens/review.py) has a
`game_signal` of its own, so that stepping through the review never redraws the game's panes
under it. A widget outside any such screen (a test's bare app) may have none."""
from __future__ import annotations


def game_signal(widget):
    """The Signal `widget` follows: its screen's own, else the app's (None when neither has one)."""
    try:
        own = getattr(widget.screen, "game_signal", None)
    except Exception:  # noqa: BLE001 - not on a screen (yet)
        own = None
    return own if own is not None else getattr(widget.app, "game_signal", None)
