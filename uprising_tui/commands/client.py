"""The terminal client's commands: `uprising play` (the title screen, what a bare `uprising`
runs), `new`, `load`, `serve` and `screenshots`. Their parsers and work live in
``uprising_tui.tui_cli``; this registers them with the common options. The client reads its
content the way every command does (``--content``, else ``$UPRISING_CONTENT``, else the bundled
content): the catalog is checked once up front and handed on through ``$UPRISING_CONTENT``."""
from __future__ import annotations

import argparse
import os

from ..cli import add_common_options, load_content


def register(sub, common) -> None:
    from .. import tui_cli  # (the client's verbs, registered with the rest)

    play = sub.add_parser("play", help="open the terminal client's title screen (what a bare `uprising` does)",
                          description="Open the terminal client at its title screen: new game, continue, load.")
    tui_cli._client_options(play)
    tui_cli.add_commands(sub)
    from ..tui import serve_cli  # (the serve options, with the client's)

    runs = {"play": _play, "new": tui_cli.cmd_new, "load": tui_cli.cmd_load, "serve": serve_cli.run,
            "screenshots": tui_cli.cmd_screenshots}
    for name, run in runs.items():
        parser = sub.choices[name]
        add_common_options(parser)
        parser.set_defaults(run=_with_content(run))


def _play(args: argparse.Namespace) -> int:
    from .. import tui_cli  # (textual loads when the client opens)
    return tui_cli.run_title(args.data_dir, pacing=args.pacing, light=args.light, screenshots=args.screenshots)


def _with_content(run):
    def wrapped(args: argparse.Namespace) -> int:
        from ..content.loader import CONTENT_ENV  # (the engine loads when a command runs, not at start-up)

        if getattr(args, "content", None) is None and not getattr(args, "mod", None):
            return run(args)
        cat = load_content(args)  # a broken directory is reported before any screen opens
        os.environ[CONTENT_ENV] = cat.source
        return run(args)
    return wrapped
