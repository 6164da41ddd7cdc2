"""Our Bolts in one round, spent by the fight policy (rulings 39), and kept per roll.

Before damage the players spend their Bolts one at a time: cancel an enemy Shield when that
lets a Skull through, else fire the next Druid of the policy's order that may fire (once per
round or combat, a blank die for the Stone Sleeper), else cancel a Shield (``our_bolts``). What
that gives reads of our roll only its Skulls, Bolts and a blank, and of theirs only its Shields,
so ``Bolts`` keeps it per (our Skulls, Bolts, blank, their Shields), and as a table per pair of
groups of rolls for ``rounds``' arrays. (`key` is a ``rounds.RoundKey``: of it only whether we
may use Bolts and the Druids usable this round are read, and for a table our side's rolls.)
"""
from __future__ import annotations


class Bolts:
    def __init__(self):
        self._spent: dict[tuple, tuple] = {}
        self._tables: dict[tuple, tuple] = {}

    def spent(self, s: int, b: int, blank: int, th: int, key) -> tuple:
        """``our_bolts``, kept: it reads of the key only whether we may use Bolts and the Druids."""
        k = (s, b, blank, th, key.our_bolts, key.druids)
        got = self._spent.get(k)
        if got is None:
            got = self._spent[k] = our_bolts(s, b, blank, th, key)
        return got

    def table(self, key, o_groups, t_groups, any_bolt: bool):
        """Our Bolts per (our group, their Shields): an (8 x groups) array, and the once-per-combat
        Druids' codes; kept per our side, their Shields met and Druids (so foes whose rolls show
        the same Shields share it)."""
        k = (key.ours, key.our_budgets, key.track_blank, key.our_bolts, tuple(t_groups), any_bolt, key.druids)
        got = self._tables.get(k)
        if got is None:
            import numpy as np  # (numpy loads when the odds are asked for)
            onces: dict[tuple, int] = {(): 0}
            bolts = self.spent
            rows = []
            for s, b, blank in o_groups:
                for th in t_groups:
                    if any_bolt and b:
                        s2, hadd, broken_t, cts, ctb, wild, vp, once = bolts(s, b, blank, th, key)
                        rows.append((s2, hadd, broken_t, cts, ctb, wild, vp, onces.setdefault(once, len(onces))))
                    else:
                        rows.append((s, 0, 0, 0, 0, 0, 0, 0))
            table = np.asarray(rows, dtype=np.int64).reshape(len(rows), 8)
            got = self._tables[k] = (np.ascontiguousarray(table.T), {i: o for o, i in onces.items()},
                                     table.max(axis=0).tolist())
        return got


def our_bolts(s: int, b: int, blank: int, th: int, key) -> tuple:
    """The players' Bolts, one at a time, by the fight policy: (our Skulls, our extra
    Shields, their Shields cancelled, their Skulls cancelled, their Bolts cancelled,
    Wild Heart dice, our VP, once-per-combat Druids fired)."""
    broken_t = cancel_ts = cancel_tb = wild = vp = hadd = 0
    once: tuple[str, ...] = ()
    if key.our_bolts and b:
        used: set[str] = set()
        spent = 0
        while spent < b:
            spent += 1
            left = th - broken_t
            if left > 0 and s >= left:
                broken_t += 1
                continue
            d = None
            for cand in key.druids:
                if cand.id not in used and (blank or not cand.set_shield):
                    d = cand
                    break
            if d is None:
                if left > 0:
                    broken_t += 1
                continue
            if d.limit != "none":
                used.add(d.id)
                if d.limit == "once_per_combat":
                    once += (d.id,)
            s += d.skulls
            hadd += d.shields
            b += d.bolts
            cancel_ts += d.cancel_skulls
            cancel_tb += d.cancel_bolts
            broken_t += d.cancel_shields
            wild += d.after_dice
            vp += d.vp
            if d.set_shield:
                hadd += 1
                blank = 0
    return s, hadd, broken_t, cancel_ts, cancel_tb, wild, vp, tuple(sorted(once))
