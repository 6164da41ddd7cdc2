""""What would you do?": the advisor's three best options at the pending decision, each with the
chance to win, the expected VP margin and its reasons in words (bots/strong/advisor.py).

The search runs in the advisor's worker process (bots/strong/worker.py: it holds the GIL for a
second or two, which in this process would hold every key and frame). The worker is handed the
game's public history, its setup and answers, as a save holds them; this screen only sends the
question, polls for messages from a timer (never waiting) and shows a progress bar until the
answer comes. Esc (or w again) cancels the question and closes the pane at once."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import ProgressBar, Static

if TYPE_CHECKING:
    from ..controller import GameController

POLL = 0.05  # seconds between two looks for the worker's messages


def advice_text(advice) -> Group:
    """The advice in words: each option with its figures and reasons, the advisor's pick marked;
    a reason that wraps keeps its indent under the dash (a grid, not one long Text)."""
    parts: list = []
    for i, o in enumerate(advice.options, 1):
        if i > 1:
            parts.append(Text(""))
        head = Text(f"{i}. {o.label}", style="bold")
        if o.option == advice.pick:
            head.append("  ◆ my pick", style="bold green")
        parts.append(head)
        if o.samples:
            parts.append(Text(f"   win {100 * o.win:.0f}% · margin {o.margin:+.1f} VP · {o.samples} plays",
                              style="italic"))
        if o.reasons:
            grid = Table.grid(padding=(0, 1))
            grid.add_column(width=4, justify="right")
            grid.add_column()
            for r in o.reasons:
                grid.add_row("–", r.text)
            parts.append(grid)
    horizon = "to the end of the game" if advice.horizon == "game" else "to the end of this Chapter"
    foot = Text(f"\nPlayed out {advice.rollouts} times {horizon}, in {advice.seconds:.1f} s", style="dim")
    if not advice.complete:
        foot.append(" (stopped early: the figures so far)", style="dim")
    parts.append(foot)
    return Group(*parts)


class AdviceScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    AdviceScreen { align: center middle; }
    AdviceScreen > Vertical { width: 80; max-width: 96%; height: auto; max-height: 90%;
                              border: thick $accent; background: $surface; padding: 0 1; }
    AdviceScreen #advice-title { text-style: bold; margin-bottom: 1; }
    AdviceScreen ProgressBar { margin-bottom: 1; }
    AdviceScreen VerticalScroll { height: auto; max-height: 20; }
    AdviceScreen #advice-hint { color: $text-muted; dock: bottom; }  /* kept in sight on a short terminal */
    """
    BINDINGS = [Binding("escape,w", "close", "Close"), Binding("enter", "play(0)", "Play my pick", show=False),
                Binding("1", "play(1)", show=False), Binding("2", "play(2)", show=False),
                Binding("3", "play(3)", show=False)]

    def __init__(self, ctl: "GameController", budget=None) -> None:
        super().__init__()
        self.ctl = ctl
        self.budget = budget
        self.advice = None  # the answer, once it has come
        self.failed: str | None = None
        self._advisor = None
        self._request: int | None = None

    def compose(self) -> ComposeResult:
        d = self.ctl.decision
        with Vertical():
            yield Static(f"What would I do? — {d.prompt if d is not None else 'the game is over'}", id="advice-title")
            yield ProgressBar(total=100, show_eta=False, id="advice-progress")
            with VerticalScroll():
                yield Static(Text("Thinking… (the game stays yours: Esc closes this)", style="italic"),
                             id="advice-body")
            yield Static("Esc or w: close · Enter: play my pick · 1–3: play that option", id="advice-hint")

    def on_mount(self) -> None:
        if self.ctl.decision is None:
            self._fail("The game is over: there is nothing to advise on.")
            return
        try:
            self._advisor = self.app.advisor()
            self._request = self._advisor.ask(self.ctl, self.budget)
        except (OSError, RuntimeError, ValueError) as exc:
            self._fail(f"The advisor could not start: {exc}")
            return
        self._timer = self.set_interval(POLL, self._poll)

    @property
    def thinking(self) -> bool:
        return self._request is not None and self.advice is None and self.failed is None

    def _poll(self) -> None:
        from ...bots.strong.worker import Cancelled, Done, Failed, Progress
        messages, alive = self._advisor.collect(self._request)
        for msg in messages:
            if isinstance(msg, Progress):
                self._progress(msg)
            elif isinstance(msg, Done):
                self._show(msg.advice)
            elif isinstance(msg, Failed):
                self._fail(f"The advisor failed: {msg.error}")
            elif isinstance(msg, Cancelled):
                self._fail("The question was cancelled.")
        if self.thinking and not alive:
            self._fail("The advisor's process has stopped.")

    def _progress(self, msg) -> None:
        bar = self.query_one(ProgressBar)
        if msg.total:
            bar.update(progress=100 * msg.done / msg.total)
        else:
            seconds = getattr(self._budget(), "seconds", None) or 1.0
            bar.update(progress=min(99.0, 100 * msg.seconds / seconds))

    def _budget(self):
        if self.budget is not None:
            return self.budget
        from ...bots.strong.advisor import HINT_BUDGET
        return HINT_BUDGET

    def _show(self, advice) -> None:
        self._stop_polling()
        if advice.answers != self.ctl.answers:
            self._fail("The game has moved on since the question: ask again.")
            return
        self.advice = advice
        self.query_one(ProgressBar).update(progress=100)
        self.query_one("#advice-body", Static).update(advice_text(advice))

    def _fail(self, why: str) -> None:
        self._stop_polling()
        self.failed = why
        self.query_one("#advice-body", Static).update(Text(why, style="italic"))

    def _stop_polling(self) -> None:
        timer = getattr(self, "_timer", None)
        if timer is not None:
            timer.stop()
            self._timer = None

    def action_play(self, n: int) -> None:
        """Play the advice: Enter the advisor's pick, 1–3 the option of that number (the screen
        closes with its id; the game screen answers it as if chosen on the bar). Nothing before
        the advice has come."""
        advice = self.advice
        if advice is None:
            self.notify("The advisor is still thinking." if self.thinking else "There is no advice to play.")
            return
        if n == 0:
            oid = advice.pick
        elif n <= len(advice.options):
            oid = advice.options[n - 1].option
        else:
            self.notify(f"The advice has {len(advice.options)} option(s).")
            return
        self._stop_polling()
        self.dismiss(oid)

    def action_close(self) -> None:
        if self.thinking:
            self._advisor.cancel(self._request)
        self._stop_polling()
        self.dismiss(None)
