"""The game review: a game (finished, or as far as it went) stepped through answer by answer on
the game's own panes, with the strong bot's chance to win after each answer and the answers that
cost the most, each a key away (issue 22; what chess players get from an engine).

The panes (screens/table.py, the game screen's) show the game after the answer on show; the
decision bar shows the decision it answered, the answer given marked ✔ and the advisor's pick ◆
(widgets/review_bar.py). Its place in the game is a copy of the game of its own (review_cursor.py),
moved off the UI thread; the panes follow this screen's own Signal, never the game's under it.

The review itself (bots/strong/review.py) is worked out in the advisor's worker process, as the
advice is (screens/advice.py): the screen sends the question, reads what has come in from a
timer, shows the progress, and shows each answer's chance as it comes; the keys step through the
game from the first moment. Esc leaves (and stops the review); x stops it where it is. What the
table did not know at an answer stays hidden there: the cursor replays only the answers up to it
and the panes read only the public view."""
from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.signal import Signal
from textual.widgets import ProgressBar

from ..review_cursor import Frame, ReviewCursor
from ..widgets.card_info import CardInfo, option_card
from ..widgets.decision_bar import DecisionBar
from ..widgets.review_bar import ReviewBar
from ..widgets.status_bar import StatusBar
from ..widgets.steady import set_content
from ..widgets.text_lines import TextLines
from .review_text import costliest, costly_text, head
from .table import TableScreen

if TYPE_CHECKING:
    from ..controller import GameController

POLL = 0.05  # seconds between two looks for the worker's messages


def _key(keys: str, action: str, description: str, show: bool = False) -> Binding:
    return Binding(keys, action, description, show=show, priority=True)  # (over the bar's own keys)


REVIEW_KEYS = [
    _key("left,comma", "step(-1)", "◀ Back", True),
    _key("right,full_stop", "step(1)", "Next ▶", True),
    _key("home", "first", "First"),
    _key("end", "last", "Last"),
    _key("pageup", "step(-10)", "10 back"),
    _key("pagedown", "step(10)", "10 on"),
    _key("1", "costly(1)", "Costliest", True),
    _key("2", "costly(2)", "2nd costliest"),
    _key("3", "costly(3)", "3rd costliest"),
    _key("escape", "back", "Back", True),
    Binding("x", "stop", "Stop the review", show=False),
    Binding("b", "side('board')", "Board"),
    Binding("c", "side('combat')", "Fight"),
    Binding("n", "side('nemesis')", "Nemesis", show=False),
    Binding("m", "focus_map", "Map", show=False),
    Binding("l", "toggle_log", "Log", show=False),
    Binding("f", "log_filter", "Log filter", show=False),
    Binding("g", "legend", "Map legend", show=False),
    Binding("i", "hex_info", "Hex details", show=False),
    Binding("plus", "zoom(1)", "Larger hexes", show=False),
    Binding("minus", "zoom(-1)", "Smaller hexes", show=False),
    Binding("left_square_bracket", "board(-1)", "Board ◀", show=False),
    Binding("right_square_bracket", "board(1)", "Board ▶", show=False),
    Binding("question_mark,f1", "help", "Help"),
]


class ReviewScreen(TableScreen):
    BAR = ReviewBar
    BINDINGS = REVIEW_KEYS

    def __init__(self, source: "GameController", budget=None, samples: int = 4) -> None:
        self.cursor = ReviewCursor(source)
        super().__init__(self.cursor.ctl)
        self.source = source
        self.budget = budget
        self.samples = samples
        self.steps: list = [None] * len(self.cursor)  # review.Step per answer, as they come
        self.review = None  # the whole Review, once it has come
        self.failed: str | None = None
        self.frame: Frame | None = None  # the answer on show
        self.target = len(self.cursor) - 1  # the answer asked for (the last: the game as it ended)
        self.progress = (0, len(self.cursor))
        self._moving = False
        self._advisor = None
        self._request: int | None = None
        self._timer = None

    @property
    def game_signal(self) -> Signal:
        """The Signal this screen's panes follow (widgets/game_feed.py): its own."""
        signal = self.__dict__.get("_review_signal")
        if signal is None:
            signal = self.__dict__["_review_signal"] = Signal(self, "review")
        return signal

    # ------------------------------------------------------------ layout
    def under_status(self) -> ComposeResult:
        with Horizontal(id="review-top"):
            yield TextLines(Text("Review: opening…", style="italic"), id="review-head")
            yield ProgressBar(total=max(1, len(self.cursor)), show_eta=False, id="review-progress")

    def under_bar(self) -> ComposeResult:
        yield TextLines(id="review-costly")

    def on_mount(self) -> None:
        self._fit(self.size.width, self.size.height)
        self.query_one(StatusBar).note = "game review"
        self.call_after_refresh(self.app.started)  # (the first frame is up: as the game screen tells it)
        self._draw_costly()
        if not len(self.cursor):
            set_content(self.query_one("#review-head", TextLines), Text("This game has no answers to review.",
                                                                        style="italic"))
            return
        self._start_review()
        self._go(self.target)

    def on_unmount(self) -> None:
        self._cancel()

    # ------------------------------------------------------------ the review's figures (the worker)
    def _start_review(self) -> None:
        if self.budget is None:  # (the end screen's r): what `uprising review` spends by default
            from ...bots.strong.review import COMMAND_BUDGET
            self.budget = COMMAND_BUDGET
        try:
            self._advisor = self.app.advisor()
            self._request = self._advisor.review(self.source, self.budget, self.samples)
        except (OSError, RuntimeError, ValueError) as exc:
            self._fail(f"The review could not start: {exc}")
            return
        self._timer = self.set_interval(POLL, self._poll)

    @property
    def reviewing(self) -> bool:
        """The review is being worked out (not yet come, failed or stopped)."""
        return self._request is not None and self.review is None and self.failed is None

    def _poll(self) -> None:
        from ...bots.strong.worker import Cancelled, Failed, Progress, Reviewed, Steps
        messages, alive = self._advisor.collect(self._request)
        fresh = False
        for msg in messages:
            if isinstance(msg, Steps):
                for s in msg.steps:
                    if 0 <= s.index < len(self.steps):
                        self.steps[s.index] = s
                fresh = True
            elif isinstance(msg, Progress):
                self.progress = (msg.done, msg.total)
                self.query_one(ProgressBar).update(total=max(1, msg.total), progress=msg.done)
            elif isinstance(msg, Reviewed):
                self._done(msg.review)
                fresh = True
            elif isinstance(msg, Failed):
                self._fail(f"The review failed: {msg.error}")
            elif isinstance(msg, Cancelled):
                self._fail("The review was stopped.")
        if self.reviewing and not alive:
            self._fail("The advisor's process has stopped.")
        if fresh:
            self._draw_head()
            self._draw_costly()

    def _done(self, rv) -> None:
        self._stop_polling()
        self.review = rv
        for s in rv.steps:
            if 0 <= s.index < len(self.steps):
                self.steps[s.index] = s
        bar = self.query_one(ProgressBar)
        bar.update(progress=bar.total if rv.complete else bar.progress)
        if not rv.complete:
            self.notify("The review stopped: the figures so far.")

    def _fail(self, why: str) -> None:
        self._stop_polling()
        self.failed = why
        self.notify(why, severity="warning")
        self._draw_head()
        self._draw_costly()

    def _stop_polling(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _cancel(self) -> None:
        if self.reviewing and self._advisor is not None:
            self._advisor.cancel(self._request)
        self._stop_polling()

    @property
    def costly(self) -> list:
        """The answers that cost the most: the review's own once it has come, else those so far."""
        if self.review is not None and self.review.complete:
            return list(self.review.costly)
        return costliest(self.steps)

    # ------------------------------------------------------------ moving through the game
    def _go(self, index: int) -> None:
        if not len(self.cursor):
            return
        self.target = max(0, min(len(self.cursor) - 1, index))
        if not self._moving:
            self._moving = True
            self.run_worker(self._move, group="review-move", exit_on_error=True)

    async def _move(self) -> None:
        """Replay to the answer asked for, off the UI thread, and show it; again while keys ask for
        another (a key pressed meanwhile is never lost, and never waits for the replay)."""
        try:
            while self.is_attached and (self.frame is None or self.frame.index != self.target):
                target = self.target
                shown = self.frame.index if self.frame is not None else None
                frame = await asyncio.to_thread(self.cursor.frame, target, shown)
                if not self.is_attached or not self.query(ReviewBar) or not self.bar.complete:
                    return  # left meanwhile
                self._show(frame)
        finally:
            self._moving = False

    def _show(self, frame: Frame) -> None:
        self.frame = frame
        self.view = frame.update.view
        with self.app.batch_update():
            self.game_signal.publish(frame.update)
            self.map.update_view(frame.update.view)
            step = self.steps[frame.index]
            self.bar.show_answered(frame.decision, frame.groups, frame.costs, frame.seat, frame.chosen,
                                   step.best if step is not None else None)
            self._draw_head()
            self._draw_costly()
            if self.side_pinned is None:
                if frame.update.view.combat is not None or frame.decision.kind in ("assign_damage", "destroy_choice"):
                    self.switch_side("combat")
                elif frame.update.view.phase == "nemesis":
                    self.switch_side("nemesis")
                else:
                    self.switch_side("board")

    def _draw_head(self) -> None:
        frame = self.frame
        if frame is None:
            return
        step = self.steps[frame.index]
        before = self.steps[frame.index - 1].win_after if frame.index and self.steps[frame.index - 1] else None
        text = head(self.ctl.cat, frame, len(self.cursor), step, before)
        if self.failed:
            text.append(f"  ({self.failed})", style="dim")
        elif self.reviewing:
            done, total = self.progress
            text.append(f"  · reviewing {done}/{total} (x stops)", style="dim")
        set_content(self.query_one("#review-head", TextLines), text)
        if self.review is not None or self.failed:
            self.query_one(ProgressBar).display = False

    def _draw_costly(self) -> None:
        finished = self.review is not None and self.review.complete
        on_show = self.frame.index if self.frame is not None else None
        set_content(self.query_one("#review-costly", TextLines),
                    costly_text(self.ctl.cat, self.costly, on_show, finished), layout=True)

    # ------------------------------------------------------------ the bar's cursor
    @on(DecisionBar.Highlighted)
    def _highlighted(self, msg: DecisionBar.Highlighted) -> None:
        opt = msg.option
        card = option_card(opt)
        nem = self.view.nemesis(card) if card else None
        info = self.query_one(CardInfo)
        if info.show_card(card, nem.threat if nem else None):
            self._cover_side(info)
        if opt is not None and opt.hex:
            self.map.cursor = opt.hex
            self.query_one("#details").show(self.view, opt.hex)

    @on(DecisionBar.Chosen)
    def _chosen(self, msg: DecisionBar.Chosen) -> None:
        msg.stop()  # (nothing is answered in a review)

    @on(DecisionBar.BackRefused)
    def _back_refused(self, msg) -> None:
        msg.stop()

    # ------------------------------------------------------------ the keys
    def action_step(self, n: int) -> None:
        self._go(self.target + n)

    def action_first(self) -> None:
        self._go(0)

    def action_last(self) -> None:
        self._go(len(self.cursor) - 1)

    def action_costly(self, n: int) -> None:
        costly = self.costly
        if n <= len(costly):
            self._go(costly[n - 1].index)
        elif self.reviewing:
            self.notify("The review is still working them out.")
        else:
            self.notify(f"There {'is no costly answer' if not costly else f'are only {len(costly)}'}.")

    def action_stop(self) -> None:
        """Stop the review where it is: the worker sends what it has judged (the figures so far)."""
        if self.reviewing:
            self._advisor.cancel(self._request)
        else:
            self.notify("The review is not running.")

    def action_back(self) -> None:
        """Back where the review was opened from (the end screen); from the command line, the end."""
        self._cancel()
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()

    def action_help(self) -> None:
        self.app.action_help()
