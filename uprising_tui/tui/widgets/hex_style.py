"""How the map marks things: terrain letters and colours, piece glyphs, faction letters.

Nothing on the map is told by colour alone: every terrain has a letter, every piece a glyph
or letter, every faction a letter, so the map reads the same with NO_COLOR. Colours live in
:class:`HexMap`'s CSS (component classes named here), with a light-theme variant.
"""
from __future__ import annotations

from typing import Mapping, NamedTuple

from textual.color import Color, ColorParseError


class TerrainLook(NamedTuple):
    letter: str  # shown in the top corner of the hex
    name: str
    component: str  # HexMap component class for the hex's interior


# terrain as the public view gives it: a tile's terrain, "curse", "none" (the Capital), None (face-down)
TERRAIN: dict[str | None, TerrainLook] = {
    "woods": TerrainLook("W", "Woods", "hex-map--woods"),
    "highlands": TerrainLook("H", "Highlands", "hex-map--highlands"),
    "marsh": TerrainLook("M", "Marsh", "hex-map--marsh"),
    "badlands": TerrainLook("B", "Badlands", "hex-map--badlands"),
    "ice_waste": TerrainLook("I", "Ice Waste", "hex-map--ice-waste"),
    "curse": TerrainLook("C", "Curse", "hex-map--curse"),
    "none": TerrainLook("♔", "no terrain", "hex-map--capital"),
    None: TerrainLook("?", "unexplored", "hex-map--unexplored"),
}
UNKNOWN_TERRAIN = TerrainLook("·", "unknown terrain", "hex-map--unexplored")

# region spaces are Ice Waste, tinted by region so the three regions read apart
REGION_COMPONENT = {
    "howling_white": "hex-map--howling-white",
    "fog_grave": "hex-map--fog-grave",
    "screaming_sea": "hex-map--screaming-sea",
}
REGION_INITIALS = {"howling_white": "HW", "fog_grave": "FG", "screaming_sea": "SS"}


def terrain_look(terrain: str | None) -> TerrainLook:
    return TERRAIN.get(terrain, UNKNOWN_TERRAIN)


# pieces
HAVEN = "⌂"
WALL = "▥"
TOWER = "♜"
HERO = "@"
GARRISON = "G"
SKELETON = "S"
LEGION = "L"
HORDE = "H"
TARGET = "◎"
SEA_TOWER = "≋"
CURSE = "†"
HIGHLIGHT = "◆"
OVERFLOW = "+"
FOG = "·"  # texture of a face-down hex
IMPASSABLE = "#"

LEGEND: tuple[tuple[str, str], ...] = (
    ("W H M B I", "Woods, Highlands, Marsh, Badlands, Ice Waste"),
    ("C ♔ ?", "Curse, the Capital, unexplored"),
    (f"{HAVEN} {WALL} {TOWER}", "Haven, Wall, Tower"),
    (f"{HERO}X", "Hero of faction X"),
    ("X2w1R", "faction X: 2 basic warriors, 1 elite rider (w a r; capitals elite)"),
    ("G2 S1", "Garrison level 2, 1 Skeleton"),
    ("L5 H4", "Legion, Horde with its Threat"),
    (f"{TARGET}", "a Legion's Target"),
    (f"{SEA_TOWER}", "Sea Tower (bottom corner; in the name when there is room)"),
    ("HW FG SS", "regions: Howling White, Fog Grave, Screaming Sea (named when there is room)"),
    (f"{HIGHLIGHT}", "an option of the pending decision"),
    (f"{IMPASSABLE}", "impassable edge"),
)

# the map's keys, for a help screen (HexMap.BINDINGS holds them)
KEY_HELP: tuple[tuple[str, str], ...] = (
    ("← h  → l", "west, east"),
    ("y u", "north-west, north-east"),
    ("b n", "south-west, south-east"),
    ("↑ k  ↓ j", "up, down (zigzag along one column)"),
    ("enter / click", "select the hex"),
    ("+ -", "larger, smaller hexes"),
)

# default faction colours (the client's setup may choose others)
DEFAULT_FACTION_COLOURS: dict[str, str] = {
    "druwhn": "#4ec9a0",
    "duerkhar": "#5fa8ff",
    "krowh": "#ff7a6b",
    "mohyar": "#ffb347",
}
FALLBACK_COLOURS = ("#c792ea", "#7fdbca", "#f78c6c", "#82aaff")


def faction_letters(factions: Mapping[str, object]) -> dict[str, str]:
    """One distinct capital letter per faction, from its name (Druwhn D, Duerkhar U, ...).

    ``factions`` maps faction id to its catalog entry (anything with a ``name``)."""
    used: set[str] = set()
    out: dict[str, str] = {}
    for fid, f in factions.items():
        name = getattr(f, "name", fid) or fid
        for ch in name.upper() + "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
            if ch.isalpha() and ch not in used:
                out[fid] = ch
                used.add(ch)
                break
    return out


def unit_codes(units: Mapping[str, object], unit_faction: Mapping[str, str]) -> dict[str, str]:
    """A one-letter code per unit, distinct within its faction: its type's initial,
    capital for elite (w/a/r basic warrior/archer/rider, W/A/R elite)."""
    out: dict[str, str] = {}
    taken: dict[str, set[str]] = {}
    for uid, u in units.items():
        kind = str(getattr(u, "type", "") or "?")[:1]
        code = kind.upper() if getattr(u, "grade", "") == "elite" else kind.lower()
        faction = unit_faction.get(uid, "")
        seen = taken.setdefault(faction, set())
        if code in seen:  # never two alike in a faction: fall back to the unit's own initial
            code = next((c for c in (uid[:1], uid[:1].upper(), "x") if c not in seen), "x")
        seen.add(code)
        out[uid] = code
    return out


def parse_colour(value: str | None, fallback: str) -> Color:
    """A colour from a CSS-like string; the fallback when it does not parse."""
    try:
        return Color.parse(value) if value else Color.parse(fallback)
    except ColorParseError:
        return Color.parse(fallback)


def readable(colour: Color, dark: bool) -> Color:
    """Nudge a faction colour so it reads on the map: lighter on a dark theme, darker on a light one."""
    if dark and colour.brightness < 0.5:
        return colour.lighten(0.5 - colour.brightness)
    if not dark and colour.brightness > 0.45:
        return colour.darken(colour.brightness - 0.45 + 0.1)
    return colour


def short_name(name: str, width: int) -> str:
    """A tile name squeezed into ``width`` cells: the first word, plus initials of the rest."""
    words = [w for w in name.replace("-", " ").split() if w.lower() not in ("the", "of", "a")]
    if not words:
        return name[:width]
    first = words[0]
    if len(first) >= width or len(words) == 1:
        return first[:width]
    out = first
    for w in words[1:]:
        if len(out) + 1 > width:
            break
        out += w[0].upper()
    return out[:width]
