"""The map widget in a running app: keys, clicks, highlights, partial redraws, sizes, themes."""
from __future__ import annotations

import pytest
from textual.geometry import Offset

from uprising_tui.tui.widgets import hex_style as hs
from uprising_tui.tui.widgets.hex_geometry import COMPACT, HUGE, LARGE, MEDIUM, SMALL, WIDE
from uprising_tui.tui.widgets.hex_map import HexMap

from .hex_map_scenes import MapApp, _at, scene, start_game

pytestmark = pytest.mark.asyncio


def rows_of(m: HexMap, hid: str) -> list[str]:
    """The interior of a hex as drawn on screen, row by row (apexes first and last)."""
    lay = m.hex_layout
    sx, sy = m.scroll_offset
    return [m.render_line(y - sy).text[x0 - sx:x0 - sx + w] for y, x0, w in lay.spans(hid)]


def border_of(m: HexMap, hid: str) -> dict[int, list[tuple[str, object]]]:
    """The drawn side cells of a hex by edge: (char, style)."""
    lay = m.hex_layout
    sx, sy = m.scroll_offset
    out: dict[int, list] = {}
    for x, y, edge, _ch in lay.border_cells(hid):
        strip = m.render_line(y - sy).crop(x - sx, x - sx + 1)
        seg = list(strip)[0]
        out.setdefault(edge, []).append((seg.text, seg.style))
    return out


async def test_cursor_moves_in_six_directions_by_keys(cat):
    view, _hl, _home = scene(cat, 4)
    app = MapApp(cat, view)
    async with app.run_test(size=(120, 40)) as pilot:
        m = app.query_one(HexMap)
        at = lambda q, r: _at(cat, 4, q, r)  # noqa: E731
        assert m.cursor == "H00"
        for key, goal in [("right", (1, 0)), ("h", (0, 0)), ("right", (1, 0)), ("left", (0, 0)),
                          ("pageup", (1, -1)), ("end", (0, 0)), ("home", (0, -1)), ("pagedown", (0, 0))]:
            await pilot.press(key)
            assert m.cursor == at(*goal), key
        await pilot.pause()
        moved = [h for kind, h in app.messages if kind == "moved"]
        assert moved[-3:] == [at(0, 0), at(0, -1), at(0, 0)]


async def test_up_and_down_walk_one_column(cat):
    view, _hl, _home = scene(cat, 4)
    app = MapApp(cat, view)
    async with app.run_test(size=(120, 40)) as pilot:
        m = app.query_one(HexMap)
        at = lambda q, r: _at(cat, 4, q, r)  # noqa: E731
        walk = []
        for key in ["up", "up", "up", "j", "down", "j", "j"]:
            await pilot.press(key)
            walk.append(m.hex_layout.coords[m.cursor])
        assert walk == [(1, -1), (1, -2), (2, -3), (1, -2), (1, -1), (0, 0), (0, 1)]
        # a sideways step forgets the column
        await pilot.press("right", "up")
        assert m.cursor == at(2, 0)


async def test_moves_stop_at_the_edge_of_the_map(cat):
    view, _hl, _home = scene(cat, 4)
    app = MapApp(cat, view, cursor=_at(cat, 4, 4, 0))
    async with app.run_test(size=(120, 40)) as pilot:
        m = app.query_one(HexMap)
        await pilot.press("right")
        assert m.cursor == _at(cat, 4, 4, 0)


async def test_enter_and_click_select_a_hex(cat):
    view, _hl, _home = scene(cat, 4)
    app = MapApp(cat, view)
    async with app.run_test(size=(120, 40)) as pilot:
        m = app.query_one(HexMap)
        await pilot.press("enter")
        await pilot.pause()
        assert app.messages[-1] == ("selected", "H00")
        rigga = _at(cat, 4, 2, 0)
        x, y = m.hex_layout.centre(rigga)
        await pilot.click(HexMap, offset=Offset(x, y))
        await pilot.pause()
        assert m.cursor == rigga
        assert ("selected", rigga) in app.messages
        assert ("moved", rigga) in app.messages
        # a click beside the map selects nothing
        count = len(app.messages)
        await pilot.click(HexMap, offset=Offset(0, 0))
        await pilot.pause()
        assert len(app.messages) == count


async def test_highlights_light_up_and_go_out(cat):
    view, highlights, _home = scene(cat, 4)
    app = MapApp(cat, view)
    async with app.run_test(size=(120, 40)) as pilot:
        m = app.query_one(HexMap)
        for hid in view.hexes:
            assert rows_of(m, hid)[-1] != hs.HIGHLIGHT
        m.highlights = highlights
        await pilot.pause()
        lit_style = m.get_component_rich_style("hex-map--highlight")
        for hid in view.hexes:
            lit = rows_of(m, hid)[-1] == hs.HIGHLIGHT
            assert lit == (hid in highlights), hid
        one = _at(cat, 4, 3, -1)  # lit, and not beside the cursor (whose outline wins)
        assert one in highlights
        assert all(st == lit_style for cells in border_of(m, one).values() for _c, st in cells)
        m.highlights = set()  # any iterable will do
        await pilot.pause()
        assert m.highlights == frozenset()
        assert all(rows_of(m, h)[-1] != hs.HIGHLIGHT for h in view.hexes)


async def test_cursor_outline_is_drawn_reversed_and_always_there(cat):
    view, _hl, home = scene(cat, 4)
    app = MapApp(cat, view, cursor=home)
    async with app.run_test(size=(120, 40)) as pilot:
        m = app.query_one(HexMap)
        await pilot.pause()
        cells = [c for cs in border_of(m, home).values() for c in cs]
        assert all(st.reverse for _ch, st in cells)
        assert not any(st.reverse for cs in border_of(m, "H00").values() for _ch, st in cs)
        with pytest.raises(ValueError):
            m.cursor = "X99"
        assert m.cursor == home


async def test_impassable_edges_are_drawn_on_both_sides(cat):
    view, _hl, _home = scene(cat, 4)
    rigga = _at(cat, 4, 2, 0)  # rotated by 2: its edges 0 and 1 face north-west and west
    assert view.hexes[rigga].blocked == (2, 3)
    app = MapApp(cat, view, cursor=_at(cat, 4, -3, 3))
    async with app.run_test(size=(120, 40)) as pilot:
        m = app.query_one(HexMap)
        await pilot.pause()
        sides = border_of(m, rigga)
        # its own edges, and Frosthold Pass's edge 1 that faces Rigga from the south-west
        assert view.hexes[_at(cat, 4, 1, 1)].blocked == (1, 4)
        for edge in range(6):
            chars = {c for c, _st in sides[edge]}
            assert (chars == {hs.IMPASSABLE}) == (edge in (2, 3, 4)), edge
        west = _at(cat, 4, 1, 0)  # the neighbour shows the same cells from its side
        assert {c for c, _ in border_of(m, west)[0]} == {hs.IMPASSABLE}
        assert {c for c, _ in border_of(m, west)[5]} == {"/"}


async def test_face_down_hexes_show_no_tile_and_no_terrain(cat):
    game = start_game(4)
    view = game.public_view()
    app = MapApp(cat, view)
    async with app.run_test(size=(120, 40)) as pilot:
        m = app.query_one(HexMap)
        await pilot.pause()
        assert m.layout_form == LARGE
        down = [h for h in view.hexes.values() if not h.explored]
        assert down
        for h in down:
            rows = rows_of(m, h.id)
            secret = cat.hexes[game.state.hexes[h.id].tile]
            drawn = "".join(rows)
            assert rows[0] == ("C" if h.curse else "?")
            assert hs.short_name(secret.name, 5) not in drawn
            assert secret.name[:3] not in drawn
            assert "?" in rows[1]
        explored = view.hexes["H00"]
        assert rows_of(m, explored.id)[0] == "♔"


async def test_update_view_repaints_only_the_hexes_that_changed(cat):
    view, _hl, _home = scene(cat, 4)
    app = MapApp(cat, view)
    async with app.run_test(size=(120, 40)) as pilot:
        m = app.query_one(HexMap)
        await pilot.pause()
        painted: list[str] = []
        refreshed: list[tuple[int, int]] = []
        paint = m._paint_hex
        refresh_lines = m.refresh_lines
        m._paint_hex = lambda hid: (painted.append(hid), paint(hid))[1]
        m.refresh_lines = lambda y, n=1: (refreshed.append((y, n)), refresh_lines(y, n))[1]
        rigga = _at(cat, 4, 2, 0)
        new = view._replace(hexes={**view.hexes, rigga: view.hexes[rigga]._replace(garrisons=2)})
        m.update_view(new)
        assert painted == [rigga]
        rows = m.hex_layout.rows(rigga)
        assert refreshed == [(rows.start, len(rows))]
        assert "G2" in "".join(rows_of(m, rigga))
        painted.clear()
        m.update_view(new)  # nothing changed: nothing repainted
        assert painted == []
        # a Legion's Threat is drawn on its hex: only that hex repaints
        butcher = new.legions[0]._replace(threat=6)
        m.update_view(new._replace(legions=(butcher,) + new.legions[1:]))
        assert painted == ["H00"]
        assert "Lb6" in "".join(rows_of(m, "H00"))
        # two hexes far apart: their own lines, not every line between them
        refreshed.clear()
        far = max(m.hex_layout.coords, key=lambda h: m.hex_layout.rows(h).start)
        m._repaint({"H00", far})
        top, bottom = m.hex_layout.rows("H00"), m.hex_layout.rows(far)
        assert bottom.start > top.stop
        assert sorted(refreshed) == [(top.start, len(top)), (bottom.start, len(bottom))]


async def test_the_form_follows_the_size(cat):
    view, _hl, _home = scene(cat, 4)
    # the map pane is the terminal less the 40-column details pane
    for size, form in [((120, 40), LARGE), ((113, 30), MEDIUM), ((113, 25), WIDE), ((100, 22), COMPACT),
                       ((80, 24), SMALL)]:
        app = MapApp(cat, view)
        async with app.run_test(size=size) as pilot:
            m = app.query_one(HexMap)
            await pilot.pause()
            assert m.layout_form == form, size
            assert m.hex_layout.map_width <= m.size.width
            assert m.hex_layout.map_height <= m.size.height


async def test_a_short_pane_takes_the_widest_short_form_and_scrolls(cat):
    view, _hl, _home = scene(cat, 4)
    app = MapApp(cat, view)
    async with app.run_test(size=(120, 16)) as pilot:
        m = app.query_one(HexMap)
        await pilot.pause()
        assert m.layout_form == WIDE  # 73 columns fit in 80, 19 lines do not fit in 16
        assert m.hex_layout.map_height > m.size.height


async def test_a_map_larger_than_the_widget_scrolls_to_the_cursor(cat):
    view, _hl, _home = scene(cat, 4)
    app = MapApp(cat, view)
    async with app.run_test(size=(70, 14)) as pilot:
        m = app.query_one(HexMap)
        await pilot.pause()
        assert m.layout_form == SMALL
        assert m.hex_layout.map_height > m.size.height
        for _ in range(4):
            await pilot.press("j")
        await pilot.pause()
        x, y, w, h = m.hex_layout.region(m.cursor)
        sx, sy = m.scroll_offset
        assert sy > 0
        assert sy <= y and y + h <= sy + m.scrollable_content_region.height
        assert rows_of(m, m.cursor)[0] in "WHMBIC♔?"


async def test_zoom_keys_change_the_hex_size(cat):
    view, _hl, home = scene(cat, 4)
    app = MapApp(cat, view, cursor=home)
    async with app.run_test(size=(120, 40)) as pilot:
        m = app.query_one(HexMap)
        await pilot.pause()
        assert m.layout_form == LARGE
        await pilot.press("minus")
        assert m.layout_form == MEDIUM
        await pilot.press("minus", "minus")
        assert m.layout_form == COMPACT
        await pilot.press("minus", "minus")  # no smaller than the smallest
        assert m.layout_form == SMALL
        await pilot.press("plus")
        assert m.layout_form == COMPACT
        for _ in range(6):
            await pilot.press("plus")
        assert m.layout_form == HUGE  # larger than the pane: it scrolls to the cursor
        await pilot.pause()
        rows = rows_of(m, home)
        assert [len(r) for r in rows] == [1, 5, 9, 11, 11, 9, 5, 1]
        assert rows[1].strip() == "Yfels"  # room for the name and every piece
        assert "D1A2w" in "".join(rows) and "⌂D▥♜" in "".join(rows)


async def test_faction_colours_are_used_for_their_pieces(cat):
    view, _hl, home = scene(cat, 4)
    app = MapApp(cat, view, cursor="H00", colours={"druwhn": "#ffff00"})
    async with app.run_test(size=(120, 40)) as pilot:
        m = app.query_one(HexMap)
        await pilot.pause()

        def units_colour():
            for y, x0, w in m.hex_layout.spans(home):
                for seg in m.render_line(y).crop(x0, x0 + w):
                    if seg.text == "D1A2w":
                        return seg.style.color.triplet.hex
        assert units_colour() == "#ffff00"
        m.set_faction_colours({"druwhn": "#00ffff"})
        await pilot.pause()
        assert units_colour() == "#00ffff"


async def test_a_light_theme_repaints_with_its_own_colours(cat):
    view, _hl, home = scene(cat, 4)
    app = MapApp(cat, view)
    async with app.run_test(size=(120, 40)) as pilot:
        m = app.query_one(HexMap)
        await pilot.pause()
        y, x0, _w = m.hex_layout.spans(home)[2]
        dark = list(m.render_line(y).crop(x0, x0 + 1))[0].style.bgcolor
        app.theme = "textual-light"
        await pilot.pause()
        light = list(m.render_line(y).crop(x0, x0 + 1))[0].style.bgcolor
        assert dark != light
        assert light.triplet.hex == "#d4ecd0"  # woods, light variant


async def test_the_details_pane_follows_the_cursor(cat):
    view, _hl, _home = scene(cat, 4)
    app = MapApp(cat, view)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("right", "right")
        await pilot.pause()
        details = app.query_one("#details")
        assert details.hex_id == _at(cat, 4, 2, 0)
        assert details.plain.startswith("Rigga")


async def test_bottom_corners_mark_sea_towers(cat):
    view, _hl, _home = scene(cat, 4)
    app = MapApp(cat, view)
    async with app.run_test(size=(80, 24)) as pilot:
        m = app.query_one(HexMap)
        await pilot.pause()
        assert m.layout_form == SMALL
        for hid, h in view.hexes.items():
            corner = rows_of(m, hid)[-1]
            assert corner == (hs.SEA_TOWER if h.role == "sea_tower" else "_"), hid
        m.highlights = {_at(cat, 4, 2, -2)}  # a lit Sea Tower shows the highlight instead
        await pilot.pause()
        assert rows_of(m, _at(cat, 4, 2, -2))[-1] == hs.HIGHLIGHT


async def test_hovering_a_hex_gives_a_one_line_tooltip(cat):
    view, _hl, _home = scene(cat, 4)
    app = MapApp(cat, view)
    async with app.run_test(size=(120, 40)) as pilot:
        m = app.query_one(HexMap)
        await pilot.pause()
        rigga = _at(cat, 4, 2, 0)
        x, y = m.hex_layout.centre(rigga)
        await pilot.hover(HexMap, offset=Offset(x, y))
        assert m.tooltip == f"Rigga ({rigga}) · Marsh · G1"
        await pilot.hover(HexMap, offset=Offset(0, 0))
        assert m.tooltip is None
