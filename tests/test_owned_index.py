"""Board.owned and Board.havens, the indexes of each faction's hexes (the hexes its Units stand
on; its Havens) that Command's options and the Build, Production and Scoring phases read instead
of scanning the map: they must equal a fresh scan of the hexes after every answer, and a game
rebuilt by replay, undo or load must rebuild them."""
from __future__ import annotations

import random

import pytest

from uprising_tui.bots import get_bot
from uprising_tui.engine import Game, Setup
from uprising_tui.engine.scenario import Scenario, turn

FACTIONS = ["krowh", "mohyar", "duerkhar", "druwhn"]


def scanned(g) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    owners: dict[str, set[str]] = {}
    havens: dict[str, set[str]] = {}
    for h in g.state.hexes.values():
        if h.owner is not None:
            owners.setdefault(h.owner, set()).add(h.id)
        if h.haven is not None:
            havens.setdefault(h.haven, set()).add(h.id)
    return owners, havens


def indexed(g) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    return ({fac: set(hids) for fac, hids in g.board.owned.items() if hids},
            {fac: set(hids) for fac, hids in g.board.havens.items() if hids})


@pytest.mark.parametrize("seed", range(16))
def test_the_index_equals_a_fresh_scan_after_every_answer(seed):
    n = 1 + seed % 4
    g = Game(Setup(factions=FACTIONS[:n], chapters=2 + seed % 3, seed=4200 + seed)).start()
    bot = get_bot("heuristic" if seed % 2 else "random", seed)
    assert indexed(g) == scanned(g)
    changes = [0, 0]
    while g.decision is not None:
        before = indexed(g)
        g.answer(bot.choose(g, g.decision))
        now = indexed(g)
        assert now == scanned(g), f"answer {len(g.answers)}: {g.answers[-1]}"
        changes[0] += now[0] != before[0]
        changes[1] += now[1] != before[1]
    assert changes[0] > 0  # Units moved, were built or died: the check saw the index change


def test_havens_built_and_lost_keep_the_index_right():
    """Over many games Havens are built and destroyed; the index followed every one."""
    built = lost = 0
    for seed in range(12):
        g = Game(Setup(factions=FACTIONS[:1 + seed % 4], chapters=4, seed=4300 + seed,
                       difficulty="nightmare")).start()
        bot = get_bot("heuristic", seed)
        while g.decision is not None:
            before = indexed(g)[1]
            g.answer(bot.choose(g, g.decision))
            now = indexed(g)[1]
            assert now == scanned(g)[1], f"seed {seed}, answer {len(g.answers)}: {g.answers[-1]}"
            n_before, n_now = sum(map(len, before.values())), sum(map(len, now.values()))
            built += n_now > n_before
            lost += n_now < n_before
    assert built > 0 and lost > 0


def test_replay_undo_and_load_rebuild_the_index(tmp_path):
    g = Game(Setup(factions=FACTIONS[:3], chapters=2, seed=77)).start()
    r = random.Random(77)
    seen = []
    while g.decision is not None and len(g.answers) < 400:
        g.answer(r.choice(g.decision.options).id)
        seen.append(indexed(g))
    assert indexed(g) == scanned(g)
    replayed = Game.replay(g.setup, g.answers)
    assert indexed(replayed) == indexed(g)
    g.save_to(tmp_path / "g.json")
    assert indexed(Game.load(tmp_path / "g.json")) == indexed(g)
    for n in (1, 5, 60):
        g.undo(n)
        assert indexed(g) == scanned(g) == seen[len(g.answers) - 1]
    g.undo_to(0)
    assert indexed(g) == scanned(g)


def test_a_scenario_map_is_indexed_from_the_prepared_state():
    sc = Scenario(["krowh", "mohyar"])
    unit = next(u for u, f in sc.cat.unit_faction.items() if f == "mohyar")
    g = sc.at("H07", tile="raufrost", units={unit: 2}).game(turn("krowh"))
    assert "H07" in g.board.owned["mohyar"]
    assert set(g.board.havens) == {"krowh", "mohyar"}
    assert indexed(g) == scanned(g)
