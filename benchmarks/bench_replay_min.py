"""The engine alone, fastest of many replays, for a busy machine: like bench_compare.py's engine
column, but each version's child replays its 10 heuristic 4-faction games 5 times per round over
3 alternating rounds and keeps the fastest CPU time (load from other work only ever slows a run).

    .venv/bin/python benchmarks/bench_replay_min.py ef5b1b2 main .     # first: the baseline
    ROUNDS=8 .venv/bin/python benchmarks/bench_replay_min.py ef5b1b2 main .   # more rounds, busier machine

Prints each version's engine games/s and its ratio to the first: from the fastest replay of all,
and from the median over the children of each child's fastest. On a VM one interpreter can run
the same code 20-30% slower than the next for its whole life (where its memory landed), so the
fastest of all rests on one lucky child; the median child is the steadier figure, and both are
printed."""
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_compare as bc  # noqa: E402
CHILD = "import json, sys, time\n" + bc.replay_games(10) + r"""
best = 1e9
for _ in range(5):
    t0 = time.process_time()
    for setup, answers in played:
        Game.replay(setup, answers)
    best = min(best, time.process_time() - t0)
print(json.dumps({"best": best}))
"""
def run(tree):
    env = dict(os.environ, PYTHONPATH=str(tree), UPRISING_CONTENT=str(tree / "content"), PYTHONDONTWRITEBYTECODE="1")
    out = subprocess.run([sys.executable, "-c", CHILD], cwd=tree, env=env, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])["best"]
revs = sys.argv[1:]
with tempfile.TemporaryDirectory() as tmp:
    trees = {r: (bc.ROOT if r == "." else bc.export(r, Path(tmp) / r.replace("/", "_"))) for r in revs}
    bests: dict[str, list[float]] = {r: [] for r in revs}  # each child's fastest
    for k in range(int(os.environ.get("ROUNDS", "3"))):
        for r in (revs if k % 2 == 0 else revs[::-1]):
            bests[r].append(run(trees[r]))
n = len(bests[revs[0]])
best = {r: min(v) for r, v in bests.items()}
mid = {r: statistics.median(v) for r, v in bests.items()}
for r in revs:
    print(f"{r:>10}: {10 / best[r]:6.2f} engine games/s fastest of {5 * n} replays of 10 games (ratio to {revs[0]}: "
          f"{best[revs[0]] / best[r]:.2f}x); median of {n} children {10 / mid[r]:6.2f} games/s "
          f"(ratio {mid[revs[0]] / mid[r]:.2f}x)")
