"""Quest: 1 AP; attempt one of the Quests on offer."""
from __future__ import annotations

from ..causes import caused_by
from ..decision import Option, OptionCost, ref
from ..quests import attempt_quest


def options(ctx, p) -> list[Option]:
    if p.ap < 1:
        return []
    kept = ctx.kept("static:quest")  # by Quest id: see Ctx.kept
    out = []
    for q in ctx.state.quest_offer:
        got = kept.get(q)
        if got is None:
            got = kept[q] = Option(f"quest:{q}", f"Quest: {ctx.name(q)}", None, q, "quest", (ref("card", q),), COST)
        out.append(got)
    return out


COST = OptionCost(ap=1)


@caused_by("action", "quest")
def run(ctx, p, qid: str):
    """The Hero Dice are chosen first (cancel backs out, nothing paid); then 1 AP and the roll."""
    return (yield from attempt_quest(ctx, p, qid, action=True))
