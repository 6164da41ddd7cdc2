"""A disk cache of loaded catalogs: start-up without parsing and validating the YAML again.

Validating the content with pydantic costs more than everything else at start-up (importing
pydantic, building the validators of ~100 models, then checking every card); a catalog that was
loaded once is kept as a pickle of plain records (record.py: reading it needs no pydantic), named
by a SHA-256 of everything it is made from: the bytes of every content file, the directory, the
code that declares, parses and checks them (``models.py``, ``ops.py``, ``record.py``,
``validation.py``, ``loader.py``, ``yaml_read.py``), and the versions of Python and this package. Any edit makes a new
name, so a stale entry is never read; the newest :data:`KEEP` entries are kept.

Where: ``$UPRISING_CACHE_DIR`` if set (``off`` disables the cache), else
``$XDG_CACHE_HOME/uprising-tui``, else ``~/.cache/uprising-tui``. A cache that cannot be written
(a read-only home) is skipped silently; an entry that cannot be read, or that is not owned by
this user or is writable by others, is ignored (and replaced on the next store).
``uprising content check`` never reads the cache.
"""
from __future__ import annotations

import hashlib
import io
import os
import pickle
import stat
import sys
import tempfile
from pathlib import Path
from types import MappingProxyType
from typing import Iterable

from .. import __version__
from ..files import FileProblem, read_capped

CACHE_ENV = "UPRISING_CACHE_DIR"
KEEP = 8  # entries kept; older ones are removed when a new one is written
CODE = ("models.py", "ops.py", "record.py", "validation.py", "loader.py", "yaml_read.py", "mods.py", "read_files.py")
MAX_ENTRY = 16 << 20
FORMAT = 2  # 2: records, not pydantic models


def cache_dir() -> Path | None:
    env = os.environ.get(CACHE_ENV)
    if env is not None:
        return None if env.strip().lower() in ("", "off", "0", "no") else Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "uprising-tui"


def entry_key(root: Path, names: Iterable[str], mods: Iterable[str] = ()) -> str | None:
    """The name of the entry for this content, these mods (directories, in order) and this code;
    None if a file cannot be read."""
    h = hashlib.sha256()
    for part in (f"format {FORMAT}", sys.version, __version__, str(root.resolve())):
        h.update(part.encode() + b"\0")
    here = Path(__file__).parent
    names = list(names)
    try:
        for name in CODE:
            h.update((here / name).read_bytes() + b"\0")
        for name in names:
            data = read_capped(root / name, MAX_ENTRY)  # a bigger file fails the load anyway
            h.update(f"{name}\0{len(data)}\0".encode() + data)
        for mod in mods:
            where = Path(mod)
            h.update(f"mod\0{where.resolve()}\0".encode())
            for p in sorted(where.iterdir()):  # every file: a stray one is a problem the load reports
                data = read_capped(p, MAX_ENTRY)
                h.update(f"{p.name}\0{len(data)}\0".encode() + data)
    except (OSError, FileProblem):
        return None
    return h.hexdigest()[:32]


def _mapping_proxy(d: dict) -> MappingProxyType:
    return MappingProxyType(d)


class _Pickler(pickle.Pickler):
    def reducer_override(self, obj):
        if type(obj) is MappingProxyType:
            return _mapping_proxy, (dict(obj),)
        return NotImplemented


def load(key: str) -> object | None:
    """The object stored under `key` (the loader checks it is a Catalog), or None."""
    where = cache_dir()
    if where is None:
        return None
    path = where / f"catalog-{key}.pickle"
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode) or (hasattr(os, "getuid") and info.st_uid != os.getuid()) \
                or info.st_mode & 0o022:
            return None
        cat = pickle.loads(read_capped(path, MAX_ENTRY))
    except Exception:  # noqa: BLE001 - a missing or damaged entry is simply not used
        return None
    return cat


def store(key: str, catalog: object) -> None:
    where = cache_dir()
    if where is None:
        return
    try:
        where.mkdir(parents=True, exist_ok=True, mode=0o700)
        buf = io.BytesIO()
        _Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL).dump(catalog)
        fd, tmp = tempfile.mkstemp(dir=where, prefix=".catalog-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(buf.getvalue())
            os.replace(tmp, where / f"catalog-{key}.pickle")
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
        _prune(where)
    except Exception:  # noqa: BLE001 - the cache is a convenience: never fail a load over it
        return


def _prune(where: Path) -> None:
    entries = sorted(where.glob("catalog-*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in entries[KEEP:]:
        try:
            old.unlink()
        except OSError:
            pass
