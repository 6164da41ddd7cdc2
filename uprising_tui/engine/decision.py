"""What the engine asks of a person: one pick from a finite list."""
from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
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


def _quick_init(cls: type) -> type:
    """Give a frozen slotted dataclass a faster ``__init__`` with the same signature: each field
    stored through its slot's own setter, bound once, instead of ``object.__setattr__`` by name
    (options are made by the thousand; this makes one about 3x cheaper). Plain defaults only."""
    params, body, glob = [], [], {}
    for f in fields(cls):
        assert f.default_factory is MISSING and not f.kw_only, f"_quick_init: {cls.__name__}.{f.name}"
        glob[f"__set_{f.name}"] = cls.__dict__[f.name].__set__
        if f.default is MISSING:
            params.append(f.name)
        else:
            glob[f"__dflt_{f.name}"] = f.default
            params.append(f"{f.name}=__dflt_{f.name}")
        body.append(f"    __set_{f.name}(self, {f.name})")
    src = f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body) + "\n"
    loc: dict[str, Any] = {}
    exec(compile(src, f"<{cls.__qualname__}.__init__>", "exec"), glob, loc)
    init = loc["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init
    return cls


# Option groups a client may lay options out by (see docs/engine.md).
GROUPS = ("move", "command", "explore", "haven", "market", "quest", "trade", "convert", "card", "build",
          "pay", "unit", "hex", "choice", "always", "end", "done", "cancel", "back")


@_quick_init
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


@_quick_init
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
