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
    """'H07 Rigga', 'H07 (unexplored)'; with a Curse on it 'H07 Rigga (Cursed)', 'H07 (unexplored,
    Cursed)' (a Curse is as much the hex's ground as its tile: it changes a fight there)."""
    if hex_id is None:
        return "-"
    h = view.hexes.get(hex_id)
    if h is None:
        return hex_id
    if h.tile is None:
        return f"{hex_id} (unexplored, Cursed)" if h.curse else f"{hex_id} (unexplored)"
    return f"{hex_id} {name(cat, h.tile)}" + (" (Cursed)" if h.curse else "")


def engine_hex_label(cat: "Catalog", view: "PublicView", hex_id: str) -> str:
    """The hex as the engine's option labels name it ('H07 Rigga', 'H07 (unexplored)': no Curse)."""
    h = view.hexes.get(hex_id)
    if h is None or h.tile is None:
        return f"{hex_id} (unexplored)"
    return f"{hex_id} {name(cat, h.tile)}"


def phase_name(phase: str) -> str:
    return PHASE_NAMES.get(phase, phase.capitalize())
