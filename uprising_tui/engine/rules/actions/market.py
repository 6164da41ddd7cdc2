"""Market: 1 AP + the Item's Salt cost (1 less on a Sea Tower); refill at once.

``offer(cat, view, faction)`` tells a client, from the public view alone, every Item on offer
with its price for that Hero and what keeps the Hero from buying it (Salt short, attributes
lacking), the same tests the Market options make."""
from __future__ import annotations

from typing import NamedTuple

from ..cards import meets, refill_market, take_card
from ..causes import caused_by
from ...face.decision import Option, OptionCost, option, ref
from ..economy import add_ap, pay
from ...table.memo import static


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
    return option(f"market:{iid}", f"Buy {ctx.name(iid)} ({cost} Salt)", "market", (ref("card", iid),),
                  OptionCost(ap=1, salt=cost))


class Offer(NamedTuple):
    """One Item of the Market as a Hero meets it."""
    item: str
    price: int  # Salt, here (1 less on a Sea Tower)
    salt_short: int  # Salt the Hero lacks for it (0: enough)
    needs: tuple[tuple[str, int], ...]  # (attribute, level) the Item needs that the Hero lacks

    @property
    def buyable(self) -> bool:
        """Affordable and usable (the Action still needs 1 AP and a turn)."""
        return not self.salt_short and not self.needs


def offer(cat, view, faction: str) -> list[Offer]:
    """Every Item on offer, in Market order, for `faction`'s Hero, read from a public view."""
    p = view.player(faction)
    here = view.hexes.get(p.hero_hex)
    sea_tower = here is not None and here.sea_tower  # (the view's sea_tower is Board.is_sea_tower)
    out = []
    for iid in view.market:
        item = cat.items[iid]
        cost = max(0, item.cost - 1) if sea_tower else item.cost
        needs = tuple((a, n) for a, n in item.requires.items() if not meets(p, ((a, n),)))
        out.append(Offer(iid, cost, max(0, cost - p.salt), needs))
    return out


@caused_by("action", "market")
def run(ctx, p, iid: str):
    add_ap(ctx, p, -1, "market")
    pay(ctx, p, "market", salt=price(ctx, p, iid))
    ctx.state.market.remove(iid)
    refill_market(ctx)
    yield from take_card(ctx, p, "item", iid, "bought")
