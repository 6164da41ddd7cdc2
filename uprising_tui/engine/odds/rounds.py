"""One combat round between the players and one Nemesis group, exactly.

Both sides roll at once; each side's Skulls, Shields and Bolts come from the same
dice (``rolls``). Before damage the player's Bolts are spent first (rulings 39) by the
fight policy (``engine/fight_policy``; spent in ``bolts``): cancel an enemy Shield when that
lets a Skull through, else fire a Druid, else cancel a Shield. Then the Nemesis's Bolts fire its
Godpower within the card's limit, the rest cancel our Shields (Skeletons' Bolts raise
Skeletons after damage instead). Then the hits each side takes.

The result of a round does not depend on how many Units or how much Threat is left
(the chain caps the hits), so one distribution serves every state with the same dice.
"""
from __future__ import annotations

from typing import NamedTuple

from .bolts import Bolts, our_bolts
from .rolls import Faces

NUMPY_FROM = 64
try:
    import importlib.util
    _HAVE_NUMPY = importlib.util.find_spec("numpy") is not None
except (ImportError, ValueError):  # pragma: no cover
    _HAVE_NUMPY = False

# what the Nemesis does with its Bolts
BOLTS_UNUSED, BOLTS_SKELETONS, BOLTS_GODPOWER = 0, 1, 2

# result fields
D1, D2, PRE_LOSS, KILLS, GP_AFTER, NEM_VP, OTHER_THREAT, SPAWNS, WILD, P_VP, GP_FIRED, ONCE = range(12)


class DruidModel(NamedTuple):
    """What a Druid's Godpower does in a round, read from its effect ops."""
    id: str
    limit: str  # none / once_per_round / once_per_combat
    skulls: int = 0
    shields: int = 0
    bolts: int = 0
    cancel_skulls: int = 0
    cancel_bolts: int = 0
    cancel_shields: int = 0
    after_dice: int = 0  # dice rolled after damage, their Skulls hit at once
    set_shield: bool = False  # one blank die turned to a Shield
    vp: int = 0


class GodpowerRound(NamedTuple):
    """A Godpower as one round sees it: at most `fires` times, each adding what follows
    (before damage), or counted for the chain to apply after damage."""
    fires: int
    after: bool
    skulls: int = 0
    shields: int = 0
    self_threat: int = 0  # the policy makes the card lose this much Threat
    kills: int = 0  # our dearest Units destroyed before damage
    nem_vp: int = 0
    other_threat: int = 0
    alive_hp: int = 0  # > 0: the card's Threat now (fires stop when it would fall)
    track: bool = False  # once per combat: the chain must know it fired


class RoundKey(NamedTuple):
    ours: tuple[str, ...]
    our_budgets: tuple[int, ...]
    track_blank: bool
    theirs: tuple[str, ...]
    their_budgets: tuple[int, ...]
    our_bolts: bool  # may the players use Bolts here?
    our_shields: bool  # do our Shields count against this foe?
    their_mode: int
    godpower: GodpowerRound | None
    druids: tuple[DruidModel, ...]  # usable this round, in the policy's order
    wild_colour: str


# (hits on the foe, hits on us, Threat the foe lost before damage, our Units killed before
#  damage, Godpower fires due after damage, VP to the foe's side, Threat to other Hordes
#  here, Skeletons raised, Wild Heart Skulls, our VP, Godpower fired?, once-per-combat
#  Druids fired)
Result = tuple
_NO_CAPS = (1 << 30, 1 << 30, 1 << 30)  # (the foe's hit points, our Units, Godpower fires after damage)


class Rounds:
    def __init__(self, faces: Faces):
        self.faces = faces
        self._memo: dict[RoundKey, tuple[tuple[Result, float], ...]] = {}
        self._skulls: dict[tuple[str, int], tuple[tuple[int, float], ...]] = {}
        self.bolts = Bolts()  # our Bolts per roll, and per group of rolls
        self._grids: dict[tuple, tuple] = {}
        self._by_group: dict[tuple, dict] = {}  # a side's rolls grouped for ``_dist_py``

    def dist(self, key: RoundKey) -> tuple[tuple[Result, float], ...]:
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = self._dist(key)
        return got

    def capped(self, key: RoundKey, hp: int, n: int, fires: int) -> tuple[tuple[Result, float], ...]:
        """`dist` with hits beyond what is there merged, worked out so from the start (not kept:
        the caller keeps it): hits on the foe, the Threat it pays and Wild Heart Skulls at most
        `hp`; hits on us and Units killed at most `n`; Godpower fires after damage at most `fires`.
        (Capping the pairs of rolls before they are summed spares a pass over the whole
        distribution in Python: a sixth of the instructions of the largest setups' cold solves.)"""
        return self._dist(key, (hp, n, fires))

    def _dist(self, key: RoundKey, caps: tuple[int, int, int] = _NO_CAPS):
        """Small rounds the plain way, larger ones on arrays (numpy's overhead pays off from
        some 60 pairs of rolls: at 100 to 150 pairs the plain way took 70 us a round, the arrays
        40 us, on the rounds of "skeletons x2 + siren 3")."""
        pairs = len(self.faces.side(key.ours, key.our_budgets, key.track_blank, key.our_bolts)) * \
            len(self.faces.side(key.theirs, key.their_budgets, False, key.their_mode != BOLTS_UNUSED))
        if pairs < NUMPY_FROM or not _HAVE_NUMPY:
            return self._dist_py(key, caps)
        return self._dist_np(key, caps)

    def _grid(self, key: RoundKey):
        """Every pair of rolls of the key's dice, flat: (our Shields, their Skulls, Shields, Bolts,
        chance, the pair's (our group, their Shields group) index), and both sides' groups; kept
        per pair of sides (keys that differ in Druids or the Godpower share it)."""
        k = (key.ours, key.our_budgets, key.track_blank, key.our_bolts, key.theirs, key.their_budgets,
             key.their_mode != BOLTS_UNUSED)
        got = self._grids.get(k)
        if got is None:
            import numpy as np
            o_s, o_h, o_b, o_k, o_p, o_groups, o_g, _, _ = self.faces.arrays(key.ours, key.our_budgets,
                                                                               key.track_blank, key.our_bolts)
            t_s, t_h, t_b, _, t_p, _, _, t_groups, t_g = self.faces.arrays(key.theirs, key.their_budgets, False,
                                                                            key.their_mode != BOLTS_UNUSED)
            nt = len(t_s)
            gpair = (o_g[:, None] * len(t_groups) + t_g[None, :]).ravel()
            no = len(o_s)
            tiled = np.empty((3, no, nt), dtype=np.int64)  # (their rolls under each of ours: some 6x faster
            tiled[0] = t_s  # than a broadcast of a stack, transposed)
            tiled[1] = t_h
            tiled[2] = t_b
            tiled = tiled.reshape(3, no * nt)
            got = self._grids[k] = (np.repeat(o_h, nt), tiled[0], tiled[1], tiled[2],
                                    (o_p[:, None] * t_p[None, :]).ravel(), gpair,
                                    o_groups, t_groups, bool(o_b.any()), int(t_s.max()) if nt else 0,
                                    int(t_b.max()) if nt else 0)
        return got

    def _dist_np(self, key: RoundKey, caps: tuple[int, int, int] = _NO_CAPS):
        """`_dist_py` on arrays: the players' Bolts per group in Python, every pair of
        rolls at once with numpy, capped, equal results summed."""
        import numpy as np
        cap_hp, cap_n, cap_f = caps
        h, ts, th, tb, prob, gpair, o_groups, t_groups, o_bolts, ts_top, tb_top = self._grid(key)
        table, names, tops = self.bolts.table(key, o_groups, t_groups, key.our_bolts and o_bolts)
        # only the rows of our Bolts' table that are not all 0, each gathered on its own (one row at a
        # time is some 8x faster than the whole table's ``table[:, gpair]``: see ``_rows``)
        s2, hadd, broken_t, cts, ctb, wild, vp, once = _rows(table, gpair, tops)
        tb2 = np.maximum(tb - ctb, 0) if tops[4] else tb
        hh = h + hadd if tops[1] else h
        mode = key.their_mode
        gp = key.godpower
        fields = []  # (column, its largest value + 1), in the Result's order but for d1, d2
        ts2, th2 = ts, th
        broken_u = None
        f = None
        fmax = 0
        if mode == BOLTS_SKELETONS:
            spawns = tb2
        else:
            spawns = None
            if mode == BOLTS_GODPOWER and gp is not None:
                fmax = gp.fires
                if gp.alive_hp and gp.self_threat:
                    fmax = min(fmax, -(-gp.alive_hp // gp.self_threat))
                fmax = min(fmax, tb_top)
                if tb_top:  # their Bolts fire the Godpower, the rest break our Shields
                    f = np.minimum(tb2, fmax) if fmax > 0 else None
                    broken_u = np.minimum(tb2 - f if f is not None else tb2, np.maximum(hh, 0))
                if f is not None:
                    if not gp.after:
                        if gp.skulls:
                            ts2 = ts + gp.skulls * f
                        if gp.shields:
                            th2 = th + gp.shields * f
        left_t = th2 - broken_t if tops[2] else th2
        d1 = np.maximum(s2 - np.maximum(left_t, 0), 0)  # (their Shields left count when there are some)
        d1_top = tops[0]
        if d1_top > cap_hp:
            d1, d1_top = np.minimum(d1, cap_hp), cap_hp
        sk = np.maximum(ts2 - cts, 0) if tops[3] else ts2
        if key.our_shields:
            sh = hh - broken_u if broken_u is not None else hh
            d2 = np.maximum(sk - np.maximum(sh, 0), 0)
        else:
            d2 = sk
        after = f is not None and gp.after
        before = f is not None and not gp.after
        d2_top = ts_top + (gp.skulls * fmax if before else 0)
        if d2_top > cap_n:
            d2, d2_top = np.minimum(d2, cap_n), cap_n
        fields = [
            (d1, d1_top + 1),
            (d2, d2_top + 1),
            _capped(_times(gp.self_threat, f), gp.self_threat * fmax, cap_hp) if before and gp.self_threat else None,
            _capped(_times(gp.kills, f), gp.kills * fmax, cap_n) if before and gp.kills else None,
            _capped(f, fmax, cap_f) if after else None,
            (_times(gp.nem_vp, f), gp.nem_vp * fmax + 1) if before and gp.nem_vp else None,
            (_times(gp.other_threat, f), gp.other_threat * fmax + 1) if before and gp.other_threat else None,
            (spawns, tb_top + 1) if spawns is not None else None,
            (wild, tops[5] + 1) if tops[5] else None,
            (vp, tops[6] + 1) if tops[6] else None,
            ((f > 0).astype(np.int64) if fmax > 1 else f, 2) if (f is not None and gp.track) else None,
            (once, tops[7] + 1) if tops[7] else None,
        ]
        code = None
        size = 1
        for x in fields:
            if x is not None and x[1] > 1:
                code = x[0] if code is None else code * x[1] + x[0]
                size *= x[1]
        if code is None:
            code = np.zeros(len(prob), dtype=np.int64)
        if size <= 1 << 22:  # every code a bin: no sort
            w = np.bincount(code, weights=prob, minlength=size)
            uniq = w.nonzero()[0]
            weights = w[uniq].tolist()
        else:
            uniq, inv = np.unique(code, return_inverse=True)
            weights = np.bincount(inv, weights=prob).tolist()
        n = len(weights)
        zeros = [0] * n
        active = [x is not None and x[1] > 1 for x in fields]
        dims = [x[1] for x, on in zip(fields, active) if on]
        decoded = iter([c.tolist() for c in np.unravel_index(uniq, dims)] if dims else ())  # (one call, not 2 a field)
        columns = [next(decoded) if on else zeros for on in active]
        columns[ONCE] = [names[i] for i in columns[ONCE]] if tops[7] else [()] * n
        acc = dict(zip(zip(*columns), weights))
        return self._with_wild(key, acc, cap_hp)

    def _with_wild(self, key: RoundKey, acc: dict, cap_hp: int):
        if any(d.after_dice for d in key.druids) and any(r[WILD] for r in acc):
            out: dict = {}
            for r, p in acc.items():
                if r[WILD]:
                    for sk, q in self._wild(key.wild_colour, r[WILD]):
                        rr = r[:WILD] + (sk if sk < cap_hp else cap_hp,) + r[WILD + 1:]
                        out[rr] = out.get(rr, 0.0) + p * q
                else:
                    out[r] = out.get(r, 0.0) + p
            acc = out
        return tuple(acc.items())

    def _dist_py(self, key: RoundKey, caps: tuple[int, int, int] = _NO_CAPS):
        """Every pair of rolls, grouped so the players' Bolts (which read only our Skulls,
        Bolts, a blank and their Shields) are worked out once per group; capped."""
        cap_hp, cap_n, cap_f = caps
        bolts = self.bolts.spent
        k1 = (key.ours, key.our_budgets, key.track_blank, key.our_bolts)
        by_sbk = self._by_group.get(("ours",) + k1)
        if by_sbk is None:
            by_sbk = self._by_group[("ours",) + k1] = {}
            for (s, h, b, k), p in self.faces.side(*k1):
                by_sbk.setdefault((s, b, k), []).append((h, p))
        k2 = (key.theirs, key.their_budgets, False, key.their_mode != BOLTS_UNUSED)
        by_th = self._by_group.get(("theirs",) + k2)
        if by_th is None:
            by_th = self._by_group[("theirs",) + k2] = {}
            for (ts, th, tb, _), p in self.faces.side(*k2):
                by_th.setdefault(th, []).append((ts, tb, p))
        mode = key.their_mode
        gp = key.godpower
        fmax = gp.fires if (gp is not None and mode == BOLTS_GODPOWER) else 0
        if gp is not None and gp.alive_hp and gp.self_threat:
            fmax = min(fmax, -(-gp.alive_hp // gp.self_threat))
        after = gp is not None and gp.after
        gsk = gsh = gst = gk = gvp = got = 0
        if gp is not None and not after:
            gsk, gsh, gst, gk, gvp, got = gp.skulls, gp.shields, gp.self_threat, gp.kills, gp.nem_vp, gp.other_threat
        track = gp is not None and gp.track
        our_shields = key.our_shields
        acc: dict = {}
        for (s, b, k), hs in by_sbk.items():
            for th, tl in by_th.items():
                s2, hadd, broken_t, cts, ctb, wild, vp, once = bolts(s, b, k, th, key)
                for h, ph in hs:
                    hh = h + hadd
                    for ts, tb, pt in tl:
                        tb2 = tb - ctb if tb > ctb else 0
                        f = spawns = broken_u = 0
                        ts2, th2 = ts, th
                        pre = kills = gaft = nem = other = 0
                        if mode == BOLTS_SKELETONS:
                            spawns = tb2
                        elif mode == BOLTS_GODPOWER and tb2:
                            f = tb2 if tb2 < fmax else fmax
                            rest = tb2 - f
                            if rest and hh > 0:
                                broken_u = rest if rest < hh else hh
                            if f:
                                if after:
                                    gaft = f if f < cap_f else cap_f
                                else:
                                    ts2 += gsk * f
                                    th2 += gsh * f
                                    pre, kills, nem, other = gst * f, gk * f, gvp * f, got * f
                                    if pre > cap_hp:
                                        pre = cap_hp
                                    if kills > cap_n:
                                        kills = cap_n
                        left_t = th2 - broken_t
                        d1 = s2 - left_t if left_t > 0 else s2
                        if d1 < 0:
                            d1 = 0
                        elif d1 > cap_hp:
                            d1 = cap_hp
                        sk = ts2 - cts
                        if sk < 0:
                            sk = 0
                        sh = hh - broken_u if our_shields else 0
                        d2 = sk - sh if sh > 0 else sk
                        if d2 < 0:
                            d2 = 0
                        elif d2 > cap_n:
                            d2 = cap_n
                        r = (d1, d2, pre, kills, gaft, nem, other, spawns, wild, vp, 1 if (f and track) else 0,
                             once)
                        acc[r] = acc.get(r, 0.0) + ph * pt
        return self._with_wild(key, acc, cap_hp)

    def _wild(self, colour: str, n: int):
        got = self._skulls.get((colour, n))
        if got is None:
            dist = {0: 1.0}
            for _ in range(n):
                nxt: dict[int, float] = {}
                for s, p in dist.items():
                    for (fs, _, _), q in self.faces.table[colour]:
                        nxt[s + fs] = nxt.get(s + fs, 0.0) + p * q
                dist = nxt
            got = self._skulls[(colour, n)] = tuple(dist.items())
        return got


def resolve(us, them, key: RoundKey) -> Result:
    """The round for one pair of rolls, (our Skulls, Shields, Bolts, blank?) and theirs, step
    by step as the engine plays it (the reference the grouped computation in ``Rounds`` is
    tested against). Our Bolts go as ``our_bolts`` spends them."""
    s, h, b, blank = us
    ts, th, tb, _ = them
    s, hadd, broken_t, cancel_ts, cancel_tb, wild, vp, once = our_bolts(s, b, blank, th, key)
    h += hadd
    # the Nemesis's Bolts
    tb = max(0, tb - cancel_tb)
    pre_loss = kills = gp_after = nem_vp = other = spawns = fired = 0
    broken_u = 0
    mode = key.their_mode
    if mode == BOLTS_SKELETONS:
        spawns = tb
    elif mode == BOLTS_GODPOWER and tb:
        gp = key.godpower
        fires = 0
        for _ in range(tb):
            can = gp is not None and fires < gp.fires and (gp.alive_hp <= 0 or pre_loss < gp.alive_hp)
            if can:
                fires += 1
                if gp.after:
                    gp_after += 1
                else:
                    ts += gp.skulls
                    th += gp.shields
                    pre_loss += gp.self_threat
                    kills += gp.kills
                    nem_vp += gp.nem_vp
                    other += gp.other_threat
            elif h - broken_u > 0:
                broken_u += 1
        fired = 1 if (fires and gp.track) else 0
    # damage
    shields_t = th - broken_t
    d1 = s - shields_t if shields_t > 0 else s
    if d1 < 0:
        d1 = 0
    skulls_t = ts - cancel_ts
    if skulls_t < 0:
        skulls_t = 0
    shields_u = (h - broken_u) if key.our_shields else 0
    d2 = skulls_t - shields_u if shields_u > 0 else skulls_t
    if d2 < 0:
        d2 = 0
    return (d1, d2, pre_loss, kills, gp_after, nem_vp, other, spawns, wild, vp, fired, once)


def _capped(column, top: int, cap: int) -> tuple:
    """A field of ``Rounds._dist_np`` and its largest value + 1, at most `cap`."""
    import numpy as np
    return (np.minimum(column, cap), cap + 1) if top > cap else (column, top + 1)


def _rows(table, gpair, tops) -> list:
    """The rows of our Bolts' `table` for each pair of rolls (`gpair`), 0 for a row that is all 0
    (our Skulls always gathered). Measured on an (8 x 60) table and 1,000 pairs: ``table[:, gpair]``
    16 us, each row on its own 0.9 us; most rounds need 2 to 4 of the 8 rows."""
    return [table[i][gpair] if (i == 0 or tops[i]) else 0 for i in range(8)]


def _times(k: int, column):
    """k x a column of ``Rounds._dist_np`` (the column itself for 1: one numpy call fewer)."""
    return column if k == 1 else k * column

