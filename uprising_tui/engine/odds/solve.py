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
(Skeletons rising and falling) is a small linear system (``loops``). A state that cannot be
left (nobody can ever hit) ends as the engine calls such a combat off.
"""
from __future__ import annotations

from .loops import STUCK, solve_loop


def _components(succs: list):
    """Strongly connected components of the new states (numbered, 0 the start; successors as in
    ``solve_vec``: a negative one is solved already), successors first (Tarjan, iteratively)."""
    n = len(succs)
    index = [-1] * n
    low = [0] * n
    on_stack = [False] * n
    stack: list = []
    counter = 0
    work = [(0, 0)]
    while work:
        v, i = work.pop()
        if i == 0:
            index[v] = low[v] = counter
            counter += 1
            stack.append(v)
            on_stack[v] = True
        succ = succs[v]
        recurse = False
        while i < len(succ):
            w = succ[i][1]
            i += 1
            if w < 0:
                continue  # solved already
            if index[w] < 0:
                work.append((v, i))
                work.append((w, 0))
                recurse = True
                break
            if on_stack[w] and index[w] < low[v]:
                low[v] = index[w]
        if recurse:
            continue
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack[w] = False
                comp.append(w)
                if w == v:
                    break
            yield comp
        if work:
            u = work[-1][0]
            if low[v] < low[u]:
                low[u] = low[v]


# ------------------------------------------------------------------ the same, on arrays
class Registry:
    """Tally keys (and a combat's exits) to columns, and every solved state's value as a row of
    one array, shared by every state of a combat's memo; `fragile` marks the columns a loss
    breaks. Each solved state has two rows: its value, and the value with the fragile columns 0
    (what a lossy transition passes on: the next row). Rewards met on the way are rows of the
    same array, one per distinct reward. (So a state's value is one product of its transitions'
    chances and one gather of rows, not three: in "skeletons x2 + siren 3", of ~8,000 cold
    instructions a state, see performance-log.md.)"""

    def __init__(self, fragile):
        import numpy as np
        self.index: dict = {}
        self.keys: list = []
        self._fragile = fragile
        self._flags: list[bool] = []
        self.rows: dict = {}  # a solved state -> its row of `vals` (the next row: the same, kept)
        self.vals = np.zeros((64, 32))
        self.n = 0  # rows used
        self._rew: dict = {}  # a rewards tuple -> (its row of `vals` or -1, lossy?)
        self._multiply = np.multiply
        self.keep = np.ones(32)  # 1.0 where a lossy transition passes the value on, 0.0 at fragile columns

    def at(self, key) -> int:
        got = self.index.get(key)
        if got is None:
            got = self.index[key] = len(self.keys)
            self.keys.append(key)
            fragile = bool(self._fragile(key))
            self._flags.append(fragile)
            if got >= self.vals.shape[1]:
                self._widen()
            if fragile:
                self.keep[got] = 0.0
        return got

    def _widen(self) -> None:
        import numpy as np
        w = 2 * self.vals.shape[1]
        old = self.vals
        self.vals = np.zeros((old.shape[0], w))
        self.vals[:, :old.shape[1]] = old
        keep = np.ones(w)
        keep[:len(self.keep)] = self.keep
        self.keep = keep

    def reward(self, rew: tuple, lossy: int) -> tuple[int, bool]:
        """(the row of these rewards, -1 for none; does it lose a Unit?)"""
        got = self._rew.get(rew)
        if got is None:
            lost = any(k == lossy and x for k, x in rew)
            if not rew:
                got = self._rew[rew] = (-1, lost)
                return got
            cols = [self.at(k) for k, _ in rew]
            if self.n >= self.vals.shape[0]:
                self.vals = _taller(self.vals)
            row = self.vals[self.n]
            for c, (_, x) in zip(cols, rew):
                row[c] += x
            got = self._rew[rew] = (self.n, lost)
            self.n += 1
        return got

    def put(self, state, vec) -> int:
        """`state`'s value `vec`, and the same kept (fragile columns 0), in two new rows."""
        n = self.n
        if n + 1 >= self.vals.shape[0]:
            self.vals = _taller(self.vals)
        vals = self.vals
        w = len(vec)
        if w == vals.shape[1]:  # (as always but for a loop's row after a widening: no slices, no temporary)
            vals[n] = vec
            self._multiply(vec, self.keep, out=vals[n + 1])
        else:
            vals[n, :w] = vec
            vals[n + 1, :w] = vec * self.keep[:w]
        self.rows[state] = n
        self.n = n + 2
        return n

    def vector(self, d: dict):
        import numpy as np
        idx = [self.at(k) for k in d]
        out = np.zeros(self.vals.shape[1])
        out[idx] = list(d.values())
        return out

    def as_dict(self, row: int) -> dict:
        import numpy as np
        v = self.vals[row, :len(self.keys)]
        nz = np.nonzero(v)[0]
        keys = self.keys
        return {keys[i]: x for i, x in zip(nz.tolist(), v[nz].tolist())}


def _taller(a):
    import numpy as np
    new = np.zeros((2 * a.shape[0], a.shape[1]))
    new[:a.shape[0]] = a
    return new


def solve_vec(start, transitions, terminal, reg: Registry, lossy: int) -> int:
    """The value of `start`, with values as rows of the Registry's array (each state's value is a
    few products of its successors' rows: fast when values have many entries, as a combat's exits
    do). Returns the row of `start`. New states are numbered as they are met (each hashed once).
    ``transitions(state)`` gives {(next state, (its rewards' row, -1 for none, loses a Unit?)): chance}, the
    rewards' part as ``reg.reward(rewards, lossy)`` gives it."""
    import numpy as np
    rows = reg.rows
    got = rows.get(start)
    if got is not None:
        return got
    ids = {start: 0}
    states = [start]
    succs: list = []  # per new state: [(chance, successor (a new state's number, or ~row), rewards' row, lossy?)]
    ends: dict = {}
    i = 0
    while i < len(states):
        v = states[i]
        out = []
        for (w, (r, lost)), p in transitions(v).items():
            j = ids.get(w)
            if j is None:
                row = rows.get(w)
                if row is not None:
                    j = ~row
                else:
                    j = ids[w] = len(states)
                    states.append(w)
            out.append((p, j, r, lost))
        succs.append(out)
        if not out:
            ends[i] = terminal(v)
            for k in ends[i]:
                reg.at(k)
        i += 1
    dot = np.dot
    local = [-1] * len(states)  # the row of each new state once solved
    for comp in _components(succs):
        if len(comp) == 1:
            v = comp[0]
            out = succs[v]
            if not out:
                local[v] = reg.put(states[v], reg.vector(ends[v]))
                continue
            stay = 0.0
            ps, rs = [], []  # chances and rows: rewards', successors' (kept after a loss)
            for p, j, r, lost in out:
                if r >= 0:
                    ps.append(p)
                    rs.append(r)
                if j == v:
                    stay += p
                    continue
                ps.append(p)
                rs.append((~j if j < 0 else local[j]) + lost)
            vals = reg.vals
            acc = dot(ps, vals[rs]) if ps else np.zeros(vals.shape[1])
            if stay:
                if stay > 1.0 - STUCK:
                    local[v] = reg.put(states[v], reg.vector(terminal(states[v])))
                    continue
                acc /= (1.0 - stay)
            local[v] = reg.put(states[v], acc)
        else:  # a loop of several states (rare)
            solve_loop(comp, succs, states, terminal, reg, local)
    return local[0]

