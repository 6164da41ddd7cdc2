"""Engine speed, side by side: an older commit against this tree, in one run.

    .venv/bin/python benchmarks/bench_compare.py                        # ef5b1b2 vs the working tree
    .venv/bin/python benchmarks/bench_compare.py --old HEAD~5 --games 30 --factions 4 --rounds 5

Machines differ 3-5x in speed and a busy machine drifts, so figures from two runs cannot be
compared; this benchmark runs both versions in alternating rounds on the same machine and prints
each version's figures and the ratio new/old.

Each version is a separate source tree (the old one taken with ``git archive``), run in its own
fresh subprocess per round: it loads the catalog, warms up, then plays --games seeded games
(seeds --seed, --seed+1, ...) with one heuristic bot answering for every faction, and finally
replays every game's own answers with ``Game.replay`` (the engine alone, no bot). Both versions
play their own games (rule changes make the games differ), so the figures are per game:

* games/s  - whole games, bot included;
* engine games/s - replaying the answers of those games (the engine's own speed);
* decisions/game.

The default old commit, ef5b1b2, is the engine as it stood when the work on the engine's face
(issue 5) began: the baseline of its speed target.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "ef5b1b2"

# Runs inside each version's tree. Uses only APIs both old and new engines have.
CHILD = r"""
import json, sys, time
from uprising_tui import sim
from uprising_tui.engine import Game
games, factions, chapters, seed, difficulty = (int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]),
                                               int(sys.argv[4]), sys.argv[5])
cfg = sim.SimConfig(games=games, factions=factions, chapters=chapters, seed=seed, difficulty=difficulty)
sim.play_game(sim.SimConfig(factions=1, chapters=2).setup(0), "heuristic")  # warm up
played, total, bot, decisions = [], 0.0, 0.0, 0
for i in range(games):
    res, game = sim.play_game(cfg.setup(seed + i), "heuristic")
    if not res.ok:
        print(json.dumps({"error": f"seed {seed + i}: {res.error}"}))
        sys.exit(1)
    total += res.seconds
    bot += res.bot_seconds
    decisions += res.decisions
    played.append((game.setup, list(game.answers)))
t0 = time.perf_counter()
for setup, answers in played:
    Game.replay(setup, answers)
replay = time.perf_counter() - t0
print(json.dumps({"seconds": total, "bot_seconds": bot, "decisions": decisions,
                  "replay_seconds": replay, "games": games}))
"""


def replay_games(n: int) -> str:
    """Child-process code playing the first `n` of the replay benchmarks' games (heuristic bots,
    4 factions, 4 chapters, veteran, seeds from 1000) and keeping each game's setup and answers in
    `played`: the same games for bench_replay_min.py (timed) and bench_replay_instr.py (counted).

    With the environment's ``BENCH_SAME_ANSWERS`` naming a file, the first version run writes its
    games' answers there and every later version replays those answers (its own engine, the same
    games): the engines compared on one workload, whatever each version's bot would have chosen.
    A version whose rules refuse the answers says so (the bench stops)."""
    return f"""
import json as _json, os as _os
from uprising_tui import sim
from uprising_tui.engine import Game
cfg = sim.SimConfig(games=10, factions=4, chapters=4, seed=1000, difficulty="veteran")
played = []
_same = _os.environ.get("BENCH_SAME_ANSWERS")
if _same and _os.path.exists(_same):
    with open(_same) as _f:
        for i, answers in enumerate(_json.load(_f)[:{n}]):
            played.append((cfg.setup(1000 + i), answers))
else:
    for i in range({n}):
        res, game = sim.play_game(cfg.setup(1000 + i), "heuristic")
        played.append((game.setup, list(game.answers)))
    if _same:
        with open(_same, "w") as _f:
            _json.dump([a for _, a in played], _f)
"""


def export(rev: str, dest: Path) -> Path:
    """The tree of `rev` in `dest` (git archive: no .git, nothing untracked)."""
    dest.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)
    return dest


def run_version(tree: Path, args) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree), UPRISING_CONTENT=str(tree / "content"),
               PYTHONDONTWRITEBYTECODE="1")
    out = subprocess.run([sys.executable, "-c", CHILD, str(args.games), str(args.factions), str(args.chapters),
                          str(args.seed), args.difficulty], cwd=tree, env=env, capture_output=True, text=True)
    lines = out.stdout.strip().splitlines()
    if out.returncode != 0 or not lines:
        raise SystemExit(f"{tree}: the benchmark failed:\n{out.stdout}\n{out.stderr}")
    return json.loads(lines[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--old", default=BASELINE, help=f"the older commit (default {BASELINE})")
    ap.add_argument("--new", default=".", help="the newer commit, or '.' for the working tree (default)")
    ap.add_argument("--games", type=int, default=20, help="games per round (default 20)")
    ap.add_argument("--factions", type=int, default=4, choices=[1, 2, 3, 4])
    ap.add_argument("--chapters", type=int, default=4, choices=[2, 3, 4])
    ap.add_argument("--difficulty", default="veteran")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=3, help="alternating rounds per version (default 3)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="bench-compare-") as tmp:
        old = export(args.old, Path(tmp) / "old")
        new = ROOT if args.new == "." else export(args.new, Path(tmp) / "new")
        runs: dict[str, list[dict]] = {"old": [], "new": []}
        for r in range(args.rounds):
            for name, tree in (("old", old), ("new", new)) if r % 2 == 0 else (("new", new), ("old", old)):
                runs[name].append(run_version(tree, args))
                print(f"round {r + 1}/{args.rounds}: {name} done", file=sys.stderr)

    def figures(rs: list[dict]) -> dict:
        med = statistics.median
        return {
            "games_per_s": round(med(x["games"] / x["seconds"] for x in rs), 2),
            "engine_games_per_s": round(med(x["games"] / x["replay_seconds"] for x in rs), 2),
            "decisions_per_game": round(med(x["decisions"] / x["games"] for x in rs), 1),
            "bot_share": round(med(x["bot_seconds"] / x["seconds"] for x in rs), 3),
        }

    old_f, new_f = figures(runs["old"]), figures(runs["new"])
    ratio = {k: round(new_f[k] / old_f[k], 2) for k in ("games_per_s", "engine_games_per_s")}
    report = {"old": args.old, "new": args.new, "factions": args.factions, "chapters": args.chapters,
              "games": args.games, "rounds": args.rounds, "old_figures": old_f, "new_figures": new_f,
              "ratio_new_over_old": ratio}
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    print(f"{args.factions} factions, {args.chapters} chapters, {args.difficulty}, {args.games} games x "
          f"{args.rounds} rounds per version (medians of the rounds), heuristic bots, one core each")
    print(f"{'':>16}{'games/s':>12}{'engine games/s':>16}{'decisions/game':>16}{'bot share':>11}")
    for name, f in ((f"old {args.old}", old_f), (f"new {args.new}", new_f)):
        print(f"{name:>16}{f['games_per_s']:>12}{f['engine_games_per_s']:>16}{f['decisions_per_game']:>16}"
              f"{100 * f['bot_share']:>10.0f}%")
    print(f"{'new / old':>16}{ratio['games_per_s']:>11}x{ratio['engine_games_per_s']:>15}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
