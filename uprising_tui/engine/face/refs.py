"""Typed references: what an Option points at (`Ref`) and why something happened (`SourceRef`).

Both name things by id, never by display name; a client turns ids into names through the
catalog. They are small immutable tuples so events and options stay cheap to build and compare.
"""
from __future__ import annotations

from typing import NamedTuple

# What a Ref may point at.
REF_KINDS = ("hex", "card", "unit", "faction", "resource", "die", "colour", "attribute", "side", "hero")

# What may cause an event or a decision.
#   feat, item, quest, event, druid, legion, horde: a card, by its id
#   godpower, ability: a Legion's/Horde's Godpower or combat ability (id = the card's id)
#   hex: a hex tile's explore or ongoing effect (id = the tile id)
#   unit: a player Unit's ability (id = the unit id)
#   terrain: a terrain effect in combat (id = woods, marsh, badlands, highlands, curse)
#   action: one of the seven Actions (id = move, trade, command, explore, haven, market, quest)
#   rule: a rule section of the rulebook (id = e.g. legion_activation, capital_rule, skeleton_bolt,
#         placement, scoring, production, refresh, events_phase, build_phase, card_limit, ...)
#   skeletons: the Skeletons of a hex acting (their Bolts, their move)
SOURCE_KINDS = ("feat", "item", "quest", "event", "druid", "legion", "horde", "godpower", "ability",
                "hex", "unit", "terrain", "action", "rule", "skeletons")


class Ref(NamedTuple):
    """Something an Option points at: ``Ref("hex", "H07")``, ``Ref("unit", "younglings")``."""
    kind: str
    id: str


class SourceRef(NamedTuple):
    """Why an event happened or a decision is asked: the card, rule or effect behind it.

    ``detail`` narrows it down where that helps a reader, e.g. ``SourceRef("rule",
    "legion_activation", "step 2")`` or ``SourceRef("godpower", "the_lich_queen")``.
    """
    kind: str
    id: str
    detail: str = ""


_KIND_TABLES = (("feat", "feats"), ("item", "items"), ("quest", "quests"), ("event", "events"),
                ("druid", "druids"), ("legion", "legions"), ("horde", "hordes"), ("hex", "hexes"))
_KINDS: list = [None, {}]  # [the catalog the table was built for, card id -> kind]


def card_kind(cat, ident: str) -> str:
    """The source kind of a catalog id: 'feat', 'item', 'quest', 'event', 'druid', 'legion',
    'horde' or 'hex' (a hex tile); 'rule' for anything else."""
    if _KINDS[0] is not cat:
        table = {}
        for kind, attr in reversed(_KIND_TABLES):  # the first table named wins a shared id
            table.update(dict.fromkeys(getattr(cat, attr), kind))
        _KINDS[:] = [cat, table]
        _SOURCES.clear()
    return _KINDS[1].get(ident, "rule")


_SOURCES: dict[str, SourceRef] = {}  # source_of(cat, ident) without a detail, for _KINDS's catalog


def source_of(cat, ident: str, detail: str = "") -> SourceRef:
    """A SourceRef for a catalog id, its kind looked up: ``source_of(cat, "rigga", "explore")``."""
    if detail or _KINDS[0] is not cat:
        return SourceRef(card_kind(cat, ident), ident, detail)
    got = _SOURCES.get(ident)  # the same immutable SourceRef for a card each time (effects run often)
    if got is None:
        got = _SOURCES[ident] = SourceRef(card_kind(cat, ident), ident, detail)
    return got
