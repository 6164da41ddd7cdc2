"""What the end of a Chapter counts: each faction's Production, and each side's Scoring term by term.

`production_yield` takes plain facts (a faction and the tiles of its Havens, each Cursed or not), so
the engine's Production and a client's preview of it (from the public view) are the same sum.
The Scoring terms are the rulebook's: the Empire scores its Garrison hexes, its Legions and each
faction in its Graveyard; Chaos its Curses, its Hordes and each faction in its Graveyard; a player
faction 2 VP a Haven and the VP printed on the hexes under them. Each term is announced as a
`ScoreTerm` event; a side's terms add up to the VP it scores."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from ..face.events import GraveyardEmptied, ScoreTerm
from .hex_queries import havens_of

if TYPE_CHECKING:
    from ...content.loader import Catalog
    from .context import Ctx

# the terms of each kind of side, in the order they are scored (ScoreTerm.term)
NEMESIS_TERMS = {"empire": ("garrison_hexes", "legions", "graveyard"), "chaos": ("curses", "hordes", "graveyard")}
PLAYER_TERMS = ("havens", "haven_vp")
BOUGHT = "bought"  # 5 resources spent for 1 VP, given to any faction


def production_yield(cat: "Catalog", faction: str, havens: Iterable[tuple[str | None, bool]]) -> tuple[int, int, int]:
    """(Salt, Plunder, Food) that Production gives `faction` with Havens on hexes of these tiles
    ((tile, cursed) each): the row of its player board for that many Havens, plus what each hex
    without a Curse adds."""
    havens = list(havens)
    row = cat.factions[faction].production[min(len(havens), 5)]
    s, pl, f = row.salt, row.plunder, row.food
    for tile, cursed in havens:
        if cursed or tile is None:
            continue
        res = cat.hexes[tile].resources
        s, pl, f = s + res.salt, pl + res.plunder, f + res.food
    return s, pl, f


def faction_production(ctx: "Ctx", faction: str) -> tuple[int, int, int]:
    st = ctx.state
    return production_yield(ctx.cat, faction, ((st.hexes[h].tile, bool(st.hexes[h].curse))
                                               for h in havens_of(ctx, faction)))


def _graveyard_factions(ctx: "Ctx", side: str) -> int:
    st = ctx.state
    gy = st.graveyard_empire if side == "empire" else st.graveyard_chaos
    return sum(1 for box in gy.values() if sum(box.values()) > 0)


def nemesis_terms(ctx: "Ctx", side: str) -> list[tuple[str, int, int]]:
    """(term, count, VP) of the Empire's or Chaos's Scoring, before its Graveyard is emptied."""
    st = ctx.state
    hexes = st.hexes.values()
    graveyard = _graveyard_factions(ctx, side)
    if side == "empire":
        counts = (sum(1 for h in hexes if h.garrisons), len(st.legions), graveyard)
    else:
        counts = (sum(1 for h in hexes if h.curse), len(st.hordes), graveyard)
    return [(term, n, 2 * n if term == "graveyard" else n) for term, n in zip(NEMESIS_TERMS[side], counts)]


def player_terms(ctx: "Ctx", faction: str) -> list[tuple[str, int, int]]:
    """(term, count, VP) of a player faction's Scoring: its Havens, and the hexes under them that
    show VP."""
    st = ctx.state
    havens = havens_of(ctx, faction)
    printed = [ctx.cat.hexes[st.hexes[h].tile].vp for h in havens]
    return [("havens", len(havens), 2 * len(havens)), ("haven_vp", sum(1 for v in printed if v), sum(printed))]


def announce(ctx: "Ctx", side: str, terms: list[tuple[str, int, int]]) -> int:
    """Emit a ScoreTerm for each term that counted something; returns the VP they add up to."""
    for term, count, vp in terms:
        if count:
            ctx.emit(ScoreTerm(side, term, count, vp))
    return sum(vp for _term, _count, vp in terms)


def empty_graveyard(ctx: "Ctx", side: str) -> None:
    """After a side has scored: every piece in its Graveyard goes back to its owner's reserve."""
    st = ctx.state
    gy = st.graveyard_empire if side == "empire" else st.graveyard_chaos
    for owner, box in gy.items():
        for piece, n in box.items():
            if piece == "skeleton":
                st.skeleton_reserve += n
            elif piece.startswith("garrison:"):
                st.garrison_reserve[int(piece.split(":")[1]) - 1] += n
            else:
                p = st.player(owner)
                p.reserve[piece] = p.reserve.get(piece, 0) + n
    if gy:
        gy.clear()
        ctx.emit(GraveyardEmptied(side))
