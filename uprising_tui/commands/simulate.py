"""`uprising simulate`: play many seeded bot games and summarise them."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..cli import CliError, load_content, warn
from .options import bounded_int, positive, seed

SEED_LIMIT = 2 ** 63  # seeds of a run stay below this (a save holds no larger number)


def register(sub, common) -> None:
    from ..bots import BOTS  # (the bots' names, for the parser)
    from ..engine.setup import DIFFICULTIES  # (the difficulties, for the parser)

    sim = sub.add_parser("simulate", parents=[common], help="play many seeded bot games and summarise them",
                         description="Play N seeded games (game i uses seed S+i) with one bot answering for "
                                     "every faction, then print a summary.")
    sim.add_argument("--games", "-n", type=bounded_int(1, 10_000_000), default=10, help="number of games (default 10)")
    sim.add_argument("--factions", "-f", type=int, choices=range(1, 5), default=4, metavar="{1..4}",
                     help="the first K of druwhn, duerkhar, krowh, mohyar (default 4)")
    sim.add_argument("--chapters", "-c", type=int, choices=range(2, 5), default=4, metavar="{2..4}",
                     help="chapters per game (default 4)")
    sim.add_argument("--difficulty", "-d", choices=DIFFICULTIES, default="veteran")
    sim.add_argument("--seed", "-s", type=seed, default=0, help="seed of the first game (default 0)")
    sim.add_argument("--bot", "-b", choices=sorted(BOTS), default="heuristic")
    sim.add_argument("--jobs", "-j", type=positive, default=1,
                     help="worker processes (default 1; at most the number of cores)")
    sim.add_argument("--cluster", type=_cluster, default=None, metavar="tcp://HOST:PORT|local:N",
                     help="run the games on Dask: a scheduler's address, or local:N worker processes "
                          "(needs pip install 'uprising-tui[cluster]'); the figures are those of --jobs")
    sim.add_argument("--save-dir", metavar="DIR", help="keep every game's save as DIR/game-<seed>.json")
    sim.add_argument("--max-decisions", type=bounded_int(1, 10_000_000), default=None,
                     help="a game with more decisions is reported as an error (default 100000)")
    sim.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    sim.add_argument("--progress", action="store_true",
                     help="show the progress line even when stderr is not a terminal")
    sim.set_defaults(run=run)


def _cluster(text: str) -> str:
    from ..cluster import spec_arg  # the spec checked and Dask required, each in one line
    return spec_arg(text)


def run(args: argparse.Namespace) -> int:
    from .. import sim  # (the simulator loads when it runs)

    if args.seed + args.games > SEED_LIMIT:
        raise CliError(f"--seed {args.seed} with --games {args.games} would pass the largest seed "
                       f"(2**63 - 1)")
    cat = load_content(args)  # read (and checked) once, before any game
    if args.save_dir:
        try:
            sim.check_save_dir(args.save_dir)
        except FileExistsError:
            raise CliError(f"cannot write saves to {args.save_dir}: it is a file, not a directory") from None
        except NotADirectoryError:
            raise CliError(f"cannot write saves to {args.save_dir}: a part of that path is a file") from None
        except OSError as exc:
            raise CliError(f"cannot write saves to {args.save_dir}: {exc.strerror or exc}") from None
    jobs = args.jobs
    cores = sim.usable_cores()
    if jobs > cores:
        warn(f"--jobs {jobs} is more than the {cores} core(s) here; using {cores}")
        jobs = cores
    cfg = sim.SimConfig(games=args.games, factions=args.factions, chapters=args.chapters,
                        difficulty=args.difficulty, seed=args.seed, bot=args.bot, save_dir=args.save_dir,
                        max_decisions=args.max_decisions or sim.DECISION_CAP, content_dir=cat.source)
    show = args.progress or sys.stderr.isatty()
    # the games are played one by one and only running totals kept: a run of 10 000 000 games
    # takes no more memory than a run of 10 (Ctrl-C stops it quietly: exit 130)
    from ..cluster import ClusterError
    try:
        tally, wall = sim.run_tally(cfg, jobs=jobs, progress=sim.Progress(sys.stderr) if show else None, catalog=cat,
                                    cluster=args.cluster)
    except ClusterError as exc:  # the scheduler cannot be reached
        raise CliError(str(exc)) from None
    summary = tally.summary(wall, jobs=jobs)
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        print(sim.format_summary(summary))
        if args.save_dir:
            saved = tally.games - tally.save_error_count
            print(f"{saved} save(s) in {Path(args.save_dir) / 'game-<seed>.json'}")
    return 1 if summary["errors"] or summary["save_errors"] else 0
