"""The Chapter II Events: each resolved in an Events Phase (tests/cards/event_fixtures.py),
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


def test_the_vanguard_marches():
    # a Legion at Threat 4 and two Garrisons on empty hexes (the rulebook's Legion Example Event)
    g = event_game("the_vanguard_marches", answers={"place_garrison": ["hex:H01", "hex:H02"]})
    assert outcome(g) == expect(legions=[("assassin", "H00", 4)], garrisons=["H01", "H02"], tokens={"assassin": 1})

def test_the_fog_grave_stirs():
    # a Horde at Threat 4 in the Fog Grave, not next to a Haven (the Horde Example), and a Skeleton
    g = event_game("the_fog_grave_stirs", answers=SKELETONS)
    assert outcome(g) == expect(hordes=[("bloodwyrm", "fog_grave", 4)], skeletons=["H08"], tokens={"bloodwyrm": 1})

def test_border_war():
    # a Legion and a Horde (Howling White) at Threat 3
    g = event_game("border_war")
    assert outcome(g) == expect(legions=[("assassin", "H00", 3)], hordes=[("bloodwyrm", "howling_white", 3)], tokens={"assassin": 1, "bloodwyrm": 1})

def test_grave_robbers():
    # a Horde at Threat 3 in the Screaming Sea and one Skeleton on an empty hex (eased: with two more
    # Skeletons beside the others it often made a second Horde at once; the card report flagged it)
    g = event_game("grave_robbers", answers={"place_skeleton": ["hex:H05"]})
    assert outcome(g) == expect(hordes=[("bloodwyrm", "screaming_sea", 3)], skeletons=["H05"], tokens={"bloodwyrm": 1})

def test_harvest_moon():
    # a Legion at Threat 5; every player gains 1 Plunder and 1 Food
    g = event_game("harvest_moon")
    assert outcome(g) == expect(legions=[("assassin", "H00", 5)], res=(5, 6, 6), tokens={"assassin": 1})

def test_the_purge():
    # (advanced) a Legion at Threat 5 and two Activation Tokens (both on it)
    g = event_game("the_purge")
    assert outcome(g) == expect(legions=[("assassin", "H00", 5)], tokens={"assassin": 3})

def test_the_long_night():
    # (advanced) a Horde at Threat 4 in the Fog Grave and a Curse on an empty hex
    g = event_game("the_long_night", answers={"place_curse": ["hex:H01"]})
    assert outcome(g) == expect(hordes=[("bloodwyrm", "fog_grave", 4)], curses=1, tokens={"bloodwyrm": 1})
