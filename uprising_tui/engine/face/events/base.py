"""The base of every game event, and the registry of event types: the one place the engine
builds a class by other means than the standard tools, and why.

Events are frozen, slotted dataclass-like classes: typed fields naming things by id (never by
display name), a ``template`` the log renderer fills in (``engine/face/log.py``), and a ``source``:
the card, rule or effect that caused the event (a ``SourceRef``, stamped by ``Ctx.emit`` from
the cause stack). The event modules are ``face/events`` (game flow, players, cards),
``face/events/map.py`` (pieces on the map, the Nemesis) and ``face/events/combat.py`` (a combat). An event
class is a plain subclass of :class:`GameEvent`, registered in :data:`EVENT_TYPES` by being
defined.

What the two means below buy, against ``@dataclass(frozen=True, slots=True)`` on every event
class (measured 2026-12-01, docs/performance.md, "The house"):

* start-up: the 75 classes import in about 8 ms against 53 ms, when the whole engine and its
  catalog start in about 77 ms and the aim is at most a cold ``import textual`` (about 130 ms);
* speed: a game emits about 1,850 events; replaying 3 games costs 288.9 M instructions against
  315.4 M (9% more) with the dataclasses' frozen ``__init__``.

1. A metaclass builds each event class once, with its ``__slots__`` from the annotations, and the
   same behaviour as those dataclasses: ``dataclasses.fields``/``is_dataclass``/``replace`` work
   (``__dataclass_fields__``), fields in the same order (``source`` first, keyword-only),
   equality and hash over the field values of the same class, the same repr, frozen instances,
   pickling. The shared methods are written once; only ``__new__`` is made per class, on its
   first call.
2. That ``__new__`` fills the event as an instance of a writable twin, a class with the same slots
   and no frozen ``__setattr__``, by plain attribute stores (about 100 instructions a field,
   where a frozen class's slot setter costs about 700), then makes it an instance of its own
   class by ``__class__`` assignment, which Python allows between two classes of the same slots.
   What comes out is an ordinary, frozen instance of the event's class; the twin never leaves
   ``__new__`` (tests/test_speed_events_construction.py).
"""
from __future__ import annotations

import dataclasses
from operator import attrgetter
from typing import Any, ClassVar

from ..refs import SourceRef

Roll = tuple[tuple[str, tuple[str, ...]], ...]  # ((colour, symbols), ...)

EVENT_TYPES: dict[str, type] = {}  # every event class by name, in definition order

_MISSING = dataclasses.MISSING
_FIELD = dataclasses._FIELD  # type: ignore[attr-defined]  # what dataclasses.fields() keeps


def _is_classvar(ann: Any) -> bool:
    if isinstance(ann, str):
        return ann.startswith(("ClassVar", "typing.ClassVar"))
    return getattr(ann, "__origin__", None) is ClassVar or ann is ClassVar


def _field(name: str, ann: Any, default: Any, kw_only: bool) -> dataclasses.Field:
    f = dataclasses.field(default=default, kw_only=kw_only)
    f.name, f.type, f._field_type = name, ann, _FIELD  # type: ignore[attr-defined]
    return f


def _values_getter(names: tuple[str, ...]):
    if len(names) == 1:
        get = attrgetter(names[0])
        return lambda obj: (get(obj),)
    return attrgetter(*names)


class _EventMeta(type):
    def __new__(mcls, name: str, bases: tuple[type, ...], ns: dict[str, Any], *, fill: bool = False, **kw: Any):
        if fill:  # an event class's writable twin (_fill_class): slots as given, nothing generated
            return super().__new__(mcls, name, bases, ns, fill=True)
        anns = ns.get("__annotations__", {})
        inherited: dict[str, dataclasses.Field] = {}
        for base in reversed(bases):
            inherited.update(getattr(base, "__dataclass_fields__", {}))
        own: dict[str, dataclasses.Field] = {}
        for fname, ann in anns.items():
            if _is_classvar(ann):
                continue
            default = ns.pop(fname, _MISSING)
            if isinstance(default, dataclasses.Field):  # only `source` uses field(): keyword-only
                f, default = default, default.default
                own[fname] = _field(fname, ann, default, f.kw_only is True)
            else:
                own[fname] = _field(fname, ann, default, False)
        ns["__slots__"] = tuple(n for n in own if n not in inherited)
        all_fields = dict(inherited)
        all_fields.update(own)
        ns["__dataclass_fields__"] = all_fields
        names = tuple(all_fields)
        ns["__match_args__"] = tuple(n for n, f in all_fields.items() if not f.kw_only)
        ns["_values"] = staticmethod(_values_getter(names))
        positional = [f for f in all_fields.values() if not f.kw_only]
        seen_default = False
        for f in positional:
            if f.default is not _MISSING:
                seen_default = True
            elif seen_default:
                raise TypeError(f"non-default argument {f.name!r} follows default argument")
        if "__new__" not in ns and bases:  # every event class but GameEvent itself
            ns["__new__"] = _lazy_new()
        return super().__new__(mcls, name, bases, ns, **kw)


def _maker(cls: type, fill: type, fields) -> Any:
    """``__new__(cls, ...)`` for `cls`, taking its fields in order with their defaults
    (keyword-only ones after a ``*``), filling `fill` (the writable twin) and handing back an
    instance of `cls`."""
    params, kwonly, body = [], [], []
    glob: dict[str, Any] = {"__fill": fill}
    for f in fields:
        assert f.default_factory is _MISSING, f"{cls.__name__}.{f.name}: a default factory"
        assert f.name not in ("cls", "self"), f"{cls.__name__}.{f.name}: a name the generated function uses"
        if f.default is _MISSING:
            p = f.name
        else:
            glob[f"__dflt_{f.name}"] = f.default
            p = f"{f.name}=__dflt_{f.name}"
        (kwonly if f.kw_only else params).append(p)
        body.append(f"    self.{f.name} = {f.name}\n")
    sig = ", ".join(["cls"] + params + (["*", *kwonly] if kwonly else []))
    src = f"def __new__({sig}):\n    self = __fill()\n" + "".join(body) + "    self.__class__ = cls\n    return self\n"
    loc: dict[str, Any] = {}
    exec(compile(src, f"<{cls.__qualname__}.__new__>", "exec"), glob, loc)  # noqa: S102 - our own fields
    fn = loc["__new__"]
    fn.__qualname__ = f"{cls.__qualname__}.__new__"
    return fn


def _lazy_new():
    def __new__(cls: type, *args: Any, **kw: Any) -> Any:
        # the class whose stub this is (a subclass has its own stub, so this is cls itself)
        real = _maker(cls, _fill_class(cls), cls.__dataclass_fields__.values())
        cls.__new__ = staticmethod(real)
        return real(cls, *args, **kw)
    return __new__


def _fill_class(cls: type) -> type:
    """`cls`'s writable twin: a sibling under the same base with the same slots (what
    ``__class__`` assignment asks of two classes), storing by plain attribute assignment. Not
    an event type (it is never registered) and never seen outside ``__new__``."""
    base = cls.__base__
    ns: dict[str, Any] = {"__slots__": cls.__dict__["__slots__"], "__qualname__": f"{cls.__qualname__}.fill",
                          # both, or the type keeps GameEvent's Python-level setter slot for stores
                          "__setattr__": object.__setattr__, "__delattr__": object.__delattr__}
    if base.__new__ is not object.__new__:  # an event subclassing an event: not its generated __new__
        ns["__new__"] = object.__new__
    return _EventMeta(f"{cls.__name__}Fill", (base,), ns, fill=True)


def _from_fields(cls: type, values: tuple) -> Any:
    """Unpickling: the event made again from its field values (``GameEvent.__reduce__``)."""
    return cls(**dict(zip(cls.__dataclass_fields__, values)))  # type: ignore[attr-defined]


class GameEvent(metaclass=_EventMeta):
    template: ClassVar[str] = ""
    # the card, rule or effect that caused it (stamped by the engine when it emits)
    source: SourceRef | None = dataclasses.field(default=None, kw_only=True)

    def __init_subclass__(cls, fill: bool = False, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if not fill:
            EVENT_TYPES[cls.__name__] = cls

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._values(self) == other._values(other)  # type: ignore[attr-defined]
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values(self))  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        cls = type(self)
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in cls.__dataclass_fields__)  # type: ignore[attr-defined]
        return f"{cls.__qualname__}({inner})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple:
        # made again through the class (its generated __new__ wants the fields: the default
        # reduction would call it with none)
        return _from_fields, (type(self), self._values(self))  # type: ignore[attr-defined]

    @property
    def event_type(self) -> str:
        return type(self).__name__

    def data(self) -> dict[str, Any]:
        """The fields as a dict (shallow: values are the event's own immutable values)."""
        return {f: getattr(self, f) for f in field_names(type(self))}


_FIELDS: dict[type, tuple[str, ...]] = {}


def field_names(cls: type) -> tuple[str, ...]:
    """An event class's data fields, in order, ``source`` last."""
    got = _FIELDS.get(cls)
    if got is None:
        names = [f.name for f in dataclasses.fields(cls) if f.name != "source"]
        got = _FIELDS[cls] = tuple(names) + ("source",)
    return got
