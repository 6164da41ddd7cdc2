"""Quest: 1 AP; attempt one of the Quests on offer."""
from __future__ import annotations

from ..causes import caused_by
from ...face.decision import Option, OptionCost, option, ref
from ...table.memo import static
from ..quests import attempt_quest

COST = OptionCost(ap=1)


def options(ctx, p) -> list[Option]:
    if p.ap < 1:
        return []
    out = []
    for q in ctx.state.quest_offer:  # (a loop: in 3.11 a comprehension is a function made per call)
        out.append(quest_option(ctx, q))
    return out


@static
def quest_option(ctx, qid: str) -> Option:
    return option(f"quest:{qid}", f"Quest: {ctx.name(qid)}", "quest", (ref("card", qid),), COST)


@caused_by("action", "quest")
def run(ctx, p, qid: str):
    """The Hero Dice are chosen first (cancel backs out, nothing paid); then 1 AP and the roll."""
    return (yield from attempt_quest(ctx, p, qid, action=True))
