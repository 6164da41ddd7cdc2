"""The Chapter III Events: each resolved in an Events Phase (tests/cards/event_fixtures.py),
asserted on everything it changes. Test names: test_<event_id>.

Every card in play gets 1 Activation Token(s) at the end of the phase."""
from __future__ import annotations

from .event_fixtures import event_game, outcome

SKELETONS = {"place_skeleton": ["hex:H08", "hex:H10"]}  # two lone Skeletons, one more each


def expect(**changed) -> dict:
    base = {"legions": [], "hordes": [], "garrisons": [], "skeletons": [], "curses": 0, "vp": (0, 0),
            "res": (5, 5, 5), "tokens": {}}
    base.update(changed)
    return base


def test_two_fronts():
    # a Legion and a Horde (Howling White) at Threat 5
    g = event_game("two_fronts")
    assert outcome(g) == expect(legions=[("assassin", "H00", 5)], hordes=[("bloodwyrm", "howling_white", 5)], tokens={"assassin": 1, "bloodwyrm": 1})

def test_the_restless_sea():
    # a Horde at Threat 5 in the Screaming Sea, two Skeletons and an Activation Token
    g = event_game("the_restless_sea", answers=SKELETONS)
    assert outcome(g) == expect(hordes=[("bloodwyrm", "screaming_sea", 5)], skeletons=["H08", "H10"], tokens={"bloodwyrm": 2})

def test_martial_law():
    # a Legion at Threat 4, two Garrisons and 1 VP for the Empire
    g = event_game("martial_law", answers={"place_garrison": ["hex:H01", "hex:H02"]})
    assert outcome(g) == expect(legions=[("assassin", "H00", 4)], garrisons=["H01", "H02"], vp=(1, 0), tokens={"assassin": 1})

def test_refugees_from_the_north():
    # a Horde (Fog Grave) and a Legion at Threat 5; every player gains 1 Food
    g = event_game("refugees_from_the_north")
    assert outcome(g) == expect(legions=[("assassin", "H00", 5)], hordes=[("bloodwyrm", "fog_grave", 5)], res=(5, 5, 6), tokens={"bloodwyrm": 1, "assassin": 1})

def test_the_capital_arms():
    # a Legion at Threat 6 and two Garrisons on the Capital (here holding one: it reaches three)
    g = event_game("the_capital_arms", setup=lambda sc: sc.at("H00", garrisons=1))
    assert outcome(g) == expect(legions=[("assassin", "H00", 6)], garrisons=["H00", "H00"], tokens={"assassin": 1})

def test_the_twin_eagles():
    # (advanced) two Legions at Threat 5; the second finds no faction left to hunt and targets the Capital
    g = event_game("the_twin_eagles")
    assert outcome(g) == expect(legions=[("assassin", "H00", 5), ("spymaster", "H00", 5)], tokens={"assassin": 1, "spymaster": 1})

def test_the_breaking_ice():
    # (advanced) two Hordes at Threat 5 anywhere not next to a Haven
    g = event_game("the_breaking_ice", answers={"place_horde": ["hex:W05", "hex:W10"]})
    assert outcome(g) == expect(hordes=[("bloodwyrm", "howling_white", 5), ("siren", "fog_grave", 5)], tokens={"bloodwyrm": 1, "siren": 1})
