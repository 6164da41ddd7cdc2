"""What one hex shows inside its outline, and how it is packed into the hex's rows.

A hex's pieces become :class:`Token` s (a Haven, a faction's Units, a Hero, Garrisons,
Skeletons, each Legion and Horde with its Threat, a Target), each with a long and a short
spelling and a style key that :class:`HexMap` turns into colours. :func:`pack` lays them
into the rows of a hex (5/7/5 cells in the medium form), longest spellings first, and marks
an overflow with ``+``. Pure functions of the public view: no Textual, no game state.
"""
from __future__ import annotations

from typing import Mapping, NamedTuple, Sequence

from ...engine.face.view import HexView, PublicView
from . import hex_style as hs


class Token(NamedTuple):
    forms: tuple[str, ...]  # spellings, longest first
    style: str  # "faction:<id>", "empire", "chaos", "label", "region", "sea_tower"
    kind: str = "label"  # what it is, as the legend's marks name it (hex_style.Mark.kind): "units", "legion", ...


class Piece(NamedTuple):
    """Text placed in a hex: ``text`` at column ``x`` (relative to the row's start) of row ``row``."""
    row: int
    x: int
    text: str
    style: str
    kind: str = "label"


class MapFacts:
    """What the tokens need beyond a hex's own view: letters, codes, Threats, Targets."""

    def __init__(self, cat, view: PublicView | None = None):
        self.cat = cat
        self.letters = hs.faction_letters(cat.factions)
        self.codes = hs.unit_codes(cat.units, cat.unit_faction)
        self.tags = hs.nemesis_tags(cat)
        self.threat: dict[str, int] = {}
        self.targets: dict[str, tuple[str, ...]] = {}
        if view is not None:
            self.update(view)

    def update(self, view: PublicView) -> None:
        self.threat = {c.id: c.threat for c in view.legions + view.hordes}
        targets: dict[str, list[str]] = {}
        for c in view.legions + view.hordes:
            if c.target:
                targets.setdefault(c.target, []).append(c.id)
        self.targets = {h: tuple(v) for h, v in targets.items()}

    def letter(self, faction: str | None) -> str:
        if not faction:
            return "?"
        return self.letters.get(faction) or faction[:1].upper()

    def key(self, h: HexView) -> tuple:
        """Everything a hex's drawing depends on besides cursor and highlights."""
        return (h, tuple(self.threat.get(c) for c in h.legions + h.hordes), self.targets.get(h.id, ()))


def tokens(h: HexView, facts: MapFacts, compact: bool = False) -> list[Token]:
    """The pieces of a hex as tokens: reading order, or most urgent first when ``compact`` (where
    a Curse goes unsaid: the hex's corner letter is C)."""
    L = facts.letter
    haven: list[Token] = []
    if h.haven:
        extra = (hs.WALL if h.wall else "") + (hs.TOWER if h.tower else "")
        haven.append(Token((hs.HAVEN + L(h.haven) + extra, hs.HAVEN + extra, hs.HAVEN), f"faction:{h.haven}", "haven"))
    units: list[Token] = []
    if h.units and h.owner:
        total = sum(n for _, n in h.units)
        kinds = "".join(f"{n}{facts.codes.get(u, u[:1])}" for u, n in h.units)
        units.append(Token((L(h.owner) + kinds, f"{L(h.owner)}{total}"), f"faction:{h.owner}", "units"))
    heroes = [Token((hs.HERO + L(f), hs.HERO), f"faction:{f}", "hero") for f in h.heroes]
    empire: list[Token] = []
    chaos: list[Token] = []
    if h.garrisons:
        empire.append(Token((f"{hs.GARRISON}{h.garrisons}", hs.GARRISON), "empire", "garrison"))
    if h.skeletons:
        chaos.append(Token((f"{hs.SKELETON}{h.skeletons}", hs.SKELETON), "chaos", "skeleton"))
    nemesis = []
    for kind, mark, cards, side in (("legion", hs.LEGION, h.legions, "empire"), ("horde", hs.HORDE, h.hordes, "chaos")):
        for c in cards:
            tag = facts.tags.get(c, mark)
            nemesis.append(Token((f"{tag}{facts.threat.get(c, '?')}", tag, mark), side, kind))
    target = [Token((hs.TARGET,), "empire", "target")] if facts.targets.get(h.id) else []
    if compact:
        return nemesis + units + heroes + empire + chaos + haven + target
    curse = [Token((hs.CURSE,), "chaos", "curse")] if h.curse else []
    return haven + units + heroes + empire + chaos + curse + nemesis + target


def label(h: HexView, cat, width: int) -> Token | None:
    """The hex's name squeezed to ``width``: its tile when face-up, '?' when face-down."""
    if width <= 0:
        return None
    sea = hs.SEA_TOWER if h.role == "sea_tower" else ""
    if not h.explored:
        return Token((f"{sea}?{sea}", "?"), "sea_tower" if sea else "label", "sea_tower" if sea else "terrain")
    if h.region:
        return Token((hs.REGION_INITIALS.get(h.region, h.region[:2].upper()),), "region", "region")
    tile = cat.hexes.get(h.tile) if h.tile else None
    if tile is None:
        return Token((h.id,), "label")
    if tile.kind == "capital":
        return Token(("Fallen", "Ruin") if h.capital_fallen else ("Capital", "Cap"), "label")
    name = hs.short_name(tile.name, width - len(sea))
    return Token((sea + name,), "sea_tower" if sea else "label")


def _fits(forms: Sequence[str], room: int) -> str | None:
    return next((f for f in forms if len(f) <= room), None)


def _place(toks: Sequence[Token], widths: Sequence[int]) -> list[list[tuple[str, str, str]]] | None:
    """Place tokens in order into rows; ``None`` when they do not all fit.

    Each token takes its longest spelling that fits in the current row or any row below
    (spaced from its neighbour if it can be, touching it if not), before a shorter one is
    tried; rows are never revisited, so the reading order holds."""
    rows: list[list[tuple[str, str, str]]] = [[] for _ in widths]
    used = [0] * len(widths)
    r = 0
    for t in toks:
        spot = None
        for text in t.forms:
            for spaced in (True, False):
                for rr in range(r, len(widths)):
                    sep = 1 if rows[rr] and spaced else 0
                    if len(text) + sep <= widths[rr] - used[rr]:
                        spot = (rr, text, sep)
                        break
                if spot:
                    break
            if spot:
                break
        if spot is None:
            return None
        r, text, sep = spot
        if sep:
            rows[r].append((" ", "", ""))
        rows[r].append((text, t.style, t.kind))
        used[r] += sep + len(text)
    return rows


def pack(toks: Sequence[Token], widths: Sequence[int], name: Token | None = None) -> list[Piece]:
    """Lay tokens into rows of the given widths, each row centred.

    The name goes on the first row when every token still fits in the rows below it;
    tokens that fit nowhere are dropped and the last cell shows ``+`` (the details pane has
    everything)."""
    if not widths:
        return []
    placed = None
    if name is not None and len(widths) > 1:
        below = _place(toks, widths[1:])
        first = _fits(name.forms, widths[0])
        if below is not None and first is not None:
            placed = [[(first, name.style, name.kind)]] + below
    if placed is None:
        placed = _place(toks, widths)
    room = list(widths)
    overflow = False
    if placed is None:  # keep what fits beside a "+" in the last cell
        last = max(i for i, w in enumerate(widths) if w > 0)
        room[last] -= 1
        kept = list(toks)
        while kept and placed is None:
            kept.pop()
            placed = _place(kept, room)
        placed = placed or [[] for _ in widths]
        overflow = True
    pieces: list[Piece] = []
    for i, row in enumerate(placed):
        length = sum(len(t) for t, _, _ in row)
        x = max(0, (room[i] - length) // 2)
        for text, style, kind in row:
            if style:
                pieces.append(Piece(i, x, text, style, kind))
            x += len(text)
    if overflow:
        pieces.append(Piece(last, widths[last] - 1, hs.OVERFLOW, "overflow", "overflow"))
    return pieces


def summary(h: HexView, facts: MapFacts) -> str:
    """One line about a hex, for a tooltip."""
    cat = facts.cat
    if h.explored and h.tile in cat.hexes:
        name = cat.hexes[h.tile].name
    else:
        name = "Unexplored hex"
    look = hs.terrain_look(h.terrain)
    parts = [f"{name} ({h.id})", look.name]
    toks = tokens(h, facts)
    if toks:
        parts.append(" ".join(t.forms[0] for t in toks))
    return " · ".join(parts)


def changed(old: Mapping[str, tuple], new: Mapping[str, tuple]) -> set[str]:
    """Hexes whose drawing key differs between two snapshots."""
    return {hid for hid, key in new.items() if old.get(hid) != key} | (set(old) - set(new))
