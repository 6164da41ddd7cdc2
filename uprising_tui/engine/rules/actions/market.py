"""Market: 1 AP + the Item's Salt cost (1 less on a Sea Tower); refill at once."""
from __future__ import annotations

from ..cards import meets, refill_market, take_card
from ..causes import caused_by
from ...face.decision import Option, OptionCost, option
from ..economy import add_ap, pay
from ...table.memo import static
from ...face.refs import Ref


def price(ctx, p, iid: str) -> int:
    """An Item's Salt, 1 less on a Sea Tower."""
    cost = ctx.cat.items[iid].cost
    if ctx.board.is_sea_tower(p.hero_hex):
        cost = max(0, cost - 1)
    return cost


def options(ctx, p) -> list[Option]:
    if p.ap < 1:
        return []
    out = []
    sea_tower = ctx.board.is_sea_tower(p.hero_hex)  # (what price() reads, once)
    for iid in ctx.state.market:
        item = ctx.cat.items[iid]
        cost = max(0, item.cost - 1) if sea_tower else item.cost
        if p.salt >= cost and meets(p, item.requires.items()):  # (can_use_item)
            out.append(buy_option(ctx, iid, cost))
    return out


@static
def buy_option(ctx, iid: str, cost: int) -> Option:
    return option(f"market:{iid}", f"Buy {ctx.name(iid)} ({cost} Salt)", "market", (Ref("card", iid),),
                  OptionCost(ap=1, salt=cost))


@caused_by("action", "market")
def run(ctx, p, iid: str):
    add_ap(ctx, p, -1, "market")
    pay(ctx, p, "market", salt=price(ctx, p, iid))
    ctx.state.market.remove(iid)
    refill_market(ctx)
    yield from take_card(ctx, p, "item", iid, "bought")
