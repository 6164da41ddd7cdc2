"""Game setup: who plays, how long, how hard, which seed; and the opening board."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .state import CardState, GameState, Hex, Player

if TYPE_CHECKING:
    from ..content.loader import Catalog

Difficulty = Literal["rebel", "veteran", "nightmare", "apocalypse"]
DIFFICULTIES: tuple[str, ...] = ("rebel", "veteran", "nightmare", "apocalypse")


class Setup(BaseModel):
    """Everything that, with the answers, determines a game."""
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)  # built at first use: faster import

    factions: list[str] = Field(min_length=1, max_length=4)
    heroes: list[str] | None = None  # one per faction; default: each faction's first Hero
    chapters: int = Field(default=4, ge=2, le=4)
    difficulty: Difficulty = "veteran"
    seed: int = 0
    auto_ties: bool = False  # Nemesis ties the rules leave to the first player are auto-decided

    @model_validator(mode="after")
    def _check(self) -> "Setup":
        if len(set(self.factions)) != len(self.factions):
            raise ValueError("each faction can be played only once")
        if self.heroes is not None and len(self.heroes) != len(self.factions):
            raise ValueError("give one Hero per faction")
        return self

    def validate_against(self, cat: "Catalog") -> list[str]:
        problems = []
        for f in self.factions:
            if f not in cat.factions:
                problems.append(f"unknown faction {f!r} (choose from {', '.join(cat.factions)})")
        for f, h in zip(self.factions, self.heroes or []):
            hero = cat.heroes.get(h)
            if hero is None:
                problems.append(f"unknown hero {h!r}")
            elif hero.faction != f:
                problems.append(f"hero {h!r} belongs to {hero.faction}, not {f}")
        return problems

    def hero_for(self, cat: "Catalog", i: int) -> str:
        if self.heroes:
            return self.heroes[i]
        return next(h.id for h in cat.heroes.values() if h.faction == self.factions[i])


START_RESOURCES = {"rebel": 6, "veteran": 5, "nightmare": 5, "apocalypse": 5}
CURSES = {"rebel": 0, "veteran": 2, "nightmare": 3, "apocalypse": 3}


def _with_advanced(rng: random.Random, base: list[str], advanced: list[str], how: str | int) -> list[str]:
    """`how`: 'none', 'all' or a number of random advanced cards to add."""
    if how == "all":
        return base + advanced
    if how == "none" or not advanced:
        return list(base)
    pick = list(advanced)
    rng.shuffle(pick)
    return base + pick[: int(how)]


def build_state(setup: Setup, cat: "Catalog", rng: random.Random) -> tuple[GameState, dict[str, tuple[int, ...]]]:
    diff = setup.difficulty
    hard = diff in ("nightmare", "apocalypse")
    st = GameState(chapters=setup.chapters)
    layout = cat.layouts[len(setup.factions)]
    fixed_edges: dict[str, tuple[int, ...]] = {}

    # ---- hex tiles
    regular = sorted(k for k, h in cat.hexes.items() if h.kind == "regular" and not h.advanced)
    regular_adv = sorted(k for k, h in cat.hexes.items() if h.kind == "regular" and h.advanced)
    pool = _with_advanced(rng, regular, regular_adv, {"nightmare": 2, "apocalypse": "all"}.get(diff, "none"))
    rng.shuffle(pool)
    towers = sorted(k for k, h in cat.hexes.items() if h.kind == "sea_tower" and not h.advanced)
    towers_adv = sorted(k for k, h in cat.hexes.items() if h.kind == "sea_tower" and h.advanced)
    tpool = _with_advanced(rng, towers, towers_adv, {"nightmare": 1, "apocalypse": "all"}.get(diff, "none"))
    rng.shuffle(tpool)
    capital = next(k for k, h in cat.hexes.items() if h.kind == "capital")
    homes = [s for s in layout.spaces if s.role == "home"]
    home_of = {s.id: setup.factions[i] for i, s in enumerate(homes[: len(setup.factions)])}

    for s in layout.spaces:
        if s.impassable:
            fixed_edges[s.id] = tuple(s.impassable)
        if s.role == "capital":
            tile, explored = capital, True
        elif s.role == "home":
            fac = home_of.get(s.id)
            if fac is None:  # unused home space: a face-down regular hex if any remain
                tile, explored = (pool.pop() if pool else "howling_white"), bool(not pool)
            else:
                tile, explored = cat.factions[fac].home_hex, True
        elif s.role == "sea_tower":
            if tpool:
                tile, explored = tpool.pop(), False
            else:
                tile, explored = (pool.pop() if pool else s.region or "howling_white"), False
        elif s.role == "random":
            if not pool:
                continue
            tile, explored = pool.pop(), False
        else:
            tile, explored = s.region or "howling_white", True
        st.hexes[s.id] = Hex(id=s.id, q=s.q, r=s.r, role=s.role, tile=tile, region=s.region, explored=explored)

    # ---- Nemesis pieces at start
    cap = next(h for h in st.hexes.values() if h.role == "capital")
    cap.garrisons = [1, 2, 3]
    for lvl in range(3):
        st.garrison_reserve[lvl] -= 1
    for s in layout.spaces:
        if s.id not in st.hexes:
            continue
        h = st.hexes[s.id]
        if (s.garrison == "veteran" and diff != "rebel") or (s.garrison == "nightmare" and hard):
            h.garrisons = [1]
            st.garrison_reserve[0] -= 1
        if s.curse and s.curse <= CURSES[diff]:
            h.curse = True
            st.curse_reserve -= 1
        if s.skeleton:
            h.skeletons = 1
            st.skeleton_reserve -= 1

    # ---- players
    start = START_RESOURCES[diff]
    home_ids = list(home_of)
    for i, fac_id in enumerate(setup.factions):
        fac = cat.factions[fac_id]
        hero = cat.heroes[setup.hero_for(cat, i)]
        deck = [f for f in hero.feats if not cat.feats[f].start]
        rng.shuffle(deck)
        p = Player(
            faction=fac_id, hero=hero.id, seat=i, hero_hex=home_ids[i],
            salt=start, plunder=start, food=start, ap=8,
            might=hero.might, magic=hero.magic, leadership=hero.leadership, guile=hero.guile,
            feats=[CardState(f) for f in hero.feats if cat.feats[f].start],
            feat_deck=deck,
            reserve={u.id: u.reserve for u in fac.units},
            havens_in_supply=fac.havens - 1,
        )
        st.hexes[home_ids[i]].haven = fac_id
        st.players.append(p)

    # ---- decks
    n = len(setup.factions)
    deal = 5 + max(0, n - 2)
    for kind in ("legions", "hordes"):
        table = getattr(cat, kind)
        cards = sorted(k for k, c in table.items() if (hard or not c.advanced) and not c.example)
        rng.shuffle(cards)
        setattr(st, "legion_deck" if kind == "legions" else "horde_deck", cards[:deal])
        setattr(st, "legion_box" if kind == "legions" else "horde_box", cards[deal:])
    for level in range(1, setup.chapters + 1):
        base = sorted(k for k, e in cat.events.items() if e.level == level and not e.advanced)
        adv = sorted(k for k, e in cat.events.items() if e.level == level and e.advanced)
        evs = _with_advanced(rng, base, adv, {"nightmare": 1, "apocalypse": "all"}.get(diff, "none"))
        st.events.append(evs[rng.randrange(len(evs))])
    druids = sorted(cat.druids)
    rng.shuffle(druids)
    st.druids = druids[:4]
    items = sorted(k for k, c in cat.items.items() if hard or not c.advanced)
    rng.shuffle(items)
    st.item_deck = items
    q_base = sorted(k for k, c in cat.quests.items() if not c.advanced)
    q_adv = sorted(k for k, c in cat.quests.items() if c.advanced)
    quests = _with_advanced(rng, q_base, q_adv, {"nightmare": 3, "apocalypse": "all"}.get(diff, "none"))
    rng.shuffle(quests)
    st.quest_deck = quests
    st.event_threat = cat.events[st.events[0]].threat
    return st, fixed_edges
