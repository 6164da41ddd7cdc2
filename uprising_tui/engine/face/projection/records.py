"""The projection's records and shared pieces: the mutable hex, player and combat records a
``Projection`` keeps, the small helpers the event handlers share, and the handler registry.

An event type's projection step is its handler (``@on("Name")``), or its name in ``NO_CHANGE``
when it changes nothing on the table. A handler changes the records through the projection's
accessors, which note what to rebuild: ``pj.hex(id)``, ``pj.player(faction)``, ``pj.card(id)``
(a Legion or Horde), ``pj.piles()`` (the table's piles, reserves and Graveyards)."""
from __future__ import annotations

from typing import Any, Callable

from ..view import SideView

# events that change nothing on the table (the log tells them; the view does not show them)
NO_CHANGE = frozenset({
    "Note", "Produced", "CardUsed", "HeroRolled", "QuestResolved", "HordeFormed", "NemesisActivated",
    "CombatTally", "GodpowerUsed", "CombatEnded", "Rewound", "ScoreTerm",
})


class _Hex:
    __slots__ = ("id", "q", "r", "role", "region", "explored", "tile", "rotation", "fixed", "removed", "units",
                 "owner", "garrisons", "skeletons", "legions", "hordes", "curse", "haven", "wall", "tower",
                 "fallen")


class _Player:
    __slots__ = ("faction", "hero", "seat", "hero_hex", "salt", "plunder", "food", "ap", "vp", "might", "magic",
                 "leadership", "guile", "feats", "items", "quests", "feat_deck", "reserve", "removed", "havens",
                 "passed")


class _Side:
    __slots__ = ("kind", "owner", "card", "dice", "extra", "cancelled", "broken", "spent")

    def __init__(self, kind: str, owner: str, card: str | None):
        self.kind, self.owner, self.card = kind, owner, card
        self.clear()

    def clear(self) -> None:
        self.dice: list[tuple[str, tuple[str, ...]]] = []
        self.extra = [0, 0, 0]
        self.cancelled = [0, 0, 0]
        self.broken = 0
        self.spent = 0

    def view(self) -> SideView:
        return SideView(self.kind, self.owner, self.card, tuple(self.dice), tuple(self.extra),
                        tuple(self.cancelled), self.broken, self.spent)


class _Combat:
    __slots__ = ("id", "hex", "terrain", "part", "step", "round", "a", "b")

    def side(self, owner: str) -> _Side:
        return self.a if self.a.owner == owner else self.b

    def other(self, owner: str) -> _Side:
        return self.b if self.a.owner == owner else self.a


SYMBOL_INDEX = {"skull": 0, "shield": 1, "bolt": 2}


class ProjectionError(ValueError):
    """An event the projection cannot apply (e.g. no GameStarted first)."""


def _counts(d: dict[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((k, v) for k, v in d.items() if v))


def _graveyard(gy: dict[tuple[str, str], int]) -> tuple[tuple[str, str, int], ...]:
    return tuple(sorted((owner, piece, n) for (owner, piece), n in gy.items() if n))


def _bump(d: dict, key, n: int) -> None:
    left = d.get(key, 0) + n
    if left:
        d[key] = left
    else:
        d.pop(key, None)


# ------------------------------------------------------------------ handlers, by event type
_HANDLERS: dict[str, Callable[[Any, Any], None]] = {}  # event type -> fn(projection, event)


def on(*names: str):
    def reg(fn):
        for n in names:
            _HANDLERS[n] = fn
        return fn
    return reg
