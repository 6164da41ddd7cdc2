"""A stand-in for the map lane's `HexMap`: the same interface (PLAN.md), drawn as a list of hexes.

Used only while `widgets/hex_map.py` is not there; `widgets/__init__.py` picks the real map
when it is. One line per hex: id, tile, terrain letter and what stands on it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..theme import TERRAIN_LETTER

if TYPE_CHECKING:
    from ...content.loader import Catalog
    from ...engine.public import HexView, PublicView


def hex_line(cat: "Catalog", h: "HexView", lit: bool) -> Text:
    name = cat.names.get(h.tile, h.tile) if h.tile else "(unexplored)"
    t = Text("★ " if lit else "  ", style="bold yellow" if lit else "")
    t.append(f"{h.id} ", style="bold")
    t.append(f"[{TERRAIN_LETTER.get(h.terrain or 'none', '?')}] ")
    t.append(name, style="" if h.explored else "dim")
    bits = []
    if h.haven:
        bits.append(f"Haven:{cat.names.get(h.haven, h.haven)}" + ("+W" if h.wall else "") + ("+T" if h.tower else ""))
    if h.units:
        bits.append(f"{cat.names.get(h.owner, h.owner)} {sum(n for _, n in h.units)}u")
    for f in h.heroes:
        bits.append(f"Hero:{cat.names.get(f, f)}")
    if h.garrisons:
        bits.append(f"G{h.garrisons}")
    if h.skeletons:
        bits.append(f"S{h.skeletons}")
    for c in h.legions + h.hordes:
        bits.append(cat.names.get(c, c))
    if h.curse:
        bits.append("Curse")
    if bits:
        t.append(" — " + " · ".join(bits), style="italic")
    return t


class HexListMap(OptionList):
    """Hexes as a list; the cursor is the highlighted line."""

    highlights: reactive[frozenset[str]] = reactive(frozenset(), init=False)
    cursor: reactive[str | None] = reactive(None, init=False)

    class CursorMoved(Message):
        def __init__(self, hex_id: str) -> None:
            super().__init__()
            self.hex_id = hex_id

    class HexSelected(Message):
        def __init__(self, hex_id: str) -> None:
            super().__init__()
            self.hex_id = hex_id

    def __init__(self, cat: "Catalog", view: "PublicView | None" = None, *, faction_colours=None, **kw) -> None:
        super().__init__(**kw)
        self.cat = cat
        self._view: "PublicView | None" = None
        self._order: list[str] = []

    def update_view(self, view: "PublicView") -> None:
        self._view = view
        self._redraw()

    def _redraw(self) -> None:
        if self._view is None:
            return
        keep = self.cursor
        lines = [(h, h.id in self.highlights) for h in self._view.hexes.values()]
        if lines == getattr(self, "_shown_lines", None):
            return
        self._shown_lines = lines
        self._order = list(self._view.hexes)
        self.set_options([Option(hex_line(self.cat, h, lit), id=h.id) for h, lit in lines])
        if keep in self._order:
            self.highlighted = self._order.index(keep)

    def watch_highlights(self, _old, _new) -> None:
        self._redraw()

    def watch_cursor(self, hex_id: str | None) -> None:
        if hex_id in self._order and self.highlighted != self._order.index(hex_id):
            self.highlighted = self._order.index(hex_id)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        hid = event.option.id
        if not self.has_focus:  # a highlight set from outside (cursor, redraw): no echo back
            return
        if hid and hid != self.cursor:
            self.cursor = hid
            self.post_message(self.CursorMoved(hid))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.post_message(self.HexSelected(event.option.id))


class HexListDetails(Static):
    """Stand-in details panel: the hex under the cursor, spelled out from the public view."""

    def __init__(self, cat: "Catalog", *, faction_colours=None, **kw) -> None:
        super().__init__(**kw)
        self.cat = cat

    def show(self, view: "PublicView", hex_id: str | None) -> None:
        h = view.hexes.get(hex_id) if hex_id else None
        if h is None:
            self.update("")
            return
        t = hex_line(self.cat, h, False)
        if h.tile and h.tile in self.cat.hexes:
            tile = self.cat.hexes[h.tile]
            t.append(f"\nTerrain: {h.terrain or 'none'}")
            if tile.text:
                t.append(f"\n{tile.text}", style="italic")
        self.update(t)
