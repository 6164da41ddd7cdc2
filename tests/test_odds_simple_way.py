"""The combat kernel's simple way (engine/odds/combat.py, ``Kernel.transitions``) against its general
way (``Kernel.apply``): a round whose foe pays Threat before damage (the Coven's Godpower) is taken
the simple way when the foe is a card, and gives what ``apply`` gives, state by state."""
from __future__ import annotations

import pytest

from uprising_tui.engine.odds import fight_odds
from uprising_tui.engine.odds.check import SETUPS, prepare
from uprising_tui.engine.odds.library import forget, library
from uprising_tui.engine.odds.rounds import PRE_LOSS


def _coven_kernels():
    prep = prepare(next(s for s in SETUPS if s.name == "coven 6, ice"))
    cat = prep.game.cat
    forget(cat)
    fight_odds(cat, prep.spec)
    lib = library(cat)
    out = []
    for context, memo in lib._values.items():
        if context[0] == "combat" and context[1].group == "coven_of_yssat":
            out.append((memo[("kernel",)], memo[("registry",)]))
    assert out
    return out


def _general(kernel, c) -> dict:
    """`c`'s transitions with every round result taken through ``apply``."""
    acc: dict = {}
    for entry in kernel.results(c):
        p, res = entry[0], entry[-1]
        nxt, rew = kernel.apply(c, res)
        k = (nxt, kernel.reg.reward(rew, 5))
        acc[k] = acc.get(k, 0.0) + p
    return acc


def test_threat_paid_before_damage_goes_the_simple_way_as_apply_has_it():
    seen = 0
    for kernel, reg in _coven_kernels():
        for c in list(reg.rows):
            if type(c).__name__ == "Exit":
                continue
            entries = kernel.results(c)
            paying = [e for e in entries if e[-1][PRE_LOSS]]
            if not paying:
                continue
            assert all(e[1] for e in paying)  # simple
            seen += 1
            got, want = kernel.transitions(c), _general(kernel, c)
            assert got.keys() == want.keys()
            for k in want:
                assert got[k] == pytest.approx(want[k], abs=1e-15)
    assert seen > 10
