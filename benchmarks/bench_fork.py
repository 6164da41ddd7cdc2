"""A copy of a game in play: engine/fork.py's fork (a phase snapshot and the answers since) beside a
full replay from the setup (what undo and load do), in one run.

    .venv/bin/python benchmarks/bench_fork.py                 # 1, 2 and 4 factions, 4 Chapters
    .venv/bin/python benchmarks/bench_fork.py --games 3 --json

Each game is played once by the heuristic bot; then at every 10th answer both copies are made of
the game at that point and timed (the mirror is kept in step as the game goes, as the strong bot
keeps it; its own cost, one replay of each answer, is not counted). It prints the mean time of
each, the ratio, how many answers a fork replayed on average, and a fork of a sampled world
(sandbox.py: the fork plus every hidden thing dealt again). Figures taken while other work runs
are noisy; the ratio is steadier.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uprising_tui.bots import get_bot  # noqa: E402
from uprising_tui.engine import Game, Setup  # noqa: E402
from uprising_tui.engine.sandbox import Sandboxes  # noqa: E402

FACTIONS = ["druwhn", "duerkhar", "krowh", "mohyar"]


def measure(n: int, seed: int) -> dict:
    game = Game(Setup(factions=FACTIONS[:n], seed=seed, auto_ties=True)).start()
    bot = get_bot("heuristic", seed)
    sb = Sandboxes(game)
    fork_t = replay_t = world_t = 0.0
    points = replayed = 0
    while game.decision is not None:
        game.answer(bot.choose(game, game.decision))
        if len(game.answers) % 10 or game.decision is None:
            continue
        sb.sync()
        t = time.perf_counter()
        sb.mirror.fork()
        fork_t += time.perf_counter() - t
        t = time.perf_counter()
        Game.replay(game.setup, game.answers)
        replay_t += time.perf_counter() - t
        t = time.perf_counter()
        sb.world(points)
        world_t += time.perf_counter() - t
        replayed += sb.mirror.replayed_since_snapshot()
        points += 1
    return {"factions": n, "seed": seed, "answers": len(game.answers), "points": points,
            "fork_ms": 1000 * fork_t / points, "replay_ms": 1000 * replay_t / points,
            "world_ms": 1000 * world_t / points, "replayed": replayed / points}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2, help="games per faction count")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    rows = [measure(n, 100 + i) for n in (1, 2, 4) for i in range(args.games)]
    if args.json:
        print(json.dumps(rows))
        return 0
    print("factions  answers  copies  full replay ms  fork ms  ratio  answers replayed  sampled world ms")
    for n in (1, 2, 4):
        rs = [r for r in rows if r["factions"] == n]
        k = len(rs)
        rep, frk = sum(r["replay_ms"] for r in rs) / k, sum(r["fork_ms"] for r in rs) / k
        print(f"{n:>8}  {sum(r['answers'] for r in rs) / k:7.0f}  {sum(r['points'] for r in rs):6d}  {rep:14.1f}  "
              f"{frk:7.1f}  {rep / frk:4.1f}x  {sum(r['replayed'] for r in rs) / k:16.1f}  "
              f"{sum(r['world_ms'] for r in rs) / k:16.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
