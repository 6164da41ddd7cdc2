"""The one executor for effect data: every op in content/ops.py has a handler.

Handlers live in ``op_handlers/`` by what they touch: ``player`` (economy, cards, Units),
``nemesis`` (Nemesis pieces, Curses, Havens), ``dice`` (dice and symbols in a combat or Quest).
They act through the rules' modules (cards, Quests, fights, the Nemesis), which run effects
through here, so this module does not import them: the package ``op_handlers`` fills
:data:`HANDLERS` when it is imported, and the engine's package imports it (``engine/__init__``),
before any game can run an effect. It hands over :data:`AFTER` the same way: what the rules
check once an effect is complete (the Capital rule, which fights).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Generator

from ..face.decision import Decision
from .source import Source, decider, players_for  # noqa: F401  (re-exported)
from ..face.refs import source_of

if TYPE_CHECKING:
    from ..rules.context import Ctx

Gen = Generator[Decision, str, Any]

HANDLERS: dict[str, Callable] = {}  # op name -> handler, filled by op_handlers (register_handlers)
# what runs once an effect is complete, outside a combat: fn(ctx) -> a generator or (); filled by
# op_handlers (fights.capital_rule)
AFTER: list[Callable] = []


def register_handlers(module: Any) -> None:
    """Take every ``op_<name>`` function of `module` as the handler of the op ``<name>``."""
    for name, fn in vars(module).items():
        if name.startswith("op_") and callable(fn):
            HANDLERS[name[3:]] = fn


def nemesis_source(ctx: "Ctx", src: Source) -> bool:
    """Is the Nemesis acting (an Event, a Legion/Horde card, a Quest's immediate effect)?"""
    cat = ctx.cat
    return (src.actor in ("empire", "chaos") or src.nem is not None
            or (src.card is not None and (src.card in cat.events or src.card in cat.legions or src.card in cat.hordes)))


def run_effect(ctx: "Ctx", effect, src: Source) -> Gen:
    """Run each step of an effect in order. What it does names the card as its source
    (unless the caller already named that card, e.g. as a Godpower or an immediate effect)."""
    if not effect:
        return
    nem = nemesis_source(ctx, src)
    if nem:
        ctx.nemesis_depth += 1
    causes = ctx.causes
    card = src.card
    pushed = card is not None and not (causes and causes[-1].id == card)
    if pushed:
        causes.append(source_of(ctx.cat, card))
    try:
        for op in effect:
            result = HANDLERS[op.op](ctx, op, src)
            if result is not None and hasattr(result, "send"):
                yield from result
    finally:
        if pushed:
            causes.pop()
        if nem:
            ctx.nemesis_depth -= 1
    if ctx.combat is None:  # complete: the rules it may leave owed (the Capital rule)
        for after in AFTER:
            yield from after(ctx)
