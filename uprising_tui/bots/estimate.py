"""Dice maths for the heuristic bot: expected symbols per die, exact Quest chances
(pure functions, cached). Combat odds are in ``odds``."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

SYMBOLS = ("skull", "shield", "bolt")


# --------------------------------------------------------------------------- dice maths
@dataclass(frozen=True, slots=True)
class DieStats:
    skull: float
    shield: float
    bolt: float


class Dice:
    """Expected symbols per die colour, and exact Quest chances, for one catalog."""

    def __init__(self, cat):
        self.stats: dict[str, DieStats] = {}
        faces: list[tuple[str, tuple[tuple[float, tuple[int, int, int]], ...]]] = []
        for colour, die in cat.dice.items():
            n = len(die.faces)
            self.stats[colour] = DieStats(*(sum(f.count(s) for f in die.faces) / n for s in SYMBOLS))
            dist: dict[tuple[int, int, int], float] = {}
            for f in die.faces:
                key = tuple(f.count(s) for s in SYMBOLS)
                dist[key] = dist.get(key, 0.0) + 1 / n
            faces.append((colour, tuple(sorted(dist.items()))))
        self.sk = {c: st.skull for c, st in self.stats.items()}
        self.sh = {c: st.shield for c, st in self.stats.items()}
        self.bo = {c: st.bolt for c, st in self.stats.items()}
        self.faces_key = tuple(sorted(faces))
        self.strength_order = tuple(cat.strength_order)

    def expect(self, colours, symbol: str) -> float:
        table = self.sk if symbol == "skull" else self.sh if symbol == "shield" else self.bo
        return sum(table.get(c, 0.0) for c in colours)

    def strength(self, colour: str) -> float:
        """How much a Unit rolling this die is worth in a fight."""
        return self.sk.get(colour, 0.0) + 0.5 * self.sh.get(colour, 0.0)

    def quest_chance(self, pool, goals, threshold: int) -> float:
        return _quest_chance(self.faces_key, tuple(sorted(pool)), tuple(goals), threshold)


@lru_cache(maxsize=8192)
def _quest_chance(faces_key, pool: tuple[str, ...], goals: tuple[tuple[str, int], ...], threshold: int) -> float:
    """Exact chance that rolling `pool` meets at least `threshold` of `goals` (symbol, count)."""
    faces = dict(faces_key)
    caps = [0, 0, 0]
    for sym, n in goals:
        i = SYMBOLS.index(sym)
        caps[i] = max(caps[i], n)
    dist: dict[tuple[int, int, int], float] = {(0, 0, 0): 1.0}
    for colour in pool:
        nxt: dict[tuple[int, int, int], float] = {}
        for (a, b, c), pr in dist.items():
            for (s, h, o), q in faces[colour]:
                key = (min(a + s, caps[0]), min(b + h, caps[1]), min(c + o, caps[2]))
                nxt[key] = nxt.get(key, 0.0) + pr * q
        dist = nxt
    total = 0.0
    for counts, pr in dist.items():
        met = sum(1 for sym, n in goals if counts[SYMBOLS.index(sym)] >= n)
        if met >= threshold:
            total += pr
    return total
