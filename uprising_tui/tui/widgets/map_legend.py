"""The map's legend as a strip beside the map: every glyph and code the map draws, built from
the painter's own table (hex_style.MARKS) and the catalog, for the factions and the Legions and
Hordes on the table. The same lines are the legend in Help (`legend_markdown`)."""
from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from . import hex_style as hs
from .text_pane import TextPane


def legend_text(cat, view=None) -> Group:
    """The legend as rich renderables: a heading per section, then a mark and its meaning a row
    (a long meaning wraps in its own column, under itself), a faction's Unit codes on the row
    under its letter."""
    parts: list = []
    for title, marks in hs.legend(cat, view):
        if not marks:
            continue
        parts.append(Text(title, style="bold underline"))
        grid = Table.grid(padding=(0, 1))
        grid.add_column(no_wrap=True, style="bold")
        grid.add_column(ratio=1)
        for m in marks:
            if m.kind == "units" and m.of:
                continue
            grid.add_row(m.mark, m.meaning)
            if m.kind == "faction":
                codes = Text()
                for i, u in enumerate(x for x in marks if x.kind == "units" and x.of == m.of):
                    if i:
                        codes.append(" · ")
                    codes.append(u.mark, style="bold")
                    codes.append(" " + u.meaning.split(" (")[0])
                grid.add_row("", codes)
        parts.append(grid)
    return Group(*parts)


def legend_markdown(cat, view=None) -> str:
    """The legend as Markdown, for the Help screen: a list per section (a faction's Unit codes on
    one line under its letter)."""
    out = ["Every glyph and code the map draws (the strip beside the map, `g`, shows the same)."]
    for title, marks in hs.legend(cat, view):
        if not marks:
            continue
        out += ["", f"**{title}**", ""]
        for m in marks:
            if m.kind == "units" and m.of:
                continue
            out.append(f"- `{m.mark}`: {m.meaning}")
            if m.kind == "faction":
                codes = " · ".join(f"`{u.mark}`: {u.meaning}" for u in marks if u.kind == "units" and u.of == m.of)
                out.append(f"  - {codes}")
    return "\n".join(out)


class MapLegend(TextPane):
    """The legend strip (hidden until asked for: `g`)."""

    DEFAULT_CSS = """
    MapLegend { width: 34; height: 1fr; padding: 0 1; border-left: vkey $primary-background; }
    """

    def __init__(self, cat, **kw) -> None:
        super().__init__(**kw)
        self.cat = cat
        self._for: tuple | None = None

    def show_for(self, view) -> None:
        """The legend of this view's table (redrawn only when its factions or cards change)."""
        key = (tuple(p.faction for p in view.players), tuple(c.id for c in view.legions + view.hordes))
        if key == self._for and self.is_mounted:
            return
        self._for = key
        self.show(legend_text(self.cat, view))
