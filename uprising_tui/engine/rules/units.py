"""Player Units: building, moving, exchanging, destroying. (Placing one from the reserve by a
card's effect, which may start a fight, is an effect op: op_handlers/player.py.)"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..face.events import Note, UnitDestroyed, UnitExchanged, UnitPlaced, UnitsMoved
from .pieces import to_graveyard

if TYPE_CHECKING:
    from ...content.loader import Catalog
    from .context import Ctx
    from ..table.state import Hex, Player

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


def unit_value(cat: "Catalog", unit: str) -> int:
    """How expensive a Unit is: its cheapest cost in resources, elite above basic on ties."""
    u = cat.units[unit]
    cheapest = None
    for c in u.costs:  # (min over a generator: a function made per call in 3.11)
        n = c.salt + c.plunder + c.food + c.any
        if cheapest is None or n < cheapest:
            cheapest = n
    return cheapest * 2 + (1 if u.grade == "elite" else 0)


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


def loss_label(ctx: "Ctx", unit: str, here: int) -> str:
    """An option naming the Unit kind one loss takes: 'Swordsisters: lose 1 of 2' (not 'Swordsisters
    (2)', which read as losing two)."""
    return f"{ctx.name(unit)}: lose 1 of {here}"


def destroy_player_unit(ctx: "Ctx", hid: str, unit: str, by: str) -> None:
    """A player Unit destroyed in combat goes to the Graveyard of `by` (empire/chaos);
    by='reserve' returns it, by='box' removes it from the game."""
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

