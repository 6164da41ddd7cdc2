"""Trade: 1 AP → 1 Salt (ALWAYS); Heros sharing a hex may also pass resources and Items."""
from __future__ import annotations

from ..cards import can_use_item, enforce_limit
from ..causes import caused_by
from ...face.decision import Option, OptionCost, option, ref
from ..economy import RES_NAME, apply_always, gain
from ...face.events import ItemGiven, Note

GIFT_COST = {r: OptionCost(**{r: 1}) for r in ("salt", "plunder", "food")}  # what giving 1 of a resource spends


def partners(ctx, p):
    return [q for q in ctx.state.seat_order() if q is not p and q.hero_hex == p.hero_hex]


def transfer_options(ctx, p) -> list[Option]:
    """Gifts and requests between Heros on the same hex (only after a Trade this turn)."""
    out = []
    for q in partners(ctx, p):
        for r in ("salt", "plunder", "food"):
            who = (ref("faction", q.faction), ref("resource", r))
            if p.res(r) > 0:
                out.append(option(f"give:{q.faction}:{r}", f"Give 1 {RES_NAME[r]} to {ctx.name(q.faction)}", "trade",
                                  who, GIFT_COST[r]))
            if q.res(r) > 0:
                out.append(option(f"ask:{q.faction}:{r}", f"Ask {ctx.name(q.faction)} for 1 {RES_NAME[r]}", "trade", who))
        for c in p.items:
            if can_use_item(ctx, q, c.id):
                out.append(option(f"give_item:{q.faction}:{c.id}", f"Give {ctx.name(c.id)} to {ctx.name(q.faction)}",
                                  "trade", (ref("faction", q.faction), ref("card", c.id))))
        for c in q.items:
            if can_use_item(ctx, p, c.id):
                out.append(option(f"ask_item:{q.faction}:{c.id}", f"Ask {ctx.name(q.faction)} for {ctx.name(c.id)}",
                                  "trade", (ref("faction", q.faction), ref("card", c.id))))
    return out


@caused_by("action", "trade")
def run_transfer(ctx, p, oid: str):
    kind, fac, what = oid.split(":", 2)
    q = ctx.state.player(fac)
    giver, taker = (p, q) if kind.startswith("give") else (q, p)
    if kind.startswith("ask"):
        label = ctx.name(what) if kind == "ask_item" else f"1 {RES_NAME[what]}"
        yes = yield from ctx.ask(q.faction, "trade_consent", f"{ctx.name(p.faction)} asks you for {label}",
                                 [option("yes", "Agree", "choice", (ref("faction", p.faction),)),
                                  option("no", "Refuse", "choice", (ref("faction", p.faction),))])
        if yes != "yes":
            ctx.emit(Note("trade_refused", (q.faction, p.faction)))
            return
    if kind.endswith("item"):
        card = next(c for c in giver.items if c.id == what)
        giver.items.remove(card)
        taker.items.append(card)
        ctx.emit(ItemGiven(giver.faction, taker.faction, what))
        yield from enforce_limit(ctx, taker)
    else:
        gain(ctx, giver, "gift", **{what: -1})
        gain(ctx, taker, "gift", **{what: 1})


@caused_by("action", "trade")
def run(ctx, p):
    apply_always(ctx, p, "trade:ap")
    return
    yield  # pragma: no cover
