"""Setup is checked when it is made (a plain class: no pydantic), and names what is wrong."""
from __future__ import annotations

import pickle

import pytest

from uprising_tui.engine import Setup
from uprising_tui.engine.setup import SetupError


def test_defaults_and_round_trip():
    s = Setup(factions=["krowh", "mohyar"], seed=3)
    assert (s.heroes, s.chapters, s.difficulty, s.auto_ties) == (None, 4, "veteran", False)
    assert s.to_dict() == {"factions": ["krowh", "mohyar"], "heroes": None, "chapters": 4,
                           "difficulty": "veteran", "seed": 3, "auto_ties": False}
    assert Setup.from_dict(s.to_dict()) == s and hash(Setup.from_dict(s.to_dict())) == hash(s)
    assert pickle.loads(pickle.dumps(s)) == s
    assert s.replace(seed=4).seed == 4 and s.seed == 3


def test_a_setup_is_read_only():
    s = Setup(factions=["krowh"])
    with pytest.raises(AttributeError, match="read-only"):
        s.seed = 5


@pytest.mark.parametrize("kwargs, message", [
    ({"factions": []}, "factions: give 1 to 4 factions, not 0"),
    ({"factions": ["a", "b", "c", "d", "e"]}, "factions: give 1 to 4 factions, not 5"),
    ({"factions": ["krowh", "krowh"]}, "factions: each faction can be played only once"),
    ({"factions": "krowh"}, "factions must be a list of ids"),
    ({"factions": ["krowh"], "heroes": ["a", "b"]}, "heroes: give one Hero per faction"),
    ({"factions": ["krowh"], "chapters": 5}, "chapters must be from 2 to 4, not 5"),
    ({"factions": ["krowh"], "chapters": 1}, "chapters must be from 2 to 4, not 1"),
    ({"factions": ["krowh"], "chapters": "3"}, "chapters must be a whole number, not '3'"),
    ({"factions": ["krowh"], "chapters": True}, "chapters must be a whole number, not True"),
    ({"factions": ["krowh"], "difficulty": "easy"}, "difficulty must be one of rebel, veteran"),
    ({"factions": ["krowh"], "seed": 1.5}, "seed must be a whole number, not 1.5"),
    ({"factions": ["krowh"], "auto_ties": 1}, "auto_ties must be true or false, not 1"),
])
def test_bad_setups_are_refused_with_the_field_named(kwargs, message):
    with pytest.raises(SetupError) as exc:
        Setup(**kwargs)
    assert str(exc.value).startswith(message)
    assert isinstance(exc.value, ValueError)


def test_from_dict_refuses_unknown_and_missing_fields():
    with pytest.raises(SetupError, match="colour: not a setup field"):
        Setup.from_dict({"factions": ["krowh"], "colour": "red"})
    with pytest.raises(SetupError, match="factions: the field is missing"):
        Setup.from_dict({"seed": 1})
    with pytest.raises(SetupError, match="a setup is an object"):
        Setup.from_dict([])


def test_a_save_with_a_bad_setup_names_the_field():
    from uprising_tui.engine import Game, SaveError

    data = Game(Setup(factions=["krowh"], chapters=2, seed=1)).start().save()
    data["setup"]["chapters"] = 9
    with pytest.raises(SaveError) as exc:
        Game.load(data)
    assert str(exc.value) == "save: setup field chapters must be from 2 to 4, not 9"
    data["setup"]["chapters"] = 2
    data["setup"]["speed"] = 1
    with pytest.raises(SaveError, match="setup field speed: not a setup field"):
        Game.load(data)
