"""Mods: YAML files laid over the default content by id, so a player can correct one card without
copying the whole content folder (issue 23; docs/content.md, "Mods").

A mod is a directory holding any of the content files by their usual names (``items.yaml``,
``quests.yaml``, ...), each with the same top-level keys as the base file. Laid over the base:

* an entry whose id (a die's ``colour``, a map layout's ``factions``) is already in the base
  **replaces** that entry whole, in its place;
* an entry with a new id is **added** at the end of its list;
* ``remove: [id, ...]`` **removes** entries from that file's lists;
* any other top-level key (``tower_cost``, ``strength_order``, ...) replaces the base's value.

Mods are laid in the order given, each over the result of the ones before. The result is then
validated and cross-checked exactly as the base content is (loader.py), and every problem in an
entry that a mod wrote names the mod's file, not the base's. Where mods come from:
``--mod DIR`` (repeatable) or ``$UPRISING_MODS`` (directories separated by ``os.pathsep``).
A game records its mods by name and hash (:func:`Mod.record`); a save made under other mods is
refused on load (engine/savefile.py: ``check_mods``).
"""
from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..files import FileProblem, clip, read_capped

MODS_ENV = "UPRISING_MODS"
REMOVE = "remove"
MAX_FILE = 4 << 20  # as a content file (yaml_read.MAX_BYTES)

# file -> (its list keys, the field that names an entry of those lists)
KEYS: dict[str, tuple[tuple[str, ...], str]] = {
    "dice.yaml": (("dice",), "colour"),
    "factions.yaml": (("factions",), "id"),
    "heroes.yaml": (("heroes",), "id"),
    "hexes.yaml": (("hexes",), "id"),
    "maps.yaml": (("layouts",), "factions"),
    "nemesis.yaml": (("legions", "hordes"), "id"),
    "druids.yaml": (("druids",), "id"),
    "events.yaml": (("events",), "id"),
    "feats.yaml": (("feats",), "id"),
    "items.yaml": (("items",), "id"),
    "quests.yaml": (("quests",), "id"),
}


@dataclass(frozen=True)
class Mod:
    name: str  # the directory's name
    path: Path
    sha256: str  # of its content files, names and bytes

    def record(self) -> tuple[str, str]:
        return (self.name, self.sha256)


def env_mods() -> list[str]:
    """The mod directories named by ``$UPRISING_MODS`` (empty parts ignored)."""
    return [p for p in os.environ.get(MODS_ENV, "").split(os.pathsep) if p.strip()]


def mod_files(path: Path) -> list[Path]:
    return sorted(p for p in path.iterdir() if p.suffix.lower() in (".yaml", ".yml"))


def read_mods(paths, problems: list[str]) -> list[Mod]:
    """The mods at `paths` (problems for a missing directory or a file that is no content file)."""
    out: list[Mod] = []
    for raw in paths:
        path = Path(raw)
        if not path.exists():
            problems.append(f"mod directory {path} does not exist (from --mod or ${MODS_ENV})")
            continue
        if not path.is_dir():
            problems.append(f"mod {path} is not a directory: a mod is a folder of content files")
            continue
        h = hashlib.sha256()
        for f in mod_files(path):
            if f.name not in KEYS:
                problems.append(f"{f}: not a content file, so this mod's entries there would never be read "
                                f"(the files are {', '.join(KEYS)})")
                continue
            try:
                data = read_capped(f, MAX_FILE)
            except FileProblem as exc:
                problems.append(f"{f}: {exc}")
                continue
            h.update(f"{f.name}\0{len(data)}\0".encode() + data)
        out.append(Mod(path.name, path, h.hexdigest()))
    return out


class Overlay:
    """One content file's data with mods laid over it, and which file wrote each part."""

    def __init__(self, name: str, base: Path, data: dict):
        self.name = name
        self.base = str(base)
        self.lists, self.field = KEYS[name]
        self.entries: dict[str, list[list[Any]]] = {}  # list key -> [[entry, origin], ...]
        self.top: dict[str, Any] = {}
        self.top_origin: dict[str, str] = {}
        for key, value in data.items():
            if key in self.lists and isinstance(value, list):
                self.entries[key] = [[e, self.base] for e in value]
            else:
                self.top[key] = value

    def _find(self, ident: Any) -> tuple[str, int] | None:
        for key, rows in self.entries.items():
            for i, (entry, _) in enumerate(rows):
                if isinstance(entry, dict) and entry.get(self.field) == ident:
                    return key, i
        return None

    def lay(self, path: Path, data: Any, problems: list[str]) -> None:
        rel = str(path)
        if not isinstance(data, dict):
            problems.append(f"{rel}: expected a mapping at the top level (as in the base {self.name})")
            return
        for key, value in data.items():
            if key == REMOVE:
                if not isinstance(value, list):
                    problems.append(f"{rel}: field remove: a list of the ids to remove")
                    continue
                for ident in value:
                    at = self._find(ident)
                    if at is None:
                        problems.append(f"{rel}: field remove: no entry {clip(ident)} in {self.name} to remove")
                    else:
                        del self.entries[at[0]][at[1]]
            elif key in self.lists:
                if not isinstance(value, list):
                    problems.append(f"{rel}: field {key}: a list of entries")
                    continue
                rows = self.entries.setdefault(key, [])
                for i, entry in enumerate(value):
                    if not isinstance(entry, dict) or self.field not in entry:
                        problems.append(f"{rel}: entry {key}[{i}]: needs its {self.field!r} (which entry it "
                                        "replaces, or the new entry's)")
                        continue
                    at = self._find(entry[self.field])
                    if at is not None and at[0] == key:
                        rows[at[1]] = [entry, rel]
                    elif at is not None:
                        problems.append(f"{rel}: entry {clip(entry[self.field])} ({key}[{i}]): the id is "
                                        f"already one of the {at[0]}")
                    else:
                        rows.append([entry, rel])
            else:
                self.top[key] = value
                self.top_origin[key] = rel

    def data(self) -> dict:
        out = dict(self.top)
        for key, rows in self.entries.items():
            out[key] = [e for e, _ in rows]
        return out

    def origin(self, loc: tuple) -> str:
        """The file that wrote the part of the data a validation error points at."""
        if len(loc) >= 2 and loc[0] in self.entries and isinstance(loc[1], int):
            rows = self.entries[loc[0]]
            if 0 <= loc[1] < len(rows):
                return rows[loc[1]][1]
        if loc and isinstance(loc[0], str):
            return self.top_origin.get(loc[0], self.base)
        return self.base

    def entry_origins(self) -> dict[str, str]:
        """id -> the mod file that wrote it (entries of the base are not listed)."""
        return {str(e.get(self.field)): o for rows in self.entries.values() for e, o in rows
                if o != self.base and isinstance(e, dict)}
