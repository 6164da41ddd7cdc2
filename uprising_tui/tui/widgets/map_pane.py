"""The map with what helps read it: the hex under the cursor in words, the legend strip and
the hex's full details, each a key away.

- `#map`: the HexMap itself (the game screen reaches it by that id, as before).
- `#hex-line`: one or two lines naming the hex under the cursor and all that is on it, shown
  where the screen has no room for the details pane (narrow terminals: `GameScreen.-narrow`).
- `#map-details`: the full details of that hex over the foot of the map (`toggle_details`, `i`).
- `#legend`: the legend strip beside the map (`toggle_legend`, `g`).

Attributes down: the pane follows the game's updates (the app's game Signal) and the map's
cursor; it reads the public view only."""
from __future__ import annotations

from typing import Mapping

from textual.containers import Horizontal, Vertical

from ...engine.face.view import PublicView
from . import hex_style as hs
from .hex_details import HexDetails, hex_line
from .hex_map import HexMap
from .map_legend import MapLegend
from .steady import set_content
from .text_lines import TextLines
from .game_feed import game_signal


class MapPane(Horizontal):
    DEFAULT_CSS = """
    MapPane { width: 1fr; height: 1fr; }
    MapPane > #map-col { width: 1fr; height: 1fr; layers: base overlay; }
    MapPane > #map-col > HexMap { width: 1fr; height: 1fr; }
    MapPane > #map-col > #hex-line { height: auto; max-height: 2; padding: 0 1; background: $boost; display: none; }
    MapPane > #map-col > #map-details { layer: overlay; dock: bottom; height: 9; max-height: 80%; display: none;
                                        background: $surface; border-top: hkey $primary; }
    MapPane > #legend { display: none; }
    MapPane.-legend > #legend { display: block; }
    MapPane.-details > #map-col > #map-details { display: block; }
    MapPane.-line > #map-col > #hex-line { display: block; }
    """

    def __init__(self, cat, *, faction_colours: Mapping[str, str] | None = None, **kw) -> None:
        super().__init__(**kw)
        self.cat = cat
        self.colours = dict(hs.DEFAULT_FACTION_COLOURS)
        self.colours.update(faction_colours or {})
        self._faction_colours = faction_colours
        self.view: PublicView | None = None

    def compose(self):
        with Vertical(id="map-col"):
            yield HexMap(self.cat, faction_colours=self._faction_colours, id="map")
            yield TextLines(id="hex-line")
            yield HexDetails(self.cat, faction_colours=self._faction_colours, id="map-details")
        yield MapLegend(self.cat, id="legend")

    @property
    def map(self) -> HexMap:
        return self.query_one(HexMap)

    def on_mount(self) -> None:
        signal = game_signal(self)
        if signal is not None:
            signal.subscribe(self, self._on_game_update, immediate=True)

    # ------------------------------------------------------------ what it shows
    def _on_game_update(self, u) -> None:
        self.show_view(u.view)

    def show_view(self, view: PublicView) -> None:
        """The view the map draws (the screen gives it to the map; the pane's own parts follow)."""
        self.view = view
        if self.has_class("-legend"):
            self.query_one(MapLegend).show_for(view)
        self._describe(self.map.cursor)

    def _describe(self, hex_id: str | None) -> None:
        view = self.view
        if view is None or hex_id is None or hex_id not in view.hexes:
            return
        dark = self.app.current_theme.dark if self.is_mounted else True
        inks = {f: hs.readable(hs.parse_colour(c, "white"), dark).hex for f, c in self.colours.items()}
        if self.has_class("-line"):
            set_content(self.query_one("#hex-line", TextLines), hex_line(self.cat, view, hex_id, inks), layout=True)
        if self.has_class("-details"):
            self.query_one("#map-details", HexDetails).show(view, hex_id)

    def on_hex_map_cursor_moved(self, message: HexMap.CursorMoved) -> None:
        self._describe(message.hex_id)  # (the message goes on up: the screen's details pane follows it too)

    # ------------------------------------------------------------ toggles
    def set_line(self, on: bool) -> None:
        """The hex line under the map (where the details pane is not on the screen)."""
        if on != self.has_class("-line"):
            self.set_class(on, "-line")
            self._describe(self.map.cursor)

    def toggle_legend(self) -> bool:
        on = not self.has_class("-legend")
        self.set_class(on, "-legend")
        if on and self.view is not None:
            self.query_one(MapLegend).show_for(self.view)
        return on

    def toggle_details(self) -> bool:
        on = not self.has_class("-details")
        self.set_class(on, "-details")
        if on:
            self._describe(self.map.cursor)
        return on
