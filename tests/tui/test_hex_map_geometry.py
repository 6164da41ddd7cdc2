"""The map's layout maths: shapes, shared sides, sizes, neighbours, cursor walks, hit tests."""
from __future__ import annotations

from collections import Counter

import pytest

from uprising_tui.tui.widgets.hex_geometry import (COMPACT, DIRECTIONS, FORMS, HUGE, LARGE, MEDIUM, SMALL, WIDE,
                                                   Form, Layout, map_size, template)


def coords_of(cat, factions: int) -> dict[str, tuple[int, int]]:
    return {s.id: (s.q, s.r) for s in cat.layouts[factions].spaces}


def draw(layout: Layout) -> list[str]:
    grid = [[" "] * layout.map_width for _ in range(layout.map_height)]
    for hid in layout.coords:
        for x, y, _e, ch in layout.border_cells(hid):
            grid[y][x] = ch
    return ["".join(row).rstrip() for row in grid]


def test_medium_hex_is_the_classic_honeycomb_cell():
    lay = Layout({"A": (0, 0)}, MEDIUM)
    assert draw(lay) == [
        "   / \\",
        " /     \\",
        "|       |",
        " \\     /",
        "   \\ /",
    ]
    assert [s.width for s in template(MEDIUM).spans] == [1, 5, 7, 5, 1]


def test_flat_forms_widen_one_line_slants_with_underscores():
    lay = Layout({"A": (0, 0), "B": (1, 0), "C": (0, 1)}, COMPACT)
    assert draw(lay) == [
        " _/ \\_ _/ \\_",
        "|     |     |",
        " \\_ _/ \\_ _/",
        "   |     |",
        "    \\_ _/",
    ]
    assert [s.width for s in template(COMPACT).spans] == [1, 5, 1]
    assert [s.width for s in template(WIDE).spans] == [1, 7, 1]
    with pytest.raises(ValueError):
        Form("bad", 2, 1, flat=1)


def test_small_hex_and_interior_rows():
    lay = Layout({"A": (0, 0), "B": (1, 0)}, SMALL)
    assert draw(lay) == [" / \\ / \\", "|   |   |", " \\ / \\ /"]
    assert [s.width for s in template(SMALL).spans] == [1, 3, 1]
    assert [s.width for s in template(LARGE).spans] == [1, 5, 7, 7, 5, 1]
    assert [s.width for s in template(HUGE).spans] == [1, 5, 9, 11, 11, 9, 5, 1]


@pytest.mark.parametrize("form", FORMS, ids=lambda f: f.name)
def test_neighbours_share_their_common_side_and_nothing_else(cat, form):
    lay = Layout(coords_of(cat, 4), form)
    owners: dict[tuple[int, int], list[tuple[str, int, str]]] = {}
    for hid in lay.coords:
        for x, y, edge, ch in lay.border_cells(hid):
            owners.setdefault((x, y), []).append((hid, edge, ch))
    interior = Counter(c for hid in lay.coords for c in lay.interior_cells(hid))
    assert max(interior.values()) == 1  # no interior cell belongs to two hexes
    assert not set(interior) & set(owners)  # and none is a side
    for cell, owned in owners.items():
        assert len(owned) <= 2
        if len(owned) == 2:
            (a, ea, ca), (b, eb, cb) = owned
            assert ca == cb
            assert eb == (ea + 3) % 6
            assert lay.neighbour(a, ea) == b
    shared = {(o[0], o[1]) for owned in owners.values() if len(owned) == 2 for o in owned}
    for hid in lay.coords:  # every pair of neighbours on the map shares its side
        for d in range(6):
            if lay.neighbour(hid, d) is not None:
                assert (hid, d) in shared


def test_sizes_of_the_four_faction_map(cat):
    c4 = coords_of(cat, 4)
    assert (Layout(c4, SMALL).map_width, Layout(c4, SMALL).map_height) == (37, 19)
    assert (Layout(c4, MEDIUM).map_width, Layout(c4, MEDIUM).map_height) == (73, 29)
    assert (Layout(c4, LARGE).map_width, Layout(c4, LARGE).map_height) == (73, 38)
    sizes = {f.name: map_size(c4.values(), f) for f in FORMS}
    assert sizes == {"small": (37, 19), "compact": (55, 19), "wide": (73, 19), "medium": (73, 29),
                     "large": (73, 38), "huge": (109, 48)}


def test_offsets_move_every_cell(cat):
    a = Layout(coords_of(cat, 1), MEDIUM)
    b = Layout(coords_of(cat, 1), MEDIUM, left=5, top=2)
    for hid in a.coords:
        assert b.origins[hid] == (a.origins[hid][0] + 5, a.origins[hid][1] + 2)
        assert b.hex_at(*(p + o for p, o in zip(a.centre(hid), (5, 2)))) == hid


def test_directions_match_the_engine():
    assert DIRECTIONS == ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    lay = Layout({"C": (0, 0), **{f"N{d}": DIRECTIONS[d] for d in range(6)}}, MEDIUM)
    for d in range(6):
        assert lay.neighbour("C", d) == f"N{d}"
        assert lay.neighbour(f"N{d}", (d + 3) % 6) == "C"
    cx, cy = lay.centre("C")
    east, ne, nw = lay.centre("N0"), lay.centre("N1"), lay.centre("N2")
    assert east[1] == cy and east[0] > cx
    assert ne[1] < cy and ne[0] > cx
    assert nw[1] < cy and nw[0] < cx


def test_hex_at_finds_interiors_and_nothing_off_the_map(cat):
    lay = Layout(coords_of(cat, 4), MEDIUM)
    for hid in lay.coords:
        for x, y in lay.interior_cells(hid):
            assert lay.hex_at(x, y) == hid
    assert lay.hex_at(0, 0) is None
    assert lay.hex_at(-5, 3) is None


def test_vertical_walk_zigzags_along_one_column(cat):
    lay = Layout(coords_of(cat, 4), MEDIUM)
    at = {qr: h for h, qr in lay.coords.items()}
    start = at[(0, 0)]
    goal = lay.column(start)
    first = lay.vertical_step(start, down=False, goal=goal)
    assert lay.coords[first] == (1, -1)  # ties go east
    second = lay.vertical_step(first, down=False, goal=goal)
    assert lay.coords[second] == (1, -2)  # back onto the starting column
    assert lay.column(second) == goal
    down = lay.vertical_step(start, down=True, goal=goal)
    assert lay.coords[down] == (0, 1)
    # at the top edge there is nowhere further up
    top = at[(0, -4)]
    assert lay.vertical_step(top, down=False) is None


def test_a_layout_needs_hexes():
    with pytest.raises(ValueError):
        Layout({}, MEDIUM)
