"""The random bot: a uniform pick among the legal options, from its own seeded RNG."""
from __future__ import annotations

import random


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game, decision) -> str:
        return self.rng.choice(decision.options).id
