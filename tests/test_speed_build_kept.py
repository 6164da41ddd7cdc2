"""What the Build, the payments and Scoring keep between Decisions says what a fresh reading would:
the affordable Units say what payments say, a pay option's kept amounts are the ones its id names,
and a single way to pay is taken without a question, as `ask` takes a lone option. (The options
kept per hex: tests/test_memo.py.)

1-faction map: H14 is Yanny's home hex (her Haven)."""
from __future__ import annotations

import itertools

from uprising_tui.engine.rules import phases
from uprising_tui.engine.face.decision import OptionCost
from uprising_tui.engine.rules.economy import _PAID, always_options, parse_pay, pay_options, payments
from uprising_tui.engine.scenario import Scenario, run_phase

from .helpers import drive


def yanny(**player):
    sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board()
    sc.player("duerkhar", **player)
    return sc.game(script=run_phase("build"))


def test_affordable_units_say_what_payments_say():
    g = yanny(feat_deck=[])
    p = g.state.player("duerkhar")
    units = g.cat.factions["duerkhar"].units
    held = (p.salt, p.plunder, p.food, dict(p.reserve))
    for p.salt, p.plunder, p.food in itertools.product(range(5), repeat=3):
        for u in units:
            p.reserve[u.id] = 1
        assert phases.affordable_units(g.ctx, p) == [u for u in units if payments(p, u.costs)]
        p.reserve[units[0].id] = 0
        assert units[0] not in phases.affordable_units(g.ctx, p)
    p.salt, p.plunder, p.food, p.reserve = held  # (the table checks its projection after each test)


def test_a_single_way_to_pay_is_taken_without_a_question():
    # Younglings cost 2 Salt or 2 Plunder: with Salt only, the Salt pays at once
    g = yanny(salt=2, plunder=1, food=0, feat_deck=[])
    drive(g, "build:younglings:H14")
    p = g.state.player("duerkhar")
    assert g.decision.kind == "build" and (p.salt, p.plunder, p.food) == (0, 1, 0)
    assert g.state.hexes["H14"].units == {"younglings": 1}


def test_a_payment_pays_the_way_its_option_names():
    g = yanny(salt=2, plunder=2, food=0, feat_deck=[])
    drive(g, "build:younglings:H14")
    assert g.decision.kind == "pay" and g.decision.ids()[:2] == ["pay:s2p0f0", "pay:s0p2f0"]
    drive(g, "pay:s0p2f0")
    p = g.state.player("duerkhar")
    assert (p.salt, p.plunder, p.food) == (2, 0, 0) and g.state.hexes["H14"].units == {"younglings": 1}


def test_kept_pay_amounts_are_the_ones_the_id_names():
    ways = [{"salt": s, "plunder": pl, "food": f} for s, pl, f in itertools.product(range(7), repeat=3)]
    for o in pay_options(ways):
        assert _PAID[o.id] == tuple(parse_pay(o.id[4:]).values())
        assert o.cost == OptionCost(**parse_pay(o.id[4:]))


def test_always_options_are_kept_unchanged_by_their_callers():
    g = yanny(salt=3, plunder=3, food=3, feat_deck=[])
    p = g.state.player("duerkhar")
    kept = always_options(p)
    phases.build_options(g.ctx, p, ["H14"])
    assert always_options(p) is kept and isinstance(kept, tuple)
    assert [o.id for o in kept] == ["trade:ap"] + [f"convert:{a}:{b}" for a in ("salt", "plunder", "food")
                                                   for b in ("salt", "plunder", "food") if a != b]
