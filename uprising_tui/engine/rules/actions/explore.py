"""Explore: flip the unexplored hex under the Hero; resolve its effect; orient it."""
from __future__ import annotations

from ..causes import caused_by
from ...face.decision import Option, OptionCost, option, ref
from ..economy import add_ap
from ...ops.executor import Source, run_effect
from ...face.events import HexExplored, HexOriented
from ...face.refs import SourceRef
from ..fights import settle

COST = OptionCost(ap=1)


def options(ctx, p) -> list[Option]:
    h = ctx.state.hexes[p.hero_hex]
    if p.ap < 1 or h.explored or h.curse:
        return []
    return [option("explore", f"Explore {h.id}", "explore", (ref("hex", h.id),), COST)]


def flip_hex(ctx, p, hid: str):
    st = ctx.state
    h = st.hexes[hid]
    tile = ctx.cat.hexes[h.tile]
    h.explored = True
    ctx.emit(HexExplored(p.faction, hid, h.tile, h.rotation))
    with ctx.cause(SourceRef("hex", h.tile, "explore")):
        yield from run_effect(ctx, tile.explore, Source(p.faction, hid, h.tile))
    if tile.impassable:
        opts = [option(f"rotate:{r}", f"Turn the impassable edges to {', '.join(str((e + r) % 6) for e in tile.impassable)}",
                       "choice", (ref("hex", hid),)) for r in range(6)]
        with ctx.cause(SourceRef("rule", "orientation")):
            pick = yield from ctx.ask(p.faction, "orient", f"Orient {tile.name}'s impassable edges", opts)
            h.rotation = int(pick.split(":")[1])
            ctx.emit(HexOriented(p.faction, hid, h.rotation))
    yield from settle(ctx, hid, attacker=None)


@caused_by("action", "explore")
def run(ctx, p):
    add_ap(ctx, p, -1, "explore")
    yield from flip_hex(ctx, p, p.hero_hex)
