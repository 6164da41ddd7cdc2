"""The odds of the fight(s) a Command target would start, shown before anything is paid."""
from __future__ import annotations

from rich.text import Text

from .text_lines import TextLines


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def odds_text(target: str, odds) -> Text:
    """Two lines from a FightOdds (engine.odds): the whole hex (win, lose, expected losses and
    VP), then each fight it holds, in order."""
    t = Text(no_wrap=True, overflow="ellipsis")
    t.append(f"Odds {target}: ", style="bold")
    t.append(f"win {pct(odds.win)}", style="bold green")
    t.append(" · ")
    t.append(f"lose {pct(odds.lose)}", style="bold red")
    both = getattr(odds, "both_wiped", 0.0)
    if both >= 0.0005:
        t.append(f" · both wiped {pct(both)}")
    draw = getattr(odds, "draw", 0.0)
    if draw >= 0.0005:
        t.append(f" · called off {pct(draw)}")
    t.append(f" · Units lost ≈{odds.units_lost:.1f}")
    vp = getattr(odds, "vp_gained", None)
    if vp is not None:
        t.append(f" · VP ≈+{vp:.1f}")
    if getattr(odds, "assumed_force", False):
        t.append(" (every Unit that can come)", style="dim")
    fights = getattr(odds, "fights", ()) or ()
    if fights:
        t.append("\n  ")
        for i, f in enumerate(fights):
            if i:
                t.append(" → ")
            t.append(f"{f.name}: won {pct(f.won)}" if f.fought >= 0.9995 else
                     f"{f.name}: fought {pct(f.fought)}, won {pct(f.won)}", style="dim")
    return t


class OddsPanel(TextLines):
    shown = False

    DEFAULT_CSS = """
    OddsPanel { height: 2; padding: 0 1; color: $text; background: $boost; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def show_odds(self, target: str, odds, available: bool) -> None:
        if odds is not None:
            self.update(odds_text(target, odds))
        elif not available:
            self.update(Text(f"Odds {target}: exact odds are not in this build yet", style="dim italic"))
        else:
            self.update(Text(f"Odds {target}: no fight starts there", style="dim italic"))

    def working(self, target: str) -> None:
        self.update(Text(f"Odds {target}: working them out…", style="dim italic"))

    def clear(self) -> None:
        if self.shown:
            self.update("")
            self.shown = False

    def update(self, content="", *, layout: bool = False) -> None:
        self.shown = bool(content)
        super().update(content, layout=False)
