"""Content records (content/record.py) and their validation (content/validation.py): plain,
frozen, compared by value, pickled without pydantic; checked by pydantic only when data is read."""
from __future__ import annotations

import os
import pickle
import subprocess
import sys

import pytest

from uprising_tui.content import models as m
from uprising_tui.content.ops import OP_BY_NAME, Gain, Reroll
from uprising_tui.content.record import Record
from uprising_tui.content.validation import ValidationError, parse_effect, validate


def test_a_record_is_built_by_keywords_with_its_defaults():
    g = Gain(salt=2)
    assert (g.op, g.who, g.salt, g.vp) == ("gain", "self", 2, 0)
    assert Gain(salt=2) == g and Gain(salt=3) != g and hash(Gain(salt=2)) == hash(g)


def test_a_required_field_and_an_unknown_field_are_refused():
    with pytest.raises(TypeError, match="'colour' is required"):
        m.Die(faces=())
    with pytest.raises(TypeError, match="no field 'colr'"):
        m.Die(colour="red", faces=(), colr="x")


def test_a_record_is_read_only_and_replace_gives_a_copy():
    use = m.Use(when="combat")
    with pytest.raises(AttributeError, match="read-only"):
        use.when = "always"
    other = use.replace(limit="once_per_round")
    assert (use.limit, other.limit, other.when) == ("none", "once_per_round", "combat")


def test_mutable_defaults_are_fresh_per_record():
    a, b = m.QuestBonus(when="always"), m.QuestBonus(when="always")
    assert a.dice == [] and a.dice is not b.dice
    tile = m.HexTile(id="x", name="X", kind="regular")
    assert tile.resources == m.ProductionRow() and tile.explore == []


def test_inherited_fields_come_first():
    assert m.Feat.__fields__[:5] == ("id", "name", "text", "provenance", "advanced")
    assert "hero" in m.Feat.__fields__ and "hero" not in m.Card.__fields__


def test_records_pickle_and_compare_equal(tmp_path):
    from uprising_tui.content.loader import load_catalog
    cat = load_catalog()
    feat = next(iter(cat.feats.values()))
    again = pickle.loads(pickle.dumps(feat))
    assert again == feat and type(again) is type(feat) and again.effect == feat.effect
    assert feat.as_dict()["use"]["when"] == feat.use.when


def test_every_op_record_knows_its_name():
    for name, cls in OP_BY_NAME.items():
        assert cls.__defaults__["op"] == name


def test_validation_gives_records_and_checks_bounds_and_checks():
    die = validate(m.Die, {"colour": "red", "faces": [["skull"], [], [], ["bolt"], ["shield"], []]})
    assert isinstance(die, m.Die) and isinstance(die, Record) and die.faces[0] == ("skull",)
    with pytest.raises(ValidationError, match="greater than or equal to 1"):
        validate(m.QuestGoal, {"symbol": "skull", "count": 0})
    with pytest.raises(ValidationError, match="must sum to 4"):
        validate(m.Hero, {"id": "h", "name": "H", "faction": "f", "might": 3, "magic": 3,
                          "feats": ["a", "b", "c", "d"]})
    with pytest.raises(ValidationError, match="0 or more"):
        validate(m.Hero, {"id": "h", "name": "H", "faction": "f", "might": -1, "magic": 5,
                          "feats": ["a", "b", "c", "d"]})
    with pytest.raises(ValidationError, match="Extra inputs are not permitted"):
        validate(m.Use, {"when": "combat", "colour": "red"})
    with pytest.raises(ValidationError, match="an id is 1 to 40"):
        validate(m.Card, {"id": "bad id", "name": "X", "text": ""})


def test_an_effect_from_plain_data_is_checked_op_by_op():
    steps = parse_effect([{"op": "gain", "salt": 1}, {"op": "reroll", "count": "all"}])
    assert steps == [Gain(salt=1), Reroll(count="all")]
    with pytest.raises(ValidationError):
        parse_effect([{"op": "no_such_op"}])
    with pytest.raises(ValidationError):
        parse_effect([{"salt": 1}])  # a step must say which op it is


def test_the_engine_and_a_cached_catalog_load_without_pydantic(tmp_path):
    """What `uprising` pays at start-up: no pydantic, no YAML once the catalog is cached."""
    code = ("import sys\n"
            "import uprising_tui.engine\n"
            "from uprising_tui.content.loader import default_catalog\n"
            "cat = default_catalog()\n"
            "print(len(cat.feats), 'pydantic' in sys.modules, 'yaml' in sys.modules)\n")
    env = dict(os.environ, UPRISING_CACHE_DIR=str(tmp_path / "cache"))
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert first.stdout.split() == ["80", "True", "True"]  # the first run reads and validates the YAML
    second = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert second.stdout.split() == ["80", "False", "False"]
