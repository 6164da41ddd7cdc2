"""What happened in a rollout, in a form worth counting across rollouts: the advisor compares how
often each thing happens after one option and after another, and words the largest differences.

``happenings(events)`` reads the events a rollout emitted and gives ``(key, detail)`` pairs: the
key says what happened where (counted once per rollout), the detail who did it and when (the most
common one is worded). Only what the table would see: hexes by id, cards that came face up.
"""
from __future__ import annotations

from typing import Iterable, NamedTuple


class Happening(NamedTuple):
    key: tuple  # ("haven_built", hex, faction), ("haven_lost", hex, faction), ("curse", hex), ...
    detail: tuple  # (by, chapter, phase): the Legion or Horde (or faction) that did it, and when


KINDS = ("haven_built", "haven_lost", "curse", "curse_lifted", "horde_formed", "killed", "quest", "capital_fell")


def happenings(events: Iterable, chapter: int, phase: str) -> list[Happening]:
    """The happenings among `events` (a rollout's, from a point at `chapter`, `phase`)."""
    out: list[Happening] = []
    acting = None  # the Legion or Horde activating, or the card fighting on the hex
    fighting: tuple = ()
    for e in events:
        name = type(e).__name__
        if name == "PhaseStarted":
            chapter, phase, acting, fighting = e.chapter, e.phase, None, ()
        elif name == "NemesisActivated":
            acting = e.card
        elif name == "CombatStarted":
            fighting = tuple(c for c in (e.card_a, e.card_b) if c) or (e.side_a, e.side_b)
        elif name == "CombatClosed":
            fighting = ()
        elif name == "HavenBuilt":
            out.append(Happening(("haven_built", e.hex, e.faction), (e.faction, chapter, phase)))
        elif name == "HavenRemoved":
            by = acting or (fighting[0] if fighting else e.reason)
            out.append(Happening(("haven_lost", e.hex, e.faction), (by, chapter, phase)))
        elif name == "CursePlaced":
            by = acting or (e.source.id if e.source is not None and e.source.kind in ("horde", "godpower") else None)
            out.append(Happening(("curse", e.hex), (by, chapter, phase)))
        elif name == "CurseRemoved":
            out.append(Happening(("curse_lifted", e.hex), (None, chapter, phase)))
        elif name == "HordeFormed":
            out.append(Happening(("horde_formed", e.hex), (None, chapter, phase)))
        elif name == "NemesisDestroyed":
            out.append(Happening(("killed", e.card), (e.by, chapter, phase)))
        elif name == "QuestResolved":
            out.append(Happening(("quest", e.card, e.outcome), (e.faction, chapter, phase)))
        elif name == "CapitalFell":
            out.append(Happening(("capital_fell",), (e.by, chapter, phase)))
    return out
