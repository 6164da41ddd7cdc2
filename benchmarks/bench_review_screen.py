"""The game review screen (tui/screens/review.py): how long a key takes to bring the panes to
another answer while the review is worked out in the advisor's worker, and how long the review
of the whole game takes there.

    .venv/bin/python benchmarks/bench_review_screen.py               # a 2-Chapter solo game, a 4-Chapter 4-faction one
    .venv/bin/python benchmarks/bench_review_screen.py --save SAVE   # any save

Each game is played by the heuristic bot (seeds 3 and 5), opened on the review at 120x40 with the
command's default budget, and stepped with real key presses: 15 answers back (each a replay from
the start and a redraw of the whole game: the log laid out again), 15 on (one answer's events),
Home and End. Times are from the key press to the frame of that answer drawn (Pilot, in process).
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _game(factions: int, chapters: int, seed: int, folder: Path) -> Path:
    from uprising_tui.bots import get_bot
    from uprising_tui.engine import Game, Setup
    names = ("druwhn", "duerkhar", "krowh", "mohyar")[:factions]
    game = Game(Setup(factions=list(names), chapters=chapters, seed=seed)).start()
    bot = get_bot("heuristic", seed)
    while game.decision is not None:
        game.answer(bot.choose(game, game.decision))
    path = folder / f"game-{factions}x{chapters}-{seed}.json"
    game.save_to(path)
    return path


async def _measure(path: Path) -> str:
    from uprising_tui.tui.app import make_app
    from uprising_tui.tui.screens.review import ReviewScreen
    app = make_app(review=path, preload=False)
    async with app.run_test(size=(120, 40)) as pilot:
        while not isinstance(app.screen, ReviewScreen) or app.screen.frame is None or app.screen._moving:
            await pilot.pause(0.01)
        scr = app.screen
        t_review = time.perf_counter()

        async def timed(key: str, want: int) -> float:
            t = time.perf_counter()
            await pilot.press(key)
            while scr.frame.index != want or scr._moving:
                await pilot.pause(0.001)
            return time.perf_counter() - t
        n = len(scr.cursor)
        back = [await timed("left", n - 2 - i) for i in range(15)]
        on = [await timed("right", n - 15 + i) for i in range(15)]
        home, end = await timed("home", 0), await timed("end", n - 1)
        while scr.reviewing:
            await pilot.pause(0.05)
        whole = time.perf_counter() - t_review
    ms = lambda xs: f"median {1000 * statistics.median(xs):.0f} ms (max {1000 * max(xs):.0f})"  # noqa: E731
    return (f"{path.name}: {n} answers; back one {ms(back)}, on one {ms(on)}, Home {1000 * home:.0f} ms, "
            f"End {1000 * end:.0f} ms; the whole review in the worker {whole:.0f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--save", action="append", help="a save to review (default: two games played here)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        saves = [Path(s) for s in args.save] if args.save else [_game(1, 2, 3, Path(tmp)), _game(4, 4, 5, Path(tmp))]
        for path in saves:
            print(asyncio.run(_measure(path)), flush=True)


if __name__ == "__main__":
    main()
