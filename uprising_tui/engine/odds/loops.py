"""A loop of several states in a combat (Skeletons that rise and fall), solved on the
Registry's rows (``solve.solve_vec``).

Inside a strongly connected part of m states, V_i - Σ_j p_ij V_j = b_i, where b_i holds the
rewards of i's transitions and the values of its successors outside the loop; the tallies a
loss breaks ("no Unit lost", a combat's lossless exits) have their own matrix, in which lossy
transitions carry nothing. Both are solved by Gaussian elimination with partial pivoting on the
small m x m matrix, every tally at once as a row of numbers (a combat's values have hundreds of
columns, one per way out). This was done on dictionaries, a column at a time in Python: the
loops of "skeletons x2 + siren 3" took about 5 ms of its cold solve that way, and take about 2 ms
so; its cold instructions went from 1149 M to 1074 M (the same operations in the same order on
each column, so the same figures).
"""
from __future__ import annotations

STUCK = 1e-12  # below this pivot (or chance of leaving a state) the states cannot be left


def solve_loop(comp: list, succs: list, states: list, terminal, reg, local: list) -> None:
    """Put the rows of the loop `comp` (the numbers of new states; successors as in
    ``solve.solve_vec``: a negative one is a solved row, ~row) into `reg` and `local`. A loop
    that cannot be left (nobody can ever hit) ends as the engine calls such a combat off."""
    import numpy as np  # (numpy loads when the odds are asked for)
    m = len(comp)
    pos = {v: i for i, v in enumerate(comp)}
    a = [[0.0] * m for _ in range(m)]
    a_nl = [[0.0] * m for _ in range(m)]
    vals, keep = reg.vals, reg.keep
    b = np.zeros((m, vals.shape[1]))
    for i, v in enumerate(comp):
        a[i][i] = a_nl[i][i] = 1.0
        bi = b[i]
        for p, j, r, lost in succs[v]:
            if r >= 0:
                bi += p * vals[r]
            k = pos.get(j) if j >= 0 else None
            if k is not None:
                a[i][k] -= p
                if not lost:
                    a_nl[i][k] -= p
                continue
            bi += p * vals[(~j if j < 0 else local[j]) + lost]  # (a lossy step passes the kept row on)
    x = _gauss(a, b)
    xf = _gauss(a_nl, b)
    if x is None or xf is None:
        for v in comp:
            local[v] = reg.put(states[v], reg.vector(terminal(states[v])))
        return
    out = x * keep + xf * (1.0 - keep)  # the fragile tallies from their own matrix
    for i, v in enumerate(comp):
        local[v] = reg.put(states[v], out[i])


def _gauss(a: list[list[float]], b):
    """Solve a·x = b (b an array: one row per equation, one column per right-hand side), or None
    when a pivot is below STUCK."""
    n = len(a)
    a = [row[:] for row in a]
    b = b.copy()
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[piv][col]) < STUCK:
            return None
        if piv != col:
            a[col], a[piv] = a[piv], a[col]
            b[[col, piv]] = b[[piv, col]]
        inv = 1.0 / a[col][col]
        for r in range(col + 1, n):
            f = a[r][col] * inv
            if f:
                ar, ac = a[r], a[col]
                for c in range(col, n):
                    ar[c] -= f * ac[c]
                b[r] -= f * b[col]
    x = b.copy()
    for r in range(n - 1, -1, -1):
        acc = 0.0
        for k in range(r + 1, n):
            acc = acc + a[r][k] * x[k]
        x[r] = (b[r] - acc) / a[r][r]
    return x
