"""The client's speed as a player feels it, each figure beside Textual's own, in one run:

1. **Cold start**: a fresh interpreter to the first interactive game frame (`uprising new`, four
   factions: catalog, game set-up, every pane drawn, the decision bar live), beside a minimal
   Textual app's fresh interpreter to its first frame. Aim: within 2x.
2. **Answer -> every pane redrawn** on a four-faction map at 120x40: from `answer()` to the
   engine's work, the autosave, every pane's update and the screen composed, beside Textual's
   own full refresh of the same screen (every widget repainted and laid out). Aim: p99 within
   3x, and under 50 ms.

    .venv/bin/python benchmarks/bench_tui.py                 # 5 cold starts, 150 answers
    .venv/bin/python benchmarks/bench_tui.py --starts 9 --answers 300 --json

Both run headless (the terminal write is skipped; layout and composition are not). A busy
machine slows both columns alike but adds noise: compare the columns of one run.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time

MINIMAL = """
from textual.app import App
from textual.widgets import Footer, Header, Static

class Minimal(App):
    def compose(self):
        yield Header()
        yield Static("hello")
        yield Footer()

    def on_mount(self):
        self.call_after_refresh(self.exit)

Minimal().run(headless=True, size=(120, 40))
"""

CLIENT = """
import tempfile
from uprising_tui.engine import Setup
from uprising_tui.tui.app import make_app
from uprising_tui.tui.controller import default_seats
from uprising_tui.tui.screens.game import GameScreen

setup = Setup(factions=["druwhn", "duerkhar", "krowh", "mohyar"], chapters=4, seed=7)
seats = default_seats(setup.factions, names=dict.fromkeys(setup.factions, "You"))  # one person, no hand-overs
app = make_app(setup=setup, seats=seats, data_dir=tempfile.mkdtemp(), pacing="instant")

def ready():
    s = app.screen
    if isinstance(s, GameScreen) and s.is_mounted and s.query("DecisionBar") and s.bar.interactive:
        s.call_after_refresh(app.exit)
    else:
        app.set_timer(0.005, ready)

app.call_later(ready)
app.run(headless=True, size=(120, 40))
"""


def cold(code: str) -> float:
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
    return time.perf_counter() - t0


def cold_starts(n: int) -> dict[str, list[float]]:
    out = {"textual minimal app": [], "uprising new (4 factions)": []}
    for _ in range(n):  # alternate, so a busy spell hits both
        out["textual minimal app"].append(cold(MINIMAL))
        out["uprising new (4 factions)"].append(cold(CLIENT))
    return out


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


async def redraws(n: int) -> dict[str, list[float]]:
    from uprising_tui.engine import Setup
    from uprising_tui.tui.app import make_app
    from uprising_tui.tui.controller import GameController, default_seats
    from uprising_tui.tui.saves import SaveStore
    from uprising_tui.tui.screens.game import GameScreen

    setup = Setup(factions=["druwhn", "duerkhar", "krowh", "mohyar"], chapters=4, seed=7, auto_ties=True)
    tmp = tempfile.mkdtemp()
    seats = default_seats(setup.factions, names=dict.fromkeys(setup.factions, "You"))
    ctl = GameController.new(setup, seats, SaveStore(tmp))
    app = make_app(data_dir=tmp, pacing="instant", preload=False, opener=lambda: ctl,
                   confirm_losses=False)
    answer_ms: list[float] = []
    full_ms: list[float] = []
    empty_ms: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        async def idle(screen) -> None:
            """Every message handled (no sleeping to guess idleness), then the screen composed."""
            await pilot._wait_for_screen()
            while screen._driving:
                await asyncio.sleep(0)
                await pilot._wait_for_screen()
            await pilot._wait_for_screen()
            screen._on_timer_update()  # lay out and compose whatever is dirty, now

        for _ in range(200):
            await pilot.pause()
            if isinstance(app.screen, GameScreen) and app.screen.is_mounted and app.screen.query("DecisionBar") \
                    and app.screen.bar.interactive:
                break
        screen = app.screen
        await idle(screen)
        for i in range(n):
            if ctl.decision is None:
                break
            pick = ctl.suggest()
            t0 = time.perf_counter()
            ctl.answer(pick)
            await idle(screen)
            answer_ms.append(1000 * (time.perf_counter() - t0))
            # Textual's own full refresh of the same screen: every widget repainted, layout redone
            t0 = time.perf_counter()
            for w in screen.query("*"):
                w.refresh()
            screen.refresh(layout=True, repaint=True)
            await idle(screen)
            full_ms.append(1000 * (time.perf_counter() - t0))
            # the measuring itself: waiting on every widget's queue when nothing changed
            t0 = time.perf_counter()
            await idle(screen)
            empty_ms.append(1000 * (time.perf_counter() - t0))
    return {"answer -> every pane redrawn": answer_ms, "textual full refresh": full_ms,
            "(the wait itself, no change)": empty_ms}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--starts", type=int, default=5, help="cold starts of each (default 5)")
    ap.add_argument("--answers", type=int, default=150, help="answers timed (default 150)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    starts = cold_starts(args.starts)
    draws = asyncio.run(redraws(args.answers))
    res = {
        "cold_start_s": {k: {"median": statistics.median(v), "min": min(v)} for k, v in starts.items()},
        "redraw_ms": {k: {"p50": pct(v, 50), "p90": pct(v, 90), "p99": pct(v, 99), "max": max(v), "n": len(v)}
                      for k, v in draws.items()},
    }
    cs = res["cold_start_s"]
    res["cold_start_ratio"] = cs["uprising new (4 factions)"]["median"] / cs["textual minimal app"]["median"]
    rd = res["redraw_ms"]
    res["redraw_p99_ratio"] = rd["answer -> every pane redrawn"]["p99"] / rd["textual full refresh"]["p99"]
    if args.json:
        print(json.dumps(res, indent=1))
        return 0
    print("Cold start to the first interactive frame (fresh interpreter, headless, 120x40)")
    for k, v in cs.items():
        print(f"  {k:<30} median {v['median']:.2f} s   fastest {v['min']:.2f} s")
    print(f"  ratio (client / minimal app): {res['cold_start_ratio']:.2f}x   (aim: within 2x)")
    print("\nAnswer -> every pane redrawn, 4 factions at 120x40 (ms)")
    for k, v in rd.items():
        print(f"  {k:<30} p50 {v['p50']:6.1f}  p90 {v['p90']:6.1f}  p99 {v['p99']:6.1f}  max {v['max']:6.1f}"
              f"  (n={v['n']})")
    print(f"  p99 ratio (answer / full refresh): {res['redraw_p99_ratio']:.2f}x   (aim: within 3x, under 50 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
