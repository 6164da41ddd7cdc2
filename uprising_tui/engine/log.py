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


def render(event: GameEvent, cat: "Catalog") -> str:
    data = event.data()
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
    if event.event_type == "GameOver":
        data["verdict"] = data["verdict"] + " — " + ", ".join(f"{name_of(cat, f)} {v}" for f, v in data["vp"])
    try:
        return type(event).template.format(**data)
    except (KeyError, ValueError, IndexError):
        return f"{event.event_type} {data}"


def render_all(events: Iterable[GameEvent], cat: "Catalog") -> list[str]:
    return [render(e, cat) for e in events]
