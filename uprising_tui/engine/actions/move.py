"""Move: 1 AP per hex; the Hero only; does not end the turn."""
from __future__ import annotations

from ..context import caused_by
from ..decision import Option, OptionCost, ref
from ..economy import add_ap
from ..events import HeroMoved


MOVE_COST = OptionCost(ap=1)


def options(ctx, p) -> list[Option]:
    if p.ap < 1:
        return []
    hex_option = ctx.hex_option
    return [hex_option(f"move:{n}", n, lambda label, n=n: Option(f"move:{n}", f"Move to {label}", n, None, "move",
                                                                  (ref("hex", n),), MOVE_COST))
            for n in ctx.board.hero_adjacent(p.hero_hex)]


@caused_by("action", "move")
def run(ctx, p, hid: str):
    add_ap(ctx, p, -1, "move")
    src = p.hero_hex
    p.hero_hex = hid
    ctx.emit(HeroMoved(p.faction, src, hid, "move"))
    return
    yield  # pragma: no cover
