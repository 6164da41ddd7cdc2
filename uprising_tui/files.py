"""Reading files a user hands us (saves, content) without hanging or running out of memory, and
writing a file so that it is always whole (:func:`write_atomic`: saves, the autosave).

Only regular files are read (a FIFO would block, a link to ``/dev/zero`` would never end), and
never more than a cap: the file is opened non-blocking, checked with ``fstat`` on the open
descriptor (so a swap after the check cannot fool it), and read up to the cap plus one byte.
Messages never echo more than a short piece of any text (:func:`clip`).
"""
from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

CLIP = 80  # characters of any user-given text echoed in a message


class FileProblem(Exception):
    """The file cannot be read; the message says why in plain words (without the path)."""


def clip(text: object, limit: int = CLIP) -> str:
    """``repr`` of a value, cut to ``limit`` characters with the full length said."""
    if isinstance(text, str) and len(text) > limit:
        return f"{text[:limit]!r}... ({len(text):,} characters)"
    shown = repr(text)
    if len(shown) > limit + 2:
        return shown[:limit] + f"... ({len(shown):,} characters)"
    return shown


_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
REPLACEMENT = "\ufffd"


def unsafe_char(ch: str) -> bool:
    """A character that must never reach a terminal from a file: C0 and C1 controls (ESC, BEL,
    newline...), DEL, the line and paragraph separators, the bidirectional overrides (which can
    make text read backwards) and lone surrogates."""
    o = ord(ch)
    return o < 0x20 or 0x7f <= o <= 0x9f or o in (0x2028, 0x2029) or ch in _BIDI or 0xd800 <= o <= 0xdfff


def printable(text: str) -> str:
    """``text`` safe to draw: each unsafe character (:func:`unsafe_char`) shown as U+FFFD."""
    if text.isprintable() and not any(ch in _BIDI for ch in text):
        return text
    return "".join(REPLACEMENT if unsafe_char(ch) else ch for ch in text)


def shorten(text: str, limit: int = 200) -> str:
    """Text cut to ``limit`` characters (no quotes added), saying how long it was."""
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text):,} characters)"


def human_size(n: int) -> str:
    for unit, size in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size and n % size == 0:
            return f"{n // size} {unit}"
    return f"{n:,} bytes"


def read_capped(path: str | os.PathLike, limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; FileProblem otherwise."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except IsADirectoryError:
        raise FileProblem("is a directory, not a file") from None
    except FileNotFoundError:
        raise FileProblem("no such file") from None
    except PermissionError:
        raise FileProblem("permission denied") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise FileProblem("a loop of symbolic links") from None
        raise FileProblem(f"cannot open: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise FileProblem("is a directory, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem(f"is not a regular file (a {_kind(info.st_mode)}); only regular files are read")
        if info.st_size > limit:
            raise FileProblem(f"is {info.st_size:,} bytes; the limit is {human_size(limit)}")
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:  # grew while we read it
            raise FileProblem(f"is over the limit of {human_size(limit)}")
        return b"".join(chunks)
    except OSError as exc:
        raise FileProblem(f"cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "named pipe"
    if stat.S_ISCHR(mode):
        return "character device"
    if stat.S_ISBLK(mode):
        return "block device"
    if stat.S_ISSOCK(mode):
        return "socket"
    return "special file"


def decode_utf8(data: bytes, *, allow_bom: bool = False) -> str:
    """Strict UTF-8; FileProblem naming the line and column of the first bad byte. A leading
    byte-order mark is dropped when ``allow_bom`` (YAML allows one), a FileProblem otherwise."""
    if data.startswith(b"\xef\xbb\xbf"):
        if allow_bom:
            return decode_utf8(data[3:])
        raise FileProblem("starts with a UTF-8 byte-order mark (an editor added it); "
                          "save the file as UTF-8 without a BOM")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        start = data.rfind(b"\n", 0, exc.start) + 1
        col = len(data[start:exc.start].decode("utf-8", "replace")) + 1
        raise FileProblem(f"is not UTF-8 text: byte 0x{data[exc.start]:02x} at line {line}, "
                          f"column {col}") from None


def write_atomic(path: str | os.PathLike, text: str) -> None:
    """Write `text` to `path` so that the file is either the old one or the whole new one: a
    temporary file beside it, flushed and fsynced, then ``os.replace`` (the folder is made if
    missing; the temporary file never stays behind)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".save-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
