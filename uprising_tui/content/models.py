"""Records for every kind of content file in ``content/`` (validated by validation.py).

All models forbid unknown fields and are frozen: the catalog built from them is
read-only for the whole life of a game.
"""
from __future__ import annotations

import re
from typing import Literal

from .ops import Attribute, Colour, Effect, Resource, Symbol  # noqa: F401 (annotations name them)
from .record import Record, checks, field, model_check

Terrain = Literal["woods", "marsh", "badlands", "highlands", "ice_waste", "none"]
UnitType = Literal["warrior", "archer", "rider"]
Grade = Literal["basic", "elite"]
Face = tuple[Symbol, ...]


_ID = re.compile(r"[A-Za-z0-9_]{1,40}")


def _check_id(v: str) -> str:
    if not _ID.fullmatch(v):
        shown = repr(v) if len(v) <= 40 else f"{v[:40]!r}... ({len(v):,} characters)"
        raise ValueError(f"an id is 1 to 40 letters, digits or underscores (option ids are built "
                         f"from ids with ':'), not {shown}")
    return v


Id = str  # an id: validation.py checks it with _check_id

# Where an entry comes from (docs/content.md, "Provenance"): the rulebook prints it; public facts
# about the published game give it; or it is ours. An entry that does not say is ours (a mod's
# new card is not the box's); every entry of the bundled content says it (a test reads the files).
Provenance = Literal["rulebook", "published", "ours"]
PROVENANCES: tuple[str, ...] = ("rulebook", "published", "ours")


class Model(Record):
    """A content entry: unknown fields are refused and it is read-only (see record.py)."""


# ---------------------------------------------------------------- dice
class Die(Model):
    colour: Colour
    provenance: Provenance = "ours"
    faces: tuple[Face, Face, Face, Face, Face, Face]


class GarrisonLevel(Model):
    archery: tuple[Colour, ...]
    clash: tuple[Colour, ...]


class DiceFile(Model):
    dice: list[Die]
    strength_order: tuple[Colour, ...]  # strongest first
    garrison: list[GarrisonLevel] = field(min_length=3, max_length=3)
    skeleton: Colour  # one die of this colour per Skeleton, Clash only


# ---------------------------------------------------------------- factions
class Cost(Model):
    """One way to pay: fixed resources, or `any` resources in any mix."""
    salt: int = 0
    plunder: int = 0
    food: int = 0
    any: int = 0


class UnitDef(Model):
    id: Id
    name: str
    provenance: Provenance = "ours"
    type: UnitType
    grade: Grade
    die: Colour
    reserve: int = field(ge=1, le=6)
    costs: list[Cost] = field(min_length=1)  # alternatives


class ProductionRow(Model):
    salt: int = 0
    plunder: int = 0
    food: int = 0


class Faction(Model):
    id: Id
    name: str
    provenance: Provenance = "ours"
    home_hex: str
    haven_cost: int
    havens: int = 5
    units: list[UnitDef] = field(min_length=4, max_length=4)
    production: list[ProductionRow] = field(min_length=6, max_length=6)  # by Havens 0..5+


HERO_ATTRIBUTE_TOTAL = 4  # every Hero's printed attributes sum to 4 (docs/content.md, Heroes)


class Hero(Model):
    id: Id
    name: str
    provenance: Provenance = "ours"
    faction: str
    might: int = 0
    magic: int = 0
    leadership: int = 0
    guile: int = 0
    feats: list[str] = field(min_length=4)  # feat ids; those marked start begin in play
    blurb: str = ""

    @checks("might", "magic", "leadership", "guile")
    def _not_negative(v: int) -> int:
        if v < 0:
            raise ValueError(f"an attribute counts Hero Dice, so it is 0 or more, not {v}")
        return v

    @model_check
    def _attributes_sum(self) -> None:
        total = self.might + self.magic + self.leadership + self.guile
        if total != HERO_ATTRIBUTE_TOTAL:
            raise ValueError(
                f"the attributes must sum to {HERO_ATTRIBUTE_TOTAL} (as Ronja's and Hanzo's do in the "
                f"rulebook), not {total}: might {self.might} + magic {self.magic} + leadership "
                f"{self.leadership} + guile {self.guile}")


# ---------------------------------------------------------------- map
class HexTile(Model):
    id: Id
    name: str
    provenance: Provenance = "ours"
    kind: Literal["regular", "home", "capital", "sea_tower", "region"]
    advanced: bool = False
    terrain: Terrain = "none"
    resources: ProductionRow = field(factory=ProductionRow)  # a factory: no model built at import
    vp: int = 0
    no_haven: bool = False
    alignment: Literal["empire", "chaos", "none"] = "none"
    impassable: tuple[int, ...] = ()  # edges 0..5 in the tile's own frame
    explore: Effect = []
    sea_tower: bool = False  # ongoing: adjacent to every hex, Market 1 Salt cheaper
    text: str = ""

    @checks("impassable")
    def _edges(v: tuple[int, ...]) -> tuple[int, ...]:
        for e in v:
            if not 0 <= e <= 5:
                raise ValueError(f"edge {e} is not in 0..5")
        if len(set(v)) != len(v):
            raise ValueError("an edge is listed twice")
        return v


class Space(Model):
    id: Id
    q: int
    r: int
    role: Literal["capital", "home", "sea_tower", "random", "region"]
    region: Literal["howling_white", "fog_grave", "screaming_sea"] | None = None
    garrison: Literal["veteran", "nightmare"] | None = None  # start Garrison mark
    curse: int = 0  # 1..3: placed when the difficulty places at least this many
    skeleton: bool = False
    impassable: tuple[int, ...] = ()  # fixed edges of a pre-printed space (home, capital)


class Layout(Model):
    factions: int = field(ge=1, le=4)
    provenance: Provenance = "ours"
    spaces: list[Space]


class MapFile(Model):
    layouts: list[Layout]


# ---------------------------------------------------------------- cards
Part = Literal["before_combat", "archery", "clash", "after_combat"]
Step = Literal["before_rolling", "before_damage", "after_damage"]


class Use(Model):
    """When and how a card can be used."""
    when: Literal["combat", "actions", "always", "build", "quest", "trigger", "refresh"]
    parts: tuple[Part, ...] = ()  # combat only
    step: Step | None = None  # archery/clash only
    hero_hex: bool = False
    limit: Literal["none", "once_per_round", "once_per_combat"] = "none"
    cost: Literal["none", "flip", "discard"] = "none"
    trigger: Literal["horde_activates", "legion_activates", "combat_won", "haven_built", "none"] = "none"


class Card(Model):
    id: Id
    name: str
    text: str
    provenance: Provenance = "ours"
    advanced: bool = False


class Feat(Card):
    hero: str
    start: bool = False
    use: Use
    effect: Effect


class Item(Card):
    cost: int = field(ge=0)
    requires: dict[Attribute, int] = {}
    use: Use
    effect: Effect
    quest_bonus: bool = False  # usable while rolling for a Quest


class Druid(Card):
    use: Use
    effect: Effect


class QuestGoal(Model):
    symbol: Symbol
    count: int = field(ge=1)
    reward: Effect = []


class QuestBonus(Model):
    when: Literal["terrain", "curse", "sea_tower", "haven", "always"]
    terrain: str | None = None
    dice: list[Colour] = []
    any_die: int = 0  # extra dice whose colour the player picks


class Quest(Card):
    goals: list[QuestGoal] = field(min_length=1)
    threshold: int = field(ge=1)
    solve: Effect
    fail: Effect
    immediate: Effect = []
    bonus: list[QuestBonus] = []
    ongoing: Use | None = None
    ongoing_effect: Effect = []
    stays: bool = False  # not discarded at Refresh


class Ability(Model):
    """A Legion or Horde combat ability."""
    kind: Literal[
        "extra_dice", "no_enemy_shields", "no_enemy_bolts", "skip_archery",
        "reroll_blanks", "mirror",
    ]
    colour: Colour | Literal["all"] | None = None
    count: int = 0
    parts: tuple[Literal["archery", "clash"], ...] = ("archery", "clash")
    terrain: str | None = None
    condition: Literal["none", "target_here", "haven_or_imperial"] = "none"
    per_druid: bool = False


class Godpower(Model):
    """Fires on each of the card's Bolts; a printed limit caps it (extra Bolts then cancel Shields)."""
    step: Step = "before_damage"
    limit: Literal["none", "once_per_round", "once_per_combat"] = "none"
    effect: Effect


class DiceRow(Model):
    archery: tuple[Colour, ...] = ()
    clash: tuple[Colour, ...]


class NemesisCard(Card):
    kind: Literal["legion", "horde"]
    initiative: int
    max_threat: int = 7
    dice: dict[int, DiceRow]
    immediate: Effect = []
    abilities: list[Ability] = []
    godpower: Godpower
    destroyed: Effect = []
    destroyed_vp: int = 0
    retarget_removes_sea_tower: bool = False
    enlarging_removes_sea_tower: bool = False  # each time its Threat rises, a Sea Tower is lost
    adjacent_to_all: bool = False
    return_once: bool = False  # once per game goes to the bottom of its deck instead
    # the rulebook's own example card, not one of the box's: in the catalog (and the rulebook's
    # example tests) but never dealt into a game's deck. See docs/content.md.
    example: bool = False

    @checks("dice")
    def _rows(v: dict[int, DiceRow]) -> dict[int, DiceRow]:
        for k in v:
            if not 1 <= k <= 7:
                raise ValueError(f"Threat row {k} is not in 1..7")
        return v


class EventCard(Card):
    level: int = field(ge=1, le=4)
    threat: int = field(ge=1, le=7)
    effect: Effect


# ---------------------------------------------------------------- files
class FactionsFile(Model):
    factions: list[Faction]
    tower_cost: int = 1
    wall_cost: int = 1


class HeroesFile(Model):
    heroes: list[Hero]


class HexesFile(Model):
    hexes: list[HexTile]


class FeatsFile(Model):
    feats: list[Feat]


class ItemsFile(Model):
    items: list[Item]


class QuestsFile(Model):
    quests: list[Quest]


class DruidsFile(Model):
    druids: list[Druid]


class NemesisFile(Model):
    legions: list[NemesisCard] = []
    hordes: list[NemesisCard] = []


class EventsFile(Model):
    events: list[EventCard]


RESOURCES: tuple[Resource, ...] = ("salt", "plunder", "food")
