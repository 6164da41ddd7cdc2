"""One combat as a small chain of its own: only what changes inside it.

Inside a combat only a few things move: our Units, the foe's hit points (Threat,
Garrison levels or Skeletons), Archery or Clash, the Godpower and Druids used this
combat, the Haven and its defences, a Curse laid on the hex, the Skeleton reserve,
other Hordes' Threat (the Lich Queen raises it) and whether the foe left (the
Siren). A compact state holds just those; everything else about the hex is fixed
for the combat (``Setting``). Each round (``rounds``) is applied in the engine's
order: the Godpower before damage, damage (our cheapest Units first), each side's
effects after damage (side a first), Skeleton Bolts.

The combat ends in an *exit*: a side is gone (or the foe left), or a third Skeleton
calls a Horde (the draw, and whatever the Horde's arrival does, belongs to the hex's
chain, which then resumes the combat). ``chain`` turns exits back into the hex's
state and runs After Combat there, once per exit rather than once per round. The state, its
exits and the setting are in ``combat_state``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .combat_after import AfterDamage
from .combat_state import (CHAOS_VP, DAMAGE, EMPIRE_VP, HAVEN, LOST, SLOST, SVP, TOWER, VP, WALL, C,
                           Exit, Setting, _exit)
from .rounds import (BOLTS_GODPOWER, BOLTS_SKELETONS, BOLTS_UNUSED, D1, D2, GP_AFTER, GP_FIRED, KILLS, NEM_VP,
                     ONCE, OTHER_THREAT, P_VP, PRE_LOSS, SPAWNS, WILD, GodpowerRound, RoundKey)

if TYPE_CHECKING:
    from .library import Library

_QUIET = (0, 0, 0, 0, 0, 0, 0, 0, 0, ())  # a result's fields after the hits, when nothing else happens
_NOBODY = ((1.0, True, 0, 0, 0, (), False, 0, 0, (0, 0) + _QUIET),)  # a round in which nobody rolls (as ``results``)
new_c = tuple.__new__  # new_c(C, fields): a state without the named tuple's Python-level __new__


class Kernel(AfterDamage):
    def __init__(self, lib: "Library", setting: Setting, note):
        self.lib = lib
        self.s = setting
        self.note = note  # note(text) -> the tally index of a note
        g = setting.group
        self.big = g not in ("garrisons", "skeletons")
        self.foe = lib.foe(g) if self.big else None
        self.pieces = not self.big
        self.nem_vp_index = (EMPIRE_VP if (self.foe and self.foe.kind == "legion") else CHAOS_VP)
        self._quiet: dict = {}
        self._quiet_rows: dict = {}  # (d1, lost, our VP, the foe's VP) -> ``reg.reward`` of a simple round
        self.reg = None  # the ``solve.Registry`` the combat is solved in (its owner sets it)
        # what a round's key reads of the setting, worked out once
        foe, terrain = self.foe, setting.terrain
        self.mirror = foe is not None and foe.mirror
        self.our_bolts = terrain != "curse" and not (foe is not None and foe.no_enemy_bolts)
        self.our_shields = not (foe is not None and foe.no_enemy_shields)
        if g == "skeletons":
            self.mode = BOLTS_SKELETONS
        elif foe is None or (terrain == "curse" and foe.kind != "horde"):
            self.mode = BOLTS_UNUSED
        else:
            self.mode = BOLTS_GODPOWER
        self.wild = "white" if terrain == "marsh" else "red"
        self._budgets = {}
        for clash in (False, True):
            part = "clash" if clash else "archery"
            woods = terrain == "woods" and not clash
            theirs = [2] if woods else []
            for count, per_druid, parts in (foe.reroll_blanks if foe is not None else ()):
                if part in parts:
                    theirs.append(count * (setting.n_druids if per_druid else 1))
            self._budgets[clash] = ((2,) if woods else (), tuple(b for b in theirs if b > 0))
        # a Godpower after damage that only takes the hex's defences (or walks away): fires beyond
        # what is left to take change nothing, so they are capped like hits (per defences left)
        self._fires = None
        gp = foe.godpower if foe is not None else None
        if gp is not None and gp.step == "after_damage" and not (gp.skulls or gp.self_threat or gp.kills or gp.nem_vp) \
                and all(fx[0] in ("remove_defense", "remove_haven", "skeletons_elsewhere", "leaves")
                        for fx in gp.hex_effects):
            self._fires = [self._saturate(defs) for defs in range(8)]
        self._keys: dict = {}
        self._drops: dict = {}
        self._unions: dict = {}
        self._ours: dict = {}
        self._theirs: dict = {}
        self._gp: dict = {}
        self._druids: dict = {}
        self._bolty: dict = {}  # units -> can any of them roll a Bolt?

    # ------------------------------------------------------------ the chain's interface
    def transitions(self, c) -> dict:
        """{(the next state, its rewards as ``self.reg.reward`` gives them: (row, loses a Unit?)): chance}
        (the dict itself: ``solve_vec`` reads its items). Rewards as their row, not their tuple: a key of
        two small ints hashes faster than pairs of a tally and a float, twice a round result here and
        again in ``solve_vec`` (in "skeletons x2 + siren 3" about 1% of the instructions)."""
        if type(c) is Exit:
            return {}
        acc: dict = {}
        units, hp = c.units, c.hp
        drops = self._drops.get(units)
        if drops is None:
            drop = self.lib.drop_cheapest
            drops = self._drops[units] = [drop(units, d) for d in range(sum(n for _, n in units) + 1)]
        skeletons = self.s.group == "skeletons"
        rewards, quiet = self.simple_rewards, self._quiet_rows
        reward = self.reg.reward
        drop_dearest, drop_cheapest = self.lib.drop_dearest, self.lib.drop_cheapest
        kept = self._bolty
        c_once, c_gp, defs, curse, c_skel, others, formed = c.once, c.gp_used, c.defs, c.curse, c.skel_res, \
            c.others, c.formed
        moved = not c.clash  # (Archery turns to Clash whatever the round gives)
        lost_exit = None  # the combat lost while the foe stands: one exit whatever the round gave
        for p, simple, d1, d2, kills, fired, gp_fired, p_vp, nem_vp, res in self.results(c):
            if simple:  # hits, our dearest Units killed, Druids fired, VP: no need for the general way
                if kills:  # (before damage)
                    left, lost = drop_dearest(units, kills)
                    left, more = drop_cheapest(left, d2)
                    lost += more
                else:
                    left, lost = drops[d2]
                hp2 = hp - d1
                once = c_once if not fired else self.union(c_once, fired)
                if once and left is not units:
                    bolty = kept.get(left)  # (``kept``, inline)
                    if bolty is None:
                        self.kept(left, once)
                        bolty = kept[left]
                    if not bolty:
                        once = ()
                gp_used = c_gp or gp_fired
                skel_res = c_skel + d1 if skeletons else c_skel
                if not left and hp2 > 0:
                    if lost_exit is None:
                        lost_exit = _exit((), hp2, defs, curse, skel_res, others, formed, False)
                    nxt = lost_exit
                elif not left or hp2 <= 0:  # (``_exit`` inline: here either no Units or no hit points left)
                    nxt = new_c(Exit, (new_c(C, (left, hp2, True, False, (), defs, curse, skel_res, others, formed,
                                                 False)), -1))
                elif d1 or d2 or kills or moved or once is not c_once or gp_used != c_gp:
                    nxt = new_c(C, (left, hp2, True, gp_used, once, defs, curse, skel_res, others, formed, False))
                else:
                    nxt = c
                rk = (d1, lost, p_vp, nem_vp)
                rr = quiet.get(rk)
                if rr is None:
                    rr = quiet[rk] = reward(rewards(*rk), LOST)
                k = (nxt, rr)
            else:
                nxt, rew = self.apply(c, res)
                k = (nxt, reward(rew, LOST))
            acc[k] = acc.get(k, 0.0) + p
        return acc

    def _saturate(self, defs: int) -> int:
        """How many after-damage fires of the Godpower still change something, from `defs`."""
        count, left = 0, False
        for _ in range(8):
            if left:
                break
            rew: dict = {}
            units, hp, d2, curse, left = self.godpower_after((), 1, defs, False, False, rew)
            if d2 == defs and not left and not rew:
                break
            count += 1
            defs = d2
        return count

    def kept(self, units: tuple, once: tuple) -> tuple:
        """`once`, or () when none of `units` can roll a Bolt: no Druid fires again this combat, so
        states that differ only in the Druids used meet (the Banished's combat in "skeletons x2 +
        siren 3": 215 states -> 165)."""
        if not once:
            return once
        got = self._bolty.get(units)
        if got is None:
            got = self._bolty[units] = self.lib.rolls_bolts(tuple(u for u, _ in units))
        return once if got else ()

    def union(self, once: tuple, fired: tuple) -> tuple:
        key = (once, fired)
        got = self._unions.get(key)
        if got is None:
            got = self._unions[key] = tuple(sorted(set(once) | set(fired)))
        return got

    def simple_rewards(self, d1: int, lost: int, p_vp: int, nem_vp: int) -> tuple:
        """The rewards of a simple round, in the order ``apply`` gives them (sorted by tally)."""
        key = (d1, lost, p_vp, nem_vp)
        got = self._quiet.get(key)
        if got is None:
            rew: dict = {}
            slot = self.s.slot
            vp = (d1 if self.pieces else 0) + p_vp
            if lost:
                rew[LOST] = lost
                rew[slot + SLOST] = lost
            if vp:
                rew[VP] = vp
                rew[slot + SVP] = vp
            if nem_vp:
                rew[self.nem_vp_index] = nem_vp
            if d1:
                rew[slot + DAMAGE] = d1
            # (ints, not floats: equal to ``apply``'s floats as keys, with the same hash, and hashed faster)
            got = self._quiet[key] = tuple(sorted(rew.items()))
        return got

    def terminal(self, c) -> dict:
        if type(c) is Exit:
            return {("x", c): 1.0, ("xl", c): 1.0}
        n = sum(x for _, x in c.units)
        return {3: 1.0, 4: 1.0, 12: float(n)}  # DRAW, NO_LOSS, LEFT: a combat nobody can win is called off

    # ------------------------------------------------------------ one round's results
    def round_key(self, c: C):
        """The RoundKey of this state's round (None when nobody rolls a die in Archery)."""
        lib, s, foe = self.lib, self.s, self.foe
        clash = c.clash
        part = "clash" if clash else "archery"
        terrain = s.terrain
        tower, wall = bool(c.defs & HAVEN and c.defs & TOWER), bool(c.defs & HAVEN and c.defs & WALL)
        k1 = (c.units, clash, tower, wall)
        got = self._ours.get(k1)
        if got is None:
            raw = lib.our_dice(c.units, part, terrain, tower, wall)
            ours = lib.on_terrain(raw, part, terrain, player=True)
            ours = tuple(lib.reroll_sorted(ours)) if (terrain == "woods" and not clash) else tuple(sorted(ours))
            got = self._ours[k1] = (raw, ours, lib.rolls_bolts_dice(ours))
        raw, ours, bolts = got
        haven = bool(c.defs & HAVEN) or s.imperial
        k2 = (clash, c.hp, haven, raw if self.mirror else None)
        theirs = self._theirs.get(k2)
        if theirs is None:
            if s.group == "garrisons":
                t = lib.garrison_dice(c.hp, part)
            elif s.group == "skeletons":
                t = lib.skeleton_dice(c.hp, part)
            else:
                t = foe.dice(part, c.hp, terrain, s.target_here, haven, lib.colours, raw)
            t = lib.on_terrain(t, part, terrain, player=False)
            theirs = self._theirs[k2] = tuple(t) if self._budgets[clash][1] else tuple(sorted(t))
        if not clash and not ours and not theirs:
            return None
        our_budgets, their_budgets = self._budgets[clash]
        gp = None
        if self.mode == BOLTS_GODPOWER and lib.rolls_bolts_dice(theirs):  # (no Bolt, no Godpower: keys meet)
            k3 = (c.gp_used, c.hp)
            gp = self._gp.get(k3)
            if gp is None:
                g = foe.godpower
                fires = 99 if g.limit == "none" else (0 if (g.limit == "once_per_combat" and c.gp_used) else 1)
                track = g.limit == "once_per_combat"
                if g.step == "after_damage":
                    gp = GodpowerRound(fires, True, track=track)
                else:
                    gp = GodpowerRound(fires, False, g.skulls, g.shields, g.self_threat, g.kills, g.nem_vp,
                                       g.other_threat, c.hp if (g.self_threat and fires > 1) else 0, track)
                self._gp[k3] = gp
        druids = ()
        if self.our_bolts and s.druids and bolts:
            k4 = (clash, c.once)
            druids = self._druids.get(k4)
            if druids is None:
                druids = self._druids[k4] = tuple(d for d in s.druids if part in lib.druid_parts(d.id)
                                                  and d.id not in c.once)
        return RoundKey(ours, our_budgets, any(d.set_shield for d in druids), theirs, their_budgets,
                        self.our_bolts, self.our_shields, self.mode, gp, druids, self.wild)

    def results(self, c: C):
        """The round's results, hits beyond what is there merged."""
        k0 = (c.units, c.clash, c.hp, c.defs, c.once, c.gp_used)
        key = self._keys.get(k0)
        if key is None:
            key = self._keys[k0] = self.round_key(c)
        if key is None:  # nobody shoots in Archery
            return _NOBODY
        lib = self.lib
        hp = c.hp
        n = sum(x for _, x in c.units)
        fires = self._fires[c.defs] if self._fires is not None else 99
        ck = (key, hp, n, fires)
        got = lib.capped.get(ck)
        if got is not None:
            return got
        items = lib.rounds.capped(key, hp, n, fires)
        # simple: nothing but hits, our dearest Units killed, Druids fired once, the Godpower's mark, VP (see
        # ``transitions``); what the simple way reads taken out once here, not at every state. Threat the foe
        # pays before damage (the Coven's Godpower) is one more hit when the foe is a card (no VP a hit): the
        # two take min(paid + hits, Threat) together, as ``apply`` has it
        pieces = self.pieces
        got = lib.capped[ck] = tuple((p, not (res[GP_AFTER] or res[OTHER_THREAT] or res[SPAWNS] or res[WILD]
                                              or (res[PRE_LOSS] and pieces)),
                                      res[D1] if not res[PRE_LOSS] else min(res[D1] + res[PRE_LOSS], hp),
                                      res[D2], res[KILLS], res[ONCE], res[GP_FIRED] > 0, res[P_VP], res[NEM_VP],
                                      res) for res, p in items)
        if len(lib.capped) > 200_000:
            lib.capped.clear()
        return got

    # ------------------------------------------------------------ applying one
    def apply(self, c: C, res):
        """A round's result applied to a state the general way: (the next state, its rewards)."""
        s = self.s
        slot = s.slot
        rew: dict[int, float] = {}
        units, hp = c.units, c.hp
        gp_used, once, defs, curse, skel_res, others = c.gp_used, c.once, c.defs, c.curse, c.skel_res, c.others
        left = c.left
        pieces = self.pieces
        lib = self.lib
        lost = dmg = vp = 0  # Units lost, the foe's damage, our VP (the rest goes into `rew`)
        # before damage: the Godpower (its penalty paid in Threat, by the policy), Druids
        if res[PRE_LOSS]:
            dealt = res[PRE_LOSS] if res[PRE_LOSS] < hp else hp
            hp -= dealt
            dmg += dealt
        if res[KILLS]:
            units, n = lib.drop_dearest(units, res[KILLS])
            lost += n
        if res[GP_FIRED]:
            gp_used = True
        if res[ONCE]:
            once = self.union(once, res[ONCE])
        if res[NEM_VP]:
            rew[self.nem_vp_index] = float(res[NEM_VP])
        if res[OTHER_THREAT] and others:
            others = self.raise_others(others, res[OTHER_THREAT], rew)
        # damage, both at once
        d = res[D1]
        if d:
            n = d if d < hp else hp
            if n > 0:
                hp -= n
                dmg += n
                if pieces:  # a Garrison level or a Skeleton: 1 VP each
                    vp += n
                    if s.group == "skeletons":
                        skel_res += n
        if res[D2]:
            units, n = lib.drop_cheapest(units, res[D2])
            lost += n
        # after damage: each side's queued effects, side a first
        for ours_first in ((True, False) if s.players_first else (False, True)):
            if ours_first:
                d = res[WILD]
                if d:
                    n = d if d < hp else hp
                    if n > 0:
                        hp -= n
                        dmg += n
                        if pieces:
                            vp += n
                            if s.group == "skeletons":
                                skel_res += n
                vp += res[P_VP]
            elif res[GP_AFTER]:
                if lost:  # (godpower_after adds its own to `rew`)
                    rew[LOST] = rew.get(LOST, 0.0) + lost
                    rew[slot + SLOST] = rew.get(slot + SLOST, 0.0) + lost
                    lost = 0
                if dmg:
                    rew[slot + DAMAGE] = rew.get(slot + DAMAGE, 0.0) + dmg
                    dmg = 0
                for _ in range(res[GP_AFTER]):
                    if hp <= 0 or left:
                        break
                    units, hp, defs, curse, left = self.godpower_after(units, hp, defs, curse, left, rew)
        # Skeleton Bolts raise Skeletons; a third one calls a Horde
        forming = -1
        formed = c.formed
        n = res[SPAWNS]
        for i in range(n):
            if skel_res <= 0:
                k = self.note("the Skeleton reserve ran out: a Horde formed elsewhere instead is not followed")
                rew[k] = rew.get(k, 0.0) + 1.0
                continue
            skel_res -= 1
            hp += 1
            if hp >= 3:
                skel_res += hp
                hp = 0
                formed = True
                forming = n - i - 1
                break
        if forming >= 0:
            once = self.kept(units, once)
            nxt = Exit(C(units, hp, True, gp_used, once, defs, curse, skel_res, others, formed, left), forming)
        elif not units or hp <= 0 or left:
            nxt = _exit(units, hp, defs, curse, skel_res, others, formed, left)
        else:
            nxt = C(units, hp, True, gp_used, self.kept(units, once), defs, curse, skel_res, others, formed, left)
        if lost:
            rew[LOST] = rew.get(LOST, 0.0) + lost
            rew[slot + SLOST] = rew.get(slot + SLOST, 0.0) + lost
        if dmg:
            rew[slot + DAMAGE] = rew.get(slot + DAMAGE, 0.0) + dmg
        if vp:
            rew[VP] = rew.get(VP, 0.0) + vp
            rew[slot + SVP] = rew.get(slot + SVP, 0.0) + vp
        return nxt, tuple(sorted(rew.items()))
