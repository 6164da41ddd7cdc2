"""Game review: a finished game stepped through answer by answer, with the strong bot's chance to
win after each answer and the answers that cost the most (what chess players get from an engine).

    from uprising_tui.bots.strong.review import review
    rv = review(Game.load("game.json"), Budget(rollouts=24), progress=...)
    rv.steps[i].win_after, rv.costly[0].chosen, rv.costly[0].best, rv.costly[0].cost

The game is replayed from its setup, one answer at a time; at each point the search sees only
what the table knew then (a ``Sandboxes`` following the replay: hidden things as they were known
at that moment). At every Decision of the searched kinds with a choice (a player's Actions turn,
the Feat kept at a Build) the advisor's search runs with the answer given among its candidates:
the chance after the answer is that candidate's, and the best candidate's chance less it is what
the answer cost. After other answers that rolled dice or revealed something the chance is measured
again (``samples`` rollouts of the position); after the rest it carries over. The screen that shows
it (forward, back, the same panes) replays ``answers[:step.index + 1]`` to draw each point.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Callable

from ...engine import Game
from ...engine.sandbox import Sandboxes
from .bot import SEARCHED
from .search import Budget, Line, Search, Stop, play_out, rank, real_options

REVIEW_BUDGET = Budget(rollouts=24, width=3)
# `uprising review`'s defaults, and the review screen's: rollouts to the end of the Chapter (cheaper)
COMMAND_BUDGET = Budget(rollouts=24, width=3, horizon="chapter")
SHOWN = 3


@dataclass(frozen=True)
class Step:
    index: int  # the answer's place in the game (0-based): answers[:index + 1] is the game after it
    chapter: int
    phase: str
    actor: str
    kind: str
    chosen: str
    chosen_label: str
    win_after: float | None  # the chance to win after this answer (None: not measured yet)
    best: str | None = None  # the advisor's pick here, when the Decision was searched
    best_label: str | None = None
    best_win: float | None = None
    cost: float = 0.0  # best_win less the chance after the answer given (0 when it was the best)
    samples: int = 0

    @property
    def costly(self) -> bool:
        """It cost a whole point of the chance to win or more: less is told as the advisor's pick
        too (a "cost" that rounds to 0 points is the search's noise, not a lesson)."""
        return round(100 * self.cost) >= 1


@dataclass(frozen=True)
class Review:
    steps: tuple[Step, ...]
    costly: tuple[Step, ...]  # the answers that cost the most, dearest first (at most three)
    verdict: str | None
    searched: int
    rollouts: int
    seconds: float
    complete: bool  # False when cancelled (the steps so far)

    def lines(self, every: bool = False) -> list[str]:
        out = []
        if every:
            out.append("answer  chapter  phase       who        chance after  answer")
            for s in self.steps:
                chance = "    -" if s.win_after is None else f"{100 * s.win_after:4.0f}%"
                mark = f"   (the advisor: {s.best_label}, -{100 * s.cost:.0f} points)" if s.costly else ""
                out.append(f"{s.index + 1:>6}  {s.chapter:>7}  {s.phase:<10}  {s.actor:<9}  {chance:>12}  "
                           f"{s.chosen_label}{mark}")
            out.append("")
        out.append(f"The {len(self.costly)} answer(s) that cost the most:" if self.costly else
                   "No answer cost anything the search could measure.")
        for i, s in enumerate(self.costly, 1):
            out.append(f"{i}. answer {s.index + 1} (Chapter {s.chapter}, {s.phase}, {s.actor}): played "
                       f"{s.chosen_label} (win {100 * (s.win_after or 0):.0f}%); the advisor would play "
                       f"{s.best_label} (win {100 * (s.best_win or 0):.0f}%): {100 * s.cost:.0f} points")
        return out


def _label(decision, oid: str) -> str:
    return next((o.label for o in decision.options if o.id == oid), oid)


def review(game: Game, budget: Budget = REVIEW_BUDGET, *, samples: int = 4, kinds=SEARCHED, seed: int = 0,
           progress: Callable[[int, int], None] | None = None, cancel: Callable[[], bool] | None = None,
           on_step: Callable[[Step], None] | None = None) -> Review:
    """The review of `game` (finished or not: the answers it has). See the module docstring.
    `on_step` is handed each Step as it is judged (a screen shows the chances as they come; the
    last one's chance is settled by the verdict in the Review returned)."""
    t0 = time.perf_counter()
    answers = list(game.answers)
    history = game.history()
    replay = Game(game.setup, game.cat).start()
    sb = Sandboxes(replay)
    steps: list[Step] = []
    last: float | None = None
    searched = rollouts = 0
    complete = True
    try:
        for i, answer in enumerate(answers):
            if cancel is not None and cancel():
                raise Stop()
            d = replay.decision
            view = replay.public_view()
            sb.sync()
            step = Step(i, view.chapter, view.phase, d.actor, d.kind, answer, _label(d, answer), last)
            if d.kind in kinds and len(real_options(d)) > 1:
                lines, spent = _search(sb, d, answer, budget, seed * 1_000_003 + i, cancel)
                rollouts += spent
                searched += 1
                mine = next(ln for ln in lines if ln.option == answer)
                best = max(lines, key=lambda ln: (round(ln.win, 6), ln.margin, -ln.rank))
                last = mine.win
                step = Step(i, view.chapter, view.phase, d.actor, d.kind, answer, _label(d, answer), last,
                            best.option, _label(d, best.option), best.win, max(0.0, best.win - mine.win), mine.n)
            replay.answer(answer)
            if d.kind not in kinds and (history[i].rolled or history[i].revealed) and replay.decision is not None:
                last = _position(sb, budget, samples, seed * 1_000_003 + i)
                rollouts += samples
                step = Step(i, view.chapter, view.phase, d.actor, d.kind, answer, step.chosen_label, last)
            steps.append(step)
            if on_step is not None:
                on_step(step)
            if progress is not None:
                progress(i + 1, len(answers))
    except Stop:
        complete = False
    if replay.decision is None and steps:
        end = replay.public_view()
        low = min(p.vp for p in end.players)
        final = 1.0 if low > max(end.vp_empire, end.vp_chaos) else 0.0
        steps[-1] = replace(steps[-1], win_after=final)
    costly = tuple(sorted((s for s in steps if s.costly), key=lambda s: (-s.cost, s.index))[:SHOWN])
    return Review(tuple(steps), costly, replay.public_view().verdict, searched, rollouts,
                  time.perf_counter() - t0, complete)


def _search(sb: Sandboxes, d, answer: str, budget: Budget, seed: int, cancel) -> tuple[list[Line], int]:
    """The advisor's candidates at this Decision, with the answer given among them."""
    world = sb.world(seed * 7919)
    lines = rank(world, budget.width, seed)
    if answer not in {ln.option for ln in lines}:
        lines.append(Line(answer, len(lines), (answer,)))
    search = Search(sb, budget, seed, lines=lines, cancel=cancel, keep={answer})
    search.run()
    return lines, search.rollouts


def _position(sb: Sandboxes, budget: Budget, samples: int, seed: int) -> float:
    """The chance to win from the current position: the heuristic's own pick played out `samples`
    times (a world each)."""
    sb.sync()
    total = 0.0
    for i in range(samples):
        world = sb.world(seed * 7919 + i)
        line = rank(world, 1, seed)[0]
        total += play_out(world, line, seed, budget.horizon, False).win
    return total / samples
