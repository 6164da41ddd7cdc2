"""The heuristic bot's Quests and Build choices. A part of HeuristicBot (``bot.economy``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.rules.economy import parse_pay, payments
from . import values
from .heuristic_fight import odds_for
from .memo import Memo

if TYPE_CHECKING:
    from .decision_view import View

PAY_WEIGHT = {"salt": 1.0, "plunder": 1.15, "food": 1.3}
QUEST_CHANCE = 0.4  # attempt a Quest at this success chance or better
ARCHER = 3.5  # an archer shoots in Archery and Clash
LAST_BUILD = 3.0  # in the last Chapter, a Unit must score this (else keep the resources for VP)
ELITE_SPARE = 6  # resources left after an elite Unit, or buy a basic one
SPEND = 0.4  # how much a resource spent on a Unit weighs against its strength
QUEST_AP = 0.3  # what the AP of a Quest must win back (VP)


def p_total(v) -> int:
    return v.p.salt + v.p.plunder + v.p.food


class Economy:
    """Quests by their odds, the Units and Defenses built, the way each cost is paid."""
    def __init__(self, bot):
        self.bot = bot
        self.memo = Memo()
        self.quest_cache: dict[tuple, list] = {}  # Quest odds, by Hero and offer
        self.quest_plan: dict[str, tuple[str, str | None]] = {}  # actor -> (quest id, guile option)
        self.build_danger: dict[tuple, set[str]] = {}  # threatened Havens, once per Build

    def quest_pool(self, v: View, qid: str) -> tuple[float, str | None]:
        """Best success chance for quest `qid` now, and the Guile split that gives it."""
        p, cat, st = v.p, v.cat, v.table
        q = cat.quests[qid]
        h = st.hexes[p.hero_hex]
        terrain = None if (h.curse or not h.explored) else cat.hexes[h.tile].terrain
        met = tuple(b.when == "always" or (b.when == "terrain" and terrain == b.terrain)
                    or (b.when == "curse" and h.curse) or (b.when == "sea_tower" and v.board.is_sea_tower(h.id))
                    or (b.when == "haven" and h.haven == p.faction) for b in q.bonus)
        key = ("quest", qid, p.might, p.magic, p.leadership, p.guile, met)
        memo = odds_for(cat).memo  # per catalog, kept across games
        got = memo.get(key)
        if got is None:
            got = memo[key] = self._quest_pool(v, q, met)
        return got

    def _quest_pool(self, v: View, q, met: tuple[bool, ...]) -> tuple[float, str | None]:
        p = v.p
        goals = tuple((g.symbol, g.count) for g in q.goals)
        base = ["red"] * p.might + ["purple"] * p.magic + ["blue"] * p.leadership
        for b, ok in zip(q.bonus, met):
            if ok:
                base += list(b.dice) + [self.best_colour(goals)] * b.any_die
        best = (-1.0, None)
        for y in range(p.guile + 1):
            pool = base + ["white"] * (p.guile - y) + ["yellow"] * y
            chance = self.bot.dice.quest_chance(pool, goals, q.threshold)
            if chance > best[0]:
                best = (chance, f"guile:{p.guile - y}w{y}y" if p.guile else None)
        return best

    def best_colour(self, goals) -> str:
        def value(c: str) -> float:
            return sum(getattr(self.bot.dice.stats[c], sym) / n for sym, n in goals)
        return max(self.bot.dice.stats, key=lambda c: (value(c), c))

    def quest_worth(self, v: View, qid: str, chance: float) -> float:
        """Expected VP of attempting a Quest: its solve effect and, roughly, its goal
        rewards if solved; its failure effect otherwise."""
        q = v.cat.quests[qid]
        st = v.table
        solved = values.effect_worth(st, q.solve)
        goals = sum(values.effect_worth(st, g.reward) for g in q.goals) * 0.5
        failed = values.effect_worth(st, q.fail)
        return chance * (solved + goals) + (1 - chance) * failed

    def quest_options(self, v: View):
        """(worth, chance, option, quest, Guile split) for each Quest on offer."""
        p, st = v.p, v.table
        h = st.hexes[p.hero_hex]
        terrain = None if (h.curse or not h.explored) else v.cat.hexes[h.tile].terrain
        key = (p.faction, tuple(st.quest_offer), p.might, p.magic, p.leadership, p.guile, terrain, h.curse,
               h.haven == p.faction, v.board.is_sea_tower(h.id), st.chapter, st.curse_reserve < 9, p.ap > 0)
        got = self.quest_cache.get(key)
        if got is None:
            got = []
            for oid in v.with_prefix("quest:"):
                qid = oid.split(":", 1)[1]
                if qid not in v.cat.quests:
                    continue
                chance, guile = self.quest_pool(v, qid)
                got.append((self.quest_worth(v, qid, chance), chance, oid, qid, guile))
            if len(self.quest_cache) > 5000:
                self.quest_cache.clear()
            self.quest_cache[key] = got
        return got

    def best_quest(self, v: View):
        """(worth, option) of the best Quest to attempt, or None; remembers the Guile split."""
        if v.p is None or v.p.ap < 1 or not v.table.quest_offer:
            return None
        opts = [o for o in self.quest_options(v) if o[1] >= QUEST_CHANCE]
        if not opts:
            return None
        best = max(opts, key=lambda o: (o[0], o[2]))
        self.quest_plan[v.p.faction] = (best[3], best[4])
        return best[0] - QUEST_AP, best[2]

    def on_choose_quest(self, v: View) -> str | None:
        opts = self.quest_options(v) if v.p is not None else []
        if not opts:
            return None
        best = max(opts, key=lambda o: (o[0], o[2]))
        self.quest_plan[v.p.faction] = (best[3], best[4])
        return best[2]

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
        guile = v.with_prefix("guile:")
        return guile[-1] if guile else None  # all yellow: Skulls

    def on_die_colour(self, v: View) -> str | None:
        plan = self.quest_plan.get(v.d.actor)
        if plan and v.table.phase == "actions" and plan[0] in v.cat.quests and v.d.prompt.startswith("Quest"):
            goals = tuple((g.symbol, g.count) for g in v.cat.quests[plan[0]].goals)
            return v.pick(f"colour:{self.best_colour(goals)}")
        return self.strongest_colour(v)

    def strongest_colour(self, v: View) -> str | None:
        return v.pick(*(f"colour:{c}" for c in self.bot.dice.strength_order))

    # ------------------------------------------------------------------ build
    def reserves(self, v: View) -> dict[str, int]:
        p, st = v.p, v.table
        if st.phase == "scoring" or p is None:
            return {"salt": 0, "plunder": 0, "food": 0}
        plunder = v.cat.factions[p.faction].haven_cost if p.havens_in_supply > 0 else 0
        return {"salt": 0, "plunder": plunder, "food": 1}

    def pay_score(self, v: View, way: dict[str, int]) -> float:
        p = v.p
        keep = self.reserves(v)
        score = 0.0
        for r, n in way.items():
            left = getattr(p, r) - n
            score += n * PAY_WEIGHT[r] + 10 * max(0, keep[r] - left) - 0.01 * left
        return score

    def affordable_way(self, v: View, costs) -> dict[str, int] | None:
        """The cheapest way to pay one of `costs` that keeps the reserves; None if none does."""
        keep = self.reserves(v)
        p = v.p
        key = ("way", id(costs), p.salt, p.plunder, p.food, keep["plunder"], keep["food"])
        memo = odds_for(v.cat).memo
        if key in memo:
            return memo[key]
        ok = [w for w in payments(p, costs) if all(getattr(p, r) - n >= keep[r] for r, n in w.items())]
        got = memo[key] = min(ok, key=lambda w: self.pay_score(v, w)) if ok else None
        return got

    def on_build(self, v: View) -> str | None:
        p = v.p
        if p is None:
            return "done"
        card = self.bot.cards.action_card(v)  # one-shot build cards (place a Unit, ...)
        if card:
            return card
        havens = self.bot.own_havens(v)
        key = (p.faction, v.table.chapter, tuple(havens))
        danger = self.build_danger.get(key)
        if danger is None:  # once per Build: the Units we place hardly change the forecast
            danger = self.build_danger[key] = {h for h in havens if self.bot.threatened(v, h)}
        return self.build_defence(v, havens, danger) or self.build_unit(v, danger) or "done"

    def build_defence(self, v: View, havens: list[str], danger: set[str]) -> str | None:
        """A Tower and a Wall on each Haven under threat that has Units to man them."""
        p = v.p
        spare = p.plunder - self.reserves(v)["plunder"]
        for hid in sorted(danger):
            if spare >= 1 and v.table.hexes[hid].unit_count > 0:
                pick = v.pick(f"tower:{hid}", f"wall:{hid}")
                if pick:
                    return pick
        return None

    def build_unit(self, v: View, danger: set[str]) -> str | None:
        """The strongest Unit we can afford while keeping the reserves, where it is most needed."""
        st, cat = v.table, v.cat
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
            if u.grade == "elite" and p_total(v) - spent < ELITE_SPARE:
                continue
            score = self.unit_score(v, u, st.hexes[hid], hid in danger, spent)
            if best is None or score > best[0]:
                best = (score, oid, way)
        if best is None or (st.chapter == st.chapters and best[0] < LAST_BUILD):
            return None
        self.remember_payment(v, best[2])
        return best[1]

    def unit_score(self, v: View, u, h, danger: bool, spent: int) -> float:
        """How much we want this Unit on this Haven: a strong die (an archer's counts
        more), a Haven under threat, few Units there yet, a low price."""
        strength = self.bot.dice.strength(u.die) * (ARCHER if u.type == "archer" else 1.0)
        return 3.0 * danger - h.unit_count + strength - SPEND * spent

    def on_pay(self, v: View) -> str | None:
        p = v.p
        if p is not None:  # the way chosen when the Unit was picked, if it is still on offer
            key = ("paid", p.salt, p.plunder, p.food)
            way = self.memo.map.get(key)
            if way is not None and way in v.idset:
                return way
        best = None
        for oid in v.with_prefix("pay:"):
            way = parse_pay(oid[4:])
            if way is None:
                continue
            s = self.pay_score(v, way)
            if best is None or s < best[0]:
                best = (s, oid)
        return best[1] if best else None

    def remember_payment(self, v: View, way: dict[str, int]) -> None:
        p = v.p
        self.memo.map[("paid", p.salt, p.plunder, p.food)] = f"pay:s{way['salt']}p{way['plunder']}f{way['food']}"
