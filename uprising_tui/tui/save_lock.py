"""OS locks on autosave slots: a window holds its slot's lock while it plays the game in it.

Each slot ``NAME.json`` has a lock file ``.NAME.lock`` beside it, locked with ``flock`` (POSIX)
or ``msvcrt.locking`` (Windows), never read or written otherwise. The OS lets go of a lock when
its process ends, however it ends (a crash, ``kill -9``), so a lock is never left stale. A lock is
held by a process (one window): within one process, every SaveStore on the same folder shares it
(counted), so only another process is ever refused.
"""
from __future__ import annotations

import os
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt

_HELD: dict[str, list[int]] = {}  # lock file (real path) -> [descriptor, holders in this process]


def lock_path(slot: Path) -> Path:
    return slot.with_name(f".{slot.stem}.lock")


def _key(path: Path) -> str:
    return os.path.realpath(path)


def _try_lock(fd: int) -> bool:
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:  # pragma: no cover - Windows
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError:
        return False
    return True


def acquire(slot: Path) -> bool:
    """Take the slot's lock for this process; False when another process holds it."""
    path = lock_path(slot)
    key = _key(path)
    held = _HELD.get(key)
    if held is not None:
        held[1] += 1
        return True
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
    if not _try_lock(fd):
        os.close(fd)
        return False
    _HELD[key] = [fd, 1]
    return True


def release(slot: Path) -> None:
    """Let go of one hold on the slot's lock (the OS lock goes with the last)."""
    key = _key(lock_path(slot))
    held = _HELD.get(key)
    if held is None:
        return
    held[1] -= 1
    if held[1] <= 0:
        del _HELD[key]
        os.close(held[0])  # closing the descriptor lets go of the lock


def held_here(slot: Path) -> bool:
    return _key(lock_path(slot)) in _HELD


def held_elsewhere(slot: Path) -> bool:
    """Whether another process holds the slot's lock (checked without keeping it)."""
    if held_here(slot):
        return False
    path = lock_path(slot)
    try:
        fd = os.open(path, os.O_RDWR | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False  # no lock file: nobody has played in this slot yet
    try:
        return not _try_lock(fd)
    finally:
        os.close(fd)  # our probe's lock (if we got it) goes with the descriptor
