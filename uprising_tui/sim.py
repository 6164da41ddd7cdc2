"""The simulator: play many seeded bot games and summarise them.

Game ``i`` of a run uses seed ``seed + i``; its setup plays the first ``factions``
of FACTIONS with ``auto_ties`` on, and one bot (seeded with the game's seed)
answers for every faction. Every game is deterministic, so a run gives the same
figures whatever the number of worker processes.

The content is read once per process: the caller passes its catalog, and each worker
process reads ``content_dir`` the first time it needs it. A save that cannot be written
is reported beside the game's figures (``save_error``), never instead of them.
"""
from __future__ import annotations

import math
import multiprocessing
import os
import signal
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from decimal import Decimal, localcontext
from pathlib import Path
from typing import Callable, Iterator

from .bots import get_bot
from .content.loader import Catalog, cached_catalog
from .engine import Game, Setup

FACTIONS = ("druwhn", "duerkhar", "krowh", "mohyar")
DECISION_CAP = 100_000
PLAYERS_WIN = "the players win"


@dataclass(frozen=True)
class SimConfig:
    games: int = 10
    factions: int = 4
    chapters: int = 4
    difficulty: str = "veteran"
    seed: int = 0
    bot: str = "heuristic"
    save_dir: str | None = None
    max_decisions: int = DECISION_CAP
    content_dir: str | None = None  # None: the default content (see content.loader)

    def setup(self, seed: int) -> Setup:
        return Setup(factions=list(FACTIONS[: self.factions]), chapters=self.chapters,
                     difficulty=self.difficulty, seed=seed, auto_ties=True)


@dataclass
class GameResult:
    seed: int
    verdict: str | None = None
    players_vp: list[int] = field(default_factory=list)
    empire_vp: int = 0
    chaos_vp: int = 0
    decisions: int = 0
    seconds: float = 0.0
    bot_seconds: float = 0.0
    error: str | None = None
    save_error: str | None = None  # the game's figures stand; only its save is missing

    @property
    def ok(self) -> bool:
        return self.error is None


def play_game(setup: Setup, bot_name: str, *, max_decisions: int = DECISION_CAP,
              save_path: str | os.PathLike | None = None,
              catalog: Catalog | None = None) -> tuple[GameResult, Game | None]:
    """Play one game to the end with one bot answering for every faction.

    Never raises for a game that goes wrong: the result carries the error."""
    res = GameResult(seed=setup.seed)
    t0 = time.perf_counter()
    game = None
    try:
        bot = get_bot(bot_name, setup.seed)
        game = Game(setup, catalog).start()
        clock = time.perf_counter
        bot_time = 0.0
        n = 0
        while game.decision is not None:
            if n >= max_decisions:
                raise RuntimeError(f"no verdict after {max_decisions} decisions")
            d = game.decision
            b0 = clock()
            pick = bot.choose(game, d)
            bot_time += clock() - b0
            game.answer(pick)
            n += 1
        st = game.state
        res.verdict = st.verdict
        res.players_vp = [p.vp for p in st.players]
        res.empire_vp, res.chaos_vp = st.vp_empire, st.vp_chaos
        res.decisions = n
        res.bot_seconds = bot_time
    except Exception as exc:  # a game that breaks is reported, never a crash
        res.error = f"{type(exc).__name__}: {exc}".splitlines()[0][:300]
        if game is not None:
            res.decisions = len(game.answers)
    res.seconds = time.perf_counter() - t0
    if save_path is not None and game is not None:
        try:
            game.save_to(save_path)
        except Exception as exc:  # the save is a courtesy; the result stands
            res.save_error = _say(exc)
    return res, game


def save_path_for(save_dir: str | None, seed: int) -> Path | None:
    return None if save_dir is None else Path(save_dir) / f"game-{seed}.json"


def check_save_dir(save_dir: str | os.PathLike) -> None:
    """Make the directory if needed and prove a file can be written there; OSError if not."""
    path = Path(save_dir)
    path.mkdir(parents=True, exist_ok=True)
    fd, probe = tempfile.mkstemp(dir=path, prefix=".write-test-", suffix=".tmp")
    os.close(fd)
    os.unlink(probe)


def _say(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        where = f" ({exc.filename})" if exc.filename else ""
        return f"{exc.strerror}{where}"
    return f"{type(exc).__name__}: {exc}".splitlines()[0][:300]


def _run_one(args: tuple[SimConfig, int], catalog: Catalog | None = None) -> GameResult:
    cfg, seed = args
    try:
        res, _ = play_game(cfg.setup(seed), cfg.bot, max_decisions=cfg.max_decisions,
                           save_path=save_path_for(cfg.save_dir, seed),
                           catalog=catalog or cached_catalog(cfg.content_dir))  # once per process
    except Exception as exc:  # e.g. a bad setup: still a result, not a crash of the pool
        res = GameResult(seed=seed, error=f"{type(exc).__name__}: {exc}".splitlines()[0][:300])
    return res


def usable_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def _quiet_worker() -> None:
    """A worker leaves Ctrl-C to the main process, which stops the pool (no tracebacks)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def iter_results(cfg: SimConfig, jobs: int = 1, catalog: Catalog | None = None,
                 cluster: str | None = None) -> Iterator[GameResult]:
    """Results in seed order, one game at a time (nothing is made for games not yet played); with
    jobs > 1, games run in spawned worker processes that ignore Ctrl-C: the main process gets
    KeyboardInterrupt and the pool is terminated on the way out. With `cluster` (``tcp://HOST:PORT``
    or ``local:N``) they run on Dask instead (cluster.py), in the same order."""
    work = ((cfg, cfg.seed + i) for i in range(cfg.games))
    if cluster:
        from .cluster import cluster_map  # (dask loads only for a cluster)
        yield from cluster_map(_run_one, work, cluster)
        return
    if jobs <= 1 or cfg.games <= 1:
        for w in work:
            yield _run_one(w, catalog)
        return
    jobs = min(jobs, cfg.games)
    chunk = max(1, min(16, cfg.games // (jobs * 4)))
    ctx = multiprocessing.get_context("spawn")
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None  # inherited by the workers
    try:
        pool = ctx.Pool(jobs, initializer=_quiet_worker)
    finally:
        if main:
            signal.signal(signal.SIGINT, previous)
    with pool:
        yield from pool.imap(_run_one, work, chunksize=chunk)


def run(cfg: SimConfig, jobs: int = 1, progress: Callable[[int, int], None] | None = None,
        catalog: Catalog | None = None, cluster: str | None = None) -> tuple[list[GameResult], float]:
    """Play the whole run; return the results (seed order) and the wall time. ``catalog``
    serves the games played in this process (workers read ``cfg.content_dir``)."""
    t0 = time.perf_counter()
    results: list[GameResult] = []
    for res in iter_results(cfg, jobs, catalog, cluster):
        results.append(res)
        if progress is not None:
            progress(len(results), cfg.games)
    return results, time.perf_counter() - t0


def run_tally(cfg: SimConfig, jobs: int = 1, progress: Callable[[int, int], None] | None = None,
              catalog: Catalog | None = None, cluster: str | None = None) -> tuple["Tally", float]:
    """Play the whole run keeping only running totals (what `uprising simulate` prints): the
    memory a run takes does not grow with its number of games."""
    t0 = time.perf_counter()
    tally = Tally(cfg)
    for res in iter_results(cfg, jobs, catalog, cluster):
        tally.add(res)
        if progress is not None:
            progress(tally.games, cfg.games)
    return tally, time.perf_counter() - t0


# ------------------------------------------------------------------ summary
class _Moments:
    """Count, sum and sum of squares of whole numbers: their mean and sample deviation, exactly
    as statistics.fmean and statistics.stdev give them, without keeping the numbers."""
    __slots__ = ("n", "total", "squares")

    def __init__(self) -> None:
        self.n = self.total = self.squares = 0

    def add(self, x: int) -> None:
        self.n += 1
        self.total += x
        self.squares += x * x

    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    def ms(self) -> dict[str, float]:
        if not self.n:
            return {"mean": 0.0, "stdev": 0.0}
        stdev = 0.0
        if self.n > 1:
            with localcontext() as ctx:
                ctx.prec = 60
                var = (Decimal(self.n * self.squares - self.total * self.total)
                       / Decimal(self.n * (self.n - 1)))
                stdev = float(var.sqrt())
        return {"mean": round(self.mean(), 3), "stdev": round(stdev, 3)}


class Tally:
    """The running totals of a run's results: :meth:`summary` is :func:`summarize`'s dict."""
    KEPT_ERRORS = 1000  # error records kept (each names a seed); the count covers them all

    def __init__(self, cfg: SimConfig):
        self.cfg = cfg
        self.games = self.finished = self.wins = self.error_count = self.save_error_count = 0
        self.errors: list[dict] = []
        self.save_errors: list[dict] = []
        self.verdicts: dict[str, int] = {}
        self.vp = {k: _Moments() for k in ("players", "lowest_player", "empire", "chaos")}
        self.decisions = _Moments()
        self.play_time = self.bot_time = 0.0

    def add(self, r: GameResult) -> None:
        self.games += 1
        if r.save_error:
            self.save_error_count += 1
            if len(self.save_errors) < self.KEPT_ERRORS:
                self.save_errors.append({"seed": r.seed, "error": r.save_error})
        if not r.ok:
            self.error_count += 1
            if len(self.errors) < self.KEPT_ERRORS:
                self.errors.append({"seed": r.seed, "error": r.error})
            return
        self.finished += 1
        v = r.verdict or "none"
        self.verdicts[v] = self.verdicts.get(v, 0) + 1
        self.wins += r.verdict == PLAYERS_WIN
        for x in r.players_vp:
            self.vp["players"].add(x)
        if r.players_vp:
            self.vp["lowest_player"].add(min(r.players_vp))
        self.vp["empire"].add(r.empire_vp)
        self.vp["chaos"].add(r.chaos_vp)
        self.decisions.add(r.decisions)
        self.play_time += r.seconds
        self.bot_time += r.bot_seconds

    def summary(self, wall: float, jobs: int = 1) -> dict:
        done = self.finished
        return {
            "config": {k: v for k, v in asdict(self.cfg).items() if k not in ("save_dir", "content_dir")}
            | {"jobs": jobs},
            "games": self.games,
            "finished": done,
            "errors": list(self.errors),
            "error_count": self.error_count,
            "save_errors": list(self.save_errors),
            "players_win_rate": round(self.wins / done, 4) if done else 0.0,
            "vp": {k: m.ms() for k, m in self.vp.items()},
            "decisions_per_game": round(self.decisions.mean(), 1) if done else 0.0,
            "seconds": round(wall, 3),
            "games_per_second": round(self.games / wall, 2) if wall > 0 else 0.0,
            "bot_time_share": round(self.bot_time / self.play_time, 3) if self.play_time > 0 else 0.0,
            "verdicts": dict(sorted(self.verdicts.items(), key=lambda kv: (-kv[1], kv[0]))),
        }


def summarize(cfg: SimConfig, results: list[GameResult], wall: float, jobs: int = 1) -> dict:
    tally = Tally(cfg)
    for r in results:
        tally.add(r)
    return tally.summary(wall, jobs)


def format_summary(s: dict) -> str:
    c = s["config"]
    vp = s["vp"]
    rows = [
        ("games", f"{s['games']} ({s['finished']} finished, {s['error_count']} errors)"),
        ("setup", f"{c['factions']} faction(s), {c['chapters']} chapters, {c['difficulty']}, "
                  f"bot {c['bot']}, seeds {c['seed']}..{c['seed'] + s['games'] - 1}"),
        ("players' win rate", f"{100 * s['players_win_rate']:.1f}%"),
        ("VP players", f"{vp['players']['mean']:.1f} ± {vp['players']['stdev']:.1f} "
                       f"(lowest player {vp['lowest_player']['mean']:.1f} ± {vp['lowest_player']['stdev']:.1f})"),
        ("VP Empire", f"{vp['empire']['mean']:.1f} ± {vp['empire']['stdev']:.1f}"),
        ("VP Chaos", f"{vp['chaos']['mean']:.1f} ± {vp['chaos']['stdev']:.1f}"),
        ("decisions / game", f"{s['decisions_per_game']:.1f}"),
        ("games / second", f"{s['games_per_second']:.2f} ({s['seconds']:.2f} s wall, {c['jobs']} job(s), "
                           f"bot {100 * s['bot_time_share']:.0f}% of play time)"),
    ]
    width = max([len(k) for k, _ in rows] + [len(v) + 2 for v in s["verdicts"]])
    out = [f"{k:<{width}}  {v}" for k, v in rows]
    out.append("verdicts")
    for verdict, n in s["verdicts"].items():
        out.append(f"  {verdict:<{width - 2}}  {n:>5}  {100 * n / max(1, s['finished']):5.1f}%")
    for e in s["errors"][:20]:
        out.append(f"error: seed {e['seed']}: {e['error']}")
    if s["error_count"] > 20:
        out.append(f"... and {s['error_count'] - 20} more errors")
    for e in s["save_errors"][:5]:
        out.append(f"save failed: seed {e['seed']}: {e['error']}")
    if len(s["save_errors"]) > 5:
        out.append(f"... and {len(s['save_errors']) - 5} more saves failed")
    return "\n".join(out)


class Progress:
    """A plain-text progress line on a stream, rewritten in place with \\r."""

    def __init__(self, stream=None, width: int = 30, every: float = 0.1):
        self.stream = stream or sys.stderr
        self.width = width
        self.every = every  # seconds between redraws
        self.t0 = time.perf_counter()
        self.last = -math.inf

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and now - self.last < self.every:
            return
        self.last = now
        frac = done / total if total else 1.0
        bar = "#" * int(self.width * frac)
        el = now - self.t0
        rate = done / el if el > 0 else 0.0
        eta = (total - done) / rate if rate > 0 else math.inf
        eta_s = f"{eta:5.0f}s" if eta != math.inf else "    ?"
        self.stream.write(f"\r[{bar:<{self.width}}] {done}/{total} games  {rate:6.1f}/s  eta {eta_s}")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()
