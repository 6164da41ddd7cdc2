"""The engine's work in instructions, for a machine too busy to time: each version replays the
answers of its own first 3 heuristic 4-faction games (the games of bench_replay_min.py) once under
``valgrind --tool=callgrind``, and only the replay is counted (collection is switched on inside a
``functools.reduce`` that the engine never calls). Load from other work does not change the count.

    .venv/bin/python benchmarks/bench_replay_instr.py ef5b1b2 main .     # needs valgrind
    REPLAYS=3 .venv/bin/python benchmarks/bench_replay_instr.py main HEAD   # each game replayed 3 times
    SAME=1 .venv/bin/python benchmarks/bench_replay_instr.py 3b5275b HEAD   # one workload: the first version's games

By default each version replays the games its own bot plays, so a change to the bots changes the
workload (longer games, more fights) as well as the engine; with SAME=1 the first version's
answers are replayed by every version (the engine alone compared; needs the versions' rules to
agree on those games, as the fingerprint says they do).

The count includes the cycle collector's passes that fall inside the replay, and where they fall
depends on everything the process holds (a tree whose catalog comes from the disk cache, as `.`
does, holds less than an exported tree, which parses the YAML): one replay can count a few per
cent more or less for that alone. REPLAYS (default 1) replays the games that many times and
prints the count per replay, which evens that out; compare exported commits (not `.`) when the
difference sought is small. WARM=1 replays all 3 games before the count (by default only the
first), so that nothing made on first use in the process (an event class's constructor, a shared
Ref) is counted: what a timed replay pays. With SAME=1 the first version also plays the games in its
own process, which inflates its count: name a version twice and read the later figures
(``SAME=1 WARM=1 ... HEAD main HEAD~0``: the same commit, named apart). NOGC=1 switches the cycle
collector off in the child and fixes the hash seed (PYTHONHASHSEED=0): the count is then the same
from one run to the next, where with the collector on a change that moves where its passes fall
moves the count by up to about 1 M (more than most single cuts).

Prints each version's instructions and how many fewer than the first version it runs. Each
version's games are played by its own bot first (not counted), as in bench_replay_min.py.
An instruction count is not a time: an older engine may run more instructions per second."""
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_compare as bc  # noqa: E402

CHILD = "import functools\n" + bc.replay_games(3) + r"""
for sa in played[:WARM]:
    Game.replay(*sa)  # warm: generated __init__s, first-use imports
functools.reduce(lambda _, sa: Game.replay(*sa), played * REPLAYS, None)  # the part counted
"""
REPLAYS = int(os.environ.get("REPLAYS", "1"))
WARM = 3 if os.environ.get("WARM") else 1  # games replayed before the count
CHILD = f"REPLAYS = {REPLAYS}\nWARM = {WARM}\n" + CHILD
NOGC = bool(os.environ.get("NOGC"))
if NOGC:
    CHILD = "import gc\ngc.disable()\n" + CHILD


def count(tree: Path, out: Path, same: Path | None) -> int:
    env = dict(os.environ, PYTHONPATH=str(tree), UPRISING_CONTENT=str(tree / "content"), PYTHONDONTWRITEBYTECODE="1")
    if same is not None:
        env["BENCH_SAME_ANSWERS"] = str(same)
    if NOGC:
        env["PYTHONHASHSEED"] = "0"
    run = subprocess.run(["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=functools_reduce*",
                          f"--callgrind-out-file={out}", sys.executable, "-c", CHILD],
                         cwd=tree, env=env, capture_output=True, text=True)
    got = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode or not got:
        raise SystemExit(f"{tree}: callgrind failed:\n{run.stderr[-2000:]}")
    return int(got.group(1)) // REPLAYS


revs = sys.argv[1:] or [bc.BASELINE, "."]
with tempfile.TemporaryDirectory() as tmp:
    trees = {r: (bc.ROOT if r == "." else bc.export(r, Path(tmp) / r.replace("/", "_"))) for r in revs}
    same = Path(tmp) / "answers.json" if os.environ.get("SAME") else None
    ir = {r: count(trees[r], Path(tmp) / f"cg-{i}.out", same) for i, r in enumerate(revs)}
per = f", mean of {REPLAYS} replays" if REPLAYS > 1 else ""
per += f", the games of {revs[0]}" if os.environ.get("SAME") else ", each version's own games"
per += ", collector off" if NOGC else ""
for r in revs:
    print(f"{r:>10}: {ir[r] / 1e6:8.1f} M instructions (replaying 3 games once{per})  {ir[revs[0]] / ir[r]:.2f}x fewer than {revs[0]}")
