"""Dice maths and combat estimates for the heuristic bot (pure functions, cached)."""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

SYMBOLS = ("skull", "shield", "bolt")
MAX_ROUNDS = 8


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


# --------------------------------------------------------------------------- combat estimate
class Foe:
    """An enemy group as the estimate sees it: hit points, VP for destroying it,
    and its expected (Skulls, Shields) for a part of combat at a given strength."""
    __slots__ = ("key", "hp", "vp", "dice", "skip_archery", "no_shields", "_memo")

    def __init__(self, key: str, hp: float, vp: int, dice: Callable[[str, int], list[str]], *,
                 skip_archery: bool = False, no_shields: bool = False):
        self.key = key  # what it is ('garrisons', a card id, ...): with hp, names its strength
        self.hp = hp
        self.vp = vp
        self.dice = dice  # (part, hp) -> colours
        self.skip_archery = skip_archery
        self.no_shields = no_shields  # our Shields do not count
        self._memo: dict[tuple[str, int], tuple[float, float]] = {}

    def expect(self, dice: "Dice", part: str, hp: int) -> tuple[float, float]:
        key = (part, hp)
        got = self._memo.get(key)
        if got is None:
            colours = self.dice(part, hp)
            got = self._memo[key] = (dice.expect(colours, "skull"), dice.expect(colours, "shield"))
        return got


def _ceil(x: float) -> int:
    return max(0, math.ceil(x - 1e-9))


def estimate_fight(dice: Dice, mine: list[tuple[str, bool]], foes: list[Foe]) -> float:
    """Expected Units left after fighting `foes` one after another (<= 0: we lose).

    `mine` is (die colour, shoots in Archery) per Unit, strongest first; hits
    take the weakest Units first. Expected values only: quick, rough, monotone.
    """
    # prefix sums: expected (skull, shield, bolt) of the first k Units, per part
    sums = {"archery": [(0.0, 0.0, 0.0)], "clash": [(0.0, 0.0, 0.0)]}
    for colour, archer in mine:
        e = (dice.sk.get(colour, 0.0), dice.sh.get(colour, 0.0), dice.bo.get(colour, 0.0))
        for part in ("archery", "clash"):
            a, b, c = sums[part][-1]
            if part == "clash" or archer:
                sums[part].append((a + e[0], b + e[1], c + e[2]))
            else:
                sums[part].append((a, b, c))
    hp = float(len(mine))
    for foe in foes:
        ehp = float(foe.hp)
        rounds = MAX_ROUNDS if foe.skip_archery else MAX_ROUNDS + 1
        for r in range(rounds):
            if hp <= 0 or ehp <= 0:
                break
            part = "clash" if (r > 0 or foe.skip_archery) else "archery"
            my_sk, my_sh, my_bo = sums[part][min(_ceil(hp), len(mine))]
            en_sk, en_sh = foe.expect(dice, part, _ceil(ehp))
            if foe.no_shields:
                my_sh = 0.0
            on_them = my_sk - en_sh + my_bo if en_sh > my_bo else my_sk
            if on_them < 0:
                on_them = 0.0
            on_us = en_sk - my_sh
            ehp -= on_them
            if on_us > 0:
                hp -= on_us
            if part == "clash" and on_them <= 0.05:
                return -1.0  # a stalemate we cannot break
        if ehp > 0:
            return min(hp, 0.0) - 1.0
    return hp
