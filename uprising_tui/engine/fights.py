"""Which combats a hex owes, in which order, and the Capital rule."""
from __future__ import annotations

from typing import TYPE_CHECKING, Generator

from . import pieces
from .combat import Combat
from .combat_dice import groups
from .causes import caused_by
from .decision import Decision
from .economy import add_vp
from .events import CapitalFell, Note

if TYPE_CHECKING:
    from .context import Ctx

Gen = Generator[Decision, str, object]
MAX_FIGHTS = 60


def sides_present(ctx: "Ctx", hid: str) -> list[str]:
    h = ctx.state.hexes[hid]
    out = []
    if h.units:
        out.append(h.owner)
    if h.empire_here:
        out.append("empire")
    if h.chaos_here:
        out.append("chaos")
    return out


def settle(ctx: "Ctx", hid: str, attacker: str | None = None, mover: str | None = None) -> Gen:
    """Fight every combat this hex owes, then apply the Capital rule; repeat until quiet."""
    for _ in range(MAX_FIGHTS):
        sides = sides_present(ctx, hid)
        if len(sides) >= 2:
            a_owner = attacker if attacker in sides else sides[0]
            b_owner = sides[1] if sides[0] == a_owner else sides[0]  # the first side that is not a's
            a_groups = groups(ctx, hid, a_owner)
            a = a_groups[0]
            if mover:  # the group that moved in fights first
                for g in a_groups:
                    if g.card == mover:
                        a = g
                        break
            b = groups(ctx, hid, b_owner)[0]
            yield from Combat(ctx, hid, a, b).fight()
            continue
        if hid == ctx.board.capital and capital_needs_legion(ctx):
            card = yield from capital_legion(ctx)
            if card is None:
                return
            attacker, mover = "empire", card.id
            continue
        break
    else:
        ctx.emit(Note("fights_stopped", (hid,)))
    if hid != ctx.board.capital and ctx.combat is None and capital_needs_legion(ctx):
        yield from capital_rule(ctx)  # the combat may have changed what stands there (a Siren, a Skeleton)


# ------------------------------------------------------------------ the Capital rule
def capital_needs_legion(ctx: "Ctx") -> bool:
    """Only non-Imperial Units on the Capital (and it has not fallen)?"""
    h = ctx.state.hexes.get(ctx.board.capital)
    # (Hex.empire_here and chaos_here spelled out: this runs after every effect outside a combat)
    return (h is not None and not h.capital_fallen and not (h.garrisons or h.legions)
            and bool(h.units or h.skeletons or h.hordes))


@caused_by("rule", "capital_rule")
def capital_legion(ctx: "Ctx") -> Gen:
    """Place one Legion on the Capital for the Capital rule (no combat here); with none left the
    Capital falls: 5 VP to whoever holds it (the specific rule replaces the general 1 VP for a
    Legion not placed). Returns the Legion, or None when the Capital fell."""
    st = ctx.state
    h = st.hexes[ctx.board.capital]
    card = (yield from pieces.place_legion(ctx, st.first.faction)) if st.legion_deck else None
    if card is None:
        h.capital_fallen = True
        who = h.owner if h.units else "chaos"
        ctx.emit(CapitalFell(h.id, who))
        add_vp(ctx, who, 5, "capital_fell")
    return card


@caused_by("rule", "capital_rule")
def capital_rule(ctx: "Ctx") -> Gen:
    """The Capital rule, checked after anything that may change what stands on the Capital
    (a combat, an effect, a Build, a Nemesis activation): when only non-Imperial Units stand
    there, Legions come and fight until that is no longer so. Never inside a combat: that
    combat's own settle checks once it is over."""
    if ctx.combat is None and capital_needs_legion(ctx):
        yield from settle(ctx, ctx.board.capital, attacker="empire")
