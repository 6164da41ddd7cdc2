"""Quest: 1 AP; attempt one of the Quests on offer."""
from __future__ import annotations

from ..decision import Option, OptionCost, option
from ..refs import Ref
from ..economy import add_ap
from ..quests import attempt_quest


def options(ctx, p) -> list[Option]:
    if p.ap < 1:
        return []
    return [option(f"quest:{q}", f"Quest: {ctx.name(q)}", "quest", (Ref("card", q),), OptionCost(ap=1))
            for q in ctx.state.quest_offer]


def run(ctx, p, qid: str):
    add_ap(ctx, p, -1, "Quest")
    yield from attempt_quest(ctx, p, qid)
