"""Where every hex of the map lies on a grid of terminal cells.

Pure layout maths for :class:`HexMap` (no Textual): the map is drawn as a honeycomb of
pointy-topped hexes whose sides are ``/``, ``\\`` and ``|`` characters. Slanted sides climb
one line every two columns, so a hex with ``k`` slanted lines per side is ``4k + 1`` columns
wide; ``v`` is the number of lines of its vertical sides. Two neighbouring hexes share the
cells of their common side, exactly as on the board.

Axial coordinates follow the engine (``docs/content.md``, "Maps"): direction ``i`` is
0:(+1,0) east, 1:(+1,-1) north-east, 2:(0,-1) north-west, 3:(-1,0) west, 4:(-1,+1)
south-west, 5:(0,+1) south-east, and edge ``i`` of a hex faces direction ``i``.

A :class:`Form` is one size of hex; a :class:`Layout` places a set of ``(q, r)`` hexes in
one form: their origins, the canvas size, each hex's interior rows and border cells, the
hex under a cell and the neighbour in a direction.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, NamedTuple

DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
DIRECTION_NAMES = ("east", "north-east", "north-west", "west", "south-west", "south-east")


@dataclass(frozen=True)
class Form:
    """One size of hex: ``k`` lines per slanted side, ``v`` lines per vertical side, and for
    one-line slants (``k == 1``) ``flat`` underscores widening each slanted side."""
    name: str
    k: int
    v: int
    flat: int = 0

    def __post_init__(self) -> None:
        if self.k < 1 or self.v < 1 or self.flat < 0 or (self.flat and self.k != 1):
            raise ValueError(f"no hex form with k={self.k}, v={self.v}, flat={self.flat}")

    @property
    def half(self) -> int:
        """Columns from a hex's side to its centre line."""
        return 2 * self.k + self.flat

    @property
    def width(self) -> int:
        return 2 * self.half + 1

    @property
    def height(self) -> int:
        return 2 * self.k + self.v

    @property
    def pitch_x(self) -> int:
        """Columns between the centres of two hexes side by side (east-west)."""
        return 2 * self.half

    @property
    def pitch_y(self) -> int:
        """Lines between two rows of hexes (the slanted parts of the rows overlap)."""
        return self.k + self.v


# The forms the map is drawn in, smallest first, with the 4-faction map's size:
# SMALL 37x19 (3-cell rows), COMPACT 55x19 (5), WIDE 73x19 (7), MEDIUM 73x29 (5/7/5),
# LARGE 73x38 (5/7/7/5), HUGE 109x48 (5/9/11/11/9/5).
SMALL = Form("small", 1, 1)
COMPACT = Form("compact", 1, 1, flat=1)
WIDE = Form("wide", 1, 1, flat=2)
MEDIUM = Form("medium", 2, 1)
LARGE = Form("large", 2, 2)
HUGE = Form("huge", 3, 2)
FORMS: tuple[Form, ...] = (SMALL, COMPACT, WIDE, MEDIUM, LARGE, HUGE)


class Span(NamedTuple):
    """A run of interior cells on one line, relative to a hex's origin."""
    dy: int
    x0: int
    width: int


class Border(NamedTuple):
    """One border cell relative to a hex's origin: the edge (direction) it lies on and its char."""
    dy: int
    dx: int
    edge: int
    char: str


class Template(NamedTuple):
    """The cells of one hex in a form, relative to its top-left corner."""
    spans: tuple[Span, ...]  # interior, top to bottom (first and last are the 1-cell apexes)
    borders: tuple[Border, ...]


def template(form: Form) -> Template:
    k, v, a = form.k, form.v, form.half
    spans: list[Span] = []
    borders: list[Border] = []
    if form.flat:  # one-line slants widened by underscores: _/ \_ over |     | over \_ _/
        bottom = 1 + v
        spans.append(Span(0, a, 1))
        borders += [Border(0, x, 2, "_") for x in range(1, a - 1)] + [Border(0, a - 1, 2, "/")]
        borders += [Border(0, a + 1, 1, "\\")] + [Border(0, x, 1, "_") for x in range(a + 2, 2 * a)]
        for j in range(1, 1 + v):
            spans.append(Span(j, 1, 2 * a - 1))
            borders += [Border(j, 0, 3, "|"), Border(j, 2 * a, 0, "|")]
        spans.append(Span(bottom, a, 1))
        borders += [Border(bottom, 1, 4, "\\")] + [Border(bottom, x, 4, "_") for x in range(2, a)]
        borders += [Border(bottom, x, 5, "_") for x in range(a + 1, 2 * a - 1)] + [Border(bottom, 2 * a - 1, 5, "/")]
        return Template(tuple(spans), tuple(borders))
    for j in range(k):  # upper slants
        spans.append(Span(j, a - 2 * j, 4 * j + 1))
        borders.append(Border(j, a - 1 - 2 * j, 2, "/"))
        borders.append(Border(j, a + 1 + 2 * j, 1, "\\"))
    for j in range(k, k + v):  # vertical sides
        spans.append(Span(j, 1, 2 * a - 1))
        borders.append(Border(j, 0, 3, "|"))
        borders.append(Border(j, 2 * a, 0, "|"))
    for i in range(k):  # lower slants
        dy = k + v + i
        spans.append(Span(dy, 2 + 2 * i, 2 * a - 3 - 4 * i))
        borders.append(Border(dy, 1 + 2 * i, 4, "\\"))
        borders.append(Border(dy, 2 * a - 1 - 2 * i, 5, "/"))
    return Template(tuple(spans), tuple(borders))


def map_size(coords: Iterable[tuple[int, int]], form: Form) -> tuple[int, int]:
    """``(width, height)`` in cells of hexes at these ``(q, r)`` drawn in ``form``."""
    coords = list(coords)
    x2 = [2 * q + r for q, r in coords]
    rs = [r for _, r in coords]
    return (form.half * (max(x2) - min(x2)) + form.width, form.pitch_y * (max(rs) - min(rs)) + form.height)


def neighbour_coords(q: int, r: int, direction: int) -> tuple[int, int]:
    dq, dr = DIRECTIONS[direction]
    return q + dq, r + dr


class Layout:
    """Hexes (``id -> (q, r)``) placed in one form, offset by ``(left, top)`` on a canvas."""

    def __init__(self, coords: Mapping[str, tuple[int, int]], form: Form, left: int = 0, top: int = 0):
        if not coords:
            raise ValueError("a layout needs at least one hex")
        self.form = form
        self.coords = dict(coords)
        self.left, self.top = left, top
        self.template = template(form)
        self._at_coord = {qr: hid for hid, qr in self.coords.items()}
        x2 = [2 * q + r for q, r in self.coords.values()]
        rs = [r for _, r in self.coords.values()]
        self._x2_min, self._r_min = min(x2), min(rs)
        a = form.half
        self.map_width, self.map_height = map_size(self.coords.values(), form)
        self.origins: dict[str, tuple[int, int]] = {
            hid: (left + a * (2 * q + r - self._x2_min), top + form.pitch_y * (r - self._r_min))
            for hid, (q, r) in self.coords.items()}
        self._spans: dict[str, list[Span]] = {}
        self._sides: dict[str, list[tuple[int, int, int, str, str | None]]] = {}
        self._owner: dict[tuple[int, int], str] = {}
        for hid in self.coords:
            for x, y in self.interior_cells(hid):
                self._owner[(x, y)] = hid
            for x, y, _edge, _ch in self.border_cells(hid):
                self._owner.setdefault((x, y), hid)

    # ------------------------------------------------------------------ cells
    def spans(self, hid: str) -> list[Span]:
        """The interior spans of a hex in canvas coordinates ``(y, x0, width)``, top to bottom."""
        got = self._spans.get(hid)
        if got is None:
            ox, oy = self.origins[hid]
            got = self._spans[hid] = [Span(oy + s.dy, ox + s.x0, s.width) for s in self.template.spans]
        return got

    def sides(self, hid: str) -> list[tuple[int, int, int, str, str | None]]:
        """``(x, y, edge, char, neighbour)`` of every border cell: :meth:`border_cells` plus
        the hex across that edge (``None`` at the edge of the map)."""
        got = self._sides.get(hid)
        if got is None:
            got = self._sides[hid] = [(x, y, e, ch, self.neighbour(hid, e)) for x, y, e, ch in self.border_cells(hid)]
        return got

    def interior_cells(self, hid: str) -> Iterable[tuple[int, int]]:
        for y, x0, w in self.spans(hid):
            for x in range(x0, x0 + w):
                yield x, y

    def border_cells(self, hid: str) -> Iterable[tuple[int, int, int, str]]:
        """``(x, y, edge, char)`` of every border cell of a hex, in canvas coordinates."""
        ox, oy = self.origins[hid]
        for b in self.template.borders:
            yield ox + b.dx, oy + b.dy, b.edge, b.char

    def rows(self, hid: str) -> range:
        """The canvas lines a hex covers."""
        oy = self.origins[hid][1]
        return range(oy, oy + self.form.height)

    def centre(self, hid: str) -> tuple[int, int]:
        ox, oy = self.origins[hid]
        return ox + self.form.half, oy + (self.form.height - 1) // 2

    def region(self, hid: str) -> tuple[int, int, int, int]:
        """``(x, y, width, height)`` of the box around a hex."""
        ox, oy = self.origins[hid]
        return ox, oy, self.form.width, self.form.height

    def hex_at(self, x: int, y: int) -> str | None:
        """The hex whose interior (or one of whose sides) is at a canvas cell, if any."""
        return self._owner.get((x, y))

    # ------------------------------------------------------------------ moves
    def neighbour(self, hid: str, direction: int) -> str | None:
        q, r = self.coords[hid]
        return self._at_coord.get(neighbour_coords(q, r, direction))

    def column(self, hid: str) -> int:
        """The hex's column in half-hex steps (``2q + r``), whatever the form."""
        q, r = self.coords[hid]
        return 2 * q + r

    def vertical_step(self, hid: str, down: bool, goal: int | None = None) -> str | None:
        """The hex straight above (or below): the upper (lower) neighbour nearest column ``goal``.

        A pointy-topped grid has no neighbour straight up, so repeated steps zigzag between the
        two upper neighbours; ``goal`` (the :meth:`column` the walk started from) keeps the walk
        on its column. Ties go east. With neither neighbour on the map, the hex two rows away
        on the same column is tried, so the cursor can cross a notch in the coast."""
        goal = self.column(hid) if goal is None else goal
        dirs = (5, 4) if down else (1, 2)
        found = [n for n in (self.neighbour(hid, d) for d in dirs) if n is not None]
        if not found:
            q, r = self.coords[hid]
            step = 1 if down else -1
            found = [h for h in (self._at_coord.get((q - step, r + 2 * step)),) if h is not None]
        if not found:
            return None
        return min(found, key=lambda n: abs(self.column(n) - goal))
