"""Play many seeded games and check every invariant after every answer.

    .venv/bin/python tools/sweep_invariants.py --start 1000 --stop 4000 --bot random
    .venv/bin/python tools/sweep_invariants.py --start 5000 --stop 5600 --bot heuristic

Setups cycle through every faction count, chapter count and difficulty (tests/test_random_games.py).
Prints one line per failing seed and a summary; exits 1 if any game broke an invariant.
"""
from __future__ import annotations

import argparse
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from tests.invariants import check  # noqa: E402
from tests.test_random_games import setup_for  # noqa: E402
from uprising_tui.bots import get_bot  # noqa: E402
from uprising_tui.engine import Game  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--stop", type=int, default=200)
    ap.add_argument("--bot", default="random", choices=("random", "heuristic"))
    args = ap.parse_args()
    bad = 0
    for seed in range(args.start, args.stop):
        g = Game(setup_for(seed)).start()
        bot = get_bot(args.bot, seed)
        try:
            vp = check(g)
            while g.decision is not None:
                g.answer(bot.choose(g, g.decision))
                vp = check(g, vp)
        except Exception as exc:  # report and go on
            bad += 1
            print(f"seed {seed}: {type(exc).__name__}: {str(exc)[:300]}", flush=True)
    print(f"{args.stop - args.start} {args.bot} games, {bad} broke an invariant")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
