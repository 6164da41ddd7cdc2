"""Solve an absorbing chain backwards: each state's tallies from its successors'.

A state's value is a sparse vector of tallies: the chance of each ending and the
expected value of every reward still to come (Units lost, VP, each fight's damage,
...). It is Σ chance × (reward + successor's value), except "no Unit lost", which
only passes along transitions that lose nothing. Values are kept across calls
(``memo``), so a later fight that reaches a solved state (fewer Units after a loss
are often another fight's start) stops there.

New states are split into strongly connected components (Tarjan, iteratively);
components come out successors first. A lone state that may return to itself (a
round that changed nothing) divides by the chance of leaving; a larger component
(Skeletons rising and falling) is a small linear system. A state that cannot be
left (nobody can ever hit) ends as the engine calls such a combat off.
"""
from __future__ import annotations

STUCK = 1e-12


def solve(start, transitions, terminal, memo: dict, fragile, lossy: int) -> dict:
    """The value of `start`. `transitions(s)` -> [(chance, next, ((key, reward), ...))];
    `terminal(s)` -> the value of an end; `fragile(key)` says which tallies a transition
    with the `lossy` reward key breaks (a chance of losing nothing)."""
    got = memo.get(start)
    if got is not None:
        return got
    trans: dict = {}
    stack = [start]
    while stack:
        v = stack.pop()
        if v in trans or v in memo:
            continue
        out = transitions(v)
        trans[v] = out
        for _, w, _ in out:
            if w not in trans and w not in memo:
                stack.append(w)
    for comp in _components(start, trans):
        if len(comp) == 1:
            _solve_one(comp[0], trans, terminal, memo, fragile, lossy)
        else:
            _solve_many(comp, trans, terminal, memo, fragile, lossy)
    return memo[start]


def _components(start, trans: dict):
    """Strongly connected components of the new states, successors first (Tarjan)."""
    index: dict = {}
    low: dict = {}
    on_stack: set = set()
    stack: list = []
    counter = 0
    work = [(start, 0)]
    while work:
        v, i = work.pop()
        if i == 0:
            index[v] = low[v] = counter
            counter += 1
            stack.append(v)
            on_stack.add(v)
        succ = trans[v]
        recurse = False
        while i < len(succ):
            w = succ[i][1]
            i += 1
            if w not in trans:
                continue  # solved already
            if w not in index:
                work.append((v, i))
                work.append((w, 0))
                recurse = True
                break
            if w in on_stack:
                low[v] = min(low[v], index[w])
        if recurse:
            continue
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            yield comp
        if work:
            u = work[-1][0]
            low[u] = min(low[u], low[v])


def _is_lossy(rew, lossy: int) -> bool:
    for k, x in rew:
        if k == lossy and x:
            return True
    return False


def _solve_one(v, trans, terminal, memo, fragile, lossy: int) -> None:
    out = trans[v]
    if not out:
        memo[v] = terminal(v)
        return
    acc: dict = {}
    stay = 0.0
    for p, w, rew in out:
        for k, x in rew:
            acc[k] = acc.get(k, 0.0) + p * x
        if w == v:
            stay += p
            continue
        if _is_lossy(rew, lossy):
            for k, x in memo[w].items():
                if not fragile(k):
                    acc[k] = acc.get(k, 0.0) + p * x
        else:
            for k, x in memo[w].items():
                acc[k] = acc.get(k, 0.0) + p * x
    if stay:
        if stay > 1.0 - STUCK:
            memo[v] = terminal(v)
            return
        f = 1.0 / (1.0 - stay)
        acc = {k: x * f for k, x in acc.items()}
    memo[v] = acc


def _solve_many(comp, trans, terminal, memo, fragile, lossy: int) -> None:
    """V_i - Σ_j p_ij V_j = b_i over the component, one column per tally (fragile tallies
    with their own matrix: lossy transitions carry nothing)."""
    n = len(comp)
    pos = {v: i for i, v in enumerate(comp)}
    a = [[0.0] * n for _ in range(n)]
    a_nl = [[0.0] * n for _ in range(n)]
    rhs: list[dict] = [dict() for _ in range(n)]
    for i, v in enumerate(comp):
        a[i][i] = a_nl[i][i] = 1.0
        b = rhs[i]
        for p, w, rew in trans[v]:
            for k, x in rew:
                b[k] = b.get(k, 0.0) + p * x
            lost = _is_lossy(rew, lossy)
            j = pos.get(w)
            if j is not None:
                a[i][j] -= p
                if not lost:
                    a_nl[i][j] -= p
                continue
            for k, x in memo[w].items():
                if lost and fragile(k):
                    continue
                b[k] = b.get(k, 0.0) + p * x
    keys = list({k: None for b in rhs for k in b if not fragile(k)})
    fkeys = list({k: None for b in rhs for k in b if fragile(k)})
    x = _gauss(a, [[b.get(k, 0.0) for k in keys] for b in rhs])
    xf = _gauss(a_nl, [[b.get(k, 0.0) for k in fkeys] for b in rhs])
    if x is None or xf is None:  # no way out: the combat is called off
        for v in comp:
            memo[v] = terminal(v)
        return
    for i, v in enumerate(comp):
        val = {k: x[i][c] for c, k in enumerate(keys) if x[i][c]}
        for c, k in enumerate(fkeys):
            if xf[i][c]:
                val[k] = xf[i][c]
        memo[v] = val


def _gauss(a: list[list[float]], b: list[list[float]]) -> list[list[float]] | None:
    """Solve a·x = b (b has one row per equation, one column per right-hand side)."""
    n = len(a)
    a = [row[:] for row in a]
    b = [row[:] for row in b]
    m = len(b[0]) if b else 0
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[piv][col]) < STUCK:
            return None
        a[col], a[piv] = a[piv], a[col]
        b[col], b[piv] = b[piv], b[col]
        inv = 1.0 / a[col][col]
        for r in range(col + 1, n):
            f = a[r][col] * inv
            if f:
                ar, ac = a[r], a[col]
                for c in range(col, n):
                    ar[c] -= f * ac[c]
                br, bc = b[r], b[col]
                for c in range(m):
                    br[c] -= f * bc[c]
    x = [[0.0] * m for _ in range(n)]
    for r in range(n - 1, -1, -1):
        for c in range(m):
            s = b[r][c] - sum(a[r][k] * x[k][c] for k in range(r + 1, n))
            x[r][c] = s / a[r][r]
    return x


# ------------------------------------------------------------------ the same, on arrays
class Registry:
    """Tally keys (and a combat's exits) to array positions, shared by every state of a
    combat's memo; `fragile` marks the positions a loss breaks."""

    def __init__(self, fragile):
        self.index: dict = {}
        self.keys: list = []
        self._fragile = fragile
        self._flags: list[bool] = []
        self._keep = None

    def at(self, key) -> int:
        got = self.index.get(key)
        if got is None:
            got = self.index[key] = len(self.keys)
            self.keys.append(key)
            self._flags.append(bool(self._fragile(key)))
            self._keep = None
        return got

    def keep(self, n: int):
        """1.0 where a lossy transition passes the value on, 0.0 at fragile positions."""
        import numpy as np
        if self._keep is None or len(self._keep) < n:
            self._keep = np.asarray([0.0 if f else 1.0 for f in self._flags])
        return self._keep[:n]

    def vector(self, d: dict):
        import numpy as np
        idx = [self.at(k) for k in d]
        out = np.zeros(len(self.keys))
        out[idx] = list(d.values())
        return out

    def as_dict(self, v) -> dict:
        import numpy as np
        nz = np.nonzero(v)[0]
        keys = self.keys
        return {keys[i]: x for i, x in zip(nz.tolist(), v[nz].tolist())}


def solve_vec(start, transitions, terminal, memo: dict, reg: Registry, lossy: int):
    """``solve`` with values as numpy vectors over `reg` (much faster to add up when a
    value has many entries, as a combat's exits do). Returns the value of `start`."""
    import numpy as np
    got = memo.get(start)
    if got is not None:
        return got
    trans: dict = {}
    stack = [start]
    at = reg.at
    while stack:
        v = stack.pop()
        if v in trans or v in memo:
            continue
        out = []
        for p, w, rew in transitions(v):
            idx = [at(k) for k, _ in rew]
            vals = [x for _, x in rew]
            out.append((p, w, idx, vals, any(k == lossy and x for k, x in rew)))
            if w not in trans and w not in memo:
                stack.append(w)
        trans[v] = out
    comps = list(_components(start, {v: [(p, w, None) for p, w, *_ in out] for v, out in trans.items()}))
    for comp in comps:
        if len(comp) == 1:
            v = comp[0]
            out = trans[v]
            if not out:
                memo[v] = reg.vector(terminal(v))
                continue
            succ = [memo[w] for _, w, *_ in out if w != v]
            n = max([len(reg.keys)] + [len(s) for s in succ])
            acc = np.zeros(n)
            stay = 0.0
            for p, w, idx, vals, lost in out:
                if idx:
                    np.add.at(acc, idx, np.asarray(vals) * p)
                if w == v:
                    stay += p
                    continue
                vw = memo[w]
                m = len(vw)
                if lost:
                    acc[:m] += p * vw * reg.keep(m)
                else:
                    acc[:m] += p * vw
            if stay:
                if stay > 1.0 - STUCK:
                    memo[v] = reg.vector(terminal(v))
                    continue
                acc /= (1.0 - stay)
            memo[v] = acc
        else:
            # a loop of several states (rare): the dictionary way, then back to vectors
            dtrans = {v: [(p, w, tuple(zip([reg.keys[i] for i in idx], vals))) for p, w, idx, vals, _ in trans[v]]
                      for v in comp}
            dmemo: dict = {}
            for v in comp:
                for _, w, _ in dtrans[v]:
                    if w not in comp and w not in dmemo:
                        dmemo[w] = reg.as_dict(memo[w])
            _solve_many(comp, dtrans, terminal, dmemo, lambda k: reg._fragile(k), lossy)
            for v in comp:
                memo[v] = reg.vector(dmemo[v])
    return memo[start]
