"""When Python's cycle collector runs during play: just after a frame is up, not inside one.

Left to itself the collector runs whenever enough objects have been made, so it lands in the
middle of an answer's redraw: a young pass costs 0.1-3 ms there, a full pass 20-50 ms (the game's
log, events and the panes' rendered lines are all walked). While a game is on screen the game
screen holds the automatic collector off and runs the same passes itself a moment after each
frame is drawn (`AFTER_FRAME`, less than anyone takes to read a frame and press a key): the
young generation every frame, the middle one every `MIDDLE_EVERY` frames, a full pass every
`FULL_EVERY`, as CPython's own thresholds would over the same work. Bots playing on without a
frame for a person are covered too: `check` collects on the way once `YOUNG_LIMIT` objects wait.
Only cycles wait for the collector; everything else is freed as it always is, the moment it is
dropped.

What is alive when the game comes on screen (the modules, the catalog, Textual's widgets and
styles) and what survives each full pass is frozen (`gc.freeze`): the passes after it walk only
what was made since, so a full pass costs a few milliseconds instead of tens. Leaving the game
screen unfreezes it all, and the next full pass collects whatever of it has become garbage."""
from __future__ import annotations

import gc

AFTER_FRAME = 0.05  # seconds after a frame is drawn
MIDDLE_EVERY = 10
FULL_EVERY = 100
YOUNG_LIMIT = 100_000


class FrameCollector:
    """Holds the automatic collector off while `held`; `after_frame()` runs what it would have run."""

    def __init__(self) -> None:
        self.held = False
        self._passes = 0

    def hold(self) -> None:
        """Take over from the automatic collector (if it is on: an app that turned it off keeps it off)."""
        if not self.held and gc.isenabled():
            gc.disable()
            gc.freeze()
            self.held = True

    def release(self) -> None:
        """Give the collector back, first collecting what waits."""
        if self.held:
            self.held = False
            gc.unfreeze()
            gc.collect(1)
            gc.enable()

    def after_frame(self) -> int | None:
        """One pass, as the automatic collector would have made over the frames so far. Returns the
        generation collected (None when not holding)."""
        if not self.held:
            return None
        self._passes += 1
        gen = 2 if self._passes % FULL_EVERY == 0 else 1 if self._passes % MIDDLE_EVERY == 0 else 0
        gc.collect(gen)
        if gen == 2:
            gc.freeze()  # what outlived a full pass is long-lived: the next ones need not walk it again
        return gen

    def check(self) -> bool:
        """Between answers with no frame (bots playing on): collect the young generation if it has
        grown past `YOUNG_LIMIT`. Returns whether it collected."""
        if self.held and gc.get_count()[0] > YOUNG_LIMIT:
            self.after_frame()
            return True
        return False
