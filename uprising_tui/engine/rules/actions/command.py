"""Command: 1 AP + 1 Food; choose an explored hex and bring adjacent Units and/or the Hero.

Who comes is chosen first, one pick at a time, and nothing moves or is paid until "March!":
until then ``cancel`` backs out to the turn with nothing changed. On March the AP and Food
are paid, everyone chosen moves at once, and the hex's combats are fought.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..causes import caused_by
from ...face.decision import CANCEL, CANCELLED, Option, OptionCost, new_tuple, option, ref
from ..economy import add_ap, pay
from ...face.events import HeroMoved
from ...table.memo import per_hex, per_units, static
from ..fights import settle
from ...face.refs import Ref
from ..units import HEX_LIMIT, move_units, unit_value

COST = OptionCost(ap=1, food=1)


def _enterable(ctx, p, hid: str) -> bool:
    h = ctx.state.hexes[hid]
    if not (h.explored or h.curse):
        return False
    return h.owner in (None, p.faction) and h.haven in (None, p.faction)


def sources(ctx, p, dst: str) -> list[str]:
    """Hexes whose Units of `p` may step into `dst`."""
    board = ctx.board
    owned = board.owned.get(p.faction)  # the hexes of p's Units (Board.owned)
    if not owned:
        return []
    hexes, unit_adjacent = ctx.state.hexes, board.unit_adjacent  # where a Unit standing there may step
    out = []
    for hid in owned:
        if hid != dst and hexes[hid].units and dst in unit_adjacent(hid):
            out.append(hid)
    return board.in_map_order(out) if len(out) > 1 else out  # (the few that can come, sorted)


def hero_can_come(ctx, p, dst: str) -> bool:
    return p.hero_hex != dst and dst in ctx.board.hero_adjacent(p.hero_hex)


def reach(ctx, p) -> dict[str, list[str]]:
    """For each hex, the hexes whose Units of `p` could step into it."""
    out: dict[str, list[str]] = {}
    board, hexes = ctx.board, ctx.state.hexes
    for hid in board.in_map_order(board.owned.get(p.faction, ())):
        if hexes[hid].units:
            for n in board.unit_adjacent(hid):
                out.setdefault(n, []).append(hid)
    return out


def options(ctx, p) -> list[Option]:
    if p.ap < 1 or p.food < 1:
        return []
    fac = p.faction
    board = ctx.board
    hexes = ctx.state.hexes
    units_reach = board.unit_reach(fac)  # where p's Units may step, as bits (Board.bit)
    hero_reach = board.hero_reach(p.hero_hex)
    out = []
    for hid, bit in board.in_order(units_reach | hero_reach):
        h = hexes[hid]
        if not (h.explored or h.curse):
            continue
        haven = h.haven
        if haven is not None and haven != fac:
            continue
        owner = h.owner  # None: no Units here
        # into p's own Units: the Hero may come alone; Units (the hex is in their reach otherwise) while there is room
        if owner is not None and (owner != fac or not (hero_reach & bit or sum(h.units.values()) < HEX_LIMIT)):
            continue
        out.append(command_option(ctx, hid))
    return out


@per_hex
def command_option(ctx, hid: str) -> Option:
    return option(f"command:{hid}", f"Command into {ctx.hex_label(hid)}", "command", (ref("hex", hid),), COST)


@per_hex
def bring_option(ctx, src: str, unit: str) -> Option:
    return option(f"bring:{src}:{unit}", f"Bring 1 {ctx.name(unit)} from {ctx.hex_label(src)}", "unit",
                  (ref("hex", src), ref("unit", unit)))


@static
def hero_option(ctx, faction: str, src: str) -> Option:
    return option("hero", "Bring your Hero", "unit", (ref("hex", src), ref("hero", faction)))


@static
def march_option(ctx, dst: str) -> Option:
    return option("done", "March!", "done", (ref("hex", dst),), COST)


def _still_there(ctx, dst: str, picks: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The picks whose Units still stand where they were chosen, within the hex limit."""
    if not picks:  # (the first pick of every Command)
        return []
    hexes = ctx.state.hexes
    left = HEX_LIMIT - sum(hexes[dst].units.values())  # Hex.unit_count
    taken: dict[tuple[str, str], int] = {}
    out = []
    for pick in picks:
        n = taken.get(pick, 0)
        if left > 0 and hexes[pick[0]].units.get(pick[1], 0) - n > 0:
            taken[pick] = n + 1
            left -= 1
            out.append(pick)
    return out


@per_units
def comers(ctx, faction: str, dst: str) -> tuple[tuple[str, str], ...]:
    """Every Unit of `faction` that could come to `dst`, one (from hex, unit) entry each, in the
    order the single picks are offered (hexes in map order, Unit types by id)."""
    hexes = ctx.state.hexes
    out: list[tuple[str, str]] = []
    for src in sources(ctx, ctx.state.player(faction), dst):
        units = hexes[src].units
        for unit in sorted(units) if len(units) > 1 else units:
            out.extend([(src, unit)] * units[unit])
    return tuple(out)


def _pool(ctx, p, dst: str, picks: list[tuple[str, str]]) -> Sequence[tuple[str, str]]:
    """Every Unit of `p` that could still be chosen: those that could come (`comers`) less the
    picks so far, in the same order."""
    pool = comers(ctx, p.faction, dst)
    if not picks:
        return pool
    out = list(pool)
    for pick in picks:  # each pick takes the first of its (hex, unit) entries
        if pick in out:
            out.remove(pick)
    return out


def _room(ctx, dst: str, picks) -> int:
    return HEX_LIMIT - sum(ctx.state.hexes[dst].units.values()) - len(picks)  # Hex.unit_count


def _shortcuts(ctx, pool: Sequence[tuple[str, str]], room: int) -> dict[str, tuple[str, list[tuple[str, str]]]]:
    """The several-at-once picks on offer, given who could still come (`_pool`) and the room
    left: option id -> (label, the (from hex, unit) picks it makes).

    ``bring:all`` brings every Unit that can still come (the dearest first, up to the hex limit)
    when that is two or more; ``bring:<unit>*<n>`` brings `n` of one type (as many as can come
    and fit) when two or more of it can and other types could come too (with one type only,
    ``bring:all`` is the same pick)."""
    if room < 2 or len(pool) < 2:
        return {}
    out: dict[str, tuple[str, list[tuple[str, str]]]] = {}
    kinds: dict[str, int] = {}
    for _, unit in pool:
        kinds[unit] = kinds.get(unit, 0) + 1
    if len(kinds) > 1:
        for unit in sorted(kinds):
            n = min(kinds[unit], room)
            if n >= 2:
                brings = []  # the first `n` of this type (a loop: a comprehension is a function made per call in 3.11)
                for pick in pool:
                    if pick[1] == unit:
                        brings.append(pick)
                out[f"bring:{unit}*{n}"] = (f"Bring {n} {ctx.name(unit)}", brings[:n])
    if len(pool) <= room:
        out["bring:all"] = (f"Bring all {len(pool)} Units that can come", pool)
    else:
        value = {unit: unit_value(ctx.cat, unit) for unit in kinds}  # once per type, not per Unit
        dearest = sorted(pool, key=lambda t: (-value[t[1]], t[1], t[0]))[:room]
        out["bring:all"] = (f"Bring {room} Units, the dearest first (room for {room})", dearest)
    return out


def shortcut_picks(ctx, p, dst: str, picks: list[tuple[str, str]], option_id: str) -> list[tuple[str, str]] | None:
    """The (from hex, unit) picks a several-at-once option (``bring:all``, ``bring:<unit>*<n>``)
    makes, given the picks so far; None when `option_id` is not one on offer."""
    picks = _still_there(ctx, dst, picks)
    got = _shortcuts(ctx, _pool(ctx, p, dst, picks), _room(ctx, dst, picks)).get(option_id)
    return list(got[1]) if got is not None else None


def _shortcut_option(oid: str, label: str, brings: list[tuple[str, str]]) -> Option:
    """A several-at-once pick: it points at the hexes the Units come from, then at their types
    (one Ref per hex and per type, not per Unit); its hex is the first of them."""
    srcs: dict[str, Ref] = {}
    kinds: dict[str, Ref] = {}
    for src, unit in brings:
        if src not in srcs:
            srcs[src] = ref("hex", src)
        if unit not in kinds:
            kinds[unit] = ref("unit", unit)
    return new_tuple(Option, (oid, label, brings[0][0], None, "unit", (*srcs.values(), *kinds.values()), None))  # Option(...)


def unit_options(ctx, p, dst: str, picks: list[tuple[str, str]], hero: bool) -> list[Option]:
    """Who may still come (one at a time, or several at once), and March! once someone has been
    chosen and the cost can be paid."""
    picks[:] = _still_there(ctx, dst, picks)
    opts = []
    room = _room(ctx, dst, picks)
    if room > 0:
        pool = _pool(ctx, p, dst, picks)  # one entry per Unit that could come: each (hex, type) once is a single pick
        for src, unit in dict.fromkeys(pool):
            opts.append(bring_option(ctx, src, unit))
        for oid, (label, brings) in _shortcuts(ctx, pool, room).items():
            opts.append(_shortcut_option(oid, label, brings))
    if not hero and hero_can_come(ctx, p, dst):
        opts.append(hero_option(ctx, p.faction, p.hero_hex))
    if (picks or hero) and p.ap >= 1 and p.food >= 1:
        opts.append(march_option(ctx, dst))
    return opts or [CANCEL]


@caused_by("action", "command")
def run(ctx, p, dst: str):
    """Choose who comes, then March! Returns CANCELLED if the player backed out."""
    picks: list[tuple[str, str]] = []  # (from hex, unit), one per Unit
    hero = False
    while True:
        chosen = [ref("hex", dst)]
        for s, u in picks:
            chosen.append(ref("unit", f"{s}:{u}"))
        if hero:
            chosen.append(ref("hero", p.faction))
        pick = yield from ctx.ask(p.faction, "command_units", f"Command into {ctx.hex_label(dst)}: who comes?",
                                  lambda: unit_options(ctx, p, dst, picks, hero), chosen=chosen,
                                  cancel=True)
        if pick == "cancel":
            return CANCELLED
        if pick == "done":
            break
        if pick == "hero":
            hero = True
        elif pick == "bring:all" or "*" in pick:
            picks.extend(shortcut_picks(ctx, p, dst, picks, pick) or ())
        else:
            _, src, unit = pick.split(":")
            picks.append((src, unit))
    # March!
    add_ap(ctx, p, -1, "command")
    pay(ctx, p, "command", food=1)
    for (src, unit), n in Counter(_still_there(ctx, dst, picks)).items():
        move_units(ctx, p.faction, unit, n, src, dst)
    if hero:
        src = p.hero_hex
        p.hero_hex = dst
        ctx.emit(HeroMoved(p.faction, src, dst, "command"))
    yield from settle(ctx, dst, attacker=p.faction)
