"""Quest: 1 AP; attempt one of the Quests on offer."""
from __future__ import annotations

from ..context import caused_by
from ..decision import Option, OptionCost, option
from ..refs import Ref
from ..quests import attempt_quest


def options(ctx, p) -> list[Option]:
    if p.ap < 1:
        return []
    return [option(f"quest:{q}", f"Quest: {ctx.name(q)}", "quest", (Ref("card", q),), OptionCost(ap=1))
            for q in ctx.state.quest_offer]


@caused_by("action", "quest")
def run(ctx, p, qid: str):
    """The Hero Dice are chosen first (cancel backs out, nothing paid); then 1 AP and the roll."""
    return (yield from attempt_quest(ctx, p, qid, action=True))
