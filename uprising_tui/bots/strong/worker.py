"""The advisor in a process of its own, so a client never waits for it.

The search is pure Python and holds the GIL: in a thread of the client's process it would make
every key and every frame wait (``benchmarks/bench_advisor.py`` measures both ways). So the client
hands the public history (the setup and the answers, exactly what a save holds) to a worker
process, which keeps its own copy of the game and its sampled worlds from one question to the next
(a new question about the same game replays only the answers since the last one):

    advisor = AdvisorProcess()               # start it early: the process takes a moment to start
    rid = advisor.ask(game, HINT_BUDGET)     # returns at once
    for msg in advisor.poll():               # from a timer: Progress, Done, Cancelled, Failed
        ...
    advisor.cancel(rid)                      # or ask again: a newer question replaces the old one
    advisor.close()

Messages name the question they answer (``request``); a Done carries an ``advisor.Advice``
whose ``answers`` says which point of the game it is about (stale once the game moved on).

A game review (review.py) is a question too: ``review(game, budget, samples)`` returns its number;
the worker sends ``Steps`` (the answers judged since the last, in order) with each Progress and a
``Reviewed`` with the whole ``Review`` at the end (``complete`` False when it was cancelled, by a
cancel or by a newer question).
"""
from __future__ import annotations

import multiprocessing
import time
from collections import deque
from typing import NamedTuple

from .advisor import HINT_BUDGET, Advice, advise
from .search import Budget, Stop

PROGRESS_EVERY = 0.05  # seconds between two progress messages of one question


class Progress(NamedTuple):
    request: int
    done: int
    total: int  # 0 when the budget is in seconds
    seconds: float


class Done(NamedTuple):
    request: int
    advice: Advice


class Steps(NamedTuple):
    request: int
    steps: tuple  # review.Step, in the game's order, since the last Steps


class Reviewed(NamedTuple):
    request: int
    review: object  # review.Review


class Cancelled(NamedTuple):
    request: int


class Failed(NamedTuple):
    request: int
    error: str


class AdvisorProcess:
    """A worker process that answers advice questions (see the module docstring)."""

    def __init__(self, content_dir: str | None = None):
        ctx = multiprocessing.get_context("spawn")
        self._conn, child = ctx.Pipe()
        self._proc = ctx.Process(target=_serve, args=(child, content_dir), daemon=True, name="uprising-advisor")
        self._proc.start()
        child.close()
        self._next = 0

    def ask(self, game, budget: Budget = HINT_BUDGET, seed: int = 0) -> int:
        """Ask for advice at `game`'s pending Decision; returns the question's number at once."""
        self._next += 1
        self._conn.send(("ask", self._next, game.setup.to_dict(), list(game.answers), budget, seed))
        return self._next

    def review(self, game, budget: Budget, samples: int = 4, seed: int = 0) -> int:
        """Ask for the review of `game` (its answers so far); returns the question's number at once."""
        self._next += 1
        self._conn.send(("review", self._next, game.setup.to_dict(), list(game.answers), budget, samples, seed))
        return self._next

    def follow(self, game) -> None:
        """Let the worker copy `game` now (say, when it starts or is loaded), so the first hint
        does not pay for the copy."""
        self._conn.send(("follow", 0, game.setup.to_dict(), list(game.answers)))

    def cancel(self, request: int) -> None:
        self._conn.send(("cancel", request))

    def poll(self) -> list:
        """Every message that has come in (never waits)."""
        out = []
        while self._conn.poll():
            out.append(self._conn.recv())
        return out

    def wait(self, request: int, timeout: float | None = None):
        """Block until question `request` is answered (Done, Cancelled or Failed); for tools and
        tests. TimeoutError if it takes longer than `timeout` seconds."""
        end = None if timeout is None else time.monotonic() + timeout
        while True:
            left = None if end is None else max(0.0, end - time.monotonic())
            try:
                if not self._conn.poll(left):
                    raise TimeoutError(f"no answer to question {request} in {timeout} s")
                msg = self._conn.recv()
            except (EOFError, OSError):
                raise RuntimeError("the advisor process has stopped") from None
            if not isinstance(msg, (Progress, Steps)) and msg.request == request:
                return msg

    @property
    def alive(self) -> bool:
        return self._proc.is_alive()

    def close(self) -> None:
        try:
            self._conn.send(("stop",))
        except (OSError, BrokenPipeError):
            pass
        self._proc.join(2)
        if self._proc.is_alive():
            self._proc.terminate()
            self._proc.join(2)
        self._conn.close()

    def __enter__(self) -> "AdvisorProcess":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


# ------------------------------------------------------------------ the worker's side
class _Games:
    """The worker's copy of the game asked about, with its sampled worlds."""

    def __init__(self, cat):
        self.cat = cat
        self.key = None
        self.game = None
        self.bot = None  # a StrongBot that follows the game: its sampled worlds, its heuristic's memory

    def at(self, setup: dict, answers: list[str]):
        from ...engine import Game, Setup  # (the worker process loads the engine when it first follows a game)
        from .bot import StrongBot  # (and the bot with it)
        key = repr(sorted(setup.items()))
        have = self.game.answers if self.game is not None else None
        if key != self.key or have is None or answers[:len(have)] != have:
            self.game = Game.replay(Setup.from_dict(setup), answers, self.cat)
            self.bot = StrongBot(0)
            self.key = key
        else:
            for a in answers[len(have):]:
                self.game.answer(a)
        self.bot.sandboxes(self.game)
        return self.game, self.bot


def _serve(conn, content_dir: str | None) -> None:
    import signal  # (the worker process's own start)

    from ...content.loader import cached_catalog  # (the content, read once in the worker)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the client's to handle
    games = _Games(cached_catalog(content_dir))
    waiting: deque = deque()
    while True:
        try:
            msg = waiting.popleft() if waiting else conn.recv()
        except (EOFError, OSError):
            return
        if msg[0] == "stop":
            return
        if msg[0] == "follow":
            try:
                games.at(msg[2], msg[3])
            except Exception:  # a bad game: the question about it will say so
                pass
            continue
        if msg[0] not in ("ask", "review"):
            continue  # a cancel for a question already answered
        try:
            if msg[0] == "review":
                _review(conn, games.cat, waiting, *msg[1:])
            else:
                _answer(conn, games, waiting, *msg[1:])
        except (EOFError, OSError):  # the client is gone (it quit mid-question): end quietly
            return


def _canceller(conn, waiting: deque, rid: int):
    """The cancel check of question `rid`: its cancel, or a newer question (or the end), stops it."""
    def cancel() -> bool:
        stop = False
        while conn.poll():
            msg = conn.recv()
            if msg[0] == "cancel" and msg[1] == rid:
                stop = True
            elif msg[0] in ("ask", "review", "stop", "follow"):
                waiting.append(msg)  # a newer question (or the end) replaces this one
                stop = True
        return stop
    return cancel


def _failed(rid: int, exc: Exception) -> Failed:
    """What the client is told of a question the worker could not answer: the error's first line."""
    return Failed(rid, f"{type(exc).__name__}: {exc}".splitlines()[0][:300])


def _answer(conn, games: _Games, waiting: deque, rid: int, setup, answers, budget, seed) -> None:
    t0 = time.perf_counter()
    last = [0.0]
    cancel = _canceller(conn, waiting, rid)

    def progress(done: int, total: int) -> None:
        now = time.perf_counter()
        if now - last[0] >= PROGRESS_EVERY:
            last[0] = now
            conn.send(Progress(rid, done, total, now - t0))

    try:
        game, bot = games.at(setup, answers)
        conn.send(Done(rid, advise(game, budget, seed=seed, progress=progress, cancel=cancel, bot=bot)))
    except Stop:
        conn.send(Cancelled(rid))
    except (EOFError, OSError):
        raise  # the link to the client, not the question: _serve ends
    except Exception as exc:  # a bad question (a save the rules refuse, no decision): said, not fatal
        conn.send(_failed(rid, exc))


def _review(conn, cat, waiting: deque, rid: int, setup, answers, budget, samples, seed) -> None:
    """A game review, its steps sent as they are judged (with the progress, every PROGRESS_EVERY)."""
    from ...engine import Game, Setup  # (the engine, as for a question)
    from .review import review  # (the review, loaded in the worker only when one is asked for)
    t0 = time.perf_counter()
    last = [0.0]
    fresh: list = []

    def progress(done: int, total: int) -> None:
        now = time.perf_counter()
        if now - last[0] >= PROGRESS_EVERY or done == total:
            last[0] = now
            conn.send(Steps(rid, tuple(fresh)))
            fresh.clear()
            conn.send(Progress(rid, done, total, now - t0))

    try:
        game = Game.replay(Setup.from_dict(setup), answers, cat)
        rv = review(game, budget, samples=samples, seed=seed, progress=progress,
                    cancel=_canceller(conn, waiting, rid), on_step=fresh.append)
        if fresh:
            conn.send(Steps(rid, tuple(fresh)))
        conn.send(Reviewed(rid, rv))
    except (EOFError, OSError):
        raise  # the link to the client: _serve ends
    except Exception as exc:  # a save the rules refuse: said, not fatal
        conn.send(_failed(rid, exc))
