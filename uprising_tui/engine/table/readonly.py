"""A read-only view over the state: attribute reads only, nested values wrapped."""
from __future__ import annotations

from types import MappingProxyType
from typing import Any


def _wrap(v: Any) -> Any:
    if isinstance(v, (str, int, float, bool)) or v is None:
        return v
    if isinstance(v, dict):
        return MappingProxyType({k: _wrap(x) for k, x in v.items()})
    if isinstance(v, (list, tuple)):
        return tuple(_wrap(x) for x in v)
    if isinstance(v, set):
        return frozenset(v)
    return ReadOnly(v)


class ReadOnly:
    __slots__ = ("_obj",)

    def __init__(self, obj: Any):
        object.__setattr__(self, "_obj", obj)

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._obj, name)
        if callable(value):
            raise AttributeError(f"{name} is not available on a read-only view")
        return _wrap(value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("the game state is read-only here: answer a Decision to change it")

    def __repr__(self) -> str:
        return f"ReadOnly({type(self._obj).__name__})"
