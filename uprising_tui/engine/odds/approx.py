"""A fast approximation of the fight odds, for weighing the many fights a turn could start
(every target, every force, every Haven's defence): the approximate mode of ``fight_odds``.

It reads the same fight (a ``FightSpec``) and the same dice as the exact odds (the Library:
the players' dice by Unit, a Tower and a Wall, Garrison levels, Skeletons, each Legion's and
Horde's rows by Threat with their extra dice, Marsh and the Highlands), and fights the foes of
the hex one after another in the engine's order. What it leaves out, for speed: Druids,
Godpowers, rerolls (the Woods', cards'), a card's destroyed effects, the Capital's new Legion, a
Horde the Skeletons call, VP. A new fight costs about a tenth of a millisecond, where the exact
odds of one at a walled Haven can take a second; the heuristic bot plans with it and checks its
plans against the exact odds in its tests.

A fight is an absorbing Markov chain over (our Units left, the foe's hit points): each round
only lowers one or both, so the chain is solved in one pass, strongest states first, with the
chance that a round changes nothing folded in. Inside a round two approximations keep it cheap:
the hits each side takes are drawn independently, and a die's Skulls and Bolts are counted
together while its Shields are counted apart. Several foes are fought one after another with
the Units left taken at their average. Everything is kept per catalog, across calls and games.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, NamedTuple, Sequence

from .library import library
from .result import FightLine, FightOdds
from .spec import FightSpec

NOTE = "approximate: Druids, Godpowers, rerolls, destroyed effects, a Legion the Capital calls and VP are left out"


@dataclass(frozen=True, slots=True)
class Foe:
    """One foe as the quick chain fights it: `key` (what fixes its dice), hit points, its dice
    for a round (`dice(part, hp)`) and the abilities the chain reads."""
    key: tuple
    hp: int
    dice: Callable[[str, int], Sequence[str]]
    skip_archery: bool = False
    no_shields: bool = False  # our Shields do not count against it


class Outcome(NamedTuple):
    """How a fight ends, in chances and averages (the chain's result; the heuristic bot reads the
    exact odds into one too)."""
    win: float  # every foe destroyed and some of our Units left
    clear: float  # every foe gone (we may be gone too)
    no_loss: float  # we lose no Unit at all
    losses: float  # expected Units lost
    damage: tuple[float, ...]  # expected hit points taken off each foe
    killed: tuple[float, ...]  # chance each foe is destroyed


def approx_odds(cat, spec: FightSpec) -> FightOdds:
    """What ``fight_odds(cat, spec)`` gives, approximately (see the module docstring): the
    chances of the endings, the Units lost and each fight's damage and destruction; VP are 0."""
    q = _chain(cat)
    got = q.results.get(spec)
    if got is None:
        if len(q.results) > 100_000:
            q.results.clear()
        got = q.results[spec] = _approx(cat, q, spec)
    return got


def _approx(cat, q: "QuickChain", spec: FightSpec) -> FightOdds:
    lib = library(cat)
    order = _order(lib, spec)
    foes = [_foe(lib, spec, g) for g in order]
    n = sum(c for _, c in spec.units)
    if not foes or not n:
        return _odds(spec, order, foes, Outcome(0.0, 0.0, 1.0, 0.0, (0.0,) * len(foes), (0.0,) * len(foes)), cat)
    bolts = spec.terrain != "curse" and not any(
        g not in ("garrisons", "skeletons") and lib.foe(g).no_enemy_bolts for g in order)
    side = q.side(*_our_dice(lib, spec))
    return _odds(spec, order, foes, q.fight(side[0], side[1], foes, bolts=bolts, side=side), cat)


def _order(lib, spec: FightSpec) -> list[str]:
    """The fights in the engine's order: the card that walked in, then Garrisons, Legions by
    initiative, Skeletons, Hordes by initiative."""
    out = [spec.mover] if spec.mover else []
    if spec.garrisons:
        out.append("garrisons")
    out += sorted((c for c, _ in spec.legions if c != spec.mover), key=lib.initiative)
    if spec.skeletons:
        out.append("skeletons")
    out += sorted((c for c, _ in spec.hordes if c != spec.mover), key=lib.initiative)
    return out


def _our_dice(lib, spec: FightSpec):
    """Our dice with k Units left, k = 0..n, as (archery, clash) lists: the cheapest Units
    fall first (the fight policy's damage order), a Tower and a Wall of our Haven count."""
    ranked = sorted((u for u, c in spec.units for _ in range(c)), key=lambda u: (-lib.unit_rank(u)[0], u))
    tower, wall = spec.haven and spec.tower, spec.haven and spec.wall
    archery, clash = [], []
    for k in range(len(ranked) + 1):
        units = tuple((u, 1) for u in ranked[:k])
        for part, out in (("archery", archery), ("clash", clash)):
            dice = lib.our_dice(units, part, spec.terrain, tower, wall)
            out.append(tuple(sorted(lib.on_terrain(dice, part, spec.terrain, player=True))))
    return archery, clash


def _foe(lib, spec: FightSpec, g: str) -> Foe:
    terrain = spec.terrain
    if g == "garrisons":
        return Foe(("garrisons", terrain), spec.garrisons,
                   lambda part, hp: lib.on_terrain(lib.garrison_dice(hp, part), part, terrain, player=False))
    if g == "skeletons":
        return Foe(("skeletons", terrain), spec.skeletons,
                   lambda part, hp: lib.on_terrain(lib.skeleton_dice(hp, part), part, terrain, player=False))
    m = lib.foe(g)
    threat = dict(spec.legions).get(g) or dict(spec.hordes).get(g) or 1
    # the extra dice's conditions as the exact odds read them (odds/chain.py)
    target_here = any(x[4] == "target_here" for x in m.extra) and g in spec.targets_here
    imperial = bool(spec.garrisons or spec.legions)
    haven_or_imperial = spec.haven or imperial
    colours = lib.colours

    def dice(part: str, hp: int) -> list[str]:
        return lib.on_terrain(m.dice(part, hp, terrain, target_here, haven_or_imperial, colours), part, terrain,
                              player=False)
    return Foe((g, terrain, target_here, haven_or_imperial), threat, dice, m.skip_archery, m.no_enemy_shields)


def foe_dice(cat, spec: FightSpec, group: str, part: str, hp: int) -> list[str]:
    """The dice `group` ("garrisons", "skeletons", a card) of `spec` rolls at `hp` in `part`, as
    the approximation reads them."""
    return list(_foe(library(cat), spec, group).dice(part, hp))


def _odds(spec: FightSpec, order: list[str], foes: list[Foe], a: Outcome, cat) -> FightOdds:
    n = sum(c for _, c in spec.units)
    lines, reach = [], 1.0
    for g, foe, dmg, kill in zip(order, foes, a.damage, a.killed):
        name = "Garrisons" if g == "garrisons" else "Skeletons" if g == "skeletons" else cat.nemesis(g).name
        lines.append(FightLine(g, name, reach, kill, kill, dmg, 0.0, 0.0))
        reach = kill
    lose = max(0.0, 1.0 - a.clear)
    return FightOdds(a.win, lose, max(0.0, a.clear - a.win), 0.0, a.no_loss, a.losses, 0.0, n - a.losses, 0.0, 0.0,
                     0.0, 0.0, 0.0, tuple(lines), force=spec.units, hero=spec.hero, notes=(NOTE,))


# a distribution: value -> chance (values are small ints, or tuples of them)
Dist = dict


class QuickChain:
    """The quick chain of one catalog's dice faces (its distributions and solved fights kept)."""

    def __init__(self, cat):
        self.faces: dict[str, tuple[tuple[int, int, int], ...]] = {}
        for colour, die in cat.dice.items():
            self.faces[colour] = tuple((f.count("skull"), f.count("shield"), f.count("bolt")) for f in die.faces)
        self._sb: dict[tuple, Dist] = {}
        self._half: dict[tuple, Dist] = {}
        self._shielding = {c for c, faces in self.faces.items() if any(f[1] for f in faces)}
        self._sh: dict[tuple, Dist] = {}
        self._round: dict[tuple, tuple[Dist, Dist]] = {}
        self._fights: dict[tuple, tuple] = {}
        self._sides: dict[tuple, tuple] = {}
        self._foe_dice: dict[tuple, tuple[str, ...]] = {}
        self._prefixes: dict[tuple, int] = {}
        self._rows: dict[tuple, list] = {}
        self.results: dict[FightSpec, FightOdds] = {}  # approx_odds by spec

    # ------------------------------------------------------------------ one side's dice
    def skull_bolt(self, colours: tuple[str, ...]) -> Dist:
        """Joint distribution of (Skulls, Bolts) rolled by these dice (built die by
        die, so dice lists that start alike share the work)."""
        got = self._sb.get(colours)
        if got is None:
            if not colours:
                got = {(0, 0): 1.0}
            else:
                faces = self.faces[colours[-1]]
                w = 1.0 / len(faces)
                got = {}
                for (s, b), p in self.skull_bolt(colours[:-1]).items():
                    pw = p * w
                    for fs, _, fb in faces:
                        k = (s + fs, b + fb)
                        got[k] = got.get(k, 0.0) + pw
            self._sb[colours] = got
        return got

    def half(self, attack: tuple[str, ...], defence: tuple[str, ...], use_bolts: bool) -> Dist:
        """Hits `attack` dice put through the Shields of `defence` dice (one round)."""
        shielding = tuple(c for c in defence if c in self._shielding)
        key = (attack, shielding, use_bolts)
        got = self._half.get(key)
        if got is None:
            got = self._half[key] = _hits(self.skull_bolt(attack), self.shields(shielding), use_bolts)
        return got

    def shields(self, colours: tuple[str, ...]) -> Dist:
        got = self._sh.get(colours)
        if got is None:
            dist: Dist = {0: 1.0}
            for c in colours:
                faces = self.faces[c]
                w = 1.0 / len(faces)
                nxt: Dist = {}
                for h, p in dist.items():
                    pw = p * w
                    for _, fh, _ in faces:
                        nxt[h + fh] = nxt.get(h + fh, 0.0) + pw
                dist = nxt
            got = self._sh[colours] = dist
        return got

    # ------------------------------------------------------------------ one round
    def round_hits(self, mine: tuple[str, ...], theirs: tuple[str, ...], my_bolts: bool,
                   my_shields: bool) -> tuple[Dist, Dist]:
        """(hits we deal, hits we take) for one round, each a distribution.

        Our Bolts cancel their Shields (when we may use Bolts); theirs cancel ours."""
        key = (mine, theirs, my_bolts, my_shields)
        got = self._round.get(key)
        if got is None:
            got = self._round[key] = (self.half(mine, theirs, my_bolts),
                                      self.half(theirs, mine if my_shields else (), True))
        return got

    # ------------------------------------------------------------------ a fight
    def side(self, archery: Sequence[Sequence[str]], clash: Sequence[Sequence[str]]) -> tuple:
        """Our side as the fights see it: (archery, clash, id), the same object for the
        same dice (so a fight's cache key is cheap to hash)."""
        a = tuple(tuple(sorted(x)) for x in archery)
        c = tuple(tuple(sorted(x)) for x in clash)
        got = self._sides.get((a, c))
        if got is None:
            pids = []
            for k in range(len(c)):
                pre = c[:k + 1]
                pid = self._prefixes.get(pre)
                if pid is None:
                    pid = self._prefixes[pre] = len(self._prefixes)
                pids.append(pid)
            got = self._sides[(a, c)] = (a, c, len(self._sides), tuple(pids))
        return got

    def fight(self, archery: Sequence[Sequence[str]], clash: Sequence[Sequence[str]], foes: Sequence[Foe],
              *, bolts: bool = True, side: tuple | None = None) -> Outcome:
        """Fight `foes` one after another.

        `archery[k]` / `clash[k]` are our dice with k Units left (k = 0..n), the
        Units that fall first being the ones missing; `side` (from ``side()``)
        may stand for both."""
        if side is None:
            side = self.side(archery, clash)
        archery, clash, sid, pids = side
        n = len(clash) - 1
        key = (sid, tuple((f.key, f.hp) for f in foes), bolts)
        got = self._fights.get(key)
        if got is None:
            if len(self._fights) > 200_000:
                self._fights.clear()
                self._rows.clear()
            got = self._fights[key] = self._fight(archery, clash, pids, foes, bolts, n)
        return got

    def _fight(self, archery, clash, pids, foes, bolts: bool, n: int) -> Outcome:
        """Foes are fought one after another. Between two foes the Units left are taken
        at their average (given the first foe fell): cheap, and close enough."""
        damage, killed = [], []
        reach = 1.0  # chance we are still fighting (every foe so far destroyed)
        k0 = n
        losses = 0.0
        win = clear = no_loss = 0.0
        for i, foe in enumerate(foes):
            w, c, left, hp_left, nl = self._one_foe(archery, clash, pids, foe, bolts, k0)
            damage.append(reach * (foe.hp - hp_left))
            killed.append(reach * c)
            if i == 0:
                no_loss = nl
            elif k0 < n:
                no_loss = 0.0
            else:
                no_loss *= nl
            if i == len(foes) - 1 or w <= 1e-9:
                losses += reach * (k0 - left)
                win, clear = reach * w, reach * c
                if i < len(foes) - 1:
                    win = 0.0
                    damage.extend([0.0] * (len(foes) - 1 - i))
                    killed.extend([0.0] * (len(foes) - 1 - i))
                break
            # fights that end here lose what they lost; the rest go on with the survivors
            survivors = left / w  # average Units left given we won (Units are 0 otherwise)
            losses += reach * (1.0 - w) * k0 + reach * w * (k0 - survivors) - reach * (left - w * survivors)
            reach *= w
            k0 = max(1, min(n, round(survivors)))
        return Outcome(win, clear, no_loss, losses, tuple(damage), tuple(killed))

    def _one_foe(self, archery, clash, pids, foe: Foe, bolts: bool, k0: int):
        """One combat from k0 of our Units against a fresh foe, in averages: (chance we
        win, chance the foe falls, Units left, foe hp left, chance we lose no Unit)."""
        my_shields = not foe.no_shields
        start = {(k0, foe.hp): 1.0}
        if not foe.skip_archery:
            start = self._step_all(start, archery, foe, "archery", bolts, my_shields)
        win = clear = left = hp_left = no_loss = 0.0
        for (k, e), p in start.items():
            if k <= 0 or e <= 0:
                w, c, kk, ee, nl = (1.0 if k > 0 and e <= 0 else 0.0), (1.0 if e <= 0 else 0.0), k, e, 1.0
            else:
                w, c, kk, ee, nl = self._clash_value(clash, pids, foe, k, e, bolts, my_shields)
            win += p * w
            clear += p * c
            left += p * kk
            hp_left += p * ee
            if k == k0:
                no_loss += p * nl
        return win, clear, left, hp_left, no_loss

    def _clash_value(self, clash, pids, foe, k: int, e: int, bolts: bool, my_shields: bool):
        """Clash rounds from (k of our Units, foe at e) to the end, in averages:
        (chance we win, chance the foe falls, Units left, foe hp left, chance we lose
        no more Units)."""
        return self._row(clash, pids, foe, k, e, bolts, my_shields)[e]

    def _row(self, clash, pids, foe, k: int, need: int, bolts: bool, my_shields: bool) -> list:
        """`_clash_value` for k Units and every foe hp 0..need (at least). A round lowers
        one side or both, so a row needs only itself at lower hp and the rows below; a
        round that changes nothing is folded in. Rows are shared by every fight whose
        strongest k Units roll the same dice."""
        key = (pids[k], foe.key, bolts, my_shields)
        row = self._rows.get(key)
        if row is not None and len(row) > need:
            return row
        row = [(1.0, 1.0, float(k), 0.0, 1.0)]  # the foe has fallen
        lower: dict[int, list] = {}
        for e in range(1, need + 1):
            deal, take = self._transition(clash, foe, "clash", k, e, bolts, my_shields)
            stay = deal.get(0, 0.0) * take.get(0, 0.0)
            if stay > 0.995:  # a stalemate: the fight is called off, nobody wins
                row.append((0.0, 0.0, float(k), float(e), 1.0))
                continue
            scale = 1.0 / (1.0 - stay)
            win = clear = left = hp_left = no_loss = 0.0
            deals = _capped(deal, e)
            for t, pt in _capped(take, k):
                wt = scale * pt
                if t == k:  # we are wiped out (the foe may fall too)
                    for d, pd in deals:
                        if d == e:
                            clear += wt * pd
                        else:
                            hp_left += wt * pd * (e - d)
                    continue
                if t == 0:
                    sub = row
                else:
                    sub = lower.get(t)
                    if sub is None:
                        sub = lower[t] = self._row(clash, pids, foe, k - t, need, bolts, my_shields)
                for d, pd in deals:
                    if d == 0 and t == 0:
                        continue
                    w = wt * pd
                    vw, vc, vl, vh, vn = sub[e - d]
                    win += w * vw
                    clear += w * vc
                    left += w * vl
                    hp_left += w * vh
                    if t == 0:
                        no_loss += w * vn
            row.append((win, clear, left, hp_left, no_loss))
        self._rows[key] = row
        return row

    def _transition(self, mine_dice, foe: Foe, part: str, k: int, e: int, bolts: bool, my_shields: bool):
        fkey = (foe.key, part, e)
        theirs = self._foe_dice.get(fkey)
        if theirs is None:
            theirs = self._foe_dice[fkey] = tuple(sorted(foe.dice(part, e)))
        ours = mine_dice[k]
        if not ours and not theirs:
            return {0: 1.0}, {0: 1.0}
        return self.round_hits(ours, theirs, bolts, my_shields)

    def _step_all(self, dist, dice, foe, part, bolts, my_shields):
        out: dict[tuple[int, int], float] = {}
        for (k, e), p in dist.items():
            if k <= 0 or e <= 0:
                out[(k, e)] = out.get((k, e), 0.0) + p
                continue
            deal, take = self._transition(dice, foe, part, k, e, bolts, my_shields)
            for d, pd in deal.items():
                e2 = max(0, e - d)
                for t, pt in take.items():
                    key = (max(0, k - t), e2)
                    out[key] = out.get(key, 0.0) + p * pd * pt
        return out

_CAPS: dict[tuple[int, int], tuple] = {}


def _capped(dist: Dist, cap: int) -> tuple:
    """(value, chance) pairs with every value above `cap` counted as `cap` (more hits
    than there are Units or hit points change nothing). Cached by the distribution."""
    key = (id(dist), cap)
    got = _CAPS.get(key)
    if got is None or got[0] is not dist:
        out: dict[int, float] = {}
        for v, p in dist.items():
            v = cap if v > cap else v
            out[v] = out.get(v, 0.0) + p
        got = _CAPS[key] = (dist, tuple(sorted(out.items())))
        if len(_CAPS) > 100_000:
            _CAPS.clear()
    return got[1]


def _hits(attack: Dist, shields: Dist, use_bolts: bool) -> Dist:
    """Hits through: Skulls minus the Shields left after Bolts cancel some."""
    out: Dist = {}
    pairs = tuple(shields.items())
    for (s, b), p in attack.items():
        if s == 0:
            out[0] = out.get(0, 0.0) + p
            continue
        for h, q in pairs:
            left = h - b if use_bolts else h
            hit = max(s - left if left > 0 else s, 0)
            out[hit] = out.get(hit, 0.0) + p * q
    return _trim(out)


def _trim(dist: Dist, floor: float = 0.01) -> Dist:
    """Drop outcomes rarer than `floor` (the odds need no more precision) and rescale."""
    kept = {k: p for k, p in dist.items() if p >= floor}
    total = sum(kept.values())
    if total <= 0 or len(kept) == len(dist):
        return dist
    return {k: p / total for k, p in sorted(kept.items())}


_CHAINS: dict[int, tuple[object, QuickChain]] = {}


def _chain(cat) -> QuickChain:
    """One QuickChain per catalog (its caches outlive a call, a game and a bot)."""
    got = _CHAINS.get(id(cat))
    if got is None or got[0] is not cat:
        got = _CHAINS[id(cat)] = (cat, QuickChain(cat))
    return got[1]
