"""The Legions the Capital calls, over every order the deck may give them, at once.

While only our Units stand on the Capital it calls a Legion: each card the table cannot rule
out, equally likely, until the deck runs out (then the Capital falls: 5 VP). What follows a
call depends on which cards are left, so the hex's chain would meet each of its states again
for every set of cards drawn before (thousands of them). Instead the chain is solved without
the deck, a state at which the Capital calls (a *draw point*) being one of its ends, and the
deck is put back here: for a draw point ``e`` and the cards ``R`` still to come,

    W(e, R) = 1/|R| Σ_c∈R [ what the call of c brings until the next draw point (or the end)
                             + Σ_e' P(e → e' | c) W(e', R less c) ]

(the Capital falls instead when the deck is empty), solved for every ``R`` of one size at once
on arrays, the fewest cards left first. "No Unit lost" passes only along the ways that lose
none (the chain's ``("drawl", e)`` ends). Exact: the same sums as the chain's, in another order.
"""
from __future__ import annotations

from .hex_state import CHAOS_VP, LOST, NO_LOSS, VP

CALLED, CALLED_L = "called", "called_l"  # a draw point reached; ... reached with no Unit lost on the way


def is_exit(k) -> bool:
    return type(k) is tuple


def resolve(chain, v0: dict) -> dict:
    """The start's value `v0` (the chain solved without the Legion deck, draw points as ends) with
    the deck of the chain's spec put back."""
    import numpy as np
    sp = chain.spec
    pool = tuple(sp.legion_pool)
    n, count = len(pool), sp.legion_count
    points: dict = {}
    order: list = []

    def point(e) -> int:
        got = points.get(e)
        if got is None:
            got = points[e] = len(order)
            order.append(e)
        return got

    for k in v0:
        if is_exit(k):
            point(k[1])
    if not order:
        return v0
    calls: dict = {}  # (draw point, card) -> (rewards, lossy?, the value after the call)
    falls: dict = {}  # draw point -> the value once the Capital has fallen (with its 5 VP)
    calling = n > 0 and count > 0  # (else the Capital falls at once: no Legion is ever met)
    i = 0
    while i < len(order):
        e = order[i]
        for c in range(n if calling else 0):
            s2, rew = chain.arrival(e, pool[c])
            val = chain.value(chain.canon(s2))
            calls[i, c] = (rew, any(k == LOST and x for k, x in rew), val)
            for k in val:
                if is_exit(k):
                    point(k[1])
        falls[i] = (((VP if e.units else CHAOS_VP, 5.0),), chain.value(chain.canon(e._replace(fallen=True))))
        i += 1
    m = len(order)
    cols: dict = {}
    for d in [v0] + [val for _, val in falls.values()] + [val for _, _, val in calls.values()]:
        for k in d:
            if not is_exit(k) and k not in cols:
                cols[k] = len(cols)
    for rew, _ in falls.values():
        for k, _ in rew:
            cols.setdefault(k, len(cols))
    for rew, _, _ in calls.values():
        for k, _ in rew:
            cols.setdefault(k, len(cols))
    nl = cols.setdefault(NO_LOSS, len(cols))
    t = len(cols)
    keep = np.ones(t)
    keep[nl] = 0.0

    def plain(rew, lossy: bool, val: dict):
        out = np.zeros(t)
        for k, x in rew:
            out[cols[k]] += x
        for k, x in val.items():
            if not is_exit(k) and not (lossy and k == NO_LOSS):
                out[cols[k]] += x
        return out

    fall = np.stack([plain(falls[i][0], False, falls[i][1]) for i in range(m)])
    base = np.zeros((n, m, t))
    full = np.zeros((n, m, m))
    lossless = np.zeros((n, m, m))
    for (i, c), (rew, lossy, val) in calls.items():
        base[c, i] = plain(rew, lossy, val)
        for k, x in val.items():
            if is_exit(k):
                if k[0] == CALLED:
                    full[c, i, points[k[1]]] += x
                elif not lossy:
                    lossless[c, i, points[k[1]]] += x
    # the cards still to come as bit masks, by how many are left (drawn = n - left)
    low = max(0, n - count)
    layers = {r: [] for r in range(low, n + 1)}
    for mask in range(1 << n):
        r = bin(mask).count("1")
        if r >= low:
            layers[r].append(mask)
    at = {r: {mask: j for j, mask in enumerate(ms)} for r, ms in layers.items()}
    w: dict = {}
    for r in range(low, n + 1):
        ms = layers[r]
        if r == 0 or count - (n - r) <= 0:  # nothing left to call: the Capital falls
            w[r] = np.repeat(fall[:, None, :], len(ms), axis=1)
            continue
        acc = np.zeros((m, len(ms), t))
        below = at[r - 1]
        for c in range(n):
            bit = 1 << c
            rows = [j for j, mask in enumerate(ms) if mask & bit]
            g = w[r - 1][:, [below[ms[j] ^ bit] for j in rows], :]  # (m, rows, t)
            part = np.einsum("ij,jkt->ikt", full[c], g) * keep + base[c][:, None, :]
            part[:, :, nl] += np.einsum("ij,jk->ik", lossless[c], g[:, :, nl])
            acc[:, rows, :] += part
        w[r] = acc / r
    top = w[n][:, 0, :]  # every card still to come
    out = plain((), False, v0)
    for k, x in v0.items():
        if is_exit(k):
            j = points[k[1]]
            if k[0] == CALLED:
                out += x * top[j] * keep
            else:
                out[nl] += x * top[j, nl]
    names = list(cols)
    return {names[j]: x for j, x in enumerate(out.tolist()) if x}
