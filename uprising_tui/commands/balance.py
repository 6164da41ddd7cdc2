"""`uprising balance`: the balance lab (``uprising_tui.balance``), registered here with the
common options. Its parser and run live in ``balance/cli.py``; this adds ``--content`` (read and
checked once up front, then handed to the lab's worker processes through UPRISING_CONTENT)."""
from __future__ import annotations

import argparse
import os

from ..cli import add_common_options, load_content


def register(sub, common) -> None:
    from ..balance.cli import add_parser  # (the balance grid's parser, with its verb)

    add_parser(sub)
    parser = sub.choices["balance"]
    add_common_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..balance.cli import run as run_balance  # (the balance run loads when it runs)
    from ..content.loader import CONTENT_ENV  # (the engine loads when a command runs, not at start-up)

    cat = load_content(args)  # a content problem is reported once, before any game
    before = os.environ.get(CONTENT_ENV)
    os.environ[CONTENT_ENV] = cat.source  # the lab's games and worker processes read it from there
    try:
        return run_balance(args)
    finally:
        if before is None:
            os.environ.pop(CONTENT_ENV, None)
        else:
            os.environ[CONTENT_ENV] = before
