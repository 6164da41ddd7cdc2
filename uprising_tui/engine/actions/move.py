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
    board = ctx.board
    kept = board.by_area("move")  # by the Hero's hex: the options of the hexes next to it
    got = kept.get(p.hero_hex)
    if got is None:
        each = board.by_hex("move")  # the option of each hex (its label names the hex)
        out = []
        for n in board.hero_adjacent(p.hero_hex):
            opt = each.get(n)
            if opt is None:
                opt = each[n] = Option(f"move:{n}", f"Move to {ctx.hex_label(n)}", n, None, "move", (ref("hex", n),),
                                       MOVE_COST)
            out.append(opt)
        got = kept[p.hero_hex] = tuple(out)
    return list(got)


@caused_by("action", "move")
def run(ctx, p, hid: str):
    add_ap(ctx, p, -1, "move")
    src = p.hero_hex
    p.hero_hex = hid
    ctx.emit(HeroMoved(p.faction, src, hid, "move"))
    return
    yield  # pragma: no cover
