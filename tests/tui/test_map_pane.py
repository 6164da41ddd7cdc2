"""The map in the game screen (issue 21, "The map"): hexes as large as the pane allows, the
cursor always in view on a small terminal, the hex under the cursor described at every size,
the legend strip and zoom a key away."""
from __future__ import annotations

import pytest

from uprising_tui.engine import Setup
from uprising_tui.tui.app import make_app
from uprising_tui.tui.controller import GameController, default_seats
from uprising_tui.tui.saves import SaveStore
from uprising_tui.tui.screenshots import advance
from uprising_tui.tui.widgets.hex_geometry import FORMS, MEDIUM, WIDE
from uprising_tui.tui.widgets.hex_map import HexMap
from uprising_tui.tui.widgets.map_legend import MapLegend
from uprising_tui.tui.widgets.map_pane import MapPane

from .pilot_helpers import game_screen, settle, shown, until

pytestmark = pytest.mark.asyncio


def opened(tmp_path, factions=("duerkhar", "mohyar"), answers: int = 20):
    setup = Setup(factions=list(factions), chapters=2, seed=7)
    ctl = GameController.new(setup, default_seats(setup.factions, list(factions[1:])), SaveStore(tmp_path))
    advance(ctl, lambda c: c.answers >= answers and not c.is_bot_turn())
    return ctl, make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: ctl)


def again(tmp_path, ctl):
    """Another app on the same game (an app runs once)."""
    return make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: ctl)


def in_view(m: HexMap, hid: str) -> bool:
    x, y, w, h = m.hex_layout.region(hid)
    sx, sy = m.scroll_offset
    region = m.scrollable_content_region
    return sx <= x and x + w <= sx + region.width and sy <= y and y + h <= sy + region.height


async def test_a_big_terminal_draws_big_hexes_that_name_their_tiles(tmp_path):
    ctl, app = opened(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        m = game_screen(app).map
        assert m.layout_form == MEDIUM  # three rows inside each hex: the name, then the pieces
        text = shown(m)
        explored = [h for h in ctl.view.hexes.values() if h.explored and h.role in ("home", "random")]
        assert any(ctl.cat.hexes[h.tile].name[:5] in text for h in explored)
        assert m.virtual_size.height <= m.size.height  # the whole map, no scrolling
    app = again(tmp_path, ctl)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        assert FORMS.index(game_screen(app).map.layout_form) > FORMS.index(MEDIUM)


async def test_a_small_terminal_keeps_the_cursor_in_view(tmp_path):
    ctl, app = opened(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        m = game_screen(app).map
        assert m.layout_form == WIDE and m.virtual_size.height > m.size.height  # it scrolls
        rows = sorted(ctl.view.hexes.values(), key=lambda h: (h.r, h.q))
        for hid in (rows[0].id, rows[-1].id, rows[len(rows) // 2].id):
            m.cursor = hid
            await pilot.pause()
            assert in_view(m, hid), hid
        m.focus()
        for key in ["j"] * 8 + ["k"] * 8:  # walked off the edge of the view and back
            await pilot.press(key)
            assert in_view(m, m.cursor), m.cursor


async def test_the_hex_under_the_cursor_is_described_at_every_size(tmp_path):
    ctl, app = opened(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        scr = game_screen(app)
        pane = scr.query_one(MapPane)
        line = pane.query_one("#hex-line")
        assert line.display and not scr.query_one("#details").display
        home = ctl.view.player("duerkhar").hero_hex
        scr.map.cursor = home
        assert await until(pilot, lambda: ctl.cat.hexes[ctl.view.hexes[home].tile].name in shown(line))
        assert "Hero" in shown(line)
        await pilot.press("i")  # the whole description over the foot of the map
        details = pane.query_one("#map-details")
        assert await until(pilot, lambda: details.display and "On this hex" in details.plain)
        assert details.hex_id == home
        await pilot.press("i")
        assert await until(pilot, lambda: not details.display)
    app = again(tmp_path, ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        scr = game_screen(app)
        assert scr.query_one("#details").display and not scr.query_one(MapPane).query_one("#hex-line").display


async def test_the_legend_strip_and_zoom_are_a_key_away(tmp_path):
    ctl, app = opened(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        scr = game_screen(app)
        legend = scr.query_one(MapLegend)
        assert not legend.display
        before = scr.map.layout_form
        await pilot.press("g")
        assert await until(pilot, lambda: legend.display and "Pieces" in "\n".join(legend.lines))
        text = "\n".join(legend.lines)
        assert "the Duerkhar" in text and "the Mohyar" in text and "the Druwhn" not in text  # the factions in play
        assert FORMS.index(scr.map.layout_form) < FORMS.index(before)  # the map gave the strip room
        await pilot.press("g")
        assert await until(pilot, lambda: not legend.display and scr.map.layout_form == before)
        await pilot.press("plus")
        assert await until(pilot, lambda: FORMS.index(scr.map.layout_form) == FORMS.index(before) + 1)
        await pilot.press("minus", "minus")
        assert await until(pilot, lambda: FORMS.index(scr.map.layout_form) == FORMS.index(before) - 1)
