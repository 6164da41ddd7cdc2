"""Each Quest's chance to be solved by each Hero, exactly: what the content review's aim
("every Quest solvable by the best Hero at least 25% of the time", issue 23) is measured with.

For every Hero and Quest: the Hero's own Hero Dice (Might red, Magic purple, Leadership blue,
Guile white or yellow, the best split), plus the Quest's printed bonus dice when the Hero stands
where the bonus asks (the Hero can walk there: terrain, a Curse, a Sea Tower, a Haven, or
always; a die "of your choice" is the best colour). Items, Feats and rerolls are not counted.
The chance is exact: each die's faces give a distribution of (Skulls, Shields, Bolts), the dice
are convolved, and the goals are checked on every total (no sampling). It stands in for the
engine's Quest odds (engineer table's ``engine/odds`` on their branch) until that lands.

    python tools/quest_odds.py [--content DIR] [--min 25] [--json]

Exit 1 when some Quest's best Hero is below --min per cent.
"""
from __future__ import annotations

import argparse
import itertools
import json
import sys
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uprising_tui.content.loader import load_catalog  # noqa: E402

SYMBOLS = ("skull", "shield", "bolt")


def die_dist(cat, colour: str) -> dict[tuple[int, int, int], Fraction]:
    out: dict[tuple[int, int, int], Fraction] = {}
    for face in cat.dice[colour].faces:
        key = tuple(face.count(s) for s in SYMBOLS)
        out[key] = out.get(key, Fraction(0)) + Fraction(1, 6)
    return out


def pool_dist(cat, pool: tuple[str, ...]) -> dict[tuple[int, int, int], Fraction]:
    @lru_cache(maxsize=None)
    def one(colour):
        return tuple(die_dist(cat, colour).items())

    total = {(0, 0, 0): Fraction(1)}
    for colour in pool:
        nxt: dict[tuple[int, int, int], Fraction] = {}
        for (a, b, c), p in total.items():
            for (x, y, z), q in one(colour):
                k = (a + x, b + y, c + z)
                nxt[k] = nxt.get(k, Fraction(0)) + p * q
        total = nxt
    return total


def solve_chance(cat, quest, pool: tuple[str, ...]) -> Fraction:
    got = Fraction(0)
    for counts, p in pool_dist(cat, pool).items():
        have = dict(zip(SYMBOLS, counts))
        met = sum(1 for g in quest.goals if have[g.symbol] >= g.count)
        if met >= quest.threshold:
            got += p
    return got


def hero_pools(hero) -> list[tuple[str, ...]]:
    base = ("red",) * hero.might + ("purple",) * hero.magic + ("blue",) * hero.leadership
    return [base + ("white",) * w + ("yellow",) * (hero.guile - w) for w in range(hero.guile + 1)]


def bonus_variants(cat, quest) -> list[tuple[str, tuple[str, ...]]]:
    """(where the Hero stands, the bonus dice): none, or each bonus it can meet (all 'always' ones
    are always in). A die of your choice tries every colour."""
    always = [b for b in quest.bonus if b.when == "always"]
    base: list[str] = [c for b in always for c in b.dice]
    choice = sum(b.any_die for b in always)
    out = []
    for extra in itertools.combinations_with_replacement(sorted(cat.dice), choice):
        out.append(("anywhere", tuple(base) + extra))
    for b in quest.bonus:
        if b.when == "always":
            continue
        where = b.when if b.when != "terrain" else f"on {b.terrain}"
        for extra in itertools.combinations_with_replacement(sorted(cat.dice), choice + b.any_die):
            out.append((where, tuple(base) + tuple(b.dice) + extra))
    return out


def odds(cat) -> dict[str, dict[str, tuple[float, str]]]:
    """quest -> hero -> (best chance, where)."""
    table: dict[str, dict[str, tuple[float, str]]] = {}
    for qid, q in cat.quests.items():
        row = {}
        for hid, hero in cat.heroes.items():
            best, where = Fraction(0), "anywhere"
            for pool in hero_pools(hero):
                for spot, extra in bonus_variants(cat, q):
                    c = solve_chance(cat, q, pool + extra)
                    if c > best:
                        best, where = c, spot
            row[hid] = (float(best), where)
        table[qid] = row
    return table


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--content", default=None)
    ap.add_argument("--min", type=float, default=25.0, help="the aim for the best Hero, in per cent")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    cat = load_catalog(args.content)
    table = odds(cat)
    low = []
    if args.json:
        print(json.dumps({q: {h: round(100 * c, 2) for h, (c, _) in row.items()} for q, row in table.items()},
                         sort_keys=True))
    heroes = list(cat.heroes)
    if not args.json:
        print(f"{'Quest':<32}" + "".join(f"{cat.heroes[h].name[:8]:>9}" for h in heroes) + "   best")
    for qid, row in table.items():
        best_h = max(row, key=lambda h: row[h][0])
        best = 100 * row[best_h][0]
        if best < args.min:
            low.append(qid)
        if not args.json:
            cells = "".join(f"{100 * row[h][0]:>8.1f}%" for h in heroes)
            print(f"{cat.quests[qid].name[:32]:<32}{cells}   {best:5.1f}% {cat.heroes[best_h].name}"
                  f" ({row[best_h][1]}){'  LOW' if best < args.min else ''}")
    if not args.json:
        print(f"{len(low)} Quest(s) whose best Hero solves them less than {args.min:g}% of the time"
              + (": " + ", ".join(low) if low else ""))
    return 1 if low else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
