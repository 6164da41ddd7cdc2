"""Shared fixtures for test_cards.py and test_cards_rulebook.py."""
from __future__ import annotations

import pytest
from uprising_tui.content.validation import parse_effect

from uprising_tui.content.loader import default_catalog
from uprising_tui.engine.rules.actions import market
from uprising_tui.engine.rules.cards import use_card
from uprising_tui.engine.ops.executor import Source, run_effect
from uprising_tui.engine.rules.quests import attempt_quest
from uprising_tui.engine.scenario import Scenario, fight, run_phase

from .helpers import events, play_out

CAT = default_catalog()
ICE = "raufrost"  # explored Ice Waste: no terrain effect, no Quest bonus but the Ice Waste ones
HOME = "H14"  # the home hex on the 1-faction map
BASICS = {  # faction -> (basic warrior, basic archer, the archer's die)
    "duerkhar": ("younglings", "spearsingers", "white"),
    "druwhn": ("swordsisters", "sons_of_the_bow", "yellow"),
    "krowh": ("tribesmen", "deadeyes", "white"),
    "mohyar": ("sellswords", "hunters", "white"),
}
ALL_ATTRS = dict(might=3, magic=3, leadership=3, guile=3)


def hero_of(cid: str) -> str:
    return CAT.feats[cid].hero if cid in CAT.feats else "yanny"


def faction_of(hero: str) -> str:
    return CAT.heroes[hero].faction


def card_ids(table, when) -> list[str]:
    return sorted(k for k, c in table.items() if c.use.when in when)


def is_attribute_feat(cid: str) -> bool:
    return any(op.op == "gain_attribute" for op in CAT.feats[cid].effect)


def used(g, cid: str) -> bool:
    return any(e.card == cid for e in events(g, "CardUsed"))


def run_ops_script(ops, actor, hex=None):
    parsed = parse_effect(ops)

    def script(ctx):
        yield from run_effect(ctx, parsed, Source(actor, hex))
    return script


# ============================================================================ every card runs
COMBAT_FEATS = card_ids(CAT.feats, {"combat"})
COMBAT_ITEMS = card_ids(CAT.items, {"combat"})
OTHER_FEATS = [f for f in card_ids(CAT.feats, {"actions", "always", "build", "refresh"}) if not is_attribute_feat(f)]
ATTRIBUTE_FEATS = [f for f in CAT.feats if is_attribute_feat(f)]
OTHER_ITEMS = card_ids(CAT.items, {"actions", "always", "build", "refresh"})
QUEST_CARDS = sorted([("feat", f) for f in card_ids(CAT.feats, {"quest"})] + [("item", i) for i in card_ids(CAT.items, {"quest"})])

__all__ = ['ALL_ATTRS', 'ATTRIBUTE_FEATS', 'BASICS', 'CAT', 'COMBAT_FEATS', 'COMBAT_ITEMS', 'HOME', 'ICE', 'OTHER_FEATS', 'OTHER_ITEMS', 'QUEST_CARDS', 'Scenario', 'Source', 'parse_effect', 'attempt_quest', 'card_ids', 'default_catalog', 'events', 'faction_of', 'fight', 'hero_of', 'is_attribute_feat', 'market', 'play_out', 'pytest', 'run_effect', 'run_ops_script', 'run_phase', 'use_card', 'used']
