"""Command: several Units at once (issue 19, "bring all" and "bring N of this kind").

The Decision is still one pick from a finite list: the shortcuts are options of the
`command_units` step like the single picks (`bring:all`, `bring:<unit>*<n>`), and each
adds its Units to `chosen` one Ref per Unit, as the single picks would.

The Units come from the catalog (the faction's basic warrior and archer, its elite warrior),
so a renamed Unit does not break these tests; the hexes are those of the 1-faction map."""
from __future__ import annotations

import pytest

from uprising_tui.content.loader import default_catalog
from uprising_tui.engine.odds import odds
from uprising_tui.engine.face.refs import Ref
from uprising_tui.engine.scenario import Scenario, turn

from .helpers import drive

CAT = default_catalog()
FACTION = "mohyar"


def _unit(kind: str, grade: str) -> str:
    return next(u.id for u in CAT.factions[FACTION].units if u.type == kind and u.grade == grade)


BASIC = _unit("warrior", "basic")
ARCHER = _unit("archer", "basic")
ELITE = _unit("warrior", "elite")


def game(h14: dict, w02: dict | None = None, target: dict | None = None, dst: str = "H07"):
    """Units on the home hex H14 (and on W02, beside both H14 and H15); the target is face-up."""
    sc = Scenario([FACTION]).empty_board()
    sc.player(FACTION, food=1, feats=[], items=[])
    sc.at("H14", units=h14)
    if w02:
        sc.at("W02", units=w02)
    sc.at(dst, tile="black_ice", **(target or {}))
    g = sc.game(script=turn(FACTION))
    drive(g, f"command:{dst}")
    assert g.decision.kind == "command_units"
    return g


def shortcuts(g) -> dict[str, str]:
    return {o.id: o.label for o in g.decision.options if o.id == "bring:all" or "*" in o.id}


def chosen_units(g) -> list[str]:
    return sorted(r.id for r in g.decision.chosen if r.kind == "unit")


def test_bring_all_brings_every_unit_that_can_come_one_ref_each():
    g = game({BASIC: 2, ARCHER: 1})
    assert set(shortcuts(g)) == {"bring:all", f"bring:{BASIC}*2"}
    assert "3" in shortcuts(g)["bring:all"]
    drive(g, "bring:all")
    assert chosen_units(g) == sorted([f"H14:{BASIC}", f"H14:{BASIC}", f"H14:{ARCHER}"])
    assert not shortcuts(g) and not any(o.id.startswith("bring:") for o in g.decision.options)
    drive(g, "done")
    assert g.state.hexes["H07"].units == {BASIC: 2, ARCHER: 1}
    assert g.state.hexes["H14"].units == {}


def test_bring_n_of_a_kind_gathers_it_from_every_hex_it_stands_on():
    g = game({BASIC: 2, ARCHER: 1}, w02={BASIC: 1}, dst="H15")
    assert f"bring:{BASIC}*3" in shortcuts(g)
    assert g.decision.get(f"bring:{BASIC}*3").hex == "H14"
    drive(g, f"bring:{BASIC}*3")
    assert chosen_units(g) == sorted([f"H14:{BASIC}", f"H14:{BASIC}", f"W02:{BASIC}"])
    drive(g, "done")
    assert g.state.hexes["H15"].units == {BASIC: 3}
    assert g.state.hexes["H14"].units == {ARCHER: 1}


def test_the_hex_limit_caps_the_shortcuts_and_bring_all_takes_the_dearest():
    g = game({BASIC: 3, ELITE: 2, ARCHER: 1}, target={"units": {BASIC: 1}})  # room for 4
    got = shortcuts(g)
    assert f"bring:{BASIC}*3" in got and f"bring:{ELITE}*2" in got
    assert "room for 4" in got["bring:all"]
    drive(g, "bring:all")
    picked = [u.split(":")[1] for u in chosen_units(g)]
    assert sorted(picked) == sorted([ELITE, ELITE, ARCHER, BASIC]) or sorted(picked) == sorted(
        [ELITE, ELITE, BASIC, BASIC])
    assert picked.count(ELITE) == 2  # the dearest first
    assert not shortcuts(g)  # full: only March! (and the Hero) are left


def test_no_shortcut_where_a_single_pick_is_the_same_thing():
    g = game({BASIC: 1, ARCHER: 1})
    assert set(shortcuts(g)) == {"bring:all"}  # no type has two
    g = game({BASIC: 3})
    assert set(shortcuts(g)) == {"bring:all"}  # one type: bring all is bring three of it
    g = game({BASIC: 1})
    assert not shortcuts(g)


def test_odds_of_a_shortcut_are_those_of_its_whole_force():
    g = game({BASIC: 2, ARCHER: 1}, target={"garrisons": 1})
    got = odds(g, "bring:all")
    assert dict(got.force) == {BASIC: 2, ARCHER: 1}
    kind = odds(g, f"bring:{BASIC}*2")
    assert dict(kind.force) == {BASIC: 2}
    assert got.win > kind.win
    drive(g, f"bring:H14:{BASIC}")
    assert dict(odds(g, "bring:all").force) == {BASIC: 2, ARCHER: 1}  # the one chosen plus the two left


def test_a_stale_shortcut_is_refused_and_changes_nothing():
    from uprising_tui.engine import IllegalChoice
    g = game({BASIC: 2, ARCHER: 1})
    before = g.checksum()
    with pytest.raises(IllegalChoice):
        g.answer(f"bring:{BASIC}*5")
    assert g.checksum() == before and g.decision.chosen == (Ref("hex", "H07"),)
