"""Every text readable in every theme: a line filter that lifts any foreground too close to its
background to a WCAG contrast of 4.5:1 (3:1 for the map's outlines and textures), keeping its
hue, as some terminals do ("minimum contrast"). Faction colours are chosen by the players and
must read on dark, light and NO_COLOR's greys alike; dim text is drawn as a colour between ink
and paper, as faint as the ratio allows.

`Readable` mixes it into a widget (`get_line_filters`): after the app's own filters (NO_COLOR's
greys, ANSI to true colour), so what is lifted is what the terminal would show. The lift of each
(style, background) pair is worked out once (`lifted`)."""
from __future__ import annotations

from functools import lru_cache

from rich.color import Color as RichColor
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import LineFilter

TEXT_RATIO = 4.5  # WCAG AA for text
GRAPHICS_RATIO = 3.0  # WCAG AA for graphical objects: outlines, the map's ground
GRAPHICS = frozenset("/\\|_· ▏▕")  # with box drawing (U+2500-257F): outlines, borders, the map's ground
DIM_BLEND = 0.5  # how far a terminal's dim goes towards the background (as Textual's DimFilter)
_NO_DIM = Style(dim=False)


def graphic(text: str) -> bool:
    """Whether a piece of text is only outlines, borders or texture (no letter, digit or glyph)."""
    return all(ch in GRAPHICS or "\u2500" <= ch <= "\u257f" for ch in text)


def luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG relative luminance of an sRGB colour."""
    def lin(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = rgb
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def ratio(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = luminance(a), luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


def blend(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    """`a` moved a share `t` of the way to `b`."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


def readable_ink(ink: tuple[int, int, int], paper: tuple[int, int, int], need: float,
                 dim: bool = False) -> tuple[int, int, int]:
    """The colour nearest `ink` (or, for dim text, nearest halfway to `paper`) that reads at
    `need` on `paper`: towards the paper for dim text while it still reads, then away from it,
    towards white on dark paper and black on light."""
    start = blend(ink, paper, DIM_BLEND) if dim else ink
    if ratio(start, paper) >= need:
        return start
    if dim and ratio(ink, paper) >= need:  # less dim: the faintest that reads
        lo, hi = 0.0, DIM_BLEND
        for _ in range(12):
            mid = (lo + hi) / 2
            if ratio(blend(ink, paper, mid), paper) >= need:
                lo = mid
            else:
                hi = mid
        return blend(ink, paper, lo)
    far = (255, 255, 255) if luminance(paper) < 0.18 else (0, 0, 0)
    if ratio(far, paper) < need:  # (mid-grey paper: the other end may reach further)
        other = (0, 0, 0) if far == (255, 255, 255) else (255, 255, 255)
        far = other if ratio(other, paper) > ratio(far, paper) else far
    lo, hi = 0.0, 1.0
    for _ in range(14):
        mid = (lo + hi) / 2
        if ratio(blend(ink, far, mid), paper) >= need:
            hi = mid
        else:
            lo = mid
    return blend(ink, far, hi)


def _rgb(c: RichColor | None) -> tuple[int, int, int] | None:
    if c is None or c.is_default:
        return None
    t = c.get_truecolor()
    return (t.red, t.green, t.blue)


@lru_cache(maxsize=8192)
def lifted(style: Style, background: RichColor, need: float) -> Style:
    """`style` with its visible ink lifted to `need` against its visible paper (reverse: the
    paper is the ink's colour), its dim resolved into a colour; `style` itself when it reads."""
    fg, bg = _rgb(style.color), _rgb(style.bgcolor) or _rgb(background)
    if fg is None or bg is None:
        return style
    if style.reverse:
        fg, bg = bg, fg
    dim = bool(style.dim)
    ink = readable_ink(fg, bg, need, dim)
    if ink == fg and not dim:
        return style
    new = RichColor.from_rgb(*ink)
    return style + (Style(bgcolor=new, dim=False) if style.reverse else Style(color=new, dim=False))


class MinimumContrast(LineFilter):
    """Lifts every segment's ink to a readable contrast on its paper."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        paper = background.rich_color
        out = []
        for seg in segments:
            text, style, control = seg
            if style is None or control or not text or text.isspace():
                out.append(seg)
                continue
            need = GRAPHICS_RATIO if graphic(text) else TEXT_RATIO
            new = lifted(style, paper, need)
            out.append(seg if new is style else Segment(text, new, control))
        return out


READABLE = MinimumContrast()


class Readable:
    """A widget whose lines are drawn through MinimumContrast (mixed in before the widget class)."""

    def get_line_filters(self):
        return [*super().get_line_filters(), READABLE]
