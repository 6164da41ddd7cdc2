"""The game review's words: the header of the answer on show (Chapter, phase, who answered, what
was chosen, the chance to win after it and the change from before, what the advisor preferred)
and the list of the answers that cost the most. Plain functions of the review's Steps
(bots/strong/review.py) and the frame on show (review_cursor.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from ..naming import name, phase_name

if TYPE_CHECKING:
    from ...bots.strong.review import Step
    from ..review_cursor import Frame

MINUS = "−"
SHOWN = 3  # the costliest answers listed (review.SHOWN)


def points(x: float) -> str:
    """A difference in chance as points: +3, −12, ±0."""
    p = round(100 * x)
    return "±0" if p == 0 else (f"+{p}" if p > 0 else f"{MINUS}{-p}")


def chance_text(step: "Step | None", before: float | None) -> Text:
    """'win 41% (−12)': the chance after the answer and its change from before; '…' while the
    review has not reached it."""
    if step is None or step.win_after is None:
        return Text("win …", style="dim")
    out = Text(f"win {100 * step.win_after:.0f}%", style="bold")
    if before is not None:
        change = step.win_after - before
        style = "green" if round(100 * change) > 0 else ("red" if round(100 * change) < 0 else "dim")
        out.append(f" ({points(change)})", style=style)
    return out


def who(cat, frame: "Frame") -> str:
    seat, actor = frame.seat, frame.decision.actor
    fac = name(cat, actor)
    return f"{seat.name} ({fac})" if seat is not None and seat.name != fac else fac


def chosen_label(frame: "Frame") -> str:
    for _g, opts in frame.groups:
        for o in opts:
            if o.id == frame.chosen:
                return o.label
    return frame.chosen


def head(cat, frame: "Frame", total: int, step: "Step | None", before: float | None) -> Text:
    """The answer on show in two lines: where and who, what, the chance; then what the advisor
    preferred (a searched answer) or how the chance was judged."""
    out = Text()
    out.append(f"Answer {frame.index + 1} of {total}", style="bold")
    out.append(" · ")
    out.append_text(chance_text(step, before))
    out.append(f" · Chapter {frame.chapter}, {phase_name(frame.phase)} · ")
    out.append(who(cat, frame), style="bold")
    out.append(f" chose “{chosen_label(frame)}”")
    out.append("\n")
    if step is None or step.win_after is None:
        out.append("The review has not judged this answer yet.", style="dim italic")
    elif step.best is not None and step.costly:
        out.append(f"The advisor preferred “{step.best_label}” (win {100 * (step.best_win or 0):.0f}%): "
                   f"this answer cost {round(100 * step.cost)} points.", style="yellow")
    elif step.best is not None and step.best != step.chosen:
        out.append(f"As good as the advisor's pick, “{step.best_label}” (within a point).", style="green")
    elif step.best is not None:
        out.append("The advisor's pick too.", style="green")
    else:
        out.append("Not searched (no choice the advisor weighs): the chance as it stood.", style="dim")
    return out


def costliest(steps) -> list["Step"]:
    """The answers that cost the most, dearest first (as review.review ranks them)."""
    return sorted((s for s in steps if s is not None and s.costly), key=lambda s: (-s.cost, s.index))[:SHOWN]


def costly_text(cat, costly: list["Step"], on_show: int | None, finished: bool) -> Text:
    """The costliest answers, one a line, each with the key that jumps to it."""
    out = Text()
    many = len({s.actor for s in costly}) > 1
    title = "Costliest answers" + ("" if finished else " so far")
    out.append(title + (" (→ the advisor's pick) · 1/2/3 jump" if costly else ""), style="bold")
    if not costly:
        out.append("\n" + ("None: no answer cost anything the search could measure." if finished
                           else "None yet."), style="dim")
    for i, s in enumerate(costly, 1):
        style = "reverse" if s.index == on_show else ""
        out.append("\n")
        out.append(f"{i} ", style="bold " + style)
        out.append(f"{points(-s.cost):>3}", style="bold red " + style)
        actor = f" {name(cat, s.actor)}" if many else ""
        out.append(f" #{s.index + 1} Ch {s.chapter}{actor}: “{s.chosen_label}” → “{s.best_label}”", style=style)
    return out
