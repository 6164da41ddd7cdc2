"""The game review's decision bar: the decision bar of the game (widgets/decision_bar.py), showing
a decision that was answered, with the answer given marked ✔ (and, where the advisor would have
chosen otherwise, its pick marked ◆, as "Advice on" marks it in play). Nothing is answered from it:
the review screen takes the keys that would (Enter does nothing there)."""
from __future__ import annotations

from .decision_bar import DecisionBar

CHOSEN = "✔ "


class ReviewBar(DecisionBar):
    HINTS = (" ✔ the answer given · ◆ the advisor's pick", "✔ the answer given · ◆ the advisor's pick")

    def __init__(self, *args, **kw) -> None:
        super().__init__(*args, **kw)
        self.chosen: str | None = None  # the option id the answer chose

    def _label(self, o) -> str:
        label = super()._label(o)
        return CHOSEN + label if o.id == self.chosen else label

    def show_answered(self, decision, groups, costs, seat, chosen: str, best: str | None = None) -> None:
        """`decision` as it was put, the option `chosen` under the cursor and marked, the advisor's
        `best` marked too when it differs."""
        self.chosen = chosen
        self.marked = None
        self.show(decision, groups, costs, seat)
        if best is not None and best != chosen:
            self.mark_pick(decision, best)
        self.select_option(chosen)
