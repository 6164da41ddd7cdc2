"""The strong bot's strength: its win rate minus the heuristic bot's on the same setups (paired).

    .venv/bin/python benchmarks/strength.py --games 400 --factions 1 --difficulty veteran \\
        --bot strong:rollouts=24 --jobs 2 --out runs/v1.jsonl
    .venv/bin/python benchmarks/strength.py --report runs/v1.jsonl      # the table of a (partial) run
    .venv/bin/python benchmarks/strength.py --report runs/v1.jsonl runs/v1_b.jsonl   # two budgets, paired

Game i of a cell uses seed S+i and the balance lab's setup for it (the first K factions, Heroes
by the seed, ties auto-decided), once with each bot. Every finished game is appended to ``--out``
as one JSON line, so a long run can be stopped and started again (games already there are not
played again) and read while it runs. The table gives each bot's win rate, the paired difference
(strong less heuristic) with a 95% interval from the per-setup differences (normal approximation,
n >= 30), the mean paired difference of the margin (the lowest player's VP less the stronger
Nemesis's), and the strong bot's seconds per game.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uprising_tui.balance.run import record_game  # noqa: E402
from uprising_tui.cluster import ordered_map  # noqa: E402
from uprising_tui.sim import SimConfig  # noqa: E402

BASELINE = "heuristic"


def _task(task: tuple) -> dict:
    bot, factions, difficulty, chapters, seed = task
    cfg = SimConfig(factions=factions, chapters=chapters, difficulty=difficulty, bot=bot)
    t0 = time.process_time()
    rec = record_game(cfg, seed)
    margin = (min(rec.players_vp) - max(rec.empire, rec.chaos)) if rec.players_vp else None
    return {"bot": bot, "factions": factions, "difficulty": difficulty, "chapters": chapters, "seed": seed,
            "win": rec.win, "margin": margin, "error": rec.error, "seconds": round(rec.seconds, 2),
            "cpu": round(time.process_time() - t0, 2)}


def read(path: Path) -> list[dict]:
    if not path.exists():
        return []
    out = []
    for line in path.read_text().splitlines():
        if line.strip():
            out.append(json.loads(line))
    return out


def table(rows: list[dict]) -> str:
    cells: dict[tuple, dict[str, dict[int, dict]]] = {}
    for r in rows:
        key = (r["factions"], r["difficulty"], r["chapters"])
        cells.setdefault(key, {}).setdefault(r["bot"], {})[r["seed"]] = r
    out = ["factions  difficulty  chapters  bot                         pairs  heuristic  strong   "
           "strong - heuristic (95%)     margin diff   s/game"]
    for key in sorted(cells):
        bots = cells[key]
        base = bots.get(BASELINE, {})
        for bot, games in sorted(bots.items()):
            if bot == BASELINE:
                continue
            seeds = common(base, games)
            n = len(seeds)
            if n == 0:
                continue
            mean, half = paired([int(games[s]["win"]) - int(base[s]["win"]) for s in seeds])
            hw = sum(base[s]["win"] for s in seeds) / n
            sw = sum(games[s]["win"] for s in seeds) / n
            md = sum(games[s]["margin"] - base[s]["margin"] for s in seeds) / n
            secs = sum(games[s]["seconds"] for s in seeds) / n
            out.append(f"{key[0]:>8}  {key[1]:<10}  {key[2]:>8}  {bot:<26}  {n:>5}  {100 * hw:8.1f}%  {100 * sw:5.1f}%"
                       f"   {100 * mean:+6.1f} ({100 * (mean - half):+6.1f} to {100 * (mean + half):+6.1f})"
                       f"   {md:+8.2f} VP  {secs:7.1f}")
        out.extend(versus(key, {b: g for b, g in bots.items() if b != BASELINE}))
    return "\n".join(out)


def common(a: dict[int, dict], b: dict[int, dict]) -> list[int]:
    """The seeds both runs played to an end (no error in either), in order: the pairs."""
    return sorted(s for s in a if s in b and not a[s]["error"] and not b[s]["error"])


def paired(d: list[int]) -> tuple[float, float]:
    """The mean of paired differences and the half-width of its 95% interval (normal approximation)."""
    n = len(d)
    mean = sum(d) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1)) if n > 1 else 0.0
    return mean, 1.96 * sd / math.sqrt(n)


def versus(key: tuple, bots: dict[str, dict[int, dict]]) -> list[str]:
    """Every two budgets of the strong bot in one cell (runs merged with --report A B): the one
    whose name sorts later less the other, on the setups both played, paired."""
    out = []
    names = sorted(bots)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            seeds = common(bots[a], bots[b])
            if len(seeds) < 2:
                continue
            mean, half = paired([int(bots[b][s]["win"]) - int(bots[a][s]["win"]) for s in seeds])
            out.append(f"{key[0]:>8}  {key[1]:<10}  {key[2]:>8}  {b} - {a}: {100 * mean:+.1f} "
                       f"({100 * (mean - half):+.1f} to {100 * (mean + half):+.1f}) over {len(seeds)} pairs")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", "-n", type=int, default=40)
    ap.add_argument("--factions", "-f", type=int, default=1)
    ap.add_argument("--difficulty", "-d", default="veteran")
    ap.add_argument("--chapters", "-c", type=int, default=4)
    ap.add_argument("--seed", "-s", type=int, default=1)
    ap.add_argument("--bot", default="strong")
    ap.add_argument("--jobs", "-j", type=int, default=1)
    ap.add_argument("--cluster", default=None, help="tcp://HOST:PORT or local:N (needs the cluster extra)")
    ap.add_argument("--out", type=Path, default=None, help="append each game as a JSON line (resumable)")
    ap.add_argument("--report", type=Path, nargs="+", default=None,
                    help="only print the table of runs' files (several: their budgets side by side and paired)")
    args = ap.parse_args(argv)
    if args.report:
        print(table([r for path in args.report for r in read(path)]))
        return 0
    done = {(r["bot"], r["factions"], r["difficulty"], r["chapters"], r["seed"]) for r in read(args.out)} \
        if args.out else set()
    tasks = [(bot, args.factions, args.difficulty, args.chapters, args.seed + i)
             for i in range(args.games) for bot in (BASELINE, args.bot)]
    tasks = [t for t in tasks if t not in done]
    rows = read(args.out) if args.out else []
    sink = args.out.open("a") if args.out else None
    t0 = time.perf_counter()
    try:
        for k, row in enumerate(ordered_map(_task, tasks, jobs=args.jobs, cluster=args.cluster)):
            rows.append(row)
            if sink:
                sink.write(json.dumps(row) + "\n")
                sink.flush()
            print(f"\r{k + 1}/{len(tasks)} games, {time.perf_counter() - t0:.0f} s", end="", file=sys.stderr)
    finally:
        if sink:
            sink.close()
    print(file=sys.stderr)
    print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
