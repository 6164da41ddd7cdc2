"""What the published box holds, beside what the content has: one table, used by
``uprising content check`` (which fails when the content is short of the box).

More than the box is fine (a mod adds cards); fewer is reported. Each row says where its
number comes from: the rulebook's component list, or our own reading where the list is silent.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from .loader import Catalog

RULEBOOK = "rulebook component list"


@dataclass(frozen=True)
class BoxCount:
    key: str
    label: str
    box: int
    count: Callable[["Catalog"], int]
    source: str = RULEBOOK


def _events(level: int) -> Callable[["Catalog"], int]:
    return lambda cat: sum(1 for e in cat.events.values() if e.level == level)


def _fewest_feats(cat: "Catalog") -> int:
    return min((sum(1 for f in cat.feats.values() if f.hero == h) for h in cat.heroes), default=0)


BOX: tuple[BoxCount, ...] = (
    BoxCount("dice_colours", "dice colours", 6, lambda cat: len(cat.dice)),
    BoxCount("factions", "factions (player boards)", 4, lambda cat: len(cat.factions)),
    BoxCount("heroes", "Heroes (4 double-sided cards)", 8, lambda cat: len(cat.heroes)),
    BoxCount("unit_standees", "Unit standees (reserves)", 48, lambda cat: sum(u.reserve for u in cat.units.values())),
    BoxCount("feats", "Feats", 80, lambda cat: len(cat.feats)),
    BoxCount("feats_per_hero", "Feats in the smallest Hero deck", 10, _fewest_feats,
             "rulebook: 80 Feats in 8 decks"),
    BoxCount("items", "Items (the Market deck)", 43, lambda cat: len(cat.items)),
    BoxCount("quests", "Quests", 25, lambda cat: len(cat.quests)),
    BoxCount("events", "Events", 28, lambda cat: len(cat.events)),
    *(BoxCount(f"events_level_{n}", f"Events of Chapter level {n}", 7, _events(n)) for n in (1, 2, 3, 4)),
    BoxCount("druids", "Druids", 9, lambda cat: len(cat.druids)),
    BoxCount("legions", "Legions (the rulebook's example Butcher is not dealt)", 8,
             lambda cat: sum(not c.example for c in cat.legions.values())),
    BoxCount("hordes", "Hordes", 8, lambda cat: sum(not c.example for c in cat.hordes.values())),
    BoxCount("regular_hexes", "regular hexes", 33,
             lambda cat: sum(1 for h in cat.hexes.values() if h.kind == "regular")),
    BoxCount("advanced_hexes", "advanced regular hexes", 5,
             lambda cat: sum(1 for h in cat.hexes.values() if h.kind == "regular" and h.advanced)),
    BoxCount("sea_towers", "Sea Tower hexes", 4,
             lambda cat: sum(1 for h in cat.hexes.values() if h.kind == "sea_tower"),
             "ours: the list does not count them; two per map and 'add all advanced Sea Towers'"),
)


@dataclass(frozen=True)
class BoxRow:
    key: str
    label: str
    have: int
    box: int
    source: str

    @property
    def short(self) -> int:
        return max(0, self.box - self.have)

    def data(self) -> dict:
        return {"label": self.label, "have": self.have, "box": self.box, "short": self.short,
                "source": self.source}


def compare(cat: "Catalog", table: tuple[BoxCount, ...] = BOX) -> list[BoxRow]:
    return [BoxRow(b.key, b.label, b.count(cat), b.box, b.source) for b in table]


def provenance_rows(cat: "Catalog") -> list[tuple[str, dict[str, int]]]:
    """Where the content comes from: for each kind, and each deck within a kind (a Hero's Feats,
    a Chapter's Events), how many entries are the rulebook's, published facts' or ours."""
    from .models import PROVENANCES  # (the models, with pydantic, only when the box is checked)

    def tally(entries) -> dict[str, int]:
        out = dict.fromkeys(PROVENANCES, 0)
        for e in entries:
            out[e.provenance] += 1
        return out

    rows: list[tuple[str, dict[str, int]]] = [
        ("dice", tally(cat.dice.values())),
        ("factions", tally(cat.factions.values())),
        ("units", tally(cat.units.values())),
        ("heroes", tally(cat.heroes.values())),
        ("hexes", tally(cat.hexes.values())),
        ("map layouts", tally(cat.layouts.values())),
        ("Legions", tally(cat.legions.values())),
        ("Hordes", tally(cat.hordes.values())),
        ("Druids", tally(cat.druids.values())),
        ("Items (Market deck)", tally(cat.items.values())),
        ("Quests", tally(cat.quests.values())),
        ("Events", tally(cat.events.values())),
    ]
    rows += [(f"  Events, Chapter {n}", tally(e for e in cat.events.values() if e.level == n)) for n in (1, 2, 3, 4)]
    rows.append(("Feats", tally(cat.feats.values())))
    rows += [(f"  Feats of {h.name}", tally(f for f in cat.feats.values() if f.hero == h.id))
             for h in cat.heroes.values()]
    return rows
