"""When the client itself fails: the game is saved, a crash report is written beside the saves, and
the terminal gets one line saying where it is; the process then exits non-zero.

The report holds what a developer needs to replay it: the traceback, the version, the game's setup
and seed, how many answers it had, and the screens on show. The autosave beside it holds the
answers themselves (Continue resumes the game from there)."""
from __future__ import annotations

import platform
import sys
import tempfile
import traceback
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

if TYPE_CHECKING:
    from .controller import GameController

CRASH_PREFIX = "crash-"


def version() -> str:
    """The installed uprising-tui version ('unknown' when run from a tree that was not installed)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as dist_version
    try:
        return dist_version("uprising-tui")
    except PackageNotFoundError:
        return "unknown"


def report_text(error: BaseException, ctl: "GameController | None", screens: Iterable[str] = (),
                saved: str = "") -> str:
    """The crash report: what failed, where in the game, and the traceback."""
    lines = ["uprising-tui crash report", "",
             f"when:     {datetime.now(timezone.utc).isoformat(timespec='seconds')}",
             f"version:  uprising-tui {version()}, Python {platform.python_version()}, {platform.platform()}"]
    try:
        from textual import __version__ as textual_version
        lines.append(f"textual:  {textual_version}")
    except ImportError:  # pragma: no cover - textual is a dependency
        pass
    if ctl is not None:
        s = ctl.setup
        lines += [f"seed:     {s.seed}",
                  f"setup:    {', '.join(s.factions)} · {s.chapters} Chapters · {s.difficulty}"
                  f"{' · ties decided for you' if s.auto_ties else ''}",
                  f"seats:    {', '.join(f'{x.faction}={x.bot or x.name}' for x in ctl.seats)}",
                  f"answers:  {ctl.answers}"]
        d = ctl.decision
        lines.append(f"pending:  {d.kind} for {d.actor} ({len(d.options)} options)" if d is not None
                     else "pending:  nothing (the game is over)")
    else:
        lines.append("game:     none open")
    if saved:
        lines.append(f"saved:    {saved}")
    screens = list(screens)
    if screens:
        lines.append(f"screens:  {' > '.join(screens)}")
    lines += ["", "".join(traceback.format_exception(type(error), error, error.__traceback__)).rstrip()]
    return "\n".join(lines) + "\n"


def write_report(folder: Path, text: str, now: datetime | None = None) -> Path:
    """Write the report into `folder` (made if missing) under a new name; if that folder cannot be
    written, into the system's temporary folder. Returns where it went."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    for where in (Path(folder), Path(tempfile.gettempdir())):
        try:
            where.mkdir(parents=True, exist_ok=True)
            path = where / f"{CRASH_PREFIX}{stamp}.txt"
            n = 1
            while path.exists():
                n += 1
                path = where / f"{CRASH_PREFIX}{stamp}-{n}.txt"
            path.write_text(text, encoding="utf-8")
            return path
        except OSError:
            continue
    raise OSError("no folder to write the crash report in")


def one_line(error: BaseException, report: Path | None, saved: bool) -> str:
    """What the terminal says, in one line."""
    what = f"{type(error).__name__}: {error}".splitlines()[0][:160]
    game = " Your game is saved: Continue resumes it." if saved else ""
    where = f" Crash report: {report}" if report is not None else " (the crash report could not be written)"
    return f"uprising: the client crashed ({what}).{game}{where}"


def cause(error: BaseException) -> BaseException:
    """The error itself, out of the wrapper a failed worker puts round it."""
    from textual.worker import WorkerFailed
    while isinstance(error, WorkerFailed) and isinstance(getattr(error, "error", None), BaseException):
        error = error.error
    return error


def handle(app, error: BaseException) -> str:
    """Save the game, write the report and return the line for the terminal. Never raises: a crash
    while handling a crash must not hide the first one."""
    error = cause(error)
    ctl = getattr(app, "controller", None)
    saved = ""
    if ctl is not None:
        try:
            ctl.autosave()
            if ctl.autosave_enabled and ctl.save_error is None:
                saved = str(ctl.store.autosave_path)
        except Exception:  # noqa: BLE001 - the report says the save is missing
            saved = ""
    try:
        screens = [type(s).__name__ for s in app.screen_stack]
    except Exception:  # noqa: BLE001
        screens = []
    report = None
    try:
        text = report_text(error, ctl, screens, saved)
        report = write_report(app.store.dir, text)
    except Exception:  # noqa: BLE001 - say so on the terminal instead
        report = None
    line = one_line(error, report, bool(saved))
    app.crash_report = report
    return line


def print_line(line: str) -> None:
    print(line, file=sys.stderr)
