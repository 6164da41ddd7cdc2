"""The lines of the decision bar, as text: an option with its key and cost (whole when it is the
one under the cursor, wrapped onto a second line if it must), the Market's Items a Hero cannot
buy with the reason, and the force a Command is gathering. Pure functions of the Decision, the
public view and the catalog."""
from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from rich.text import Text

from ...engine.rules.actions.market import offer
from ...engine.rules.units import HEX_LIMIT
from ..naming import hex_label, name

if TYPE_CHECKING:
    from ...engine.face.decision import Decision
    from ...engine.face.view import PublicView

ATTRIBUTE_NAMES = {"might": "Might", "magic": "Magic", "leadership": "Leadership", "guile": "Guile"}


def option_line(key: str, label: str, cost: str, width: int, whole: bool = False) -> Text:
    """`key label … cost` in `width` cells. A label too long for its row is cut with an ellipsis,
    unless `whole`: then it wraps at word boundaries onto as many lines as it needs (the cost on
    the last line, right-aligned, if it fits there)."""
    room = width - 3 - (len(cost) + 2 if cost else 0)
    if len(label) <= room or not whole:
        shown = label if len(label) <= room else label[: max(1, room - 1)] + "…"
        line = Text.assemble((f"{key} ", "bold"), shown, no_wrap=True, overflow="ellipsis")
        if cost:
            line.append(" " * max(2, width - 2 - len(shown) - len(cost)))
            line.append(cost, style="dim")
        return line
    rows = textwrap.wrap(label, max(8, width - 3), break_long_words=True) or [label]
    line = Text(no_wrap=True, overflow="ellipsis")
    for i, row in enumerate(rows):
        if i:
            line.append("\n")
        line.append(f"{key} " if i == 0 else "  ", style="bold")
        line.append(row)
    if cost:
        last = len(rows[-1]) + 2
        if last + 2 + len(cost) <= width - 1:
            line.append(" " * max(2, width - 2 - (last - 2) - len(cost)))
        else:
            line.append("\n" + " " * max(2, width - 1 - len(cost)))
        line.append(cost, style="dim")
    return line


def needs_whole(label: str, cost: str, width: int) -> bool:
    return len(label) > width - 3 - (len(cost) + 2 if cost else 0)


def market_rows(cat, view: "PublicView", faction: str) -> list[Text]:
    """The Items on offer this Hero cannot buy now, each with why (greyed: not a choice)."""
    out = []
    for o in offer(cat, view, faction):
        if o.buyable:
            continue
        why = []
        if o.needs:
            why.append("needs " + ", ".join(f"{ATTRIBUTE_NAMES.get(a, a)} {n}" for a, n in o.needs))
        if o.salt_short:
            why.append(f"{o.salt_short} Salt short")
        t = Text("  ", style="dim")
        t.append(f"{name(cat, o.item)} ({o.price} Salt)", style="dim")
        t.append(" — " + " and ".join(why), style="dim italic")
        t.no_wrap, t.overflow = False, "fold"
        out.append(t)
    return out


def force_text(cat, view: "PublicView", d: "Decision") -> Text:
    """Who a Command is bringing so far (the Decision's `chosen`), and the room left on the hex."""
    target = next((r.id for r in d.chosen if r.kind == "hex"), None)
    units: dict[str, int] = {}
    hero = False
    for r in d.chosen:
        if r.kind == "unit" and ":" in r.id:
            u = r.id.split(":", 1)[1]
            units[u] = units.get(u, 0) + 1
        elif r.kind == "hero":
            hero = True
    there = view.hexes.get(target) if target else None
    standing = sum(n for _, n in there.units) if there is not None and there.owner == d.actor else 0
    t = Text("Coming: ", style="bold")
    parts = [f"{n} {name(cat, u)}" for u, n in units.items()] + (["your Hero"] if hero else [])
    t.append(", ".join(parts) if parts else "nobody yet")
    count = sum(units.values())
    t.append(f" · {standing + count} of {HEX_LIMIT} Units on {hex_label(cat, view, target) if target else 'the hex'}",
             style="dim")
    return t


def faces(cat, colour: str) -> str:
    """A die's six faces in glyphs: '☠◈ ☠ ◈ · · ·'."""
    from ..theme import BLANK, SYMBOL_GLYPH
    die = cat.dice.get(colour)
    if die is None:
        return ""
    return " ".join("".join(SYMBOL_GLYPH.get(x, "?") for x in f) or BLANK for f in die.faces)


def dice_choice_text(cat, d: "Decision") -> Text | None:
    """For a choice between dice, what each can roll (the Guile's white or yellow)."""
    if d.kind != "guile_dice":
        return None
    from ..theme import DIE_LETTER, DIE_STYLE
    t = Text()
    for i, colour in enumerate(("white", "yellow")):
        if i:
            t.append("   ")
        t.append(f" {DIE_LETTER[colour]} {colour} ", style=DIE_STYLE[colour])  # the die's chip, named
        t.append(" rolls " + faces(cat, colour))
    return t


def colour_costs(cat, d: "Decision") -> dict[str, str]:
    """A die colour to pick (a bonus die, a Highlands die): its faces beside it, in the cost's place."""
    return {o.id: faces(cat, o.id.split(":", 1)[1]) for o in d.options
            if o.id.startswith("colour:") and o.id.split(":", 1)[1] in cat.dice}
