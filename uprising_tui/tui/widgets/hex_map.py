"""The hex map: the board drawn as a honeycomb of hexes with everything on it.

``HexMap`` is a Line-API widget (a :class:`~textual.scroll_view.ScrollView` whose
``render_line`` returns cached :class:`~textual.strip.Strip` s). It draws from a
:class:`~uprising_tui.engine.public.PublicView` only. ``update_view`` compares each hex's
drawing key (its view, the Threat of the Nemesis on it, the Targets on it) with the last one
and repaints only the hexes that changed, invalidating and refreshing only their lines.

Each hex shows its terrain by colour and by a letter in its top corner (W H M B I, C for a
Curse, ♔ for the Capital, ? face-down), its name when there is room, and its pieces as short
tokens (see :mod:`.hex_style` for the legend). Impassable edges are drawn ``#``. The cursor's
outline is drawn reversed; hexes in :attr:`HexMap.highlights` get an accented outline and a
``◆`` in their bottom corner, so both read without colour.

Keys (six directions of a pointy-topped grid; the diagonals where a number pad has them, and no
letter the game screen binds for itself):

=====================  ====================================
``←`` ``h``            west            ``→``          east
``Home`` ``y``         north-west      ``PgUp``       north-east
``End``                south-west      ``PgDn``       south-east
``↑``                  up (zigzags north-west/north-east along one column)
``↓`` ``j``            down (likewise south)
``enter``              select the hex under the cursor
``+`` ``-``            larger / smaller hexes (the size follows the widget until then)
=====================  ====================================

A mouse click selects the hex under the pointer; hovering shows a one-line tooltip.
"""
from __future__ import annotations

from itertools import groupby
from operator import itemgetter
from typing import Mapping

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ...engine.face.view import PublicView
from .contrast import Readable
from .hex_geometry import FORMS, SMALL, Form, Layout, map_size
from .hex_paint import Cell, MapStyles, paint_hex
from .hex_tokens import MapFacts, summary
from .steady import row_runs

NULL_STYLE = Style.null()  # for cells with no style of their own

_style_of = itemgetter(1)


class HexMap(Readable, ScrollView, can_focus=True):
    """The board as hexes, from a public view; a cursor, highlights, and selection."""

    COMPONENT_CLASSES = {
        "hex-map--border", "hex-map--impassable", "hex-map--cursor", "hex-map--highlight",
        "hex-map--woods", "hex-map--highlands", "hex-map--marsh", "hex-map--badlands",
        "hex-map--ice-waste", "hex-map--curse", "hex-map--capital", "hex-map--unexplored",
        "hex-map--howling-white", "hex-map--fog-grave", "hex-map--screaming-sea",
        "hex-map--empire", "hex-map--chaos", "hex-map--label", "hex-map--region",
        "hex-map--sea-tower", "hex-map--overflow",
    }

    DEFAULT_CSS = """
    HexMap {
        background: $surface;
        color: $foreground;
        scrollbar-size: 1 1;
        & > .hex-map--border { color: $foreground 35%; }
        & > .hex-map--impassable { color: #ff5f3f; text-style: bold; }
        & > .hex-map--cursor { color: $accent; text-style: bold reverse; }
        & > .hex-map--highlight { color: $success; text-style: bold; }
        & > .hex-map--woods { background: #1d3b22; color: #b6e3a8; }
        & > .hex-map--highlands { background: #3a3530; color: #e0d2c0; }
        & > .hex-map--marsh { background: #1f3a3a; color: #a8e0d8; }
        & > .hex-map--badlands { background: #45351d; color: #f0d49a; }
        & > .hex-map--ice-waste { background: #2b3a4a; color: #d8ecff; }
        & > .hex-map--howling-white { background: #323f4c; color: #e6f0ff; }
        & > .hex-map--fog-grave { background: #2c3640; color: #cfdbe6; }
        & > .hex-map--screaming-sea { background: #23364d; color: #cfe4ff; }
        & > .hex-map--curse { background: #3d1f3d; color: #f0b8f0; }
        & > .hex-map--capital { background: #4a3f16; color: #ffe9a0; }
        & > .hex-map--unexplored { background: #26262e; color: #9a9aa8; }
        & > .hex-map--empire { color: #ffd75f; text-style: bold; }
        & > .hex-map--chaos { color: #ff87ff; text-style: bold; }
        & > .hex-map--label { color: $foreground 80%; }
        & > .hex-map--region { color: $foreground 45%; }
        & > .hex-map--sea-tower { color: #87d7ff; text-style: bold; }
        & > .hex-map--overflow { color: $warning; text-style: bold; }
        &:light {
            & > .hex-map--border { color: $foreground 45%; }
            & > .hex-map--impassable { color: #c0280a; }
            & > .hex-map--woods { background: #d4ecd0; color: #1f4d1f; }
            & > .hex-map--highlands { background: #e4ddd4; color: #4a3c2c; }
            & > .hex-map--marsh { background: #cfe8e4; color: #1d4a44; }
            & > .hex-map--badlands { background: #f3e2bf; color: #5a4010; }
            & > .hex-map--ice-waste { background: #e4eef8; color: #24405c; }
            & > .hex-map--howling-white { background: #eef3fa; color: #2a3f55; }
            & > .hex-map--fog-grave { background: #e1e7ec; color: #334250; }
            & > .hex-map--screaming-sea { background: #dbe8f6; color: #1c3a5c; }
            & > .hex-map--curse { background: #ecd4ec; color: #5a1a5a; }
            & > .hex-map--capital { background: #f4e8b8; color: #5a4600; }
            & > .hex-map--unexplored { background: #d0d0d6; color: #4a4a55; }
            & > .hex-map--empire { color: #8a5a00; }
            & > .hex-map--chaos { color: #a0209a; }
            & > .hex-map--sea-tower { color: #0a5a8a; }
        }
    }
    """

    BINDINGS = [
        # (no letter the game screen binds: while the map has the focus its keys would shadow the
        # screen's: u undo, b board, n Nemesis, k cards, l log; tests/tui/test_game_keys.py)
        Binding("right", "move(0)", "East", show=False),
        Binding("pageup", "move(1)", "North-east", show=False),
        Binding("home,y", "move(2)", "North-west", show=False),
        Binding("left,h", "move(3)", "West", show=False),
        Binding("end", "move(4)", "South-west", show=False),
        Binding("pagedown", "move(5)", "South-east", show=False),
        Binding("up", "move_vertical(0)", "Up", show=False),
        Binding("down,j", "move_vertical(1)", "Down", show=False),
        Binding("enter", "select", "Select hex"),
        Binding("plus", "zoom(1)", "Larger", show=False),
        Binding("minus", "zoom(-1)", "Smaller", show=False),
    ]

    highlights: reactive[frozenset[str]] = reactive(frozenset(), repaint=False, always_update=False)
    """Hexes to light up: those the pending decision's options point at."""
    cursor: reactive[str | None] = reactive(None, repaint=False)
    """The hex under the cursor (``None`` until a view arrives; then always a hex of the map)."""

    class CursorMoved(Message):
        """The cursor moved to ``hex_id``."""

        def __init__(self, hex_map: "HexMap", hex_id: str) -> None:
            super().__init__()
            self.hex_map = hex_map
            self.hex_id = hex_id

        @property
        def control(self) -> "HexMap":
            return self.hex_map

    class HexSelected(Message):
        """The player picked ``hex_id`` (Enter on the cursor, or a click)."""

        def __init__(self, hex_map: "HexMap", hex_id: str) -> None:
            super().__init__()
            self.hex_map = hex_map
            self.hex_id = hex_id

        @property
        def control(self) -> "HexMap":
            return self.hex_map

    def __init__(self, cat, view: PublicView | None = None, *,
                 faction_colours: Mapping[str, str] | None = None,
                 name: str | None = None, id: str | None = None, classes: str | None = None,
                 disabled: bool = False) -> None:
        super().__init__(name=name, id=id, classes=classes, disabled=disabled)
        self.cat = cat
        self._facts = MapFacts(cat)
        self._view: PublicView | None = None
        self._keys: dict[str, tuple] = {}
        self._zoom: Form | None = None  # None: the form follows the widget's size
        self._layout: Layout | None = None
        self._cells: list[list[Cell]] = []
        self._canvas = Size(0, 0)
        self._strips: dict[int, Strip] = {}
        self._styles = MapStyles(self, cat, faction_colours)  # what cells are painted with (and the blank)
        self._stale = True  # every hex must be painted before the next line is drawn
        self._goal: int | None = None  # column kept by up/down walks
        self._walking = False
        self._tip_hex: str | None = None
        if view is not None:
            self.update_view(view)

    # ------------------------------------------------------------------ public API
    @property
    def view(self) -> PublicView | None:
        return self._view

    @property
    def layout_form(self) -> Form | None:
        """The form the map is drawn in now (``None`` before the first layout)."""
        return self._layout.form if self._layout else None

    @property
    def hex_layout(self) -> Layout | None:
        return self._layout

    def update_view(self, view: PublicView) -> None:
        """Draw from a new public view, repainting only the hexes whose drawing changed."""
        old_coords = {h: (v.q, v.r) for h, v in self._view.hexes.items()} if self._view else None
        self._view = view
        self._facts.update(view)
        keys = {hid: self._facts.key(h) for hid, h in view.hexes.items()}
        coords = {h: (v.q, v.r) for h, v in view.hexes.items()}
        dirty = {hid for hid, key in keys.items() if self._keys.get(hid) != key}
        self._keys = keys
        if coords != old_coords:
            self._relayout()
        elif dirty:
            self._repaint(dirty)
        if self.cursor is None or self.cursor not in view.hexes:
            self.cursor = "H00" if "H00" in view.hexes else next(iter(view.hexes), None)
        stale_lights = self.highlights - set(view.hexes)
        if stale_lights:
            self.highlights = self.highlights - stale_lights

    def set_faction_colours(self, colours: Mapping[str, str]) -> None:
        """Use these colours (``faction -> colour``, CSS-like strings) for the factions' pieces."""
        self._styles.set_colours(colours)
        self._mark_stale()

    def hex_at(self, x: int, y: int) -> str | None:
        """The hex at a point of the widget (content coordinates, scrolling accounted for)."""
        if self._layout is None:
            return None
        sx, sy = self.scroll_offset
        return self._layout.hex_at(x + sx, y + sy)

    # ------------------------------------------------------------------ reactives
    def validate_highlights(self, value) -> frozenset[str]:
        return frozenset(h for h in value or () if h)

    def validate_cursor(self, value: str | None) -> str | None:
        if value is not None and self._view is not None and value not in self._view.hexes:
            raise ValueError(f"{value!r} is not a hex of this map")
        return value

    def watch_highlights(self, old: frozenset[str], new: frozenset[str]) -> None:
        self._repaint(old ^ new)

    def watch_cursor(self, old: str | None, new: str | None) -> None:
        if not self._walking:
            self._goal = None
        self._repaint({h for h in (old, new) if h})
        if new is not None:
            self._scroll_to_cursor()
            self.post_message(self.CursorMoved(self, new))

    # ------------------------------------------------------------------ actions
    def action_move(self, direction: int) -> None:
        if self._layout is None or self.cursor is None:
            return
        nxt = self._layout.neighbour(self.cursor, int(direction))
        if nxt is not None:
            self.cursor = nxt

    def action_move_vertical(self, down: int) -> None:
        if self._layout is None or self.cursor is None:
            return
        goal = self._layout.column(self.cursor) if self._goal is None else self._goal
        nxt = self._layout.vertical_step(self.cursor, bool(down), goal)
        if nxt is not None:
            self._walking = True
            try:
                self.cursor = nxt
            finally:
                self._walking = False
            self._goal = goal

    def action_select(self) -> None:
        if self.cursor is not None:
            self.post_message(self.HexSelected(self, self.cursor))

    def action_zoom(self, step: int) -> None:
        current = self.layout_form or self._auto_form()
        i = FORMS.index(current) + int(step)
        self._zoom = FORMS[max(0, min(len(FORMS) - 1, i))]
        self._relayout()

    # ------------------------------------------------------------------ events
    def on_resize(self, event: events.Resize) -> None:
        self._relayout()

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        hid = self.hex_at(offset.x, offset.y)
        if hid is None:
            return
        event.stop()
        self.cursor = hid
        self.post_message(self.HexSelected(self, hid))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        offset = event.get_content_offset(self)
        hid = self.hex_at(offset.x, offset.y) if offset is not None else None
        if hid == self._tip_hex:
            return
        self._tip_hex = hid
        self.tooltip = summary(self._view.hexes[hid], self._facts) if hid and self._view else None

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles.clear()
        self._mark_stale()

    # ------------------------------------------------------------------ Line API
    def render_line(self, y: int) -> Strip:
        if self._stale:
            self._paint_all()
        sx, sy = self.scroll_offset
        width = self.scrollable_content_region.width
        cy = y + sy
        if not 0 <= cy < len(self._cells):
            return Strip.blank(width, self._styles.blank or NULL_STYLE)
        strip = self._strips.get(cy)
        if strip is None:
            strip = self._strips[cy] = self._build_strip(cy)
        if sx == 0 and strip.cell_length == width:
            return strip
        return strip.crop_extend(sx, sx + width, self._styles.blank or NULL_STYLE)

    def _build_strip(self, y: int) -> Strip:
        row = self._cells[y]
        # every segment carries a Style (never None): Textual's NO_COLOR filter reads each one's colours
        segments = [Segment("".join([ch for ch, _ in run]), style or NULL_STYLE)
                    for style, run in groupby(row, key=_style_of)]
        return Strip(segments, len(row))

    # ------------------------------------------------------------------ layout
    def _auto_form(self) -> Form:
        """The largest form in which the whole map fits the widget. When none fits: the
        widest of the shortest forms that fits across (the map then scrolls up and down),
        else the smallest."""
        if self._view is None:
            return SMALL
        coords = [(v.q, v.r) for v in self._view.hexes.values()]
        width, height = self.size
        sizes = [(form, map_size(coords, form)) for form in FORMS]
        whole = [f for f, (w, h) in sizes if w <= width and h <= height]
        if whole:
            return whole[-1]
        shortest = min(f.height for f in FORMS)
        across = [f for f, (w, _h) in sizes if f.height == shortest and w <= width]
        return across[-1] if across else SMALL

    def _relayout(self) -> None:
        if self._view is None or not self._view.hexes:
            self._layout = None
            self._cells = []
            self._strips.clear()
            self.virtual_size = Size(0, 0)
            self.refresh()
            return
        form = self._zoom or self._auto_form()
        coords = {h: (v.q, v.r) for h, v in self._view.hexes.items()}
        map_w, map_h = map_size(coords.values(), form)
        width, height = self.size
        # the room left beside the scrollbars the map will need (a canvas as wide as the widget, with a
        # vertical scrollbar, would overflow by the scrollbar's width and call a horizontal one)
        tall = map_h > height
        wide = map_w > width - (self.styles.scrollbar_size_vertical if tall else 0)
        tall = tall or map_h > height - (self.styles.scrollbar_size_horizontal if wide else 0)
        width -= self.styles.scrollbar_size_vertical if tall else 0
        height -= self.styles.scrollbar_size_horizontal if wide else 0
        self._layout = Layout(coords, form, max(0, (width - map_w) // 2), max(0, (height - map_h) // 2))
        self._canvas = Size(max(map_w, width), max(map_h, height))
        self.virtual_size = self._canvas
        self._mark_stale()
        self._scroll_to_cursor()

    def _scroll_to_cursor(self) -> None:
        if self._layout is None or self.cursor is None or self.cursor not in self._layout.origins:
            return
        x, y, w, h = self._layout.region(self.cursor)
        self.scroll_to_region(Region(x, y, w, h), animate=False, immediate=True)

    # ------------------------------------------------------------------ painting
    def _mark_stale(self) -> None:
        self._stale = True
        self._strips.clear()
        self.refresh()

    def _paint_all(self) -> None:
        self._stale = False
        if self._layout is None or self._view is None:
            return
        blank = (" ", self.rich_style)
        self._styles.blank = blank[1]
        self._cells = [[blank] * self._canvas.width for _ in range(self._canvas.height)]
        for hid in self._layout.coords:
            self._paint_hex(hid)
        self._strips.clear()

    def _repaint(self, hexes: set[str]) -> None:
        """Repaint some hexes now and refresh only their lines."""
        if self._stale or self._layout is None or self._view is None or not self.is_mounted:
            return
        rows: set[int] = set()
        for hid in hexes:
            if hid in self._layout.coords:
                self._paint_hex(hid)
                rows.update(self._layout.rows(hid))
        for y in rows:
            self._strips.pop(y, None)
        for y, n in row_runs(rows):
            self.refresh_lines(y, n)

    def _paint_hex(self, hid: str) -> None:
        paint_hex(self._cells, self._layout, self._view, hid, styles=self._styles, facts=self._facts,
                  cursor=self.cursor, highlights=self.highlights)
