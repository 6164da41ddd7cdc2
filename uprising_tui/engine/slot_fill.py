"""Making frozen slotted objects cheaply: the engine makes events, Options and Decisions by the
thousand.

A frozen class can store a field only through its slot's own setter: one C call, with an
argument tuple, per field (about 700 instructions each). Instead, an object is made as an
instance of a writable twin, a class with the same slots and no frozen ``__setattr__``, and
filled by plain attribute stores (about 100 instructions each). Then it is made an instance of
the real class by ``__class__`` assignment, which is allowed because the two classes have the
same slots and so the same layout. What comes out is an ordinary instance of the real class,
frozen like any other. The twin never leaves the function that `maker` generates.

Used by ``event_base.py`` (every event class) and ``decision.py`` (Option, Decision).
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable, Iterable


def maker(cls: type, fill: type, fields: Iterable[dataclasses.Field], *, bound: bool = False) -> Callable:
    """A function that makes an instance of `cls` from its field values, through `fill` (the
    writable twin). The function takes `fields` in their order, with their defaults; keyword-only
    fields come after a ``*``.

    By default it is ``__new__(cls, ...)`` (the class is its first argument), for ``cls.__new__``.
    With ``bound=True`` it is ``make(...)`` with `cls` fixed: a plain function call, without the
    class call's own cost (about 900 instructions), for the engine's hottest paths."""
    params, kwonly, body = [], [], []
    glob: dict[str, Any] = {"__fill": fill, "__cls": cls}
    for f in fields:
        assert f.default_factory is dataclasses.MISSING, f"{cls.__name__}.{f.name}: a default factory"
        assert f.name not in ("cls", "self"), f"{cls.__name__}.{f.name}: a name the generated function uses"
        if f.default is dataclasses.MISSING:
            p = f.name
        else:
            glob[f"__dflt_{f.name}"] = f.default
            p = f"{f.name}=__dflt_{f.name}"
        (kwonly if f.kw_only else params).append(p)
        body.append(f"    self.{f.name} = {f.name}\n")
    name = "make" if bound else "__new__"
    sig = ", ".join(([] if bound else ["cls"]) + params + (["*", *kwonly] if kwonly else []))
    src = (f"def {name}({sig}):\n    self = __fill()\n" + "".join(body)
           + f"    self.__class__ = {'__cls' if bound else 'cls'}\n    return self\n")
    loc: dict[str, Any] = {}
    exec(compile(src, f"<{cls.__qualname__}.{name}>", "exec"), glob, loc)
    fn = loc[name]
    fn.__qualname__ = f"{cls.__qualname__}.{name}"
    return fn
