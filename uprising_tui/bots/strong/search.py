"""The search: for the options of one Decision, play the game on many times and compare.

* **Candidates** are the heuristic bot's own ranking: its pick among the options, then its pick
  with that one taken away, and so on (``width`` of them). Each candidate keeps the options it
  was picked from, so a rollout asks the heuristic again on that same short list: it then makes
  the plans that go with the option (the Units a Command brings, the Guile dice of a Quest)
  before the option is answered.
* **Worlds**: sample ``i`` of a Decision is ``Sandboxes.world(seed_i)``: a private copy of the
  game where every hidden thing was dealt again from the unseen (engine/sandbox.py). Every
  candidate is played out in the same worlds (common random numbers: the same deal and the same
  dice stream), so the differences between candidates are not the luck of the draw.
* **Rollouts** play the heuristic bot for every seat from there to the horizon: the end of the
  Chapter (the first Decision of the next one) or of the game; a position not at the end is
  worth ``value.worth`` (the chance to win from a projected margin).
* **Budget**: rollouts per Decision, or seconds (checked between rollouts); ``cancel()`` stops
  the search between rollouts and ``progress(done, total)`` is told after each.
* **Where it matters**: every candidate gets ``first`` samples; then only challengers still in
  doubt against the heuristic's pick are played on (a sequential test: one below it by
  ``DROP_Z`` standard errors of the paired difference is dropped, one above it by ``CONFIRM_Z``
  ends the search), so a Decision where the heuristic's pick is plainly right costs
  ``first * width`` rollouts and a close one up to ``rollouts``. Candidates that end the same in
  every world (a card used on the way to the same play) are dropped as one.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Callable, Iterable, NamedTuple

from ...engine.face.events import PhaseStarted
from ..heuristic import HeuristicBot
from . import value
from .happenings import happenings

ENTRIES = frozenset({"always", "cancel"})
RACE_Z = 3.0
DROP_Z = 0.5  # a challenger this many standard errors below the heuristic's pick is not played on
CONFIRM_Z = 2.0  # nor when it is this many above (the bot then plays it: StrongBot's z)
CONFIRM_N = 8  # ... after at least this many samples
SE_FLOOR = 0.35  # the least standard error of n paired samples is SE_FLOOR / sqrt(n)
MIN_SAMPLES = 4  # samples every candidate gets before racing may drop it
POOLS = ("rank", "kinds")
KINDS_TOP = 2  # pool "kinds": the heuristic's own top picks kept before one of each other kind


@dataclass(frozen=True)
class Budget:
    """How much a search may spend on one Decision: ``rollouts`` (over all candidates) and/or
    ``seconds`` (wall clock, checked between rollouts); the search stops at the first reached."""
    rollouts: int | None = 64
    seconds: float | None = None
    width: int = 3  # candidates (the heuristic's top ones)
    first: int = 4  # samples every candidate gets; then only challengers still in doubt are played on
    settle: bool = True  # stop once no challenger is in doubt (False: spend the whole budget, as a hint does)
    horizon: str = "game"  # "game", or "chapter" (then the value estimate: cheaper, biased)
    pool: str = "rank"  # "rank": the heuristic's top `width`; "kinds": its top two, then its best of each other kind

    def __post_init__(self):
        if self.rollouts is None and self.seconds is None:
            raise ValueError("a budget needs rollouts or seconds")
        if self.rollouts is not None and (type(self.rollouts) is not int or self.rollouts < 1):
            raise ValueError(f"rollouts must be a whole number of at least 1, not {self.rollouts!r}")
        if self.seconds is not None and not (isinstance(self.seconds, (int, float)) and self.seconds > 0):
            raise ValueError(f"seconds must be a positive number, not {self.seconds!r}")
        if type(self.first) is not int or self.first < 1:
            raise ValueError(f"first must be a whole number of at least 1, not {self.first!r}")
        if type(self.width) is not int or self.width < 1:
            raise ValueError(f"width must be a whole number of at least 1, not {self.width!r}")
        if self.horizon not in ("chapter", "game"):
            raise ValueError(f"horizon must be 'chapter' or 'game', not {self.horizon!r}")
        if self.pool not in POOLS:
            raise ValueError(f"pool must be 'rank' or 'kinds', not {self.pool!r}")


class Outcome(NamedTuple):
    """One rollout's end: the worth there, every side's VP, and (for the advisor) what happened."""
    win: float
    margin: float
    vp: tuple[tuple[str, int], ...]  # (faction / 'empire' / 'chaos', VP) at the horizon
    happened: tuple = ()  # happenings.Happening, when collected
    then: str | None = None  # the next answer, when the same player answered the same kind of Decision next


@dataclass
class Line:
    """One candidate and what its rollouts gave, sample by sample (sample index -> Outcome)."""
    option: str
    rank: int  # 0: the heuristic's own pick
    among: tuple[str, ...]  # the options the heuristic picked it from
    outcomes: dict[int, Outcome] = field(default_factory=dict)
    dropped: bool = False
    same_as: str | None = None  # dropped as the same line of play as this option (it ends the same everywhere)

    @property
    def n(self) -> int:
        return len(self.outcomes)

    @property
    def win(self) -> float:
        return sum(o.win for o in self.outcomes.values()) / len(self.outcomes) if self.outcomes else 0.0

    @property
    def margin(self) -> float:
        return sum(o.margin for o in self.outcomes.values()) / len(self.outcomes) if self.outcomes else 0.0

    def versus(self, other: "Line", what: int = 0) -> tuple[float, float, int]:
        """Mean paired difference of the win chance (``what=1``: the margin) against `other` over
        their common samples, its standard error, and the number of pairs."""
        mine, theirs = self.outcomes, other.outcomes
        d = [mine[s][what] - theirs[s][what] for s in mine if s in theirs]
        n = len(d)
        if n == 0:
            return 0.0, math.inf, 0
        mean = sum(d) / n
        if n < 2:
            return mean, math.inf, n
        var = sum((x - mean) ** 2 for x in d) / (n - 1)
        return mean, math.sqrt(var / n), n


def real_options(decision) -> list[str]:
    return [o.id for o in decision.options if o.group not in ENTRIES]


def restricted(decision, among: Iterable[str]):
    keep = set(among)
    return decision._replace(options=tuple(o for o in decision.options if o.id in keep))


def rank(world, width: int, seed: int, first: str | None = None, pool: str = "rank", fill: bool = False) -> list[Line]:
    """The heuristic's `width` favourite options at the world's Decision, best first (`first`: its
    pick already known, from a heuristic that has followed the game).

    ``pool="kinds"``: its top ``KINDS_TOP``, then its favourite among the options of each kind
    (the option's group: a Move, a Trade, a Market buy, a Quest, ...) not yet among them, kinds in
    the order the options list them. A heuristic that likes Moves ranks Move after Move below its
    pick; the option it undervalues is more often another kind of action. When every kind is in,
    the pool ends there (the bot's measured way), or with `fill` goes on by rank to `width`: the
    advisor's, whose player asks about all three of Salt, Plunder and Food, all of one kind."""
    d = world.decision
    left = real_options(d)
    group = {o.id: o.group for o in d.options}
    lines: list[Line] = []
    while left and len(lines) < width:
        if pool == "kinds" and len(lines) >= KINDS_TOP:
            seen = {group.get(ln.option) for ln in lines}
            kinds = [k for k in dict.fromkeys(group[o] for o in left) if k not in seen]
            if not kinds and not fill:
                break
            among = tuple(o for o in left if group[o] == kinds[0]) if kinds else tuple(left)
        else:
            among = tuple(left)
        if first is not None and not lines:
            pick = first
        else:
            pick = HeuristicBot(seed).choose(world, restricted(d, among) if len(lines) else d)
        if pick not in left:  # an entry (always / cancel): the heuristic's own way in; rank it too
            lines.append(Line(pick, len(lines), among))
            break
        lines.append(Line(pick, len(lines), among))
        left.remove(pick)
    return lines


class Stop(Exception):
    """The caller cancelled the search."""


def play_out(world, line: Line, seed: int, horizon: str, collect: bool) -> Outcome:
    """Answer `line`'s option in `world` (the heuristic asked first on its short list), then let
    the heuristic play every seat to the horizon."""
    bot = HeuristicBot(seed)
    d = world.decision
    bot.choose(world, restricted(d, line.among) if line.rank else d)  # its plans for the option
    start = len(world.log)
    view = world.public_view()
    chapter, phase = view.chapter, view.phase
    world.answer(line.option)
    seen = start
    log = world.log
    then = None
    nxt = world.decision
    if nxt is not None and nxt.actor == d.actor and nxt.kind == d.kind:
        then = bot.choose(world, nxt)
        world.answer(then)
    while world.decision is not None:
        if horizon == "chapter":
            stop = False
            for e in log[seen:]:
                if type(e) is PhaseStarted and e.chapter > chapter:
                    stop = True
                    break
            seen = len(log)
            if stop:
                break
        world.answer(bot.choose(world, world.decision))
    end = world.public_view()
    got = value.worth(end, world.cat)
    vp = tuple((p.faction, p.vp) for p in end.players) + (("empire", end.vp_empire), ("chaos", end.vp_chaos))
    return Outcome(got.win, got.margin, vp, tuple(happenings(log[start:], chapter, phase)) if collect else (), then)


class Search:
    """One search at the current Decision of the game `sandboxes` follows."""
    drop_z, confirm_z = DROP_Z, CONFIRM_Z  # the sequential test's bounds (the search lab varies them)

    def __init__(self, sandboxes, budget: Budget, seed: int, *, collect: bool = False,
                 progress: Callable[[int, int], None] | None = None, cancel: Callable[[], bool] | None = None,
                 lines: list[Line] | None = None, keep: frozenset | set = frozenset()):
        self.sb, self.budget, self.seed, self.collect = sandboxes, budget, seed, collect
        self.keep = keep  # options racing never drops
        self.progress, self.cancel = progress, cancel
        self.lines = lines
        self.rollouts = 0

    def world(self, i: int):
        return self.sb.world(self.seed * 7919 + i)

    def run(self) -> list[Line]:
        b = self.budget
        t0 = time.perf_counter()
        if self.lines is None:
            self.lines = rank(self.world(0), b.width, self.seed, pool=b.pool)
        lines = self.lines
        if len(lines) < 2:
            return lines
        total = b.rollouts if b.rollouts is not None else 0
        i = 0
        while True:
            live = [ln for ln in lines if not ln.dropped]
            for ln in live:
                if i in ln.outcomes:  # known already (reused from the Decision before: StrongBot)
                    continue
                if self._done(t0, total):
                    return lines
                ln.outcomes[i] = self.play(i, ln)
                self.rollouts += 1
                if self.progress is not None:
                    self.progress(self.rollouts, total)
            i += 1
            if self.budget.rollouts is not None and i > self.budget.rollouts:
                return lines
            self._race([ln for ln in live if ln.option not in self.keep], live, i)
            if b.settle and i >= b.first and self._settled(lines):
                return lines

    def play(self, i: int, line: Line) -> Outcome:
        """One rollout: `line` in world `i`."""
        return play_out(self.world(i), line, self.seed, self.budget.horizon, self.collect)

    def _done(self, t0: float, total: int) -> bool:
        if self.cancel is not None and self.cancel():
            raise Stop()
        if self.budget.rollouts is not None and self.rollouts >= total:
            return True
        return self.budget.seconds is not None and time.perf_counter() - t0 >= self.budget.seconds

    def _settled(self, lines: list[Line]) -> bool:
        """Sequential test against the heuristic's own pick (lines[0]): a challenger surely worse
        (by DROP_Z standard errors) is dropped; the search ends when none is left in doubt, or one
        is surely better (by CONFIRM_Z): there is no point spending more there."""
        top = lines[0]
        doubt = False
        for ln in lines[1:]:
            if ln.dropped:
                continue
            d, se, n = ln.versus(top)
            if n >= CONFIRM_N and d - self.confirm_z * floor_se(se, n) > 0:
                return True
            if d + self.drop_z * se < 0 or (se == 0 and d <= 0):
                if ln.option not in self.keep:
                    ln.dropped = True
                continue
            doubt = True
        return not doubt

    @staticmethod
    def _race(droppable: list[Line], live: list[Line], samples: int) -> None:
        if samples >= 2:  # the same end in every world so far: the same line of play (a card used on the way)
            for ln in droppable:
                twin = next((o for o in live if o is not ln and not o.dropped and o.rank < ln.rank and _same(o, ln)),
                            None) if ln.rank else None
                if twin is not None:
                    ln.dropped, ln.same_as = True, twin.option
        live = [ln for ln in live if not ln.dropped]
        if samples < MIN_SAMPLES or len(live) < 3:
            return
        best = max(live, key=lambda ln: ln.win)
        for ln in droppable:
            if ln is not best and ln.rank != 0:
                d, se, _ = ln.versus(best)
                if d + RACE_Z * se < 0:
                    ln.dropped = True


def _same(a: Line, b: Line) -> bool:
    common = [s for s in a.outcomes if s in b.outcomes]
    return len(common) >= 2 and all(a.outcomes[s][:3] == b.outcomes[s][:3] for s in common)


def choose(lines: list[Line], z: float = 1.0) -> Line:
    """The line to play: the best by win chance (margin as tie-break), but the heuristic's own pick
    unless another beats it by more than `z` standard errors of the paired difference."""
    top = lines[0]
    best = max(lines, key=lambda ln: (round(ln.win, 6), ln.margin, -ln.rank))
    if best is top or not best.outcomes:
        return top
    d, se, n = best.versus(top)
    if d > 0 and d > z * floor_se(se, n):
        return best
    if d == 0 and se == 0:  # the same chance in every world: the margin decides, as surely
        dm, sem, _ = best.versus(top, 1)
        if dm > 0 and dm > z * max(sem, 1.0 / math.sqrt(max(1, n))):
            return best
    return top


def floor_se(se: float, n: int) -> float:
    """A standard error no smaller than a few samples can show: four worlds that all agree do not
    make a sure difference (``SE_FLOOR / sqrt(n)``)."""
    return max(se, SE_FLOOR / math.sqrt(max(1, n)))
