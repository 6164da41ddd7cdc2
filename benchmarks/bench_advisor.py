"""The advisor: the time per hint at a 4-faction turn, whether an app stays responsive while it
thinks (in a thread of the app's process, and in the worker process), and the strength at that budget.

    .venv/bin/python benchmarks/bench_advisor.py                     # 6 hints, strength on 10 setups
    .venv/bin/python benchmarks/bench_advisor.py --hints 10 --strength 0

1. Hints: a 4-faction game played by the heuristic bot is stopped at Actions turns across the
   Chapters, and each time `AdvisorProcess.ask(game, HINT_BUDGET)` is timed to its answer (the
   worker started once, before; the first hint also pays for its copy of the game).
2. Responsiveness: an asyncio loop ticks every 5 ms (as a Textual app's timers would) while one
   hint is worked out, first in a thread of the same process, then in the worker process; it
   prints how late the ticks came (the worst and the 99th percentile).
3. Strength: the strong bot at the hint budget against the heuristic on the same setups (1
   faction, 2 Chapters, Veteran: paired), with its 95% interval (wide for a few setups).
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uprising_tui.bots import get_bot  # noqa: E402
from uprising_tui.bots.strong.advisor import HINT_BUDGET, advise  # noqa: E402
from uprising_tui.bots.strong.worker import AdvisorProcess, Done  # noqa: E402
from uprising_tui.engine import Game, Setup  # noqa: E402

TICK = 0.005


def turns(seed: int, count: int):
    """The game at `count` Actions turns spread over a 4-faction game (copies, in order)."""
    game = Game(Setup(factions=["druwhn", "duerkhar", "krowh", "mohyar"], seed=seed, auto_ties=True)).start()
    bot = get_bot("heuristic", seed)
    marks = []
    while game.decision is not None:
        if game.decision.kind == "turn" and len(game.answers) % 29 == 13:
            marks.append(list(game.answers))
        game.answer(bot.choose(game, game.decision))
    step = max(1, len(marks) // count)
    return [Game.replay(game.setup, a) for a in marks[::step][:count]]


async def _ticks(until) -> list[float]:
    late = []
    while not until():
        t = time.perf_counter()
        await asyncio.sleep(TICK)
        late.append(time.perf_counter() - t - TICK)
    return late


def responsiveness(game) -> dict[str, tuple[float, float]]:
    out = {}
    done = threading.Event()

    def in_thread():
        advise(game, HINT_BUDGET)
        done.set()
    threading.Thread(target=in_thread, daemon=True).start()
    late = asyncio.run(_ticks(done.is_set))
    out["thread"] = (max(late), statistics.quantiles(late, n=100)[98])
    with AdvisorProcess() as advisor:
        advisor.wait(advisor.ask(game, HINT_BUDGET))  # warm: the worker's copy of the game
        rid = advisor.ask(game, HINT_BUDGET, seed=1)
        answered = []

        def finished() -> bool:
            answered.extend(m for m in advisor.poll() if isinstance(m, Done) and m.request == rid)
            return bool(answered)
        late = asyncio.run(_ticks(finished))
    out["process"] = (max(late), statistics.quantiles(late, n=100)[98])
    return out


def strength(pairs: int) -> str:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from strength import _task, table  # noqa: PLC0415
    b = HINT_BUDGET
    spec = f"strong:seconds={b.seconds},width={b.width},first={b.first},horizon={b.horizon}"
    rows = [_task((bot, 1, "veteran", 2, 1 + i)) for i in range(pairs) for bot in ("heuristic", spec)]
    return table(rows)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hints", type=int, default=6)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--strength", type=int, default=10, help="paired setups for the strength (0: skip)")
    args = ap.parse_args(argv)
    games = turns(args.seed, args.hints)
    print(f"hint budget: {HINT_BUDGET}")
    times = []
    with AdvisorProcess() as advisor:
        advisor.follow(games[0])  # what a client does when a game starts: the worker copies it
        t = time.perf_counter()
        advisor.wait(advisor.ask(games[0], HINT_BUDGET))
        cold = time.perf_counter() - t
        for g in games:
            t = time.perf_counter()
            got = advisor.wait(advisor.ask(g, HINT_BUDGET))
            times.append(time.perf_counter() - t)
            a = got.advice
            v = g.public_view()
            print(f"  Chapter {v.chapter} {g.decision.actor:<9} {len(g.decision.options):>3} options: "
                  f"{times[-1]:.2f} s, {a.rollouts} rollouts, best {a.options[0].label!r} "
                  f"({100 * a.options[0].win:.0f}%, {a.options[0].samples} plays)")
    print(f"time per hint: mean {statistics.mean(times):.2f} s, worst {max(times):.2f} s "
          f"(the first hint of a fresh worker, which also imports and copies the game: {cold:.2f} s)")
    r = responsiveness(games[len(games) // 2])
    print(f"5 ms ticks while a hint is worked out: in a thread worst {1000 * r['thread'][0]:.0f} ms late "
          f"(p99 {1000 * r['thread'][1]:.0f} ms); in the worker process worst {1000 * r['process'][0]:.0f} ms "
          f"(p99 {1000 * r['process'][1]:.0f} ms)")
    if args.strength:
        print(f"strength at the hint budget ({args.strength} setups, 1 faction, 2 Chapters, Veteran):")
        print(strength(args.strength))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
