"""Move: 1 AP per hex; the Hero only; does not end the turn."""
from __future__ import annotations

from ..causes import caused_by
from ...face.decision import Option, OptionCost, option, ref
from ..economy import add_ap
from ...face.events import HeroMoved
from ...table.memo import per_area, per_hex

MOVE_COST = OptionCost(ap=1)


def options(ctx, p) -> list[Option]:
    if p.ap < 1:
        return []
    return list(moves_from(ctx, p.hero_hex))


@per_area
def moves_from(ctx, hid: str) -> tuple[Option, ...]:
    """The moves of a Hero standing on `hid`: into each hex next to it."""
    out = []
    for n in ctx.board.hero_adjacent(hid):  # (a loop: in 3.11 a comprehension is a function made per call)
        out.append(move_option(ctx, n))
    return tuple(out)


@per_hex
def move_option(ctx, hid: str) -> Option:
    return option(f"move:{hid}", f"Move to {ctx.hex_label(hid)}", "move", (ref("hex", hid),), MOVE_COST)


@caused_by("action", "move")
def run(ctx, p, hid: str):
    add_ap(ctx, p, -1, "move")
    src = p.hero_hex
    p.hero_hex = hid
    ctx.emit(HeroMoved(p.faction, src, hid, "move"))
    return
    yield  # pragma: no cover
