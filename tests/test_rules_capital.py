"""The Capital rule holds after anything (issues 6.4 and 9.3): whatever leaves only
non-Imperial Units on the Capital, a Legion appears at once. One check
(``fights.capital_owed``), owed whenever an event names the Capital, is reached from every path
that changes what stands there; each test below takes one path, and the last ones hold that
nothing owed goes unseen.

1-faction map: H00 is the Capital (touches H01-H06); H14 the home hex."""
from __future__ import annotations

import pytest

from uprising_tui.bots import get_bot
from uprising_tui.engine import Game, Setup
from uprising_tui.engine.table import changes
from uprising_tui.engine.face.events import SkeletonPlaced
from uprising_tui.engine.scenario import Scenario, activate, effect, fight

from .helpers import drive, events, ids, play_out
from .ops_helpers import run_ops


def legion_on_capital(g) -> bool:
    return any(e.card == "assassin" and e.hex == "H00" for e in events(g, "NemesisPlaced"))


def crowd_but(sc: Scenario, keep: tuple[str, ...]) -> Scenario:
    """A Curse on every island hex but `keep` (so those are the only empty ones)."""
    def step(st):
        for h in st.hexes.values():
            if h.role in ("random", "sea_tower") and h.id not in keep:
                h.curse = True
    return sc.state(step)


def test_a_skeleton_placed_on_the_empty_capital_brings_a_legion():
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()  # the Capital stands empty
    sc.decks(legion_deck=["assassin"])
    sc.rig(red=[""] * 10)
    g = sc.game(script=effect([{"op": "place_skeleton", "where": "empty", "count": 1}], actor="mohyar"))
    drive(g, "hex:H00")
    assert legion_on_capital(g)
    assert events(g, "CombatStarted")[0].hex == "H00"
    play_out(g)


def test_a_card_that_moves_a_horde_onto_the_empty_capital_brings_a_legion():
    # the Siren's Godpower: "move to the closest empty hex" (not an activation)
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    crowd_but(sc, keep=())
    sc.at("H01", hordes=[("siren", 3)])
    sc.decks(legion_deck=["assassin"])
    g = run_ops(sc, [{"op": "move_to_closest_empty"}], actor="chaos", nem="siren", finish=False)
    assert [(e.src, e.dst) for e in events(g, "NemesisMoved")][0] == ("H01", "H00")
    assert legion_on_capital(g)
    assert events(g, "CombatStarted")[0].hex == "H00"


def test_a_horde_placed_on_the_empty_capital_brings_a_legion():
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    crowd_but(sc, keep=())
    sc.decks(horde_deck=["bloodwyrm"], legion_deck=["assassin"])
    g = sc.game(script=effect([{"op": "place_horde"}], actor="mohyar"))
    assert "hex:H00" in ids(g)
    drive(g, "hex:H00")
    assert legion_on_capital(g)


def test_a_hordes_curse_step_on_the_capital_brings_a_legion():
    sc = Scenario(["mohyar"]).empty_board()
    sc.at("H00", garrisons=1, hordes=[("bloodwyrm", 3)])  # the Curse destroys the Garrison
    sc.decks(legion_deck=["assassin"])
    g = sc.game(script=activate("bloodwyrm"))
    play_out(g)
    assert legion_on_capital(g)
    assert events(g, "CombatStarted")[0].hex == "H00"


def test_a_godpower_placing_skeletons_on_the_capital_during_a_combat_elsewhere_brings_a_legion_after_it():
    # the Counter of Omens (after damage): "place 2 Skeletons on an empty hex": the Capital
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    sc.at("H07", tile="raufrost", units={"sellswords": 1}, hordes=[("counter_of_omens", 7)])
    sc.decks(legion_deck=["assassin"])
    # Archery: five white blanks. Clash: Bolt, Bolt-Bolt and blanks for the Counter (its
    # Godpower once, the other Bolts cancel no Shield); the Sellswords' Skull
    sc.rig(white=[""] * 5, black=["B"], purple=["BB", "", ""], blue=["S", ""])
    g = sc.game(script=fight("H07", attacker="mohyar"))
    play_out(g, {"place_skeleton": "hex:H00"})
    assert [e.hex for e in events(g, "SkeletonPlaced")][:2] == ["H00", "H00"]
    assert legion_on_capital(g)
    fought = [e.hex for e in events(g, "CombatStarted")]
    assert fought[0] == "H07" and "H00" in fought[1:]


def test_activated_skeletons_stepping_onto_the_empty_capital_bring_a_legion():
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    crowd_but(sc, keep=())
    sc.at("H01", skeletons=1)  # every other neighbour of H01 is Cursed: the empty Capital it is
    sc.decks(legion_deck=["assassin"])
    g = sc.game(script=effect([{"op": "activate", "which": "skeletons"}], actor="mohyar"))
    play_out(g, {"nemesis_tie": "hex:H00"})
    assert g.state.hexes["H01"].skeletons == 0
    assert legion_on_capital(g)
    assert events(g, "CombatStarted")[0].hex == "H00"


def test_a_unit_an_effect_places_on_the_empty_capital_brings_a_legion():
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    sc.at("H14", haven=None)  # no Haven: "a Haven or an empty explored hex"
    sc.decks(legion_deck=["assassin"])
    g = sc.game(script=effect([{"op": "place_unit", "grade": "basic", "where": "haven_or_empty_explored"}],
                              actor="mohyar"))
    play_out(g, {"place_unit_hex": "hex:H00"})
    assert legion_on_capital(g)
    assert events(g, "CombatStarted")[0].hex == "H00"


def _only_non_imperial(g) -> bool:
    h = g.state.hexes[g.board.capital]
    return not h.capital_fallen and not (h.garrisons or h.legions) and bool(h.units or h.skeletons or h.hordes)


@pytest.mark.parametrize("seed, bot", [(31, "random"), (32, "random"), (33, "heuristic")])
def test_the_check_is_owed_whenever_it_would_find_something(seed, bot):
    """The check looks only after an event named the Capital; after every answer of whole games,
    whenever only non-Imperial Units stand there (mid-combat), the check is owed."""
    g = Game(Setup(factions=["krowh", "mohyar"], chapters=3, seed=seed, difficulty="nightmare")).start()
    b = get_bot(bot, seed)
    while g.decision is not None:
        g.answer(b.choose(g, g.decision))
        assert g.ctx.capital_changed or not _only_non_imperial(g)


def test_without_the_events_the_check_would_not_look(monkeypatch):
    """The check relies on the events: with the Capital never marked changed, the Legion of the
    first test does not come."""
    monkeypatch.setitem(changes.WATCH, SkeletonPlaced, None)  # (the one event that names the Capital here)
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    sc.decks(legion_deck=["assassin"])
    sc.rig(red=[""] * 10)
    g = sc.game(script=effect([{"op": "place_skeleton", "where": "empty", "count": 1}], actor="mohyar"))
    g.ctx.capital_changed = False  # as if looked at already
    drive(g, "hex:H00")
    assert not legion_on_capital(g)
