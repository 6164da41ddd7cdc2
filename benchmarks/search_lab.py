"""The strong bot's search, tuned offline: what each way of choosing would gain at real Decisions.

Playing paired games is the only proof of strength, but 400 pairs cost an hour a setting. This lab
takes Decisions where the strong bot searches (a player's Actions-turn choice with two or more
options the heuristic ranks) from heuristic games, and plays each of the heuristic's top `width`
options out to the **end of the game** in `samples` sampled worlds (common random numbers, as the
search does), noting on the way what a rollout stopped at the end of the Chapter would have been
worth (``value.worth`` there). Then it replays the search's choice offline:

* a rule (rollouts per candidate, chapter or game horizon, z) reads only the first ``n`` samples
  of each option, as the search would, and picks;
* the pick is scored on the **other** samples (``n``..``samples``), by the games' real ends: its
  win chance less the heuristic pick's. So a rule's gain is not the luck of the samples it chose
  by (no winner's curse).

    .venv/bin/python benchmarks/search_lab.py play --games 30 --out runs/lab.jsonl   # resumable
    .venv/bin/python benchmarks/search_lab.py report runs/lab.jsonl

The report prints, per kind of Decision and per rule, the mean gain in win chance per Decision
(in points, with its 95% interval over Decisions), how often the rule leaves the heuristic's pick,
and the ceiling (the best option by the held-out samples themselves: an upper bound, chosen and
scored on the same samples). It ranks rules and widths; it is not a game's gain (the gains of one
game's Decisions overlap, and the bot's sequential search is not the rule): the paired games of
``strength.py`` are the measurement.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uprising_tui.balance.run import lab_setup  # noqa: E402
from uprising_tui.bots.heuristic import HeuristicBot  # noqa: E402
from uprising_tui.bots.strong import value  # noqa: E402
from uprising_tui.bots.strong.search import Budget, Line, Outcome, Search, choose, rank, restricted  # noqa: E402
from uprising_tui.engine.face.events import PhaseStarted  # noqa: E402
from uprising_tui.engine.game import Game  # noqa: E402
from uprising_tui.engine.sandbox import Sandboxes  # noqa: E402
from uprising_tui.sim import PLAYERS_WIN, SimConfig  # noqa: E402


def rollout(world, line, seed: int) -> tuple[float, float, float, float]:
    """`line` played in `world` to the end of the game: (worth at the end of the Chapter: win,
    margin; at the end of the game: win, margin), as ``search.play_out`` would cut it."""
    bot = HeuristicBot(seed)
    d = world.decision
    bot.choose(world, restricted(d, line.among) if line.rank else d)
    chapter = world.public_view().chapter
    world.answer(line.option)
    log, seen, cut = world.log, len(world.log) - 1, None
    while world.decision is not None:
        if cut is None:
            if any(type(e) is PhaseStarted and e.chapter > chapter for e in log[seen:]):
                cut = value.worth(world.public_view(), world.cat)
            seen = len(log)
        world.answer(bot.choose(world, world.decision))
    end = value.worth(world.public_view(), world.cat)
    if cut is None:
        cut = end
    return (round(cut.win, 4), cut.margin, end.win, end.margin)


def play(args) -> None:
    done = set()
    if args.out.exists():
        done = {json.loads(x)["seed"] for x in args.out.read_text().splitlines() if x.strip()}
    cfg = SimConfig(factions=args.factions, chapters=args.chapters, difficulty=args.difficulty, bot="heuristic")
    for seed in range(args.seed, args.seed + args.games):
        if seed in done:
            continue
        setup, cat = lab_setup(cfg, seed)
        game = Game(setup, cat).start()
        bot = HeuristicBot(seed)
        pick_rng = random.Random(seed * 31 + 7)
        rows, searched = [], 0
        while game.decision is not None:
            d = game.decision
            pick = bot.choose(game, d)
            if d.kind in args.kinds and pick not in ("always", "cancel"):
                sb = Sandboxes(game)
                lines = rank(sb.world(seed * 7919), args.width, seed, first=pick)
                if len(lines) >= 2:
                    searched += 1
                    if pick_rng.random() < args.rate:
                        samples = [[rollout(sb.world(seed * 7919 + i), ln, seed) for ln in lines]
                                   for i in range(args.samples)]
                        view = game.public_view()
                        rows.append({"kind": d.kind, "chapter": view.chapter, "options": [ln.option for ln in lines],
                                     "samples": samples})
            game.answer(pick)
        rec = {"seed": seed, "factions": args.factions, "difficulty": args.difficulty, "chapters": args.chapters,
               "win": game.public_view().verdict == PLAYERS_WIN, "searched": searched, "positions": rows}
        with args.out.open("a") as fh:
            fh.write(json.dumps(rec) + "\n")
        print(f"seed {seed}: {len(rows)} positions of {searched} searched Decisions", flush=True)


def pick(samples: list, n: int, horizon: str, z: float, floor: float, margin_weight: float = 0.0) -> int:
    """The option a rule plays, from the first `n` samples: the best by mean worth, but the
    heuristic's (index 0) unless the best leads it by more than `z` floored standard errors."""
    k = len(samples[0])
    w, m = (0, 1) if horizon == "chapter" else (2, 3)

    def u(s, j):
        return s[j][w] + margin_weight * math.tanh(s[j][m] / 8.0)

    best, best_mean = 0, None
    for j in range(k):
        mean = sum(u(s, j) for s in samples[:n]) / n
        if best_mean is None or mean > best_mean + 1e-12:
            best, best_mean = j, mean
    if best == 0:
        return 0
    d = [u(s, best) - u(s, 0) for s in samples[:n]]
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / max(1, n - 1)
    se = max(math.sqrt(var / n), floor / math.sqrt(n))
    return best if mean > z * se else 0


def mean_se(xs: list[float]) -> tuple[float, float]:
    """The mean of `xs` and its standard error."""
    m = sum(xs) / len(xs)
    return m, math.sqrt(sum((x - m) ** 2 for x in xs) / max(1, len(xs) - 1) / len(xs))


def truth(samples: list, j: int, start: int) -> float:
    held = samples[start:]
    return sum(s[j][2] for s in held) / len(held)


RULES = [(n, h, z, f, mw) for n in (4, 8, 16, 24, 32) for h in ("chapter", "game")
         for z, f in ((2.0, 0.35), (1.0, 0.35), (1.0, 0.0), (0.0, 0.0)) for mw in ((0.0, 0.5) if h == "game" else (0.0,))]


def gains_of(pos: list, rule, width: int) -> tuple[list[float], int]:
    gains, moved = [], 0
    n_all = len(pos[0]["samples"])
    for p in pos:
        s = [row[:width] for row in p["samples"]]
        if len(s[0]) < 2:
            gains.append(0.0)
            continue
        if rule is None:
            start = n_all // 3
            j = max(range(len(s[0])), key=lambda j: truth(s, j, start))
        else:
            start = rule[0]
            j = pick(s, *rule)
        moved += j != 0
        gains.append(truth(s, j, start) - truth(s, 0, start))
    return gains, moved


def report(args) -> None:
    recs = [json.loads(x) for x in args.file.read_text().splitlines() if x.strip()]
    wins = sum(r["win"] for r in recs) / max(1, len(recs))
    everything = [p for r in recs for p in r["positions"]]
    print(f"{len(recs)} games (heuristic won {100 * wins:.0f}%), {len(everything)} positions, "
          f"{len(everything[0]['samples']) if everything else 0} samples an option")
    for kind in sorted({p.get("kind", "turn") for p in everything}):
        pos = [p for p in everything if p.get("kind", "turn") == kind]
        a_game = len(pos) / max(1, len(recs)) / args.rate
        print(f"\n{kind}: {len(pos)} positions, about {a_game:.1f} such Decisions a game")
        print(f"  {'rule':44s} {'width':>5s} {'gain/Decision (95%)':>24s} {'left pick':>9s}")
        for width in args.widths:
            for rule in [None] + RULES:
                if rule is not None and rule[0] >= len(pos[0]["samples"]):
                    continue
                gains, moved = gains_of(pos, rule, width)
                g, se = mean_se(gains)
                name = "ceiling (best by held-out samples)" if rule is None else \
                    f"n={rule[0]:2d} {rule[1]:7s} z={rule[2]:.1f} floor={rule[3]:.2f} margin={rule[4]:.1f}"
                print(f"  {name:44s} {width:5d} {100 * g:+7.2f} ({100 * (g - 1.96 * se):+6.2f} to "
                      f"{100 * (g + 1.96 * se):+6.2f}) {100 * moved / len(gains):8.0f}%")


HOLD = 40  # the bot's search reads worlds below this; its pick is scored on the rest


class Replayed(Search):
    """The strong bot's own search (its racing, its sequential test, its choice) run on the
    recorded worlds of one position instead of new rollouts."""

    def __init__(self, samples: list, budget: Budget, drop_z: float, confirm_z: float):
        width = min(budget.width, len(samples[0]))
        super().__init__(None, budget, 0, lines=[Line(str(j), j, ()) for j in range(width)])
        self.samples, self.drop_z, self.confirm_z = samples, drop_z, confirm_z

    def play(self, i: int, line: Line) -> Outcome:
        if i >= HOLD:
            raise ValueError(f"the search read world {i}: worlds from {HOLD} on are held out")
        row = self.samples[i][line.rank]
        win, margin = (row[0], row[1]) if self.budget.horizon == "chapter" else (row[2], row[3])
        return Outcome(win, margin, ())


def bots(args) -> None:
    """The strong bot's search itself, at many settings, on the recorded positions."""
    recs = [json.loads(x) for x in args.file.read_text().splitlines() if x.strip()]
    pos = [p for r in recs for p in r["positions"] if p.get("kind", "turn") == args.kind
           and len(p["samples"]) > HOLD and len(p["samples"][0]) >= 2]
    print(f"{len(pos)} {args.kind} positions; the search reads worlds 0..{HOLD - 1}, "
          f"its pick is scored on {len(pos[0]['samples']) - HOLD if pos else 0} more")
    rows = []
    for width in args.widths:
        for rollouts in (16, 24, 32, 40):
            for first in (2, 4):
                for drop_z in (0.5, 1.0, 2.0):
                    for confirm_z in (2.0, 3.0):
                        for z in (1.0, 1.5, 2.0):
                            budget = Budget(rollouts=rollouts, width=width, first=first, horizon=args.horizon)
                            gains, spent, moved = [], 0, 0
                            for p in pos:
                                search = Replayed(p["samples"], budget, drop_z, confirm_z)
                                j = choose(search.run(), z).rank
                                spent += search.rollouts
                                moved += j != 0
                                gains.append(truth(p["samples"], j, HOLD) - truth(p["samples"], 0, HOLD))
                            g, se = mean_se(gains)
                            rows.append((g, se, width, rollouts, first, drop_z, confirm_z, z,
                                         spent / len(pos), moved / len(pos)))
    rows.sort(reverse=True)
    print(f"{'width':>5s} {'rollouts':>8s} {'first':>5s} {'drop_z':>6s} {'confirm_z':>9s} {'z':>4s} "
          f"{'gain/Decision (95%)':>24s} {'rollouts used':>13s} {'left pick':>9s}")
    default = (4, 32, 4, 0.5, 2.0, 2.0)
    for r in rows[:args.top] + [r for r in rows if r[2:8] == default]:
        g, se = r[0], r[1]
        print(f"{r[2]:5d} {r[3]:8d} {r[4]:5d} {r[5]:6.1f} {r[6]:9.1f} {r[7]:4.1f} {100 * g:+7.2f} "
              f"({100 * (g - 1.96 * se):+6.2f} to {100 * (g + 1.96 * se):+6.2f}) {r[8]:13.1f} {100 * r[9]:8.0f}%"
              + ("   <- the default" if r[2:8] == default else ""))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("--games", type=int, default=30)
    p.add_argument("--seed", type=int, default=10_001)
    p.add_argument("--factions", type=int, default=1)
    p.add_argument("--difficulty", default="veteran")
    p.add_argument("--chapters", type=int, default=4)
    p.add_argument("--width", type=int, default=4)
    p.add_argument("--samples", type=int, default=48)
    p.add_argument("--rate", type=float, default=0.15, help="share of searched Decisions taken")
    p.add_argument("--kinds", type=lambda x: frozenset(x.split(",")), default=frozenset({"turn"}),
                   help="the kinds of Decision taken (comma-separated; the strong bot searches turn and keep_feat)")
    p.add_argument("--out", type=Path, required=True)
    r = sub.add_parser("report")
    r.add_argument("file", type=Path)
    r.add_argument("--rate", type=float, default=0.15, help="the rate the positions were taken at")
    r.add_argument("--widths", type=lambda x: [int(v) for v in x.split(",")], default=[3])
    b = sub.add_parser("bot")
    b.add_argument("file", type=Path)
    b.add_argument("--kind", default="turn")
    b.add_argument("--horizon", default="chapter", choices=("chapter", "game"))
    b.add_argument("--widths", type=lambda x: [int(v) for v in x.split(",")], default=[3, 4])
    b.add_argument("--top", type=int, default=15)
    args = ap.parse_args()
    {"play": play, "report": report, "bot": bots}[args.cmd](args)


if __name__ == "__main__":
    main()
