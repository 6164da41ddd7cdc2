"""Events are built by a generated ``__new__`` that fills a writable twin class and makes it the
event's own class (event_base.py): what comes out must be an ordinary, frozen event of that
class, equal, hashing, pickling and copying by its fields, and the twin must never show."""
from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from uprising_tui.engine import Game
from uprising_tui.engine.face.events.base import EVENT_TYPES, GameEvent
from uprising_tui.engine.face.events import Note, ResourcesChanged
from uprising_tui.engine.face.refs import SourceRef

from .test_random_games import setup_for

SRC = SourceRef("rule", "test")


def _sample(cls: type, salt: int = 0) -> GameEvent:
    """An instance of `cls` with a distinct value in every field (the values' types do not matter)."""
    values = {f.name: f"{f.name}{salt}" for f in dataclasses.fields(cls)}
    values["source"] = SRC
    return cls(**values)


@pytest.mark.parametrize("name", sorted(EVENT_TYPES))
def test_every_event_class_builds_a_frozen_instance_of_itself(name):
    cls = EVENT_TYPES[name]
    e = _sample(cls)
    assert type(e) is cls and e.event_type == name
    for f in dataclasses.fields(cls):
        assert getattr(e, f.name) == (SRC if f.name == "source" else f"{f.name}0")
    for f in dataclasses.fields(cls):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(e, f.name, "changed")
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(e, f.name)
    assert not hasattr(e, "__dict__")  # slotted: no attribute can be added either
    again = _sample(cls)
    assert e == again and hash(e) == hash(again) and e != _sample(cls, 1)
    for made in (pickle.loads(pickle.dumps(e)), copy.copy(e), copy.deepcopy(e), dataclasses.replace(e)):
        assert type(made) is cls and made == e
    assert repr(e).startswith(f"{cls.__qualname__}(source=")


def test_arguments_are_checked_as_a_dataclass_checks_them():
    assert ResourcesChanged("a", 1, 2, 3, "r") == ResourcesChanged(faction="a", salt=1, plunder=2, food=3, reason="r")
    assert ResourcesChanged("a", 1, 2, 3, "r").source is None
    assert Note("x").args == () and Note("x", ("y",)).args == ("y",)  # defaults
    with pytest.raises(TypeError):
        ResourcesChanged("a", 1, 2)  # missing fields
    with pytest.raises(TypeError):
        ResourcesChanged("a", 1, 2, 3, "r", SRC)  # `source` is keyword-only
    with pytest.raises(TypeError):
        ResourcesChanged("a", 1, 2, 3, "r", colour="red")  # no such field
    assert ResourcesChanged.__match_args__ == ("faction", "salt", "plunder", "food", "reason")


def test_no_twin_class_is_an_event_type():
    for name in EVENT_TYPES:
        _sample(EVENT_TYPES[name])  # every twin made
    assert all(type(cls) is type(GameEvent) and cls.__module__.startswith("uprising_tui.engine.face.events")
               for cls in EVENT_TYPES.values())
    assert not any(name.endswith("Fill") for name in EVENT_TYPES)


def test_emitted_events_are_frozen_and_carry_their_source():
    g = Game(setup_for(4001)).start()
    for _ in range(40):
        if g.decision is None:
            break
        g.answer(g.decision.options[0].id)
    assert len(g.log) > 20
    for e in g.log:
        assert type(e) in EVENT_TYPES.values() and e.source is not None
        with pytest.raises(dataclasses.FrozenInstanceError):
            e.source = SRC
        for name in dataclasses.fields(e):
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(e, name.name, None)
