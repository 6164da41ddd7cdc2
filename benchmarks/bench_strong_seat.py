"""A Strong seat's thinking time per Decision, two budgets side by side on the same game.

    .venv/bin/python benchmarks/bench_strong_seat.py                          # the default against the old default
    .venv/bin/python benchmarks/bench_strong_seat.py --factions 2 --specs strong strong:rollouts=48

One game per budget (the balance lab's setup for `--seed`, Veteran, `--chapters`), every seat played
by the bot under test; each answer's CPU time is taken (process time, so a busy machine inflates it
less than the clock). It prints the median, 90th and 99th percentile and the worst, the Decisions
over 1 s and the whole game's time, and each budget's total as a ratio to the first's. The client
runs a Strong seat's choice in a thread (screens/game_playback.py), so these are waits for the
bot's answer, not frozen keys; `bench_advisor.py` prints how late a 5 ms tick comes meanwhile.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uprising_tui.balance.run import lab_setup  # noqa: E402
from uprising_tui.bots import get_bot  # noqa: E402
from uprising_tui.engine.game import Game  # noqa: E402
from uprising_tui.sim import SimConfig  # noqa: E402

OLD_DEFAULT = "strong:rollouts=32,width=4,pool=rank"  # the default until 2026-12-03


def times(spec: str, factions: int, chapters: int, seed: int) -> list[float]:
    cfg = SimConfig(factions=factions, chapters=chapters, difficulty="veteran", bot="heuristic")
    setup, cat = lab_setup(cfg, seed)
    game = Game(setup, cat).start()
    bot = get_bot(spec, seed)
    out = []
    while game.decision is not None:
        t = time.process_time()
        answer = bot.choose(game, game.decision)
        out.append(time.process_time() - t)
        game.answer(answer)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--factions", type=int, default=4)
    ap.add_argument("--chapters", type=int, default=2)
    ap.add_argument("--seed", type=int, default=9)
    ap.add_argument("--specs", nargs="+", default=["strong", OLD_DEFAULT], help="bots to compare")
    args = ap.parse_args()
    rows = []
    for spec in args.specs:
        ts = sorted(times(spec, args.factions, args.chapters, args.seed))
        rows.append((spec, ts))
    first = sum(rows[0][1])
    print(f"{args.factions} factions, {args.chapters} Chapters, Veteran, seed {args.seed}: CPU seconds per Decision")
    for spec, ts in rows:
        n = len(ts)
        print(f"  {spec:44s} {n:4d} decisions  median {ts[n // 2]:.3f}  p90 {ts[int(n * 0.9)]:.3f}  "
              f"p99 {ts[int(n * 0.99)]:.3f}  worst {ts[-1]:.3f}  over 1 s: {sum(t > 1 for t in ts):3d}  "
              f"game {sum(ts):6.1f} s ({sum(ts) / first:.2f}x the first)")


if __name__ == "__main__":
    main()
