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

# (chapter, chapters) at the first Decision of a Chapter -> (intercept, weights of `features`),
# fitted by benchmarks/fit_value.py on 4,860 heuristic games (60 per faction count 1/2/4,
# difficulty Rebel/Veteran/Nightmare and length 2-4; seeds 5001..5060). Held-out log-loss
# 0.18-0.48 against 0.24-0.49 for the projected margin alone, 0.29-0.49 for the margin now and
# 0.61-0.69 for the win rate alone (docs/balance.md, "The strong bot")
CURVES: dict[tuple[int, int], tuple[float, tuple[float, ...]]] = {
    (2, 2): (1.079, (0.2926, 0.2725, 0.1251, -0.0734, -0.1256, -0.2161, -0.2101, -0.0669)),
    (2, 3): (2.270, (0.1579, 0.2976, 0.0633, -0.1428, -0.0598, -0.2324, -0.1392, -0.2531)),
    (3, 3): (3.730, (0.2075, 0.1874, 0.0155, 0.0042, -0.5145, -0.1605, -0.0597, -0.0902)),
    (2, 4): (2.189, (0.0888, 0.1996, 0.0778, 0.0692, -0.5626, -0.2663, -0.2088, -0.2157)),
    (3, 4): (4.575, (0.1189, 0.1067, -0.0176, 0.1221, -0.6527, -0.1982, -0.1209, -0.0784)),
    (4, 4): (5.967, (0.2200, 0.1569, 0.0077, -0.0595, -0.7376, -0.1672, -0.1190, -0.1900)),
}
FALLBACK = (0.5, (0.12, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0))  # a point no rollout stops at


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


def features(view, cat) -> tuple[float, ...]:
    """What the value curve reads at a cut-off, each per player where it is a player's: the projected
    margin, then Units on the map, resources, Feats and Items held, Havens still to build, the
    Threat of the Hordes and of the Legions, Skeletons on the map."""
    n = len(view.players)
    units = sum(c for h in view.hexes.values() if h.owner for _, c in h.units)
    res = sum(p.salt + p.plunder + p.food for p in view.players)
    cards = sum(len(p.feats) + len(p.items) for p in view.players)
    supply = sum(p.havens_in_supply for p in view.players)
    skeletons = sum(h.skeletons for h in view.hexes.values())
    return (projected_margin(view, cat), units / n, res / n, cards / n, supply / n,
            float(sum(c.threat for c in view.hordes)), float(sum(c.threat for c in view.legions)), float(skeletons))


def worth(view, cat) -> Worth:
    """The position's worth to the players (see the module docstring)."""
    if view.verdict is not None:
        m = margin_now(view)
        return Worth(1.0 if m > 0 else 0.0, float(m), True)
    x = features(view, cat)
    a, w = CURVES.get((view.chapter, view.chapters), FALLBACK)
    z = a + sum(wi * xi for wi, xi in zip(w, x))
    return Worth(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))), x[0], False)
