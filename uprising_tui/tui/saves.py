"""Where games are kept: the platform's user data directory, written atomically, one autosave per
window.

A save is the engine's save (setup, seed, answers, checksum) plus a ``client`` block with what
only the client knows (who sits at each faction). A write goes to a temporary file that is
flushed and fsynced before ``os.replace`` puts it in place, so a save on disk is always whole,
even if the terminal is killed mid-write.

**Autosave slots.** The game a window plays is rewritten after every answer into that window's
slot: ``autosave.json``, or ``autosave-2.json``, ``autosave-3.json``... when other windows hold the
lower ones. A window holds its slot's OS lock (save_lock.py) from the moment it opens a game until
it leaves to the title (or ends), so two windows never write one file: a window that opens a slot
another holds is told so (:class:`GameInUse`) and may open a copy, which takes a slot of its own.
Continuing an autosave keeps its slot; a new game, a named save or a copy takes an empty slot, so
distinct games autosave to distinct files, and Continue lists them all. At most :data:`KEEP`
autosaves are kept: past that, a new game takes the slot of the oldest game no window plays.

**Served sessions** (``uprising serve``, $UPRISING_SERVED) are *confined*: they load only the
saves listed in their own folder, by name, never a path typed in.
"""
from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..engine.savefile import SaveError, check_seats, parse_save, read_save
from ..files import printable, write_atomic  # the one atomic write (Game.save_to uses it too)
from . import save_lock

APP_NAME = "uprising-tui"
AUTOSAVE = "autosave"
ENV_DIR = "UPRISING_DATA_DIR"
SERVED_ENV = "UPRISING_SERVED"
MAX_SLOTS = 99  # windows playing at once in one folder
KEEP = 10  # autosaves kept for Continue: past that, a new game takes the oldest one's slot
MAX_LISTED = 200  # the newest files the Load screen reads
MAX_SERVED_SAVES = 50  # named saves a served session may keep (a visitor cannot fill the disk)
_NAME_OK = re.compile(r"^[\w][\w .-]{0,63}$")
_SLOT = re.compile(r"^autosave(?:-([2-9]|[1-9][0-9]))?$")


def default_dir() -> Path:
    """The saves folder: $UPRISING_DATA_DIR if set, else the platform's user data dir."""
    env = os.environ.get(ENV_DIR)
    if env:
        return Path(env)
    from platformdirs import user_data_dir
    return Path(user_data_dir(APP_NAME, appauthor=False)) / "saves"


def served() -> bool:
    return os.environ.get(SERVED_ENV) == "1"


def slot_name(n: int) -> str:
    return AUTOSAVE if n == 1 else f"{AUTOSAVE}-{n}"


def slot_number(stem: str) -> int | None:
    """1 for ``autosave``, N for ``autosave-N``; None for any other name."""
    m = _SLOT.match(stem)
    return None if m is None else int(m.group(1) or 1)


def check_name(name: str) -> str:
    """A save name as typed, or ValueError saying what is wrong with it."""
    name = name.strip()
    if name.lower().endswith(".json"):
        name = name[:-5]
    if not name:
        raise ValueError("give the save a name")
    if not _NAME_OK.match(name):
        raise ValueError("a save name uses letters, digits, spaces, '.', '-' and '_' (at most 64)")
    if slot_number(name) is not None:
        raise ValueError(f"{name!r} is kept for the automatic saves; choose another name")
    return name


class GameInUse(SaveError):
    """The autosave slot is held by another window: its game is being played there."""

    def __init__(self, path: Path):
        super().__init__(f"{path.name}: this game is open in another window (a copy can be opened, "
                         "which saves apart)")
        self.path = path


def seats_from(data: Any, factions: list[str], where: str) -> list[dict[str, Any]]:
    """A save's seats, checked against the bots and colours the client knows (SaveError)."""
    from ..bots import BOTS
    from .theme import PALETTE
    client = data.get("client") if isinstance(data, dict) else None
    return check_seats(client, factions, where, bots=tuple(BOTS), colours=tuple(PALETTE))


@dataclass(frozen=True)
class SaveInfo:
    """What the Load screen lists for one file."""
    path: Path
    name: str
    modified: datetime
    factions: tuple[str, ...] = ()
    seats: tuple[str, ...] = ()
    chapters: int = 0
    difficulty: str = ""
    seed: int | None = None
    answers: int = 0
    finished: bool = False  # only when `verified`: the replayed game is over (never the file's word)
    verified: bool = False  # the game was replayed and matched its checksum
    in_use: bool = False  # an autosave another window is playing
    error: str | None = None  # why the file cannot be loaded, in plain words

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def autosave(self) -> bool:
        return slot_number(self.path.stem) is not None


def read_info(path: Path, *, verify: bool = False, catalog=None) -> SaveInfo:
    """The summary of one save file; a bad file gets an `error`, never raises. The file is read
    as a load reads it (a regular file within the save size cap, checked before a byte is read;
    bounded JSON; the seats checked); with `verify` the game is replayed too, which alone tells
    whether it is finished (the file's own "finished" is not believed)."""
    path = Path(path)
    shown = printable(path.stem)
    try:
        modified = datetime.fromtimestamp(path.stat().st_mtime, tz=timezone.utc).astimezone()
    except OSError as exc:
        return SaveInfo(path, shown, datetime.now().astimezone(), error=f"cannot read: {exc.strerror}")
    try:
        data = read_save(path)
        setup, answers, _ = parse_save(data, str(path))
        seats = seats_from(data, setup.factions, str(path))
        finished = False
        if verify:
            from ..engine import Game
            finished = Game.load(data, catalog).finished
    except SaveError as exc:
        why = str(exc).removeprefix(f"{path}: ").removeprefix("save: ")
        return SaveInfo(path, shown, modified, error=printable(why))
    return SaveInfo(path, shown, modified, tuple(setup.factions), tuple(printable(s["name"]) for s in seats),
                    setup.chapters, setup.difficulty, setup.seed, len(answers), finished, verify)


class SaveStore:
    """The saves folder: this window's autosave slot, named saves, and a listing for Load."""

    def __init__(self, directory: str | os.PathLike | None = None, *, confined: bool | None = None):
        self.dir = Path(directory) if directory is not None else default_dir()
        self.confined = served() if confined is None else confined
        self.slot: int | None = None  # the autosave slot this window holds (its lock)

    def path(self, name: str) -> Path:
        return self.dir / f"{name}.json"

    def slot_path(self, n: int) -> Path:
        return self.path(slot_name(n))

    # ------------------------------------------------------------ the slots
    def autosaves(self) -> list[Path]:
        """The autosave slots that hold a game, newest first."""
        if not self.dir.is_dir():
            return []
        found = [p for p in self.dir.glob(f"{AUTOSAVE}*.json") if slot_number(p.stem) is not None and p.is_file()]
        return sorted(found, key=_mtime, reverse=True)

    def has_autosave(self) -> bool:
        return bool(self.autosaves())

    @property
    def autosave_path(self) -> Path:
        """This window's slot while it plays; else the newest autosave (what Continue resumes)."""
        if self.slot is not None:
            return self.slot_path(self.slot)
        found = self.autosaves()
        return found[0] if found else self.slot_path(1)

    def in_use(self, path: str | os.PathLike) -> bool:
        """Whether `path` is an autosave slot another window is playing."""
        path = Path(path)
        return self.slot_of(path) is not None and save_lock.held_elsewhere(path)

    def slot_of(self, path: Path) -> int | None:
        try:
            here = path.parent.resolve() == self.dir.resolve()
        except OSError:
            return None
        return slot_number(path.stem) if here and path.suffix == ".json" else None

    def claim(self, source: str | os.PathLike | None = None, *, copy: bool = False) -> Path:
        """Take the slot the game about to be opened autosaves into (see the module's docstring):
        the slot `source` is, when it is one (GameInUse if another window holds it; with `copy`, a
        slot of its own instead); else this window's slot, else the lowest free one."""
        wanted = self.slot_of(Path(source)) if source is not None and not isinstance(source, dict) else None
        if wanted is not None and not copy:
            if wanted != self.slot and not self._take(wanted):
                raise GameInUse(self.slot_path(wanted))
            self._let_go(keep=wanted)
            return self.slot_path(wanted)
        if self.slot is not None and self.slot != wanted:
            return self.slot_path(self.slot)
        for n in self._free_order(skip=wanted):
            if self._take(n):
                self._let_go(keep=n)
                return self.slot_path(n)
        raise SaveError(f"all {MAX_SLOTS} autosave slots in {self.dir} are open in other windows")

    def _free_order(self, skip: int | None) -> list[int]:
        """Slots to try for a game that has none: an empty one while fewer than KEEP hold games,
        else the one whose game is oldest (so at most KEEP games wait in Continue)."""
        held = {n: p for n in range(1, MAX_SLOTS + 1) if (p := self.slot_path(n)).is_file()}
        empty = [n for n in range(1, MAX_SLOTS + 1) if n not in held and n != skip]
        oldest = sorted((n for n in held if n != skip), key=lambda n: _mtime(held[n]))
        return empty + oldest if len(held) < KEEP else oldest + empty

    def _take(self, n: int) -> bool:
        try:
            return save_lock.acquire(self.slot_path(n))
        except OSError:  # a folder we cannot write: no lock, and the autosave will say it failed
            return True

    def _let_go(self, keep: int | None = None) -> None:
        if self.slot is not None and self.slot != keep:
            save_lock.release(self.slot_path(self.slot))
        self.slot = keep

    def release(self) -> None:
        """Let go of this window's slot (leaving a game for the title)."""
        self._let_go(None)

    # ------------------------------------------------------------ writing
    def write(self, name: str, data: dict[str, Any]) -> Path:
        data = dict(data)
        client = dict(data.get("client") or {})
        client["saved_at"] = datetime.now(timezone.utc).isoformat(timespec="seconds")
        data["client"] = client
        path = self.path(name)
        write_atomic(path, json.dumps(data, indent=1))
        return path

    def autosave(self, data: dict[str, Any]) -> Path:
        if self.slot is None:
            self.claim()
        return self.write(slot_name(self.slot), data)

    def save_as(self, name: str, data: dict[str, Any]) -> Path:
        name = check_name(name)
        if self.confined and not self.path(name).exists() and len(self.files()) >= MAX_SERVED_SAVES:
            raise ValueError(f"this session keeps at most {MAX_SERVED_SAVES} saves; save over one of them")
        return self.write(name, data)

    # ------------------------------------------------------------ reading
    def files(self, autosaves_only: bool = False) -> list[Path]:
        """The save files, newest first, at most MAX_LISTED (the size of each is capped when read)."""
        if not self.dir.is_dir():
            return []
        found = [p for p in self.dir.glob("*.json") if p.is_file()
                 and (not autosaves_only or slot_number(p.stem) is not None)]
        return sorted(found, key=_mtime, reverse=True)[:MAX_LISTED]

    def listing(self, *, verify: bool = False, autosaves_only: bool = False, catalog=None) -> list[SaveInfo]:
        """Every save in the folder, newest first (the autosaves among them)."""
        out = []
        for p in self.files(autosaves_only):
            info = read_info(p, verify=verify, catalog=catalog)
            if self.in_use(p):
                info = SaveInfo(**{**info.__dict__, "in_use": True})
            out.append(info)
        return out


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
