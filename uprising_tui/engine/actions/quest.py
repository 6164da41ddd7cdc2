"""Quest: 1 AP; attempt one of the Quests on offer."""
from __future__ import annotations

from ..context import caused_by
from ..decision import Option, OptionCost, ref
from ..quests import attempt_quest


def options(ctx, p) -> list[Option]:
    if p.ap < 1:
        return []
    static_option = ctx.static_option
    return [static_option(("quest", q), lambda q=q: Option(f"quest:{q}", f"Quest: {ctx.name(q)}", None, q, "quest",
                                                           (ref("card", q),), COST))
            for q in ctx.state.quest_offer]


COST = OptionCost(ap=1)


@caused_by("action", "quest")
def run(ctx, p, qid: str):
    """The Hero Dice are chosen first (cancel backs out, nothing paid); then 1 AP and the roll."""
    return (yield from attempt_quest(ctx, p, qid, action=True))
