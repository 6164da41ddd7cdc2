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
from .capital import CALLED, CALLED_L
from .combat_state import HAVEN, TOWER, WALL, C, Setting
from .hex_pieces import HexPieces, _packed
from .hex_state import (BOTH, CUT, DRAW, FORMED_LIMIT, FOUGHT, HAVEN_LOST, LEFT, LOSE, LOST, NO_LOSS, WIN,
                        Cur, St)

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
        self.exits = lib.values((self.ctx, "exits"))  # a combat's ways out, for a hex state without its decks
        self._canons: dict = {}
        self._parts: dict = {}  # a state -> its value's items split (``_split``), for ``combat_value``
        for key in spec.fight_order():
            self.slot(key)
        self.druids = tuple(m for m in (lib.druid(d) for d in DRUID_ORDER if d in spec.druids) if m is not None)
        self.n_druids = len(spec.druids)
        self.card_ids = frozenset(spec.card_ids())
        # the Capital's Legion deck is put back by ``capital.resolve``: the chain runs without it
        self.deck_apart = spec.capital
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
                  lpool=() if self.deck_apart else tuple(sp.legion_pool),
                  lunknown=0 if self.deck_apart else sp.legion_count, skel_res=sp.skeleton_reserve,
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
        if (st.hpool or st.hunknown or st.hbottom or st.skel_res != 11 or st.formed) and \
                not self.skeletons_may_come(st):
            # no Skeleton, no Horde to draw (nor one formed to count, unless the Capital may still call
            # a Legion that brings Skeletons)
            formed = st.formed if (self.spec.capital and not st.fallen) else 0
            st = st._replace(hpool=(), hunknown=0, hbottom=(), skel_res=11, formed=formed)
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
        elif self.deck_apart and self.calls(st):
            v = {(CALLED, st): 1.0, (CALLED_L, st): 1.0}  # the Capital calls a Legion: see ``capital``
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
                        if not (lossy and _fragile_outer(k)):
                            v[k] = v.get(k, 0.0) + p * x
        memo[st] = v
        return v

    def combat_value(self, st: St) -> dict:
        """A combat's value: its own chain (``combat``) solved to its exits, each turned back into
        the hex's state (After Combat runs there) and valued on. Neither reads the decks: the exits
        are worked out once per state without them (`_exits`); a state met with other decks (after
        each Legion the Capital may call) only puts its own back."""
        core = st._replace(hpool=(), hunknown=0, lpool=(), lunknown=0) \
            if (st.hpool or st.hunknown or st.lpool or st.lunknown) else st
        got = self.exits.get(core)
        if got is None:
            got = self.exits[core] = self._exits(core)
        plain, items = got
        v = dict(plain)
        parts = self._parts
        canon = self._canon_of
        decks = st[_HPOOL:_HBOTTOM], st[_LPOOL:_SKEL_RES]
        for full, x, nxt, rew in items:
            if core is not st and nxt.attacker != "cut":  # (a combat cut off keeps no decks)
                nxt = _make(nxt[:_HPOOL] + decks[0] + nxt[_HBOTTOM:_LPOOL] + decks[1] + nxt[_SKEL_RES:])
            cs = canon(nxt)
            got = parts.get(cs)
            if got is None:
                got = parts[cs] = _split(self.value(cs))
            if not full:  # a lossless exit: its lossless part only
                for kk, y in got[1]:
                    v[kk] = v.get(kk, 0.0) + x * y
                continue
            for i, y in rew:
                v[i] = v.get(i, 0.0) + x * y
            for kk, y in got[0]:
                v[kk] = v.get(kk, 0.0) + x * y
        return v

    def _canon_of(self, st: St) -> St:
        """``canon``, kept: a combat's ways out are met again after every Legion the Capital may call."""
        got = self._canons.get(st)
        if got is None:
            got = self._canons[st] = self.canon(st)
        return got

    def _exits(self, st: St) -> tuple[dict, list]:
        """The combat of `st` solved: the tallies it adds itself, and each way out as (whole value?
        (else its lossless part), chance, the hex's state it resumes to, the rewards of resuming)."""
        from .combat import Kernel
        from .solve import Registry, solve_vec
        setting, c0 = self.compact(st)
        memo = self.lib.values(("combat", setting))
        reg = memo.get(_REGISTRY)
        if reg is None:
            reg = memo[_REGISTRY] = Registry(_fragile)
            memo[_KERNEL] = Kernel(self.lib, setting, self.lib.note_key)
            memo[_KERNEL].reg = reg
        kernel = memo[_KERNEL]
        cv = reg.as_dict(solve_vec(c0, kernel.transitions, kernel.terminal, reg, LOST))
        plain: dict = {}
        items = []
        # a way out resumes to the same hex state from every state alike but for what the exit
        # itself sets (our Units, the foe's Threat, ...): those resumes are shared
        blank = self.blank(st, c0)
        resumed = self.exits
        for k, x in cv.items():
            if type(k) is not tuple:
                plain[k] = plain.get(k, 0.0) + x
                continue
            rk = (blank, k[1])
            got = resumed.get(rk)
            if got is None:
                got = resumed[rk] = self.resume(st, k[1])
            nxt, rew = got
            if k[0] == "x":
                items.append((True, x, nxt, rew))
            elif not any(i == LOST for i, _ in rew):
                items.append((False, x, nxt, rew))
        return plain, items

    def compact(self, st: St):
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
        # (the Druids used this combat are forgotten when none of our Units rolls a Bolt: ``Kernel.kept``)
        c = C(st.units, hp, cur.part == "clash", cur.gp_used, cur.once if druids else (), defs,
              st.curse if cursing else False, st.skel_res if skeletal else 0, others,
              cur.formed and g == "skeletons", False)
        return setting, c

    def blank(self, st: St, c0) -> tuple:
        """`st` less every field ``resume`` sets from a combat's exit (a key for its resumes)."""
        g = st.cur.group
        foe = self.lib.foe(g) if g not in ("garrisons", "skeletons") else None
        hexfx = foe.godpower.hex_effects if foe is not None else ()
        kw: dict = {"units": (), "cur": st.cur._replace(part="", gp_used=False, once=())}
        if g == "skeletons" or any(fx[0] == "skeletons_elsewhere" for fx in hexfx):
            kw["skel_res"] = 0
        if any(fx[0] == "curse_here" for fx in hexfx):
            kw["curse"] = False
        if st.haven:
            kw.update(tower=False, wall=False)
        if g == "garrisons":
            kw["gar"] = 0
        elif g == "skeletons":
            kw["skel"] = 0
        out = st._replace(**kw)
        if foe is not None:
            for cid in (g,) + tuple(c for c, _ in c0.others):
                out = self.set_threat(out, cid, 0)
        return ("resume", out)

    def resume(self, st: St, ex) -> tuple[St, tuple]:
        """The hex's state at a combat's exit, After Combat (or the draw of a Horde) due."""
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
        return []  # (the Capital calling a Legion is ``value``'s and ``capital``'s)

    def calls(self, st: St) -> bool:
        """Does the Capital call a Legion in this state (only our Units stand there)?"""
        return bool(st.units) and self.spec.capital and not st.fallen and st.cur is None and not st.queue \
            and st.attacker != "cut" and not self.enemy_present(st)

    def arrival(self, st: St, cid: str) -> tuple[St, tuple]:
        """The Capital called `cid`: the state once it has arrived (and attacks), its rewards."""
        rew: dict[int, float] = {}
        s2 = self.work(self.arrive(st._replace(attacker="empire", mover=cid), cid, rew), rew)
        return s2, _packed(rew)

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


_QUIET = (0, 0, 0, 0, 0, 0, 0, 0, 0, ())  # a round result with hits only
# where the decks lie in a St (hpool, hunknown | hbottom | lpool, lunknown), to put them back fast
_HPOOL, _HBOTTOM, _LPOOL, _SKEL_RES = (St._fields.index(f) for f in ("hpool", "hbottom", "lpool", "skel_res"))
assert St._fields[_HPOOL:_SKEL_RES] == ("hpool", "hunknown", "hbottom", "lpool", "lunknown")
_make = St._make
_DECKS = ("hpool", "hunknown", "hbottom", "lpool", "lunknown")
_REGISTRY = ("registry",)  # a combat memo's Registry of tallies and exits (solve.solve_vec)
_KERNEL = ("kernel",)  # ... and its Kernel (what it keeps of rounds outlives one call)


def _forming(st: St) -> bool:
    return bool(st.queue) and st.queue[0][0] == "form"


def _fragile_outer(k) -> bool:
    """The hex's tallies a loss breaks: no Unit lost, and reaching a draw point with none lost."""
    return k == NO_LOSS or (type(k) is tuple and k[0] == CALLED_L)


def _split(value: dict) -> tuple[list, list]:
    """A value's items a loss leaves whole, and those it breaks (``_fragile_outer``), for ways out."""
    solid, fragile = [], []
    for k, y in value.items():
        (fragile if _fragile_outer(k) else solid).append((k, y))
    return solid, fragile


def _fragile(k) -> bool:
    """Tallies a loss breaks: no Unit lost, and a combat's lossless exits."""
    return k == NO_LOSS or (type(k) is tuple and k[0] == "xl")


