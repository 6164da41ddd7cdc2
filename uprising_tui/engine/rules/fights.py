"""Which combats a hex owes, in which order, and the Capital rule.

The Capital rule: whenever only non-Imperial Units stand on the Capital, a Legion comes, again and
again until that is no longer so (or none is left: the Capital falls). Its one check is
`capital_owed`, and it is owed whenever an event names the Capital (table/changes.py sets
``ctx.capital_changed``): every change of what stands there is announced so. The rules look at it
where what they did is complete (ruling 25): after the fights of a hex (``settle``), after an
effect (``effects.run_effect``), after a Horde's Curse and a Unit built.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Generator

from . import pieces
from .combat.fight import Combat
from .combat.dice import groups
from .causes import caused_by
from ..face.decision import Decision
from .economy import add_vp
from ..face.events import CapitalFell, Note

if TYPE_CHECKING:
    from .context import Ctx

Gen = Generator[Decision, str, object]
MAX_FIGHTS = 60


def sides_present(ctx: "Ctx", hid: str) -> list[str]:
    h = ctx.state.hexes[hid]
    out = []
    if h.units:
        out.append(h.owner)
    # (the pieces read directly, not through Hex.empire_here / chaos_here: two property reads
    # fewer on every settle)
    if h.garrisons or h.legions:
        out.append("empire")
    if h.skeletons or h.hordes:
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
        if hid == ctx.board.capital and capital_owed(ctx):
            card = yield from capital_legion(ctx)
            if card is None:
                return
            attacker, mover = "empire", card.id
            continue
        break
    else:
        ctx.emit(Note("fights_stopped", (hid,)))
    if hid != ctx.board.capital:  # the fights may have changed what stands there (a Siren, a Skeleton)
        yield from capital_rule(ctx)


# ------------------------------------------------------------------ the Capital rule
def capital_owed(ctx: "Ctx") -> bool:
    """The Capital rule's one check: do only non-Imperial Units stand on the Capital (and has it
    not fallen)? Read only when an event named the Capital since it last found nothing owed:
    nothing else changes what stands there. (What is owed stays owed until the rule acts.)"""
    if not ctx.capital_changed:
        return False
    h = ctx.state.hexes.get(ctx.board.capital)
    # (Hex.empire_here and chaos_here spelled out)
    owed = (h is not None and not h.capital_fallen and not (h.garrisons or h.legions)
            and bool(h.units or h.skeletons or h.hordes))
    if not owed:
        ctx.capital_changed = False  # nothing owed until an event names the Capital again
    return owed


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


def capital_rule(ctx: "Ctx"):
    """The Capital rule where what the rules did is complete: when it is owed, Legions come and
    fight until only Imperial Units stand there. Never inside a combat: that combat's own settle
    looks once it is over. A generator to ``yield from``, or ``()`` when nothing is owed (no
    generator is made for the many times nothing is)."""
    if ctx.combat is None and capital_owed(ctx):
        return _capital_fights(ctx)
    return ()


@caused_by("rule", "capital_rule")
def _capital_fights(ctx: "Ctx") -> Gen:
    yield from settle(ctx, ctx.board.capital, attacker="empire")
