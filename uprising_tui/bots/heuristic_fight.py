"""The heuristic bot's fights: what stands on a hex, how a fight will end (the
engine's exact odds, read through ``odds``) and what it is worth (``values``).
A part of HeuristicBot (``bot.fights``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.rules import fight_policy
from ..engine.odds import OddsError, fight_odds
from ..engine.odds.approx import approx_odds, foe_dice
from ..engine.rules.units import HEX_LIMIT, unit_value
from . import values
from .memo import Memo
from .odds import CatalogMemo, FoeSpec, Outcome, fight_spec, memo_for, outcome, with_units

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


class Fights:
    """What stands on a hex, how a fight there will end and what it is worth; the Commands it
    makes worth their Food; the answers inside a combat."""
    EXACT_PLANS = False  # plan with the engine's exact odds (slow) instead of its approximation

    def __init__(self, bot):
        self.bot = bot
        self.memo = Memo()
    # ------------------------------------------------------------------ what stands there
    def foes_on(self, v: View, hid: str) -> list[FoeSpec]:
        """The enemy groups on a hex in the order a player fights them."""
        st, cat = v.table, v.cat
        h = st.hexes[hid]
        terrain = terrain_of(v, hid)
        foes: list[FoeSpec] = []
        if h.garrisons:
            foes.append(FoeSpec(f"garrisons@{terrain}", h.garrisons, h.garrisons))
        for cid in sorted(h.legions, key=lambda c: cat.nemesis(c).initiative):
            foes.append(self.card_foe(v, cid, hid, terrain))
        if h.skeletons:
            foes.append(FoeSpec(f"skeletons@{terrain}", h.skeletons, h.skeletons))
        for cid in sorted(h.hordes, key=lambda c: cat.nemesis(c).initiative):
            foes.append(self.card_foe(v, cid, hid, terrain))
        if h.role == "capital" and not h.capital_fallen and st.legion_deck:
            key, threat, vp = NEW_LEGION
            foes.append(FoeSpec(key, threat, vp, big=True))
        return foes

    def card_foe(self, v: View, cid: str, hid: str, terrain: str) -> FoeSpec:
        """A Legion or Horde on `hid` or forecast to walk in; its key names what its dice read
        there besides the hex (the terrain; a Legion's extra dice at its own Target)."""
        spec = v.cat.nemesis(cid)
        card = v.nem(cid)
        at_target = card is not None and card.kind == "legion" and card.hex == hid and card.target == hid and any(
            ab.kind == "extra_dice" and ab.condition == "target_here" for ab in spec.abilities)
        return FoeSpec(f"{cid}@{terrain}" + ("+" if at_target else ""), card.threat if card else 1, spec.destroyed_vp,
                       big=True)

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
    # One model of a fight: the engine's, read from the fight as the engine describes it (a
    # FightSpec: what the table shows of the hex, with our Units and the foes weighed), exactly
    # (engine/odds) or approximately (engine/odds/approx.py), for the many fights a turn weighs.
    def fight_odds(self, v: View, hid: str, units: list[str], foes: list[FoeSpec]) -> Outcome:
        """How `units` fare on `hid` against `foes` by the engine's exact odds (a fight they cannot
        give: as lost)."""
        try:
            return outcome(fight_odds(v.cat, self.spec(v, hid, units, foes)), foes)
        except OddsError:
            return Outcome(0.0, 0.0, 0.0, float(len(units)), tuple(0.0 for _ in foes), tuple(0.0 for _ in foes))

    def plan_odds(self, v: View, hid: str, units: list[str], foes: list[FoeSpec]) -> Outcome:
        """The odds the bot plans with: the engine's approximation, unless EXACT_PLANS."""
        if self.EXACT_PLANS:
            return self.fight_odds(v, hid, units, foes)
        return outcome(approx_odds(v.cat, self.spec(v, hid, units, foes)), foes)

    def spec(self, v: View, hid: str, units: list[str], foes: list[FoeSpec]):
        """The engine's FightSpec of `units` on `hid` against `foes` (bots/odds.fight_spec; what
        the hex shows is read once per Decision)."""
        key = ("spec", hid, tuple(f.key for f in foes))
        base = self.memo.decision.get(key)
        if base is None:
            base = self.memo.decision[key] = fight_spec(v.game, v.table, hid, v.d.actor, (), foes)
        return with_units(base, units)

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
        """A quick look before the odds: against a Legion or Horde, would even our whole force
        be worn down long before it wears the foe down?"""
        foe = foes[-1]
        if not foe.big or foe.hp < 3:
            return False
        dice = self.bot.dice
        ours = [v.cat.units[u].die for u in units]
        theirs = foe_dice(v.cat, self.spec(v, hid, units, foes), foe.name, "clash", foe.hp)
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
