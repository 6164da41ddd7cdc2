"""The guard used by the whole-game test catches a client module reading the raw state, and lets
the engine, the bots and the tests read it."""
from __future__ import annotations

import pytest

from uprising_tui.engine import Game, Setup

from .raw_state_guard import RawStateRead, install


def test_the_guard_catches_a_client_read_and_allows_the_rest(monkeypatch):
    reads: list = []
    install(monkeypatch, reads)
    game = Game(Setup(factions=["druwhn"], chapters=2, seed=1)).start()
    assert game.state.chapter == 1  # a test may read it
    assert game.public_view().chapter == 1  # the engine reads its state to build the view
    client = {"__name__": "uprising_tui.tui.widgets.sneaky"}
    exec("def peek(g):\n    return g.state.chapter\ndef look(g):\n    return g.view()", client)
    with pytest.raises(RawStateRead):
        client["peek"](game)
    with pytest.raises(RawStateRead):
        client["look"](game)
    assert reads == [("state", "uprising_tui.tui.widgets.sneaky"), ("view()", "uprising_tui.tui.widgets.sneaky")]
