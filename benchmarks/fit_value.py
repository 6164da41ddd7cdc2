"""Fit the strong bot's value curves (bots/strong/value.py: CURVES) on heuristic games.

    .venv/bin/python benchmarks/fit_value.py                       # 120 games per setting
    .venv/bin/python benchmarks/fit_value.py --games 300 --seed 5001

The heuristic bot plays games at 1-4 factions, Rebel / Veteran / Nightmare, 2-4 Chapters (the
lab's setups: Heroes by the seed). At the first Decision of each Chapter after the first (where
the strong bot's rollouts stop) the projected margin is read from the public view
(value.projected_margin); the game's end says whether the players won. Per (chapter, chapters)
a logistic curve P(win) = 1 / (1 + exp(-(a + b * margin))) is fitted by Newton's method. It prints
the curves (to paste into CURVES) and, on a held-out half of the games, the log-loss of the
curve beside two baselines: the cell's win rate alone, and the same curve on the margin now
(VP so far, nothing projected). Lower is better.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uprising_tui.balance.run import lab_setup  # noqa: E402
from uprising_tui.bots import get_bot  # noqa: E402
from uprising_tui.bots.strong import value  # noqa: E402
from uprising_tui.engine import Game  # noqa: E402
from uprising_tui.sim import PLAYERS_WIN, SimConfig  # noqa: E402


def points(setup, cat) -> tuple[list[tuple[tuple[int, int], float, float]], bool]:
    game = Game(setup, cat).start()
    bot = get_bot("heuristic", setup.seed)
    seen = 1
    out = []
    while game.decision is not None:
        view = game.public_view()
        if view.chapter > seen:
            seen = view.chapter
            out.append(((view.chapter, view.chapters), value.projected_margin(view, cat), value.margin_now(view)))
        game.answer(bot.choose(game, game.decision))
    return out, game.public_view().verdict == PLAYERS_WIN


def fit(x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    w = np.zeros(2)
    X = np.stack([np.ones_like(x), x], 1)
    for _ in range(50):
        p = 1 / (1 + np.exp(-X @ w))
        g = X.T @ (y - p)
        H = (X * (p * (1 - p))[:, None]).T @ X + 1e-6 * np.eye(2)
        w += np.linalg.solve(H, g)
    return float(w[0]), float(w[1])


def logloss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=120, help="games per (factions, difficulty, chapters)")
    ap.add_argument("--seed", type=int, default=5001)
    args = ap.parse_args(argv)
    rows: dict[tuple[int, int], list[tuple[float, float, int, int]]] = {}
    for chapters in (2, 3, 4):
        for factions in (1, 2, 3, 4):
            for diff in ("rebel", "veteran", "nightmare"):
                cfg = SimConfig(factions=factions, chapters=chapters, difficulty=diff)
                for i in range(args.games):
                    setup, cat = lab_setup(cfg, args.seed + i)
                    pts, won = points(setup, cat)
                    for key, proj, now in pts:
                        rows.setdefault(key, []).append((proj, now, int(won), i % 2))
                print(f"played {chapters} chapters, {factions} faction(s), {diff}", file=sys.stderr)
    print("CURVES = {")
    for key in sorted(rows, key=lambda k: (k[1], k[0])):
        data = np.array(rows[key], dtype=float)
        train, test = data[data[:, 3] == 0], data[data[:, 3] == 1]
        a, b = fit(train[:, 0], train[:, 2])
        an, bn = fit(train[:, 1], train[:, 2])
        y = test[:, 2]
        base = logloss(np.full_like(y, train[:, 2].mean()), y)
        now = logloss(1 / (1 + np.exp(-(an + bn * test[:, 1]))), y)
        proj = logloss(1 / (1 + np.exp(-(a + b * test[:, 0]))), y)
        fa, fb = fit(data[:, 0], data[:, 2])  # the curve kept: fitted on every game
        print(f"    {key}: ({fa:.3f}, {fb:.4f}),  # n={len(data)} log-loss held out: projected {proj:.3f}, "
              f"margin now {now:.3f}, win rate only {base:.3f}")
    print("}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
