"""The client's commands for `uprising`: the title screen (`play`, what no command runs), `new`,
`load`, `serve` and `screenshots`. commands/client.py registers them; the work lives in uprising_tui.tui."""
from __future__ import annotations

import argparse
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
    p.add_argument("--pacing", choices=("step", "auto", "instant"), default=None,
                   help="how bot moves and Nemesis steps are shown (default: as the game was saved, else as "
                        "last chosen, else auto)")
    p.add_argument("--light", action="store_true", help="use the light theme")
    p.add_argument("--data-dir", metavar="DIR", help="keep saves in DIR instead of the user data directory")
    p.add_argument("--screenshots", metavar="DIR",
                   help="where the palette's Screenshot saves (default: a screenshots folder among the saves)")


def add_commands(sub) -> None:
    """Add the client's sub-commands to `uprising`'s sub-parsers."""
    from .commands.options import seed as seed_type  # (the parser's own checks)
    from .engine.setup import DIFFICULTIES  # (the difficulties, for the parser)

    new = sub.add_parser("new", help="start a new game in the terminal client",
                         description="Open the client straight into a new game.")
    new.add_argument("--factions", "-f", type=int, choices=range(1, 5), default=2, metavar="{1..4}",
                     help="how many factions (the first K of druwhn, duerkhar, krowh, mohyar; default 2)")
    new.add_argument("--play", type=_factions, metavar="F1,F2", help="which factions, by name (instead of -f)")
    new.add_argument("--seed", "-s", type=seed_type, default=None, help="the game's seed (default: random)")
    new.add_argument("--chapters", "-c", type=int, choices=range(2, 5), default=4, metavar="{2..4}")
    new.add_argument("--difficulty", "-d", choices=DIFFICULTIES, default="veteran")
    new.add_argument("--bots", type=_factions, default=[], metavar="F1,F2",
                     help="factions a bot plays (the others are people)")
    new.add_argument("--bot", choices=("heuristic", "random", "strong"), default="heuristic",
                     help="which bot (default heuristic; strong searches, up to 2 s a decision)")
    new.add_argument("--names", metavar="N1,N2", help="the people's names, in faction order")
    new.add_argument("--auto-ties", action="store_true", help="let the game settle Nemesis ties")
    _client_options(new)

    load = sub.add_parser("load", help="resume a saved game in the terminal client")
    load.add_argument("save", metavar="FILE", help="a save file")
    _client_options(load)

    from .tui.serve_cli import add_parser as add_serve  # (the serve command's own parser)
    add_serve(sub)  # `serve` (its options and its work: tui/serve_cli.py)

    shots = sub.add_parser("screenshots", help="write SVG screenshots of the client's screens")
    shots.add_argument("--out", default="screenshots", metavar="DIR", help="where to write them (default screenshots/)")
    shots.add_argument("--seed", type=int, default=7, help="the games' seed (default 7)")


def _error(message: str) -> int:
    print(f"uprising: error: {message}", file=sys.stderr)
    return 2


def run_app(app) -> int:
    """Run the client; its exit status (1 after a crash, which crash.py reports)."""
    app.run()
    return app.return_code or 0


def run_title(data_dir: str | None = None, pacing: str | None = None, light: bool = False,
              screenshots: str | None = None) -> int:
    from .tui.app import make_app  # (textual loads when the client opens)
    return run_app(make_app(data_dir=data_dir, pacing=pacing, light=light, screenshots=screenshots))


def new_setup(args):
    """The Setup and seats `uprising new` asks for (ValueError when they do not fit together)."""
    import random  # (a seed drawn when none is given)

    from .engine import Setup  # (the engine loads when a command runs, not at start-up)
    from .engine.savefile import name_problem  # (with the engine)
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
        for n in given:
            if n and (problem := name_problem(n)) is not None:
                raise ValueError(f"--names: {problem}")
        names = dict(zip(people, given))
    return setup, default_seats(factions, args.bots, args.bot, names)


def cmd_new(args) -> int:
    from .tui.app import make_app  # (textual loads when the client opens)
    try:
        setup, seats = new_setup(args)
    except ValueError as exc:
        return _error(str(exc))
    return run_app(make_app(setup=setup, seats=seats, data_dir=args.data_dir, pacing=args.pacing, light=args.light,
                            screenshots=args.screenshots))


def cmd_load(args) -> int:
    from .engine import SaveError  # (the engine loads when a command runs, not at start-up)
    from .tui.app import make_app  # (textual loads when the client opens)
    from .tui.controller import GameController  # (textual loads when the client opens)
    try:  # check it before the screen opens, so a bad file gets a plain message
        GameController.load(args.save, autosave=False)
    except (SaveError, ValueError, OSError) as exc:
        return _error(str(exc))
    return run_app(make_app(load=args.save, data_dir=args.data_dir, pacing=args.pacing, light=args.light,
                            screenshots=args.screenshots))


def cmd_screenshots(args) -> int:
    from .tui.screenshots import write_screenshots  # (textual loads when the client opens)
    for path in write_screenshots(args.out, seed=args.seed):
        print(path)
    return 0
