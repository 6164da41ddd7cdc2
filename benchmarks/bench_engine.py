"""Engine benchmark: full seeded bot games on one core, and replay (load / undo) time.

    .venv/bin/python benchmarks/bench_engine.py                 # 1, 2, 4 factions, 4 chapters
    .venv/bin/python benchmarks/bench_engine.py --games 50 --factions 4 --json

For each faction count it plays --games seeded games (seeds --seed, --seed+1, ...)
with one bot answering for every faction, in this process, and reports:

* games/s and decisions/s (whole games: engine + bot),
* the engine's decisions/s alone and the bot's share of the time,
* the median time of one game,
* replay: the median time of Game.load(save file) (a full replay with checksum)
  and of Game.undo() on a finished game, over --replays games.

The catalog is loaded (and the code imported) before timing starts.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uprising_tui import sim  # noqa: E402
from uprising_tui.engine import Game  # noqa: E402
from uprising_tui.engine.game import default_catalog  # noqa: E402

TARGET_GAMES_PER_S = 20.0  # full 4-faction, 4-chapter games on one core
TARGET_REPLAY_MS = 100.0


def bench(factions: int, games: int, chapters: int, seed: int, bot: str, replays: int, difficulty: str) -> dict:
    cfg = sim.SimConfig(games=games, factions=factions, chapters=chapters, seed=seed, bot=bot,
                        difficulty=difficulty)
    results = []
    finished: list[Game] = []
    for i in range(games):
        res, game = sim.play_game(cfg.setup(seed + i), bot)
        results.append(res)
        if res.ok and game is not None and len(finished) < replays:
            finished.append(game)
    ok = [r for r in results if r.ok]
    total = sum(r.seconds for r in ok)
    bot_s = sum(r.bot_seconds for r in ok)
    engine_s = total - bot_s
    decisions = sum(r.decisions for r in ok)
    load_ms, undo_ms = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for j, g in enumerate(finished):
            path = os.path.join(tmp, f"g{j}.json")
            g.save_to(path)
            t0 = time.perf_counter()
            loaded = Game.load(path)
            load_ms.append(1000 * (time.perf_counter() - t0))
            t0 = time.perf_counter()
            loaded.undo()
            undo_ms.append(1000 * (time.perf_counter() - t0))
    med = statistics.median
    return {
        "factions": factions,
        "games": games,
        "errors": [{"seed": r.seed, "error": r.error} for r in results if not r.ok],
        "games_per_s": round(len(ok) / total, 2) if total else 0.0,
        "decisions_per_game": round(decisions / len(ok), 1) if ok else 0.0,
        "decisions_per_s": round(decisions / total) if total else 0,
        "engine_decisions_per_s": round(decisions / engine_s) if engine_s else 0,
        "engine_share": round(engine_s / total, 3) if total else 0.0,
        "bot_share": round(bot_s / total, 3) if total else 0.0,
        "median_game_ms": round(1000 * med([r.seconds for r in ok]), 1) if ok else 0.0,
        "replay_load_ms": round(med(load_ms), 1) if load_ms else None,
        "undo_ms": round(med(undo_ms), 1) if undo_ms else None,
    }


def machine() -> dict:
    return {
        "date": datetime.date.today().isoformat(),
        "python": platform.python_version(),
        "platform": platform.platform(terse=True),
        "processor": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=40, help="games per faction count (default 40)")
    ap.add_argument("--factions", type=int, nargs="+", default=[1, 2, 4], choices=[1, 2, 3, 4])
    ap.add_argument("--chapters", type=int, default=4, choices=[2, 3, 4])
    ap.add_argument("--difficulty", default="veteran")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--bot", default="heuristic")
    ap.add_argument("--replays", type=int, default=9, help="finished games to time load/undo on (default 9)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    default_catalog()  # load content before timing
    sim.play_game(sim.SimConfig(factions=1, chapters=2).setup(0), args.bot)  # warm imports and caches
    rows = [bench(f, args.games, args.chapters, args.seed, args.bot, args.replays, args.difficulty)
            for f in args.factions]
    report = {"machine": machine(), "bot": args.bot, "chapters": args.chapters,
              "difficulty": args.difficulty, "seed": args.seed, "results": rows}
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    m = report["machine"]
    print(f"{m['date']}  Python {m['python']}  {m['platform']}  {m['cpus']} CPU(s)")
    print(f"{args.bot} bots, {args.chapters} chapters, {args.difficulty}, {args.games} games per row "
          f"(seeds {args.seed}..{args.seed + args.games - 1}), one core\n")
    head = ("factions", "games/s", "dec/game", "dec/s", "engine dec/s", "engine", "bot",
            "game ms (med)", "load ms (med)", "undo ms (med)")
    print("  ".join(f"{h:>13}" for h in head))
    for r in rows:
        cells = (r["factions"], f"{r['games_per_s']:.1f}", f"{r['decisions_per_game']:.0f}", r["decisions_per_s"],
                 r["engine_decisions_per_s"], f"{100 * r['engine_share']:.0f}%", f"{100 * r['bot_share']:.0f}%",
                 f"{r['median_game_ms']:.1f}", r["replay_load_ms"], r["undo_ms"])
        print("  ".join(f"{c!s:>13}" for c in cells))
        for e in r["errors"]:
            print(f"  error: seed {e['seed']}: {e['error']}")
    four = next((r for r in rows if r["factions"] == 4), None)
    if four and args.chapters == 4:
        ok = "meets" if four["games_per_s"] >= TARGET_GAMES_PER_S else "MISSES"
        print(f"\n4 factions: {four['games_per_s']:.1f} games/s {ok} the target of {TARGET_GAMES_PER_S:.0f}/s; "
              f"replay {four['replay_load_ms']} ms "
              f"({'meets' if (four['replay_load_ms'] or 1e9) < TARGET_REPLAY_MS else 'MISSES'} the {TARGET_REPLAY_MS:.0f} ms target)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
