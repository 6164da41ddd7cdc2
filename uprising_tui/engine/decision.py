"""What the engine asks of a person: one pick from a finite list."""
from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from operator import attrgetter
from typing import Any, NamedTuple

from .refs import Ref, SourceRef


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


def _fill_through(cls: type, fill: type) -> None:
    """Give `cls`, a frozen slotted dataclass, a ``__new__`` with its ``__init__``'s signature that
    fills `fill` (a writable class with the same slots) by plain attribute stores and makes it an
    instance of the class (``__class__`` assignment: the same slots, so the same layout). A frozen
    class can only store a field through its slot's setter, one C call with an argument tuple
    each; this makes a seven-field Option about twice as fast. What comes out is an ordinary
    instance, frozen, equal and hashing by its fields; it pickles through the constructor (the
    default reduction would call this ``__new__`` with no fields). Plain defaults only."""
    names, params, glob = [], [], {"__fill": fill}
    for f in fields(cls):
        assert f.default_factory is MISSING and not f.kw_only, f"_fill_through: {cls.__name__}.{f.name}"
        names.append(f.name)
        if f.default is MISSING:
            params.append(f.name)
        else:
            glob[f"__dflt_{f.name}"] = f.default
            params.append(f"{f.name}=__dflt_{f.name}")
    src = (f"def __new__(cls, {', '.join(params)}):\n    self = __fill()\n"
           + "".join(f"    self.{n} = {n}\n" for n in names) + "    self.__class__ = cls\n    return self\n")
    loc: dict[str, Any] = {}
    exec(compile(src, f"<{cls.__qualname__}.__new__>", "exec"), glob, loc)
    new = loc["__new__"]
    new.__qualname__ = f"{cls.__qualname__}.__new__"
    cls.__new__ = staticmethod(new)
    cls.__init__ = object.__init__  # everything is done in __new__
    values = attrgetter(*names)
    cls.__reduce__ = lambda self: (type(self), values(self))


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


def option(oid: str, label: str, group: str, refs: tuple[Ref, ...] = (), cost: OptionCost | None = None) -> Option:
    """An Option whose `hex` and `card` (what a client lights up) are its first hex and card refs."""
    hx = cd = None
    for kind, rid in refs:
        if kind == "hex":
            if hx is None:
                hx = rid
        elif kind == "card" and cd is None:
            cd = rid
    o = _OptionFill()  # Option(oid, label, hx, cd, group, refs, cost), filled as a writable twin
    o.id = oid
    o.label = label
    o.hex = hx
    o.card = cd
    o.group = group
    o.refs = refs
    o.cost = cost
    o.__class__ = Option
    return o


class _OptionFill:
    """Option's slots, writable: `option` fills one with plain attribute stores and then makes it
    an Option (``__class__`` assignment: the same slots, so the same layout). A frozen class can
    only store through its slots' setters, one call each; this is about twice as fast. What comes
    out is an ordinary Option, equal to ``Option(...)`` with the same fields."""
    __slots__ = Option.__slots__


_fill_through(Option, _OptionFill)

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
    """Decision's slots, writable (see `_OptionFill`, `decision`)."""
    __slots__ = Decision.__slots__


_fill_through(Decision, _DecisionFill)


def decision(actor: str, kind: str, prompt: str, options: tuple, source: SourceRef | None,
             chosen: tuple) -> Decision:
    """``Decision(actor, kind, prompt, options, source, chosen)``, made as `option` makes an
    Option (a writable twin filled, then made a Decision): for ``ask``, once per Decision.
    (A function, not a classmethod: reading a classmethod makes a bound method each call.)"""
    d = _DecisionFill()
    d.actor = actor
    d.kind = kind
    d.prompt = prompt
    d.options = options
    d.source = source
    d.chosen = chosen
    d.__class__ = Decision
    return d
