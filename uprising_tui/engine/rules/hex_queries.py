"""Hex queries and the hex-choice prompt that placing and moving pieces share."""
from __future__ import annotations

from typing import TYPE_CHECKING, Generator, Iterable

from ..face.decision import Decision, Option, option, ref
from ..table.memo import per_hex
from ..face.refs import SourceRef

if TYPE_CHECKING:
    from ...content.loader import Catalog
    from .context import Ctx

Gen = Generator[Decision, str, object]


def no_haven_icon(ctx: "Ctx", hid: str) -> bool:
    """Does the hex show the cannot-gain-Haven icon? (A face-down hex shows nothing.)"""
    return shows_no_haven(ctx.cat, ctx.state.hexes[hid])


def shows_no_haven(cat: "Catalog", h) -> bool:
    """`no_haven_icon` of a hex as the table shows it: a state Hex or a public HexView."""
    if h.role in ("capital", "region"):
        return True
    if not h.explored:
        return False
    return cat.hexes[h.tile].no_haven


def empty_hexes(ctx: "Ctx", *, allow_icon: bool = True) -> list[str]:
    # Hex.empty and no_haven_icon spelled out (this runs over the whole map for every placement)
    hexes = ctx.state.hexes.values()
    if allow_icon:
        return [h.id for h in hexes
                if not (h.haven or h.curse or h.units or h.garrisons or h.skeletons or h.legions or h.hordes)]
    tiles = ctx.cat.hexes
    return [h.id for h in hexes
            if not (h.haven or h.curse or h.units or h.garrisons or h.skeletons or h.legions or h.hordes)
            and h.role not in ("capital", "region") and not (h.explored and tiles[h.tile].no_haven)]


def havens_of(ctx: "Ctx", faction: str) -> list[str]:
    """The hexes of `faction`'s Havens, in the map's order (from the Board's index, Board.havens)."""
    board = ctx.board
    got = board.havens.get(faction)
    return board.in_map_order(got) if got else []


def capital_id(ctx: "Ctx") -> str:
    return ctx.board.capital


def hex_options(ctx: "Ctx", hids: Iterable[str], prefix: str = "hex") -> list[Option]:
    out = []
    for hid in hids:  # (a loop: in 3.11 a comprehension is a function made per call)
        out.append(hex_option(ctx, hid, prefix))
    return out


@per_hex
def hex_option(ctx: "Ctx", hid: str, prefix: str) -> Option:
    """``<prefix>:<hid>``, labelled with the hex (group ``hex``)."""
    return option(f"{prefix}:{hid}", ctx.hex_label(hid), "hex", (ref("hex", hid),))


def choose_hex(ctx: "Ctx", actor: str, kind: str, prompt: str, hids: list[str], *, tie: bool = False,
               source: SourceRef | None = None) -> Gen:
    ans = yield from ctx.ask(actor, kind, prompt, hex_options(ctx, hids), tie=tie, source=source)
    return ans.split(":", 1)[1]


def fewest_units(ctx: "Ctx", hids: list[str]) -> list[str]:
    hexes = ctx.state.hexes
    out: list[str] = []
    low = None
    for hid in hids:  # one loop, not min() over a generator and a helper per hex
        n = hexes[hid].unit_count
        if low is None or n < low:
            low, out = n, [hid]
        elif n == low:
            out.append(hid)
    return out
