"""No two cards do the same thing at the same time (issue 23): two Feats, Items or Druids with the
same timing (when, combat parts, step, limit, trigger) and the same effect are one card twice.
The rulebook's attribute Feats ("every Feat deck contains two Feats that give an attribute and 3
resources") are the one allowed repeat."""
from __future__ import annotations

from uprising_tui.content.loader import default_catalog
from uprising_tui.content.validation import parse_effect


def signature(card) -> tuple:
    u = card.use
    return (u.when, tuple(u.parts), u.step, u.limit, u.trigger, tuple(card.effect))


def attribute_feat(card) -> bool:
    return [op.op for op in card.effect] == ["gain_attribute", "gain_choice"]


def twins(cards) -> list[list[str]]:
    seen: dict[tuple, list[str]] = {}
    for cid, card in cards:
        if attribute_feat(card):
            continue
        seen.setdefault(signature(card), []).append(cid)
    return [ids for ids in seen.values() if len(ids) > 1]


def every_card(cat):
    return [*cat.feats.items(), *cat.items.items(), *cat.druids.items()]


def test_no_two_cards_share_timing_and_effect():
    assert twins(every_card(default_catalog())) == []


def test_a_twin_is_caught():
    cat = default_catalog()
    flenser = cat.items["flenser"]
    copy = flenser.replace(id="flenser_again", name="Flenser Again")
    assert twins([("flenser", flenser), ("flenser_again", copy)]) == [["flenser", "flenser_again"]]
    # another limit, or another effect, is another card
    other = flenser.replace(id="x", use=flenser.use.replace(limit="once_per_round"))
    stronger = flenser.replace(id="y", effect=parse_effect([{"op": "add_symbols", "skull": 2}]))
    assert twins([("flenser", flenser), ("x", other), ("y", stronger)]) == []


def test_every_deck_keeps_its_two_attribute_feats():
    cat = default_catalog()
    for hid in cat.heroes:
        assert sum(attribute_feat(f) for f in cat.feats.values() if f.hero == hid) == 2, hid
