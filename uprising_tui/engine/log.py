"""Render GameEvents as readable lines (names instead of ids). Pure text, no terminal codes."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from .events import GameEvent

if TYPE_CHECKING:
    from ..content.loader import Catalog

SYMBOL = {"skull": "☠", "shield": "⛨", "bolt": "⚡"}
COLOUR_LETTER = {"white": "W", "yellow": "Y", "red": "R", "blue": "U", "purple": "P", "black": "K"}
NAMED_FIELDS = ("faction", "card", "unit", "owner", "by", "winner", "tile")


def name_of(cat: "Catalog", ident) -> str:
    if not isinstance(ident, str):
        return str(ident)
    for table in (cat.factions, cat.units, cat.heroes, cat.legions, cat.hordes, cat.items, cat.feats,
                  cat.quests, cat.druids, cat.events, cat.hexes):
        obj = table.get(ident)
        if obj is not None:
            return obj.name
    return {"empire": "The Empire", "chaos": "Chaos"}.get(ident, ident)


def dice_text(roll) -> str:
    """'U:☠ W:blank K:☠☠☠' — colour letter and symbols, never colour alone."""
    if not roll:
        return "(no dice)"
    out = []
    for colour, face in roll:
        sym = "".join(SYMBOL[s] for s in face) or "·"
        out.append(f"{COLOUR_LETTER.get(colour, colour)}:{sym}")
    return " ".join(out)


HEX_FIELDS = ("hex", "src", "dst")


def render(event: GameEvent, cat: "Catalog", hex_names: dict[str, str] | None = None) -> str:
    """One event as a line. With `hex_names` (hex id -> tile name), hexes read 'H07 Rigga'."""
    data = event.data()
    if hex_names:
        for key in HEX_FIELDS:
            hid = data.get(key)
            if isinstance(hid, str) and hid in hex_names:
                data[key] = f"{hid} {hex_names[hid]}"
    if event.event_type == "GameStarted":
        data["factions"] = ", ".join(name_of(cat, f) for f in data["factions"])
    for key in NAMED_FIELDS:
        if key in data:
            data[key] = name_of(cat, data[key])
    for key in ("dice", "dice_a", "dice_b"):
        if key in data:
            data[key] = dice_text(data[key])
    if "cards" in data:
        data["cards"] = ", ".join(name_of(cat, c) for c in data["cards"]) or "(none)"
    if event.event_type == "ResourcesChanged":
        parts = [f"{v:+d} {k.capitalize()}" for k, v in (("salt", data["salt"]), ("plunder", data["plunder"]),
                                                         ("food", data["food"])) if v]
        data["delta"] = ", ".join(parts)
    if event.event_type == "CombatTally":
        hits, blocked = data["skulls"], data["blocked"]
        noun = "hit" if hits == 1 else "hits"
        extra = f", {blocked} blocked by Shields" if blocked else ""
        return f"{data['side']} take {hits} {noun}{extra}"
    if event.event_type == "GameOver":
        data["verdict"] = data["verdict"] + " — " + ", ".join(f"{name_of(cat, f)} {v}" for f, v in data["vp"])
    try:
        return type(event).template.format(**data)
    except (KeyError, ValueError, IndexError):
        return f"{event.event_type} {data}"


class LogRenderer:
    """Renders a game's events in order, remembering which tile each hex shows."""

    def __init__(self, cat: "Catalog"):
        self.cat = cat
        self.hex_names: dict[str, str] = {}

    def __call__(self, event: GameEvent) -> str:
        kind = event.event_type
        if kind == "GameStarted":
            self.hex_names.update({hid: name_of(self.cat, tile) for hid, tile in event.tiles})
        elif kind == "HexExplored":
            self.hex_names[event.hex] = name_of(self.cat, event.tile)
        return render(event, self.cat, self.hex_names)


def render_all(events: Iterable[GameEvent], cat: "Catalog") -> list[str]:
    r = LogRenderer(cat)
    return [r(e) for e in events]
