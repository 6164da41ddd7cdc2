"""Who an effect acts for, and where: the context every op handler receives."""
from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .refs import SourceRef
from .state import NemCard

if TYPE_CHECKING:
    from .context import Ctx
    from .state import Player


@dataclass
class Source:
    """Who is acting and where: the context an effect runs in."""
    actor: str  # player faction, or 'empire' / 'chaos'
    hex: str | None = None
    card: str | None = None
    nem: NemCard | None = None  # when a Legion/Horde card is the source
    side: Any = None  # the combat side using the effect
    pool: list | None = None  # Hero Dice pool being built (Quests)
    faces: list | None = None  # Hero Dice just rolled (Quest cards used after rolling)
    flags: dict = field(default_factory=dict)  # take_card / keep_quest markers


CARD_KINDS = ("feats", "feat"), ("items", "item"), ("quests", "quest"), ("events", "event"), \
    ("druids", "druid"), ("legions", "legion"), ("hordes", "horde"), ("hexes", "hex")


_SOURCES: list = [None, {}]  # [weak reference to the catalog, card id -> SourceRef]


def card_source(cat, cid: str | None) -> SourceRef | None:
    """The SourceRef of a card or hex tile by its id (None for no card)."""
    if cid is None:
        return None
    ref, table = _SOURCES
    if ref is None or ref() is not cat:
        table = {}
        for name, kind in reversed(CARD_KINDS):  # the first table that has the id wins
            for key in getattr(cat, name):
                table[key] = SourceRef(kind, key)
        _SOURCES[:] = [weakref.ref(cat), table]
    return table.get(cid)


def players_for(ctx: "Ctx", src: Source, who: str) -> list["Player"]:
    st = ctx.state
    if who == "each":
        return st.seat_order()
    if who == "each_other":
        return [p for p in st.seat_order() if p.faction != src.actor]
    if who == "first_player":
        return [st.first]
    if src.actor in ("empire", "chaos"):
        return [st.first]
    return [st.player(src.actor)]


def decider(ctx: "Ctx", src: Source) -> str:
    return src.actor if src.actor not in ("empire", "chaos") else ctx.first.faction
