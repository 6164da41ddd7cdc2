"""Names for ids, from the catalog and the public view (never from the raw state)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..content.loader import Catalog
    from ..engine.face.view import PublicView

SIDE_NAMES = {"empire": "The Empire", "chaos": "Chaos"}
PHASE_NAMES = {"setup": "Setup", "refresh": "Refresh", "events": "Events", "build": "Build", "actions": "Actions",
               "nemesis": "Nemesis", "production": "Production", "scoring": "Scoring", "end": "Game over"}


def name(cat: "Catalog", ident: str | None) -> str:
    if ident is None:
        return "-"
    if ident in SIDE_NAMES:
        return SIDE_NAMES[ident]
    return cat.names.get(ident, ident.replace("_", " ").title() if ident.islower() else ident)


def hex_label(cat: "Catalog", view: "PublicView", hex_id: str | None) -> str:
    """'H07 Rigga', or 'H07 (unexplored)'."""
    if hex_id is None:
        return "-"
    h = view.hexes.get(hex_id)
    if h is None:
        return hex_id
    if h.tile is None:
        return f"{hex_id} (unexplored)"
    return f"{hex_id} {name(cat, h.tile)}"


def phase_name(phase: str) -> str:
    return PHASE_NAMES.get(phase, phase.capitalize())
