"""The advisor: what a strong player would do at a Decision, and why, in words.

    from uprising_tui.bots.strong.advisor import advise, HINT_BUDGET
    advice = advise(game, HINT_BUDGET, progress=lambda done, total: ..., cancel=lambda: False)
    advice.options[0].option, advice.options[0].win, advice.options[0].reasons[0].text

``advise`` runs the strong bot's search (search.py) at the game's pending Decision with the
happenings of every rollout collected, and gives the three best options (by the chance to win,
the margin as tie-break), each with its figures and its **reasons**: sentences made from the
search's own counts (how often a Haven is built or lost, a Curse laid, a Horde formed, a card
destroyed, a Quest solved after this option against after the next best; the VP each side ends
with), from the engine's sources (which Legion or Horde did it, in which phase) and from the
engine's exact odds for a fight the option starts. Nothing hidden is named: hexes by their public
label (a face-down hex as face-down), only the Legions, Hordes and Quests on the table now;
everything else the rollouts met is only counted. See docs/engine.md, "The advisor".
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

from ...engine.sandbox import Sandboxes
from .bot import StrongBot
from .search import Budget, Line, Search, Stop, choose, rank, real_options
from .wording import Namer, kept_reason, reasons_for, same_reason

# a hint: 1.5 s of rollouts to the end of the Chapter, all of it spent on the candidates; the
# candidates by kind (the heuristic's top two, then its best Trade, Command, Quest...): a player
# asking "why not that?" is asking about another kind of action far more often than about a
# fourth Move, and the bot is as strong either way (docs/balance.md, "candidates by kind")
HINT_BUDGET = Budget(rollouts=None, seconds=1.5, width=4, horizon="chapter", settle=False, pool="kinds")
SHOWN = 3


@dataclass(frozen=True)
class Reason:
    kind: str  # "search" (the figures), "same" (options that end as this one), "gain", "answer" (a threat
    # it meets), "risk", "fight", "quest"
    text: str
    weight: float  # the difference it rests on (a share of rollouts, or VP): bigger first


@dataclass(frozen=True)
class OptionAdvice:
    option: str
    label: str
    win: float  # the chance to win after it (estimated, 0..1)
    margin: float  # the expected VP margin (lowest player less the stronger Nemesis) at the horizon
    samples: int
    rank: int  # where the heuristic bot ranked it (0: its own pick)
    reasons: tuple[Reason, ...]


@dataclass(frozen=True)
class Advice:
    answers: int  # the game's number of answers when asked: stale once the game has moved on
    actor: str
    kind: str
    options: tuple[OptionAdvice, ...]  # the best first (at most three)
    pick: str  # what the strong bot would answer (it keeps the heuristic's pick unless surely beaten)
    rollouts: int
    seconds: float
    complete: bool  # False when cancelled before the budget was spent (the figures so far)
    horizon: str

    def lines(self) -> list[str]:
        """The advice as plain text lines (``uprising review`` and tests)."""
        out = []
        for i, o in enumerate(self.options, 1):
            mark = " (my pick)" if o.option == self.pick else ""
            out.append(f"{i}. {o.label}{mark}: win {100 * o.win:.0f}%, margin {o.margin:+.1f} VP "
                       f"({o.samples} plays)")
            out.extend(f"   - {r.text}" for r in o.reasons)
        return out


def _only(decision, option: str) -> OptionAdvice:
    label = next((o.label for o in decision.options if o.id == option), option)
    return OptionAdvice(option, label, 0.0, 0.0, 0, 0, (Reason("search", "the only choice here", 1.0),))


def advise(game, budget: Budget = HINT_BUDGET, *, seed: int = 0, progress: Callable[[int, int], None] | None = None,
           cancel: Callable[[], bool] | None = None, sandboxes: Sandboxes | None = None,
           bot: StrongBot | None = None) -> Advice:
    """Advice at `game`'s pending Decision (see the module docstring). ``cancel()`` is polled
    between rollouts: when it returns True the advice so far comes back with ``complete`` False
    (or, before the first round of rollouts, raises ``search.Stop``). A `bot` (a StrongBot that
    follows this game from one question to the next) gives the heuristic's own pick as a
    heuristic that has followed the game would make it (it remembers its plans)."""
    t0 = time.perf_counter()
    d = game.decision
    if d is None:
        raise ValueError("the game is over: there is no decision to advise on")
    if bot is not None:
        sb = bot.sandboxes(game)
    else:
        sb = sandboxes or Sandboxes(game)
        sb.sync()
    root = game.public_view()
    reals = real_options(d)
    if len(reals) == 1:
        return Advice(len(game.answers), d.actor, d.kind, (_only(d, reals[0]),), reals[0], 0,
                      time.perf_counter() - t0, True, budget.horizon)
    search_seed = seed * 1_000_003 + len(game.answers)
    world = sb.world(search_seed * 7919)
    first = None
    if bot is not None:
        first = bot.first_pick(game)
        first = first if first in reals else None
    lines = rank(world, max(budget.width, SHOWN), seed, first=first, pool=budget.pool, fill=True)
    search = Search(sb, budget, search_seed, collect=True, progress=progress, cancel=cancel, lines=lines)
    complete = True
    try:
        search.run()
    except Stop:
        complete = False
        if not any(ln.n for ln in lines):
            raise
    tried = [ln for ln in lines if ln.n and not ln.same_as] or lines[:1]
    pick = choose(tried) if len(tried) > 1 else tried[0]
    # the pick first (what to play), then the others by their chance: a player reads the first line
    # as the advice, and a pick kept below a higher figure says why (kept_reason)
    others = sorted((ln for ln in tried if ln is not pick), key=lambda ln: (-round(ln.win, 6), -ln.margin, ln.rank))
    ordered = [pick, *others][:SHOWN]
    namer = Namer(game.cat, root, d)
    horizon = budget.horizon if root.chapter < root.chapters else "game"  # the last Chapter's end is the game's
    shown = tuple(_option(ln, ordered, namer, world, horizon, _alike(ln, lines)) for ln in ordered)
    return Advice(len(game.answers), d.actor, d.kind, shown, pick.option, search.rollouts,
                  time.perf_counter() - t0, complete, horizon)


def _alike(line: Line, lines: list[Line]) -> list[Line]:
    """The options the search stopped playing because they ended exactly as `line` (or as one
    that ended as it) in every world they were played in: a player is shown them beside it, not
    left to wonder where the rest of the choices went."""
    by_option = {ln.option: ln for ln in lines}

    def root(ln: Line) -> Line:
        seen = set()
        while ln.same_as and ln.same_as in by_option and ln.option not in seen:
            seen.add(ln.option)
            ln = by_option[ln.same_as]
        return ln
    return [ln for ln in lines if ln.same_as and root(ln) is line]


def _option(line: Line, ordered: list[Line], namer: Namer, world, horizon: str, alike: list[Line]) -> OptionAdvice:
    other = ordered[1] if line is ordered[0] and len(ordered) > 1 else ordered[0]
    said = reasons_for(line, other if other is not line else None, namer, world, horizon)
    if line is ordered[0]:
        said[1:1] = kept_reason(line, ordered[1:], namer)
    said[1:1] = same_reason(alike, namer)
    reasons = tuple(Reason(*r) for r in said)
    return OptionAdvice(line.option, namer.option(line.option), line.win, line.margin, line.n, line.rank, reasons)
