"""The chain's moves on the pieces of a hex: what stands there, Threat, our Units lost
or placed, a Curse, After Combat (a destroyed card's rewards and effects), and a Horde or
Legion arriving (drawn from its deck)."""
from __future__ import annotations

from .hex_state import (CHAOS_VP, DAMAGE, DESTROYED, EMPIRE_VP, GAINED, HAVEN_LOST, HEX_LIMIT, LOST, OTHER_VP, SLOST,
                        SVP, VP, WON, St)


class HexPieces:
    """Mixed into ``chain.Chain``: reads ``self.lib`` and ``self.spec``."""

    @staticmethod
    def sidx(slot: int, field: int) -> int:
        return slot + field

    # ------------------------------------------------------------ what stands there
    @staticmethod
    def enemy_present(st: St) -> bool:
        return bool(st.gar or st.skel or st.legions or st.hordes)

    @staticmethod
    def threat_of(st: St, cid: str) -> int:
        for c, t in st.legions:
            if c == cid:
                return t
        for c, t in st.hordes:
            if c == cid:
                return t
        return 0

    def group_alive(self, st: St, group: str) -> bool:
        if group == "garrisons":
            return st.gar > 0
        if group == "skeletons":
            return st.skel > 0
        return self.threat_of(st, group) > 0

    # ------------------------------------------------------------ pieces
    def wound(self, st: St, cid: str, amount: int, add, slot: int) -> St:
        t = self.threat_of(st, cid)
        if t <= 0:
            return st
        new = max(0, t - amount)
        add(self.sidx(slot, DAMAGE), t - new)
        return self.set_threat(st, cid, new)

    @staticmethod
    def set_threat(st: St, cid: str, value: int) -> St:
        return st._replace(legions=tuple((c, value if c == cid else t) for c, t in st.legions),
                           hordes=tuple((c, value if c == cid else t) for c, t in st.hordes))

    def add_threat(self, st: St, cid: str, amount: int, add) -> St:
        foe = self.lib.foe(cid)
        new = self.threat_of(st, cid) + amount
        if new > foe.max_threat:
            add(EMPIRE_VP if foe.kind == "legion" else CHAOS_VP, float(new - foe.max_threat))
            new = foe.max_threat
        return self.set_threat(st, cid, new)

    @staticmethod
    def remove_card(st: St, cid: str) -> St:
        return st._replace(legions=tuple(x for x in st.legions if x[0] != cid),
                           hordes=tuple(x for x in st.hordes if x[0] != cid),
                           mover=None if st.mover == cid else st.mover)

    def kill(self, st: St, n: int, dearest: bool, add, slot: int) -> St:
        """`n` of our Units destroyed: the cheapest first (the policy), or the dearest."""
        lib = self.lib
        units, lost = (lib.drop_dearest if dearest else lib.drop_cheapest)(st.units, n)
        if not lost:
            return st
        add(LOST, lost)
        add(self.sidx(slot, SLOST), lost)
        return st._replace(units=units)

    def curse_here(self, st: St, add) -> St:
        if st.curse or not self.spec.curse_available:
            add(CHAOS_VP, 1.0)  # a Curse that cannot be placed
            return st
        if st.haven:
            add(HAVEN_LOST, 1.0)
        return st._replace(curse=True, gar=0, haven=False, tower=False, wall=False)

    # ------------------------------------------------------------ After Combat
    def after_combat(self, st: St, add) -> St:
        """The combat is over: tallies, a destroyed card's VP and effects; the Haven check
        comes after them (``end_combat``)."""
        cur = st.cur
        slot, group = cur.slot, cur.group
        gone = not self.group_alive(st, group)
        if gone and st.units:
            add(self.sidx(slot, WON), 1.0)
        spawns = 0
        if group == "garrisons" or group == "skeletons":
            if gone and not cur.formed:
                add(self.sidx(slot, DESTROYED), 1.0)
        elif any(c == group for c, _ in st.legions + st.hordes) and self.threat_of(st, group) <= 0:
            add(self.sidx(slot, DESTROYED), 1.0)
            foe = self.lib.foe(group)
            st = self.remove_card(st, group)
            if foe.destroyed_vp:
                add(VP, foe.destroyed_vp)
                add(self.sidx(slot, SVP), foe.destroyed_vp)
            if group in self.lib.return_once and group not in self.spec.returned:
                st = st._replace(hbottom=st.hbottom + (group,))
            for fx in foe.destroyed:
                k = fx[0]
                if k in ("kill_cheapest", "kill_dearest"):
                    st = self.kill(st, 1, k == "kill_dearest", add, slot)
                elif k == "skeletons_here":
                    spawns += fx[1]
                elif k == "empty_garrison":
                    if self.spec.first_empty_no_icon and self.hex_empty(st):
                        st = st._replace(gar=1)  # the first of them lands here
                elif k == "empty_skeleton":
                    if self.spec.first_empty and self.hex_empty(st):
                        spawns += fx[1]  # all of them on one hex: this one
                elif k == "place_unit_here":
                    st = self.place_unit(st, fx[1], fx[2], add)
                elif k == "vp":
                    who, n = fx[1], fx[2]
                    if who in ("self", "each"):
                        add(VP, n)
                        add(self.sidx(slot, SVP), n)
                    if who in ("each", "each_other"):
                        add(OTHER_VP, n * max(0, self.spec.players - 1))
        queue = ((("spawn", spawns),) if spawns else ()) + (("end_combat",),)
        return st._replace(queue=queue + st.queue)

    def hex_empty(self, st: St) -> bool:
        return not (st.units or self.enemy_present(st) or st.haven or st.curse)

    def place_unit(self, st: St, grade: str, count: int, add) -> St:
        """The False Messiah's reward: a Unit from the reserve (the dearest, by the policy)."""
        sp = self.spec
        reserve = dict(sp.reserve)
        for _ in range(count):
            if sum(n for _, n in st.units) >= HEX_LIMIT or not sp.explored:
                return st
            kinds = [u for u, n in reserve.items() if n > 0 and (grade == "any" or self.lib.grade(u) == grade)]
            if not kinds:
                return st
            u = max(kinds, key=self.lib.unit_rank)
            reserve[u] -= 1
            units = dict(st.units)
            units[u] = units.get(u, 0) + 1
            st = st._replace(units=tuple(units.items()))
            add(GAINED, 1.0)
        return st

    # ------------------------------------------------------------ cards arriving
    def can_draw_horde(self, st: St) -> bool:
        return (st.hunknown > 0 and bool(st.hpool)) or bool(st.hbottom)

    def form_horde(self, st: St) -> list:
        """Three Skeletons made a Horde: draw it (each card it could be, equally likely)."""
        st = st._replace(formed=st.formed + 1)
        if not self.can_draw_horde(st):  # no Horde left to place: Chaos scores instead
            rew: dict[int, float] = {CHAOS_VP: 1.0}
            return [(1.0, self.work(st, rew), _packed(rew))]
        if st.hunknown > 0 and st.hpool:
            pool = st.hpool
            w = 1.0 / len(pool)
            draws = [(w, cid, st._replace(hpool=tuple(c for c in pool if c != cid), hunknown=st.hunknown - 1))
                     for cid in pool]
        else:
            draws = [(1.0, st.hbottom[0], st._replace(hbottom=st.hbottom[1:]))]
        out = []
        for w, cid, s2 in draws:
            rew: dict[int, float] = {}
            s2 = self.arrive(s2, cid, rew)
            s2 = self.work(s2, rew)
            out.append((w, s2, _packed(rew)))
        return out

    def arrive(self, st: St, cid: str, rew: dict) -> St:
        """A Legion (the Capital rule) or a Horde (three Skeletons) arrives at the Event's
        Threat and its immediate effect resolves (the parts that touch this fight)."""
        def add(i: int, v: float) -> None:
            rew[i] = rew.get(i, 0.0) + v
        foe = self.lib.foe(cid)
        threat = min(self.spec.event_threat, foe.max_threat)
        if foe.kind == "legion":
            st = st._replace(legions=tuple(sorted(st.legions + ((cid, threat),))))
        else:
            st = st._replace(hordes=tuple(sorted(st.hordes + ((cid, threat),))))
        spawns = 0
        for fx in foe.immediate:
            k = fx[0]
            if k == "curse_here":
                st = self.curse_here(st, add)
            elif k == "skeletons_here":
                spawns += fx[1]
            elif k == "set_threat":
                st = self.set_threat(st, cid, min(fx[1], foe.max_threat))
            elif k == "threat_self":
                st = self.add_threat(st, cid, fx[1], add)
            elif k == "threat_others":
                for c, _ in st.legions + st.hordes:
                    if c != cid:
                        st = self.add_threat(st, c, fx[1], add)
            elif k == "leaves":
                st = self.remove_card(st, cid)
            elif k == "activate_self" and foe.kind == "legion":
                # a Legion activating leaves a Garrison where it stands, then steps towards its
                # Target (away, unless its Target is here)
                if st.gar < 3:
                    st = st._replace(gar=st.gar + 1)
                if not self.spec.new_target_here:
                    st = self.remove_card(st, cid)
            elif k == "unmodelled":
                self.note(fx[1], add)
        if spawns:
            st = st._replace(queue=(("spawn", spawns),) + st.queue)
        return st


def _packed(rew: dict) -> tuple:
    return tuple(sorted((i, v) for i, v in rew.items() if v))
