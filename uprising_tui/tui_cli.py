"""The client's commands for `uprising`: the title screen (`play`, what no command runs), `new`,
`load`, `serve` and `screenshots`. commands/client.py registers them; the work lives in uprising_tui.tui."""
from __future__ import annotations

import argparse
import random
import sys

COMMANDS = ("new", "load", "serve", "screenshots")
FACTIONS = ("druwhn", "duerkhar", "krowh", "mohyar")


def _factions(text: str) -> list[str]:
    out = [f.strip().lower() for f in text.split(",") if f.strip()]
    bad = [f for f in out if f not in FACTIONS]
    if bad:
        raise argparse.ArgumentTypeError(f"unknown faction(s) {', '.join(bad)} (choose from {', '.join(FACTIONS)})")
    return out


def _client_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--pacing", choices=("step", "auto", "instant"), default="auto",
                   help="how bot moves and Nemesis steps are shown (default auto)")
    p.add_argument("--light", action="store_true", help="use the light theme")
    p.add_argument("--data-dir", metavar="DIR", help="keep saves in DIR instead of the user data directory")


def add_commands(sub) -> None:
    """Add the client's sub-commands to `uprising`'s sub-parsers."""
    from .engine.setup import DIFFICULTIES  # (the difficulties, for the parser)

    new = sub.add_parser("new", help="start a new game in the terminal client",
                         description="Open the client straight into a new game.")
    new.add_argument("--factions", "-f", type=int, choices=range(1, 5), default=2, metavar="{1..4}",
                     help="how many factions (the first K of druwhn, duerkhar, krowh, mohyar; default 2)")
    new.add_argument("--play", type=_factions, metavar="F1,F2", help="which factions, by name (instead of -f)")
    new.add_argument("--seed", "-s", type=int, default=None, help="the game's seed (default: random)")
    new.add_argument("--chapters", "-c", type=int, choices=range(2, 5), default=4, metavar="{2..4}")
    new.add_argument("--difficulty", "-d", choices=DIFFICULTIES, default="veteran")
    new.add_argument("--bots", type=_factions, default=[], metavar="F1,F2",
                     help="factions a bot plays (the others are people)")
    new.add_argument("--bot", choices=("heuristic", "random"), default="heuristic", help="which bot (default heuristic)")
    new.add_argument("--names", metavar="N1,N2", help="the people's names, in faction order")
    new.add_argument("--auto-ties", action="store_true", help="let the game settle Nemesis ties")
    _client_options(new)

    load = sub.add_parser("load", help="resume a saved game in the terminal client")
    load.add_argument("save", metavar="FILE", help="a save file")
    _client_options(load)

    serve = sub.add_parser("serve", help="offer the client in a web browser (textual-serve)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")

    shots = sub.add_parser("screenshots", help="write SVG screenshots of the client's screens")
    shots.add_argument("--out", default="screenshots", metavar="DIR", help="where to write them (default screenshots/)")
    shots.add_argument("--seed", type=int, default=7, help="the games' seed (default 7)")


def _error(message: str) -> int:
    print(f"uprising: error: {message}", file=sys.stderr)
    return 2


def run_title(data_dir: str | None = None, pacing: str = "auto", light: bool = False) -> int:
    from .tui.app import make_app  # (textual loads when the client opens)
    make_app(data_dir=data_dir, pacing=pacing, light=light).run()
    return 0


def new_setup(args):
    """The Setup and seats `uprising new` asks for (ValueError when they do not fit together)."""
    from .engine import Setup  # (the engine loads when a command runs, not at start-up)
    from .tui.controller import default_seats  # (textual loads when the client opens)

    factions = args.play or list(FACTIONS[: args.factions])
    stray = [b for b in args.bots if b not in factions]
    if stray:
        raise ValueError(f"--bots names factions not in the game: {', '.join(stray)}")
    seed = args.seed if args.seed is not None else random.randrange(1, 1_000_000)
    setup = Setup(factions=factions, chapters=args.chapters, difficulty=args.difficulty, seed=seed,
                  auto_ties=args.auto_ties)
    people = [f for f in factions if f not in args.bots]
    names = {}
    if args.names:
        given = [n.strip() for n in args.names.split(",")]
        if len(given) != len(people):
            raise ValueError(f"--names gives {len(given)} name(s) for {len(people)} person(s)")
        names = dict(zip(people, given))
    return setup, default_seats(factions, args.bots, args.bot, names)


def cmd_new(args) -> int:
    from .tui.app import make_app  # (textual loads when the client opens)
    try:
        setup, seats = new_setup(args)
    except ValueError as exc:
        return _error(str(exc))
    make_app(setup=setup, seats=seats, data_dir=args.data_dir, pacing=args.pacing, light=args.light).run()
    return 0


def cmd_load(args) -> int:
    from .engine import SaveError  # (the engine loads when a command runs, not at start-up)
    from .tui.app import make_app  # (textual loads when the client opens)
    from .tui.controller import GameController  # (textual loads when the client opens)
    try:  # check it before the screen opens, so a bad file gets a plain message
        GameController.load(args.save, autosave=False)
    except (SaveError, ValueError, OSError) as exc:
        return _error(str(exc))
    make_app(load=args.save, data_dir=args.data_dir, pacing=args.pacing, light=args.light).run()
    return 0


def serve_command() -> str:
    """The command textual-serve runs for each browser session: the title screen."""
    return f"{sys.executable} -m uprising_tui"


def cmd_serve(args) -> int:
    from textual_serve.server import Server  # (textual-serve loads when serving)
    Server(serve_command(), host=args.host, port=args.port, title="Uprising").serve()
    return 0


def cmd_screenshots(args) -> int:
    from .tui.screenshots import write_screenshots  # (textual loads when the client opens)
    for path in write_screenshots(args.out, seed=args.seed):
        print(path)
    return 0
