"""`uprising simulate` streams its games: nothing is made for a game before it is played and only
running totals are kept (a 10 000 000-game run starts at once, in little memory), the totals
give the same summary as the results they came from, and Ctrl-C stops a run with worker
processes quietly (exit 130, no worker's traceback)."""
from __future__ import annotations

import os
import signal
import statistics
import subprocess
import sys
import threading
import time
import tracemalloc

from uprising_tui import sim


def fake_game(work, catalog=None):
    cfg, seed = work
    return sim.GameResult(seed=seed, verdict=sim.PLAYERS_WIN if seed % 3 else "the Empire wins",
                          players_vp=[seed % 17, seed % 5], empire_vp=seed % 11, chaos_vp=seed % 7,
                          decisions=100 + seed % 50, seconds=0.01, bot_seconds=0.005,
                          error=None if seed % 97 else "RuntimeError: boom")


def test_a_ten_million_game_run_allocates_nothing_per_game_up_front(monkeypatch):
    monkeypatch.setattr(sim, "_run_one", fake_game)
    tracemalloc.start()
    games = sim.iter_results(sim.SimConfig(games=10_000_000), jobs=1)
    first = [next(games) for _ in range(3)]
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert [r.seed for r in first] == [0, 1, 2] and peak < 1 << 20  # under 1 MiB, not ~1 GB


def test_the_running_totals_keep_no_results(monkeypatch):
    monkeypatch.setattr(sim, "_run_one", fake_game)
    cfg = sim.SimConfig(games=100_000)
    tracemalloc.start()
    tally, _ = sim.run_tally(cfg)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert tally.games == 100_000 and peak < 2 << 20  # the kept results would be tens of MiB


def test_the_totals_give_what_the_results_give(monkeypatch):
    results = [fake_game((None, seed)) for seed in range(500)]
    cfg = sim.SimConfig(games=500)
    got = sim.summarize(cfg, results, 2.0)
    done = [r for r in results if r.ok]

    def ms(values):
        return {"mean": round(statistics.fmean(values), 3), "stdev": round(statistics.stdev(values), 3)}
    assert got["vp"] == {"players": ms([v for r in done for v in r.players_vp]),
                         "lowest_player": ms([min(r.players_vp) for r in done]),
                         "empire": ms([r.empire_vp for r in done]), "chaos": ms([r.chaos_vp for r in done])}
    assert got["decisions_per_game"] == round(statistics.fmean([r.decisions for r in done]), 1)
    assert got["errors"] == [{"seed": r.seed, "error": r.error} for r in results if not r.ok]
    assert got["error_count"] == 6 and got["finished"] == 494
    assert got["players_win_rate"] == round(sum(r.verdict == sim.PLAYERS_WIN for r in done) / 494, 4)


def test_ctrl_c_stops_a_run_with_workers_quietly():
    # (a run far longer than the wait for its first game, so only the Ctrl-C can end it)
    proc = subprocess.Popen([sys.executable, "-m", "uprising_tui", "simulate", "--games", "20000", "--factions",
                             "1", "--chapters", "4", "--jobs", "2", "--progress"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    err = bytearray()

    def read() -> None:
        while chunk := os.read(proc.stderr.fileno(), 4096):
            err.extend(chunk)
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    deadline = time.monotonic() + 120
    while b"/20000 games" not in err and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.1)  # until the workers have played a game (a wait, not a timing check)
    assert b"/20000 games" in err, bytes(err)
    os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C in a terminal does: the whole group
    assert proc.wait(60) == 130
    reader.join(10)
    text = err.decode()
    assert "Traceback" not in text and "SpawnPoolWorker" not in text and "KeyboardInterrupt" not in text
    assert text.rstrip().endswith("interrupted")
