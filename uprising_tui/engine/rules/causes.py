"""Causes: what makes the rules do a thing, on a stack the engine stamps on every event and
Decision (``Ctx.emit``, ``Ctx.ask``).

``with ctx.cause(SourceRef(...)):`` (a :class:`Cause`) pushes one for a block of code, and
``@caused_by(kind, ident)`` for a whole rules function, a generator included (the stack follows
its ``yield from``). Its own module, below the rules: every rules module names its cause with
``caused_by``, and the context (which asks through asking.py, and on through the ALWAYS menu to
cards and trades) is above them all."""
from __future__ import annotations

import functools
import inspect
from typing import Callable, Generator

from ..face.refs import SourceRef


class Cause:
    """The context manager ``Ctx.cause`` returns: pushes a SourceRef, pops it on the way out."""
    __slots__ = ("stack", "ref")

    def __init__(self, stack: list, ref: SourceRef):
        self.stack = stack
        self.ref = ref

    def __enter__(self) -> SourceRef:
        self.stack.append(self.ref)
        return self.ref

    def __exit__(self, *exc) -> None:
        self.stack.pop()


def _under(causes: list, ref: SourceRef, inner: Generator) -> Generator:
    """Run the generator `inner` with `ref` on the cause stack (pushed when it starts)."""
    causes.append(ref)
    try:
        return (yield from inner)
    finally:
        causes.pop()


def caused_by(kind: str, ident: str, detail: str = "") -> Callable:
    """Decorate a rules function ``fn(ctx, ...)`` (a generator or a plain function) so that
    everything it emits or asks names ``SourceRef(kind, ident, detail)`` as its source
    (unless a deeper cause says otherwise)."""
    ref = SourceRef(kind, ident, detail)

    def wrap(fn: Callable) -> Callable:
        if inspect.isgeneratorfunction(fn):
            @functools.wraps(fn)
            def gen(ctx, *args, **kw):
                causes = ctx.causes
                if causes and causes[-1] == ref:  # already the cause on top (take_turn inside
                    return fn(ctx, *args, **kw)  # actions_phase): no push, no extra generator layer
                return _under(causes, ref, fn(ctx, *args, **kw))
            return gen

        @functools.wraps(fn)
        def plain(ctx, *args, **kw):
            ctx.causes.append(ref)
            try:
                return fn(ctx, *args, **kw)
            finally:
                ctx.causes.pop()
        return plain
    return wrap
