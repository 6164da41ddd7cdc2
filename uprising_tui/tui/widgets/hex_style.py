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
OUTLINE = "/ \\ | _"  # the hexes' sides (the cursor's are drawn bold and reversed)


class Mark(NamedTuple):
    """One thing the map draws, as the legend explains it: the mark, its meaning, and the kind of
    piece the painter draws it for (see hex_tokens.Token.kind and paint_hex's record); `of`: the
    faction a Unit code belongs to."""
    mark: str
    meaning: str
    kind: str
    of: str = ""


# Every glyph and code the painter draws with, and what it means: the map's legend is built from
# this table (with the factions, Units and Nemesis cards of the catalog, see `legend`), and a test
# paints seeded positions and fails on any mark it does not explain. Nothing is told by colour alone.
MARKS: tuple[Mark, ...] = (
    *(Mark(look.letter, look.name if t not in ("curse", "none", None) else
           {"curse": "a Cursed hex (its terrain is the Curse)", "none": "the Capital (no terrain)",
            None: "face-down: not explored yet"}[t], "terrain") for t, look in TERRAIN.items()),
    Mark(FOG, "the ground of a face-down hex", "fog"),
    Mark(HAVEN, "a Haven (then whose: its faction letter)", "haven"),
    Mark(WALL, "the Haven's Wall", "haven"),
    Mark(TOWER, "the Haven's Tower", "haven"),
    Mark(HERO, "a Hero (then whose: the faction letter)", "hero"),
    Mark(GARRISON, "Garrisons of the Empire, then their level (G2: two levels)", "garrison"),
    Mark(SKELETON, "Skeletons of Chaos, then how many (S2: two)", "skeleton"),
    Mark(CURSE, "a Curse of Chaos", "curse"),
    Mark(LEGION, "a Legion of the Empire: its tag letter, then its Threat (Lb5)", "legion"),
    Mark(HORDE, "a Horde of Chaos: its tag letter, then its Threat (Hs4)", "horde"),
    Mark(TARGET, "a Legion's Target (the details pane says whose)", "target"),
    Mark(SEA_TOWER, "a Sea Tower: next to every hex (bottom corner, or beside its name)", "sea_tower"),
    Mark(f"{SEA_TOWER}?{SEA_TOWER}", "a face-down Sea Tower space", "sea_tower"),
    Mark(HIGHLIGHT, "an option of the decision now (bottom corner; its outline lit)", "highlight"),
    Mark(IMPASSABLE, "an impassable edge: Units and the Nemesis cannot cross it, Heroes can", "impassable"),
    Mark(OVERFLOW, "more on this hex than fits: the hex details list it all", "overflow"),
    Mark(OUTLINE, "the hexes' sides; the cursor's drawn bold and reversed", "outline"),
    *(Mark(code, f"the {name}, a region of the Ice Wastes", "region") for code, name in
      (("HW", "Howling White"), ("FG", "Fog Grave"), ("SS", "Screaming Sea"))),
)

# how a faction's Units read: its letter, then a count per kind (U2w1R: 2 w and 1 R of the Duerkhar)
UNITS_MEANING = "a faction's Units: its letter, then how many of each kind (U2w1R); the total when cramped (U3)"
UNIT_KINDS = {"w": "warrior", "a": "archer", "r": "rider"}

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


def nemesis_tags(cat) -> dict[str, str]:
    """A short tag per Legion and Horde card, distinct within its kind: ``L`` or ``H`` and a
    lowercase letter from its name (the Butcher ``Lb``, the Siren ``Hs``). Each card first gets its
    name's initial where no card before it (in id order) has it; the others then take the next
    initial of their name, else its next letter. Content order does not move a tag."""
    out: dict[str, str] = {}
    for mark, table in ((LEGION, getattr(cat, "legions", {})), (HORDE, getattr(cat, "hordes", {}))):
        words = {}
        for cid in sorted(table):
            name = getattr(table[cid], "name", cid) or cid
            words[cid] = [w.lower() for w in name.replace("-", " ").split()
                          if w.lower() not in ("the", "of", "a")] or [cid]
        used: set[str] = set()
        got: dict[str, str] = {}
        for cid, ws in words.items():  # first, each card's own initial
            if ws[0][0].isalpha() and ws[0][0] not in used:
                got[cid] = ws[0][0]
                used.add(ws[0][0])
        for cid, ws in words.items():  # then the next initial, the next letter, any letter
            if cid in got:
                continue
            letters = [w[0] for w in ws[1:]] + [ch for w in ws for ch in w[1:]] + list("abcdefghijklmnopqrstuvwxyz")
            ch = next(c for c in letters if c.isalpha() and c not in used)
            got[cid] = ch
            used.add(ch)
        out.update({cid: mark + ch for cid, ch in got.items()})
    return out


def legend(cat, view=None) -> list[tuple[str, list[Mark]]]:
    """The map's legend in sections, from MARKS and the catalog: the terrain, the pieces, the
    factions and their Unit codes, the Legions and Hordes by tag, the map's signs. With a public
    view, only the factions in play and the Legions and Hordes on the table."""
    by_kind: dict[str, list[Mark]] = {}
    for m in MARKS:
        by_kind.setdefault(m.kind, []).append(m)
    letters = faction_letters(cat.factions)
    codes = unit_codes(cat.units, cat.unit_faction)
    factions = [p.faction for p in view.players] if view is not None else list(cat.factions)
    people: list[Mark] = [Mark("U2w1R", UNITS_MEANING, "units")]
    for fid in factions:
        f = cat.factions[fid]
        people.append(Mark(letters.get(fid, "?"), f"the {f.name}", "faction", fid))
        people += [Mark(codes.get(u.id, "?"), f"{u.name} ({u.grade} {u.type})", "units", fid) for u in f.units]
    tags = nemesis_tags(cat)
    if view is not None:
        cards = [c.id for c in view.legions + view.hordes]
    else:
        cards = sorted(getattr(cat, "legions", {})) + sorted(getattr(cat, "hordes", {}))
    nemesis = [Mark(tags[c], f"{'Legion' if c in cat.legions else 'Horde'}: {cat.names.get(c, c)}",
                    "legion" if c in cat.legions else "horde") for c in cards if c in tags]
    pieces = [m for k in ("haven", "hero", "garrison", "skeleton", "curse", "legion", "horde", "target")
              for m in by_kind.get(k, [])]
    return [
        ("Terrain (top corner)", by_kind.get("terrain", []) + by_kind.get("fog", []) + by_kind.get("region", [])),
        ("Pieces", pieces),
        ("Factions (their letter) and Unit codes", people),
        ("Legions and Hordes by tag", nemesis),
        ("Signs", [m for k in ("sea_tower", "highlight", "impassable", "overflow", "outline")
                   for m in by_kind.get(k, [])]),
    ]
