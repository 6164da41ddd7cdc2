"""Where games are kept: the platform's user data directory, written atomically.

A save is the engine's save (setup, seed, answers, checksum) plus a ``client`` block with what
only the client knows (who sits at each faction, the pacing). ``autosave.json`` is the latest
game, rewritten after every answer; named saves sit beside it. A write goes to a temporary file
that is flushed and fsynced before ``os.replace`` puts it in place, so a save on disk is always
whole, even if the terminal is killed mid-write.
"""
from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..engine.game import SAVE_FORMAT, SAVE_VERSION
from ..files import write_atomic  # the one atomic write (Game.save_to uses it too)

APP_NAME = "uprising-tui"
AUTOSAVE = "autosave"
ENV_DIR = "UPRISING_DATA_DIR"
_NAME_OK = re.compile(r"^[\w][\w .-]{0,63}$")


def default_dir() -> Path:
    """The saves folder: $UPRISING_DATA_DIR if set, else the platform's user data dir."""
    env = os.environ.get(ENV_DIR)
    if env:
        return Path(env)
    from platformdirs import user_data_dir
    return Path(user_data_dir(APP_NAME, appauthor=False)) / "saves"


def check_name(name: str) -> str:
    """A save name as typed, or ValueError saying what is wrong with it."""
    name = name.strip()
    if name.lower().endswith(".json"):
        name = name[:-5]
    if not name:
        raise ValueError("give the save a name")
    if not _NAME_OK.match(name):
        raise ValueError("a save name uses letters, digits, spaces, '.', '-' and '_' (at most 64)")
    if name == AUTOSAVE:
        raise ValueError(f"{AUTOSAVE!r} is kept for the automatic save; choose another name")
    return name


@dataclass(frozen=True)
class SaveInfo:
    """What the Load screen lists for one file, read without replaying the game."""
    path: Path
    name: str
    modified: datetime
    factions: tuple[str, ...] = ()
    seats: tuple[str, ...] = ()
    chapters: int = 0
    difficulty: str = ""
    seed: int | None = None
    answers: int = 0
    finished: bool = False
    error: str | None = None  # why the file cannot be loaded, in plain words

    @property
    def ok(self) -> bool:
        return self.error is None


def read_info(path: Path) -> SaveInfo:
    """The summary of one save file; a corrupt or incompatible file gets an `error`, never raises."""
    try:
        modified = datetime.fromtimestamp(path.stat().st_mtime, tz=timezone.utc).astimezone()
    except OSError as exc:
        return SaveInfo(path, path.stem, datetime.now().astimezone(), error=f"cannot read: {exc.strerror}")
    bad = lambda why: SaveInfo(path, path.stem, modified, error=why)  # noqa: E731
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        return bad(f"cannot read: {exc.strerror}")
    except UnicodeDecodeError:
        return bad("not a text file")
    except json.JSONDecodeError as exc:
        return bad(f"corrupt: not valid JSON (line {exc.lineno}); the file is truncated or damaged")
    except RecursionError:
        return bad("corrupt: nested too deeply to read")
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        return bad("not an uprising-tui save file")
    if data.get("version") != SAVE_VERSION:
        return bad(f"made by another version (save format {data.get('version')!r}, engine "
                   f"{data.get('engine', '?')}); this version reads format {SAVE_VERSION}")
    setup = data.get("setup")
    answers = data.get("answers")
    if not isinstance(setup, dict) or not isinstance(answers, list):
        return bad("damaged: the setup or the answers are missing")
    factions = setup.get("factions")
    if not isinstance(factions, list) or not all(isinstance(f, str) for f in factions):
        return bad("damaged: the factions are not a list of names")
    client = data.get("client") if isinstance(data.get("client"), dict) else {}
    seats = tuple(str(s.get("name", "")) for s in client.get("seats", []) if isinstance(s, dict))
    seed = setup.get("seed")
    return SaveInfo(path, path.stem, modified, tuple(factions), seats,
                    setup.get("chapters", 4) if isinstance(setup.get("chapters", 4), int) else 0,
                    str(setup.get("difficulty", "veteran")), seed if isinstance(seed, int) else None,
                    len(answers), bool(data.get("finished")))


class SaveStore:
    """The saves folder: the autosave, named saves, and a listing for the Load screen."""

    def __init__(self, directory: str | os.PathLike | None = None):
        self.dir = Path(directory) if directory is not None else default_dir()

    def path(self, name: str) -> Path:
        return self.dir / f"{name}.json"

    @property
    def autosave_path(self) -> Path:
        return self.path(AUTOSAVE)

    def write(self, name: str, data: dict[str, Any]) -> Path:
        data = dict(data)
        client = dict(data.get("client") or {})
        client["saved_at"] = datetime.now(timezone.utc).isoformat(timespec="seconds")
        data["client"] = client
        path = self.path(name)
        write_atomic(path, json.dumps(data, indent=1))
        return path

    def autosave(self, data: dict[str, Any]) -> Path:
        return self.write(AUTOSAVE, data)

    def save_as(self, name: str, data: dict[str, Any]) -> Path:
        return self.write(check_name(name), data)

    def has_autosave(self) -> bool:
        return self.autosave_path.is_file()

    def listing(self) -> list[SaveInfo]:
        """Every save in the folder, newest first (the autosave among them)."""
        if not self.dir.is_dir():
            return []
        infos = [read_info(p) for p in self.dir.glob("*.json") if p.is_file()]
        return sorted(infos, key=lambda i: i.modified, reverse=True)
