"""The client's side of the advisor's worker process (bots/strong/worker.AdvisorProcess): one per
app, started by the first question, shared by the "what would you do?" pane and "Advice on".

The worker answers questions by number; two parts of the client may have a question out at once,
so messages are sorted by question here: `take(request)` gives the messages for that question
and keeps the others for theirs. Nothing here waits: `take` reads what has come in."""
from __future__ import annotations

from collections import defaultdict


class AdvisorLink:
    def __init__(self, process) -> None:
        self.process = process
        self._inbox: dict[int, list] = defaultdict(list)

    @property
    def alive(self) -> bool:
        return self.process.alive

    def ask(self, ctl, budget=None) -> int:
        """A question about `ctl`'s pending decision (the controller hands over the public history)."""
        return ctl.ask_advice(self.process, budget)

    def review(self, ctl, budget, samples: int = 4) -> int:
        """A review of `ctl`'s game, its answers so far (bots/strong/review.py, in the worker)."""
        return ctl.ask_review(self.process, budget, samples)

    def take(self, request: int) -> list:
        """The messages for `request` that have come in (Progress, Done, Cancelled, Failed; for a
        review Steps and Reviewed)."""
        for msg in self.process.poll():
            self._inbox[msg.request].append(msg)
        return self._inbox.pop(request, [])

    def collect(self, request: int) -> tuple[list, bool]:
        """`take(request)` and whether the worker still runs, a broken link read as a worker gone
        (what a pane polling for its answer needs: the advice and review panes)."""
        try:
            return self.take(request), self.alive
        except (EOFError, OSError):
            return [], False

    def cancel(self, request: int) -> None:
        self._inbox.pop(request, None)
        try:
            self.process.cancel(request)
        except (OSError, BrokenPipeError):
            pass

    def close(self) -> None:
        self.process.close()
