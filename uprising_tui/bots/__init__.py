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
    """A fresh bot by registry name, seeded (same seed, same answers). A bot with settings takes
    them after a colon: ``strong:rollouts=48,width=4`` (see the bot's ``from_spec``)."""
    base, _, spec = name.partition(":")
    try:
        cls = BOTS[base]
    except KeyError:
        raise ValueError(f"unknown bot {base!r} (choose from {', '.join(BOTS)})") from None
    if spec:
        if not hasattr(cls, "from_spec"):
            raise ValueError(f"the {base} bot takes no settings (got {spec!r})")
        return cls.from_spec(seed, spec)
    return cls(seed)


from .strong.bot import StrongBot  # noqa: E402  (after the bots it plays with)

BOTS["strong"] = StrongBot

__all__ = ["BOTS", "Bot", "HeuristicBot", "RandomBot", "StrongBot", "get_bot"]
