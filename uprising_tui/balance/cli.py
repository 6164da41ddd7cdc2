"""`uprising balance`: the balance lab on the command line."""
from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import asdict

from .report import card_stats, format_cards, format_grid, format_sides, grid_stats, monotone, plot, side_stats
from .run import LINEUPS, Cell, play_grid

DIFFICULTIES = ("rebel", "veteran", "nightmare", "apocalypse")


def _factions(text: str) -> list[int]:
    """`2`, or a comma list such as `1,2,4`."""
    out = []
    for part in text.split(","):
        if part.strip() not in ("1", "2", "3", "4"):
            raise argparse.ArgumentTypeError(f"faction counts are 1 to 4, not {part!r}")
        out.append(int(part))
    return out


def _difficulties(text: str) -> list[str]:
    """`rebel`, or a comma list such as `rebel,veteran`."""
    out = []
    for part in text.split(","):
        if part.strip() not in DIFFICULTIES:
            raise argparse.ArgumentTypeError(f"difficulties are {', '.join(DIFFICULTIES)}, not {part!r}")
        out.append(part.strip())
    return out


def _cluster(text: str) -> str:
    from ..cluster import spec_arg  # the spec checked and Dask required, each in one line
    return spec_arg(text)


def add_parser(sub) -> None:
    ap = sub.add_parser(
        "balance", help="play the grid of faction counts x difficulties with bots; win rates, margins, cards",
        description="Play N seeded heuristic-bot games in every cell of faction counts x difficulties (game i "
                    "of every cell uses seed S+i) and print each cell's players' win rate with a 95%% "
                    "interval, the VP margins, a plot of win rate by difficulty, and a report on every card.")
    ap.add_argument("--games", "-n", type=int, default=100, help="games per cell (default 100)")
    ap.add_argument("--factions", "-f", type=_factions, nargs="+", default=[[1, 2, 3, 4]],
                    metavar="{1..4}", help="faction counts, spaced or with commas (default 1 2 3 4)")
    ap.add_argument("--difficulty", "-d", type=_difficulties, nargs="+", default=[list(DIFFICULTIES)],
                    metavar="{rebel,veteran,nightmare,apocalypse}",
                    help="difficulties, spaced or with commas (default all four)")
    ap.add_argument("--chapters", "-c", type=int, choices=range(2, 5), default=4, metavar="{2..4}")
    ap.add_argument("--seed", "-s", type=int, default=1, help="seed of game 1 in every cell (default 1)")
    ap.add_argument("--bot", default="heuristic")
    ap.add_argument("--jobs", "-j", type=int, default=1, help="worker processes (default 1; capped at the cores)")
    ap.add_argument("--cluster", type=_cluster, default=None, metavar="tcp://HOST:PORT|local:N",
                    help="run the games on Dask (needs pip install 'uprising-tui[cluster]'); same figures as --jobs")
    ap.add_argument("--cards", choices=("all", "flagged", "none"), default="flagged",
                    help="card report: every card, only flagged ones (default), or none")
    ap.add_argument("--lineup", choices=LINEUPS, default="rotate",
                    help="which factions sit at the table: rotate them (and their seats) with the seed "
                         "(default), or the first N in order, as `simulate` does")
    ap.add_argument("--sides", action="store_true",
                    help="also print the win rate per faction and per Hero at each difficulty")
    ap.add_argument("--json", action="store_true", help="one JSON object with every figure")
    ap.add_argument("--progress", action="store_true", help="show the progress line even when not a terminal")


def run(args) -> int:
    from ..content.loader import default_catalog  # (the engine loads when a command runs, not at start-up)
    from ..sim import Progress  # (the simulator loads when a balance run starts)

    if args.games < 1:
        print("uprising: error: --games must be at least 1", file=sys.stderr)
        return 2
    jobs = max(1, min(args.jobs, os.cpu_count() or 1))
    cat = default_catalog()
    factions = {f for part in args.factions for f in part}
    difficulties = {d for part in args.difficulty for d in part}
    cells = [Cell(f, d) for f in sorted(factions) for d in DIFFICULTIES if d in difficulties]
    show = args.progress or sys.stderr.isatty()
    from ..cluster import ClusterError  # (the cluster's errors, without dask)
    try:
        recs, wall = play_grid(cells, args.games, seed=args.seed, chapters=args.chapters, bot=args.bot, jobs=jobs,
                               progress=Progress(sys.stderr) if show else None, lineup=args.lineup,
                               cluster=args.cluster)
    except ClusterError as exc:  # the scheduler cannot be reached
        print(f"uprising: error: {exc}", file=sys.stderr)
        return 2
    stats = grid_stats(cells, recs)
    cards = card_stats(cat, recs)
    sides = side_stats(recs)
    errors = [{"factions": r.factions, "difficulty": r.difficulty, "seed": r.seed, "error": r.error}
              for r in recs if r.error]
    if args.json:
        print(json.dumps({
            "config": {"games": args.games, "factions": sorted(factions),
                       "difficulty": [d for d in DIFFICULTIES if d in difficulties],
                       "chapters": args.chapters, "seed": args.seed, "bot": args.bot, "jobs": jobs,
                       "lineup": args.lineup},
            "seconds": round(wall, 2),
            "cells": [asdict(s) for s in stats],
            "monotone": {str(k): v for k, v in monotone(stats).items()},
            "cards": [asdict(c) | {"flagged": c.flagged} for c in cards],
            "sides": [asdict(s) for s in sides],
            "errors": errors}, sort_keys=True))
        return 1 if errors else 0
    print(f"{args.games} games per cell, {args.chapters} chapters, {args.bot} bots, seeds {args.seed}.."
          f"{args.seed + args.games - 1}; {len(recs)} games in {wall:.0f} s with {jobs} job(s)\n")
    print("\n".join(format_grid(stats)))
    if len({s.difficulty for s in stats}) > 1:
        print()
        print(plot(stats))
    if args.sides:
        print()
        print("\n".join(format_sides(sides, cat)))
    if args.cards != "none":
        print()
        print("\n".join(format_cards(cards, cat, only_flagged=args.cards == "flagged")))
    for e in errors[:20]:
        print(f"error: {e['factions']} factions {e['difficulty']} seed {e['seed']}: {e['error']}")
    return 1 if errors else 0
