"""The heuristic bot's cards: which one-shot Feat or Item to use on its turn, which
Item to buy, and where its Hero must stand to lift a Curse. A part of HeuristicBot
(``bot.cards``).

A Curse scores Chaos 1 VP at every Scoring left, so a card that removes one is
worth those VP; it is kept until a Curse is in its reach (next to the Hero, or
anywhere). A free Quest is worth the best Quest on offer the Hero is likely to
solve; a Hero Dice roll that pays per symbol, the symbols it is expected to show.
Other cards are worth their effect (``values.effect_worth``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import values
from .heuristic_economy import QUEST_CHANCE
from .heuristic_fight import odds_for
from .memo import Memo

if TYPE_CHECKING:
    from .decision_view import View

COMBAT_ITEM = 0.5  # an Item that helps in combat: this, plus COMBAT_PER_SALT of its printed price
COMBAT_PER_SALT = 0.25  # (the price says how much it helps: a fixed worth never bought one dearer
# than 2 Salt, so the box's strongest Items were only ever drawn, and the Axe of the Giants never used)
QUEST_ITEM = 0.6  # an Item that adds or rerolls a Hero Die in Quests
PLACED = {"explore": 0.5, "free_quest": 0.8, "remove_here": 0.5}  # worth of an op that needs the Hero
# in the right place, when the Item is bought (it waits for that place: effect_worth_here)
MIN_CARD = 0.2  # a card is used when it is worth at least this
MIN_ITEM = 0.3  # an Item is bought when its worth beats its price (Salt / 5) by this


class Cards:
    """Which one-shot card to use, which Item to buy, where the Hero must stand to lift a Curse."""
    def __init__(self, bot):
        self.bot = bot
        self.memo = Memo()

    def card_effect(self, v: View, cid: str):
        """(use, effect) of a Feat, Item or kept Quest."""
        d = v.cat.feats.get(cid) or v.cat.items.get(cid)
        if d is not None:
            return d.use, d.effect
        q = v.cat.quests.get(cid)
        return (q.ongoing, q.ongoing_effect) if q is not None else (None, [])

    def card_use(self, v: View, cid: str):
        return self.card_effect(v, cid)[0]

    def curses_near(self, v: View, hid: str) -> bool:
        st = v.table
        return st.hexes[hid].curse or any(st.hexes[n].curse for n in v.board.adjacent(hid, reach=True))

    def effect_worth_here(self, v: View, effect, hero_hex: str) -> float:
        """What an effect is worth if used now with the Hero on `hero_hex`."""
        st = v.table
        worth = 0.0
        rest = []
        here = st.hexes[hero_hex]
        for op in effect:
            if op.op == "remove_curse":
                any_curse = any(h.curse for h in st.hexes.values())
                ok = any_curse if op.where == "any" else self.curses_near(v, hero_hex) if op.where == "adjacent" \
                    else st.hexes[hero_hex].curse
                worth += values.scorings_left(st) + 0.5 if ok else -1.0
            elif op.op == "explore":  # a free Explore: worth an AP, where the Hero stands on a face-down hex
                worth += 0.5 if not here.explored and not here.curse else -1.0
            elif op.op == "remove_here":  # Garrisons sent home stop scoring for the Empire every Chapter
                n = here.garrisons if op.what == "garrisons" else here.skeletons
                worth += float(values.scorings_left(st)) if n else -1.0
            elif op.op == "free_quest":
                worth += self.free_quest_worth(v)
            elif op.op == "roll_hero_dice":
                worth += self.hero_roll_worth(v, op)
            else:
                rest.append(op)
        return worth + values.effect_worth(st, rest)

    def free_quest_worth(self, v: View) -> float:
        """A Quest attempt that costs no AP: the best Quest on offer worth trying (else a loss)."""
        best = -1.0
        for qid in v.table.quest_offer:
            if qid not in v.cat.quests:
                continue
            chance, _ = self.bot.economy.quest_pool(v, qid)
            if chance >= QUEST_CHANCE:
                best = max(best, self.bot.economy.quest_worth(v, qid, chance))
        return best

    def hero_roll_worth(self, v: View, op) -> float:
        """A Hero Dice roll paying per `op.per` symbol: the symbols expected, each at its pay."""
        p = v.p
        pool = ["red"] * p.might + ["purple"] * p.magic + ["blue"] * p.leadership
        n = self.bot.dice.expect(pool, op.per) + p.guile * max(self.bot.dice.expect(["white"], op.per),
                                                           self.bot.dice.expect(["yellow"], op.per))
        return n * ((op.salt + op.plunder + op.food) / 5 + op.vp)

    def card_choice(self, v: View):
        """(worth, option) of the best one-shot card to use now, or None."""
        best = None
        for oid in v.with_prefix("card:"):
            use, effect = self.card_effect(v, oid[5:])
            if use is None or use.cost == "none":
                continue
            worth = self.effect_worth_here(v, effect, v.p.hero_hex)
            if worth >= MIN_CARD and (best is None or worth > best[0]):
                best = (worth, oid)
        return best

    def action_card(self, v: View) -> str | None:
        got = self.card_choice(v)
        return got[1] if got else None

    def item_worth(self, v: View, iid: str) -> float:
        """What an Item is worth when bought: a combat or Quest Item a fixed amount; any other
        its effect, once if it is discarded to use, else about once in every Chapter left."""
        item = v.cat.items[iid]
        if item.use.when == "combat":
            return COMBAT_ITEM + COMBAT_PER_SALT * item.cost
        if item.use.when == "quest":
            return QUEST_ITEM
        placed = [op for op in item.effect if op.op in PLACED]
        worth = sum(PLACED[op.op] for op in placed)
        worth += self.effect_worth_here(v, [op for op in item.effect if op.op not in PLACED], v.p.hero_hex)
        return worth * (1 if item.use.cost == "discard" else values.scorings_left(v.table))

    def best_market(self, v: View):
        """(worth, option) of the best Item to buy now, or None."""
        p = v.p
        if p is None or len(p.feats) + len(p.items) >= 9:
            return None
        best = None
        for oid in v.with_prefix("market:"):
            iid = oid.split(":", 1)[1]
            if iid not in v.cat.items:
                continue
            price = max(0, v.cat.items[iid].cost - (1 if v.board.is_sea_tower(p.hero_hex) else 0))
            if p.salt - price < 2:
                continue
            worth = self.item_worth(v, iid) - price / 5
            if worth >= MIN_ITEM and (best is None or worth > best[0]):
                best = (worth, oid)
        return best

    def curse_spots(self, v: View) -> list[str]:
        """Hexes next to a Curse, when we hold a face-up card that lifts an adjacent Curse."""
        p = v.p
        lifters = self.lifters(v)
        if not any(c.face_up and c.id in lifters for c in p.feats + p.items):
            return []
        got = self.memo.map.get("curse_spots")
        if got is None:
            out = set()
            for h in v.table.hexes.values():
                if h.curse:  # the Hero lifts it from there, a hex adjacent to it or any Sea Tower
                    out.add(h.id)
                    out.update(v.board.adjacent(h.id))
            if out:
                out.update(n for n in v.board.all_ids if v.board.is_sea_tower(n))
            got = self.memo.map["curse_spots"] = sorted(out)
        return got

    def lifters(self, v: View) -> frozenset[str]:
        """Ids of the cards that lift a Curse next to the Hero (once per catalog)."""
        memo = odds_for(v.cat).memo
        got = memo.get("lifters")
        if got is None:
            got = memo["lifters"] = frozenset(
                cid for cid in list(v.cat.feats) + list(v.cat.items)
                if any(op.op == "remove_curse" and op.where == "adjacent" for op in self.card_effect(v, cid)[1]))
        return got
