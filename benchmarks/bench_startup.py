"""Start-up, side by side in one run: a cold ``import uprising_tui.engine`` plus loading the
content catalog, against a cold ``import textual`` (the aim: the engine no slower).

    .venv/bin/python benchmarks/bench_startup.py               # 15 rounds
    .venv/bin/python benchmarks/bench_startup.py --repeats 30 --json

Each round runs every case once, in turn, each in a fresh interpreter (so nothing is warm but
the operating system's file cache), and takes two times: the whole process as the parent sees it
(interpreter start-up included), and the work alone as the child measures it (from its first
line to its last). It prints the median and the fastest of each, and the ratio of the engine's
medians to textual's. The rows:

* ``python``: an empty interpreter (the floor every row includes);
* ``textual``: ``import textual``;
* ``engine + catalog``: ``import uprising_tui.engine`` and ``load_catalog()`` with the default
  (libyaml) reader, what ``uprising`` and the client pay before the first screen;
* ``engine + catalog (pure YAML)``: the same with PyYAML's pure-Python reader, the old way.

A busy machine slows every row alike but adds noise: compare rows of one run, not two runs.

Bytecode: the children run with ``PYTHONDONTWRITEBYTECODE`` removed from their environment, so
the warm-up round leaves ``__pycache__`` files for this package as any install or first run
does (textual's come from pip). With it set, every round compiled this package's sources again
(~40 ms of the engine's row) while textual loaded its bytecode: ``--no-bytecode-cache`` keeps the
variable as it is, to see that old, unequal measure.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

CASES: dict[str, str] = {
    "python": "pass",
    "textual": "import textual",
    "engine + catalog": (
        "import uprising_tui.engine\n"
        "from uprising_tui.content.loader import default_catalog\n"
        "default_catalog()"),
    "engine + catalog (no cache)": (
        "import uprising_tui.engine\n"
        "from uprising_tui.content.loader import load_catalog\n"
        "load_catalog()"),
    "engine + catalog (no cache, pure YAML)": (
        "import uprising_tui.engine, yaml\n"
        "from uprising_tui.content.loader import load_catalog\n"
        "load_catalog(loader=yaml.SafeLoader)"),
}

CHILD = "import time\n_t0 = time.perf_counter()\n{body}\nprint(time.perf_counter() - _t0)\n"


ENV: dict[str, str] | None = None  # the children's environment (None: this one's)


CWD: dict[str, str] = {}  # a case run from another checkout (--baseline): its directory


def run_once(body: str, cwd: str | None = None) -> tuple[float, float]:
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", CHILD.format(body=body)], capture_output=True, text=True,
                         check=True, env=ENV, cwd=cwd)
    wall = time.perf_counter() - t0
    return wall, float(out.stdout.strip().splitlines()[-1])


def measure(repeats: int) -> dict[str, dict[str, float]]:
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in CASES}
    for _ in range(repeats):
        for name, body in CASES.items():
            times[name].append(run_once(body, CWD.get(name)))
    out = {}
    for name, pairs in times.items():
        walls, works = [p[0] for p in pairs], [p[1] for p in pairs]
        out[name] = {"process_median": statistics.median(walls), "process_min": min(walls),
                     "work_median": statistics.median(works), "work_min": min(works)}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=15, help="rounds (default 15)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--no-bytecode-cache", action="store_true",
                    help="keep PYTHONDONTWRITEBYTECODE if set (this package is then compiled every round)")
    ap.add_argument("--baseline", metavar="DIR",
                    help="also time engine + catalog from another checkout's source tree (e.g. an export of "
                         "main: `git archive main uprising_tui content | tar -x -C DIR`), side by side")
    args = ap.parse_args()
    global ENV
    if args.baseline:
        CASES["engine + catalog (baseline)"] = CASES["engine + catalog"]
        CWD["engine + catalog (baseline)"] = args.baseline
    if not args.no_bytecode_cache and "PYTHONDONTWRITEBYTECODE" in os.environ:
        ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for name, body in CASES.items():  # warm the file cache and the bytecode caches first
        run_once(body, CWD.get(name))
    res = measure(args.repeats)
    eng, tx = res["engine + catalog"], res["textual"]
    ratio = {"process": eng["process_median"] / tx["process_median"], "work": eng["work_median"] / tx["work_median"]}
    if args.json:
        cached_bc = ENV is not None or "PYTHONDONTWRITEBYTECODE" not in os.environ
        print(json.dumps({"repeats": args.repeats, "bytecode_cached": cached_bc, "cases": res,
                          "engine_over_textual": ratio}, indent=1))
        return
    uncached = args.no_bytecode_cache and "PYTHONDONTWRITEBYTECODE" in os.environ
    cached = "not cached: PYTHONDONTWRITEBYTECODE" if uncached else "cached"
    print(f"{args.repeats} rounds, each case in a fresh interpreter ({sys.executable}); bytecode {cached}")
    print(f"{'':<40} {'process median':>15} {'fastest':>9} {'work median':>12} {'fastest':>9}")
    for name, r in res.items():
        print(f"{name:<40} {1000 * r['process_median']:>12.1f} ms {1000 * r['process_min']:>6.1f} ms "
              f"{1000 * r['work_median']:>9.1f} ms {1000 * r['work_min']:>6.1f} ms")
    print(f"engine + catalog / textual: {ratio['process']:.2f}x (whole process), {ratio['work']:.2f}x (work alone)")
    if args.baseline:
        base = res["engine + catalog (baseline)"]
        print(f"baseline / textual: {base['process_median'] / tx['process_median']:.2f}x (whole process), "
              f"{base['work_median'] / tx['work_median']:.2f}x (work alone); engine + catalog / baseline: "
              f"{eng['work_median'] / base['work_median']:.2f}x (work alone)")


if __name__ == "__main__":
    main()
