"""odds(game, option): the odds of the fight a pending option would start, read from a
game with only what the table can see."""
from __future__ import annotations

import pytest

from uprising_tui.content.loader import default_catalog
from uprising_tui.engine.rules.fight_policy import default_force
from uprising_tui.engine.odds import FightSpec, OddsError, fight_odds, odds, spec_from_game
from uprising_tui.engine.scenario import Scenario, turn

CAT = default_catalog()


def command_game(**hex_kw):
    sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board()
    g0 = sc.game(script=turn("duerkhar"))
    home = g0.state.player("duerkhar").hero_hex
    target = next(n for n in g0.board.unit_adjacent(home) if g0.state.hexes[n].role == "random")
    sc.at(home, units={"younglings": 3, "oathsworn": 1})
    sc.at(target, tile="fyrnhalla", **hex_kw)
    sc.player("duerkhar", feats=[], items=[], ap=4, food=2)
    return sc.game(script=turn("duerkhar")), home, target


def test_a_command_target_assumes_the_default_force():
    g, home, target = command_game(garrisons=2)
    got = odds(g, f"command:{target}")
    assert got is not None and got.assumed_force
    assert dict(got.force) == {"oathsworn": 1, "younglings": 3}
    want = fight_odds(CAT, FightSpec(units=(("oathsworn", 1), ("younglings", 3)), garrisons=2, terrain="woods",
                                     hero=True, druids=tuple(g.state.druids)))
    assert got.win == pytest.approx(want.win) and got.units_lost == pytest.approx(want.units_lost)
    assert "(all Units that can come)" in got.summary()
    assert dict(default_force(g, "duerkhar", target).brings[:1]) == {home: "oathsworn"}


def test_options_that_start_no_fight_have_no_odds():
    g, home, target = command_game()  # an empty hex: no fight
    assert odds(g, f"command:{target}") is None
    others = [i for i in g.decision.ids() if not i.startswith("command:")]
    assert others and all(odds(g, i) is None for i in others)


def test_an_option_not_on_offer_is_an_error_that_changes_nothing():
    g, home, target = command_game(garrisons=1)
    before = g.checksum()
    with pytest.raises(OddsError, match="not an option"):
        odds(g, "command:H99")
    assert g.checksum() == before


def test_while_choosing_units_the_force_so_far_plus_the_option():
    g, home, target = command_game(garrisons=3)
    g.answer(f"command:{target}")
    assert g.decision.kind == "command_units"
    one = odds(g, f"bring:{home}:younglings")
    assert dict(one.force) == {"younglings": 1} and not one.assumed_force
    g.answer(f"bring:{home}:oathsworn")
    two = odds(g, f"bring:{home}:younglings")
    assert dict(two.force) == {"oathsworn": 1, "younglings": 1}
    done = odds(g, "done")
    assert dict(done.force) == {"oathsworn": 1}
    assert two.win > done.win
    hero = odds(g, "hero")
    assert hero.hero and hero.win == pytest.approx(done.win)  # the Hero rolls no dice


def test_the_spec_shows_only_what_the_table_sees():
    """A Horde still to come is any Horde not yet seen: the deck and the box look alike,
    and the deck's order is never read."""
    g, home, target = command_game(skeletons=2)
    st = g.state
    a = spec_from_game(g, target, "duerkhar", {"younglings": 3}, False)
    st.horde_deck.reverse()
    b = spec_from_game(g, target, "duerkhar", {"younglings": 3}, False)
    assert a == b
    assert set(a.horde_pool) == set(st.horde_deck) | set(st.horde_box)
    assert a.horde_count == len(st.horde_deck)
