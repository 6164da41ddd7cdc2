"""The odds of the fight(s) a Command target would start, shown before anything is paid."""
from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def odds_text(target: str, odds) -> Text:
    """One line (two at most) from a FightOdds (engine.odds): win, lose, expected losses."""
    t = Text()
    t.append(f"Odds for {target}: ", style="bold")
    t.append(f"win {pct(odds.win)}", style="bold green")
    t.append(" · ")
    t.append(f"lose {pct(odds.lose)}", style="bold red")
    both = getattr(odds, "both_wiped", 0.0)
    if both:
        t.append(f" · both wiped {pct(both)}")
    t.append(f" · Units lost ≈ {odds.units_lost:.2f}")
    vp = getattr(odds, "vp_gained", None)
    if vp is not None:
        t.append(f" · VP ≈ +{vp:.2f}")
    fights = getattr(odds, "fights", None)
    if fights and len(fights) > 1:
        t.append(f" ({len(fights)} fights in a row)", style="dim")
    return t


class OddsPanel(Static):
    shown = False

    DEFAULT_CSS = """
    OddsPanel { height: 1; padding: 0 1; color: $text; background: $boost; }
    """

    def show_odds(self, target: str, odds, available: bool) -> None:
        if odds is not None:
            self.update(odds_text(target, odds))
        elif not available:
            self.update(Text(f"Odds for {target}: exact odds are not in this build yet", style="dim italic"))
        else:
            self.update(Text(f"{target}: no fight starts here", style="dim italic"))

    def clear(self) -> None:
        if self.shown:
            self.update("")
            self.shown = False

    def update(self, content="", *, layout: bool = False) -> None:
        self.shown = bool(content)
        super().update(content, layout=False)
