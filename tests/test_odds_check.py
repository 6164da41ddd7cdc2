"""The exact odds against the engine's own fights (engine/odds/check.py): a few setups,
each played by the engine with the fight policy answering, must agree with the exact
figure within 3 standard errors. The full run (every setup, 20,000 fights each) is
``benchmarks/check_odds.py``; its results are in docs/performance.md."""
from __future__ import annotations

import pytest

from uprising_tui.engine.odds import fight_odds
from uprising_tui.engine.odds.check import SETUPS, compare, prepare, sample

FAST = ("garrison L2, woods", "skeletons x2, ice", "spymaster 2, ice", "warlock 6 attacks Haven+Tower+Wall",
        "banished 2, ice")
FIGHTS = 1500


@pytest.mark.parametrize("name", FAST)
def test_exact_odds_agree_with_engine_fights(name):
    setup = next(s for s in SETUPS if s.name == name)
    prep = prepare(setup)
    exact = fight_odds(prep.game.cat, prep.spec)
    rows = compare(exact, sample(setup, FIGHTS, seed=11, prep=prep))
    far = [f"{r.figure}: exact {r.exact:.4f}, engine {r.mean:.4f} ({r.z:+.1f} SE)" for r in rows if abs(r.z) > 3]
    assert not far, far


def test_the_check_can_fail():
    """A wrong figure is caught: the same sample against another fight's odds."""
    a = next(s for s in SETUPS if s.name == "garrison L1, ice")
    b = next(s for s in SETUPS if s.name == "garrison L2, woods")
    prep_b = prepare(b)
    rows = compare(fight_odds(prep_b.game.cat, prep_b.spec), sample(a, 800, seed=3))
    assert any(abs(r.z) > 3 for r in rows)


def test_there_are_at_least_thirty_setups_covering_every_card_and_terrain():
    from uprising_tui.content.loader import default_catalog
    cat = default_catalog()
    assert len(SETUPS) >= 30
    cards = {c for s in SETUPS for c, _ in s.legions + s.hordes}
    assert cards >= set(cat.legions) | set(cat.hordes)
    threats = {}
    for s in SETUPS:
        for c, t in s.legions + s.hordes:
            threats.setdefault(c, set()).add(t)
    assert all(len(v) >= 2 for v in threats.values()), threats
    assert {s.terrain for s in SETUPS} >= {"woods", "marsh", "badlands", "highlands", "ice_waste", "curse", "none"}
    assert {s.garrisons for s in SETUPS} >= {1, 2, 3} and any(s.skeletons for s in SETUPS)
    assert any(s.tower for s in SETUPS) and any(s.wall for s in SETUPS) and any(s.capital for s in SETUPS)
