"""Painting the hex map's cells: one hex's fill, corners, tokens and shared sides
(:func:`paint_hex`), in styles made from the map widget's component classes and the factions'
colours and kept until the theme or the colours change (:class:`MapStyles`). ``HexMap``
(hex_map.py) owns the canvas and decides what to repaint; this module decides how.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from rich.style import Style

from ...engine.face.view import HexView, PublicView
from . import hex_style as hs
from .hex_geometry import Layout
from .hex_tokens import MapFacts, label, pack, tokens

if TYPE_CHECKING:
    from textual.widget import Widget

Cell = tuple[str, Style | None]


class MapStyles:
    """The rich Styles the map paints with, made once each from `widget`'s component classes."""

    def __init__(self, widget: "Widget", cat, colours: Mapping[str, str] | None = None):
        self.widget = widget
        self.cat = cat
        self.colours: dict[str, str] = dict(hs.DEFAULT_FACTION_COLOURS)
        if colours:
            self.colours.update(colours)
        self.blank: Style | None = None  # the widget's own style, for cells outside every hex
        self._cache: dict[object, Style] = {}

    def set_colours(self, colours: Mapping[str, str]) -> None:
        self.colours = dict(hs.DEFAULT_FACTION_COLOURS)
        self.colours.update(colours)
        self.clear()

    def clear(self) -> None:
        self._cache.clear()

    def component(self, name: str, partial: bool = False) -> Style:
        key = (name, partial)
        st = self._cache.get(key)
        if st is None:
            st = self._cache[key] = self.widget.get_component_rich_style(name, partial=partial)
        return st

    def corner(self, base: Style) -> Style:
        """A one-cell corner of a small hex: the terrain's ink on the map's own background."""
        key = ("corner", base)
        st = self._cache.get(key)
        if st is None:
            st = self._cache[key] = self.blank + Style(color=base.color)
        return st

    def interior(self, h: HexView) -> Style:
        if h.region and h.terrain == "ice_waste":
            name = hs.REGION_COMPONENT.get(h.region, "hex-map--ice-waste")
        else:
            name = hs.terrain_look(h.terrain).component
        return self.component(name)

    def token(self, base: Style, key: str) -> Style:
        cache_key = (base, key)
        st = self._cache.get(cache_key)
        if st is not None:
            return st
        if key.startswith("faction:"):
            faction = key.split(":", 1)[1]
            i = list(self.cat.factions).index(faction) if faction in self.cat.factions else 0
            colour = hs.parse_colour(self.colours.get(faction), hs.FALLBACK_COLOURS[i % len(hs.FALLBACK_COLOURS)])
            widget = self.widget
            dark = widget.app.current_theme.dark if widget.is_mounted else True
            colour = hs.readable(colour, dark)
            top = Style(color=colour.rich_color, bold=True)
        elif key == "terrain":
            top = Style(bold=True)
        elif key == "fog":
            top = Style(dim=True)
        elif key == "edge":
            top = self.component("hex-map--border", partial=True)
        elif key == "highlight":
            top = self.component("hex-map--highlight", partial=True)
        elif key in ("empire", "chaos", "label", "region", "overflow"):
            top = self.component(f"hex-map--{key}", partial=True)
        elif key == "sea_tower":
            top = self.component("hex-map--sea-tower", partial=True)
        else:
            top = Style()
        st = self._cache[cache_key] = base + Style(color=top.color, bold=top.bold, italic=top.italic,
                                                   reverse=top.reverse, dim=top.dim)
        return st


def paint_hex(cells: list[list[Cell]], lay: Layout, view: PublicView, hid: str, *, styles: MapStyles,
              facts: MapFacts, cursor: str | None, highlights: frozenset[str], record=None) -> None:
    """Paint hex `hid` into `cells`: its fill, its corners, its pieces and its sides. With
    `record` (a callable), each mark drawn is also told to it as ``record(kind, text)``, the kind
    as the legend names it (hex_style.MARKS): the legend's test reads what the painter draws."""
    h = view.hexes[hid]
    lit = hid in highlights
    token = styles.token
    base = styles.interior(h)
    spans = lay.spans(hid)
    fill = (hs.FOG, token(base, "fog")) if h.terrain is None else (" ", base)
    for y, x0, w in spans:
        row = cells[y]
        for x in range(x0, x0 + w):
            row[x] = fill
    # corners: terrain letter on top, the highlight mark at the bottom
    y, x0, _ = spans[0]
    corner = base if lay.form.k > 1 else styles.corner(base)
    letter = hs.terrain_look(h.terrain).letter
    cells[y][x0] = (letter, token(corner, "terrain"))
    # bottom corner: the highlight mark, else a Sea Tower; one-line slants close with "_"
    compact = lay.form.k == 1
    y, x0, _ = spans[-1]
    if lit:
        cells[y][x0] = (hs.HIGHLIGHT, token(corner, "highlight"))
    elif h.role == "sea_tower":
        cells[y][x0] = (hs.SEA_TOWER, token(corner, "sea_tower"))
    elif compact:
        cells[y][x0] = ("_", token(corner, "edge"))
    if record is not None:
        record("terrain", letter)
        if h.terrain is None and any(w > 1 for _, _, w in spans):
            record("fog", hs.FOG)
        if lit or h.role == "sea_tower" or compact:
            record(*(("highlight", hs.HIGHLIGHT) if lit else ("sea_tower", hs.SEA_TOWER) if h.role == "sea_tower"
                     else ("outline", "_")))
    rows = spans[1:-1]
    widths = [w for _, _, w in rows]
    name = None if compact else label(h, styles.cat, widths[0] if widths else 0)
    for piece in pack(tokens(h, facts, compact=compact), widths, name):
        y, x0, _ = rows[piece.row]
        style = token(base, piece.style)
        for i, ch in enumerate(piece.text):
            cells[y][x0 + piece.x + i] = (ch, style)
        if record is not None:
            record(piece.kind, piece.text)
    # sides, shared with the neighbour across each edge
    hexes = view.hexes
    border, impassable = styles.component("hex-map--border"), styles.component("hex-map--impassable")
    for x, y, edge, ch, other in lay.sides(hid):
        ov = hexes.get(other) if other else None
        blocked = edge in h.blocked or (ov is not None and (edge + 3) % 6 in ov.blocked)
        if cursor == hid or (other is not None and cursor == other):
            style = styles.component("hex-map--cursor")
        elif lit or (other is not None and other in highlights):
            style = styles.component("hex-map--highlight")
        else:
            style = impassable if blocked else border
        cells[y][x] = (hs.IMPASSABLE if blocked else ch, style)
        if record is not None:
            record("impassable" if blocked else "outline", hs.IMPASSABLE if blocked else ch)
