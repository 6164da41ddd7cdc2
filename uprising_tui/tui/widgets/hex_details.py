"""The details of one hex: its name, terrain and effects, and everything on it.

``HexDetails.show(view, hex_id)`` describes a hex of a public view: for a face-up tile its
name, terrain and what that does in combat, what a Haven there yields, its explore and
ongoing effects (from the catalog); for a face-down one only what the table can see. Then
every piece on it: Units by name, Heroes, Haven with Wall and Tower, Garrisons, Skeletons, a
Curse, Legions and Hordes with Threat, and the Targets placed here.
"""
from __future__ import annotations

from typing import Mapping

from rich.text import Text

from ...engine.face.view import HexView, PublicView
from . import hex_style as hs
from .hex_geometry import DIRECTION_NAMES
from .hex_text import TERRAIN_COMBAT, describe_effect, production
from .steady import height_follows_text, reads_as
from .text_pane import TextPane

SEA_TOWER_TEXT = "Sea Tower: counts as adjacent to every hex; Market Items cost 1 Salt less."
CAPITAL_TEXT = ("The Capital: holds up to 3 Garrisons and never a Haven. If only rebel Units stand "
                "here, a Legion appears; when none is left it falls, for 5 VP to the faction holding it.")
FACE_DOWN_TEXT = "Player Units cannot enter a face-down hex (Heroes and the Nemesis can)."
REGION_TEXT = "A region of the Ice Wastes around the isles: explored from the start, never a Haven."


class HexDetails(TextPane):
    """Everything about the hex under the map's cursor, from the public view. Drawn as a TextPane:
    a new hex repaints only the lines that read differently, and a text longer than the pane
    scrolls. Its height follows the text unless the stylesheet sets one."""

    DEFAULT_CSS = """
    HexDetails {
        height: auto;
        padding: 0 1;
    }
    """

    def __init__(self, cat, *, faction_colours: Mapping[str, str] | None = None,
                 name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.cat = cat
        self._colours = dict(hs.DEFAULT_FACTION_COLOURS)
        if faction_colours:
            self._colours.update(faction_colours)
        self.hex_id: str | None = None
        self.text = Text()
        self._described: tuple | None = None  # (view, hex id, dark theme) last described

    def set_faction_colours(self, colours: Mapping[str, str]) -> None:
        self._colours = dict(hs.DEFAULT_FACTION_COLOURS)
        self._colours.update(colours)
        self._described = None

    def show(self, view: PublicView, hex_id: str | None) -> None:  # (not TextPane.show: a hex, not a renderable)
        """Describe ``hex_id`` of ``view`` (``None``: no hex). A hex not on the map is an error."""
        if hex_id is not None and hex_id not in view.hexes:
            raise ValueError(f"{hex_id!r} is not a hex of this map")
        dark = self.app.current_theme.dark if self.is_mounted else True
        last = self._described
        if last is not None and last[0] is view and last[1] == hex_id and last[2] == dark and self.is_mounted:
            return  # the same hex of the same view (the map's update, its cursor and the bar's highlight all ask)
        self._described = (view, hex_id, dark)
        self.hex_id = hex_id
        inks = {f: hs.readable(hs.parse_colour(c, "white"), dark).hex for f, c in self._colours.items()}
        text = describe(self.cat, view, hex_id, inks)
        if reads_as(text) == reads_as(self.text) and self.is_mounted:
            return  # the same words and styles: no repaint (most answers leave the hex as it was)
        lines = len(self._strips)
        self.text = text
        TextPane.show(self, text)
        if height_follows_text(self) and len(self._strips) != lines:
            self.refresh(layout=True)  # a height that follows the text: a new number of lines lays it out

    def get_content_height(self, container, viewport, width: int) -> int:
        """As tall as its text (where the stylesheet leaves the height to it)."""
        text_width = max(0, width - 1)  # (a TextPane keeps its last column for the scrollbar)
        if text_width == self._width or text_width == 0:
            return len(self._strips)
        return len(self._lines_of(self.text, text_width))

    @property
    def plain(self) -> str:
        """What the pane says, without styles (for tests and screen readers)."""
        return self.text.plain


_TAGS: dict[int, tuple[object, dict[str, str]]] = {}


def _tags(cat) -> dict[str, str]:
    """The Legion and Horde tags of the map (hex_style.nemesis_tags), kept per catalog."""
    got = _TAGS.get(id(cat))
    if got is None or got[0] is not cat:
        got = _TAGS[id(cat)] = (cat, hs.nemesis_tags(cat))
    return got[1]


def hex_name(cat, h: HexView) -> str:
    if h.explored and h.tile in cat.hexes:
        return cat.hexes[h.tile].name
    return "Face-down Sea Tower" if h.role == "sea_tower" else "Face-down hex"


def _faction(cat, fid: str | None) -> str:
    if not fid:
        return "?"
    f = cat.factions.get(fid)
    return f.name if f else fid


def describe(cat, view: PublicView, hex_id: str | None, colours: Mapping[str, str] | None = None) -> Text:
    """The details of one hex as styled text."""
    colours = colours or {}
    t = Text()
    if hex_id is None:
        t.append("No hex under the cursor.", style="italic")
        return t
    h = view.hexes[hex_id]
    tile = cat.hexes.get(h.tile) if h.explored and h.tile else None
    look = hs.terrain_look(h.terrain)
    t.append(hex_name(cat, h), style="bold")
    t.append(f"  {h.id}\n", style="dim")
    kind = []
    if h.region:
        kind.append(f"region: {h.region.replace('_', ' ').title()}")
    elif h.role == "home" and tile is not None:
        owner = next((fid for fid, f in cat.factions.items() if f.home_hex == tile.id), None)
        kind.append(f"home of the {_faction(cat, owner)}" if owner else "home hex")
    elif h.role == "sea_tower":
        kind.append("Sea Tower space")
    terrain = f"Terrain: {look.name} ({look.letter})" if h.terrain is not None else "Terrain: unknown (?)"
    t.append(terrain + (" · " + " · ".join(kind) if kind else "") + "\n")
    if tile is not None and tile.alignment != "none":
        t.append(f"Aligned with {'the Empire' if tile.alignment == 'empire' else 'Chaos'}.\n", style="dim")
    t.append("Combat: ", style="bold")
    t.append(TERRAIN_COMBAT.get(h.terrain, TERRAIN_COMBAT[None]) + "\n")
    if h.blocked:
        edges = ", ".join(DIRECTION_NAMES[e] for e in h.blocked)
        t.append(f"Impassable ({hs.IMPASSABLE}) towards the {edges}: Units, Legions and Hordes cannot cross; "
                 "Heroes can.\n")
    if h.curse:
        t.append("Cursed: no Haven, no production; Explore is barred while the hex is face-down.\n")
    if not h.explored:
        if not h.curse:
            t.append(FACE_DOWN_TEXT + "\n", style="dim")
    elif tile is not None:
        if tile.kind == "capital":
            t.append(CAPITAL_TEXT + "\n")
        elif h.region:
            t.append(REGION_TEXT + "\n", style="dim")
        yields = production(tile)
        if yields and not h.curse:
            t.append("Haven: ", style="bold")
            t.append(yields[0].upper() + yields[1:] + ".\n")
        if tile.no_haven and tile.kind not in ("capital", "region"):
            t.append("No Haven can ever be built here.\n")
        if tile.explore:
            t.append("When explored: ", style="bold")
            t.append(describe_effect(tile.explore) + "\n")
        if h.sea_tower:
            t.append(SEA_TOWER_TEXT + "\n")
        elif tile.sea_tower:
            t.append("Sea Tower removed: no longer adjacent to every hex.\n", style="dim")
        if tile.text:
            t.append(tile.text + "\n", style="italic dim")
    t.append("\nOn this hex\n", style="bold underline")
    before = len(t.plain)
    _pieces(t, cat, view, h, colours)
    if len(t.plain) == before:
        t.append("nothing\n", style="dim")
    t.rstrip()
    return t


def _pieces(t: Text, cat, view: PublicView, h: HexView, colours: Mapping[str, str]) -> None:
    def fstyle(fid: str | None) -> str:
        c = colours.get(fid or "")
        return f"bold {c}" if c else "bold"

    letters = hs.faction_letters(cat.factions)
    codes = hs.unit_codes(cat.units, cat.unit_faction)
    if h.units and h.owner:
        names = ", ".join(f"{n} {cat.units[u].name if u in cat.units else u}" for u, n in h.units)
        kinds = "".join(f"{n}{codes.get(u, '?')}" for u, n in h.units)
        t.append(f"{_faction(cat, h.owner)} Units", style=fstyle(h.owner))
        t.append(f" ({letters.get(h.owner, '?')}{kinds}): {names}\n")
    for fid in h.heroes:
        hero = next((p.hero for p in view.players if p.faction == fid), None)
        hero_name = cat.heroes[hero].name if hero in cat.heroes else (hero or "?")
        t.append(f"Hero ({hs.HERO}{letters.get(fid, '?')}): ", style=fstyle(fid))
        t.append(f"{hero_name} of the {_faction(cat, fid)}\n")
    if h.haven:
        extras = [w for w, on in (("a Wall", h.wall), ("a Tower", h.tower)) if on]
        t.append(f"Haven ({hs.HAVEN}): ", style=fstyle(h.haven))
        t.append(_faction(cat, h.haven) + (" with " + " and ".join(extras) if extras else "") + "\n")
    if h.garrisons:
        t.append(f"Garrison ({hs.GARRISON}{h.garrisons}): ", style="bold")
        t.append(f"level {h.garrisons} (Empire)\n")
    if h.skeletons:
        t.append(f"Skeletons ({hs.SKELETON}{h.skeletons}): ", style="bold")
        t.append(f"{h.skeletons} (Chaos)\n")
    if h.curse:
        t.append(f"Curse ({hs.CURSE})", style="bold")
        t.append(" of Chaos\n")
    for cid in h.legions + h.hordes:
        card = view.nemesis(cid)
        kind = "Legion" if cid in h.legions else "Horde"
        name = cat.nemesis(cid).name if (cid in cat.legions or cid in cat.hordes) else cid
        mark = _tags(cat).get(cid, hs.LEGION if kind == "Legion" else hs.HORDE)
        t.append(f"{kind} ({mark}{card.threat if card else '?'}): ", style="bold")
        line = name
        if card is not None:
            line += f", Threat {card.threat}"
            if card.tokens:
                line += f", {card.tokens} Activation Token{'s' if card.tokens != 1 else ''}"
            if card.target:
                where = hex_name(cat, view.hexes[card.target]) if card.target in view.hexes else card.target
                line += f", Target: {where} ({card.target})"
        t.append(line + "\n")
    for card in view.legions + view.hordes:
        if card.target == h.id:
            name = cat.nemesis(card.id).name if (card.id in cat.legions or card.id in cat.hordes) else card.id
            t.append(f"Target ({hs.TARGET}): ", style="bold")
            against = f" against the {_faction(cat, card.target_faction)}" if card.target_faction else ""
            t.append(f"of {name}{against}\n")


def hex_line(cat, view: PublicView, hex_id: str | None, colours: Mapping[str, str] | None = None) -> Text:
    """The hex in one or two lines of words (where the details pane has no room): its name and
    terrain, then everything on it, each piece named."""
    colours = colours or {}
    t = Text()
    if hex_id is None or hex_id not in view.hexes:
        return t
    h = view.hexes[hex_id]
    look = hs.terrain_look(h.terrain)
    t.append(f"{h.id} {hex_name(cat, h)}", style="bold")
    if h.terrain is not None:  # (a face-down hex's name says so already)
        t.append(f" ({look.name})")
    parts: list[tuple[str, str]] = []

    def fstyle(fid: str | None) -> str:
        c = colours.get(fid or "")
        return f"bold {c}" if c else "bold"
    if h.units and h.owner:
        names = ", ".join(f"{n} {cat.units[u].name if u in cat.units else u}" for u, n in h.units)
        parts.append((f"{_faction(cat, h.owner)}: {names}", fstyle(h.owner)))
    for fid in h.heroes:
        hero = next((p.hero for p in view.players if p.faction == fid), None)
        parts.append((f"Hero {cat.heroes[hero].name if hero in cat.heroes else hero} ({_faction(cat, fid)})",
                      fstyle(fid)))
    if h.haven:
        extras = [w for w, on in (("Wall", h.wall), ("Tower", h.tower)) if on]
        parts.append((f"Haven of the {_faction(cat, h.haven)}" + (" with " + " and ".join(extras) if extras else ""),
                      fstyle(h.haven)))
    if h.garrisons:
        parts.append((f"Garrison level {h.garrisons}", ""))
    if h.skeletons:
        parts.append((f"{h.skeletons} Skeleton{'s' if h.skeletons != 1 else ''}", ""))
    if h.curse:
        parts.append(("Cursed", ""))
    for cid in h.legions + h.hordes:
        card = view.nemesis(cid)
        kind = "Legion" if cid in h.legions else "Horde"
        parts.append((f"{cat.names.get(cid, cid)} ({kind}, Threat {card.threat if card else '?'})", ""))
    for card in view.legions + view.hordes:
        if card.target == h.id:
            parts.append((f"Target of {cat.names.get(card.id, card.id)}", ""))
    if h.sea_tower:
        parts.append(("Sea Tower", ""))
    if h.blocked:
        parts.append((f"impassable to the {', '.join(DIRECTION_NAMES[e] for e in h.blocked)}", ""))
    for text, style in parts or [("nothing on it", "dim")]:
        t.append(" · ")
        t.append(text, style=style)
    return t
