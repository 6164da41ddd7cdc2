"""Where many games run: this process, worker processes (``--jobs``), or a Dask cluster
(``--cluster tcp://HOST:PORT`` for a running scheduler, ``--cluster local:N`` for a local cluster
of N worker processes started for the run).

``ordered_map(fn, tasks, jobs=..., cluster=...)`` yields ``fn(task)`` for every task **in the
order of the tasks**, whatever finishes first, so a run gives the same figures on any of them
for the same seeds. ``fn`` must be a module-level function (it is pickled to the workers), and on
a remote cluster every worker needs uprising-tui installed (and the same content directory, if
one is named). Dask is an extra: ``pip install 'uprising-tui[cluster]'``; without it a run given
``--cluster`` stops with one line saying so (:class:`ClusterError`).

At most ``WINDOW`` tasks per worker are in flight at once, so a run of many games keeps only a
few results waiting and stops promptly when the caller stops reading (Ctrl-C cancels what is
queued and closes the cluster).
"""
from __future__ import annotations

import multiprocessing
import re
import signal
import threading
from typing import Callable, Iterable, Iterator, TypeVar

T = TypeVar("T")
R = TypeVar("R")

INSTALL = "pip install 'uprising-tui[cluster]'"
WINDOW = 4  # tasks in flight per worker
_ADDRESS = re.compile(r"^tcp://[A-Za-z0-9.\-\[\]:]+:\d{1,5}$")
_LOCAL = re.compile(r"^local:(\d{1,3})$")
MAX_LOCAL = 64
CONNECT_TIMEOUT = "10s"  # how long to wait for a remote scheduler


class ClusterError(ValueError):
    """A cluster that cannot be used: the message is one line for the command line."""


def check_spec(spec: str) -> str:
    """`tcp://HOST:PORT` or `local:N` (1 <= N <= 64); ClusterError otherwise."""
    if not isinstance(spec, str):
        raise ClusterError(f"--cluster takes tcp://HOST:PORT or local:N, not {spec!r}")
    m = _LOCAL.match(spec)
    if m:
        n = int(m.group(1))
        if not 1 <= n <= MAX_LOCAL:
            raise ClusterError(f"--cluster local:N takes 1 to {MAX_LOCAL} workers, not {n}")
        return spec
    if _ADDRESS.match(spec):
        return spec
    raise ClusterError(f"--cluster takes tcp://HOST:PORT or local:N, not {spec[:80]!r}")


def _distributed():
    try:
        import dask.distributed as dd  # noqa: PLC0415 - an extra, imported only when asked for
    except ImportError:
        raise ClusterError(f"--cluster needs Dask, which is not installed: {INSTALL}") from None
    return dd


def require() -> None:
    """ClusterError (one line: how to install it) unless Dask distributed can be imported."""
    _distributed()


def spec_arg(text: str) -> str:
    """An argparse type for ``--cluster``: the spec checked, Dask required, one-line errors."""
    import argparse  # (only when a parser checks the option)
    try:
        spec = check_spec(text)
        require()
    except ClusterError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return spec


def connect(spec: str):
    """A Dask client for the spec (and the LocalCluster it started, to close, or None)."""
    spec = check_spec(spec)
    dd = _distributed()
    m = _LOCAL.match(spec)
    try:
        if m:
            local = dd.LocalCluster(n_workers=int(m.group(1)), threads_per_worker=1, processes=True,
                                    dashboard_address=None)
            return dd.Client(local), local
        return dd.Client(spec, timeout=CONNECT_TIMEOUT), None
    except (OSError, TimeoutError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {spec}: {exc}".splitlines()[0][:200]) from None


def cluster_map(fn: Callable[[T], R], tasks: Iterable[T], spec: str) -> Iterator[R]:
    """`fn` over `tasks` on the Dask cluster `spec`, results in task order."""
    client, local = connect(spec)
    futures: dict[int, object] = {}
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})) or 1)
        window = WINDOW * workers
        it = iter(enumerate(tasks))
        nxt = 0
        done = False
        while True:
            while not done and len(futures) < window:
                try:
                    i, task = next(it)
                except StopIteration:
                    done = True
                    break
                futures[i] = client.submit(fn, task, pure=False, key=f"uprising-{id(futures)}-{i}")
            if nxt not in futures:
                return
            yield futures.pop(nxt).result()
            nxt += 1
    finally:
        for f in futures.values():
            f.cancel()
        client.close()
        if local is not None:
            local.close()


def _quiet_worker() -> None:
    """A worker leaves Ctrl-C to the main process, which stops the pool (no tracebacks)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def pool_map(fn: Callable[[T], R], tasks: list[T], jobs: int, chunk: int = 1) -> Iterator[R]:
    """`fn` over `tasks` in `jobs` spawned worker processes that ignore Ctrl-C, in task order."""
    ctx = multiprocessing.get_context("spawn")
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None  # inherited by the workers
    try:
        pool = ctx.Pool(min(jobs, max(1, len(tasks))), initializer=_quiet_worker)
    finally:
        if main:
            signal.signal(signal.SIGINT, previous)
    with pool:
        yield from pool.imap(fn, tasks, chunksize=chunk)


def ordered_map(fn: Callable[[T], R], tasks: Iterable[T], *, jobs: int = 1, cluster: str | None = None,
                chunk: int = 1) -> Iterator[R]:
    """`fn(task)` for every task, in order: on the cluster if one is given, else in `jobs` worker
    processes (this process for 1)."""
    if cluster:
        yield from cluster_map(fn, tasks, cluster)
        return
    tasks = list(tasks)
    if jobs <= 1 or len(tasks) <= 1:
        for t in tasks:
            yield fn(t)
        return
    yield from pool_map(fn, tasks, jobs, chunk)
