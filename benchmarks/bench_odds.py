"""Exact odds against the engine's own fights: time, side by side, in one run.

    .venv/bin/python benchmarks/bench_odds.py                 # every setup, 5,000 engine fights each
    .venv/bin/python benchmarks/bench_odds.py --fights 1000 --only garrison skeleton --json

For each setup of ``uprising_tui.engine.odds.check.SETUPS`` it times:

* exact, cold: ``fight_odds`` with every cache dropped first (round distributions,
  solved combats, ...), as the first fight a program asks about;
* exact, warm: the same call again (the result is cached across calls);
* engine: --fights fights of the same setup played by the engine, the fight policy
  answering every decision (each from a copy of the same position);

and the ratios engine / exact. Figures taken on a busy machine are noisy.
"""
from __future__ import annotations

import argparse
import json
import statistics
import time

from uprising_tui.engine.odds import fight_odds
from uprising_tui.engine.odds.check import SETUPS, prepare, sample
from uprising_tui.engine.odds.library import forget


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fights", type=int, default=5000, help="engine fights per setup (default 5000)")
    ap.add_argument("--only", nargs="*", default=[], metavar="TEXT", help="setups whose name contains TEXT")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = []
    setups = [s for s in SETUPS if not args.only or any(t in s.name for t in args.only)]
    warm_up = prepare(setups[0])
    fight_odds(warm_up.game.cat, warm_up.spec)  # imports (numpy) and the catalog, not timed
    for s in setups:
        prep = prepare(s)
        cat = prep.game.cat
        forget(cat)
        t = time.perf_counter()
        fight_odds(cat, prep.spec)
        cold = time.perf_counter() - t
        t = time.perf_counter()
        fight_odds(cat, prep.spec)
        warm = time.perf_counter() - t
        t = time.perf_counter()
        sample(s, args.fights, seed=1, prep=prep)
        engine = time.perf_counter() - t
        rows.append({"setup": s.name, "exact_cold_s": cold, "exact_warm_s": warm, "engine_s": engine,
                     "ratio_cold": engine / cold, "ratio_warm": engine / max(warm, 1e-9)})
    if args.json:
        print(json.dumps({"fights": args.fights, "rows": rows}, indent=2))
        return
    print(f"{'setup':<40} {'exact cold':>11} {'exact warm':>11} {f'{args.fights} engine fights':>20} "
          f"{'ratio cold':>11} {'ratio warm':>11}")
    for r in rows:
        print(f"{r['setup']:<40} {r['exact_cold_s'] * 1000:9.1f}ms {r['exact_warm_s'] * 1e6:9.1f}us "
              f"{r['engine_s']:19.2f}s {r['ratio_cold']:10.0f}x {r['ratio_warm']:10.0f}x")
    cold = sum(r["exact_cold_s"] for r in rows)
    engine = sum(r["engine_s"] for r in rows)
    print(f"{'all setups':<40} {cold * 1000:9.1f}ms {sum(r['exact_warm_s'] for r in rows) * 1e6:9.1f}us "
          f"{engine:19.2f}s {engine / cold:10.0f}x")
    print(f"median ratio, cold: {statistics.median(r['ratio_cold'] for r in rows):.0f}x; "
          f"warm: {statistics.median(r['ratio_warm'] for r in rows):.0f}x")


if __name__ == "__main__":
    main()
