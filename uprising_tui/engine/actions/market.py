"""Market: 1 AP + the Item's Salt cost (1 less on a Sea Tower); refill at once."""
from __future__ import annotations

from ..cards import can_use_item, refill_market, take_card
from ..causes import caused_by
from ..decision import Option, OptionCost, option
from ..economy import add_ap, pay
from ..refs import Ref


def price(ctx, p, iid: str) -> int:
    cost = ctx.cat.items[iid].cost
    if ctx.board.is_sea_tower(p.hero_hex):
        cost = max(0, cost - 1)
    return cost


def options(ctx, p) -> list[Option]:
    if p.ap < 1:
        return []
    out = []
    items = ctx.cat.items
    sea_tower = ctx.board.is_sea_tower(p.hero_hex)  # what price() reads, read once
    kept = ctx.kept("static:market_sea" if sea_tower else "static:market")  # by Item id: see Ctx.kept
    for iid in ctx.state.market:
        cost = items[iid].cost
        if sea_tower:
            cost = max(0, cost - 1)
        if p.salt >= cost and can_use_item(ctx, p, iid):
            got = kept.get(iid)
            if got is None:
                got = kept[iid] = option(f"market:{iid}", f"Buy {ctx.name(iid)} ({cost} Salt)", "market",
                                         (Ref("card", iid),), OptionCost(ap=1, salt=cost))
            out.append(got)
    return out


@caused_by("action", "market")
def run(ctx, p, iid: str):
    add_ap(ctx, p, -1, "market")
    pay(ctx, p, "market", salt=price(ctx, p, iid))
    ctx.state.market.remove(iid)
    refill_market(ctx)
    yield from take_card(ctx, p, "item", iid, "bought")
