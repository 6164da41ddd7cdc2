"""Plain, frozen records: what the catalog is made of at run time.

Content is declared once, as :class:`Record` subclasses in ``models.py`` and ``ops.py``, with
type annotations (kept as text: ``from __future__ import annotations``), defaults and checks.
A record is an ordinary Python object: building one, reading it, pickling it (the catalog cache)
and comparing two need nothing but this module. Validation is a separate step that only a
content file needs: ``validation.py`` turns each record class into a pydantic model, checks the
YAML with it, and hands back records. So ``import uprising_tui.engine`` and a cached catalog
never import pydantic (docs/performance.md, "Start-up").

What that buys, measured 2026-12-01 (docs/performance.md, "The house"): the catalog as pydantic
models would cost at every start importing pydantic (about 80 ms) and building its 81 models
(85-160 ms), where the whole engine and its cached catalog start in about 77 ms and the aim is at
most a cold ``import textual`` (about 130 ms). A record class is an ordinary class (no metaclass,
no generated code): ``__init_subclass__`` reads its annotations once, ``__init__`` fills its
``__dict__``.

What a record class declares, besides ``name: type = default``:

* ``field(default=..., factory=..., ge=, le=, min_length=, max_length=)`` for a default made
  fresh per record or a bound the validation checks;
* ``@checks("a", "b")`` on a function ``(value) -> value`` that raises ValueError: run on those
  fields when a file is validated;
* ``@model_check`` on a function ``(record) -> None`` that raises ValueError: run on the whole
  entry once its fields are valid.

Records are built with keywords only, are frozen (``replace`` gives a changed copy), compare by
type and fields, and hash by their fields' values.
"""
from __future__ import annotations

import sys
from typing import Any, Callable, ClassVar

_MISSING: Any = object()
_MUTABLE = (list, dict, set)


class FieldSpec:
    """A field's default and the bounds validation checks (see :func:`field`)."""
    __slots__ = ("default", "factory", "bounds")

    def __init__(self, default: Any, factory: Callable[[], Any] | None, bounds: dict[str, int]):
        self.default = default
        self.factory = factory
        self.bounds = bounds


def field(*, default: Any = _MISSING, factory: Callable[[], Any] | None = None, ge: int | None = None,
          le: int | None = None, min_length: int | None = None, max_length: int | None = None) -> Any:
    """A default (``default``, or ``factory()`` for each record) and bounds for validation."""
    bounds = {k: v for k, v in (("ge", ge), ("le", le), ("min_length", min_length),
                                ("max_length", max_length)) if v is not None}
    return FieldSpec(default, factory, bounds)


class Check:
    """A field check (``@checks``) or, with no fields, a whole-entry check (``@model_check``)."""
    __slots__ = ("fn", "fields")

    def __init__(self, fn: Callable, fields: tuple[str, ...]):
        self.fn = fn
        self.fields = fields


def checks(*fields: str) -> Callable[[Callable], Check]:
    """Mark ``fn(value) -> value`` (raising ValueError) as the check of these fields."""
    def mark(fn: Callable) -> Check:
        return Check(fn, fields)
    return mark


def model_check(fn: Callable) -> Check:
    """Mark ``fn(entry) -> None`` (raising ValueError) as a check of the whole entry."""
    return Check(fn, ())


class Record:
    """Base of every content record: keyword construction, frozen, compared by value."""
    __fields__: ClassVar[tuple[str, ...]] = ()
    __defaults__: ClassVar[dict[str, Any]] = {}
    __factories__: ClassVar[dict[str, Callable[[], Any]]] = {}
    __bounds__: ClassVar[dict[str, dict[str, int]]] = {}
    __hints__: ClassVar[dict[str, tuple[str, str]]] = {}  # field -> (annotation text, module it is read in)
    __checks__: ClassVar[tuple[Check, ...]] = ()

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        own = cls.__dict__.get("__annotations__", {})
        fields = list(cls.__fields__)
        defaults, factories = dict(cls.__defaults__), dict(cls.__factories__)
        bounds, hints = dict(cls.__bounds__), dict(cls.__hints__)
        for name, hint in own.items():
            if isinstance(hint, str) and hint.startswith("ClassVar"):
                continue
            if name not in fields:
                fields.append(name)
            hints[name] = (hint if isinstance(hint, str) else repr(hint), cls.__module__)
            defaults.pop(name, None)
            factories.pop(name, None)
            bounds.pop(name, None)
            if name in cls.__dict__:
                value = cls.__dict__[name]
                if isinstance(value, FieldSpec):
                    if value.factory is not None:
                        factories[name] = value.factory
                    elif value.default is not _MISSING:
                        defaults[name] = value.default
                    if value.bounds:
                        bounds[name] = value.bounds
                else:
                    defaults[name] = value
                delattr(cls, name)  # the instance holds every field; no class attribute hides a typo
        found = list(cls.__checks__)
        for name, value in list(cls.__dict__.items()):
            if isinstance(value, Check):
                found.append(value)
                delattr(cls, name)
        cls.__fields__, cls.__defaults__, cls.__factories__ = tuple(fields), defaults, factories
        cls.__bounds__, cls.__hints__, cls.__checks__ = bounds, hints, tuple(found)

    def __init__(self, **values: Any) -> None:
        d = self.__dict__
        cls = type(self)
        for name in cls.__fields__:
            if name in values:
                d[name] = values.pop(name)
            elif name in cls.__factories__:
                d[name] = cls.__factories__[name]()
            elif name in cls.__defaults__:
                v = cls.__defaults__[name]
                d[name] = v.copy() if isinstance(v, _MUTABLE) else v
            else:
                raise TypeError(f"{cls.__name__}: the field {name!r} is required")
        if values:
            raise TypeError(f"{cls.__name__}: no field {', '.join(map(repr, values))} "
                            f"(fields: {', '.join(cls.__fields__)})")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only (use .replace(...) for a changed copy)")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.__dict__ == other.__dict__  # type: ignore[union-attr]

    def __hash__(self) -> int:
        return hash((type(self).__name__, _frozen(tuple(self.__dict__.values()))))

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.__dict__.items())
        return f"{type(self).__name__}({inner})"

    def replace(self, **changes: Any) -> "Record":
        """A copy with some fields changed."""
        return type(self)(**{**self.__dict__, **changes})

    def as_dict(self) -> dict[str, Any]:
        """The fields as plain data (records inside become dicts too)."""
        return {k: _plain(v) for k, v in self.__dict__.items()}


def _plain(v: Any) -> Any:
    if isinstance(v, Record):
        return v.as_dict()
    if isinstance(v, (list, tuple)):
        return type(v)(_plain(x) for x in v)
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    return v


def _frozen(v: Any) -> Any:
    if isinstance(v, (list, tuple)):
        return tuple(_frozen(x) for x in v)
    if isinstance(v, dict):
        return tuple(sorted(((k, _frozen(x)) for k, x in v.items()), key=repr))
    return v


def literal_value(cls: type[Record], name: str) -> Any:
    """The one value a ``Literal["x"]`` field can hold (an op's name), read from its annotation."""
    text, module = cls.__hints__[name]
    hint = eval(text, vars(sys.modules[module]))  # noqa: S307 - our own annotation text
    (value,) = hint.__args__
    return value
