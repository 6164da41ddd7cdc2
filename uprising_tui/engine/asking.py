"""How the rules ask a person: one Decision, with the entries every Decision may carry.

``ctx.ask`` lands here. The rules pass the real options; this adds what a person may always
do besides: ``cancel`` (back out of a multi-step choice, where the caller allows it) and
``always`` (open the ALWAYS menu: trade AP, convert, give, use an ALWAYS card; see
``always.py``). Those entries never turn a forced pick into a question: a Decision with one
real option is still taken without asking (ruling 1), and a tie the setup decides
(``auto_ties``) is still decided.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Generator, Sequence

from . import always
from .decision import CANCEL, Decision, Option, decision

if TYPE_CHECKING:
    from .context import Ctx
    from .refs import Ref, SourceRef

Ask = Generator[Decision, str, str]
_NO_ENTRY = always.NO_ENTRY  # the kinds never offered the ALWAYS entry (always.offered's first test)
_ENTRY = always.ENTRY
_ENTRY_ID = always.ENTRY.id
Options = Sequence[Option] | Callable[[], Sequence[Option]]


def ask(ctx: "Ctx", actor: str, kind: str, prompt: str, options: Options, *, tie: bool = False,  # noqa: C901
        source: "SourceRef | None" = None, chosen: "tuple[Ref, ...]" = (), cancel: bool = False) -> Ask:
    """Yield a Decision and return the chosen option id.

    `options` may be a callable: it is called again whenever the Decision is asked again
    (after the ALWAYS menu), so what the options offer follows what the player now holds."""
    if source is None:  # what asks: the top of the cause stack (the card of the effect being resolved, ...)
        causes = ctx.causes
        source = causes[-1] if causes else None
    while True:
        opts = tuple(options() if callable(options) else options)
        if not opts:
            raise RuntimeError(f"no options for {kind} ({prompt})")
        if len(opts) == 1 or (tie and ctx.setup.auto_ties):
            return opts[0].id
        shown = opts
        if cancel:
            shown += (CANCEL,)
        if kind not in _NO_ENTRY and always.offered(ctx, actor, kind):  # (turn and build list it all directly)
            shown += (_ENTRY,)
        answer = yield decision(actor, kind, prompt, shown, source, tuple(chosen))
        if answer == _ENTRY_ID and answer not in (o.id for o in opts):
            yield from always.menu(ctx, ctx.state.player(actor), always.BACK)
            continue  # asked again, recomputed
        return answer
