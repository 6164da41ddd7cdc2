"""The odds of the option under the cursor, shown before anything is paid: the fight(s) a Command
would start (engine.odds.FightOdds), or the Quest a Hero would attempt (engine.odds.QuestOdds).

The first line, the summary, is always whole: its words shorten to fit the pane's width rather
than being cut. What follows (each fight on the hex, what the odds assume, their notes) fills the
lines the pane has; when more is left, the last line says so, and `o` shows the odds in full
(`toggle_full`)."""
from __future__ import annotations

from rich.text import Text

from .text_lines import TextLines

MORE = "  o: more"


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _summary(odds, short: bool) -> Text:
    """The summary line of a FightOdds, in words (`short`: in fewer letters)."""
    t = Text()
    t.append(f"win {pct(odds.win)}", style="bold green")
    t.append(" · ")
    t.append(f"lose {pct(odds.lose)}", style="bold red")
    both = getattr(odds, "both_wiped", 0.0)
    if both >= 0.0005:
        t.append(f" · {'none left' if short else 'both wiped'} {pct(both)}")
    draw = getattr(odds, "draw", 0.0)
    if draw >= 0.0005:
        t.append(f" · {'off' if short else 'called off'} {pct(draw)}")
    t.append(f" · −{odds.units_lost:.1f} Units" if short else f" · Units lost ≈{odds.units_lost:.1f}")
    vp = getattr(odds, "vp_gained", None)
    if vp is not None:
        t.append(f" · +{vp:.1f} VP" if short else f" · VP ≈+{vp:.1f}")
    return t


def _quest_summary(odds, short: bool) -> Text:
    glyph = {"skull": "☠", "shield": "◈", "bolt": "↯"}
    t = Text()
    t.append(f"solve {pct(odds.success)}", style="bold green")
    goals = " · ".join(f"{n}{glyph.get(s, s)} {100 * p:.0f}%" for s, n, p in odds.goals)
    t.append(f" · {'goals' if short else 'each goal'}: {goals}")
    t.append(f" ({odds.threshold} needed)" if not short else f" ({odds.threshold}+)")
    return t


def summary_text(odds, width: int) -> Text:
    """The summary line: in full words if it fits `width`, else in fewer letters (it may still
    wrap; it is never cut)."""
    make = _quest_summary if hasattr(odds, "success") else _summary
    head = Text("Odds: ", style="bold")
    full = head + make(odds, False)
    return full if full.cell_len <= width else make(odds, True)


def detail_lines(odds) -> list[Text]:
    """What follows the summary: each fight, or the dice of the Quest; what is assumed; notes."""
    out: list[Text] = []
    if hasattr(odds, "success"):
        letters = {"white": "W", "yellow": "Y", "red": "R", "blue": "U", "purple": "P", "black": "K"}
        t = Text("  with " + " ".join(letters.get(c, c) for c in odds.dice), style="dim")
        if odds.assumed:
            t.append(" · assumes " + ", ".join(odds.assumed), style="dim")
        out.append(t)
    else:
        fights = getattr(odds, "fights", ()) or ()
        if fights:
            t = Text("  ")
            for i, f in enumerate(fights):
                if i:
                    t.append(" → ", style="dim")
                t.append(f"{f.name}: won {pct(f.won)}" if f.fought >= 0.9995 else
                         f"{f.name}: fought {pct(f.fought)}, won {pct(f.won)}", style="dim")
            out.append(t)
        if getattr(odds, "assumed_force", False):
            out.append(Text("  assumes every Unit that can come (and the Hero where she can)", style="dim"))
    for note in getattr(odds, "notes", ()) or ():
        out.append(Text(f"  note: {note}", style="dim italic"))
    return out


class OddsPanel(TextLines):
    shown = False

    DEFAULT_CSS = """
    OddsPanel { height: 2; padding: 0 1; color: $text; background: $boost; }
    OddsPanel.-full { height: auto; max-height: 12; }
    """

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.odds = None
        self.full = False

    def _width(self) -> int:
        return max(20, self.content_region.width or 60)

    def _rows(self) -> int:
        return self.content_region.height or (1 if not self.full else 12)

    def show_odds(self, target: str, odds, available: bool) -> None:
        self.odds = odds
        if odds is not None:
            self._draw()
        elif not available:
            self.update(Text(f"Odds {target}: exact odds are not in this build yet", style="dim italic"))
        else:
            self.update(Text("No fight starts there" if not target.startswith("with")
                             else "No fight starts with these", style="dim italic"))

    def _draw(self) -> None:
        odds, width = self.odds, self._width()
        console = self.app.console
        lines = list(summary_text(odds, width).wrap(console, width))  # the summary, whole, however many lines
        rest = detail_lines(odds)
        rows = 12 if self.full else self._rows()
        budget = max(0, rows - len(lines))
        shown = rest[:budget]
        if len(shown) < len(rest) and not self.full:
            if shown:
                shown[-1] = _fitted(shown[-1].copy(), width - len(MORE)).append(MORE, style="dim")
            elif lines[-1].cell_len + len(MORE) <= width:
                lines[-1] = lines[-1].copy().append(MORE, style="dim")
        self.update(Text("\n").join(lines + shown))

    def working(self, target: str) -> None:
        self.odds = None
        self.update(Text("Odds: working them out…", style="dim italic"))

    def toggle_full(self) -> bool:
        """The odds in full (every fight, every note) or back to the panel's lines."""
        self.full = not self.full
        self.set_class(self.full, "-full")
        if self.odds is not None:
            self._draw()
        return self.full

    def clear(self) -> None:
        self.odds = None
        if self.shown:
            self.update("")
            self.shown = False

    def update(self, content="", *, layout: bool = False) -> None:
        self.shown = bool(content)
        super().update(content, layout=self.full)

    def on_resize(self) -> None:
        if self.odds is not None:
            self._draw()


def _height(t: Text, width: int) -> int:
    return max(1, -(-t.cell_len // max(1, width)))


def _fitted(t: Text, width: int) -> Text:
    """`t` cut at a word boundary to `width` cells (the words left are in the full odds, `o`)."""
    if t.cell_len <= width:
        return t
    plain = t.plain[:width]
    cut = plain.rfind(" ")
    t.truncate(cut if cut > 0 else width)
    t.append(" …")
    return t
