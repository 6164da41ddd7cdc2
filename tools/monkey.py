"""The client monkey, for big sweeps: seeded runs of random keys and clicks into the client.

    .venv/bin/python tools/monkey.py --runs 200 --keys 500 --seed 1
    .venv/bin/python tools/monkey.py --runs 1 --keys 500 --seed 137      # replay one run
    .venv/bin/python tools/monkey.py --runs 8 --keys 300 --strong        # bot seats are strong bots

Each run is one seed (tests/tui/monkey.py says what a seed decides and what is checked after every
key). A failing run prints its seed, its setup, what failed, the last keys pressed and the command
that replays it; the summary counts runs, keys, answers, finished games, the screens visited and
the decision kinds met. `--log FILE` appends one JSON line per run (to resume a sweep in chunks:
`--seed` where the last chunk stopped). Exits 1 if any run failed.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from tests.tui.monkey import Result, run_seed  # noqa: E402


def one(seed: int, keys: int, strong: bool = False) -> dict:
    t = time.process_time()
    r: Result = run_seed(seed, keys, strong)
    return {"seed": seed, "spec": r.spec.describe(), "ok": r.ok, "failure": r.failure, "keys": len(r.pressed),
            "last_keys": r.last_keys(), "where": r.where, "answers": r.answers, "finished": r.finished,
            "launches": r.launches, "screens": dict(r.screens), "kinds": dict(r.kinds),
            "cpu": round(time.process_time() - t, 2)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=20, help="how many runs (seeds seed .. seed+runs-1)")
    ap.add_argument("--keys", type=int, default=500, help="keys (and clicks) per run")
    ap.add_argument("--seed", type=int, default=1, help="the first run's seed")
    ap.add_argument("--jobs", type=int, default=1, help="runs at once (processes)")
    ap.add_argument("--log", metavar="FILE", help="append one JSON line per run to FILE")
    ap.add_argument("--strong", action="store_true",
                    help="every bot seat is the strong bot (a small budget), which thinks in a thread")
    args = ap.parse_args()
    if args.runs < 1 or args.keys < 1 or args.jobs < 1:
        ap.error("--runs, --keys and --jobs are at least 1")
    seeds = range(args.seed, args.seed + args.runs)
    start = time.time()
    screens: Counter = Counter()
    kinds: Counter = Counter()
    totals = Counter()
    failed = []
    log = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115
    try:
        if args.jobs == 1:
            results = (one(s, args.keys, args.strong) for s in seeds)
        else:
            pool = ProcessPoolExecutor(args.jobs)
            results = pool.map(one, seeds, [args.keys] * len(seeds), [args.strong] * len(seeds))
        for r in results:
            totals.update(runs=1, keys=r["keys"], answers=r["answers"], finished=int(r["finished"]),
                          launches=r["launches"])
            totals["cpu"] += r["cpu"]
            screens.update(r["screens"])
            kinds.update(r["kinds"])
            if log:
                log.write(json.dumps(r) + "\n")
                log.flush()
            status = "ok" if r["ok"] else "FAILED"
            print(f"{r['spec']}: {status} ({r['keys']} keys, {r['answers']} answers"
                  f"{', finished' if r['finished'] else ''}, {r['cpu']:.1f} s CPU)", flush=True)
            if not r["ok"]:
                failed.append(r)
                print(f"  where: {r['where']}\n  last keys: {r['last_keys']}\n"
                      f"  replay: .venv/bin/python tools/monkey.py --runs 1 --keys {args.keys} --seed {r['seed']}\n"
                      + "\n".join("  | " + line for line in (r["failure"] or "").rstrip().splitlines()[-25:]),
                      flush=True)
    finally:
        if log:
            log.close()
    print(f"\n{totals['runs']} runs, {totals['keys']} keys, {totals['answers']} answers, "
          f"{totals['finished']} games finished, {totals['launches']} launches, {len(failed)} failed; "
          f"{totals['cpu']:.0f} s CPU, {time.time() - start:.0f} s wall")
    print("screens (keys pressed on each): " + ", ".join(f"{k} {v}" for k, v in screens.most_common()))
    print(f"decision kinds met ({len(kinds)}): " + ", ".join(f"{k} {v}" for k, v in kinds.most_common()))
    if failed:
        print("failing seeds: " + " ".join(str(r["seed"]) for r in failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
