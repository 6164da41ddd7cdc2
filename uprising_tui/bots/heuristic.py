"""The heuristic bot: plays sensibly and fast.

It reads the live game (``game.state``, ``game.cat``, ``game.board``,
``game.ctx``) strictly read-only, never copies it, and answers each Decision
kind with a small function. Unknown kinds fall back to a safe default. Every
answer is checked against the Decision's options before it is returned.

Strategy in brief:

* Build: basic Units on Havens while keeping 1 Food and the next Haven's
  Plunder in reserve; Towers/Walls on threatened Havens when rich.
* Turn: Haven > Explore > a Command it expects to win > a Quest with a fair
  chance > an affordable Item with spare Salt > a one-shot card > walk the
  Hero towards the nearest unexplored hex or Haven site > end / Trade AP.
* Combat: cards when offered, Bolts cancel Shields (else Druid Godpowers),
  damage to the cheapest Units.
* Nemesis choices it must make for the table: pieces far from the Havens.
* Scoring: 5 resources → 1 VP in the last Chapter only, to the player with
  the fewest VP.
"""
from __future__ import annotations

import math
import random
from collections import deque
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

from ..engine.actions import haven as haven_action
from ..engine.economy import payments
from ..engine.units import HEX_LIMIT, unit_value

SYMBOLS = ("skull", "shield", "bolt")
ATTR_DIE = {"might": "red", "magic": "purple", "leadership": "blue"}
PAY_WEIGHT = {"salt": 1.0, "plunder": 1.15, "food": 1.3}
QUEST_CHANCE = 0.4  # attempt a Quest at this success chance or better
WIN_MARGIN = 1.0  # Units expected to survive a Command for it to count as a win
MAX_ROUNDS = 8


# --------------------------------------------------------------------------- dice maths
@dataclass(frozen=True, slots=True)
class DieStats:
    skull: float
    shield: float
    bolt: float


class Dice:
    """Expected symbols per die colour, and exact Quest chances, for one catalog."""

    def __init__(self, cat):
        self.stats: dict[str, DieStats] = {}
        faces: list[tuple[str, tuple[tuple[float, tuple[int, int, int]], ...]]] = []
        for colour, die in cat.dice.items():
            n = len(die.faces)
            self.stats[colour] = DieStats(*(sum(f.count(s) for f in die.faces) / n for s in SYMBOLS))
            dist: dict[tuple[int, int, int], float] = {}
            for f in die.faces:
                key = tuple(f.count(s) for s in SYMBOLS)
                dist[key] = dist.get(key, 0.0) + 1 / n
            faces.append((colour, tuple(sorted(dist.items()))))
        self.sk = {c: st.skull for c, st in self.stats.items()}
        self.sh = {c: st.shield for c, st in self.stats.items()}
        self.bo = {c: st.bolt for c, st in self.stats.items()}
        self.faces_key = tuple(sorted(faces))
        self.strength_order = tuple(cat.strength_order)

    def expect(self, colours, symbol: str) -> float:
        table = self.sk if symbol == "skull" else self.sh if symbol == "shield" else self.bo
        return sum(table.get(c, 0.0) for c in colours)

    def strength(self, colour: str) -> float:
        """How much a Unit rolling this die is worth in a fight."""
        return self.sk.get(colour, 0.0) + 0.5 * self.sh.get(colour, 0.0)

    def quest_chance(self, pool, goals, threshold: int) -> float:
        return _quest_chance(self.faces_key, tuple(sorted(pool)), tuple(goals), threshold)


@lru_cache(maxsize=8192)
def _quest_chance(faces_key, pool: tuple[str, ...], goals: tuple[tuple[str, int], ...], threshold: int) -> float:
    """Exact chance that rolling `pool` meets at least `threshold` of `goals` (symbol, count)."""
    faces = dict(faces_key)
    caps = [0, 0, 0]
    for sym, n in goals:
        i = SYMBOLS.index(sym)
        caps[i] = max(caps[i], n)
    dist: dict[tuple[int, int, int], float] = {(0, 0, 0): 1.0}
    for colour in pool:
        nxt: dict[tuple[int, int, int], float] = {}
        for (a, b, c), pr in dist.items():
            for (s, h, o), q in faces[colour]:
                key = (min(a + s, caps[0]), min(b + h, caps[1]), min(c + o, caps[2]))
                nxt[key] = nxt.get(key, 0.0) + pr * q
        dist = nxt
    total = 0.0
    for counts, pr in dist.items():
        met = sum(1 for sym, n in goals if counts[SYMBOLS.index(sym)] >= n)
        if met >= threshold:
            total += pr
    return total


# --------------------------------------------------------------------------- combat estimate
class Foe:
    """An enemy group as the estimate sees it: hit points, VP for destroying it,
    and its expected (Skulls, Shields) for a part of combat at a given strength."""
    __slots__ = ("key", "hp", "vp", "dice", "skip_archery", "no_shields", "_memo")

    def __init__(self, key: str, hp: float, vp: int, dice: Callable[[str, int], list[str]], *,
                 skip_archery: bool = False, no_shields: bool = False):
        self.key = key  # what it is ('garrisons', a card id, ...): with hp, names its strength
        self.hp = hp
        self.vp = vp
        self.dice = dice  # (part, hp) -> colours
        self.skip_archery = skip_archery
        self.no_shields = no_shields  # our Shields do not count
        self._memo: dict[tuple[str, int], tuple[float, float]] = {}

    def expect(self, dice: "Dice", part: str, hp: int) -> tuple[float, float]:
        key = (part, hp)
        got = self._memo.get(key)
        if got is None:
            colours = self.dice(part, hp)
            got = self._memo[key] = (dice.expect(colours, "skull"), dice.expect(colours, "shield"))
        return got


def _ceil(x: float) -> int:
    return max(0, math.ceil(x - 1e-9))


def estimate_fight(dice: Dice, mine: list[tuple[str, bool]], foes: list[Foe]) -> float:
    """Expected Units left after fighting `foes` one after another (<= 0: we lose).

    `mine` is (die colour, shoots in Archery) per Unit, strongest first; hits
    take the weakest Units first. Expected values only: quick, rough, monotone.
    """
    # prefix sums: expected (skull, shield, bolt) of the first k Units, per part
    sums = {"archery": [(0.0, 0.0, 0.0)], "clash": [(0.0, 0.0, 0.0)]}
    for colour, archer in mine:
        e = (dice.sk.get(colour, 0.0), dice.sh.get(colour, 0.0), dice.bo.get(colour, 0.0))
        for part in ("archery", "clash"):
            a, b, c = sums[part][-1]
            if part == "clash" or archer:
                sums[part].append((a + e[0], b + e[1], c + e[2]))
            else:
                sums[part].append((a, b, c))
    hp = float(len(mine))
    for foe in foes:
        ehp = float(foe.hp)
        rounds = MAX_ROUNDS if foe.skip_archery else MAX_ROUNDS + 1
        for r in range(rounds):
            if hp <= 0 or ehp <= 0:
                break
            part = "clash" if (r > 0 or foe.skip_archery) else "archery"
            my_sk, my_sh, my_bo = sums[part][min(_ceil(hp), len(mine))]
            en_sk, en_sh = foe.expect(dice, part, _ceil(ehp))
            if foe.no_shields:
                my_sh = 0.0
            on_them = my_sk - en_sh + my_bo if en_sh > my_bo else my_sk
            if on_them < 0:
                on_them = 0.0
            on_us = en_sk - my_sh
            ehp -= on_them
            if on_us > 0:
                hp -= on_us
            if part == "clash" and on_them <= 0.05:
                return -1.0  # a stalemate we cannot break
        if ehp > 0:
            return min(hp, 0.0) - 1.0
    return hp


# --------------------------------------------------------------------------- the bot
class View:
    """What one decision needs: the game, its parts and the acting player."""
    __slots__ = ("game", "d", "st", "cat", "board", "ctx", "ids", "p", "reach", "enemy_hexes")

    def __init__(self, game, decision):
        self.game = game
        self.d = decision
        self.st = game.state
        self.cat = game.cat
        self.board = game.board
        self.ctx = game.ctx
        self.ids = decision.ids()
        self.p = next((q for q in self.st.players if q.faction == decision.actor), None)
        self.reach: dict[str, list[str]] | None = None
        self.enemy_hexes: list[str] | None = None

    def pick(self, *candidates: str | None) -> str | None:
        for c in candidates:
            if c is not None and c in self.ids:
                return c
        return None

    def with_prefix(self, prefix: str) -> list[str]:
        return [i for i in self.ids if i.startswith(prefix)]


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)  # reserved for tie-breaks; the strategy is deterministic
        self._dice: Dice | None = None
        self._dice_cat = None
        self.plans: dict[str, tuple[str, list[tuple[str, str]]]] = {}  # actor -> (target, brings)
        self.quest_plan: dict[str, tuple[str, str | None]] = {}  # actor -> (quest id, guile option)
        self.card_uses: dict[tuple, int] = {}
        self._fights: dict[tuple, float] = {}

    # ------------------------------------------------------------------ entry point
    def choose(self, game, decision) -> str:
        v = View(game, decision)
        if self._dice_cat is not game.cat:
            self._dice, self._dice_cat = Dice(game.cat), game.cat
        handler = HANDLERS.get(decision.kind)
        pick = handler(self, v) if handler is not None else None
        if pick is None or pick not in v.ids:
            pick = self.fallback(v)
        return pick

    def fallback(self, v: View) -> str:
        if v.d.kind.startswith("place_") or v.d.kind in ENEMY_HEX_KINDS:
            far = self.far_from_havens(v)
            if far:
                return far
        return v.ids[0]

    @property
    def dice(self) -> Dice:
        assert self._dice is not None
        return self._dice

    # ------------------------------------------------------------------ map helpers
    def all_havens(self, v: View) -> list[str]:
        return [h.id for h in v.st.hexes.values() if h.haven]

    def own_havens(self, v: View, faction: str | None = None) -> list[str]:
        fac = faction or v.d.actor
        return [h.id for h in v.st.hexes.values() if h.haven == fac]

    def dist_to_set(self, v: View, hid: str, targets: list[str]) -> int:
        if not targets:
            return 99
        return min(v.board.hex_distance(hid, t) for t in targets)

    def threatened(self, v: View, hid: str) -> bool:
        """Enemies within 2 hexes, or a Legion whose Target this is."""
        st = v.st
        for card in st.legions.values():
            if card.target == hid:
                return True
        if v.enemy_hexes is None:
            v.enemy_hexes = [h.id for h in st.hexes.values() if h.legions or h.hordes or h.skeletons]
        dist = v.board.hex_distance
        return any(dist(e, hid) <= 2 for e in v.enemy_hexes)

    def hex_choice(self, v: View, score) -> str | None:
        """The best `hex:<id>` option by `score(hid)` (highest; ties by id)."""
        best = None
        for oid in v.ids:
            if not oid.startswith("hex:"):
                continue
            s = score(oid[4:])
            if best is None or s > best[0]:
                best = (s, oid)
        return best[1] if best else None

    def far_from_havens(self, v: View) -> str | None:
        havens = self.all_havens(v)
        return self.hex_choice(v, lambda h: self.dist_to_set(v, h, havens))

    # ------------------------------------------------------------------ turn
    def on_turn(self, v: View) -> str | None:
        if "haven" in v.ids:
            return "haven"
        if "explore" in v.ids:
            return "explore"
        return (self.best_command(v) or self.move_toward_goal(v, havens_only=True) or self.best_quest(v)
                or self.best_market(v) or self.action_card(v) or self.move_toward_goal(v)
                or v.pick("end", "trade:ap"))

    def action_card(self, v: View) -> str | None:
        for oid in v.with_prefix("card:"):
            use = self.card_use(v, oid[5:])
            if use is not None and use.cost != "none":
                return oid
        return None

    def card_use(self, v: View, cid: str):
        d = v.cat.feats.get(cid) or v.cat.items.get(cid)
        if d is not None:
            return d.use
        q = v.cat.quests.get(cid)
        return q.ongoing if q is not None else None

    # ---- hero movement
    def move_toward_goal(self, v: View, havens_only: bool = False) -> str | None:
        """One step towards the nearest hex where the Hero can build a Haven (when it
        can pay) or, unless `havens_only`, explore; only if it can get there and act."""
        p = v.p
        if p is None or p.ap < 2 or not v.with_prefix("move:"):
            return None
        st, board = v.st, v.board
        cost = v.cat.factions[p.faction].haven_cost
        want_haven = p.havens_in_supply > 0 and p.plunder >= cost
        if havens_only and not want_haven:
            return None

        def goal(hid: str) -> bool:
            h = st.hexes[hid]
            if not h.explored:
                return not h.curse and not havens_only
            return want_haven and haven_action.can_build(v.ctx, p, hid)

        start = p.hero_hex
        first: dict[str, str | None] = {start: None}
        queue = deque([(start, 0)])
        while queue:
            hid, dist = queue.popleft()
            if dist >= p.ap - 1:
                continue
            for n in board.hero_adjacent(hid):
                if n in first:
                    continue
                first[n] = n if hid == start else first[hid]
                if goal(n):
                    return v.pick(f"move:{first[n]}")
                queue.append((n, dist + 1))
        return None

    # ---- Command
    def best_command(self, v: View) -> str | None:
        p = v.p
        if p is None:
            return None
        best = None
        hexes = v.st.hexes
        reach = self.unit_reach(v)
        for oid in v.ids:
            if not oid.startswith("command:"):
                continue
            hid = oid[8:]
            h = hexes.get(hid)
            if h is None or hid not in reach or not (h.garrisons or h.skeletons or h.legions or h.hordes):
                continue
            plan = self.plan_attack(v, hid)
            if plan is None:
                continue
            score, brings = plan
            if best is None or score > best[0]:
                best = (score, oid, hid, brings)
        if best is None:
            return None
        _, oid, hid, brings = best
        self.plans[p.faction] = (hid, brings)
        return oid

    def fight(self, mine: tuple[tuple[str, bool], ...], foes: list[Foe]) -> float:
        """estimate_fight, remembered: the same matches come up turn after turn."""
        key = (mine, tuple((f.key, f.hp) for f in foes))
        got = self._fights.get(key)
        if got is None:
            if len(self._fights) > 50_000:
                self._fights.clear()
            got = self._fights[key] = estimate_fight(self.dice, list(mine), foes)
        return got

    def unit_reach(self, v: View) -> dict[str, list[str]]:
        """For each hex, the acting player's hexes whose Units could step into it
        (computed once per Decision)."""
        if v.reach is None:
            reach: dict[str, list[str]] = {}
            fac = v.d.actor
            for h in v.st.hexes.values():
                if h.owner == fac and h.units:
                    for n in v.board.unit_adjacent(h.id):
                        if n != h.id:
                            reach.setdefault(n, []).append(h.id)
            v.reach = reach
        return v.reach

    def foes_on(self, v: View, hid: str) -> list[Foe]:
        st, cat = v.st, v.cat
        h = st.hexes[hid]
        foes: list[Foe] = []
        if h.garrisons:
            levels = cat.garrison_levels

            def gdice(part: str, hp: int) -> list[str]:
                if hp <= 0:
                    return []
                lvl = levels[min(hp, len(levels)) - 1]
                return list(lvl.archery if part == "archery" else lvl.clash)
            foes.append(Foe("garrisons", len(h.garrisons), len(h.garrisons), gdice))
        for cid in h.legions:
            foes.append(self.card_foe(v, cid, hid))
        if h.skeletons:
            die = cat.skeleton_die
            foes.append(Foe("skeletons", h.skeletons, h.skeletons, lambda part, hp: [die] * hp if part == "clash" else []))
        for cid in h.hordes:
            foes.append(self.card_foe(v, cid, hid))
        if h.role == "capital" and not h.capital_fallen and v.st.legion_deck:
            # clearing the Capital calls a fresh Legion: assume an average one
            foes.append(Foe("new_legion", 4, 5, lambda part, hp: ["white", "white"] if part == "archery"
                            else ["red", "red", "yellow", "white"][:max(hp, 1)]))
        return foes

    def card_foe(self, v: View, cid: str, hid: str) -> Foe:
        spec = v.cat.nemesis(cid)
        card = v.st.nem(cid)
        threat = card.threat if card is not None else 1
        extra_arch: list[str] = []
        extra_clash: list[str] = []
        kinds = set()
        for ab in spec.abilities:
            kinds.add(ab.kind)
            if ab.kind == "extra_dice" and ab.condition == "none" and ab.terrain is None and ab.colour != "all":
                for part in ab.parts:
                    (extra_arch if part == "archery" else extra_clash).extend([ab.colour] * ab.count)

        def cdice(part: str, hp: int) -> list[str]:
            row = spec.dice.get(max(1, min(hp, spec.max_threat)))
            if row is None:
                return []
            if part == "archery":
                return list(row.archery) + extra_arch
            return list(row.clash) + extra_clash
        return Foe(cid, threat, spec.destroyed_vp, cdice, skip_archery="skip_archery" in kinds,
                   no_shields="no_enemy_shields" in kinds)

    def plan_attack(self, v: View, hid: str) -> tuple[float, list[tuple[str, str]]] | None:
        """Which Units to bring into `hid`, and how good the fight looks; None: do not."""
        st, cat = v.st, v.cat
        p = v.p
        h = st.hexes[hid]
        if not (h.garrisons or h.skeletons or h.legions or h.hordes):
            return None
        foes = self.foes_on(v, hid)
        room = HEX_LIMIT - h.unit_count
        pool = []  # (strength, src, unit, die, archer)
        for src in self.unit_reach(v).get(hid, ()):
            for unit, n in sorted(st.hexes[src].units.items()):
                u = cat.units[unit]
                pool.extend([(self.dice.strength(u.die), src, unit, u.die, u.type == "archer")] * n)
        if not pool:
            return None
        pool.sort(key=lambda t: (-t[0], t[1], t[2]))
        left_per_src: dict[str, int] = {}
        for t in pool:
            left_per_src[t[1]] = left_per_src.get(t[1], 0) + 1
        vp = sum(f.vp for f in foes) + (5 if h.role == "capital" and not h.capital_fallen else 0)
        need = WIN_MARGIN + (2.0 if h.role == "capital" else 0.0)
        tried = None
        for guarded in (True, False):
            chosen = []
            taken: dict[str, int] = {}
            for t in pool:
                if len(chosen) >= room:
                    break
                src = t[1]
                if guarded and st.hexes[src].haven == p.faction and taken.get(src, 0) + 1 >= left_per_src[src]:
                    continue  # leave one Unit on each Haven
                taken[src] = taken.get(src, 0) + 1
                chosen.append(t)
            if not chosen or chosen == tried:
                continue
            tried = chosen
            left = self.fight(tuple((t[3], t[4]) for t in chosen), foes)
            if left >= need:
                score = vp * 2 + left - 0.2 * len(chosen) + (0.5 if guarded else 0.0)
                return score, [(t[1], t[2]) for t in chosen]
        return None

    def on_command_units(self, v: View) -> str | None:
        plan = self.plans.get(v.d.actor)
        brings = plan[1] if plan else []
        while brings:
            src, unit = brings[0]
            brings.pop(0)
            oid = f"bring:{src}:{unit}"
            if oid in v.ids:
                return oid
        if "done" in v.ids:
            return "done"
        return (v.with_prefix("bring:") or [None])[0] or v.pick("hero")

    # ---- Quests
    def quest_pool(self, v: View, qid: str) -> tuple[float, str | None]:
        """Best success chance for quest `qid` now, and the Guile split that gives it."""
        p, cat, st = v.p, v.cat, v.st
        q = cat.quests[qid]
        goals = tuple((g.symbol, g.count) for g in q.goals)
        base = ["red"] * p.might + ["purple"] * p.magic + ["blue"] * p.leadership
        h = st.hexes[p.hero_hex]
        terrain = None if (h.curse or not h.explored) else cat.hexes[h.tile].terrain
        for b in q.bonus:
            met = (b.when == "always" or (b.when == "terrain" and terrain == b.terrain)
                   or (b.when == "curse" and h.curse) or (b.when == "sea_tower" and v.board.is_sea_tower(h.id))
                   or (b.when == "haven" and h.haven == p.faction))
            if met:
                base += list(b.dice) + [self.best_colour(goals)] * b.any_die
        best = (-1.0, None)
        for y in range(p.guile + 1):
            pool = base + ["white"] * (p.guile - y) + ["yellow"] * y
            chance = self.dice.quest_chance(pool, goals, q.threshold)
            if chance > best[0]:
                best = (chance, f"guile:{p.guile - y}w{y}y" if p.guile else None)
        return best

    def best_colour(self, goals) -> str:
        def value(c: str) -> float:
            return sum(getattr(self.dice.stats[c], sym) / n for sym, n in goals)
        return max(self.dice.stats, key=lambda c: (value(c), c))

    def best_quest(self, v: View, threshold: float = QUEST_CHANCE) -> str | None:
        if v.p is None:
            return None
        best = None
        for oid in v.with_prefix("quest:"):
            qid = oid.split(":", 1)[1]
            if qid not in v.cat.quests:
                continue
            chance, guile = self.quest_pool(v, qid)
            if chance >= threshold and (best is None or chance > best[0]):
                best = (chance, oid, qid, guile)
        if best is None:
            return None
        self.quest_plan[v.p.faction] = (best[2], best[3])
        return best[1]

    def on_choose_quest(self, v: View) -> str | None:
        return self.best_quest(v, threshold=-1.0)

    def on_quest_failure(self, v: View) -> str | None:
        """Whose failure effect resolves: the Quest whose failure does the least."""
        def harm(oid: str) -> float:
            q = v.cat.quests.get(oid.split(":", 1)[1])
            if q is None:
                return 99.0
            return sum(getattr(op, "amount", 1) or 1 for op in q.fail if op.op != "keep_quest")
        quests = v.with_prefix("quest:")
        return min(quests, key=lambda o: (harm(o), o)) if quests else None

    def on_guile(self, v: View) -> str | None:
        plan = self.quest_plan.get(v.d.actor)
        if plan and plan[1] in v.ids:
            return plan[1]
        return v.ids[-1]  # all yellow: Skulls

    def on_die_colour(self, v: View) -> str | None:
        plan = self.quest_plan.get(v.d.actor)
        if plan and v.st.phase == "actions" and plan[0] in v.cat.quests and v.d.prompt.startswith("Quest"):
            goals = tuple((g.symbol, g.count) for g in v.cat.quests[plan[0]].goals)
            return v.pick(f"colour:{self.best_colour(goals)}")
        return self.strongest_colour(v)

    def strongest_colour(self, v: View) -> str | None:
        return v.pick(*(f"colour:{c}" for c in self.dice.strength_order))

    # ---- Market
    def best_market(self, v: View) -> str | None:
        p = v.p
        if p is None or len(p.feats) + len(p.items) >= 9:
            return None
        best = None
        for oid in v.with_prefix("market:"):
            iid = oid.split(":", 1)[1]
            item = v.cat.items.get(iid)
            if item is None:
                continue
            price = item.cost - (1 if v.board.is_sea_tower(p.hero_hex) else 0)
            if p.salt - price >= 3 and (best is None or item.cost > best[0]):
                best = (item.cost, oid)
        return best[1] if best else None

    # ------------------------------------------------------------------ build
    def reserves(self, v: View) -> dict[str, int]:
        p, st = v.p, v.st
        if st.phase == "scoring" or p is None:
            return {"salt": 0, "plunder": 0, "food": 0}
        plunder = v.cat.factions[p.faction].haven_cost if p.havens_in_supply > 0 else 0
        return {"salt": 0, "plunder": plunder, "food": 1}

    def pay_score(self, v: View, way: dict[str, int]) -> float:
        p = v.p
        keep = self.reserves(v)
        score = 0.0
        for r, n in way.items():
            left = p.res(r) - n
            score += n * PAY_WEIGHT[r] + 10 * max(0, keep[r] - left) - 0.01 * left
        return score

    def affordable_way(self, v: View, costs) -> dict[str, int] | None:
        """The cheapest way to pay one of `costs` that keeps the reserves; None if none does."""
        keep = self.reserves(v)
        ok = [w for w in payments(v.p, costs) if all(v.p.res(r) - n >= keep[r] for r, n in w.items())]
        return min(ok, key=lambda w: self.pay_score(v, w)) if ok else None

    def on_build(self, v: View) -> str | None:
        p, st, cat = v.p, v.st, v.cat
        if p is None:
            return "done"
        card = self.action_card(v)  # one-shot build cards (place a Unit, ...)
        if card:
            return card
        havens = self.own_havens(v)
        danger = [h for h in havens if self.threatened(v, h)]
        keep = self.reserves(v)
        rich = p.plunder >= keep["plunder"] + 3
        for hid in danger:
            if rich and f"tower:{hid}" in v.ids:
                return f"tower:{hid}"
            if rich and f"wall:{hid}" in v.ids:
                return f"wall:{hid}"
        total = p.salt + p.plunder + p.food
        best = None
        ways: dict[str, dict[str, int] | None] = {}
        for oid in v.with_prefix("build:"):
            _, unit, hid = oid.split(":")
            u = cat.units[unit]
            if unit not in ways:
                ways[unit] = self.affordable_way(v, u.costs)
            way = ways[unit]
            if way is None:
                continue
            spent = sum(way.values())
            if u.grade == "elite" and total - spent < 6:
                continue
            h = st.hexes[hid]
            strength = self.dice.strength(u.die)
            score = (hid in danger) * 3 - h.unit_count + strength - 0.4 * spent
            if best is None or score > best[0]:
                best = (score, oid)
        return best[1] if best else "done"

    def on_pay(self, v: View) -> str | None:
        best = None
        for oid in v.with_prefix("pay:"):
            way = parse_pay(oid[4:])
            if way is None:
                continue
            s = self.pay_score(v, way)
            if best is None or s < best[0]:
                best = (s, oid)
        return best[1] if best else None

    def on_keep_feat(self, v: View) -> str | None:
        best = None
        for oid in v.ids:
            fid = oid.split(":", 1)[1]
            feat = v.cat.feats.get(fid)
            if feat is None:
                continue
            ops = {op.op for op in feat.effect}
            score = (3 if "gain_attribute" in ops else 2 if feat.use.when == "combat" else 1)
            score += 0.5 if feat.use.cost == "flip" or feat.use.limit != "none" else 0
            if best is None or score > best[0]:
                best = (score, oid)
        return best[1] if best else None

    def on_gain_attribute(self, v: View) -> str | None:
        p = v.p
        if p is None:
            return None
        order = sorted(("might", "magic", "leadership"), key=lambda a: (p.attr(a), a))
        return v.pick(*(f"attr:{a}" for a in order))

    def on_gain_choice(self, v: View) -> str | None:
        p = v.p
        if p is None:
            return None
        order = sorted(("plunder", "food", "salt"), key=lambda r: p.res(r))
        return v.pick(*(f"res:{r}" for r in order))

    def on_discard(self, v: View) -> str | None:
        """Over the card limit / discard a Feat: the cheapest Item, else the weakest Feat."""
        best = None
        for oid in v.ids:
            cid = oid.split(":", 1)[1]
            item = v.cat.items.get(cid)
            score = item.cost if item is not None else 10
            if best is None or score < best[0]:
                best = (score, oid)
        return best[1] if best else None

    # ------------------------------------------------------------------ combat
    def on_combat_card(self, v: View) -> str | None:
        key_base = (v.st.counter, v.d.actor)
        for oid in v.with_prefix("card:"):
            key = key_base + (oid,)
            if self.card_uses.get(key, 0) < 2:
                self.card_uses[key] = self.card_uses.get(key, 0) + 1
                if len(self.card_uses) > 512:
                    self.card_uses.clear()
                return oid
        return "done"

    def on_quest_card(self, v: View) -> str | None:
        for oid in v.with_prefix("card:"):
            use = self.card_use(v, oid[5:])
            if use is not None and use.cost != "none":
                return oid
        return "done"

    def on_bolt(self, v: View) -> str | None:
        if "bolt:shield" in v.ids:
            return "bolt:shield"
        druids = v.with_prefix("bolt:druid:")
        return druids[0] if druids else "bolt:none"

    def on_assign_damage(self, v: View) -> str | None:
        best = None
        for oid in v.with_prefix("unit:"):
            unit = oid.split(":", 1)[1]
            if unit not in v.cat.units:
                continue
            val = unit_value(v.ctx, unit)
            if best is None or val < best[0]:
                best = (val, oid)
        return best[1] if best else None

    def on_reroll(self, v: View) -> str | None:
        for o in v.d.options:
            if o.id.startswith("die:") and o.label.endswith("blank"):
                return o.id
        return v.pick("done")

    def on_set_die(self, v: View) -> str | None:
        for o in v.d.options:
            if o.label.endswith("blank"):
                return o.id
        return None

    def on_highlands(self, v: View) -> str | None:
        return self.strongest_colour(v)

    # ------------------------------------------------------------------ placements and ties
    def on_place_unit(self, v: View) -> str | None:
        best = None
        for oid in v.with_prefix("unit:"):
            unit = oid.split(":", 1)[1]
            if unit not in v.cat.units:
                continue
            val = unit_value(v.ctx, unit)
            if best is None or val > best[0]:
                best = (val, oid)
        return best[1] if best else None

    def on_place_unit_hex(self, v: View) -> str | None:
        st = v.st
        mine = self.own_havens(v)

        def score(hid: str) -> float:
            h = st.hexes[hid]
            own = h.haven == v.d.actor
            return (2 if own and self.threatened(v, hid) else 0) + own - 0.1 * h.unit_count \
                - 0.01 * self.dist_to_set(v, hid, mine)
        return self.hex_choice(v, score)

    def on_no_haven_hex(self, v: View) -> str | None:
        if v.p is None:
            return None
        return self.hex_choice(v, lambda hid: -v.board.hex_distance(hid, v.p.hero_hex))

    def on_remove_curse(self, v: View) -> str | None:
        havens = self.all_havens(v)
        return self.hex_choice(v, lambda hid: -self.dist_to_set(v, hid, havens))

    def on_remove_haven(self, v: View) -> str | None:
        st, cat = v.st, v.cat

        def score(hid: str) -> float:  # lose the least valuable Haven
            h = st.hexes[hid]
            tile = cat.hexes.get(h.tile)
            worth = (tile.vp * 2 + tile.resources.salt + tile.resources.plunder + tile.resources.food) if tile else 0
            return -(worth + h.unit_count)
        return self.hex_choice(v, score)

    def on_target_haven(self, v: View) -> str | None:
        st = v.st
        return self.hex_choice(v, lambda hid: st.hexes[hid].unit_count + st.hexes[hid].tower + st.hexes[hid].wall)

    def on_target_faction(self, v: View) -> str | None:
        st = v.st

        def strength(fac: str) -> int:
            return sum(h.unit_count for h in st.hexes.values() if h.owner == fac)
        best = max((o for o in v.ids if o.startswith("faction:")), key=lambda o: (strength(o[8:]), o), default=None)
        return best

    def on_place_unit_player(self, v: View) -> str | None:
        return v.pick(f"faction:{v.d.actor}")

    def on_activation_token(self, v: View) -> str | None:
        havens = self.all_havens(v)
        best = None
        for oid in v.with_prefix("card:"):
            card = v.st.nem(oid[5:])
            d = self.dist_to_set(v, card.hex, havens) if card is not None else 0
            if best is None or d > best[0]:
                best = (d, oid)
        return best[1] if best else None

    def on_enemy_hex(self, v: View) -> str | None:
        return self.far_from_havens(v)

    # ------------------------------------------------------------------ scoring
    def on_buy_vp(self, v: View) -> str | None:
        st = v.st
        if st.chapter != st.chapters:
            return "done"
        vp = {q.faction: q.vp for q in st.players}
        opts = [o for o in v.ids if o.startswith("vp:") and o[3:] in vp]
        if not opts:
            return "done"
        return min(opts, key=lambda o: (vp[o[3:]], o))


def parse_pay(text: str) -> dict[str, int] | None:
    """'s2p0f1' -> {'salt': 2, 'plunder': 0, 'food': 1}."""
    try:
        s, rest = text[1:].split("p")
        pl, f = rest.split("f")
        return {"salt": int(s), "plunder": int(pl), "food": int(f)}
    except ValueError:
        return None


ENEMY_HEX_KINDS = frozenset({
    "nemesis_tie", "place_garrison", "place_skeleton", "place_curse", "place_horde", "nemesis_move",
    "skeleton_shortage", "remove_sea_tower",
})

HANDLERS: dict[str, Callable[[HeuristicBot, View], str | None]] = {
    "turn": HeuristicBot.on_turn,
    "command_units": HeuristicBot.on_command_units,
    "build": HeuristicBot.on_build,
    "pay": HeuristicBot.on_pay,
    "buy_vp": HeuristicBot.on_buy_vp,
    "keep_feat": HeuristicBot.on_keep_feat,
    "gain_feat": HeuristicBot.on_keep_feat,
    "gain_attribute": HeuristicBot.on_gain_attribute,
    "gain_choice": HeuristicBot.on_gain_choice,
    "card_limit": HeuristicBot.on_discard,
    "discard_feat": HeuristicBot.on_discard,
    "choose_quest": HeuristicBot.on_choose_quest,
    "guile_dice": HeuristicBot.on_guile,
    "die_colour": HeuristicBot.on_die_colour,
    "quest_card": HeuristicBot.on_quest_card,
    "combat_card": HeuristicBot.on_combat_card,
    "bolt": HeuristicBot.on_bolt,
    "assign_damage": HeuristicBot.on_assign_damage,
    "destroy_choice": HeuristicBot.on_assign_damage,
    "quest_failure": HeuristicBot.on_quest_failure,
    "reroll": HeuristicBot.on_reroll,
    "set_die": HeuristicBot.on_set_die,
    "highlands_die": HeuristicBot.on_highlands,
    "enemy_penalty": lambda bot, v: v.pick("threat"),
    "trade_consent": lambda bot, v: v.pick("yes"),
    "orient": lambda bot, v: v.ids[0],
    "skeleton_order": lambda bot, v: v.ids[0],  # the order Skeletons move in hardly matters
    "place_unit": HeuristicBot.on_place_unit,
    "place_unit_hex": HeuristicBot.on_place_unit_hex,
    "place_unit_player": HeuristicBot.on_place_unit_player,
    "no_haven_hex": HeuristicBot.on_no_haven_hex,
    "remove_curse": HeuristicBot.on_remove_curse,
    "remove_haven": HeuristicBot.on_remove_haven,
    "target_haven": HeuristicBot.on_target_haven,
    "retarget": HeuristicBot.on_target_haven,
    "target_faction": HeuristicBot.on_target_faction,
    "activation_token": HeuristicBot.on_activation_token,
    **{k: HeuristicBot.on_enemy_hex for k in ENEMY_HEX_KINDS},
}
