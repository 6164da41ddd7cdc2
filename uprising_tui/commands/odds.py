"""`uprising odds`: the exact odds of one fight (``uprising_tui.odds_cli`` holds the parser, the
fight built from the arguments and the printout); registered here with the common options."""
from __future__ import annotations


def register(sub, common) -> None:
    from ..odds_cli import add_parser, run  # (the odds verb, registered with the rest)

    add_parser(sub)
    sub.choices["odds"].set_defaults(run=run)
