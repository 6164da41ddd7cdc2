""""Advice on" (the command palette; kept in the settings): at each decision a person must take, the
advisor is asked in its worker process, and when its answer comes, if that decision is still the
one on show, the decision bar marks the advisor's pick (◆, on the option and on its group's tab).
A plain helper the game screen owns; nothing here waits for the worker."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.screen import Screen as GameScreen  # (the game screen, screens/game.py: not imported, no loop)

POLL = 0.1  # seconds between two looks for the answer


class AdviceMarks:
    def __init__(self, screen: "GameScreen") -> None:
        self.screen = screen
        self._request: int | None = None
        self._decision = None  # the decision asked about
        self._timer = None
        self._link = None  # the app's advisor link, once asked

    @property
    def on(self) -> bool:
        return bool(self.screen.app.settings.advice)

    def toggle(self) -> bool:
        """Turn the marks on or off (and remember it); returns whether they are on now."""
        app = self.screen.app
        problem = app.settings.set_advice(not self.on)
        if problem:
            app.notify(problem, severity="warning")
        if self.on:
            d = self.screen.ctl.decision
            if d is not None and self.screen.bar.interactive:
                self.ask(d)
        else:
            self.cancel()
        return self.on

    def ask(self, decision) -> None:
        """A person is to answer `decision`: ask the advisor (once per decision)."""
        if not self.on or decision is self._decision:
            return
        self.cancel()
        s = self.screen
        try:
            link = self._link = s.app.advisor()
            self._request = link.ask(s.ctl, s.app.advice_budget)
        except (OSError, RuntimeError, ValueError) as exc:
            s.notify(f"The advisor could not start: {exc}", severity="warning")
            return
        self._decision = decision
        if self._timer is None:
            self._timer = s.set_interval(POLL, self.poll)

    def poll(self) -> None:
        from ...bots.strong.worker import Done, Progress
        if self._request is None:
            return self._stop()
        s = self.screen
        link = self._link
        for msg in link.take(self._request):
            if isinstance(msg, Done):
                advice = msg.advice
                if advice.answers == s.ctl.answers and s.ctl.decision is self._decision:
                    s.bar.mark_pick(self._decision, advice.pick)
                self._request = None
            elif not isinstance(msg, Progress):  # Cancelled or Failed: no mark this time
                self._request = None
        if self._request is None or not link.alive:
            self._request = None
            self._stop()

    def cancel(self) -> None:
        if self._request is not None and self._link is not None:
            self._link.cancel(self._request)
        self._request = None
        self._decision = None
        self._stop()

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
