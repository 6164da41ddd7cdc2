"""The `uprising` command line: simulate bot games, read a save's log, check the content.

Thin on purpose: the work lives in sim.py, bots/ and the engine.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Sequence

from . import __version__

DEMO_SEED = 7
DEMO_TAIL = 30


def _positive(text: str) -> int:
    n = int(text)
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {n}")
    return n


def build_parser() -> argparse.ArgumentParser:
    from .bots import BOTS
    from .engine.game import ENGINE_VERSION
    from .engine.setup import DIFFICULTIES

    ap = argparse.ArgumentParser(
        prog="uprising",
        description="Uprising: Curse of the Last Emperor — rules engine, bots and simulator. "
                    "With no command, plays a short demo game between bots.")
    ap.add_argument("--version", action="version", version=f"uprising {__version__} (engine {ENGINE_VERSION})")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")

    sim = sub.add_parser("simulate", help="play many seeded bot games and summarise them",
                         description="Play N seeded games (game i uses seed S+i) with one bot answering for "
                                     "every faction, then print a summary.")
    sim.add_argument("--games", "-n", type=_positive, default=10, help="number of games (default 10)")
    sim.add_argument("--factions", "-f", type=int, choices=range(1, 5), default=4, metavar="{1..4}",
                     help="the first K of druwhn, duerkhar, krowh, mohyar (default 4)")
    sim.add_argument("--chapters", "-c", type=int, choices=range(2, 5), default=4, metavar="{2..4}",
                     help="chapters per game (default 4)")
    sim.add_argument("--difficulty", "-d", choices=DIFFICULTIES, default="veteran")
    sim.add_argument("--seed", "-s", type=int, default=0, help="seed of the first game (default 0)")
    sim.add_argument("--bot", "-b", choices=sorted(BOTS), default="heuristic")
    sim.add_argument("--jobs", "-j", type=_positive, default=1, help="worker processes (default 1)")
    sim.add_argument("--save-dir", metavar="DIR", help="keep every game's save as DIR/game-<seed>.json")
    sim.add_argument("--max-decisions", type=_positive, default=None,
                     help="a game with more decisions is reported as an error (default 100000)")
    sim.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    sim.add_argument("--progress", action="store_true", help="show the progress line even when stderr is not a terminal")

    lg = sub.add_parser("log", help="print the whole log of a saved game")
    lg.add_argument("save", metavar="SAVE", help="a save file (JSON)")
    lg.add_argument("--tail", type=_positive, default=None, metavar="N", help="only the last N lines")

    content = sub.add_parser("content", help="content tools")
    csub = content.add_subparsers(dest="content_command", metavar="ACTION", required=True)
    chk = csub.add_parser("check", help="load and cross-check every content file; print counts")
    chk.add_argument("--json", action="store_true", help="print the counts as one JSON object")
    chk.add_argument("--dir", metavar="DIR", default=None, help="content directory (default: the bundled one)")

    from .balance.cli import add_parser as add_balance
    add_balance(sub)

    demo = sub.add_parser("demo", help="play one heuristic bot game and show how it ended")
    demo.add_argument("--seed", type=int, default=DEMO_SEED)
    demo.add_argument("--factions", type=int, choices=range(1, 5), default=2, metavar="{1..4}")
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return dispatch(args)
    except BrokenPipeError:  # e.g. `uprising log SAVE | head`: stop quietly
        try:
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the flush at exit
        except OSError:
            pass
        return 0
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130


def dispatch(args) -> int:
    if args.command == "simulate":
        return cmd_simulate(args)
    if args.command == "log":
        return cmd_log(args)
    if args.command == "content":
        return cmd_content_check(args)
    if args.command == "balance":
        from .balance.cli import run as run_balance
        return run_balance(args)
    return cmd_demo(getattr(args, "seed", DEMO_SEED), getattr(args, "factions", 2))


def _error(message: str, code: int = 2) -> int:
    print(f"uprising: error: {message}", file=sys.stderr)
    return code


# ------------------------------------------------------------------ simulate
def cmd_simulate(args) -> int:
    from . import sim

    cfg = sim.SimConfig(games=args.games, factions=args.factions, chapters=args.chapters,
                        difficulty=args.difficulty, seed=args.seed, bot=args.bot, save_dir=args.save_dir,
                        max_decisions=args.max_decisions or sim.DECISION_CAP)
    show = args.progress or sys.stderr.isatty()
    results, wall = sim.run(cfg, jobs=args.jobs, progress=sim.Progress(sys.stderr) if show else None)
    summary = sim.summarize(cfg, results, wall, jobs=args.jobs)
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        print(sim.format_summary(summary))
        if args.save_dir:
            print(f"saves in {args.save_dir}/game-<seed>.json")
    return 1 if summary["errors"] else 0


# ------------------------------------------------------------------ log
def format_log(game) -> list[str]:
    """The whole log, readable: a header per Chapter and per phase, events indented."""
    from .engine.log import LogRenderer

    render = LogRenderer(game.cat)
    lines: list[str] = []
    chapter = None
    for ev in game.log:
        kind = ev.event_type
        if kind == "PhaseStarted":
            if ev.chapter != chapter:
                chapter = ev.chapter
                lines.append(f"=== Chapter {chapter} ===")
            lines.append(f"--- {ev.phase.capitalize()} ---")
            continue
        if kind == "GameStarted":
            lines.append(render(ev))
            continue
        if kind == "GameOver":
            lines.append("=== Game over ===")
            lines.append(render(ev))
            continue
        if chapter is None:
            chapter = 0
            lines.append("=== Setup ===")
        lines.append("  " + render(ev))
    return lines


def _load(path: str):
    from .engine import EngineError, Game, SaveError
    try:
        return Game.load(path), None
    except (SaveError, EngineError) as exc:
        return None, str(exc)
    except RecursionError:
        return None, f"{path}: the save is nested too deeply to read"


def cmd_log(args) -> int:
    game, err = _load(args.save)
    if err is not None:
        return _error(err)
    lines = format_log(game)
    if args.tail:
        lines = lines[-args.tail:]
    out = sys.stdout
    for line in lines:
        out.write(line + "\n")
    if game.finished:
        out.write(f"Verdict: {game.state.verdict}\n")
    else:
        d = game.decision
        out.write(f"(game in progress: {d.actor} to answer {d.kind!r}: {d.prompt})\n")
    out.flush()
    return 0


# ------------------------------------------------------------------ content
def cmd_content_check(args) -> int:
    from .content.loader import ContentError, load_catalog
    try:
        cat = load_catalog(args.dir)
    except ContentError as exc:
        for problem in exc.problems:
            print(problem)
        print(f"{len(exc.problems)} content problem(s)", file=sys.stderr)
        return 1
    counts = cat.counts()
    if args.json:
        print(json.dumps(counts, sort_keys=True))
        return 0
    width = max(len(k) for k in counts)
    print(f"content OK: {cat.source}")
    for kind, n in counts.items():
        print(f"  {kind:<{width}}  {n:>4}")
    return 0


# ------------------------------------------------------------------ demo
def demo_story(game) -> list[str]:
    """VP after each Chapter, and the first big fight of the game blow by blow."""
    from .engine.log import LogRenderer

    render = LogRenderer(game.cat)
    sides = [p.faction for p in game.state.players] + ["empire", "chaos"]
    vp = dict.fromkeys(sides, 0)
    rows, fight, current, chapter = [], [], None, 0
    for ev in game.log:
        line = render(ev)
        kind = ev.event_type
        if kind == "VPChanged":
            vp[ev.faction] = ev.total
        if kind == "PhaseStarted":
            if ev.phase == "refresh" and chapter:
                rows.append((chapter, dict(vp)))
            chapter = ev.chapter
        if kind == "CombatStarted" and not fight and current is None:
            current = [line]
        elif current is not None:
            current.append("  " + line)
            if kind == "CombatEnded":
                if sum(1 for x in current if "round" in x) >= 2:
                    fight = current
                current = None
    rows.append((chapter, dict(vp)))
    names = [game.ctx.name(s) for s in sides]
    out = ["VP at the end of each Chapter:", "  Chapter  " + "  ".join(f"{n:>10}" for n in names)]
    for ch, v in rows:
        out.append(f"  {ch:>7}  " + "  ".join(f"{v[s]:>10}" for s in sides))
    if fight:
        out += ["", "A fight from this game:"] + ["  " + x for x in fight]
    out.append("\n(`uprising simulate --save-dir DIR` then `uprising log DIR/game-<seed>.json` shows a whole game)")
    return out


def cmd_demo(seed: int = DEMO_SEED, factions: int = 2) -> int:
    from . import sim

    cfg = sim.SimConfig(games=1, factions=factions, seed=seed, bot="heuristic")
    print(f"Demo: {factions} heuristic bot(s) play a {cfg.chapters}-chapter {cfg.difficulty} game "
          f"(seed {seed}). The Textual client is not here yet; try `uprising --help`.\n")
    res, game = sim.play_game(cfg.setup(seed), "heuristic")
    if game is None or res.error:
        return _error(f"the demo game failed: {res.error}", 1)
    print("\n".join(demo_story(game)))
    vp = ", ".join(f"{p.faction} {p.vp}" for p in game.state.players)
    print(f"\nVerdict: {res.verdict}  (VP: {vp}; Empire {res.empire_vp}, Chaos {res.chaos_vp}; "
          f"{res.decisions} decisions in {res.seconds:.2f} s)")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
