"""Quit ends the process even when the shutdown stalls: on a real terminal (a pty), an app whose
shutdown hangs (a screen's unmount that never returns) still ends, with its exit code, and gives
the terminal back (the normal screen, the cursor). A shutdown that does not stall is untouched."""
from __future__ import annotations

import os
import pty
import select
import sys
import textwrap
import time

CHILD = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from textual.screen import Screen
    from uprising_tui.tui import app as app_module, quit_guard
    from uprising_tui.tui.app import UprisingApp
    from uprising_tui.tui.saves import SaveStore
    quit_guard.GRACE = 1.0
    STALL = sys.argv[2] == "stall"

    class Stuck(Screen):
        def on_mount(self):
            self.set_timer(0.3, self.app.exit)
        def on_unmount(self):
            if STALL:
                time.sleep(3600)  # the shutdown never ends

    class App(UprisingApp):
        CSS_PATH = str(Path(app_module.__file__).with_name("app.tcss"))

        def on_mount(self):
            self.push_screen(Stuck())

    App(store=SaveStore(sys.argv[1]), preload=False).run()
    print("RETURNED", flush=True)
""")


def run_in_a_terminal(folder, mode: str, limit: float = 60.0) -> tuple[int | None, bytes]:
    script = folder / "child.py"
    script.write_text(CHILD)
    pid, fd = pty.fork()
    if pid == 0:  # the child: the app, on the pty
        os.execv(sys.executable, [sys.executable, str(script), str(folder), mode])
    out = b""
    deadline = time.monotonic() + limit
    status = None
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            out += chunk
        done, code = os.waitpid(pid, os.WNOHANG)
        if done:
            status = os.waitstatus_to_exitcode(code)
            break
    else:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    os.close(fd)
    return status, out


def test_a_stalled_shutdown_still_ends_the_process_and_gives_the_terminal_back(tmp_path):
    status, out = run_in_a_terminal(tmp_path, "stall")
    assert status == 0, out[-400:]  # ended (not killed by the test's deadline), with the app's code
    assert b"\x1b[?1049l" in out and b"\x1b[?25h" in out  # the normal screen and the cursor back
    assert b"RETURNED" not in out  # it was the guard that ended it: run() never returned


def test_a_shutdown_that_does_not_stall_returns_as_before(tmp_path):
    status, out = run_in_a_terminal(tmp_path, "ok")
    assert status == 0 and b"RETURNED" in out
