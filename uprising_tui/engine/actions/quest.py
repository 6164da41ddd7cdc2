"""Quest: 1 AP; attempt one of the Quests on offer."""
from __future__ import annotations

from ..context import caused_by
from ..decision import Option
from ..economy import add_ap
from ..quests import attempt_quest


def options(ctx, p) -> list[Option]:
    if p.ap < 1:
        return []
    return [Option(f"quest:{q}", f"Quest: {ctx.name(q)}", card=q) for q in ctx.state.quest_offer]


@caused_by("action", "quest")
def run(ctx, p, qid: str):
    add_ap(ctx, p, -1, "quest")
    yield from attempt_quest(ctx, p, qid)
