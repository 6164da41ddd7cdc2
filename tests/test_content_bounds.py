"""Every number an op takes has a bound a real card could need, enforced when content is validated:
a sweep sets each numeric field of each op to huge values (and huge negative ones) and expects the
field named in the error; `content check` names the file and the entry; the box's own content
stays within the bounds (it loads)."""
from __future__ import annotations

import json
import shutil
import typing

import pytest

from uprising_tui.cli import main
from uprising_tui.content import ops
from uprising_tui.content.validation import ValidationError, model_for, parse_effect

from .content_fixtures import CONTENT

HUGE = (10 ** 8, -(10 ** 8), 2 ** 62)


def _value_for(annotation):
    """A valid value for a required field (the first of a Literal, some text, 1)."""
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) is typing.Literal:
        return args[0]
    for arg in args:  # a union: its first Literal, else its first type's value
        if typing.get_origin(arg) is typing.Literal:
            return typing.get_args(arg)[0]
    if annotation is str or str in args:
        return "garrison"
    return 1


def minimal_step(op_cls) -> dict:
    model = model_for(op_cls)
    step = {"op": next(name for name, cls in ops.OP_BY_NAME.items() if cls is op_cls)}
    for name, info in model.model_fields.items():
        if name != "op" and info.is_required():
            step[name] = _value_for(info.annotation)
    return step


def numeric_fields(op_cls) -> list[str]:
    return [f for f in op_cls.__fields__ if "int" in op_cls.__hints__[f][0]]


SWEEP = [(cls, f) for cls in ops.OP_MODELS for f in numeric_fields(cls)]


def test_every_op_validates_from_its_minimal_step():
    for cls in ops.OP_MODELS:
        (rec,) = parse_effect([minimal_step(cls)])
        assert type(rec) is cls


def test_the_sweep_covers_every_numeric_field():
    assert len(SWEEP) >= 37  # every count, amount, threat, resource and VP field of the vocabulary
    assert {cls.__name__ for cls, _ in SWEEP} >= {"AddDice", "Gain", "PlaceUnit", "Reroll", "ThreatChange",
                                                   "DrawFeat", "GainChoice", "AddSymbols", "HeroVP"}


@pytest.mark.parametrize("op_cls, field", SWEEP, ids=[f"{c.__name__}.{f}" for c, f in SWEEP])
def test_a_huge_number_in_any_op_field_is_refused(op_cls, field):
    for value in HUGE:
        step = dict(minimal_step(op_cls), **{field: value})
        with pytest.raises(ValidationError) as exc:
            parse_effect([step])
        locs = [err["loc"] for err in exc.value.errors()]
        assert any(loc[-1] == field or field in loc for loc in locs), (value, locs)


def test_a_list_of_dice_is_bounded_too():
    with pytest.raises(ValidationError, match="at most 10 items"):
        parse_effect([{"op": "free_quest", "bonus_dice": ["red"] * 11}])
    parse_effect([{"op": "free_quest", "bonus_dice": ["red"] * 10}])


def test_content_check_names_the_file_and_the_entry(tmp_path, capsys):
    folder = tmp_path / "content"
    shutil.copytree(CONTENT, folder)
    feats = folder / "feats.yaml"
    text = feats.read_text()
    assert "{op: add_dice, colour: blue, count: 2}" in text
    feats.write_text(text.replace("{op: add_dice, colour: blue, count: 2}", "{op: add_dice, colour: blue, count: 100000000}", 1))
    code = main(["content", "check", "--content", str(folder), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 1 and not out["ok"]
    (problem,) = out["problems"]
    assert problem.startswith(f"{feats}: entry '") and "add_dice.count: Input should be less than or equal to 10" in problem
