"""What a position is worth to the players: the chance that every player ends above both the
Empire and Chaos, and the VP margin, read from the public view alone.

At the end of the game both are exact: the margin is the lowest player's VP less the higher of
the Empire's and Chaos's, and the players win when it is above 0. Earlier (a search's rollout
stopped at the end of a Chapter) they are estimated: every side's VP **projected** to the end as
if what it scores at each Scoring now (a player's Havens with their hexes' VP; the Empire's
Garrison hexes and Legions; Chaos's Curses and Hordes) stayed the same for every Scoring left,
and the chance a logistic curve of that projected margin, fitted per Chapter to heuristic games
(``benchmarks/fit_value.py`` fits it and prints how well it predicts; the figures are in
docs/balance.md, "The strong bot").
"""
from __future__ import annotations

import math
from typing import NamedTuple

# (chapter, chapters) at the first Decision of a Chapter -> (intercept, slope per projected VP of
# margin), fitted by benchmarks/fit_value.py on 6,480 heuristic games (60 per faction count,
# difficulty and length; seeds 5001..5060); held-out log-loss 0.25-0.48 against 0.29-0.50 for the
# margin now and 0.61-0.69 for the win rate alone
CURVES: dict[tuple[int, int], tuple[float, float]] = {
    (2, 2): (1.711, 0.3039),
    (2, 3): (1.011, 0.1487),
    (3, 3): (1.448, 0.1988),
    (2, 4): (0.119, 0.0975),
    (3, 4): (0.413, 0.1189),
    (4, 4): (1.204, 0.1871),
}
FALLBACK = (0.5, 0.12)  # a Decision before the first cut-off point (never asked of a rollout)


class Worth(NamedTuple):
    win: float  # the chance the players win (1 or 0 once the game is over)
    margin: float  # the lowest player's VP less the stronger Nemesis's (projected before the end)
    exact: bool  # the game is over


def scoring_rates(view, cat) -> tuple[dict[str, int], int, int]:
    """What each side scores at a Scoring as the table stands: players (by faction), Empire, Chaos."""
    players = {p.faction: 0 for p in view.players}
    empire = len(view.legions)
    chaos = len(view.hordes)
    for h in view.hexes.values():
        if h.haven in players:
            players[h.haven] += 2 + (cat.hexes[h.tile].vp if h.tile else 0)
        if h.garrisons:
            empire += 1
        if h.curse:
            chaos += 1
    return players, empire, chaos


def margin_now(view) -> int:
    low = min(p.vp for p in view.players)
    return low - max(view.vp_empire, view.vp_chaos)


def projected_margin(view, cat) -> float:
    """The margin at the end if every side scored what it scores now at each Scoring left (the
    current Chapter's Scoring included unless it is done)."""
    left = view.chapters - view.chapter + (0 if view.phase in ("scoring", "over") else 1)
    players, empire, chaos = scoring_rates(view, cat)
    low = min(p.vp + left * players[p.faction] for p in view.players)
    return low - max(view.vp_empire + left * empire, view.vp_chaos + left * chaos)


def worth(view, cat) -> Worth:
    """The position's worth to the players (see the module docstring)."""
    if view.verdict is not None:
        m = margin_now(view)
        return Worth(1.0 if m > 0 else 0.0, float(m), True)
    m = projected_margin(view, cat)
    a, b = CURVES.get((view.chapter, view.chapters), FALLBACK)
    return Worth(1.0 / (1.0 + math.exp(-(a + b * m))), m, False)
