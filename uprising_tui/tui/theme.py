"""Colours and glyphs the client draws with. Colour never carries meaning alone: every die shows
its colour's letter and its symbols, every faction its name or initial."""
from __future__ import annotations

from typing import Iterable

from rich.text import Text

SKULL, SHIELD, BOLT, BLANK = "☠", "◈", "↯", "·"
SYMBOL_GLYPH = {"skull": SKULL, "shield": SHIELD, "bolt": BOLT}
SYMBOL_NAME = {"skull": "Skull", "shield": "Shield", "bolt": "Bolt"}

# The letter each die colour shows (the same letters as `uprising log`).
DIE_LETTER = {"white": "W", "yellow": "Y", "red": "R", "blue": "U", "purple": "P", "black": "K"}
DIE_STYLE = {
    "white": "bold #111111 on #e6e6e6",
    "yellow": "bold #111111 on #e8c61c",
    "red": "bold #ffffff on #b3261e",
    "blue": "bold #ffffff on #1f5fbf",
    "purple": "bold #ffffff on #7b3fa0",
    "black": "bold #ffffff on #3a3a3a",
}

# Faction colours a player may pick in Setup; the defaults follow the order of the factions.
PALETTE = {
    "green": "#3fae49", "blue": "#3b7dd8", "red": "#d64541", "orange": "#e67e22",
    "cyan": "#1abc9c", "pink": "#e84393", "white": "#dddddd", "brown": "#a0522d",
}
FACTION_COLOURS = {"druwhn": "green", "duerkhar": "blue", "krowh": "red", "mohyar": "orange"}
NEMESIS_COLOURS = {"empire": "#d4af37", "chaos": "#9b59b6"}

RESOURCE_GLYPH = {"salt": "Salt", "plunder": "Plunder", "food": "Food"}
TERRAIN_LETTER = {"woods": "W", "marsh": "M", "badlands": "B", "highlands": "H", "ice_waste": "I",
                  "curse": "C", "none": "-"}


def colour_hex(name: str) -> str:
    """A palette name (or a colour already) as a colour Rich understands."""
    return PALETTE.get(name, name or "#bbbbbb")


def side_style(side: str, colours: dict[str, str] | None = None) -> str:
    """The text style of a side: a faction's chosen colour, the Empire's gold, Chaos's violet."""
    if side in NEMESIS_COLOURS:
        return f"bold {NEMESIS_COLOURS[side]}"
    return f"bold {colour_hex((colours or {}).get(side) or FACTION_COLOURS.get(side, ''))}"


def die_text(colour: str, symbols: Iterable[str]) -> Text:
    """One die as a coloured chip that also spells its colour and symbols: ' R☠↯ '."""
    syms = "".join(SYMBOL_GLYPH.get(s, "?") for s in symbols) or BLANK
    return Text(f" {DIE_LETTER.get(colour, colour[:1].upper())}{syms} ", style=DIE_STYLE.get(colour, "reverse"))


def dice_text(roll: Iterable[tuple[str, Iterable[str]]], empty: str = "(no dice)") -> Text:
    """A roll as chips separated by spaces."""
    out = Text()
    for i, (colour, face) in enumerate(roll):
        if i:
            out.append(" ")
        out.append_text(die_text(colour, face))
    if not out.plain:
        out.append(empty, style="dim")
    return out


def symbols_text(skulls: int, shields: int, bolts: int) -> str:
    """'2☠ 1◈ 0↯' with the names spelled out for readers without the glyphs."""
    return f"{skulls}{SKULL} {shields}{SHIELD} {bolts}{BOLT}"


def count_symbols(roll: Iterable[tuple[str, Iterable[str]]]) -> tuple[int, int, int]:
    s = h = b = 0
    for _colour, face in roll:
        for sym in face:
            s += sym == "skull"
            h += sym == "shield"
            b += sym == "bolt"
    return s, h, b
