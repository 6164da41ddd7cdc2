"""Bots: automatic players that answer Decisions.

A bot has one method, ``choose(game, decision) -> option_id``; it must always
return the id of one of ``decision.options``. One bot instance may answer for
every faction in a game (it reads ``decision.actor``). Bots are deterministic
for a given seed.
"""
from __future__ import annotations

from typing import Protocol

from .heuristic import HeuristicBot
from .random_bot import RandomBot


class Bot(Protocol):
    name: str

    def choose(self, game, decision) -> str: ...


BOTS: dict[str, type] = {"random": RandomBot, "heuristic": HeuristicBot}


def get_bot(name: str, seed: int = 0) -> Bot:
    """A fresh bot by registry name, seeded (same seed, same answers)."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (choose from {', '.join(BOTS)})") from None
    return cls(seed)


__all__ = ["BOTS", "Bot", "HeuristicBot", "RandomBot", "get_bot"]
