"""The one memo of the rules: what they make again and again (options, labels) kept between the
Decisions that need it, out of the rules' way.

Building the options of a turn is the largest part of a game's work (docs/performance.md), and
from one Decision to the next most of them are the same: a Move to the same hex, a Command target,
a Unit built on a Haven. The rules make them plainly, with functions of what they read; a function
marked here is kept by its arguments until the events say that what it reads has changed. The
marks say what that is:

* ``@static``: nothing of the game but its arguments and the catalog (a card's "Use" option, the
  Quest on offer, March!): kept for the whole game.
* ``@per_hex``: the face of the hex it is given first, ``fn(ctx, hid, ...)``: explored or not,
  its tile, its orientation (an option whose label names the hex). Forgotten when that hex
  changes face.
* ``@per_area``: the faces of the hex it is given and of its neighbours (of every hex, from a
  Sea Tower): the moves from a hex. Forgotten when any of them changes face.
* ``@per_units``: where the Units stand, and the faces (the steps a Unit may take):
  ``fn(ctx, a, b)``, who of a faction could come to a hex by Command. Forgotten when any Unit is
  placed, moved or destroyed (UnitPlaced, UnitsMoved, UnitDestroyed) and when any hex changes face.

A hex changes face only by an Explore, an orientation or a lost Sea Tower, each announced by an
event (HexExplored, HexOriented, SeaTowerRemoved); ``table/changes.py`` forgets what they touch, in
one place. The memo lives on the rules' context (``ctx.memo``): one per game, made anew by every
replay, undo and load. ``tests/test_memo.py`` holds the rules' options with the memo equal to the
same options made afresh after every answer of several games.
"""
from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Callable, TypeVar

if TYPE_CHECKING:
    from .board import Board

F = TypeVar("F", bound=Callable)
_MISSING = object()


class Memo:
    """What one game keeps: the static entries, and the entries read from one hex or one area,
    by that hex (so that forgetting a hex is one store of an empty dict)."""
    __slots__ = ("static", "hexes", "areas", "units", "causes", "board")

    def __init__(self, board: "Board"):
        self.board = board
        # the entries of each kept function: @static's by function, then argument (or arguments);
        # @per_hex's and @per_area's by hex, then function (and argument)
        self.static: dict[Callable, dict] = defaultdict(dict)
        # (plain dicts holding every hex from the start, not defaultdicts: CPython 3.11 reads a
        # plain dict's item by a specialised path: -0.2 M over the 3 replayed games)
        self.hexes: dict[str, dict] = {hid: {} for hid in board.all_ids}
        self.areas: dict[str, dict] = {hid: {} for hid in board.all_ids}
        # @per_units's entries, by function, then arguments
        self.units: dict[Callable, dict] = defaultdict(dict)
        # the context managers of ``Ctx.cause``, by SourceRef: they hold no state but the rules'
        # cause stack, so one per cause serves every ``with`` (making one costs about 1,000
        # instructions; -0.5 M over the 3 replayed games of bench_replay_instr.py)
        self.causes: dict = {}

    def forget(self, hid: str | None = None) -> None:
        """The face of hex `hid` changed (of every hex: None): forget what read it."""
        if self.units:
            self.units.clear()  # (where a Unit may step may have changed)
        if hid is None:
            for n in self.board.all_ids:
                self.hexes[n] = {}
                self.areas[n] = {}
            return
        self.hexes[hid] = {}
        areas = self.areas
        areas[hid] = {}
        for n in self.board.near[hid]:
            areas[n] = {}
        for n in self.board.tower_roles:  # a Sea Tower's area is every hex
            areas[n] = {}

    def units_changed(self) -> None:
        """A Unit was placed, moved or destroyed: forget what read where the Units stand."""
        if self.units:
            self.units.clear()


# The kept forms below take their function's arguments one by one rather than as ``*args``: a call
# with a fixed number of positional arguments costs about a third of one through ``*args`` in
# CPython 3.11 (it runs inline, with no argument tuple made), and with one argument besides the
# hex they keep a dict per function rather than a tuple key (no tuple made per call). They are
# called about 3,500 times a game (docs/performance.md, "The house").

def static(fn: F) -> F:
    """Keep ``fn(ctx, a[, b[, c]])`` for the game, by its arguments."""
    n = _arity(fn) - 1
    if n == 1:
        def kept(ctx, a):
            table = ctx.memo.static[fn]
            got = table.get(a, _MISSING)
            if got is _MISSING:
                got = table[a] = fn(ctx, a)
            return got
    elif n == 2:
        def kept(ctx, a, b):
            table = ctx.memo.static[fn]
            key = (a, b)
            got = table.get(key, _MISSING)
            if got is _MISSING:
                got = table[key] = fn(ctx, a, b)
            return got
    else:
        assert n == 3, f"{fn.__qualname__}: @static takes ctx and one to three arguments"

        def kept(ctx, a, b, c):
            table = ctx.memo.static[fn]
            key = (a, b, c)
            got = table.get(key, _MISSING)
            if got is _MISSING:
                got = table[key] = fn(ctx, a, b, c)
            return got
    return _named(kept, fn)


def per_hex(fn: F) -> F:
    """Keep ``fn(ctx, hid[, a])`` until hex `hid` changes face."""
    n = _arity(fn) - 2
    if n == 0:
        def kept(ctx, hid):
            table = ctx.memo.hexes[hid]
            got = table.get(fn, _MISSING)
            if got is _MISSING:
                got = table[fn] = fn(ctx, hid)
            return got
    else:
        assert n == 1, f"{fn.__qualname__}: @per_hex takes ctx, the hex and at most one argument more"

        def kept(ctx, hid, a):
            hexes = ctx.memo.hexes[hid]
            table = hexes.get(fn)
            if table is None:
                table = hexes[fn] = {}
            got = table.get(a, _MISSING)
            if got is _MISSING:
                got = table[a] = fn(ctx, hid, a)
            return got
    return _named(kept, fn)


def per_area(fn: F) -> F:
    """Keep ``fn(ctx, hid)`` until hex `hid` or a neighbour of it changes face."""
    assert _arity(fn) == 2, f"{fn.__qualname__}: @per_area takes ctx and the hex"

    def kept(ctx, hid):
        table = ctx.memo.areas[hid]
        got = table.get(fn, _MISSING)
        if got is _MISSING:
            got = table[fn] = fn(ctx, hid)
        return got
    return _named(kept, fn)


def per_units(fn: F) -> F:
    """Keep ``fn(ctx, a, b)`` until a Unit is placed, moved or destroyed, or a hex changes face.

    Command's who-comes pool (rules/actions/command.py, ``comers``) is the one user: it is asked
    again at every pick of a Command with nothing moved in between (184 of the 242 asks of the
    3 replayed games of bench_replay_instr.py), and working it out costs about 19k instructions:
    kept, the replay runs 2.1 M fewer (0.8%)."""
    assert _arity(fn) == 3, f"{fn.__qualname__}: @per_units takes ctx and two arguments"

    def kept(ctx, a, b):
        table = ctx.memo.units[fn]
        key = (a, b)
        got = table.get(key, _MISSING)
        if got is _MISSING:
            got = table[key] = fn(ctx, a, b)
        return got
    return _named(kept, fn)


def _arity(fn: Callable) -> int:
    code = fn.__code__
    assert not (code.co_flags & 0x0C or code.co_kwonlyargcount or fn.__defaults__), \
        f"{fn.__qualname__}: a kept function takes plain positional arguments only"
    return code.co_argcount


def _named(kept: Callable, fn: Callable) -> Callable:
    kept.__name__, kept.__qualname__, kept.__doc__ = fn.__name__, fn.__qualname__, fn.__doc__
    kept.__wrapped__ = fn  # type: ignore[attr-defined]  # the function itself, made afresh (tests)
    return kept
