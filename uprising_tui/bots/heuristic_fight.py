"""The heuristic bot's fights: what stands on a hex, how a fight will end (the
engine's exact odds, read through ``odds``) and what it is worth (``values``).
A part of HeuristicBot (``bot.fights``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import fight_policy
from ..engine.units import HEX_LIMIT, unit_value
from . import values
from .memo import Memo
from .odds import CatalogMemo, FoeSpec, Outcome, bot_odds, memo_for
from .quick_odds import quick_for

if TYPE_CHECKING:
    from .decision_view import View

# What each point of Threat taken off a Legion/Horde that survives is worth, as a share of its
# worth per point of Threat (1/threat of the whole). Above 1: a wounded card rolls the dice of its
# lower Threat row, and the next player (a team of up to four attacks it in turn) finishes it
# more cheaply. 0.35 before; 1.2 won 51.6% of 1600 four-faction Rebel games against 48.3%
# (docs/balance.md, 2026-12-01).
PARTIAL = 1.2
MIN_COMMAND = 1.0  # a Command must be worth this many VP (it costs 1 AP and 1 Food)
GUARD = 0  # Units left on a Haven no forecast attack threatens
HOPELESS = 2.5  # skip the odds when the foe would need this many times fewer rounds than we
NEW_LEGION = ("new_legion", 4, 5)  # clearing the Capital calls a Legion: key, Threat, VP

def odds_for(cat) -> CatalogMemo:
    """The bot's per-catalog cache (kept across games): ``.memo``."""
    return memo_for(cat)


def terrain_of(v: View, hid: str) -> str:
    h = v.table.hexes[hid]
    if h.curse:
        return "curse"
    if not h.explored:
        return "none"
    return v.cat.hexes[h.tile].terrain


def dice_terrain(terrain: str) -> str:
    """The terrain as far as the dice go (Marsh and Highlands change them; the rest of
    the terrain effects are in our dice or the foe's extra dice already)."""
    return terrain if terrain in ("marsh", "highlands") else "plain"


def on_terrain(colours, part: str, terrain: str, order: tuple[str, ...]) -> tuple[str, ...]:
    """Dice after the terrain: Marsh turns red into white, Highlands keeps one Archery die."""
    out = ["white" if (terrain == "marsh" and c == "red") else c for c in colours]
    if terrain == "highlands" and part == "archery" and len(out) > 1:
        out = [min(out, key=lambda c: order.index(c) if c in order else 99)]
    return tuple(sorted(out))


class Fights:
    """What stands on a hex, how a fight there will end and what it is worth; the Commands it
    makes worth their Food; the answers inside a combat."""
    EXACT_PLANS = False  # plan with the engine's exact odds (slow) instead of the quick ones

    def __init__(self, bot):
        self.bot = bot
        self.memo = Memo()
    # ------------------------------------------------------------------ what stands there
    def foes_on(self, v: View, hid: str) -> list[FoeSpec]:
        """The enemy groups on a hex in the order a player fights them."""
        st, cat = v.table, v.cat
        h = st.hexes[hid]
        terrain = terrain_of(v, hid)
        order = cat.strength_order
        foes: list[FoeSpec] = []
        if h.garrisons:
            levels = cat.garrison_levels

            def gdice(part: str, hp: int, levels=levels) -> tuple[str, ...]:
                lvl = levels[min(hp, len(levels)) - 1]
                return on_terrain(lvl.archery if part == "archery" else lvl.clash, part, terrain, order)
            foes.append(FoeSpec(f"garrisons@{dice_terrain(terrain)}", h.garrisons, h.garrisons, gdice))
        for cid in sorted(h.legions, key=lambda c: cat.nemesis(c).initiative):
            foes.append(self.card_foe(v, cid, hid, terrain))
        if h.skeletons:
            die = cat.skeleton_die

            def sdice(part: str, hp: int) -> tuple[str, ...]:
                return on_terrain([die] * hp, part, terrain, order) if part == "clash" else ()
            foes.append(FoeSpec(f"skeletons@{dice_terrain(terrain)}", h.skeletons, h.skeletons, sdice))
        for cid in sorted(h.hordes, key=lambda c: cat.nemesis(c).initiative):
            foes.append(self.card_foe(v, cid, hid, terrain))
        if h.role == "capital" and not h.capital_fallen and st.legion_deck:
            key, threat, vp = NEW_LEGION

            def ldice(part: str, hp: int) -> tuple[str, ...]:
                dice = ("white", "white") if part == "archery" else ("red", "red", "yellow", "white")[:max(hp, 1)]
                return on_terrain(dice, part, terrain, order)
            foes.append(FoeSpec(key, threat, vp, ldice, big=True))
        return foes

    def card_foe(self, v: View, cid: str, hid: str, terrain: str) -> FoeSpec:
        spec = v.cat.nemesis(cid)
        card = v.nem(cid)
        h = v.table.hexes[hid]
        order = v.cat.strength_order
        extra = {"archery": [], "clash": []}
        kinds = set()
        for ab in spec.abilities:
            kinds.add(ab.kind)
            if ab.kind != "extra_dice" or (ab.terrain and ab.terrain != terrain):
                continue
            if ab.condition == "target_here" and not any(c.target == hid for c in v.table.legions):
                continue
            if ab.condition == "haven_or_imperial" and not (h.haven or h.garrisons or h.legions):
                continue
            colours = list(v.cat.dice) if ab.colour == "all" else [ab.colour]
            for part in ab.parts:
                extra[part].extend(colours * ab.count)

        def cdice(part: str, hp: int) -> tuple[str, ...]:
            row = spec.dice.get(max(1, min(hp, spec.max_threat)))
            base = () if row is None else (row.archery if part == "archery" else row.clash)
            if "mirror" in kinds:  # she copies our dice: until the odds model her, a generic Legion row
                base = ("white", "white") if part == "archery" else ("red", "red", "yellow", "white")[:max(hp, 1)]
            return on_terrain(list(base) + extra[part], part, terrain, order)
        key = f"{cid}@{dice_terrain(terrain)}" + ("+" if extra["archery"] or extra["clash"] else "")
        return FoeSpec(key, card.threat if card else 1, spec.destroyed_vp, cdice,
                       skip_archery="skip_archery" in kinds, no_shields="no_enemy_shields" in kinds, big=True)

    # ------------------------------------------------------------------ inside a combat: the fight policy
    # The engine's odds assume ``engine/fight_policy``; the bot answers the same way, so
    # what it expects of a fight is what happens (the answers part's where the policy says nothing).
    def policy(self, v: View) -> str | None:
        return fight_policy.answer(v.game, v.d)

    def on_bolt(self, v: View) -> str | None:
        return self.policy(v)

    def on_assign_damage(self, v: View) -> str | None:
        return self.policy(v) or self.bot.answers.on_assign_damage(v)

    def on_reroll(self, v: View) -> str | None:
        return self.policy(v) or self.bot.answers.on_reroll(v)

    def on_set_die(self, v: View) -> str | None:
        return self.policy(v) or self.bot.answers.on_set_die(v)

    def on_highlands(self, v: View) -> str | None:
        return self.policy(v)

    def on_combat_card(self, v: View) -> str | None:
        return self.policy(v) or "done"

    def on_remove_haven(self, v: View) -> str | None:
        return (self.policy(v) if v.table.combat is not None else None) or self.bot.answers.on_remove_haven(v)

    # ------------------------------------------------------------------ the odds
    def fight_odds(self, v: View, hid: str, units: list[str], foes: list[FoeSpec],
                   defences: tuple[bool, bool] = (False, False)) -> Outcome:
        """How `units` fare on `hid` against `foes` (the engine's exact odds; the hex's own
        Haven, Tower and Wall count as they stand)."""
        return bot_odds(v.game, v.table, hid, v.d.actor, units, foes)

    def plan_odds(self, v: View, hid: str, units: list[str], foes: list[FoeSpec],
                  defences: tuple[bool, bool] = (False, False)) -> Outcome:
        """The odds the bot plans with: quick ones (``quick_odds``) unless EXACT_PLANS."""
        if self.EXACT_PLANS:
            return self.fight_odds(v, hid, units, foes, defences)
        return self.quick_odds(v, hid, units, foes, defences)

    def quick_odds(self, v: View, hid: str, units: list[str], foes: list[FoeSpec],
                   defences: tuple[bool, bool] = (False, False)) -> Outcome:
        """How `units` fare on `hid` against `foes` by the quick approximation; `defences`
        = (Tower, Wall) of our Haven there."""
        side = self.side_dice(v, units, hid, defences)
        bolts = terrain_of(v, hid) != "curse" and not any(
            ab.kind == "no_enemy_bolts" for cid in v.table.hexes[hid].hordes for ab in v.cat.nemesis(cid).abilities)
        return quick_for(v.cat).fight(side[0], side[1], foes, bolts=bolts, side=side)

    def side_dice(self, v: View, units: list[str], hid: str, defences: tuple[bool, bool] = (False, False)):
        """Our dice with k Units left, k = 0..n (the cheapest Units fall first), as
        (archery, clash) lists; `defences` = (Tower, Wall) of our Haven there."""
        terrain = terrain_of(v, hid)
        key = (tuple(sorted(units)), terrain, defences)
        memo = quick_for(v.cat).memo
        got = memo.get(key)
        if got is None:
            got = memo[key] = self._side_dice(v, units, terrain, defences)
        return got

    def _side_dice(self, v: View, units: list[str], terrain: str, defences: tuple[bool, bool]):
        cat = v.cat
        order = cat.strength_order
        ranked = sorted(units, key=lambda u: (-unit_value(v.cat, u), u))
        tower, wall = defences
        archery, clash = [], []
        for k in range(len(ranked) + 1):
            a, c = [], []
            for u in ranked[:k]:
                d = cat.units[u]
                c.append(d.die)
                if d.type == "archer" or (d.type == "rider" and terrain == "badlands"):
                    a.append(d.die)
            if k and tower:
                a.append("white")
                c.append("white")
            if k and wall:
                c.append("blue")
            archery.append(on_terrain(a, "archery", terrain, order))
            clash.append(on_terrain(c, "clash", terrain, order))
        return quick_for(cat).side(archery, clash)

    # ------------------------------------------------------------------ what a fight is worth
    def foe_worth(self, v: View, hid: str, foe: FoeSpec) -> float:
        key = ("foe", foe.key, foe.hp, self.bot.own_share(v))
        got = self.memo.map.get(key)
        if got is None:
            got = self.memo.map[key] = self._foe_worth(v, hid, foe)
        return got

    def _foe_worth(self, v: View, hid: str, foe: FoeSpec) -> float:
        st = v.table
        own = self.bot.own_share(v)
        name = foe.key.split("@", 1)[0]
        if name == "garrisons":
            return values.garrison_worth(st, foe.hp, own)
        if name == "skeletons":
            return values.skeleton_worth(st, foe.hp, own)
        if name == NEW_LEGION[0]:
            return 5.0 + foe.vp * own
        card = v.nem(name)
        spec = v.cat.nemesis(name)
        worth = values.horde_worth(st, card, spec, own) if card.kind == "horde" \
            else values.legion_worth(st, card, spec, own)
        return worth + self.menace(v, card)

    def menace(self, v: View, card) -> float:
        """Extra worth of a Legion/Horde about to fall on a Haven of ours."""
        hit = self.bot.forecast.forecast(v).get(card.id)
        return 0.0 if not hit else 0.5 * values.haven_worth(v.table, 0, self.bot.own_share(v))

    def attack_worth(self, v: View, hid: str, foes: list[FoeSpec], out: Outcome, units: list[str]) -> float:
        st = v.table
        worth = 0.0
        share = PARTIAL
        own = self.bot.own_share(v)
        for foe, dmg, kill in zip(foes, out.damage, out.killed):
            full = self.foe_worth(v, hid, foe)
            if foe.big:
                worth += kill * full + max(0.0, dmg - kill * foe.hp) * share * full / max(foe.hp, 1)
            else:  # Garrisons and Skeletons pay 1 VP a piece as they fall, the rest once cleared
                worth += own * dmg + kill * (full - own * foe.hp)
        side = "chaos" if any(f.key.startswith("skeletons") or (f.big and f.key.split("@")[0] in v.hordes)
                              for f in foes) else "empire"
        worth -= (1.0 - out.no_loss) * values.graveyard_cost(st, side, v.d.actor)
        price = sum(unit_value(v.cat, u) for u in units) / max(len(units), 1) / 2
        worth -= out.losses * values.unit_worth(st, price)
        return worth

    def site_bonus(self, v: View, hid: str) -> float:
        """A cleared hex where we can build a Haven this Chapter."""
        p = v.p
        h = v.table.hexes[hid]
        if p is None or p.havens_in_supply <= 0 or p.ap < 3 or h.haven or h.curse or not h.explored:
            return 0.0
        if v.cat.hexes[h.tile].no_haven or h.role in ("capital", "region"):
            return 0.0
        if p.plunder < v.cat.factions[p.faction].haven_cost:
            return 0.0
        return 0.5 * values.haven_worth(v.table, v.cat.hexes[h.tile].vp, self.bot.own_share(v))

    # ------------------------------------------------------------------ Command
    def best_command(self, v: View):
        """(worth, option, plan) of the best attack a Command can make now, or None."""
        p = v.p
        if p is None or p.food < 1 or p.ap < 1:
            return None
        key = ("forces", p.faction)
        forces = self.memo.map.get(key)
        if forces is None:
            forces = self.memo.map[key] = self.attack_forces(v)
        best = None
        for hid, (worth, win, brings) in forces:
            oid = f"command:{hid}"
            if oid not in v.idset:
                continue
            site = self.site_bonus(v, hid)
            score = worth + win * site
            if best is None or score > best[0]:
                hero = (site > 0 or self.hero_cards(v)) and p.hero_hex != hid \
                    and hid in v.board.hero_adjacent(p.hero_hex)
                best = (score, oid, (hid, list(brings), hero))
        if best is None or best[0] < MIN_COMMAND:
            return None
        return best

    def attack_forces(self, v: View) -> list:
        """(hex, (worth, chance to win, Units)) of the best force against each enemy hex
        our Units can reach; the same while no piece on the map moves."""
        out = []
        hexes = v.table.hexes
        for hid in sorted(self.unit_reach(v)):
            h = hexes[hid]
            if not (h.garrisons or h.skeletons or h.legions or h.hordes):
                continue
            if h.owner not in (None, v.d.actor) or not (h.explored or h.curse):
                continue
            if h.role == "capital" and not h.capital_fallen and v.table.legion_deck:
                continue  # clearing the Capital only calls a fresh Legion onto our Units
            key = self.attack_key(v, hid)
            plans = self.shared(v, "plans")
            got = plans.get(key)
            if got is None:
                got = plans[key] = self.best_force(v, hid) or (None,)
            if got[0] is not None:
                out.append((hid, got))
        return out

    def unit_reach(self, v: View) -> dict[str, list[str]]:
        """For each hex, the acting player's hexes whose Units could step into it
        (once per map state)."""
        if v.reach is None:
            key = ("reach", v.d.actor)
            reach = self.memo.map.get(key)
            if reach is None:
                reach = {}
                fac = v.d.actor
                for h in v.table.hexes.values():
                    if h.owner == fac and h.units:
                        for n in v.board.unit_adjacent(h.id):
                            if n != h.id:
                                reach.setdefault(n, []).append(h.id)
                self.memo.map[key] = reach
            v.reach = reach
        return v.reach

    def unit_pool(self, v: View, hid: str) -> list[tuple[float, str, str]]:
        """(strength, source hex, unit) of every Unit that could step into `hid`, strongest first."""
        st, cat = v.table, v.cat
        pool = []
        for src in self.unit_reach(v).get(hid, ()):
            for unit, n in st.hexes[src].units:
                pool.extend([(self.bot.dice.strength(cat.units[unit].die), src, unit)] * n)
        pool.sort(key=lambda t: (-t[0], t[1], t[2]))
        return pool

    def attack_key(self, v: View, hid: str) -> tuple:
        """Everything `best_force` reads, so an attack is weighed once per situation."""
        st = v.table
        fac = v.d.actor
        h = st.hexes[hid]
        cards = tuple((c, v.nem(c).threat, v.nem(c).tokens, bool(self.bot.forecast.forecast(v).get(c)))
                      for c in h.legions + h.hordes)
        srcs = tuple(self.source_key(v, src) for src in self.unit_reach(v).get(hid, ()))
        return (fac, hid, h.tile, st.chapter, st.chapters, st.curse_reserve,
                bool(st.legion_deck), h.garrisons, h.skeletons, cards, h.curse, h.explored, h.unit_count,
                srcs, values.in_graveyard(st, "empire", fac), values.in_graveyard(st, "chaos", fac), self.bot.own_share(v))

    def shared(self, v: View, name: str) -> dict:
        """A cache kept for this catalog across games (its keys hold everything read)."""
        memo = odds_for(v.cat).memo
        got = memo.get(name)
        if got is None or len(got) > 50_000:
            got = memo[name] = {}
        return got

    def hero_cards(self, v: View) -> bool:
        """Do we hold a face-up combat card that works only on the Hero's hex?"""
        p = v.p
        for c in p.feats + p.items:
            if c.face_up:
                use = self.bot.cards.card_use(v, c.id)
                if use is not None and use.when == "combat" and use.hero_hex:
                    return True
        return False

    def source_key(self, v: View, src: str) -> tuple:
        """What a hex of ours brings to an attack key (once per map state)."""
        key = ("src", src)
        got = self.memo.map.get(key)
        if got is None:
            h = v.table.hexes[src]
            got = self.memo.map[key] = (src, tuple(h.units), h.haven == v.d.actor,
                                        self.bot.forecast.haven_attacked(v, src))
        return got

    def best_force(self, v: View, hid: str):
        """(worth before any Haven site bonus, chance to win, Units to bring) of the best
        force for `hid`, or None."""
        st = v.table
        h = st.hexes[hid]
        foes = self.foes_on(v, hid)
        if not foes:
            return None
        pool = self.unit_pool(v, hid)
        room = HEX_LIMIT - h.unit_count
        if not pool or room <= 0:
            return None
        if self.hopeless(v, hid, [t[2] for t in pool[:room]], foes):
            return None
        keep = self.guard_counts(v)
        best = None
        tried = set()
        for guarded in (True, False):
            chosen = self.pick_force(v, pool, keep if guarded else {})
            for k in range(min(room, len(chosen)), 0, -1):
                force = tuple(chosen[:k])
                if force in tried:
                    break
                tried.add(force)
                units = [t[2] for t in force]
                out = self.plan_odds(v, hid, units, foes)
                worth = self.attack_worth(v, hid, foes, out, units) - self.exposure(v, force, keep)
                if best is None or worth > best[0]:
                    best = (worth, out.win, tuple((t[1], t[2]) for t in force))
                if out.win < 0.95:
                    break  # fewer Units would only risk more
            if best is not None and best[1] >= 0.6:
                break  # the guarded force will do
        return best

    def hopeless(self, v: View, hid: str, units: list[str], foes: list[FoeSpec]) -> bool:
        """A quick look before the exact odds: against a Legion or Horde, would even our
        whole force be worn down long before it wears the foe down?"""
        foe = foes[-1]
        if not foe.big or foe.hp < 3:
            return False
        dice = self.bot.dice
        ours = [v.cat.units[u].die for u in units]
        theirs = foe.dice("clash", foe.hp)
        deal = dice.expect(ours, "skull") - 0.5 * dice.expect(theirs, "shield")
        take = dice.expect(theirs, "skull") - 0.5 * dice.expect(ours, "shield")
        if take <= 0.2:
            return False
        rounds_to_win = foe.hp / max(deal, 0.05)
        rounds_to_lose = len(units) / take
        return rounds_to_win > HOPELESS * rounds_to_lose

    def pick_force(self, v: View, pool, keep: dict[str, int]) -> list:
        """The strongest Units of `pool`, leaving `keep[hex]` Units on each hex."""
        chosen = []
        taken: dict[str, int] = {}
        hexes = v.table.hexes
        for t in pool:
            src = t[1]
            if taken.get(src, 0) + keep.get(src, 0) >= hexes[src].unit_count:
                continue
            taken[src] = taken.get(src, 0) + 1
            chosen.append(t)
        return chosen

    def guard_counts(self, v: View) -> dict[str, int]:
        """Units each of our Havens should keep: all of them under threat (else GUARD)."""
        key = ("guard", v.d.actor)
        got = self.memo.map.get(key)
        if got is None:
            got = self.memo.map[key] = {
                hid: v.table.hexes[hid].unit_count if self.bot.forecast.haven_attacked(v, hid) else GUARD
                for hid in self.bot.own_havens(v)}
        return got

    def exposure(self, v: View, force, keep: dict[str, int]) -> float:
        """What taking Units off our threatened Havens may cost."""
        taken: dict[str, int] = {}
        for t in force:
            taken[t[1]] = taken.get(t[1], 0) + 1
        cost = 0.0
        for src, n in taken.items():
            if src in keep and self.bot.forecast.haven_attacked(v, src):
                cost += 0.5 * n
        return cost
