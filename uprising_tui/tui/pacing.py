"""How fast the client shows what it did not ask a person about: bot moves and the Nemesis.

`step`: wait for a key (Space) before each step; `auto`: a short pause; `instant`: no pause.
`skip()` runs the rest of the current stretch at once (Esc), until a person must answer. What a
person's own answer set off (their fight's rounds, their move) is paced as `auto` under `step`:
step pacing steps through the Nemesis and the bots, not through yourself."""
from __future__ import annotations

import asyncio

MODES = ("step", "auto", "instant")
AUTO_DELAY = 0.6


class Pacer:
    def __init__(self, mode: str = "auto", delay: float = AUTO_DELAY):
        if mode not in MODES:
            raise ValueError(f"pacing is one of {', '.join(MODES)}, not {mode!r}")
        self.mode = mode
        self.delay = delay
        self.skipping = False
        self._go = asyncio.Event()
        self.waiting = False  # a step is on show, waiting for its time or a key

    def cycle(self) -> str:
        self.mode = MODES[(MODES.index(self.mode) + 1) % len(MODES)]
        self._go.set()
        return self.mode

    def set(self, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(f"pacing is one of {', '.join(MODES)}, not {mode!r}")
        self.mode = mode
        self._go.set()

    def advance(self) -> None:
        """Go on to the next step now (Space)."""
        self._go.set()

    def skip(self) -> None:
        """Show the rest at once, until a person must answer (Esc)."""
        self.skipping = True
        self._go.set()

    def release(self) -> None:
        """A person is to answer: the next stretch is paced again."""
        self.skipping = False

    async def wait(self, own: bool = False) -> None:
        """The pause between two steps (`own`: a step of a person's own answer)."""
        if self.mode == "instant" or self.skipping:
            await asyncio.sleep(0)
            return
        self._go.clear()
        self.waiting = True
        try:
            if self.mode == "auto" or own:
                try:
                    await asyncio.wait_for(self._go.wait(), self.delay)
                except asyncio.TimeoutError:
                    pass
            else:
                while self.mode == "step" and not self.skipping and not self._go.is_set():
                    await self._go.wait()
        finally:
            self.waiting = False
