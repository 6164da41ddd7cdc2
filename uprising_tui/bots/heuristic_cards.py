"""The heuristic bot's cards: which one-shot Feat or Item to use on its turn, which
Item to buy, and where its Hero must stand to lift a Curse. Mixed into HeuristicBot.

A Curse scores Chaos 1 VP at every Scoring left, so a card that removes one is
worth those VP; it is kept until a Curse is in its reach (next to the Hero, or
anywhere). Other cards are worth their effect (``values.effect_worth``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import values
from .heuristic_fight import odds_for

if TYPE_CHECKING:
    from .heuristic import View

COMBAT_ITEM = 0.8  # an Item that helps in combat
MIN_CARD = 0.2  # a card is used when it is worth at least this
MIN_ITEM = 0.3  # an Item is bought when its worth beats its price (Salt / 5) by this


class CardsMixin:
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
        st = v.st
        return st.hexes[hid].curse or any(st.hexes[n].curse for n in v.board.adjacent(hid, reach=True))

    def effect_worth_here(self, v: View, effect, hero_hex: str) -> float:
        """What an effect is worth if used now with the Hero on `hero_hex`."""
        st = v.st
        worth = 0.0
        rest = []
        for op in effect:
            if op.op == "remove_curse":
                any_curse = any(h.curse for h in st.hexes.values())
                ok = any_curse if op.where == "any" else self.curses_near(v, hero_hex) if op.where == "adjacent" \
                    else st.hexes[hero_hex].curse
                worth += values.scorings_left(st) + 0.5 if ok else -1.0
            else:
                rest.append(op)
        return worth + values.effect_worth(st, rest)

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
        item = v.cat.items[iid]
        if item.use.when == "combat":
            return COMBAT_ITEM
        return self.effect_worth_here(v, item.effect, v.p.hero_hex)

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
        got = self.map_memo.get("curse_spots")
        if got is None:
            out = set()
            for h in v.st.hexes.values():
                if h.curse:  # the Hero lifts it from there, a hex adjacent to it or any Sea Tower
                    out.add(h.id)
                    out.update(v.board.adjacent(h.id))
            if out:
                out.update(n for n in v.board.all_ids if v.board.is_sea_tower(n))
            got = self.map_memo["curse_spots"] = sorted(out)
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
