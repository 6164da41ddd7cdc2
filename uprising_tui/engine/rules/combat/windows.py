"""When a side may play its cards in a combat: at each card window (a part of the combat and,
inside a round, a step) the Feats, Items and Quests whose timing, limits and conditions allow
them, offered one at a time until the side continues. Mixed into Combat (fight.py), which calls
``card_window`` at every window the rulebook's sequence has; what a card then does is effects.py's
and the ops executor's."""
from __future__ import annotations

from typing import TYPE_CHECKING, Generator

from ..cards import _uses, can_use_card, card_option, card_use, combat_cards_at, pay_card_cost
from .dice import Side
from ...face.decision import Decision, option
from ...ops.executor import Source, run_effect

if TYPE_CHECKING:
    from ..context import Ctx

Gen = Generator[Decision, str, object]
CONTINUE = option("done", "Continue", "done")


class CardWindows:
    ctx: "Ctx"
    hid: str

    def usable_cards(self, side: Side, part: str, step: str | None) -> list[str]:
        ctx = self.ctx
        if side.kind != "player":
            return []
        timed = combat_cards_at(ctx.cat, part, step)  # the timing first: it rules out most cards cheaply
        p = self._player(side.owner)
        out = []
        for cards in (p.feats, p.items, p.quests):
            for c in cards:
                cid = c.id
                if cid not in timed or not c.face_up:
                    continue
                use, eff = _uses(ctx.cat)[cid]
                if not can_use_card(ctx, p, cid):
                    continue
                if use.hero_hex and not self.hero_here(side):
                    continue
                if use.limit == "once_per_round" and cid in side.used_round:
                    continue
                if use.limit == "once_per_combat" and cid in side.used_combat:
                    continue
                if part == "after_combat":
                    swaps = [op for op in eff if op.op == "exchange_unit"]
                    here = ctx.state.hexes[self.hid].units
                    if swaps and not (self.alive(side) and any(
                            here.get(op.from_unit) and p.reserve.get(op.to_unit, 0) > 0 for op in swaps)):
                        continue  # nothing to exchange: the card would be flipped for nothing
                out.append(cid)
        return out

    def card_window(self, side: Side, part: str, step: str | None):
        """The side's cards of this part and step, one at a time until it continues: a generator to
        ``yield from``, or ``()`` when the side has no card to use here (most windows: no generator
        is made for them). What the window does and when is the same either way: its first check
        runs at once, as the first step of the generator would when ``yield from`` starts it."""
        if side.kind != "player":
            return ()  # only players hold cards (usable_cards is empty)
        cards = self.usable_cards(side, part, step)
        if not cards:
            return ()
        return self._card_window(side, part, step, cards)

    def _card_window(self, side: Side, part: str, step: str | None, cards: list[str]) -> Gen:
        ctx = self.ctx
        used_here: set[str] = set()  # a card with no limit still acts once per window
        while True:
            if used_here:
                cards = [c for c in self.usable_cards(side, part, step) if c not in used_here]
            if not cards:
                return
            opts = [card_option(ctx, c) for c in cards]
            opts.append(CONTINUE)
            when = part.replace("_", " ") + (f", {step.replace('_', ' ')}" if step else "")
            pick = yield from ctx.ask(side.owner, "combat_card", f"Combat ({when}): use a card?", opts,
                                      source=self.source(part + (f" {step}" if step else "")))
            if pick == "done":
                return
            cid = pick.split(":", 1)[1]
            used_here.add(cid)
            side.used_round.add(cid)
            side.used_combat.add(cid)
            p = ctx.state.player(side.owner)
            _, eff = card_use(ctx, cid)
            pay_card_cost(ctx, p, cid)
            yield from run_effect(ctx, eff, Source(side.owner, self.hid, cid, side=side))
