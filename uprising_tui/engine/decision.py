"""What the engine asks of a person: one pick from a finite list."""
from __future__ import annotations

from dataclasses import dataclass, fields
from operator import attrgetter
from typing import Callable, NamedTuple

from .refs import Ref, SourceRef
from .slot_fill import maker


class IllegalChoice(ValueError):
    """An answer that is not one of the pending Decision's options."""


class GameFinished(RuntimeError):
    """The game is over: there is nothing left to answer."""


class OptionCost(NamedTuple):
    """What taking an option spends, as data (AP and resources)."""
    ap: int = 0
    salt: int = 0
    plunder: int = 0
    food: int = 0


def _fill_through(cls: type, fill: type) -> Callable:
    """Make `cls`, a frozen slotted dataclass, through `fill`, a writable class with the same
    slots (see slot_fill.py): ``cls(...)`` goes through a generated ``__new__``, and the returned
    function makes one with the same arguments without the class call. It pickles through the
    constructor (the default reduction would call that ``__new__`` with no fields)."""
    flds = fields(cls)
    assert not any(f.kw_only for f in flds), f"{cls.__name__}: keyword-only fields"
    cls.__new__ = staticmethod(maker(cls, fill, flds))
    cls.__init__ = object.__init__  # everything is done in __new__
    values = attrgetter(*(f.name for f in flds))
    cls.__reduce__ = lambda self: (type(self), values(self))
    return maker(cls, fill, flds, bound=True)


# Option groups a client may lay options out by (see docs/engine.md).
GROUPS = ("move", "command", "explore", "haven", "market", "quest", "trade", "convert", "card", "build",
          "pay", "unit", "hex", "choice", "always", "end", "done", "cancel", "back")


@dataclass(frozen=True, slots=True)
class Option:
    id: str  # stable: "move:H07", "unit:younglings", "done"
    label: str
    hex: str | None = None  # the hex to light up, if any
    card: str | None = None  # the card to show, if any
    group: str | None = None  # one of GROUPS: how a client groups the options of a turn
    refs: tuple[Ref, ...] = ()  # what the option points at, typed (hex, card, unit, faction, ...)
    cost: OptionCost | None = None  # what taking it spends, if anything


class _OptionFill:
    """Option's slots, writable (see slot_fill.py)."""
    __slots__ = Option.__slots__


_make_option = _fill_through(Option, _OptionFill)  # Option(...) as a plain function


def option(oid: str, label: str, group: str, refs: tuple[Ref, ...] = (), cost: OptionCost | None = None) -> Option:
    """An Option whose `hex` and `card` (what a client lights up) are its first hex and card refs."""
    hx = cd = None
    for kind, rid in refs:
        if kind == "hex":
            if hx is None:
                hx = rid
        elif kind == "card" and cd is None:
            cd = rid
    return _make_option(oid, label, hx, cd, group, refs, cost)


_REFS: dict[tuple[str, str], Ref] = {}


def ref(kind: str, rid: str) -> Ref:
    """A Ref, shared (options are made by the thousand)."""
    key = (kind, rid)
    got = _REFS.get(key)
    if got is None:
        got = _REFS[key] = Ref(kind, rid)
    return got


CANCEL = option("cancel", "Cancel", "cancel")  # back out of a multi-step choice, nothing changed
CANCELLED = "cancelled"  # what a multi-step choice (an Action's run) returns when the player backed out


@dataclass(frozen=True, slots=True)
class Decision:
    actor: str  # faction id, or the first player's faction for Nemesis ties
    kind: str  # "turn", "command_target", "assign_damage", "nemesis_tie", ...
    prompt: str
    options: tuple[Option, ...]
    source: SourceRef | None = None  # the card, rule or effect that asks
    # what a multi-step choice has picked so far (command_units: the target hex, then each
    # Unit as Ref("unit", "<from hex>:<unit>") and Ref("hero", <faction>) once the Hero comes)
    chosen: tuple[Ref, ...] = ()

    def ids(self) -> list[str]:
        return [o.id for o in self.options]

    def get(self, option_id: str) -> Option:
        for o in self.options:
            if o.id == option_id:
                return o
        raise IllegalChoice(
            f"{option_id!r} is not an option for {self.actor}'s {self.kind} decision "
            f"({self.prompt}); options are: {', '.join(self.ids())}"
        )


class _DecisionFill:
    """Decision's slots, writable (see slot_fill.py)."""
    __slots__ = Decision.__slots__


# ``Decision(actor, kind, prompt, options, source, chosen)`` as a plain function: for ``ask``,
# once per Decision
decision = _fill_through(Decision, _DecisionFill)
