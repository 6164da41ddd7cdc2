"""A guard that fails any read of the engine's raw state from the client's own modules.

The client may read the public view and the events; the raw state (`Game.state`, `Game.view()`,
and the rules' internals `ctx`, `board`, `rng`, `dice`) is for the engine, bots and tests.
"""
from __future__ import annotations

import sys

from uprising_tui.engine.game import Game

GUARDED = ("state", "ctx", "board", "rng", "dice")
CLIENT = "uprising_tui.tui"


class RawStateRead(AssertionError):
    pass


def _caller_is_client(depth: int = 2) -> str | None:
    mod = sys._getframe(depth).f_globals.get("__name__", "")
    return mod if mod == CLIENT or mod.startswith(CLIENT + ".") else None


def install(monkeypatch, reads: list) -> None:
    """Guard Game's raw attributes for the rest of the test; offending reads go into `reads`."""
    for attr in GUARDED:
        slot = f"_raw_{attr}"

        def get(self, attr=attr, slot=slot):
            mod = _caller_is_client()
            if mod:
                reads.append((attr, mod))
                raise RawStateRead(f"{mod} read Game.{attr}")
            return self.__dict__[slot]

        def put(self, value, slot=slot):
            self.__dict__[slot] = value

        monkeypatch.setattr(Game, attr, property(get, put), raising=False)

    original_view = Game.view

    def view(self):
        mod = _caller_is_client()
        if mod:
            reads.append(("view()", mod))
            raise RawStateRead(f"{mod} called Game.view()")
        return original_view(self)

    monkeypatch.setattr(Game, "view", view)
