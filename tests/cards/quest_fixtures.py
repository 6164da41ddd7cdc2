"""Shared fixtures for the Quest card tests (tests/cards/test_quests*.py).

Yanny, with no attributes, stands on the Capital (H00: no terrain, no Haven, no Curse, not a
Sea Tower), so a Quest's bonus dice join her roll only where a test puts her; the dice she
rolls are the ones the test hands her (`mine`), then the Quest's own bonus dice (`theirs`,
for the Quests whose bonus always applies). Faces are rigged in that order.
"""
from __future__ import annotations

from uprising_tui.engine.scenario import Scenario

from ..helpers import events, play_out
from .item_fixtures import NONE, quest_roll, resolved, run_ops, yanny

CAPITAL = "H00"
ICE = "raufrost"
FEATS = ["yanny_oath_call", "yanny_hold_the_line", "yanny_stone_discipline"]
# where each kind of Quest bonus applies: (hex, hex edits)
BONUS_SPOT = {
    "marsh": ("H07", {"tile": "golgardei"}),
    "badlands": ("H07", {"tile": "emberfield"}),
    "woods": ("H07", {"tile": "shadowdawn"}),
    "highlands": ("H07", {"tile": "frosthold_pass"}),
    "ice_waste": ("H07", {"tile": ICE}),
    "curse": ("H07", {"tile": ICE, "curse": True}),
    "sea_tower": ("H13", {"tile": "dawngaard"}),
    "haven": ("H14", {}),
    "always": (CAPITAL, {}),
}


def quest_scenario(qid: str | None = None, *, hero_hex: str = CAPITAL, **player) -> Scenario:
    kw = dict(NONE, hero_hex=hero_hex, feat_deck=list(FEATS))
    kw.update(player)
    sc = yanny(**kw)
    return sc.decks(quest_offer=[qid] if qid else [], quest_deck=["lost_caravan", "beast_of_the_moors"],
                    item_deck=["salt_ledger", "flenser"])


def attempt(qid: str, mine=(), theirs=(), *, sc: Scenario | None = None, prefer=None):
    """Yanny attempts `qid` rolling `mine` [(colour, face)] plus the Quest's own bonus dice
    `theirs` (rigged after hers)."""
    sc = sc or quest_scenario(qid)
    for colour, face in list(mine) + list(theirs):
        sc.rig(**{colour: [face]})
    return quest_roll(sc, qid, prefer, bonus=[c for c, _ in mine])


def dealt(qid: str, sc: Scenario | None = None, prefer=None):
    """Deal `qid` into the offer (its immediate effect resolves, the first player deciding)."""
    sc = (sc or quest_scenario()).decks(quest_offer=[], quest_deck=[qid])
    g = run_ops(sc, [{"op": "draw_quest"}], prefer=prefer)
    assert g.state.quest_offer == [qid]
    return g


def bonus_colours(qid: str, where: str, prefer=None) -> list[str]:
    """The dice Yanny rolls for `qid` with no attributes, standing where its bonus applies."""
    hid, edits = BONUS_SPOT[where]
    sc = quest_scenario(qid, hero_hex=hid)
    if edits:
        sc.at(hid, **edits)
    g = quest_roll(sc, qid, prefer or {"die_colour": "colour:black"})
    rolls = events(g, "HeroRolled")
    return [c for c, _ in rolls[0].dice] if rolls else []


def plain_colours(qid: str) -> list[str]:
    """... and standing on the Capital."""
    g = quest_roll(quest_scenario(qid), qid)
    rolls = events(g, "HeroRolled")
    return [c for c, _ in rolls[0].dice] if rolls else []


def gone(g, qid: str) -> bool:
    """Solved or failed and discarded (not kept on offer, not taken)."""
    st = g.state
    return qid not in st.quest_offer and qid in st.quest_discard and not st.player("duerkhar").quests


def res(g):
    p = g.state.player("duerkhar")
    return (p.salt, p.plunder, p.food)


__all__ = ["BONUS_SPOT", "CAPITAL", "FEATS", "ICE", "attempt", "bonus_colours", "dealt", "events", "gone",
           "plain_colours", "play_out", "quest_scenario", "res", "resolved"]
