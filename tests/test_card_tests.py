"""The card tests under tests/cards/ keep their naming convention (test_<card_id> or
test_<card_id>__<aspect>, which tools/mutate_ops.py relies on), and every Item, Quest, Druid,
Event, Legion and Horde has at least one."""
from __future__ import annotations

import ast
from pathlib import Path

from uprising_tui.content.loader import default_catalog

CARDS = Path(__file__).parent / "cards"


def card_test_names() -> list[tuple[str, str]]:
    out = []
    for f in sorted(CARDS.glob("test_*.py")):
        for node in ast.parse(f.read_text()).body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                out.append((f.name, node.name))
    return out


def test_every_card_test_names_its_card():
    cat = default_catalog()
    ids = set(cat.items) | set(cat.quests) | set(cat.druids) | set(cat.events) | set(cat.legions) | set(cat.hordes) \
        | set(cat.feats)
    bad = [(f, n) for f, n in card_test_names() if n[len("test_"):].split("__")[0] not in ids]
    assert not bad, f"tests under tests/cards/ must be named test_<card_id>[__<aspect>]: {bad}"


def test_every_item_quest_druid_event_legion_and_horde_has_a_test():
    cat = default_catalog()
    tested = {n[len("test_"):].split("__")[0] for _, n in card_test_names()}
    cards = set(cat.items) | set(cat.quests) | set(cat.druids) | set(cat.events) | set(cat.legions) | set(cat.hordes)
    assert sorted(cards - tested) == []
