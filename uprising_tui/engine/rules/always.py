"""ALWAYS means always: what a player may do in any phase, whether or not it is their turn.

The rulebook lets a player ALWAYS trade 1 AP for 1 Salt (the Trade Action, and with it give
resources and Items to a Hero on the same hex), exchange 3 of one resource for 1 other, and
use a card whose timing is ALWAYS: in every phase, before a payment, during the Nemesis Phase,
at Scoring, passed or not. The engine offers that in three ways:

* ``turn`` and ``build`` Decisions list those options directly (groups ``trade``, ``convert``,
  ``card``);
* every other Decision asked of a player who could do any of it now carries one extra option,
  ``always`` (group ``always``), which opens a Decision of kind ``always`` with those options and
  ``back``; ``back`` asks the first Decision again, its options recomputed;
* where no Decision of a player would come, a *window* (a Decision of kind ``always`` ending in
  ``done``) is asked only if the player has something worth doing there (``worth``): at the
  start of the Events, Nemesis and Production Phases, before a player's Scoring purchases, and
  at a passed player's seat in each round of the Actions Phase.

Inside a combat ALWAYS cards wait (a card's effect could move or place pieces in the middle of
the fight); the conversions and the Trade do not.
"""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Generator

from . import context
from .actions.trade import run_transfer, transfer_options
from .cards import card_option, usable, use_card
from ..face.decision import Decision, Option, option
from .economy import always_options, apply_always
from ..face.refs import SourceRef

if TYPE_CHECKING:
    from .context import Ctx
    from ..table.state import Player

Gen = Generator[Decision, str, object]

ENTRY = option("always", "Anytime: trade, convert, give or use a card…", "always")
BACK = option("back", "Back", "back")
DONE = option("done", "Continue", "done")
SOURCE = SourceRef("rule", "always")
NO_ENTRY = frozenset({"turn", "build", "always", "trade_consent", "card_limit"})  # turn/build list it all directly; card_limit: ruling 30
TRANSFERS = ("give", "ask", "give_item", "ask_item")


def cards(ctx: "Ctx", p: "Player") -> list[str]:
    """`p`'s ALWAYS cards usable now (none inside a combat)."""
    if ctx.combat is not None:
        return []
    return usable(ctx, p, ("always",))


def offered(ctx: "Ctx", actor: str, kind: str) -> bool:
    """Does a Decision of `kind` asked of `actor` carry the `always` entry?"""
    if kind in NO_ENTRY or ctx.always_depth:
        return False
    for p in ctx.state.players:  # (a player's faction, or the Nemesis: no entry)
        if p.faction == actor:
            if p.ap > 0 or p.salt >= 3 or p.plunder >= 3 or p.food >= 3:
                return True
            return bool(cards(ctx, p))
    return False


def options(ctx: "Ctx", p: "Player", traded: bool) -> list[Option]:
    """What `p` may do ALWAYS right now; gifts once they have traded in this menu (ruling 7)."""
    opts = list(always_options(p))
    if traded:
        opts += transfer_options(ctx, p)
    opts += [card_option(ctx, c) for c in cards(ctx, p)]
    return opts


def menu(ctx: "Ctx", p: "Player", exit: Option) -> Gen:
    """The ALWAYS menu: do any number of things, then `exit` (``back`` or ``done``)."""
    traded = False
    ctx.always_depth += 1
    try:
        while True:
            opts = options(ctx, p, traded) + [exit]
            pick = yield from ctx.ask(p.faction, "always", f"{ctx.name(p.faction)}: anything to do now?", opts,
                                      source=SOURCE)
            if pick == exit.id:
                return
            kind, _, rest = pick.partition(":")
            if kind in TRANSFERS:
                yield from run_transfer(ctx, p, pick)
            elif kind == "card":
                yield from use_card(ctx, p, rest)
            else:
                traded = traded or pick == "trade:ap"
                apply_always(ctx, p, pick)
    finally:
        ctx.always_depth -= 1


# ------------------------------------------------------------------ windows
LATE = frozenset({"nemesis", "production", "scoring"})  # after the Actions Phase: AP left would be lost


def worth(ctx: "Ctx", p: "Player", when: str) -> bool:
    """Is a window worth asking `p` at `when` (a phase name)? An ALWAYS card usable now; AP left
    once the Actions Phase is over (the Trade turns it into Salt before Refresh takes it back);
    3 of a resource at the start of the Nemesis Phase (exchanged before the Nemesis acts)."""
    if when in LATE and p.ap > 0:  # (the plain reads before the cards)
        return True
    if when == "nemesis" and (p.salt >= 3 or p.plunder >= 3 or p.food >= 3):
        return True
    return bool(cards(ctx, p))


def window(ctx: "Ctx", p: "Player", when: str) -> Gen:
    if worth(ctx, p, when):
        yield from menu(ctx, p, DONE)


def windows(ctx: "Ctx", when: str) -> Gen:
    """A window for each player in seat order."""
    for p in ctx.state.seat_order():
        yield from window(ctx, p, when)


context.offer_always(sys.modules[__name__])  # the menu ctx.ask offers from every Decision
