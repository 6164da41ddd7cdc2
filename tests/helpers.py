"""Shared test helpers: drive a game with a simple answering policy."""
from __future__ import annotations

from typing import Callable


def play_out(g, prefer: dict[str, str] | Callable | None = None, limit: int = 5000) -> list[tuple[str, str]]:
    """Answer every decision: `prefer` maps a decision kind to an option id (used when legal);
    otherwise 'done' when offered, else the first option. Returns (kind, answer) pairs."""
    taken = []
    for _ in range(limit):
        d = g.decision
        if d is None:
            return taken
        ids = d.ids()
        pick = None
        if callable(prefer):
            pick = prefer(d)
        elif prefer and d.kind in prefer:
            want = prefer[d.kind]
            pick = next((i for i in ([want] if isinstance(want, str) else want) if i in ids), None)
        if pick is None:
            pick = "done" if "done" in ids else ids[0]
        taken.append((d.kind, pick))
        g.answer(pick)
    raise AssertionError("the game did not finish")


def events(g, kind: str) -> list:
    return [e for e in g.log if e.event_type == kind]


def drive(g, *answers: str) -> None:
    """Answer exactly these option ids, in order (each must be legal)."""
    for a in answers:
        assert g.decision is not None, f"no decision left for {a!r}"
        assert a in g.decision.ids(), f"{a!r} not in {g.decision.kind} options {g.decision.ids()}"
        g.answer(a)


ENTRIES = ("always", "cancel")  # the groups of the entries any Decision may carry (engine/asking.py)


def real_options(d) -> list:
    """A Decision's real options, without the `always` and `cancel` entries."""
    return [o for o in d.options if o.group not in ENTRIES]


def real_ids(d) -> list[str]:
    return [o.id for o in real_options(d)]


def ids(g) -> list[str]:
    """The pending decision's real option ids (none when the game or script is over), without
    the `always` and `cancel` entries; `g.decision.ids()` has every option."""
    return [o.id for o in g.decision.options if o.group not in ENTRIES] if g.decision else []
