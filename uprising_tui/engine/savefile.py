"""Reading a save file: bounded, strict, and every problem a :class:`SaveError` in plain words.

A save is small (a finished 4-faction game is about 15 KiB), so the reader is strict:

* only a regular file of at most :data:`MAX_SAVE_BYTES` is read (no FIFO, no device, no
  endless file: see ``uprising_tui.files``); UTF-8 without a byte-order mark;
* JSON nested at most :data:`MAX_DEPTH` levels; every integer within +/- 2**63; every string at
  most :data:`MAX_STRING` characters (an option id is under 60); no NaN or Infinity;
* the fields the engine needs, each of the right type (``version`` the number 1), the seed not
  negative;
* and, for the client (:func:`check_seats`), its seats: one per faction in the game's order,
  each a known bot kind or a person, a colour of the palette, a name of at most
  :data:`MAX_NAME` characters with no control characters (:func:`name_problem`).

Messages never echo more than a few dozen characters of what the file holds.
"""
from __future__ import annotations

import json
import os
from typing import Any


from ..files import FileProblem, clip, decode_utf8, read_capped, shorten, unsafe_char
from .setup import Setup, SetupError

SAVE_FORMAT = "uprising-tui-save"
SAVE_VERSION = 1
MAX_SAVE_BYTES = 8 << 20  # 8 MiB: a game capped at 100 000 decisions saves in under 3 MiB
MAX_DEPTH = 16
MAX_STRING = 200
MAX_INT = 2 ** 63


class SaveError(ValueError):
    """A save file that cannot be loaded: what is wrong and where."""


class _Bad(Exception):
    """Raised from inside the JSON parser's hooks; turned into a SaveError."""


def read_save(path: str | os.PathLike) -> dict[str, Any]:
    """The parsed JSON of a save file, checked for shape and bounds (not yet for the rules)."""
    where = str(path)
    try:
        text = decode_utf8(read_capped(path, MAX_SAVE_BYTES))
    except FileProblem as exc:
        if "no such file" in str(exc) or "permission denied" in str(exc):
            raise SaveError(f"{where}: cannot read: {exc}") from None
        raise SaveError(f"{where}: {exc}") from None
    return parse_json(text, where)


def parse_json(text: str, where: str = "save") -> Any:
    try:
        data = json.loads(text, parse_int=_parse_int, parse_constant=_no_constant)
    except _Bad as exc:
        raise SaveError(f"{where}: {exc}") from None
    except json.JSONDecodeError as exc:
        raise SaveError(f"{where}: not valid JSON (line {exc.lineno}, column {exc.colno}): "
                        "the file is truncated or corrupt") from None
    except RecursionError:
        raise SaveError(f"{where}: nested too deeply to be a save (at most {MAX_DEPTH} levels)") from None
    except ValueError as exc:  # e.g. a number the JSON reader cannot turn into a float
        raise SaveError(f"{where}: not valid JSON: {clip(str(exc))}") from None
    check_bounds(data, where)
    return data


def check_bounds(data: Any, where: str = "save") -> None:
    try:
        _check_bounds(data)
    except _Bad as exc:
        raise SaveError(f"{where}: {exc}") from None


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > 19:
        raise _Bad(f"a number of {len(text):,} digits (numbers in a save are below 2**63)")
    return int(text)


def _no_constant(name: str) -> float:
    raise _Bad(f"{name} is not a number a save can hold")


def _check_bounds(data: Any) -> None:
    """Depth, string length and integer range over the whole document (iteratively)."""
    stack: list[tuple[Any, str, int]] = [(data, "", 1)]
    while stack:
        value, path, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise _Bad(f"nested too deeply to be a save (at most {MAX_DEPTH} levels) at {path}")
        if isinstance(value, str):
            if len(value) > MAX_STRING:
                raise _Bad(f"{path or 'the file'}: a text of {len(value):,} characters "
                           f"(at most {MAX_STRING} in a save)")
        elif isinstance(value, bool):
            pass
        elif isinstance(value, int):
            if not -MAX_INT <= value < MAX_INT:
                raise _Bad(f"{path}: the number {clip(value, 30)} is out of range (below 2**63)")
        elif isinstance(value, float):
            if value != value or value in (float("inf"), float("-inf")):
                raise _Bad(f"{path}: {value} is not a number a save can hold")
        elif isinstance(value, dict):
            for k, v in value.items():
                if len(k) > MAX_STRING:
                    raise _Bad(f"{path or 'the file'}: a key of {len(k):,} characters (at most {MAX_STRING})")
                stack.append((v, f"{path}.{k}" if path else k, depth + 1))
        elif isinstance(value, list):
            stack.extend((v, f"{path}[{i}]", depth + 1) for i, v in enumerate(value))


def parse_save(data: Any, where: str = "save") -> tuple[Setup, list[str], str]:
    """Setup, answers and checksum of a parsed save; SaveError naming the field otherwise."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{where}: not an uprising-tui save file (no \"format\": \"{SAVE_FORMAT}\")")
    version = data.get("version")
    if type(version) is not int:
        shown = "missing" if "version" not in data else f"{_json_type(version)} {clip(version, 20)}"
        raise SaveError(f"{where}: the field 'version' must be the number {SAVE_VERSION} "
                        f"(without quotes), not {shown}")
    if version != SAVE_VERSION:
        engine = data.get("engine")
        by = f"engine {clip(engine, 40)}" if isinstance(engine, str) else "another engine"
        raise SaveError(f"{where}: saved by {by} in save format {version}; this engine reads "
                        f"format {SAVE_VERSION}")
    for key in ("setup", "answers", "checksum"):
        if key not in data:
            raise SaveError(f"{where}: the field {key!r} is missing")
    answers = data["answers"]
    if not isinstance(answers, list) or not all(isinstance(a, str) for a in answers):
        raise SaveError(f"{where}: 'answers' must be a list of option ids (texts)")
    if not isinstance(data["setup"], dict):
        raise SaveError(f"{where}: 'setup' must be an object, not {_json_type(data['setup'])}")
    try:
        setup = Setup.from_dict(data["setup"])
    except SetupError as exc:
        raise SaveError(f"{where}: setup field {shorten(str(exc))}") from None
    if setup.seed < 0:
        raise SaveError(f"{where}: setup field seed must be 0 or more, not {setup.seed}")
    checksum = data["checksum"]
    if not isinstance(checksum, str):
        raise SaveError(f"{where}: 'checksum' must be a text, not {_json_type(checksum)}")
    return setup, answers, checksum


def saved_mods(data: dict, where: str = "save") -> tuple[tuple[str, str], ...]:
    """The mods a save was made under: its ``mods`` field, a list of {"name", "sha256"} (a save
    without the field was made with none)."""
    mods = data.get("mods", [])
    if not isinstance(mods, list) or not all(
            isinstance(m, dict) and set(m) == {"name", "sha256"} and isinstance(m["name"], str)
            and isinstance(m["sha256"], str) for m in mods):
        raise SaveError(f"{where}: 'mods' must be a list of {{\"name\": ..., \"sha256\": ...}} objects")
    return tuple((m["name"], m["sha256"]) for m in mods)


def check_mods(saved: tuple[tuple[str, str], ...], running: tuple[tuple[str, str], ...],
               where: str = "save") -> None:
    """Refuse a save made under other mods than the content now running: its answers mean other
    cards (SaveError saying which mods each side has, and what to do)."""
    if tuple(saved) == tuple(running):
        return

    def say(mods) -> str:
        return ", ".join(f"{clip(n, 40)} ({h[:12]})" for n, h in mods) if mods else "no mod"
    names_saved = [n for n, _ in saved]
    if names_saved == [n for n, _ in running]:
        why = "the same mods, but their files changed since"
    else:
        why = f"it was saved with {say(saved)}; this game runs with {say(running)}"
    raise SaveError(f"{where}: made under other content: {why}. Load it with the mods it was saved with "
                    "(--mod DIR or $UPRISING_MODS, in the same order)")


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, str):
        return "the text"
    if isinstance(value, (int, float)):
        return "the number"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return "null" if value is None else type(value).__name__


# ------------------------------------------------------------------ the client's seats
MAX_NAME = 40  # characters of a person's name


def name_problem(name: object) -> str | None:
    """What is wrong with a person's name, or None: a text of 1 to MAX_NAME characters, not
    only spaces, with no control characters."""
    if not isinstance(name, str):
        return f"a name is a text, not {_json_type(name)}"
    if not name.strip():
        return "a name cannot be empty"
    if len(name) > MAX_NAME:
        return f"a name is at most {MAX_NAME} characters, not {len(name):,}"
    bad = next((ch for ch in name if unsafe_char(ch)), None)
    if bad is not None:
        return f"a name cannot hold control characters (U+{ord(bad):04X} at position {name.index(bad) + 1})"
    return None


def check_seats(client: Any, factions: list[str], where: str, *, bots, colours) -> list[dict[str, Any]]:
    """The seats of a save's ``client`` block, checked; SaveError in one line otherwise. An
    absent block or seat list gives [] (the caller seats a person at each faction). ``bots``
    and ``colours`` are the kinds of bot and the colour names the client knows."""
    if client is None:
        return []
    if not isinstance(client, dict):
        raise SaveError(f"{where}: 'client' must be an object, not {_json_type(client)}")
    seats = client.get("seats")
    if seats is None:
        return []
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        raise SaveError(f"{where}: client.seats must be a list of seats (objects)")
    got = [s.get("faction") for s in seats]
    if got != list(factions):
        raise SaveError(f"{where}: client.seats must seat each faction of the game once, in order "
                        f"({', '.join(factions)}), not {clip(got, 60)}")
    out = []
    for i, seat in enumerate(seats):
        at = f"{where}: client.seats[{i}]"
        unknown = [k for k in seat if k not in ("faction", "name", "bot", "colour")]
        if unknown:
            raise SaveError(f"{at}: {clip(unknown[0], 30)} is not a seat field (faction, name, bot, colour)")
        bot = seat.get("bot")
        if bot is not None and (not isinstance(bot, str) or bot not in bots):
            raise SaveError(f"{at}: unknown bot {clip(bot, 30)} (known: {', '.join(sorted(bots))}, or null "
                            "for a person)")
        colour = seat.get("colour", "")
        if colour not in ("", None) and (not isinstance(colour, str) or colour not in colours):
            raise SaveError(f"{at}: unknown colour {clip(colour, 30)} (known: {', '.join(sorted(colours))})")
        name = seat.get("name", seat["faction"])
        problem = name_problem(name)
        if problem is not None:
            raise SaveError(f"{at}: {problem}")
        out.append({"faction": seat["faction"], "name": name, "bot": bot, "colour": colour or ""})
    return out
