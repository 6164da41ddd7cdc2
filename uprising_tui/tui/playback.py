"""Cutting what one answer set off into steps a person can follow, and saying why each happened.

One answer can run a whole Nemesis Phase, several fights and the rest of a Chapter. The game
screen shows it step by step (or at a steady pace, or at once): a step starts at each phase,
each Legion/Horde activation or entry, each fight and each round of dice."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Sequence

from rich.text import Text

from .adapters import fallback_words, move_rule_words
from .naming import name, phase_name

if TYPE_CHECKING:
    from ..engine.face.events import GameEvent

STEP_STARTS = frozenset({"PhaseStarted", "NemesisActivated", "NemesisPlaced", "CombatStarted", "CombatRolled",
                         "EventRevealed", "TurnStarted"})
NEMESIS_KINDS = frozenset({"NemesisActivated", "NemesisMoved", "NemesisPlaced", "GarrisonPlaced", "SkeletonPlaced",
                           "HordeFormed", "CursePlaced", "TargetPlaced", "ActivationTokenPlaced", "SkeletonsMoved",
                           "SkeletonsRemoved", "GarrisonsRemoved", "TargetRemoved", "ActivationTokenUsed",
                           "CapitalFell"})


def split(events: Sequence["GameEvent"]) -> list[list["GameEvent"]]:
    """The events cut into steps (at least one, unless there are no events)."""
    steps: list[list[GameEvent]] = []
    for ev in events:
        if not steps or (ev.event_type in STEP_STARTS and steps[-1]):
            steps.append([])
        steps[-1].append(ev)
    return steps


# where the game takes over from the person who answered: a new phase, the Nemesis, an Event, or
# another faction's turn (a bot's, or the next person's after a hand-over)
HANDED_ON = frozenset({"PhaseStarted", "NemesisActivated", "NemesisPlaced", "EventRevealed"})


def own_steps(steps: Sequence[Sequence["GameEvent"]], actor: str | None) -> int:
    """How many of the first steps are the answer's own (what `actor` did: a move, a fight it
    started), before the game takes over (HANDED_ON, or another faction's turn starts)."""
    if actor is None:
        return 0
    for i, step in enumerate(steps):
        for ev in step:
            k = ev.event_type
            if k in HANDED_ON or (k == "TurnStarted" and ev.faction != actor):
                return i
    return len(steps)


def hexes_of(events: Iterable["GameEvent"]) -> tuple[frozenset[str], str | None]:
    """The hexes a step touched (to light up) and the one to put the cursor on."""
    lit: set[str] = set()
    cursor = None
    for ev in events:
        for key in ("hex", "src", "dst"):
            v = getattr(ev, key, None)
            if isinstance(v, str):
                lit.add(v)
        for c in getattr(ev, "candidates", ()) or ():
            if isinstance(c, str):
                lit.add(c)
        cursor = getattr(ev, "dst", None) or getattr(ev, "hex", None) or cursor
    return frozenset(lit), cursor


def is_nemesis(events: Iterable["GameEvent"]) -> bool:
    return any(ev.event_type in NEMESIS_KINDS for ev in events)


def why_moved(ev: "GameEvent", cat, auto_ties: bool = False) -> str:
    """The engine's reason for a Nemesis move, in words ('' when the engine gives none). A tie is
    said only where there was one (two hexes or more), and who settled it: the first player, or,
    with `auto_ties`, the hex order."""
    rule = getattr(ev, "rule", None)
    parts = []
    step = getattr(ev, "step", None)
    if step:
        parts.append("moved by an effect" if step == "effect" else f"step {step}")
    if rule:
        parts.append(move_rule_words(str(rule)))
    cands = getattr(ev, "candidates", None)
    if cands:
        parts.append("weighed " + ", ".join(cands))
    tied = getattr(ev, "tied", None) or ()
    if len(tied) > 1:
        parts.append(("a tie among " + ", ".join(tied) + ", settled by hex order") if auto_ties
                     else ("the first player chose among " + ", ".join(tied)))
    return "; ".join(parts)


def caption(events: Sequence["GameEvent"], cat, hex_name=None, auto_ties: bool = False) -> Text:
    """A step in one or two lines: what moved or entered, and why."""
    hn = hex_name or (lambda h: h)
    t = Text()
    for ev in events:
        k = ev.event_type
        if k == "PhaseStarted":
            t.append(f"Chapter {ev.chapter}: {phase_name(ev.phase)} Phase", style="bold")
        elif k == "NemesisActivated":
            t.append(f"{name(cat, ev.card)} activates", style="bold")
        elif k == "NemesisPlaced":
            t.append(f"{name(cat, ev.card)} enters on {hn(ev.hex)} at Threat {ev.threat}", style="bold")
            fb = getattr(ev, "fallback", None)
            if fb:
                t.append(f" ({fallback_words(str(fb))})", style="italic")
        elif k == "NemesisMoved":
            t.append(f"\n  moves {hn(ev.src)} → {hn(ev.dst)}")
            why = why_moved(ev, cat, auto_ties)
            if why:
                t.append(f" — {why}", style="italic")
        elif k == "CombatStarted":
            t.append(f"\n  fight on {hn(ev.hex)}", style="bold")
        elif k == "EventRevealed":
            t.append(f"Event: {name(cat, ev.card)} (Threat {ev.threat})", style="bold")
    return t
