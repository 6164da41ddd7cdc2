"""Move: 1 AP per hex; the Hero only; does not end the turn."""
from __future__ import annotations

from ..causes import caused_by
from ..decision import Option, OptionCost, ref
from ..economy import add_ap
from ..events import HeroMoved


MOVE_COST = OptionCost(ap=1)


def options(ctx, p) -> list[Option]:
    if p.ap < 1:
        return []
    hexes = ctx.state.hexes
    kept = ctx.kept("move")
    out = []
    for n in ctx.board.hero_adjacent(p.hero_hex):
        h = hexes[n]
        got = kept.get(n)
        if got is None or got[0] is not h or got[1] != h.explored or got[2] != h.tile:  # see Ctx.kept
            got = kept[n] = (h, h.explored, h.tile, Option(f"move:{n}", f"Move to {ctx.hex_label(n)}", n, None, "move",
                                                          (ref("hex", n),), MOVE_COST))
        out.append(got[3])
    return out


@caused_by("action", "move")
def run(ctx, p, hid: str):
    add_ap(ctx, p, -1, "move")
    src = p.hero_hex
    p.hero_hex = hid
    ctx.emit(HeroMoved(p.faction, src, hid, "move"))
    return
    yield  # pragma: no cover
