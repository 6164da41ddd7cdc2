"""Reading the content files: each file's data, with the mods laid over it (mods.py), validated
into records (validation.py), every problem a :class:`ContentError` naming the file that wrote
the entry, the entry and the field. loader.py cross-checks the files into one Catalog."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..files import clip, shorten
from .mods import Overlay
from .record import Record

FILES_NAMES: tuple[str, ...] = ("dice.yaml", "factions.yaml", "heroes.yaml", "hexes.yaml", "maps.yaml",
                                "nemesis.yaml", "druids.yaml", "events.yaml", "feats.yaml", "items.yaml",
                                "quests.yaml")


class ContentError(Exception):
    """A content file is missing, malformed or inconsistent."""

    def __init__(self, problems: list[str], source: str | os.PathLike | None = None):
        self.problems = [shorten(p, 600) for p in problems]  # a 50 MB id is not echoed
        self.source = str(source) if source is not None else None  # the directory read
        super().__init__("\n".join(self.problems))


def _entry_name(data: Any, loc: tuple) -> str:
    """Describe the list entry a pydantic error location points into."""
    if len(loc) >= 2 and isinstance(loc[0], str) and isinstance(loc[1], int):
        try:
            item = data[loc[0]][loc[1]]
            ident = item.get("id") if isinstance(item, dict) else None
        except (KeyError, IndexError, TypeError):
            ident = None
        where = f"{loc[0]}[{loc[1]}]"
        return f"entry {ident!r} ({where})" if ident else f"entry {where}"
    return "top level"


def _field_path(loc: tuple) -> str:
    rest = loc[2:] if len(loc) >= 2 and isinstance(loc[1], int) else loc
    out = ""
    for part in rest:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(whole entry)"


def _parse(path: Path, model: type[Record], loader: type | None = None, mods=(),
           origins: dict | None = None) -> Record:
    """One content file, with `mods` (their ``Mod`` records) laid over it; validated. Problems in
    what a mod wrote name the mod's file; `origins` collects (file, id) -> mod file."""
    from .validation import ValidationError, validate  # here: a cached catalog needs no YAML, no pydantic
    from .yaml_read import YamlProblem, read_yaml_file  # (YAML is read only without a cached catalog)

    def read(p: Path) -> Any:
        try:
            return read_yaml_file(p, loader)
        except YamlProblem as exc:
            raise ContentError([f"{p}: {exc}"]) from None

    data = read(path)
    if not isinstance(data, dict):
        raise ContentError([f"{path}: expected a mapping at the top level"])
    over = Overlay(path.name, path, data)
    problems: list[str] = []
    for mod in mods:
        if (mod.path / path.name).exists():
            over.lay(mod.path / path.name, read(mod.path / path.name), problems)
    if problems:
        raise ContentError(problems)
    data = over.data()
    if origins is not None:
        origins.update({(path.name, k): v for k, v in over.entry_origins().items()})
    try:
        return validate(model, data)
    except ValidationError as exc:
        for err in exc.errors():
            loc = tuple(err["loc"])
            # drop pydantic's union-branch tags (e.g. 'gain') after a discriminated op
            msg = err["msg"].removeprefix("Value error, ")
            if err["type"] == "union_tag_invalid":
                op = err["input"].get("op") if isinstance(err.get("input"), dict) else None
                msg = f"unknown op {clip(op)}" if op is not None else msg
            problems.append(f"{over.origin(loc)}: {_entry_name(data, loc)}: field {_field_path(loc)}: {shorten(msg)}")
        raise ContentError(problems) from None


def _name_mod_files(problems: list[str], root: Path, origins: dict) -> list[str]:
    """A cross-check problem about an entry a mod wrote names the mod's file, not the base's."""
    out = []
    for p in problems:
        for (name, ident), where in origins.items():
            prefix = f"{root / name}: entry {ident!r}"
            if p.startswith(prefix):
                p = where + p[len(str(root / name)):]
                break
        out.append(p)
    return out


def unknown_files(root: Path) -> list[str]:
    """YAML files in a content directory that are none of the content files (a ``heroes2.yaml``
    would otherwise be ignored without a word): one problem each."""
    known = ", ".join(FILES_NAMES)
    out = []
    for p in sorted(root.iterdir()):
        if p.suffix.lower() in (".yaml", ".yml") and p.name not in FILES_NAMES:
            out.append(f"{p}: not a content file, so it would never be read (the files are {known}; "
                       "entries go into those, and a correction of the default content into a mod "
                       "folder: --mod DIR)")
    return out
