"""`uprising review SAVE`: a saved game reviewed by the strong bot (bots/strong/review.py)."""
from __future__ import annotations

import argparse
import json
import sys

from ..cli import load_content
from .options import bounded_int, positive


def register(sub, common) -> None:
    rv = sub.add_parser("review", parents=[common], help="review a saved game with the strong bot",
                        description="Step through a saved game answer by answer with the strong bot's chance "
                                    "to win after each answer, and print the answers that cost the most (what "
                                    "was played, what the advisor would play, the difference). Each point is "
                                    "judged with only what the table knew then.")
    rv.add_argument("save", metavar="SAVE", help="a save file (JSON)")
    rv.add_argument("--rollouts", type=bounded_int(2, 10_000, "a number of rollouts"), default=24,
                    help="rollouts per searched Decision (default 24)")
    rv.add_argument("--width", type=bounded_int(1, 12, "a number of candidates"), default=3,
                    help="the heuristic's top options searched at each Decision (default 3)")
    rv.add_argument("--horizon", choices=("chapter", "game"), default="chapter",
                    help="where a rollout stops: the end of the Chapter (then a value estimate) or the game")
    rv.add_argument("--samples", type=positive, default=4,
                    help="rollouts that measure the chance after a roll or a reveal (default 4)")
    rv.add_argument("--every", action="store_true", help="print every answer with its chance, not only the costly")
    rv.add_argument("--json", action="store_true", help="one JSON object: every step and the costly answers")
    rv.add_argument("--screen", action="store_true",
                    help="step through the game in the terminal client instead: the game's panes after each "
                         "answer, the chance to win, the costly answers a key away (the figures come as they "
                         "are worked out)")
    rv.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from dataclasses import asdict  # (the command's own needs, loaded when it runs)

    from ..bots.strong.review import review  # (the search loads when a review runs)
    from ..bots.strong.search import Budget  # (with it)
    from ..engine import Game  # (the engine loads when a command runs)
    from ..sim import Progress  # (with it)

    cat = load_content(args)
    game = Game.load(args.save, cat)  # SaveError: main() reports it
    budget = Budget(rollouts=args.rollouts, width=args.width, horizon=args.horizon)
    if args.screen:
        return _screen(args, cat, budget)
    show = sys.stderr.isatty() and not args.json
    bar = Progress(sys.stderr) if show else None
    try:
        rv = review(game, budget, samples=args.samples,
                    progress=(lambda done, total: bar(done, total)) if bar else None)
    except KeyboardInterrupt:
        print("uprising: review stopped", file=sys.stderr)
        return 130
    if args.json:
        print(json.dumps({"verdict": rv.verdict, "searched": rv.searched, "rollouts": rv.rollouts,
                          "seconds": round(rv.seconds, 2), "steps": [asdict(s) for s in rv.steps],
                          "costly": [asdict(s) for s in rv.costly]}))
        return 0
    setup = game.setup
    print(f"Review of {args.save}: {len(setup.factions)} faction(s) ({', '.join(setup.factions)}), "
          f"{setup.chapters} Chapters, {setup.difficulty}; {rv.verdict or 'not finished'}")
    print(f"{rv.searched} Decisions searched, {rv.rollouts} rollouts ({args.rollouts} per Decision, "
          f"to the end of the {args.horizon}), {rv.seconds:.0f} s")
    print()
    print("\n".join(rv.lines(every=args.every)))
    return 0


def _screen(args: argparse.Namespace, cat, budget) -> int:
    """`--screen`: the client opens on the review (tui/screens/review.py); Esc ends it."""
    from ..tui_cli import run_app  # (the client's runner: textual loads when the client opens)
    return run_app(screen_app(args, cat, budget))


def screen_app(args: argparse.Namespace, cat, budget):
    """The app `--screen` runs (the tests run it too)."""
    from ..tui.app import make_app  # (textual loads when the client opens)
    return make_app(review=args.save, review_budget=budget, review_samples=args.samples, catalog=cat)
