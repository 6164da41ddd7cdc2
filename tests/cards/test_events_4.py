"""The Chapter IV Events: each resolved in an Events Phase (tests/cards/event_fixtures.py),
asserted on everything it changes. Test names: test_<event_id>.

Every card in play gets 2 Activation Token(s) at the end of the phase (the last Chapter)."""
from __future__ import annotations

from .event_fixtures import event_game, outcome

SKELETONS = {"place_skeleton": ["hex:H08", "hex:H10"]}  # two lone Skeletons, one more each


def expect(**changed) -> dict:
    base = {"legions": [], "hordes": [], "garrisons": [], "skeletons": [], "curses": 0, "vp": (0, 0),
            "res": (5, 5, 5), "tokens": {}}
    base.update(changed)
    return base


def test_the_last_stand():
    # a Legion and a Horde (anywhere not next to a Haven) at Threat 6
    g = event_game("the_last_stand", answers={"place_horde": ["hex:W05"]})
    assert outcome(g) == expect(legions=[("assassin", "H00", 6)], hordes=[("bloodwyrm", "howling_white", 6)], tokens={"assassin": 2, "bloodwyrm": 2})

def test_the_white_death():
    # a Horde at Threat 6 in the Howling White, two Skeletons and two Garrisons
    g = event_game("the_white_death", answers={"place_skeleton": ["hex:H08", "hex:H10"], "place_garrison": ["hex:H01", "hex:H02"]})
    assert outcome(g) == expect(hordes=[("bloodwyrm", "howling_white", 6)], skeletons=["H08", "H10"], garrisons=["H01", "H02"], tokens={"bloodwyrm": 2})

def test_the_iron_decree():
    # a Legion at Threat 7, two Activation Tokens and 1 VP for the Empire
    g = event_game("the_iron_decree")
    assert outcome(g) == expect(legions=[("assassin", "H00", 7)], vp=(1, 0), tokens={"assassin": 4})

def test_song_of_the_deep():
    # a Horde at Threat 6 in the Screaming Sea, two Skeletons and 2 VP for Chaos
    g = event_game("song_of_the_deep", answers=SKELETONS)
    assert outcome(g) == expect(hordes=[("bloodwyrm", "screaming_sea", 6)], skeletons=["H08", "H10"], vp=(0, 2), tokens={"bloodwyrm": 2})

def test_the_final_harvest():
    # a Legion and a Horde (Fog Grave) at Threat 5; every player gains 2 Food
    g = event_game("the_final_harvest")
    assert outcome(g) == expect(legions=[("assassin", "H00", 5)], hordes=[("bloodwyrm", "fog_grave", 5)], res=(5, 5, 7), tokens={"assassin": 2, "bloodwyrm": 2})

def test_the_end_of_days():
    # (advanced) two Legions and a Horde at Threat 6
    g = event_game("the_end_of_days", answers={"place_horde": ["hex:W05"]})
    assert outcome(g) == expect(legions=[("assassin", "H00", 6), ("spymaster", "H00", 6)], hordes=[("bloodwyrm", "howling_white", 6)], tokens={"assassin": 2, "spymaster": 2, "bloodwyrm": 2})

def test_the_world_burns():
    # (advanced) two Hordes at Threat 7 and two Curses on empty hexes
    g = event_game("the_world_burns", answers={"place_horde": ["hex:W05", "hex:W10"], "place_curse": ["hex:H01", "hex:H02"]})
    assert outcome(g) == expect(hordes=[("bloodwyrm", "howling_white", 7), ("siren", "fog_grave", 7)], curses=2, tokens={"bloodwyrm": 2, "siren": 2})
