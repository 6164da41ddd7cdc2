"""`uprising log SAVE`: a saved game's whole log, readable."""
from __future__ import annotations

import argparse
import sys

from ..cli import load_content
from .options import positive


def register(sub, common) -> None:
    lg = sub.add_parser("log", parents=[common], help="print the whole log of a saved game")
    lg.add_argument("save", metavar="SAVE", help="a save file (JSON)")
    lg.add_argument("--tail", type=positive, default=None, metavar="N", help="only the last N lines")
    lg.set_defaults(run=run)


def format_log(game) -> list[str]:
    """The whole log, readable: a header per Chapter and per phase, events indented."""
    from ..engine.face.log import LogRenderer  # (the engine loads when a command runs, not at start-up)

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
        line = render(ev)
        if not line:  # events that need no line of their own
            continue
        if chapter is None:
            chapter = 0
            lines.append("=== Setup ===")
        lines.append("  " + line)
    return lines


def run(args: argparse.Namespace) -> int:
    from ..engine import Game  # (the engine loads when a command runs, not at start-up)

    cat = load_content(args)
    game = Game.load(args.save, cat)  # SaveError: main() reports it
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
