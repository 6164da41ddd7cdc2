"""Quit ends the process, whatever the shutdown does.

After Quit, Textual takes the screens down and then gives the terminal back. If that shutdown
stalls (a key such as Esc arriving while it runs was reported to leave the client hung on a
blank screen), the person is stuck with a dead terminal. :func:`arm` starts a daemon timer when
the app begins to exit: if the process is still alive :data:`GRACE` seconds later, it gives the
terminal back itself (leaves the alternate screen, shows the cursor, stops mouse reporting,
restores the terminal's settings from before the app started) and ends the process with the
app's exit code. A shutdown that finishes in time ends the process first, and the timer with it.
It is armed only on a real terminal (never in a headless test run)."""
from __future__ import annotations

import os
import threading

from .textual_adapter import driver_output, terminal_driver

GRACE = 5.0  # seconds the shutdown may take
RESTORE = (b"\x1b[<u"  # the Kitty keyboard protocol off
           b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l"  # mouse reporting off
           b"\x1b[?2004l\x1b[?1004l"  # bracketed paste, focus reports off
           b"\x1b[?1049l\x1b[?25h")  # the normal screen back, the cursor shown


def give_back_terminal(driver) -> None:
    """Undo what the terminal driver did at start (best effort: nothing here may raise)."""
    try:
        out = driver_output(driver)
        if out is not None and out.isatty():
            os.write(out.fileno(), RESTORE)
        attrs = getattr(driver, "attrs_before", None)
        if attrs is not None:
            import termios
            termios.tcsetattr(driver.fileno, termios.TCSANOW, attrs)
    except Exception:  # noqa: BLE001 - the process ends next whatever happens here
        pass


def arm(app, grace: float | None = None) -> threading.Timer | None:
    """Make sure the process ends `grace` (default GRACE) seconds after `app` began to exit."""
    driver = terminal_driver(app)
    if driver is None or driver.is_headless or getattr(app, "_quit_guard", None) is not None:
        return None

    def force() -> None:
        give_back_terminal(driver)
        os._exit(app.return_code or 0)

    timer = threading.Timer(GRACE if grace is None else grace, force)
    timer.daemon = True
    app._quit_guard = timer
    timer.start()
    return timer
