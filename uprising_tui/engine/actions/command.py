"""Command: 1 AP + 1 Food; choose an explored hex and bring adjacent Units and/or the Hero."""
from __future__ import annotations

from ..decision import Option
from ..economy import add_ap, pay
from ..events import HeroMoved
from ..units import HEX_LIMIT, move_units


def _enterable(ctx, p, hid: str) -> bool:
    h = ctx.state.hexes[hid]
    if not (h.explored or h.curse):
        return False
    return h.owner in (None, p.faction) and h.haven in (None, p.faction)


def sources(ctx, p, dst: str) -> list[str]:
    """Hexes whose Units of `p` may step into `dst`."""
    out = []
    for h in ctx.state.hexes.values():
        if h.owner == p.faction and h.units and h.id != dst and ctx.board.units_can_step(h.id, dst):
            out.append(h.id)
    return out


def hero_can_come(ctx, p, dst: str) -> bool:
    return p.hero_hex != dst and dst in ctx.board.hero_adjacent(p.hero_hex)


def reach(ctx, p) -> dict[str, list[str]]:
    """For each hex, the hexes whose Units of `p` could step into it."""
    out: dict[str, list[str]] = {}
    for h in ctx.state.hexes.values():
        if h.owner == p.faction and h.units:
            for n in ctx.board.unit_adjacent(h.id):
                out.setdefault(n, []).append(h.id)
    return out


def options(ctx, p) -> list[Option]:
    if p.ap < 1 or p.food < 1:
        return []
    fac = p.faction
    board = ctx.board
    hexes = ctx.state.hexes
    units_reach: set[str] = set()
    for h in hexes.values():
        if h.owner == fac:
            units_reach.update(board.unit_adjacent(h.id))
    hero_reach = set(board.hero_adjacent(p.hero_hex))
    out = []
    for hid, h in hexes.items():
        by_units = hid in units_reach
        if not by_units and hid not in hero_reach:
            continue
        if not (h.explored or h.curse) or h.owner not in (None, fac) or h.haven not in (None, fac):
            continue
        room = by_units and sum(h.units.values()) < HEX_LIMIT
        if room or hid in hero_reach:  # Units and/or the Hero: the Hero may come alone
            out.append(Option(f"command:{hid}", f"Command into {ctx.hex_label(hid)}", hex=hid))
    return out


def run(ctx, p, dst: str):
    add_ap(ctx, p, -1, "Command")
    pay(ctx, p, "Command", food=1)
    st = ctx.state
    h = st.hexes[dst]
    moved = 0
    while True:
        opts = []
        if h.unit_count < HEX_LIMIT:
            for src in sources(ctx, p, dst):
                for unit in sorted(st.hexes[src].units):
                    opts.append(Option(f"bring:{src}:{unit}", f"Bring 1 {ctx.name(unit)} from {ctx.hex_label(src)}", hex=src))
        if hero_can_come(ctx, p, dst):
            opts.append(Option("hero", "Bring your Hero", hex=p.hero_hex))
        if moved:
            opts.append(Option("done", "March!"))
        if not opts:
            break
        pick = yield from ctx.ask(p.faction, "command_units", f"Command into {ctx.hex_label(dst)}: who comes?", opts)
        if pick == "done":
            break
        if pick == "hero":
            src = p.hero_hex
            p.hero_hex = dst
            ctx.emit(HeroMoved(p.faction, src, dst))
        else:
            _, src, unit = pick.split(":")
            move_units(ctx, p.faction, unit, 1, src, dst)
        moved += 1
    from ..fights import settle
    yield from settle(ctx, dst, attacker=p.faction)
