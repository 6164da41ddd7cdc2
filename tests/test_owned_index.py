"""Board.owned, the index of each faction's hexes (the hexes its Units stand on) that Command's
options read instead of scanning the map: it must equal a fresh scan of the hexes' owners after
every answer, and a game rebuilt by replay, undo or load must rebuild it."""
from __future__ import annotations

import random

import pytest

from uprising_tui.bots import get_bot
from uprising_tui.engine import Game, Setup
from uprising_tui.engine.scenario import Scenario, turn

FACTIONS = ["krowh", "mohyar", "duerkhar", "druwhn"]


def scanned(g) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for h in g.state.hexes.values():
        if h.owner is not None:
            out.setdefault(h.owner, set()).add(h.id)
    return out


def indexed(g) -> dict[str, set[str]]:
    return {fac: set(hids) for fac, hids in g.board.owned.items() if hids}


@pytest.mark.parametrize("seed", range(16))
def test_the_index_equals_a_fresh_scan_after_every_answer(seed):
    n = 1 + seed % 4
    g = Game(Setup(factions=FACTIONS[:n], chapters=2 + seed % 3, seed=4100 + seed)).start()
    bot = get_bot("heuristic" if seed % 2 else "random", seed)
    assert indexed(g) == scanned(g)
    changes = 0
    while g.decision is not None:
        before = indexed(g)
        g.answer(bot.choose(g, g.decision))
        assert indexed(g) == scanned(g), f"answer {len(g.answers)}: {g.answers[-1]}"
        changes += indexed(g) != before
    assert changes > 0  # Units moved, were built or died: the check saw the index change


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
    assert indexed(g) == scanned(g)
