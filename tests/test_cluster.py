"""cluster.py: simulate and the balance lab on Dask give the figures of --jobs for the same seeds."""
from __future__ import annotations

import argparse
import builtins

import pytest

from uprising_tui import cluster
from uprising_tui.cluster import ClusterError, check_spec, ordered_map, spec_arg


def test_a_cluster_spec_is_checked_in_one_line():
    assert check_spec("local:2") == "local:2" and check_spec("tcp://10.0.0.5:8786") == "tcp://10.0.0.5:8786"
    for bad in ("local:0", "local:99", "tcp://nope", "http://h:1", "local:x", "", "tcp://h:1; rm -rf /"):
        with pytest.raises(ClusterError) as got:
            check_spec(bad)
        assert "\n" not in str(got.value)


def test_without_dask_the_option_says_how_to_get_it(monkeypatch):
    real = builtins.__import__

    def no_dask(name, *a, **kw):
        if name.startswith("dask"):
            raise ImportError(name)
        return real(name, *a, **kw)
    monkeypatch.setattr(builtins, "__import__", no_dask)
    with pytest.raises(argparse.ArgumentTypeError, match=r"pip install 'uprising-tui\[cluster\]'"):
        spec_arg("local:2")


def test_ordered_map_keeps_the_order_without_a_cluster():
    assert list(ordered_map(abs, [-3, 1, -2])) == [3, 1, 2]


def test_games_on_a_local_cluster_give_the_figures_of_jobs():
    pytest.importorskip("dask.distributed", reason="the cluster extra is not installed (pip install '.[cluster]')")
    from uprising_tui import sim
    from uprising_tui.balance.run import Cell, play_grid

    cfg = sim.SimConfig(games=3, factions=1, chapters=2, seed=40)
    on_jobs = [(r.seed, r.verdict, r.players_vp, r.empire_vp, r.chaos_vp, r.decisions) for r in sim.iter_results(cfg)]
    on_dask = [(r.seed, r.verdict, r.players_vp, r.empire_vp, r.chaos_vp, r.decisions)
               for r in sim.iter_results(cfg, cluster="local:2")]
    assert on_dask == on_jobs
    cells = [Cell(1, "rebel"), Cell(2, "veteran")]
    plain, _ = play_grid(cells, 2, seed=7, chapters=2)
    dask, _ = play_grid(cells, 2, seed=7, chapters=2, cluster="local:2")
    strip = [(r.factions, r.difficulty, r.seed, r.win, r.players_vp, r.empire, r.chaos, r.offered, r.used)
             for r in plain]
    assert strip == [(r.factions, r.difficulty, r.seed, r.win, r.players_vp, r.empire, r.chaos, r.offered, r.used)
                     for r in dask]


def test_an_unreachable_scheduler_is_one_line(monkeypatch):
    pytest.importorskip("dask.distributed", reason="the cluster extra is not installed (pip install '.[cluster]')")
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", "1s")
    with pytest.raises(ClusterError, match="cannot reach the Dask scheduler") as got:
        list(cluster.cluster_map(abs, [1], "tcp://127.0.0.1:9"))
    assert "\n" not in str(got.value)
