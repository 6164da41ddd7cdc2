"""What the engine asks of a person: one pick from a finite list.

A Decision and its Options are named tuples: plain immutable values that compare with ``==``,
like the public view. The engine makes thousands a game; where it makes most of them (``option``
and ``Ctx.ask``) it builds the tuple directly, ``tuple.__new__(Option, (...))``, which is what the
class's own constructor does without its Python call (about 1,000 instructions less each).
"""
from __future__ import annotations

from typing import NamedTuple

from .refs import Ref, SourceRef

new_tuple = tuple.__new__  # new_tuple(Option, (id, label, ...)): an Option, every field given


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


# Option groups a client may lay options out by (see docs/engine.md).
GROUPS = ("move", "command", "explore", "haven", "market", "quest", "trade", "convert", "card", "build",
          "pay", "unit", "hex", "choice", "always", "end", "done", "cancel", "back")


class Option(NamedTuple):
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
    for r in refs:  # (r[0], r[1]: unpacking a Ref, a tuple's subclass, takes an iterator made per Ref in 3.11)
        kind = r[0]
        if kind == "hex":
            if hx is None:
                hx = r[1]
        elif kind == "card" and cd is None:
            cd = r[1]
    return new_tuple(Option, (oid, label, hx, cd, group, refs, cost))


# the shared Refs by kind, then id: two lookups of a string (its hash kept) rather than one of a
# (kind, id) tuple made and hashed at each of the ~1,400 calls a game (-1.1 M instructions over the
# 3 replayed games of bench_replay_instr.py)
_REFS: dict[str, dict[str, Ref]] = {}


def ref(kind: str, rid: str) -> Ref:
    """A Ref, shared (options are made by the thousand)."""
    of_kind = _REFS.get(kind)
    if of_kind is None:
        of_kind = _REFS[kind] = {}
    got = of_kind.get(rid)
    if got is None:
        got = of_kind[rid] = Ref(kind, rid)
    return got


CANCEL = option("cancel", "Cancel", "cancel")  # back out of a multi-step choice, nothing changed
CANCELLED = "cancelled"  # what a multi-step choice (an Action's run) returns when the player backed out


class Decision(NamedTuple):
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

