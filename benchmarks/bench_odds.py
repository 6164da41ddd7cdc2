"""Exact odds against the engine's own fights: time, side by side, in one run.

    .venv/bin/python benchmarks/bench_odds.py                         # every setup, 5,000 engine fights each
    .venv/bin/python benchmarks/bench_odds.py --compare main --fights 300
    .venv/bin/python benchmarks/bench_odds.py --fights 1000 --only garrison skeleton --json

For each setup of ``uprising_tui.engine.odds.check.SETUPS`` it times:

* exact, cold: ``fight_odds`` with every cache dropped first (``library.forget``: round
  distributions, solved combats, ...), as the first fight a program asks about; the best of
  --repeat tries, in process time (time the machine gives other work is not counted);
* exact, warm: the same call again (the result is cached across calls);
* engine: --fights fights of the same setup played by the engine, the fight policy
  answering every decision (each from a copy of the same position), and the ratios
  engine / exact;

with --compare REV, the cold and warm times of that commit's tree beside these (taken with
``git archive`` and run in a child process with the same Python, before this tree's), and the
ratio; with --instructions, the instructions of some setups' cold solves counted by valgrind's
callgrind (load-proof) for both trees. The aim (issue 21) is every setup cold within 100 ms:
the rows over it are marked.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

AIM = 0.100  # seconds, cold


def exact_times(setups, repeat: int) -> dict:
    """{setup: (cold s, warm s)}: cold the best of `repeat` (every cache dropped each time)."""
    from uprising_tui.engine.odds import fight_odds
    from uprising_tui.engine.odds.check import prepare
    from uprising_tui.engine.odds.library import forget
    warm_up = prepare(setups[0])
    fight_odds(warm_up.game.cat, warm_up.spec)  # imports (numpy) and the catalog, not timed
    out = {}
    for s in setups:
        prep = prepare(s)
        cat = prep.game.cat
        cold = None
        for _ in range(repeat):
            forget(cat)
            t = time.process_time()
            fight_odds(cat, prep.spec)
            took = time.process_time() - t
            cold = took if cold is None else min(cold, took)
        t = time.perf_counter()
        for _ in range(100):
            fight_odds(cat, prep.spec)
        out[s.name] = (cold, (time.perf_counter() - t) / 100)
    return out


CHILD_INSTR = """
import functools, sys
from uprising_tui.engine.odds import fight_odds
from uprising_tui.engine.odds.check import SETUPS, prepare
from uprising_tui.engine.odds.library import forget
names = sys.argv[1:]
warm = prepare(SETUPS[0]); fight_odds(warm.game.cat, warm.spec)
for name in names:
    prep = prepare(next(s for s in SETUPS if s.name == name))
    forget(prep.game.cat)
    functools.reduce(lambda a, b: fight_odds(prep.game.cat, prep.spec), [0, 0])  # counted: inside reduce only
"""


def instructions(tree: Path | None, names: list[str]) -> dict:
    """{setup: instructions of its cold solve} under callgrind (only what runs inside the one
    ``functools.reduce`` call around each solve is counted; a dump after each)."""
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, PYTHONHASHSEED="0")
        if tree is not None:
            env.update(PYTHONPATH=str(tree), UPRISING_CONTENT=str(tree / "content"))
        out = Path(tmp) / "cg"
        got = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--collect-atstart=no",
                              "--toggle-collect=functools_reduce", "--dump-after=functools_reduce",
                              sys.executable, "-c", CHILD_INSTR, *names], cwd=tree or Path.cwd(), env=env,
                             capture_output=True, text=True)
        if got.returncode != 0:
            raise SystemExit(f"callgrind failed:\n{got.stderr[-2000:]}")
        counts = {}
        for i, name in enumerate(names, 1):
            for line in Path(f"{out}.{i}").read_text().splitlines():
                if line.startswith(("summary:", "totals:")):
                    counts[name] = int(line.split()[1])
                    break
        return counts


def other_tree(rev: str, args) -> dict:
    """exact_times of commit `rev`'s tree, in a child process."""
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "tree"
        tree.mkdir()
        archive = subprocess.run(["git", "-C", str(root), "archive", rev], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
        env = dict(os.environ, PYTHONPATH=str(tree), UPRISING_CONTENT=str(tree / "content"))
        cmd = [sys.executable, __file__, "--child", "--repeat", str(args.repeat), "--only", *args.only]
        got = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True)
        if got.returncode != 0:
            raise SystemExit(f"{rev}: the benchmark failed:\n{got.stdout}\n{got.stderr}")
        times = {k: tuple(v) for k, v in json.loads(got.stdout.strip().splitlines()[-1]).items()}
        if args.instructions:
            for k, n in instructions(tree, args.instructions).items():
                times[k] = times[k] + (n,)
        return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fights", type=int, default=5000, help="engine fights per setup (default 5000; 0: none)")
    ap.add_argument("--only", nargs="*", default=[], metavar="TEXT", help="setups whose name contains TEXT")
    ap.add_argument("--repeat", type=int, default=3, help="cold tries per setup, the best kept (default 3)")
    ap.add_argument("--compare", metavar="REV", help="also time this commit's tree (e.g. main), side by side")
    ap.add_argument("--instructions", nargs="*", default=None, metavar="SETUP",
                    help="also count the instructions of these setups' cold solves (whole names; none: the five "
                         "slowest) under valgrind's callgrind, load-proof (slow: a minute or more a tree)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    from uprising_tui.engine.odds.check import SETUPS, prepare, sample
    setups = [s for s in SETUPS if not args.only or any(t in s.name for t in args.only)]
    if args.child:  # (inside --compare: this tree is the other commit's)
        print(json.dumps(exact_times(setups, args.repeat)))
        return
    if args.instructions == []:
        args.instructions = ["skeletons x2 + siren 3", "counter of omens 2, ice", "lich queen 3 + coven 3",
                             "the Capital with the butcher 3", "warlock 6 attacks Haven+Tower+Wall"]
    old = other_tree(args.compare, args) if args.compare else {}
    ours = exact_times(setups, args.repeat)
    counted = instructions(None, args.instructions) if args.instructions else {}
    rows = []
    for s in setups:
        cold, warm = ours[s.name]
        row = {"setup": s.name, "exact_cold_s": cold, "exact_warm_s": warm}
        if s.name in old:
            row.update(old_cold_s=old[s.name][0], old_warm_s=old[s.name][1], speedup=old[s.name][0] / cold)
        if s.name in counted:
            row["instructions"] = counted[s.name]
            if s.name in old and len(old[s.name]) > 2:
                row["old_instructions"] = old[s.name][2]
        if args.fights:
            t = time.perf_counter()
            sample(s, args.fights, seed=1, prep=prepare(s))
            row["engine_s"] = engine = time.perf_counter() - t
            row["ratio_cold"], row["ratio_warm"] = engine / cold, engine / max(warm, 1e-9)
        rows.append(row)
    over = [r for r in rows if r["exact_cold_s"] > AIM]
    summary = {"setups": len(rows), "over_100ms": len(over), "worst_cold_s": max(r["exact_cold_s"] for r in rows),
               "total_cold_s": sum(r["exact_cold_s"] for r in rows)}
    if old:
        summary.update(old_over_100ms=sum(1 for r in rows if r.get("old_cold_s", 0) > AIM),
                       old_worst_cold_s=max(r.get("old_cold_s", 0) for r in rows),
                       old_total_cold_s=sum(r.get("old_cold_s", 0) for r in rows))
    if args.json:
        print(json.dumps({"fights": args.fights, "compare": args.compare, "rows": rows, "summary": summary},
                         indent=2))
        return
    head = f"{'setup':<40} {'cold':>9}"
    if old:
        head += f" {args.compare + ' cold':>12} {'speedup':>8}"
    head += f" {'warm':>9}" + (f" {args.compare + ' warm':>12}" if old else "")
    if args.fights:
        head += f" {f'{args.fights} engine fights':>20} {'ratio cold':>11}"
    print(head)
    for r in rows:
        line = f"{r['setup']:<40} {r['exact_cold_s'] * 1000:7.1f}ms"
        if old:
            line += f" {r['old_cold_s'] * 1000:10.1f}ms {r['speedup']:7.1f}x"
        line += f" {r['exact_warm_s'] * 1e6:7.1f}us" + (f" {r['old_warm_s'] * 1e6:10.1f}us" if old else "")
        if args.fights:
            line += f" {r['engine_s']:19.2f}s {r['ratio_cold']:10.0f}x"
        print(line + ("  > 100 ms" if r["exact_cold_s"] > AIM else ""))
    line = f"{'all setups':<40} {summary['total_cold_s'] * 1000:7.1f}ms"
    if old:
        line += f" {summary['old_total_cold_s'] * 1000:10.1f}ms {summary['old_total_cold_s'] / summary['total_cold_s']:7.1f}x"
    print(line)
    print(f"cold over 100 ms: {summary['over_100ms']} of {len(rows)}, worst {summary['worst_cold_s'] * 1000:.1f} ms"
          + (f"; {args.compare}: {summary['old_over_100ms']}, worst {summary['old_worst_cold_s'] * 1000:.1f} ms"
             if old else "") + " (process time, best of %d)" % args.repeat)
    if args.fights:
        print(f"median ratio engine / exact, cold: {statistics.median(r['ratio_cold'] for r in rows):.0f}x; "
              f"warm: {statistics.median(r['ratio_warm'] for r in rows):.0f}x")
    if counted:
        print(f"\ninstructions of a cold solve (callgrind){' , ' + args.compare + ' beside' if old else ''}:")
        for r in rows:
            if "instructions" in r:
                line = f"  {r['setup']:<40} {r['instructions'] / 1e6:9.1f} M"
                if "old_instructions" in r:
                    line += f" {r['old_instructions'] / 1e6:9.1f} M  {r['old_instructions'] / r['instructions']:5.2f}x fewer"
                print(line)


if __name__ == "__main__":
    main()
