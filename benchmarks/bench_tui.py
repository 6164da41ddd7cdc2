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
    .venv/bin/python benchmarks/bench_tui.py --answers 0 --baseline DIR   # cold starts beside another checkout
    .venv/bin/python benchmarks/bench_tui.py --starts 7 --answers 60 --rounds 3 --cpu --baseline DIR

Both run headless (the terminal write is skipped; layout and composition are not). Between the
timed windows the bench waits, untimed, for the odds line's worker: it starts 0.12 s after the cursor
rests and works the exact odds out in a thread, which otherwise landed at random in either column. A busy
machine slows both columns alike but adds noise: compare the columns of one run. A window ends when the
last frame it caused has been composed (the screen's compositor refresh, timed from inside), not when the
bench's own check for idleness returns: that check posts to every widget and waits (its cost is the
"(the wait itself)" row) and is no part of what a player waits for. Nor does the bench run that check
until the first frame is composed: Textual composes a frame only once every pending message is handled,
so the check's messages, posted at once, held the frame back by their own cost. It polls a timer
instead, which posts nothing, and runs the check after the frame (a later frame it lets through still
counts, in both columns). After each answer's
window the bench also waits `THINK` (0.15 s, untimed) as a person reads the frame before the next answer:
the game screen writes the autosave and runs the cycle collector just after a frame (collector.py), and
without that pause the work of one answer would land in the next one's window, which never happens at a
table. That work is timed on its own and printed as its own row, so nothing is hidden. It waits `THINK`
again after Textual's full refresh, before the next answer: Textual composes at most one frame per
1/60 s, and an answer given straight after the full refresh's frame had its frame held back to the next
tick (until 2026-12-01's fifth session the answer column carried up to 16.7 ms of that wait, at random).

Each cold start takes three figures: the time to the first frame (the child reads the system's
monotonic clock once that frame is composed; the parent read it just before starting the child:
the aim's figure), the CPU time the child has used by then (all its threads; the steadiest figure on a busy machine),
and the whole process (the same plus the interpreter's tear-down, which grows with what the
program holds in memory, not with what the player waits for). The children run with
``PYTHONDONTWRITEBYTECODE`` removed from their environment and one warm-up start each, so this
package's bytecode is cached as after any install or first run (textual's comes from pip); with
it set, every start compiled the package's sources again. ``--baseline DIR`` also times the
client from another checkout's source tree (e.g. `git archive main | tar -x -C DIR`): its cold
starts alternating with the others, and its redraw part (the same game and answers) in a child
process after this tree's, each beside Textual's refresh of its own run. ``--rounds R`` runs the
redraw part R times per tree (children, alternating) and keeps each answer's least time;
``--cpu`` times it in the process's CPU time: together the steadiest comparison on a busy machine.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
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
        self.call_after_refresh(first_frame)

def first_frame():
    import time
    print(time.clock_gettime(time.CLOCK_MONOTONIC), time.process_time())
    app.exit()

app = Minimal()

app.run(headless=True, size=(120, 40))
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
        s.call_after_refresh(first_frame)
    else:
        app.set_timer(0.005, ready)

def first_frame():
    import time
    print(time.clock_gettime(time.CLOCK_MONOTONIC), time.process_time())
    app.exit()

app.call_later(ready)
app.run(headless=True, size=(120, 40))
"""


ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # cache bytecode, as installs do


def cold(code: str, cwd: str | None = None) -> tuple[float, float, float]:
    """(to the first frame, whole process, CPU time to the first frame) in seconds."""
    t0 = time.clock_gettime(time.CLOCK_MONOTONIC)
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, env=ENV,
                         cwd=cwd).stdout
    whole = time.clock_gettime(time.CLOCK_MONOTONIC) - t0
    frame, cpu = map(float, out.strip().splitlines()[-1].split())
    return frame - t0, whole, cpu


MINIMAL_ROW, CLIENT_ROW, BASELINE_ROW = "textual minimal app", "uprising new (4 factions)", "uprising new (baseline)"


def cold_starts(n: int, baseline: str | None = None) -> dict[str, list[tuple[float, float, float]]]:
    cases = [(MINIMAL_ROW, MINIMAL, None), (CLIENT_ROW, CLIENT, None)]
    if baseline:
        cases.append((BASELINE_ROW, CLIENT, baseline))
    for _, code, cwd in cases:  # warm-up: the file cache and the bytecode caches
        cold(code, cwd)
    out: dict[str, list[tuple[float, float, float]]] = {row: [] for row, _, _ in cases}
    for _ in range(n):  # alternate, so a busy spell hits every row
        for row, code, cwd in cases:
            out[row].append(cold(code, cwd))
    return out


THINK = 0.15  # seconds between a frame and the next answer (untimed): less than anyone takes to read a frame


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


async def redraws(n: int, cpu: bool = False) -> dict[str, list[float]]:
    clock = time.process_time if cpu else time.perf_counter
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
    after_ms: list[float] = []
    full_ms: list[float] = []
    empty_ms: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        async def idle(screen) -> None:
            """Every message handled (no sleeping to guess idleness), then the screen composed."""
            await pilot._wait_for_screen()
            while driving(screen):
                await asyncio.sleep(0)
                await pilot._wait_for_screen()
            await pilot._wait_for_screen()
            screen._on_timer_update()  # lay out and compose whatever is dirty, now

        async def settle_odds() -> None:
            """Untimed: the odds line's worker (it waits for the cursor to rest, then works the exact
            odds out in a thread) finishes, so that its thread lands in neither timed window."""
            await app.workers.wait_for_complete()
            await idle(screen)

        for _ in range(200):
            await pilot.pause()
            if isinstance(app.screen, GameScreen) and app.screen.is_mounted and app.screen.query("DecisionBar") \
                    and app.screen.bar.interactive:
                break
        screen = app.screen
        await idle(screen)
        await asyncio.sleep(THINK)  # the screen's first frames and its resume, all done before the first answer
        await idle(screen)
        real_after = getattr(screen, "_after_frame", None)  # (an older checkout has none)

        def timed_after_frame() -> None:  # the work the screen leaves for just after the frame, timed
            t = clock()
            real_after()
            after_ms.append(1000 * (clock() - t))
        if real_after is not None:
            screen._after_frame = timed_after_frame
        frame_end: list[float | None] = [None]
        real_refresh = screen._compositor_refresh

        def timed_refresh() -> None:  # each frame composed: when the last one of a window ended
            real_refresh()
            frame_end[0] = clock()
        screen._compositor_refresh = timed_refresh
        async def drawn(screen) -> None:
            """Until the change's frame is composed, posting nothing meanwhile (Textual composes a frame
            only once every message is handled, so `idle`'s callback to each widget would hold the frame
            back by its own cost); then `idle`, whose check lets through any later frame, which counts."""
            for _ in range(2000):
                if frame_end[0] is not None and not driving(screen):
                    break
                await asyncio.sleep(0.001)
            await idle(screen)

        for i in range(n):
            if ctl.decision is None:
                break
            pick = ctl.suggest()
            t0 = clock()
            frame_end[0] = None
            ctl.answer(pick)
            await drawn(screen)
            answer_ms.append(1000 * ((frame_end[0] or clock()) - t0))
            await asyncio.sleep(THINK)  # a person reads the frame before answering: what waits for after it runs now
            await settle_odds()
            # Textual's own full refresh of the same screen: every widget repainted, layout redone
            t0 = clock()
            frame_end[0] = None
            for w in screen.query("*"):
                w.refresh()
            screen.refresh(layout=True, repaint=True)
            await drawn(screen)
            full_ms.append(1000 * ((frame_end[0] or clock()) - t0))
            # the measuring itself: waiting on every widget's queue when nothing changed
            t0 = clock()
            await idle(screen)
            empty_ms.append(1000 * (clock() - t0))
            await settle_odds()
            # and a person reads before answering: Textual composes at most one frame per 1/60 s, so an
            # answer given within 17 ms of the full refresh's frame had its own frame held back to the
            # next 1/60 s tick (up to 16.7 ms of waiting in the answer's window, at random)
            await asyncio.sleep(THINK)
    return {"answer -> every pane redrawn": answer_ms, "textual full refresh": full_ms,
            "(the wait itself, no change)": empty_ms, "(after the frame: autosave + collector)": after_ms}


REDRAW_CHILD = ("import asyncio, json, sys; sys.path.insert(0, {bench!r}); import bench_tui; "
                "print(json.dumps(asyncio.run(bench_tui.redraws({n}, {cpu}))))")


def driving(screen) -> bool:
    """Whether the game screen is playing an update out (`driving`; `_driving` in trees before
    2026-12-02, so that a --baseline of an older checkout runs too)."""
    return screen.driving if hasattr(screen, "playback") else screen._driving


def redraws_from(tree: str, n: int, cpu: bool = False) -> dict[str, list[float]]:
    """The redraw part run by a checkout's code (its directory first on the path), in a child."""
    code = REDRAW_CHILD.format(bench=os.path.dirname(os.path.abspath(__file__)), n=n, cpu=cpu)
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, cwd=tree,
                         env=dict(ENV, PYTHONPATH=tree)).stdout
    return json.loads(out.strip().splitlines()[-1])


def redraw_rounds(n: int, rounds: int, cpu: bool, baseline: str | None) -> dict[str, list[float]]:
    """Each round runs every tree's redraw part in a child, in turn; each answer keeps its least
    time over the rounds (the same seed and answers give the same game in every round)."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    trees = [("", here)] + ([(" (baseline)", baseline)] if baseline else [])
    runs: dict[str, list[dict[str, list[float]]]] = {suffix: [] for suffix, _ in trees}
    for _ in range(rounds):
        for suffix, tree in trees:
            runs[suffix].append(redraws_from(tree, n, cpu))
    out: dict[str, list[float]] = {}
    for suffix, rs in runs.items():
        for k in rs[0]:
            if not (suffix and k.startswith("(")):
                out[k + suffix] = [min(col) for col in zip(*(r[k] for r in rs))]
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--starts", type=int, default=5, help="cold starts of each (default 5)")
    ap.add_argument("--answers", type=int, default=150, help="answers timed (default 150)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--baseline", metavar="DIR", help="also time the client from another checkout's tree")
    ap.add_argument("--rounds", type=int, default=1,
                    help="redraw runs per tree (in children); each answer keeps its least time (default 1)")
    ap.add_argument("--cpu", action="store_true",
                    help="time the redraw part in the process's CPU time, not wall time (steadier on a busy machine)")
    args = ap.parse_args(argv)

    starts = cold_starts(args.starts, args.baseline)
    draws: dict[str, list[float]] = {}
    if args.answers and (args.baseline or args.rounds > 1):  # the same game and answers in every run
        draws = redraw_rounds(args.answers, args.rounds, args.cpu, args.baseline)
    elif args.answers:
        draws = asyncio.run(redraws(args.answers, args.cpu))
    res = {
        "cold_start_s": {k: {"first_frame_median": statistics.median(r[0] for r in v),
                             "first_frame_min": min(r[0] for r in v),
                             "process_median": statistics.median(r[1] for r in v),
                             "process_min": min(r[1] for r in v),
                             "cpu_median": statistics.median(r[2] for r in v),
                             "cpu_min": min(r[2] for r in v)} for k, v in starts.items() if v},
        "redraw_ms": {k: {"p50": pct(v, 50), "p90": pct(v, 90), "p99": pct(v, 99), "max": max(v), "n": len(v)}
                      for k, v in draws.items() if v},
    }
    cs = res["cold_start_s"]  # (empty with --starts 0: the redraw part alone)
    if cs:
        res["cold_start_ratio"] = cs[CLIENT_ROW]["first_frame_median"] / cs[MINIMAL_ROW]["first_frame_median"]
        res["cold_start_ratio_process"] = cs[CLIENT_ROW]["process_median"] / cs[MINIMAL_ROW]["process_median"]
        res["cold_start_ratio_cpu_min"] = cs[CLIENT_ROW]["cpu_min"] / cs[MINIMAL_ROW]["cpu_min"]
    if cs and args.baseline:
        res["baseline_ratio"] = cs[BASELINE_ROW]["first_frame_median"] / cs[MINIMAL_ROW]["first_frame_median"]
    rd = res["redraw_ms"]
    if rd:
        res["redraw_p99_ratio"] = rd["answer -> every pane redrawn"]["p99"] / rd["textual full refresh"]["p99"]
    if "answer -> every pane redrawn (baseline)" in rd:
        b, bt = rd["answer -> every pane redrawn (baseline)"], rd["textual full refresh (baseline)"]
        res["baseline_redraw_p99_ratio"] = b["p99"] / bt["p99"]
        res["baseline_redraw_p50_ratio"] = b["p50"] / bt["p50"]
        res["redraw_p50_ratio"] = rd["answer -> every pane redrawn"]["p50"] / rd["textual full refresh"]["p50"]
    if args.json:
        print(json.dumps(res, indent=1))
        return 0
    if cs:
        print("Cold start to the first interactive frame (fresh interpreter, headless, 120x40)")
    for k, v in cs.items():
        print(f"  {k:<30} first frame: median {v['first_frame_median']:.3f} s  fastest {v['first_frame_min']:.3f} s"
              f"   whole process: median {v['process_median']:.3f} s  fastest {v['process_min']:.3f} s"
              f"   CPU to the first frame: median {v['cpu_median']:.3f} s  least {v['cpu_min']:.3f} s")
    if cs:
        print(f"  ratio (client / minimal app): {res['cold_start_ratio']:.2f}x to the first frame (aim: within 2x), "
              f"{res['cold_start_ratio_process']:.2f}x whole process, {res['cold_start_ratio_cpu_min']:.2f}x least CPU")
    if cs and args.baseline:
        b = cs[BASELINE_ROW]
        print(f"  baseline / minimal app: {res['baseline_ratio']:.2f}x to the first frame; client / baseline: "
              f"{cs[CLIENT_ROW]['first_frame_median'] / b['first_frame_median']:.2f}x to the first frame, "
              f"{cs[CLIENT_ROW]['cpu_min'] / b['cpu_min']:.2f}x least CPU")
    if not rd:
        return 0
    clock = "CPU time" if args.cpu else "wall time"
    least = f", each answer's least of {args.rounds} rounds" if args.rounds > 1 else ""
    print(f"\nAnswer -> every pane redrawn, 4 factions at 120x40 (ms, {clock}{least})")
    for k, v in rd.items():
        print(f"  {k:<40} p50 {v['p50']:6.1f}  p90 {v['p90']:6.1f}  p99 {v['p99']:6.1f}  max {v['max']:6.1f}"
              f"  (n={v['n']})")
    print(f"  p99 ratio (answer / full refresh): {res['redraw_p99_ratio']:.2f}x   (aim: within 3x, under 50 ms)")
    if "baseline_redraw_p99_ratio" in res:
        print(f"  each client against the Textual refresh of its own run: this tree p50 {res['redraw_p50_ratio']:.2f}x "
              f"p99 {res['redraw_p99_ratio']:.2f}x, baseline p50 {res['baseline_redraw_p50_ratio']:.2f}x "
              f"p99 {res['baseline_redraw_p99_ratio']:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
