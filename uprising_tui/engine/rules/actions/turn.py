"""The Actions Phase: clockwise turns; Move/Trade freely, then at most one other Action."""
from __future__ import annotations

from .. import always
from ..cards import card_option, usable, use_card
from ..causes import caused_by
from ...face.decision import CANCELLED, Option, option
from ..economy import always_options, apply_always
from ...face.events import PhaseStarted, PlayerPassed, TurnEnded, TurnStarted
from . import command, explore, haven, market, move, quest, trade

MAIN = ("command", "explore", "haven", "market", "quest")
END = option("end", "End your turn", "end")


def turn_options(ctx, p, main_done: bool, traded: bool) -> list[Option]:
    opts: list[Option] = []
    if not main_done:
        opts += move.options(ctx, p)
        opts += command.options(ctx, p)
        opts += explore.options(ctx, p)
        opts += haven.options(ctx, p)
        opts += market.options(ctx, p)
        opts += quest.options(ctx, p)
    opts += always_options(p)
    if traded:
        opts += trade.transfer_options(ctx, p)
    cards = usable(ctx, p, ("actions", "always"))
    if cards:  # (most turns: none; a comprehension is a function made per call in 3.11)
        opts += [card_option(ctx, c) for c in cards]
    if p.spent_this_turn > 0 or p.ap == 0:
        opts.append(END)
    return opts


@caused_by("rule", "actions_phase")  # also when a scenario plays one turn alone
def take_turn(ctx, p):
    ctx.state.turn = p.faction
    ctx.emit(TurnStarted(p.faction, p.ap))
    p.spent_this_turn = 0
    main_done = traded = False
    while True:
        opts = turn_options(ctx, p, main_done, traded)
        pick = yield from ctx.ask(p.faction, "turn", f"{ctx.name(p.faction)}: your turn ({p.ap} AP)", opts)
        before = p.ap
        if pick == "end":
            break
        kind, _, arg = pick.partition(":")
        result = None
        if kind == "move":
            yield from move.run(ctx, p, arg)
        elif pick == "trade:ap":
            yield from trade.run(ctx, p)
            traded = True
        elif kind in ("give", "ask", "give_item", "ask_item"):
            yield from trade.run_transfer(ctx, p, pick)
        elif kind == "convert":
            apply_always(ctx, p, pick)
        elif kind == "card":
            yield from use_card(ctx, p, arg)
        elif kind == "command":
            result = yield from command.run(ctx, p, arg)
        elif kind == "explore":
            yield from explore.run(ctx, p)
        elif kind == "haven":
            yield from haven.run(ctx, p)
        elif kind == "market":
            yield from market.run(ctx, p, arg)
        elif kind == "quest":
            result = yield from quest.run(ctx, p, arg)
        if kind in MAIN and result != CANCELLED:  # backed out before paying: the turn goes on
            main_done = True
        spent = before - p.ap
        if spent > 0:  # AP traded in the ALWAYS menu meanwhile counts
            p.spent_this_turn += spent
        if main_done:
            break  # the turn ends after the main Action
        if p.ap == 0 and not usable(ctx, p, ("actions", "always")):
            break  # no AP and nothing free left to do (a card may still give AP back)


def _set_passed(ctx, p, passed: bool) -> None:
    if p.passed != passed:
        p.passed = passed
        ctx.emit(PlayerPassed(p.faction, passed))


@caused_by("rule", "actions_phase")
def actions_phase(ctx):
    st = ctx.state
    st.phase = "actions"
    ctx.emit(PhaseStarted(st.chapter, "actions"))
    for p in st.players:
        _set_passed(ctx, p, p.ap <= 0)
    while True:
        progressed = False
        for p in st.seat_order():
            if st.verdict:
                return
            if p.ap <= 0:
                _set_passed(ctx, p, True)
                if any(q.ap > 0 for q in st.players if q is not p):  # others still act: a passed
                    yield from always.window(ctx, p, "actions")  # player may use an ALWAYS card
                if p.ap <= 0:
                    continue
            yield from take_turn(ctx, p)
            st.turn = None
            ctx.emit(TurnEnded(p.faction))
            progressed = True
        if not progressed:
            return
