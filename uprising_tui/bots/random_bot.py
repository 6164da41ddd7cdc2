"""The random bot: a uniform pick among the legal options, from its own seeded RNG.

The entries every Decision may carry are taken rarely and never in a loop: ``always`` or
``cancel`` with a small chance, and not on the Decision asked again right after leaving the
ALWAYS menu; inside the menu it leaves half the time, else does something at random (every
thing there spends AP, resources or a card, so the menu ends).
"""
from __future__ import annotations

import random

from .decision_view import ENTRIES  # the entries every Decision may carry

EXITS = frozenset({"back", "done"})
ENTRY_CHANCE = 0.02


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self._back_at = -1  # the answer index of a Decision asked again after `back`

    def choose(self, game, decision) -> str:
        n = len(game.answers)
        if decision.kind == "always":
            exits = [o.id for o in decision.options if o.group in EXITS]
            rest = [o.id for o in decision.options if o.group not in EXITS]
            if exits and (not rest or self.rng.random() < 0.5):
                self._back_at = n + 1
                return exits[0]
            return self.rng.choice(rest)
        entries = [o.id for o in decision.options if o.group in ENTRIES]
        if entries and n != self._back_at and self.rng.random() < ENTRY_CHANCE:
            return self.rng.choice(entries)
        return self.rng.choice([o.id for o in decision.options if o.group not in ENTRIES])
