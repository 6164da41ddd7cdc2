"""Who an effect acts for, and where: the context every op handler receives."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..table.state import NemCard

if TYPE_CHECKING:
    from ..rules.context import Ctx
    from ..table.state import Player


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
