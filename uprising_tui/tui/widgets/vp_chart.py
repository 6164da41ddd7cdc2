"""VP per Chapter for every side, as a plot (textual-plotext). Each line carries the side's name
in the legend and its own marker, so it reads without colour too."""
from __future__ import annotations

from textual_plotext import PlotextPlot

from ..naming import name
from ..theme import NEMESIS_COLOURS, PALETTE, colour_hex

MARKERS = ("dot", "x", "+", "o", "*", "#")
DRAWN = {"dot": "•"}  # how plotext draws a marker, where that is not its name


def key_line(names_markers) -> str:
    """The lines' key under the plot ("• Druwhn  x The Empire ..."): plotext drops its own legend
    when the plot is short (80x24), and the lines must still be told apart."""
    return "  ".join(f"{DRAWN.get(m, m)} {n}" for n, m in names_markers)


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


class VPChart(PlotextPlot):
    def __init__(self, cat, vp_by_chapter: dict[str, list[int]], colours: dict[str, str], **kw) -> None:
        super().__init__(**kw)
        self.cat = cat
        self.series = vp_by_chapter
        self.colours = colours

    def on_mount(self) -> None:
        super().on_mount()
        plt = self.plt
        plt.clear_data()
        plt.title("VP at the end of each Chapter")
        longest = max((len(v) for v in self.series.values()), default=0)
        plt.xticks(list(range(1, longest + 1)))
        drawn = []
        for i, (side, values) in enumerate(self.series.items()):
            if not values:
                continue
            drawn.append((name(self.cat, side), MARKERS[i % len(MARKERS)]))
            colour = NEMESIS_COLOURS.get(side) or colour_hex(self.colours.get(side, "")) or PALETTE["white"]
            plt.plot(list(range(1, len(values) + 1)), values, label=name(self.cat, side),
                     marker=MARKERS[i % len(MARKERS)], color=_rgb(colour))
        self.key = key_line(drawn)
        self._label()

    def on_resize(self) -> None:
        self._label()

    def _label(self) -> None:
        """The axis's label, with the lines' key when it fits the plot's width (plotext leaves out a
        label too long for it, and draws its own legend where the plot is tall enough)."""
        full = "Chapter   ·   " + getattr(self, "key", "")
        self.plt.xlabel(full if len(full) <= self.size.width - 8 else "Chapter")
        self.refresh()
