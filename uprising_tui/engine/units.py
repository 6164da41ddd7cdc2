"""Player Units: placing from the reserve, moving, exchanging, destroying."""
from __future__ import annotations

from typing import TYPE_CHECKING, Generator

from .decision import Decision, option
from .events import Note, UnitDestroyed, UnitExchanged, UnitPlaced, UnitsMoved
from .hex_queries import hex_options
from .refs import Ref
from .kept import kept_module

if TYPE_CHECKING:
    from .context import Ctx
    from .state import Hex, Player

Gen = Generator[Decision, str, object]
HEX_LIMIT = 5


def can_hold(ctx: "Ctx", h: "Hex", faction: str, n: int = 1) -> bool:
    """May `faction` have `n` more Units here? (5 per hex, no other faction's Units or Haven)."""
    if h.owner not in (None, faction):
        return False
    if h.haven not in (None, faction):
        return False
    return sum(h.units.values()) + n <= HEX_LIMIT  # Hex.unit_count


def add_units(ctx: "Ctx", h: "Hex", faction: str, unit: str, n: int = 1) -> None:
    h.units[unit] = h.units.get(unit, 0) + n
    old = h.owner
    if old != faction:  # the Board's index of each faction's hexes follows (Board.owned)
        owned = ctx.board.owned
        if old is not None:
            owned[old].pop(h.id, None)
        got = owned.get(faction)
        if got is None:
            got = owned[faction] = {}
        got[h.id] = None
        h.owner = faction


def take_units(ctx: "Ctx", h: "Hex", unit: str, n: int = 1) -> None:
    left = h.units[unit] - n
    if left < 0:
        raise RuntimeError(f"not enough {unit} on {h.id}")
    if left:
        h.units[unit] = left
    else:
        del h.units[unit]
    if not h.units:
        if h.owner is not None:
            ctx.board.owned[h.owner].pop(h.id, None)
        h.owner = None


def move_units(ctx: "Ctx", faction: str, unit: str, n: int, src: str, dst: str) -> None:
    take_units(ctx, ctx.state.hexes[src], unit, n)
    add_units(ctx, ctx.state.hexes[dst], faction, unit, n)
    ctx.emit(UnitsMoved(faction, unit, n, src, dst))


def build_unit(ctx: "Ctx", p: "Player", unit: str, hid: str, reason: str) -> None:
    if p.reserve.get(unit, 0) <= 0:
        raise RuntimeError(f"no {unit} in reserve")
    p.reserve[unit] -= 1
    add_units(ctx, ctx.state.hexes[hid], p.faction, unit)
    ctx.emit(UnitPlaced(p.faction, unit, hid, reason))


def unit_value(ctx: "Ctx", unit: str) -> int:
    """How expensive a Unit is: its cheapest cost in resources, elite above basic on ties."""
    u = ctx.cat.units[unit]
    cheapest = min(c.salt + c.plunder + c.food + c.any for c in u.costs)
    return cheapest * 2 + (1 if u.grade == "elite" else 0)


def place_from_reserve(ctx: "Ctx", p: "Player", grade: str, where: str, here: str | None, chooser: str) -> Gen:
    """Place one Unit of the given grade from `p`'s reserve (a card or hex effect)."""
    st = ctx.state
    kinds = [u for u, n in p.reserve.items() if n > 0 and (grade == "any" or ctx.cat.units[u].grade == grade)]
    if where == "here":
        spots = [here] if here and can_hold(ctx, st.hexes[here], p.faction) and st.hexes[here].explored else []
    else:
        spots = [h.id for h in st.hexes.values() if h.haven == p.faction and can_hold(ctx, h, p.faction)]
        if where == "haven_or_empty_explored":
            spots += [h.id for h in st.hexes.values() if h.explored and h.empty]
    if not kinds or not spots:
        ctx.emit(Note("nothing_to_place", (p.faction,)))
        return
    opts = [option(f"unit:{u}", ctx.name(u), "unit", (Ref("unit", u), Ref("faction", p.faction))) for u in kinds]
    while True:  # the hex choice may be cancelled back to the Unit's (when there was a choice of Unit)
        unit = (yield from ctx.ask(chooser, "place_unit", f"Which {ctx.name(p.faction)} Unit is placed?",
                                   opts)).split(":", 1)[1]
        pick = yield from ctx.ask(chooser, "place_unit_hex", f"Where does the {ctx.name(unit)} go?",
                                  hex_options(ctx, spots), cancel=len(kinds) > 1, chosen=(Ref("unit", unit),))
        if pick != "cancel":
            break
    hid = pick.split(":", 1)[1]
    build_unit(ctx, p, unit, hid, "effect")
    yield from _fights().settle(ctx, hid, attacker=p.faction)


def exchange_unit(ctx: "Ctx", p: "Player", hid: str | None, src_unit: str, dst_unit: str) -> None:
    if hid is None:
        return
    h = ctx.state.hexes[hid]
    if h.units.get(src_unit, 0) <= 0 or p.reserve.get(dst_unit, 0) <= 0:
        ctx.emit(Note("nothing_to_exchange", (p.faction,)))
        return
    take_units(ctx, h, src_unit)
    p.reserve[src_unit] = p.reserve.get(src_unit, 0) + 1
    p.reserve[dst_unit] -= 1
    add_units(ctx, h, p.faction, dst_unit)
    ctx.emit(UnitExchanged(p.faction, hid, src_unit, dst_unit))


def destroy_player_unit(ctx: "Ctx", hid: str, unit: str, by: str) -> None:
    """A player Unit destroyed in combat goes to the Graveyard of `by` (empire/chaos);
    by='reserve' returns it, by='box' removes it from the game."""
    to_graveyard = _pieces().to_graveyard
    h = ctx.state.hexes[hid]
    fac = h.owner
    take_units(ctx, h, unit)
    p = ctx.state.player(fac)
    if by in ("empire", "chaos"):
        to_graveyard(ctx, by, fac, unit)
    elif by == "box":
        p.removed_units[unit] = p.removed_units.get(unit, 0) + 1
    else:
        p.reserve[unit] = p.reserve.get(unit, 0) + 1
    ctx.emit(UnitDestroyed(fac, unit, hid, by))


_fights = kept_module("fights")


_pieces = kept_module("pieces")
