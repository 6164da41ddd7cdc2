"""The fights on one hex as one absorbing Markov chain, solved exactly.

A state is everything the rest of the fight depends on: our Units (in hex order),
the Garrison levels, Skeletons, Legions and Hordes with their Threat, the Haven and
its defences, a Curse, the decks a Horde or Legion could still come from, the combat
in progress (which group, Archery or Clash, the Godpower and Druids used this
combat) and the work left over from the last step (Skeletons still to place, a Horde
to draw). Each step is one round (``rounds``) applied as the engine applies it:
Godpowers before damage, damage (our cheapest Units first), effects after damage,
Skeleton Bolts; then After Combat (destroyed cards' rewards and effects, a Haven
overrun) and the next combat or the Capital rule. A Horde or Legion drawn from its
deck is every card the table cannot rule out, each equally likely.

``solve`` explores the chain from the start, splits it into strongly connected parts
(a round that changes nothing returns to its state; Skeletons that rise and fall
loop) and solves them last first, for the chance of each ending and the expected
value of every tally (Units lost, VP, each fight's damage, ...). The state and the
tallies' indices are in ``hex_state``, the moves on pieces and After Combat in ``hex_pieces``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.fight_policy import DRUID_ORDER
from .hex_pieces import HexPieces
from .hex_state import (BOTH, CHAOS_VP, CUT, DRAW, FORMED_LIMIT, FOUGHT, HAVEN_LOST, LEFT, LOSE, LOST, NO_LOSS, VP,
                        WIN, Cur, St)

if TYPE_CHECKING:
    from .library import Library
    from .spec import FightSpec


class Chain(HexPieces):
    def __init__(self, lib: "Library", spec: "FightSpec"):
        self.lib = lib
        self.spec = spec
        self.slot_names: list[str] = []
        self.notes: set[str] = set()
        self.ctx = spec.context()
        self.outer = lib.values((self.ctx, "hex"))
        for key in spec.fight_order():
            self.slot(key)
        self.druids = tuple(m for m in (lib.druid(d) for d in DRUID_ORDER if d in spec.druids) if m is not None)
        self.n_druids = len(spec.druids)
        self.card_ids = frozenset(spec.card_ids())
        for cid in self.card_ids:
            self.notes.update(lib.foe(cid).notes)

    # ------------------------------------------------------------ bookkeeping
    def slot(self, key: str) -> int:
        """The index of a fight's first tally (fights are named, the same in every chain)."""
        if key not in self.slot_names:
            self.slot_names.append(key)
        return self.lib.slot_base(key)

    def start(self) -> St:
        sp = self.spec
        self._end = St((), 0, 0, (), (), False, False, False, False, (), 0, (), (), 0, 0, True, "", None, 0, None, ())
        return St(units=tuple((u, n) for u, n in sp.units if n), gar=sp.garrisons, skel=sp.skeletons,
                  legions=tuple(sorted(sp.legions)), hordes=tuple(sorted(sp.hordes)), haven=sp.haven, tower=sp.tower and sp.haven,
                  wall=sp.wall and sp.haven, curse=sp.terrain == "curse", hpool=tuple(sp.horde_pool),
                  hunknown=sp.horde_count - len(sp.horde_bottom), hbottom=tuple(sp.horde_bottom),
                  lpool=tuple(sp.legion_pool), lunknown=sp.legion_count, skel_res=sp.skeleton_reserve,
                  fallen=False, attacker=sp.attacker, mover=sp.mover, formed=0, cur=None, queue=())

    # ------------------------------------------------------------ what stands there
    def next_group(self, st: St) -> str:
        if st.mover and any(c == st.mover for c, _ in st.legions + st.hordes):
            return st.mover
        init = self.lib.initiative
        if st.gar:
            return "garrisons"
        if st.legions:
            return min(st.legions, key=lambda t: init(t[0]))[0]
        if st.skel:
            return "skeletons"
        return min(st.hordes, key=lambda t: init(t[0]))[0]

    # ------------------------------------------------------------ the chain
    def canon(self, st: St) -> St:
        """An end keeps only what the tallies read (Units left, a loss, a foe standing), so
        the many ways of losing meet in a few states."""
        if (st.hpool or st.hunknown or st.hbottom or st.skel_res != 11) and not self.skeletons_may_come(st):
            st = st._replace(hpool=(), hunknown=0, hbottom=(), skel_res=11)  # no Skeleton, no Horde to draw
        elif st.formed >= FORMED_LIMIT and (st.hpool or st.hunknown or st.hbottom):
            st = st._replace(hpool=(), hunknown=0, hbottom=())  # no further Horde is drawn
        if st.cur is not None or st.queue or st.attacker == "cut":
            return st
        if st.units and self.enemy_present(st):
            return st
        if st.units and self.spec.capital and not st.fallen and not (st.gar or st.legions):
            return st  # the Capital rule is still to come
        foe = self.enemy_present(st)
        return self._end._replace(units=st.units, gar=1 if foe else 0)

    def skeletons_may_come(self, st: St) -> bool:
        """Could a Skeleton still be placed on this hex (so the reserve and the Horde deck
        matter)?"""
        if st.skel or any(q[0] in ("spawn", "form") for q in st.queue):
            return True
        lib = self.lib
        return any(lib.foe(c).raises_here for c, _ in st.hordes) or any(lib.foe(c).raises_here for c, _ in st.legions)

    def transitions(self, st: St) -> list:
        """[(chance, next state, rewards)] from this state, ends merged; [] for an end."""
        return [(p, self.canon(n), r) for p, n, r in self.step(st)]

    def terminal(self, st: St) -> dict:
        """The tallies of an end (or of a combat nobody can ever win: called off)."""
        if st.attacker == "cut":
            return {}
        units = sum(n for _, n in st.units)
        foe = self.enemy_present(st)
        end = WIN if units and not foe else LOSE if foe and not units else BOTH if not units else DRAW
        return {end: 1.0, NO_LOSS: 1.0, LEFT: float(units)}

    def note(self, text: str, add) -> None:
        """Something the odds do not follow happened on this way: its chance is tallied."""
        add(self.lib.note_key(text), 1.0)

    def step(self, st: St) -> list:
        """[(chance, next state, rewards)] from this state; [] for an end."""
        if st.queue:
            head = st.queue[0]
            if head[0] == "form":
                return self.form_horde(st._replace(queue=st.queue[1:]))
            rew: dict[int, float] = {}
            nxt = self.work(st, rew)
            return [(1.0, nxt, _packed(rew))]
        if st.cur is None:
            return self.between(st)
        return self.round(st)

    def work(self, st: St, rew: dict) -> St:
        """Do the queued work until a draw (a Horde) must branch or the queue is empty."""
        def add(i: int, v: float) -> None:
            rew[i] = rew.get(i, 0.0) + v
        while st.queue:
            head, rest = st.queue[0], st.queue[1:]
            kind = head[0]
            if kind == "form":
                return st
            st = st._replace(queue=rest)
            if kind == "spawn":
                n = head[1]
                for i in range(n):
                    if st.skel_res <= 0:
                        self.note("the Skeleton reserve ran out: a Horde formed elsewhere instead is not followed",
                                  add)
                        continue
                    st = st._replace(skel=st.skel + 1, skel_res=st.skel_res - 1)
                    if st.skel >= 3:
                        if st.formed >= FORMED_LIMIT:
                            add(CUT, 1.0)
                            return self._end._replace(attacker="cut", units=st.units)
                        left = (("spawn", n - i - 1),) if n - i - 1 > 0 else ()
                        return st._replace(skel_res=st.skel_res + st.skel, skel=0,
                                           cur=st.cur._replace(formed=True) if st.cur else None,
                                           queue=(("form",),) + left + st.queue)
            elif kind == "end_round":
                cur = st.cur
                if st.units and self.group_alive(st, cur.group):
                    st = st._replace(cur=cur._replace(part="clash"))
                else:
                    st = self.after_combat(st, add)
            elif kind == "end_combat":
                if st.haven and not st.units and self.enemy_present(st):
                    st = st._replace(haven=False, tower=False, wall=False)
                    add(HAVEN_LOST, 1.0)
                st = st._replace(cur=None)
        return st

    # ------------------------------------------------------------ solving, in two levels
    # A combat is solved on its own, its states stripped of the decks (nothing in a round
    # reads them), to a distribution over the ways it ends ("exits"). The hex's chain of
    # combats, draws and the Capital rule then runs over those exits. So a combat met on
    # many ways (after each Legion the Capital might call) is solved once.
    def value(self, st: St) -> dict:
        memo = self.outer
        got = memo.get(st)
        if got is not None:
            return got
        if st.cur is not None and not _forming(st):
            v = self.combat_value(st)
        else:
            out = self.transitions(st)
            if not out:
                v = self.terminal(st)
            else:
                v = {}
                for p, nxt, rew in out:
                    for k, x in rew:
                        v[k] = v.get(k, 0.0) + p * x
                    lossy = any(k == LOST for k, _ in rew)
                    for k, x in self.value(nxt).items():
                        if not (lossy and k == NO_LOSS):
                            v[k] = v.get(k, 0.0) + p * x
        memo[st] = v
        return v

    def combat_value(self, st: St) -> dict:
        """A combat's value: its own chain (``combat``) solved to its exits, each exit
        turned back into the hex's state (After Combat runs there) and valued on."""
        from .combat import Kernel
        from .solve import Registry, solve_vec
        setting, c0 = self.compact(st)
        kernel = Kernel(self.lib, setting, self.lib.note_key)
        memo = self.lib.values(("combat", setting))
        reg = memo.get(_REGISTRY)
        if reg is None:
            reg = memo[_REGISTRY] = Registry(_fragile)
        cv = reg.as_dict(solve_vec(c0, kernel.transitions, kernel.terminal, memo, reg, LOST))
        v: dict = {}
        for k, x in cv.items():
            if type(k) is not tuple:
                v[k] = v.get(k, 0.0) + x
                continue
            nxt, rew = self.resume(st, k[1])
            lossy = any(i == LOST for i, _ in rew)
            if k[0] == "x":
                for i, y in rew:
                    v[i] = v.get(i, 0.0) + x * y
                for kk, y in self.value(self.canon(nxt)).items():
                    if kk != NO_LOSS:
                        v[kk] = v.get(kk, 0.0) + x * y
            elif not lossy:
                y = self.value(self.canon(nxt)).get(NO_LOSS, 0.0)
                if y:
                    v[NO_LOSS] = v.get(NO_LOSS, 0.0) + x * y
        return v

    def compact(self, st: St):
        from .combat import HAVEN, TOWER, WALL, C, Setting
        cur = st.cur
        g = cur.group
        sp = self.spec
        hp = st.gar if g == "garrisons" else st.skel if g == "skeletons" else self.threat_of(st, g)
        others = ()
        if g not in ("garrisons", "skeletons") and self.lib.foe(g).godpower.other_threat:
            others = tuple((c, t) for c, t in st.hordes if c != g)
        defs = (HAVEN if st.haven else 0) | (TOWER if st.tower else 0) | (WALL if st.wall else 0)
        lib = self.lib
        foe = lib.foe(g) if g not in ("garrisons", "skeletons") else None
        # only what this combat can read: Druids if our Units roll Bolts, their count if
        # the foe rerolls per Druid, ... (so combats alike share their solution)
        druids = self.druids if lib.rolls_bolts(tuple(u for u, _ in st.units)) else ()
        n_druids = self.n_druids if foe is not None and any(per for _, per, _ in foe.reroll_blanks) else 0
        hexfx = foe.godpower.hex_effects if foe is not None else ()
        setting = Setting(g, cur.slot, cur.terrain, cur.players_first,
                          foe is not None and any(x[4] == "target_here" for x in foe.extra) and (
                              g in sp.targets_here or (g not in self.card_ids and foe.kind == "legion"
                                                       and sp.capital and sp.new_target_here)),
                          bool(st.gar or st.legions) and foe is not None and
                          any(x[4] == "haven_or_imperial" for x in foe.extra),
                          druids, n_druids,
                          sp.first_haven or not any(fx[0] == "remove_haven" for fx in hexfx),
                          sp.curse_available or not any(fx[0] == "curse_here" for fx in hexfx),
                          sp.has_reserve() and foe is not None and foe.godpower.include_reserve)
        # fields this combat cannot read are set to one value, so alike combats meet
        skeletal = g == "skeletons" or any(fx[0] == "skeletons_elsewhere" for fx in hexfx)
        cursing = any(fx[0] == "curse_here" for fx in hexfx)
        if not st.haven:
            defs = 0
        c = C(st.units, hp, cur.part == "clash", cur.gp_used, cur.once, defs, st.curse if cursing else False,
              st.skel_res if skeletal else 0, others, cur.formed and g == "skeletons", False)
        return setting, c

    def resume(self, st: St, ex) -> tuple[St, tuple]:
        """The hex's state at a combat's exit, After Combat (or the draw of a Horde) due."""
        from .combat import HAVEN, TOWER, WALL
        c = ex.state
        g = st.cur.group
        g0 = st.cur.group
        foe = self.lib.foe(g0) if g0 not in ("garrisons", "skeletons") else None
        hexfx = foe.godpower.hex_effects if foe is not None else ()
        skeletal = g0 == "skeletons" or any(fx[0] == "skeletons_elsewhere" for fx in hexfx)
        cursing = any(fx[0] == "curse_here" for fx in hexfx)
        kw: dict = {"units": c.units, "skel_res": c.skel_res if skeletal else st.skel_res,
                    "curse": c.curse if cursing else st.curse}
        if st.haven:
            kw.update(haven=bool(c.defs & HAVEN), tower=bool(c.defs & TOWER), wall=bool(c.defs & WALL))
        if g == "garrisons":
            kw["gar"] = 0 if c.curse else c.hp
        elif g == "skeletons":
            kw["skel"] = c.hp
        st = st._replace(**kw)
        if g not in ("garrisons", "skeletons"):
            st = self.set_threat(st, g, c.hp)
            for cid, t in c.others:
                st = self.set_threat(st, cid, t)
            if c.left:
                st = self.remove_card(st, g)
        if cursing and c.curse:
            st = st._replace(gar=0)
        cur = st.cur._replace(part="clash", gp_used=c.gp_used, once=c.once, formed=c.formed or st.cur.formed)
        queue = (("end_round",),)
        rew: dict[int, float] = {}
        if ex.forming >= 0:
            if st.formed >= FORMED_LIMIT:
                return self._end._replace(attacker="cut", units=st.units), ((CUT, 1.0),)
            queue = (("form",),) + ((("spawn", ex.forming),) if ex.forming else ()) + queue
        st = self.work(st._replace(cur=cur, queue=queue), rew)
        return st, _packed(rew)

    # ------------------------------------------------------------ between combats
    def between(self, st: St) -> list:
        """Start the next combat, apply the Capital rule, or end."""
        if st.units and self.enemy_present(st):
            nxt = self.begin(st, self.next_group(st))
            return [(1.0, nxt, ((self.sidx(nxt.cur.slot, FOUGHT), 1.0),))]
        sp = self.spec
        if st.units and sp.capital and not st.fallen and not (st.gar or st.legions):
            if st.lunknown <= 0 or not st.lpool:
                return [(1.0, st._replace(fallen=True), ((VP if st.units else CHAOS_VP, 5.0),))]
            out = []
            w = 1.0 / len(st.lpool)
            for cid in st.lpool:
                s2 = st._replace(lpool=tuple(c for c in st.lpool if c != cid), lunknown=st.lunknown - 1,
                                 attacker="empire", mover=cid)
                rew: dict[int, float] = {}
                s2 = self.arrive(s2, cid, rew)
                s2 = self.work(s2, rew)
                out.append((w, s2, _packed(rew)))
            return out
        return []

    def begin(self, st: St, group: str) -> St:
        if group in ("garrisons", "skeletons") or group in self.card_ids:
            key = group
        else:
            key = "capital_legion" if self.lib.kind(group) == "legion" else "formed_horde"
        slot = self.slot(key)
        terrain = "curse" if st.curse else self.spec.terrain
        skip = group not in ("garrisons", "skeletons") and self.lib.foe(group).skip_archery
        side = "empire" if group == "garrisons" or (group != "skeletons" and self.lib.kind(group) == "legion") \
            else "chaos"
        players_first = st.attacker != side  # side a: the attacker while it is on the hex, else the players
        cur = Cur(group, "clash" if skip else "archery", terrain, False, (), slot, players_first, False)
        return st._replace(cur=cur)

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


_QUIET = (0, 0, 0, 0, 0, 0, 0, 0, 0, ())  # a round result with hits only
_DECKS = ("hpool", "hunknown", "hbottom", "lpool", "lunknown")
_REGISTRY = ("registry",)  # a combat memo's Registry of tallies and exits (solve.solve_vec)


def _forming(st: St) -> bool:
    return bool(st.queue) and st.queue[0][0] == "form"


def _fragile(k) -> bool:
    """Tallies a loss breaks: no Unit lost, and a combat's lossless exits."""
    return k == NO_LOSS or (type(k) is tuple and k[0] == "xl")


def _packed(rew: dict) -> tuple:
    return tuple(sorted((i, v) for i, v in rew.items() if v))
