"""Fit the strong bot's value curves (bots/strong/value.py: CURVES) on heuristic games.

    .venv/bin/python benchmarks/fit_value.py --data runs/value.json           # play, save, fit
    .venv/bin/python benchmarks/fit_value.py --data runs/value.json --refit   # fit the saved data again

The heuristic bot plays games at 1, 2 and 4 factions, Rebel / Veteran / Nightmare, 2-4 Chapters
(the lab's setups: Heroes by the seed). At the first Decision of each Chapter after the first
(where the strong bot's rollouts stop) the features of value.features are read from the public
view; the game's end says whether the players won. Per (chapter, chapters) a logistic curve over
the features is fitted by Newton's method (a little ridge). It prints the curves (to paste into
CURVES) and, on a held-out half of the games, the log-loss of the curve beside three baselines: the
projected margin alone, the margin now (VP so far, nothing projected) and the cell's win rate.
Lower is better.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uprising_tui.balance.run import lab_setup  # noqa: E402
from uprising_tui.bots import get_bot  # noqa: E402
from uprising_tui.bots.strong import value  # noqa: E402
from uprising_tui.engine import Game  # noqa: E402
from uprising_tui.sim import PLAYERS_WIN, SimConfig  # noqa: E402


def points(setup, cat) -> tuple[list, bool]:
    game = Game(setup, cat).start()
    bot = get_bot("heuristic", setup.seed)
    seen = 1
    out = []
    while game.decision is not None:
        view = game.public_view()
        if view.chapter > seen:
            seen = view.chapter
            out.append([view.chapter, view.chapters, list(value.features(view, cat)), value.margin_now(view)])
        game.answer(bot.choose(game, game.decision))
    return out, game.public_view().verdict == PLAYERS_WIN


def fit(X: np.ndarray, y: np.ndarray, ridge: float = 1.0) -> np.ndarray:
    X = np.concatenate([np.ones((len(X), 1)), X], 1)
    w = np.zeros(X.shape[1])
    reg = ridge * np.eye(X.shape[1])
    reg[0, 0] = 0
    for _ in range(60):
        p = 1 / (1 + np.exp(-X @ w))
        g = X.T @ (y - p) - reg @ w
        H = (X * (p * (1 - p))[:, None]).T @ X + reg + 1e-9 * np.eye(X.shape[1])
        w += np.linalg.solve(H, g)
    return w


def predict(w: np.ndarray, X: np.ndarray) -> np.ndarray:
    return 1 / (1 + np.exp(-(w[0] + X @ w[1:])))


def logloss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def collect(games: int, seed: int) -> list:
    rows = []
    for chapters in (2, 3, 4):
        for factions in (1, 2, 4):
            for diff in ("rebel", "veteran", "nightmare"):
                cfg = SimConfig(factions=factions, chapters=chapters, difficulty=diff)
                for i in range(games):
                    setup, cat = lab_setup(cfg, seed + i)
                    pts, won = points(setup, cat)
                    rows.extend(p + [int(won), i % 2] for p in pts)
                print(f"played {chapters} chapters, {factions} faction(s), {diff}", file=sys.stderr)
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=60, help="games per (factions, difficulty, chapters)")
    ap.add_argument("--seed", type=int, default=5001)
    ap.add_argument("--data", type=Path, default=None, help="save the points here (or read them with --refit)")
    ap.add_argument("--refit", action="store_true")
    args = ap.parse_args(argv)
    if args.refit:
        rows = json.loads(args.data.read_text())
    else:
        rows = collect(args.games, args.seed)
        if args.data:
            args.data.write_text(json.dumps(rows))
    keys = sorted({(r[0], r[1]) for r in rows}, key=lambda k: (k[1], k[0]))
    print("CURVES = {")
    for key in keys:
        data = [r for r in rows if (r[0], r[1]) == key]
        X = np.array([r[2] for r in data], dtype=float)
        now = np.array([[r[3]] for r in data], dtype=float)
        y = np.array([r[4] for r in data], dtype=float)
        half = np.array([r[5] for r in data]) == 1
        tr, te = ~half, half
        full = logloss(predict(fit(X[tr], y[tr]), X[te]), y[te])
        proj = logloss(predict(fit(X[tr][:, :1], y[tr]), X[te][:, :1]), y[te])
        nowl = logloss(predict(fit(now[tr], y[tr]), now[te]), y[te])
        base = logloss(np.full(te.sum(), y[tr].mean()), y[te])
        w = fit(X, y)
        print(f"    {key}: ({w[0]:.3f}, ({', '.join(f'{x:.4f}' for x in w[1:])})),  # n={len(data)}; held-out "
              f"log-loss {full:.3f}, projected margin only {proj:.3f}, margin now {nowl:.3f}, win rate {base:.3f}")
    print("}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
