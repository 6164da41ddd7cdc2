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

import random
from collections import deque
from typing import Callable

from ..engine.actions import haven as haven_action
from ..engine.units import HEX_LIMIT
from .estimate import Dice, Foe, estimate_fight
from .heuristic_answers import AnswersMixin
from .heuristic_economy import EconomyMixin

WIN_MARGIN = 1.0  # Units expected to survive a Command for it to count as a win
MAX_ROUNDS = 8

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


class HeuristicBot(EconomyMixin, AnswersMixin):
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
