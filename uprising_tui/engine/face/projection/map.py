"""The projection's handlers for the map and the pieces on it (hexes, Units, defenses, Havens,
Garrisons, Skeletons, Curses, Graveyards)."""
from __future__ import annotations

from .records import _bump, _Hex, on


# ---- hexes and player Units
@on("HexExplored")
def _explored(pj, e):
    h = pj.hex(e.hex)
    h.explored, h.tile, h.rotation = True, e.tile, e.rotation


@on("HexOriented")
def _oriented(pj, e):
    pj.hex(e.hex).rotation = e.rotation


@on("SeaTowerRemoved")
def _sea_tower(pj, e):
    h = pj.hex(e.hex)
    h.removed, h.explored, h.tile = True, True, e.tile


def _add_units(h: _Hex, faction: str, unit: str, n: int = 1) -> None:
    _bump(h.units, unit, n)
    h.owner = faction


def _take_units(h: _Hex, unit: str, n: int = 1) -> None:
    _bump(h.units, unit, -n)
    if not h.units:
        h.owner = None


@on("UnitsMoved")
def _units_moved(pj, e):
    _take_units(pj.hex(e.src), e.unit, e.count)
    _add_units(pj.hex(e.dst), e.faction, e.unit, e.count)


@on("UnitPlaced")
def _unit_placed(pj, e):
    _bump(pj.player(e.faction).reserve, e.unit, -1)
    _add_units(pj.hex(e.hex), e.faction, e.unit)


@on("UnitExchanged")
def _exchanged(pj, e):
    p = pj.player(e.faction)
    h = pj.hex(e.hex)
    _take_units(h, e.unit)
    _bump(p.reserve, e.unit, 1)
    _bump(p.reserve, e.to_unit, -1)
    _add_units(h, e.faction, e.to_unit)


@on("UnitDestroyed")
def _unit_destroyed(pj, e):
    _take_units(pj.hex(e.hex), e.unit)
    if e.to in ("empire", "chaos"):
        _bump(pj.graveyard(e.to), (e.owner, e.unit), 1)
    elif e.to == "box":
        _bump(pj.player(e.owner).removed, e.unit, 1)
    else:
        _bump(pj.player(e.owner).reserve, e.unit, 1)


@on("UnitRemovedFromReserve")
def _unit_boxed(pj, e):
    p = pj.player(e.faction)
    _bump(p.reserve, e.unit, -1)
    _bump(p.removed, e.unit, 1)


# ---- Havens and Defenses
@on("DefenseBuilt")
def _defense(pj, e):
    setattr(pj.hex(e.hex), e.kind, True)


@on("DefenseRemoved")
def _defense_gone(pj, e):
    setattr(pj.hex(e.hex), e.kind, False)


@on("HavenBuilt")
def _haven(pj, e):
    pj.hex(e.hex).haven = e.faction
    pj.player(e.faction).havens -= 1


@on("HavenRemoved")
def _haven_gone(pj, e):
    h = pj.hex(e.hex)
    h.haven, h.wall, h.tower = None, False, False
    pj.player(e.faction).havens += 1


# ---- Garrisons, Skeletons, Curses, Graveyards
@on("GarrisonPlaced")
def _garrison(pj, e):
    pj.hex(e.hex).garrisons += 1
    pj.piles()["garrison_reserve"][e.level - 1] -= 1


@on("GarrisonsRemoved")
def _garrisons_gone(pj, e):
    pj.hex(e.hex).garrisons -= len(e.levels)
    for lvl in e.levels:
        if e.to == "reserve":
            pj.piles()["garrison_reserve"][lvl - 1] += 1
        else:
            _bump(pj.graveyard(e.to), ("empire", f"garrison:{lvl}"), 1)


@on("SkeletonPlaced")
def _skeleton(pj, e):
    pj.hex(e.hex).skeletons += 1
    pj.meta["skeleton_reserve"] -= 1


@on("SkeletonsRemoved")
def _skeletons_gone(pj, e):
    pj.hex(e.hex).skeletons -= e.count
    if e.to == "reserve":
        pj.meta["skeleton_reserve"] += e.count
    else:
        _bump(pj.graveyard(e.to), ("chaos", "skeleton"), e.count)


@on("SkeletonsMoved")
def _skeletons_moved(pj, e):
    pj.hex(e.src).skeletons -= e.count
    pj.hex(e.dst).skeletons += e.count


@on("CursePlaced")
def _curse(pj, e):
    pj.hex(e.hex).curse = True
    pj.meta["curse_reserve"] -= 1


@on("CurseRemoved")
def _curse_gone(pj, e):
    pj.hex(e.hex).curse = False
    pj.meta["curse_reserve"] += 1


@on("GraveyardEmptied")
def _graveyard_emptied(pj, e):
    gy = pj.graveyard(e.side)
    m = pj.piles()
    for (owner, piece), n in gy.items():
        if piece == "skeleton":
            m["skeleton_reserve"] += n
        elif piece.startswith("garrison:"):
            m["garrison_reserve"][int(piece.split(":")[1]) - 1] += n
        else:
            _bump(pj.player(owner).reserve, piece, n)
    gy.clear()


@on("CapitalFell")
def _capital(pj, e):
    pj.hex(e.hex).fallen = True
