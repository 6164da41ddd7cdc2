"""The Chapter I Events: each resolved in an Events Phase (tests/cards/event_fixtures.py),
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


def test_imperial_patrols():
    # a Legion at Threat 3 (its Target: Yanny's home) and a Garrison on an empty hex
    g = event_game("imperial_patrols", answers={"place_garrison": ["hex:H01"]})
    assert outcome(g) == expect(legions=[("assassin", "H00", 3)], garrisons=["H01"], tokens={"assassin": 1})

def test_the_fog_rises():
    # a Horde at Threat 3 in the Fog Grave, not next to a Haven
    g = event_game("the_fog_rises")
    assert outcome(g) == expect(hordes=[("bloodwyrm", "fog_grave", 3)], tokens={"bloodwyrm": 1})

def test_howls_on_the_ice():
    # a Horde at Threat 2 in the Howling White and a Skeleton with the others
    g = event_game("howls_on_the_ice", answers=SKELETONS)
    assert outcome(g) == expect(hordes=[("bloodwyrm", "howling_white", 2)], skeletons=["H08"], tokens={"bloodwyrm": 1})

def test_the_census():
    # a Legion at Threat 3; every player gains 1 Food
    g = event_game("the_census")
    assert outcome(g) == expect(legions=[("assassin", "H00", 3)], res=(5, 5, 6), tokens={"assassin": 1})

def test_wreckers_lights():
    # a Horde at Threat 3 in the Screaming Sea; every player gains 1 Salt
    g = event_game("wreckers_lights")
    assert outcome(g) == expect(hordes=[("bloodwyrm", "screaming_sea", 3)], res=(6, 5, 5), tokens={"bloodwyrm": 1})

def test_early_frost():
    # (advanced) a Legion at Threat 4 and two Skeletons with the others
    g = event_game("early_frost", answers=SKELETONS)
    assert outcome(g) == expect(legions=[("assassin", "H00", 4)], skeletons=["H08", "H10"], tokens={"assassin": 1})

def test_the_dead_tide():
    # (advanced) a Horde at Threat 4 anywhere not next to a Haven, and an Activation Token (on it)
    g = event_game("the_dead_tide", answers={"place_horde": ["hex:W05"]})
    assert outcome(g) == expect(hordes=[("bloodwyrm", "howling_white", 4)], tokens={"bloodwyrm": 2})
