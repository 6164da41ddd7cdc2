"""The heuristic bot's answers to the smaller Decision kinds (cards, dice, damage,
placements, scoring). A part of HeuristicBot (``bot.answers``), which provides the shared
helpers."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.rules.units import unit_value
from .memo import Memo

if TYPE_CHECKING:
    from .decision_view import View



class Answers:
    """The answers to the smaller Decision kinds."""
    def __init__(self, bot):
        self.bot = bot
        self.memo = Memo()

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
        order = sorted(("might", "magic", "leadership"), key=lambda a: (getattr(p, a), a))
        return v.pick(*(f"attr:{a}" for a in order))

    def on_gain_choice(self, v: View) -> str | None:
        p = v.p
        if p is None:
            return None
        order = sorted(("plunder", "food", "salt"), key=lambda r: getattr(p, r))
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
    def on_quest_card(self, v: View) -> str | None:
        for oid in v.with_prefix("card:"):
            use = self.bot.cards.card_use(v, oid[5:])
            if use is not None and use.cost != "none":
                return oid
        return "done"

    def unit_option(self, v: View, pick=min) -> str | None:
        """The `unit:` option whose Unit is cheapest (pick=min) or dearest (pick=max)."""
        units = [(unit_value(v.cat, oid.split(":", 1)[1]), oid) for oid in v.with_prefix("unit:")
                 if oid.split(":", 1)[1] in v.cat.units]
        return pick(units, key=lambda x: x[0])[1] if units else None

    def on_assign_damage(self, v: View) -> str | None:
        return self.unit_option(v, min)

    def on_reroll(self, v: View) -> str | None:
        for o in v.d.options:
            if o.id.startswith("die:") and o.label.endswith("blank"):
                return o.id
        return v.pick("done")

    def on_set_die(self, v: View) -> str | None:
        """Turn the die showing least: a blank, else one with a single symbol."""
        def shown(label: str) -> int:
            face = label.split(" ", 1)[1] if " " in label else ""
            return 0 if face in ("", "blank") else face.count("+") + 1
        dice = [o for o in v.d.options if o.id.startswith("die:")]
        return min(dice, key=lambda o: shown(o.label)).id if dice else None

    # ------------------------------------------------------------------ placements and ties
    def on_place_unit(self, v: View) -> str | None:
        return self.unit_option(v, max)

    def on_place_unit_hex(self, v: View) -> str | None:
        st = v.table
        mine = self.bot.own_havens(v)

        def score(hid: str) -> float:
            h = st.hexes[hid]
            own = h.haven == v.d.actor
            return (2 if own and self.bot.threatened(v, hid) else 0) + own - 0.1 * h.unit_count \
                - 0.01 * self.bot.dist_to_set(v, hid, mine)
        return self.bot.hex_choice(v, score)

    def on_no_haven_hex(self, v: View) -> str | None:
        if v.p is None:
            return None
        return self.bot.hex_choice(v, lambda hid: -v.board.hex_distance(hid, v.p.hero_hex))

    def on_remove_curse(self, v: View) -> str | None:
        havens = self.bot.all_havens(v)
        return self.bot.hex_choice(v, lambda hid: -self.bot.dist_to_set(v, hid, havens))

    def on_remove_haven(self, v: View) -> str | None:
        st, cat = v.table, v.cat

        def score(hid: str) -> float:  # lose the least valuable Haven
            h = st.hexes[hid]
            tile = cat.hexes.get(h.tile)
            worth = (tile.vp * 2 + tile.resources.salt + tile.resources.plunder + tile.resources.food) if tile else 0
            return -(worth + h.unit_count)
        return self.bot.hex_choice(v, score)

    def on_target_haven(self, v: View) -> str | None:
        st = v.table
        return self.bot.hex_choice(v, lambda hid: st.hexes[hid].unit_count + st.hexes[hid].tower + st.hexes[hid].wall)

    def on_target_faction(self, v: View) -> str | None:
        st = v.table

        def strength(fac: str) -> int:
            return sum(h.unit_count for h in st.hexes.values() if h.owner == fac)
        best = max((o for o in v.ids if o.startswith("faction:")), key=lambda o: (strength(o[8:]), o), default=None)
        return best

    def on_place_unit_player(self, v: View) -> str | None:
        return v.pick(f"faction:{v.d.actor}")

    def on_activation_token(self, v: View) -> str | None:
        havens = self.bot.all_havens(v)
        best = None
        for oid in v.with_prefix("card:"):
            card = v.nem(oid[5:])
            d = self.bot.dist_to_set(v, card.hex, havens) if card is not None else 0
            if best is None or d > best[0]:
                best = (d, oid)
        return best[1] if best else None

    def on_enemy_hex(self, v: View) -> str | None:
        return self.bot.far_from_havens(v)

    # ------------------------------------------------------------------ ALWAYS
    def on_always(self, v: View) -> str | None:
        """The ALWAYS menu or a window: use a card worth it; trade AP that would otherwise be
        lost (the Actions Phase is over); else leave."""
        leave = v.pick("back", "done")
        card = self.bot.cards.action_card(v)
        if card:
            return card
        if v.p is not None and v.p.ap > 0 and v.table.phase in ("nemesis", "production", "scoring"):
            return v.pick("trade:ap") or leave
        return leave

    # ------------------------------------------------------------------ scoring
    def on_buy_vp(self, v: View) -> str | None:
        st = v.table
        if st.chapter != st.chapters:
            return "done"
        if v.p is not None and v.p.ap > 0 and "always" in v.entries and self.bot.entry_ok(v, "always"):
            return "always"  # AP left: trade it for Salt first, it buys VP too
        vp = {q.faction: q.vp for q in st.players}
        opts = [o for o in v.ids if o.startswith("vp:") and o[3:] in vp]
        if not opts:
            return "done"
        return min(opts, key=lambda o: (vp[o[3:]], o))
