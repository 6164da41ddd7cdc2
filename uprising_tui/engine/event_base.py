"""The base of every game event, and the registry of event types.

Events are frozen, slotted dataclasses: typed fields naming things by id (never by display
name), a ``template`` the log renderer fills in (``engine/log.py``), and a ``source``: the
card, rule or effect that caused the event (a ``SourceRef``, stamped by ``Ctx.emit`` from
the cause stack). The event modules are ``events.py`` (game flow, players, cards),
``events_map.py`` (pieces on the map, the Nemesis) and ``events_combat.py`` (a combat).
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from .refs import SourceRef

Roll = tuple[tuple[str, tuple[str, ...]], ...]  # ((colour, symbols), ...)

EVENT_TYPES: dict[str, type] = {}  # every event class by name, in definition order


@dataclass(frozen=True, slots=True)
class GameEvent:
    template: ClassVar[str] = ""
    # the card, rule or effect that caused it (stamped by the engine when it emits)
    source: SourceRef | None = field(default=None, kw_only=True)

    def __init_subclass__(cls, **kw: Any) -> None:
        # no super(): dataclass(slots=True) rebuilds the class, which breaks the zero-argument
        # form; the rebuilt class registers last, so the registry holds the final classes
        EVENT_TYPES[cls.__name__] = cls

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
        names = [f.name for f in fields(cls) if f.name != "source"]
        got = _FIELDS[cls] = tuple(names) + ("source",)
    return got
