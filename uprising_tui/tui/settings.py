"""The client's settings, kept between games in the saves folder (`settings.ini`): what a player
chose last (the pacing; whether the advisor marks its pick on the decision bar), so a new game,
Continue and Load start the way they left off.

The file is read as hostile: a value it cannot use is ignored (the default stands) and a file it
cannot read at all is reported once, in words, and then rewritten whole on the next change. It is
not a save (the Load screen lists only `*.json`)."""
from __future__ import annotations

import configparser
from pathlib import Path

from .pacing import MODES

FILE = "settings.ini"
SECTION = "client"
MAX_BYTES = 16_384  # a settings file is a few lines; anything bigger is not ours


class Settings:
    def __init__(self, folder: str | Path):
        self.path = Path(folder) / FILE
        self.pacing: str | None = None
        self.advice = False  # "Advice on": the decision bar marks the advisor's pick
        self.problem: str | None = None  # why the file could not be read, in words (None: fine or absent)
        self._read()

    def _read(self) -> None:
        try:
            if not self.path.is_file():
                return
            if self.path.stat().st_size > MAX_BYTES:
                raise ValueError("it is too big to be a settings file")
            text = self.path.read_text(encoding="utf-8")
            parser = configparser.ConfigParser(interpolation=None)
            parser.read_string(text)
        except (OSError, UnicodeDecodeError, ValueError, configparser.Error) as exc:
            self.problem = f"{self.path} is not readable ({str(exc).splitlines()[0][:80]}); the defaults are used"
            return
        pacing = parser.get(SECTION, "pacing", fallback=None)
        if pacing in MODES:
            self.pacing = pacing
        self.advice = parser.get(SECTION, "advice", fallback="off") == "on"  # (anything else: off)

    def set_pacing(self, mode: str) -> str | None:
        """Remember `mode`; returns why it could not be written (None when it was)."""
        if mode not in MODES:
            raise ValueError(f"pacing is one of {', '.join(MODES)}, not {mode!r}")
        self.pacing = mode
        return self._write()

    def set_advice(self, on: bool) -> str | None:
        """Remember whether the advisor marks its pick; returns why it could not be written."""
        self.advice = bool(on)
        return self._write()

    def _write(self) -> str | None:
        from .saves import write_atomic
        parser = configparser.ConfigParser(interpolation=None)
        parser[SECTION] = {**({"pacing": self.pacing} if self.pacing else {}),
                           **({"advice": "on"} if self.advice else {})}
        lines = ["# uprising-tui settings: the client rewrites this file when they change\n"]
        for section in parser.sections():
            lines.append(f"[{section}]\n")
            lines += [f"{k} = {v}\n" for k, v in parser[section].items()]
        try:
            write_atomic(self.path, "".join(lines))
        except OSError as exc:
            return f"the settings could not be saved: {exc.strerror or exc}"
        self.problem = None
        return None
