"""What the rules keep beside the state, kept in step with the events, in one place.

Every change of the table is announced by an event, and an event that changes a hex names it
(``hex``, ``src``, ``dst``). ``Ctx.emit`` hands each event here, and this module alone brings up
to date what depends on it:

* the Board (table/board.py): a hex that changed face (explored, turned, a Sea Tower lost) forgets its
  walks and distances (an explored tile with no impassable edge and no Sea Tower changes none);
  Units, a Haven or Defenses that changed on a hex update the Board's indexes
  of each faction's hexes and Havens and its counts of Towers and Walls;
* the memo (table/memo.py): what read the face of a hex that changed face is forgotten, and
  what read where the Units stand when a Unit is placed, moved or destroyed;
* the Capital rule (rules/fights.py): an event that names the Capital says what stands there may have
  changed, so the rule's one check is owed (``ctx.capital_changed``).

The rules change the state and emit the event; they never call any of this by hand.
"""
from __future__ import annotations

import dataclasses
from operator import attrgetter
from typing import Callable

from ..face.events import (
    EVENT_TYPES,
    DefenseBuilt,
    DefenseRemoved,
    GameEvent,
    HavenBuilt,
    HavenRemoved,
    HexExplored,
    HexOriented,
    SeaTowerRemoved,
    UnitDestroyed,
    UnitPlaced,
    UnitsMoved,
)

HEX_FIELDS = ("hex", "src", "dst")  # the fields an event names a hex in (docs/engine.md, "Events")


def _face(ctx, e) -> None:  # a hex explored or turned: its walks, and what read its face
    ctx.board.face_changed(e.hex)
    ctx.memo.forget(e.hex)


def _lost_tower(ctx, e) -> None:  # a Sea Tower lost: its reach to every hex is gone
    ctx.board.touch()
    ctx.memo.forget()


def _units(ctx, e) -> None:
    ctx.board.units_changed(e.hex)
    ctx.memo.units_changed()


def _units_moved(ctx, e) -> None:
    ctx.board.units_changed(e.src)
    ctx.board.units_changed(e.dst)
    ctx.memo.units_changed()


def _haven(ctx, e) -> None:
    ctx.board.haven_changed(e.hex)


def _haven_removed(ctx, e) -> None:  # with its Tower and Wall
    ctx.board.haven_changed(e.hex)
    ctx.board.defences_changed(e.hex)


def _defences(ctx, e) -> None:
    ctx.board.defences_changed(e.hex)


STEPS: dict[type, Callable] = {
    HexExplored: _face, HexOriented: _face, SeaTowerRemoved: _lost_tower,
    UnitsMoved: _units_moved, UnitPlaced: _units, UnitDestroyed: _units,  # (an exchange keeps the hex's owner)
    HavenBuilt: _haven, HavenRemoved: _haven_removed, DefenseBuilt: _defences, DefenseRemoved: _defences,
}


def _watcher(kind: type) -> Callable | None:
    """What follows an event of `kind`: its step (STEPS) and the Capital's check, made once per
    event type (None for one that names no hex)."""
    names = {f.name for f in dataclasses.fields(kind)}
    fields = tuple(f for f in HEX_FIELDS if f in names)
    if not fields:
        return None
    hexes = attrgetter(*fields) if len(fields) > 1 else None
    one = attrgetter(fields[0])

    def watch(ctx, event) -> None:
        step = STEPS.get(kind)  # (read when called: a test may take a step out)
        if step is not None:
            step(ctx, event)
        capital = ctx.board.capital
        if (capital in hexes(event)) if hexes is not None else one(event) == capital:
            ctx.capital_changed = True
    return watch


WATCH: dict[type, Callable | None] = {kind: _watcher(kind) for kind in EVENT_TYPES.values() if kind is not GameEvent}


def follow(ctx, event) -> None:
    """Bring what depends on the table up to date with `event` (see the module docstring)."""
    watch = WATCH.get(type(event))
    if watch is not None:
        watch(ctx, event)
