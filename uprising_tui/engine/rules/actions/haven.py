"""Haven: 1 AP + the faction's Haven cost in Plunder, on the Hero's hex."""
from __future__ import annotations

from ..cards import fire_triggers
from ..causes import caused_by
from ...face.decision import Option, OptionCost, option, ref
from ..economy import add_ap, pay
from ...face.events import HavenBuilt
from ..hex_queries import shows_no_haven


def can_build(ctx, p, hid: str) -> bool:
    return can_build_on(ctx.cat, ctx.state.hexes[hid], p)


def can_build_on(cat, h, p) -> bool:
    """May `p` build a Haven on hex `h`? `h` and `p` as the table shows them: a state Hex and
    Player, or the public view's HexView and PlayerView (the bots read those)."""
    return (h.explored and not h.curse and h.haven is None and h.owner in (None, p.faction)
            and not (h.garrisons or h.legions or h.skeletons or h.hordes) and p.havens_in_supply > 0
            and not shows_no_haven(cat, h))  # (the catalog's icon last: the costliest to read)


def options(ctx, p) -> list[Option]:
    if p.ap < 1 or p.havens_in_supply <= 0:  # (the cheapest checks first: this is asked every turn)
        return []
    cost = ctx.cat.factions[p.faction].haven_cost
    if p.plunder < cost or not can_build(ctx, p, p.hero_hex):
        return []
    return [option("haven", f"Build a Haven here ({cost} Plunder)", "haven", (ref("hex", p.hero_hex),),
                   OptionCost(ap=1, plunder=cost))]


@caused_by("action", "haven")
def run(ctx, p):
    add_ap(ctx, p, -1, "haven")
    pay(ctx, p, "haven", plunder=ctx.cat.factions[p.faction].haven_cost)
    place_haven(ctx, p, p.hero_hex)
    yield from fire_triggers(ctx, "haven_built", only=p.faction)


def place_haven(ctx, p, hid: str) -> None:
    ctx.state.hexes[hid].haven = p.faction
    p.havens_in_supply -= 1
    ctx.emit(HavenBuilt(p.faction, hid))
