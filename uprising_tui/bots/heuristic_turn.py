"""The heuristic bot's Actions-Phase turn: every main Action and every Hero step is
given a worth in VP, and the best one is taken. A part of HeuristicBot (``bot.turn``).

* Haven whenever the Hero stands on a site (a Haven scores at every Scoring left).
* Command: the best attack (``heuristic_fight``) or the best reinforcement of a
  Haven the forecast says will be attacked (``heuristic_defence``).
* Explore only where our Units could clear the hex for a Haven this Chapter:
  every Explore also spreads Garrisons and Skeletons that score for the Nemesis.
* Quests by expected worth (a failure usually gives the Nemesis VP), Items with
  spare Salt, one-shot cards.
* Otherwise the Hero walks towards the best site for a Haven or an Explore.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.rules.actions.haven import can_build_on
from ..engine.rules.hex_queries import shows_no_haven
from . import values
from .memo import Memo

if TYPE_CHECKING:
    from .decision_view import View

AP_WORTH = 0.5  # VP an AP spent walking must win back
HERO_GUARD = 4.0  # the Hero's combat cards at a Haven about to be attacked
STEP_CEILING = 12.0  # no place the Hero can walk to is worth more than this
SPAWN_COST = 0.45  # share of a new Nemesis piece's worth an Explore is charged (it may be cleared)


class Turn:
    """The Actions-Phase turn: every main Action and every Hero step weighed, the best taken; and
    the Command's Units as the plan chosen says."""
    def __init__(self, bot):
        self.bot = bot
        self.memo = Memo()
        self.plans: dict[str, tuple[str, list[tuple[str, str]], bool]] = {}  # actor -> (target, brings, hero)

    def on_turn(self, v: View) -> str | None:
        p = v.p
        if p is None:
            return v.pick("end", "trade:ap")
        idle = self.memo.map.get(("idle", p.faction))
        if idle is not None and idle == (p.hero_hex, p.salt, p.plunder, p.food) and "trade:ap" in v.idset:
            # nothing was worth doing a moment ago and nothing has moved since: the AP left
            # become Salt now (weighing it all again next turn found nothing more in tests)
            self.memo.map[("idle", p.faction)] = (p.hero_hex, p.salt + 1, p.plunder, p.food)
            return "trade:ap"
        conv = self.convert_for_needs(v)
        if conv:
            return conv
        if "haven" in v.ids:
            return "haven"
        best = None
        for weigh in (self.command_choice, self.bot.defence.defence_choice, self.explore_choice, self.quest_choice,
                      self.market_choice, self.bot.cards.card_choice, self.step_choice):
            if weigh == self.step_choice and best is not None and best[0] >= STEP_CEILING:
                break  # no walk could be worth more
            choice = weigh(v)
            if choice is not None and choice[1] in v.idset and (best is None or choice[0] > best[0]):
                best = choice
        if best is not None and best[0] > 0:
            if len(best) > 2 and best[2] is not None:
                self.plans[p.faction] = best[2]
            return best[1]
        pick = v.pick("end", "trade:ap")
        if pick == "trade:ap":  # the Salt it gives changes nothing worth doing
            self.memo.map[("idle", p.faction)] = (p.hero_hex, p.salt + 1, p.plunder, p.food)
        return pick

    # ------------------------------------------------------------------ resources
    def convert_for_needs(self, v: View) -> str | None:
        """Exchange 3 spare resources for the Plunder of a Haven here, or the Food of a Command."""
        p = v.p
        cost = v.cat.factions[p.faction].haven_cost
        if p.plunder < cost and p.ap >= 1 and can_build_on(v.cat, v.table.hexes[p.hero_hex], p):
            return self.convert(v, "plunder")
        if p.food < 1 and p.ap >= 1:
            return self.convert(v, "food")
        return None

    def convert(self, v: View, want: str) -> str | None:
        p = v.p
        keep = {"salt": 0, "plunder": v.cat.factions[p.faction].haven_cost, "food": 1}
        spare = sorted((getattr(p, r) - keep[r], r) for r in ("salt", "plunder", "food") if r != want)
        amount, src = spare[-1]
        if amount >= 3:
            return v.pick(f"convert:{src}:{want}")
        return None

    # ------------------------------------------------------------------ main Actions
    def command_choice(self, v: View):
        got = self.bot.fights.best_command(v)
        if got is None:
            return None
        worth, oid, plan = got
        return worth, oid, plan

    def explore_choice(self, v: View):
        if "explore" not in v.ids:
            return None
        worth = self.explore_worth(v, v.p.hero_hex, v.p.ap)
        # a card that explores here (Surveyor's Chain) does it without the AP or the end of the turn
        free = next((oid for oid in v.with_prefix("card:")
                     if any(op.op == "explore" for op in self.bot.cards.card_effect(v, oid[5:])[1])), None)
        return (worth + 0.3, free) if free else (worth, "explore")

    def explore_worth(self, v: View, hid: str, ap: int) -> float:
        """Flipping a hex: some resources, the chance of a Haven site if our Units stand
        next to it, and the Nemesis pieces it is likely to spread."""
        st, p = v.table, v.p
        left = values.scorings_left(st)
        worth = 0.4 - SPAWN_COST * left
        cost = v.cat.factions[p.faction].haven_cost
        can_pay = p.plunder >= cost or p.salt + p.plunder + p.food >= cost + 4
        if p.havens_in_supply > 0 and can_pay and ap >= 3 and hid in self.bot.fights.unit_reach(v):
            worth += 0.6 * values.haven_worth(st, 0, self.bot.own_share(v))
            # rather where many of our Units stand by, away from the Capital's Legions
            worth += 0.05 * self.force_near(v, hid) + 0.05 * v.board.hex_distance(hid, self.bot.forecast.capital(v))
        return worth

    def force_near(self, v: View, hid: str) -> int:
        """Our Units that could step into `hid`."""
        hexes = v.table.hexes
        return sum(hexes[src].unit_count for src in self.bot.fights.unit_reach(v).get(hid, ()))

    def quest_choice(self, v: View):
        return self.bot.economy.best_quest(v)

    def market_choice(self, v: View):
        return self.bot.cards.best_market(v)

    # ------------------------------------------------------------------ the Hero's steps
    def step_choice(self, v: View):
        """One step towards the best place to act: a Haven site, or a hex worth exploring."""
        p = v.p
        if p.ap < 2:
            return None
        best = None
        here = p.hero_hex
        board = v.board
        towers = self.bot.forecast.towers(v)
        via_tower = 1 if here in towers else (1 + min(board.hex_distance(here, t) for t in towers) if towers else 99)
        for hid in self.spots(v):
            if hid == here:
                continue
            dist = min(board.hex_distance(here, hid), via_tower)
            if dist >= p.ap:
                continue
            worth = self.spot_worth(v, hid, p.ap - dist)
            if worth is None:
                continue
            worth -= dist * AP_WORTH
            if best is None or worth > best[0]:
                best = (worth, hid)
        if best is None:
            return None
        step = self.first_step(v, here, best[1])
        return None if step is None else (best[0], step)

    def spots(self, v: View) -> list[str]:
        """Hexes where the Hero might act: unexplored ones next to our Units (an Explore
        anywhere else is not worth its Nemesis pieces) and free Haven sites."""
        key = ("spots", v.d.actor)
        got = self.memo.map.get(key)
        if got is None:
            hexes = v.table.hexes
            spots = [hid for hid in self.bot.fights.unit_reach(v) if not hexes[hid].explored and not hexes[hid].curse]
            if v.p.havens_in_supply > 0:
                spots += self.open_sites(v)
            got = self.memo.map[key] = sorted(set(spots + self.bot.cards.curse_spots(v) + self.guard_spots(v)))
        return got

    def open_sites(self, v: View) -> list[str]:
        """Explored hexes where anyone could build a Haven now (no pieces, no Curse)."""
        got = self.memo.map.get("open_sites")
        if got is None:
            got = self.memo.map["open_sites"] = [
                h.id for h in v.table.hexes.values()
                if h.explored and not h.curse and not h.haven and not h.has_units and not shows_no_haven(v.cat, h)]
        return got

    def guard_spots(self, v: View) -> list[str]:
        """Our Havens the forecast says will be attacked, when our combat cards need the Hero there."""
        if not self.bot.fights.hero_cards(v):
            return []
        key = ("guard_spots", v.d.actor)
        got = self.memo.map.get(key)
        if got is None:
            got = self.memo.map[key] = [h for h in self.bot.own_havens(v)
                                        if self.bot.forecast.haven_attacked(v, h) and v.table.hexes[h].units]
        return got

    def hero_distance(self, v: View, a: str, b: str) -> int:
        """Moves the Hero needs from `a` to `b` (Heros cross impassable edges; a Sea Tower
        reaches every hex)."""
        board = v.board
        towers = self.bot.forecast.towers(v)
        if a in towers:
            return 1
        direct = board.hex_distance(a, b)
        if towers:
            direct = min(direct, 1 + min(board.hex_distance(a, t) for t in towers))
        return direct

    def first_step(self, v: View, a: str, b: str) -> str | None:
        """The move option that starts the shortest way from `a` to `b`."""
        if a in self.bot.forecast.towers(v):
            return v.pick(f"move:{b}")
        dist = self.hero_distance(v, a, b)
        for n in v.board.hero_adjacent(a):
            if n == b or self.hero_distance(v, n, b) == dist - 1:
                oid = f"move:{n}"
                if oid in v.idset:
                    return oid
        return None

    def spot_worth(self, v: View, hid: str, ap: int) -> float | None:
        """What the Hero could do on `hid` with `ap` AP left on arrival (None: nothing);
        the same for the same AP while nothing moves and our resources stay."""
        p = v.p
        key = ("spot", p.faction, hid, min(ap, 3), p.plunder, p.salt + p.food, self.bot.own_share(v))
        got = self.memo.map.get(key, False)
        if got is False:
            got = self.memo.map[key] = self._spot_worth(v, hid, ap)
        return got

    def _spot_worth(self, v: View, hid: str, ap: int) -> float | None:
        """What the Hero could do on `hid` with `ap` AP left on arrival (None: nothing)."""
        h = v.table.hexes[hid]
        p = v.p
        if ap >= 1 and hid in self.bot.cards.curse_spots(v):
            return values.scorings_left(v.table) + 0.5  # lift the Curse with our card
        if hid in self.guard_spots(v):
            return HERO_GUARD
        if not h.explored:
            return None if h.curse else self.explore_worth(v, hid, ap)
        if ap >= 1 and p.plunder >= v.cat.factions[p.faction].haven_cost and can_build_on(v.cat, v.table.hexes[hid], p):
            return values.haven_worth(v.table, v.cat.hexes[h.tile].vp, self.bot.own_share(v))
        return None

    def on_command_units(self, v: View) -> str | None:
        plan = self.plans.get(v.d.actor)
        brings = plan[1] if plan else []
        while brings:
            src, unit = brings.pop(0)
            oid = f"bring:{src}:{unit}"
            if oid in v.ids:
                return oid
        if plan and plan[2] and "hero" in v.ids:
            self.plans[v.d.actor] = (plan[0], [], False)
            return "hero"
        if "done" in v.ids:
            return "done"
        return (v.with_prefix("bring:") or [None])[0] or v.pick("hero")
