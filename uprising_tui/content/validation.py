"""Checking content data with pydantic, and handing back records.

The records in ``models.py`` and ``ops.py`` declare every field's type as text; here each record
class becomes a pydantic model with the same fields, defaults, bounds and checks (unknown fields
refused), built the first time it is needed. Data is validated by that model and the result is
turned back into records, so the rest of the program only ever sees records and this module (and
pydantic) is imported only when a content file is read without the cache, or by tests that build
effects from plain data.
"""
from __future__ import annotations

import sys
from typing import Annotated, Any, Union

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, create_model, \
    field_validator, model_validator

from ..files import unsafe_char
from . import models as m
from . import ops
from .record import Record

__all__ = ["ValidationError", "model_for", "validate", "parse_effect", "to_record"]


class _Base(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


_MODELS: dict[type[Record], type[BaseModel]] = {}
_RECORD_OF: dict[type[BaseModel], type[Record]] = {}


def _any_op() -> Any:
    members = tuple(model_for(c) for c in ops.OP_MODELS)
    return Annotated[Union[members], Field(discriminator="op")]  # type: ignore[valid-type]


_OVERRIDES: dict[str, Any] = {}


def _printable(text: str) -> str:
    """Content text is drawn on a terminal: no control characters in it (a newline and a tab
    aside, which card text may use), so a YAML escape such as "\\e]0;..." cannot reach one."""
    bad = next((ch for ch in text if ch not in "\n\t" and unsafe_char(ch)), None)
    if bad is not None:
        raise ValueError(f"text cannot hold control characters (U+{ord(bad):04X} at position "
                         f"{text.index(bad) + 1})")
    return text


def _overrides() -> dict[str, Any]:
    """The annotation names that mean more to validation than to the records (built once)."""
    if not _OVERRIDES:
        _OVERRIDES["Id"] = Annotated[str, AfterValidator(m._check_id)]
        _OVERRIDES["str"] = Annotated[str, AfterValidator(_printable)]
        _OVERRIDES["Effect"] = list[_any_op()]  # type: ignore[misc]
    return _OVERRIDES


class _Names(dict):
    """The names an annotation is read with: records stand for their models."""

    def __init__(self, module: str):
        super().__init__()
        self.globals = vars(sys.modules[module])

    def __missing__(self, name: str) -> Any:
        if name in ("Id", "Effect", "str"):  # every text field is checked as printable
            return _overrides()[name]
        value = self.globals[name]  # KeyError: eval looks in the globals, then builtins
        if isinstance(value, type) and issubclass(value, Record):
            return model_for(value)
        raise KeyError(name)


def model_for(rec: type[Record]) -> type[BaseModel]:
    """The pydantic model that validates data for a record class (built once)."""
    got = _MODELS.get(rec)
    if got is not None:
        return got
    fields: dict[str, Any] = {}
    for name in rec.__fields__:
        text, module = rec.__hints__[name]
        names = _Names(module)
        hint = eval(text, names.globals, names)  # noqa: S307 - our own annotations
        bounds = rec.__bounds__.get(name, {})
        if name in rec.__factories__:
            fields[name] = (hint, Field(default_factory=rec.__factories__[name], **bounds))
        elif name in rec.__defaults__ and not (name == "op" and issubclass(rec, ops.Op)):
            fields[name] = (hint, Field(default=rec.__defaults__[name], **bounds))
        else:
            fields[name] = (hint, Field(**bounds))
    validators: dict[str, Any] = {}
    for i, check in enumerate(rec.__checks__):
        if check.fields:
            validators[f"_check_{i}"] = field_validator(*check.fields)(_field_check(check.fn))
        else:
            validators[f"_check_{i}"] = model_validator(mode="after")(_entry_check(check.fn))
    model = create_model(rec.__name__, __base__=_Base, __module__=__name__, __validators__=validators,
                         **fields)
    _MODELS[rec] = model
    _RECORD_OF[model] = rec
    return model


def _field_check(fn):
    def run(cls, v):
        return fn(v)
    return classmethod(run)


def _entry_check(fn):
    def run(self):
        fn(self)
        return self
    return run


def to_record(value: Any) -> Any:
    """Validated pydantic data turned into records (lists, tuples and dicts kept as they are)."""
    if isinstance(value, BaseModel):
        rec = _RECORD_OF[type(value)]
        return rec(**{name: to_record(getattr(value, name)) for name in rec.__fields__})
    if isinstance(value, list):
        return [to_record(v) for v in value]
    if isinstance(value, tuple):
        return tuple(to_record(v) for v in value)
    if isinstance(value, dict):
        return {k: to_record(v) for k, v in value.items()}
    return value


def validate(rec: type[Record], data: Any) -> Record:
    """Check `data` against a record class; the record, or pydantic's ValidationError."""
    return to_record(model_for(rec).model_validate(data))


_EFFECT: list = []  # the TypeAdapter for effects, built once


def parse_effect(steps: list[dict[str, Any]]) -> list[ops.Op]:
    """An effect (a list of op steps) from plain data, checked as a content file's would be."""
    if not _EFFECT:
        _EFFECT.append(TypeAdapter(_overrides()["Effect"]))
    return to_record(_EFFECT[0].validate_python(steps))
