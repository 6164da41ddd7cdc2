"""The odds' approximate mode (engine/odds/approx.py) reads the same FightSpec and the same dice as
the exact odds: on plain fights it lands near them, a Tower and a Wall help the defender, the
foes come in the engine's order, and what it leaves out is said in its notes."""
from __future__ import annotations

import pytest

from uprising_tui.engine.game import default_catalog
from uprising_tui.engine.odds import FightSpec, fight_odds
from uprising_tui.engine.odds.approx import NOTE, approx_odds, foe_dice

CAT = default_catalog()

PLAIN = [
    FightSpec(units=(("younglings", 3),), garrisons=2, terrain="none"),
    FightSpec(units=(("younglings", 3),), garrisons=1, terrain="badlands"),
    FightSpec(units=(("younglings", 2), ("oathsworn", 2)), garrisons=3, terrain="none"),
    FightSpec(units=(("younglings", 3),), skeletons=2, terrain="marsh"),
    FightSpec(units=(("oathsworn", 3),), legions=(("butcher", 3),), terrain="none"),
]


@pytest.mark.parametrize("spec", PLAIN)
def test_near_the_exact_odds_on_plain_fights(spec):
    quick, exact = approx_odds(CAT, spec), fight_odds(CAT, spec)
    assert abs(quick.win - exact.win) < 0.12
    assert abs(quick.units_lost - exact.units_lost) < 0.4
    assert [f.key for f in quick.fights] == [f.key for f in exact.fights][:len(quick.fights)]
    assert quick.win + quick.lose + quick.both_wiped + quick.draw == pytest.approx(1.0)
    assert NOTE in quick.notes


def test_a_tower_and_a_wall_help_the_defender():
    base = FightSpec(units=(("younglings", 2),), garrisons=3, terrain="woods", haven=True)
    bare = approx_odds(CAT, base)
    tower = approx_odds(CAT, FightSpec(units=base.units, garrisons=3, terrain="woods", haven=True, tower=True))
    both = approx_odds(CAT, FightSpec(units=base.units, garrisons=3, terrain="woods", haven=True, tower=True,
                                      wall=True))
    assert bare.win < tower.win < both.win
    assert bare.units_lost > both.units_lost


def test_the_card_that_walks_in_fights_first_and_dice_come_from_the_cards_data():
    spec = FightSpec(units=(("oathsworn", 3),), garrisons=1, legions=(("butcher", 4),), mover="butcher")
    assert [f.key for f in approx_odds(CAT, spec).fights] == ["butcher", "garrisons"]
    row = CAT.nemesis("butcher").dice[4]
    assert sorted(foe_dice(CAT, spec, "butcher", "clash", 4)) == sorted(row.clash)
    assert foe_dice(CAT, spec, "skeletons", "archery", 2) == []


def test_no_units_no_fight():
    got = approx_odds(CAT, FightSpec(units=(), garrisons=2))
    assert got.win == 0.0 and got.units_lost == 0.0
