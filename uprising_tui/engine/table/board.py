"""Map geometry: adjacency (with impassable edges and Sea Towers) and distances."""
from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Iterable

if TYPE_CHECKING:
    from ...content.loader import Catalog
    from .state import GameState, Hex

# axial directions; edge i of a hex faces direction i
DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
UNREACHABLE = 10_000
_BYTE_BITS = tuple(tuple(i for i in range(8) if b >> i & 1) for b in range(256))  # each byte's set bits, lowest first
_GEOMETRY: dict[tuple, tuple] = {}  # ((hex id, q, r), ...) -> (geo, near, bits, bit, near_bits): a few layouts


class Board:
    """The map's geometry: static neighbours, passability (impassable edges, Sea Towers) and
    distances, kept until a hex changes face (`touch`); and indexes of the state: the hexes of
    each faction's Units and of its Havens, and the Towers and Walls on the map. table/changes.py keeps all of it in step with the events (a
    hex explored, turned or lost to the sea; Units or a Haven on a hex changed), in one place."""

    def __init__(self, state: "GameState", cat: "Catalog", fixed_edges: dict[str, tuple[int, ...]]):
        self.state = state
        self.cat = cat
        self.fixed_edges = fixed_edges
        layout = tuple([(h.id, h.q, h.r) for h in state.hexes.values()])
        got = _GEOMETRY.get(layout)
        if got is None:  # a map laid out like this one for the first time in this process
            by_coord = {(q, r): hid for hid, q, r in layout}
            geo = {hid: tuple(by_coord.get((q + dq, r + dr)) for dq, dr in DIRS) for hid, q, r in layout}
            near = {hid: tuple(n for n in g if n is not None) for hid, g in geo.items()}
            bits = tuple((hid, 1 << i) for i, (hid, _, _) in enumerate(layout))
            bit = dict(bits)
            near_bits = {hid: sum(bit[x] for x in g) for hid, g in near.items()}
            got = _GEOMETRY[layout] = (geo, near, bits, bit, near_bits)
        # shared by every Board of this layout (read only): the neighbours by direction and the
        # present ones; then a set of hexes spelled as an int, bit i for the map's i-th hex (made
        # with `|`, read back in map order without a sort: `in_order`): each hex with its bit in
        # map order, a hex's bit, the bits of its neighbours
        self.geo: dict[str, tuple[str | None, ...]] = got[0]
        self.near: dict[str, tuple[str, ...]] = got[1]
        self.bits: tuple[tuple[str, int], ...] = got[2]
        self.bit: dict[str, int] = got[3]
        self.near_bits: dict[str, int] = got[4]
        self.all_ids: tuple[str, ...] = tuple(state.hexes)
        self.order: dict[str, int] = {hid: i for i, hid in enumerate(self.all_ids)}  # a hex's place in all_ids
        self.capital: str = next((h.id for h in state.hexes.values() if h.role == "capital"), "")
        # the hexes whose role is a Sea Tower (a role never changes): only these can be one
        self.tower_roles: tuple[str, ...] = tuple(h.id for h in state.hexes.values() if h.role == "sea_tower")
        self._tower_set = frozenset(self.tower_roles)
        self._all_bits = (1 << len(self.all_ids)) - 1
        self._bytes = (len(self.all_ids) + 7) // 8  # the bytes a set of hexes fills (in_order)
        self._all_but: dict[str, tuple[str, ...]] = {}  # from a Sea Tower: every other hex, in map order
        self._walk: dict[str, tuple[str, ...]] = {}
        # the hexes with an impassable edge (`blocked_edges`): a walk asks only these about their
        # edges (most hexes block none: -2.4 M over the 3 replayed games); kept by `touch`
        self._blocking: set[str] = {hid for hid, h in state.hexes.items() if self.blocked_edges(h)}
        self._dist_cache: dict[tuple, dict[str, int]] = {}
        self._step_bits: dict[str, int] = {}  # hex -> `unit_adjacent` as bits, forgotten with its walk
        # faction -> where its Units may step (every `unit_adjacent` of its hexes, as bits): it reads
        # the faction's hexes and their walks, so it is forgotten for the faction when its hexes
        # change (`owner_changed`) and when `touch` forgets the walk of one of them
        self._unit_reach: dict[str, int] = {}
        self._in_order: dict[int, tuple[tuple[str, int], ...]] = {}  # bit set -> its hexes and bits, in map order
        # faction -> the hexes its Units stand on (Hex.owner), as dict keys in the order they were
        # taken; and faction -> the hexes of its Havens (Hex.haven). Kept right by `units_changed`
        # and `haven_changed`, which table/changes.py calls for every event that moves Units or a Haven
        # (a Board is built anew with every Game: replay, undo and load rebuild it)
        self.owned: dict[str, dict[str, None]] = {}
        self.havens: dict[str, dict[str, None]] = {}
        self._owners: dict[str, str] = {}  # hex -> the faction `owned` has it under
        self._haven_of: dict[str, str] = {}  # hex -> the faction `havens` has it under
        # the Towers and Walls on the map (the box holds ten of each), kept by `defences_changed`
        self.towers = self.walls = 0
        self._defences: dict[str, tuple[bool, bool]] = {}  # hex -> (Tower, Wall) as counted
        for h in state.hexes.values():
            if h.owner is not None:
                self.owned.setdefault(h.owner, {})[h.id] = None
                self._owners[h.id] = h.owner
            if h.haven is not None:
                self.havens.setdefault(h.haven, {})[h.id] = None
                self._haven_of[h.id] = h.haven
            if h.tower or h.wall:
                self.defences_changed(h.id)

    def in_map_order(self, hids) -> list[str]:
        """`hids` sorted as the map lists its hexes (the order every scan of the map gave)."""
        return sorted(hids, key=self.order.__getitem__)

    def touch(self, hid: str | None = None) -> None:
        """Forget cached passability (after an Explore, a removed Sea Tower, ...). With `hid`
        (the one hex whose tile, side or orientation changed) only its own and its
        neighbours' walks are forgotten: no other hex's walk reads it; with them the reach of
        the factions standing there. Distances always go. Whether the hex (every hex: None)
        blocks an edge is looked at again."""
        if hid is None:
            self._walk.clear()
            self._step_bits.clear()
            self._unit_reach.clear()
            self._blocking = {n for n, h in self.state.hexes.items() if self.blocked_edges(h)}
        else:
            if self.blocked_edges(self.state.hexes[hid]):
                self._blocking.add(hid)
            else:
                self._blocking.discard(hid)
            walk, step_bits = self._walk, self._step_bits
            touched = (hid, *self.near[hid])
            for n in touched:
                walk.pop(n, None)
                step_bits.pop(n, None)
            for faction, hexes in self.owned.items():
                for n in touched:
                    if n in hexes:
                        self._unit_reach.pop(faction, None)
                        break
        self._dist_cache.clear()

    def face_changed(self, hid: str) -> None:
        """Hex `hid` was explored or turned: `touch(hid)`, unless its new face blocks nothing and
        reaches no further than the face-down hex did (no impassable edge, no Sea Tower: most
        tiles), so that no walk, reach or distance read from it has changed."""
        h = self.state.hexes[hid]
        tile = self.cat.hexes.get(h.tile) if h.explored else None
        if tile is not None and not tile.impassable and not self.is_sea_tower(hid):
            return
        self.touch(hid)

    def units_changed(self, hid: str) -> None:
        """The Units on `hid` changed: when its owner (`Hex.owner`) changed with them, Board.owned
        and where those factions' Units may step follow."""
        new = self.state.hexes[hid].owner
        owners = self._owners
        old = owners.get(hid)
        if old == new:
            return
        owned = self.owned
        if old is not None:
            owned[old].pop(hid, None)
            self._unit_reach.pop(old, None)
        if new is None:
            del owners[hid]
            return
        owners[hid] = new
        got = owned.get(new)
        if got is None:
            got = owned[new] = {}
        got[hid] = None
        self._unit_reach.pop(new, None)

    def defences_changed(self, hid: str) -> None:
        """A Tower or a Wall was built on `hid` or taken off it: the counts follow."""
        h = self.state.hexes[hid]
        was_tower, was_wall = self._defences.pop(hid, (False, False))
        self.towers += h.tower - was_tower
        self.walls += h.wall - was_wall
        if h.tower or h.wall:
            self._defences[hid] = (h.tower, h.wall)

    def haven_changed(self, hid: str) -> None:
        """A Haven was built on `hid` or removed from it: Board.havens follows."""
        new = self.state.hexes[hid].haven
        haven_of = self._haven_of
        old = haven_of.pop(hid, None)
        if old is not None:
            self.havens[old].pop(hid, None)
        if new is not None:
            haven_of[hid] = new
            self.havens.setdefault(new, {})[hid] = None

    # ------------------------------------------------------------- sets of hexes as bits

    def unit_reach(self, faction: str) -> int:
        """Where the Units of `faction` may step (`unit_adjacent` of each of its hexes), as bits."""
        got = self._unit_reach.get(faction)
        if got is None:
            got = 0
            step_bits = self._step_bits
            for hid in self.owned.get(faction, ()):
                b = step_bits.get(hid)
                if b is None:
                    b = step_bits[hid] = self.as_bits(self.unit_adjacent(hid))
                got |= b
            self._unit_reach[faction] = got
        return got

    def hero_reach(self, hid: str) -> int:
        """`hero_adjacent(hid)` as bits."""
        if hid in self._tower_set and self.is_sea_tower(hid):
            return self._all_bits ^ self.bit[hid]
        return self.near_bits[hid]

    def as_bits(self, hids) -> int:
        bit = self.bit
        out = 0
        for hid in hids:
            out |= bit[hid]
        return out

    def in_order(self, hexes: int) -> tuple[tuple[str, int], ...]:
        """The hexes of the bit set `hexes`, each with its bit, in map order."""
        got = self._in_order.get(hexes)
        if got is None:
            # read a byte at a time, lowest first, each byte's set bits from a table (about half
            # the instructions of taking the lowest bit off the int for each hex)
            out, bits = [], self.bits
            for i, byte in enumerate(hexes.to_bytes(self._bytes, "little")):
                if byte:  # byte i holds the bits of hexes 8i to 8i + 7
                    base = 8 * i
                    for j in _BYTE_BITS[byte]:
                        out.append(bits[base + j])
            got = self._in_order[hexes] = tuple(out)
        return got

    # ------------------------------------------------------------- edges
    def blocked_edges(self, h: "Hex") -> tuple[int, ...]:
        fixed = self.fixed_edges.get(h.id, ())
        if not h.explored:
            return fixed
        tile = self.cat.hexes.get(h.tile)
        if tile is None or not tile.impassable:
            return fixed
        return fixed + tuple((e + h.rotation) % 6 for e in tile.impassable)

    def all_but(self, hid: str) -> tuple[str, ...]:
        """Every hex but `hid`, in map order (where a piece on an explored Sea Tower may go)."""
        got = self._all_but.get(hid)
        if got is None:
            got = self._all_but[hid] = tuple(x for x in self.all_ids if x != hid)
        return got

    def is_sea_tower(self, hid: str) -> bool:
        h = self.state.hexes[hid]
        if h.role != "sea_tower" or not h.explored or h.sea_tower_removed:
            return False
        tile = self.cat.hexes.get(h.tile)
        return bool(tile and tile.sea_tower)

    def edge_blocked(self, h: "Hex", edge: int) -> bool:
        """Is edge `edge` of `h` impassable? (``edge in blocked_edges(h)``, without making the tuple:
        a tile's edge e faces edge (e + rotation) % 6 of the map)"""
        if edge in self.fixed_edges.get(h.id, ()):
            return True
        if not h.explored:
            return False
        tile = self.cat.hexes.get(h.tile)
        return tile is not None and (edge - h.rotation) % 6 in tile.impassable

    def walk_neighbours(self, hid: str) -> tuple[str, ...]:
        """Geometric neighbours not across impassable terrain (for Units, Legions, Hordes)."""
        got = self._walk.get(hid)
        if got is not None:
            return got
        hexes, blocking = self.state.hexes, self._blocking
        mine = self.blocked_edges(hexes[hid]) if hid in blocking else ()
        out = []
        for d, nid in enumerate(self.geo[hid]):
            if nid is None or d in mine:
                continue
            if nid in blocking and self.edge_blocked(hexes[nid], (d + 3) % 6):
                continue
            out.append(nid)
        res = tuple(out)
        self._walk[hid] = res
        return res

    def adjacent(self, hid: str, *, reach: bool = False) -> tuple[str, ...]:
        """The rules' one adjacency: the neighbours of `hid` not across impassable terrain.

        ``reach=True`` is the adjacency of a piece standing on `hid` (a Unit, Legion, Horde,
        Skeleton or Hero): from an explored Sea Tower it is adjacent to every hex. Every rule
        and card that says "adjacent" or "next to" asks here (a test walks every caller)."""
        if reach and hid in self._tower_set and self.is_sea_tower(hid):
            return self.all_but(hid)
        return self.walk_neighbours(hid)

    def are_adjacent(self, a: str, b: str, *, reach: bool = False) -> bool:
        return a != b and b in self.adjacent(a, reach=reach)

    def unit_adjacent(self, hid: str) -> tuple[str, ...]:
        """Where Units here may step: walk neighbours, or every hex from a Sea Tower
        (``adjacent(hid, reach=True)``, spelled out: it is asked often)."""
        if hid in self._tower_set and self.is_sea_tower(hid):
            return self.all_but(hid)
        got = self._walk.get(hid)
        return got if got is not None else self.walk_neighbours(hid)

    def hero_adjacent(self, hid: str) -> tuple[str, ...]:
        """Heros ignore impassable terrain; a Sea Tower reaches everywhere."""
        if hid in self._tower_set and self.is_sea_tower(hid):
            return self.all_but(hid)
        return self.near[hid]

    def units_can_step(self, src: str, dst: str) -> bool:
        return self.are_adjacent(src, dst, reach=True)

    # ------------------------------------------------------------- distances
    def dist_to(self, target: str, *, sea_towers: bool = True) -> dict[str, int]:
        """Shortest step count from every hex to `target` for Legions/Hordes."""
        key = (target, sea_towers)
        got = self._dist_cache.get(key)
        if got is not None:
            return got
        towers = [x for x in self.tower_roles if self.is_sea_tower(x)] if sea_towers else []
        dist = {target: 0}
        walk = self._walk
        # breadth first, a whole ring of hexes at a time (the order a queue would take them in,
        # without a queue's push and pop per hex): `ring` is every hex `d` steps away
        ring, d = [target], 0
        while ring:
            d += 1
            out = []
            for u in ring:
                preds: Iterable[str] | None = walk.get(u)  # walk_neighbours(u), its cache read inline
                if preds is None:
                    preds = self.walk_neighbours(u)
                if towers:
                    preds = list(preds) + towers
                for v in preds:
                    if v not in dist:
                        dist[v] = d
                        out.append(v)
            ring = out
        self._dist_cache[key] = dist
        return dist

    def steps_from(self, src: str) -> dict[str, int]:
        """Steps a Unit/Legion/Horde needs from `src` to every hex it can reach (impassable
        edges respected, Sea Towers reach everywhere)."""
        dist = {src: 0}
        dq = deque([src])
        while dq:
            u = dq.popleft()
            for v in self.unit_adjacent(u):
                if v not in dist:
                    dist[v] = dist[u] + 1
                    dq.append(v)
        return dist

    def hex_distance(self, a: str, b: str) -> int:
        ha, hb = self.state.hexes[a], self.state.hexes[b]
        dq, dr = ha.q - hb.q, ha.r - hb.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2
