"""Game setup: who plays, how long, how hard, which seed; and the opening board."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Literal

from .table.state import CardState, GameState, Hex, Player

if TYPE_CHECKING:
    from ..content.loader import Catalog

Difficulty = Literal["rebel", "veteran", "nightmare", "apocalypse"]
DIFFICULTIES: tuple[str, ...] = ("rebel", "veteran", "nightmare", "apocalypse")


class SetupError(ValueError):
    """A setup that cannot be played; the message names the field."""


_FIELDS = ("factions", "heroes", "chapters", "difficulty", "seed", "auto_ties")


def _int(name: str, value: Any, lo: int | None = None, hi: int | None = None) -> int:
    if type(value) is not int:  # bool is not a number here, nor "3"
        raise SetupError(f"{name} must be a whole number, not {value!r}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise SetupError(f"{name} must be from {lo} to {hi}, not {value}")
    return value


def _names(name: str, value: Any) -> list[str]:
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise SetupError(f"{name} must be a list of ids (texts), not {value!r}")
    return list(value)


class Setup:
    """Everything that, with the answers, determines a game. Checked when made; read-only.

    A plain class, not a pydantic model, so the engine imports without pydantic (start-up)."""
    __slots__ = _FIELDS
    factions: list[str]  # 1 to 4, each at most once
    heroes: list[str] | None  # one per faction; default: each faction's first Hero
    chapters: int  # 2 to 4
    difficulty: Difficulty
    seed: int
    auto_ties: bool  # Nemesis ties the rules leave to the first player are auto-decided

    def __init__(self, *, factions: list[str], heroes: list[str] | None = None, chapters: int = 4,
                 difficulty: str = "veteran", seed: int = 0, auto_ties: bool = False):
        factions = _names("factions", factions)
        if not 1 <= len(factions) <= 4:
            raise SetupError(f"factions: give 1 to 4 factions, not {len(factions)}")
        if len(set(factions)) != len(factions):
            raise SetupError("factions: each faction can be played only once")
        if heroes is not None:
            heroes = _names("heroes", heroes)
            if len(heroes) != len(factions):
                raise SetupError("heroes: give one Hero per faction")
        if difficulty not in DIFFICULTIES:
            raise SetupError(f"difficulty must be one of {', '.join(DIFFICULTIES)}, not {difficulty!r}")
        if type(auto_ties) is not bool:
            raise SetupError(f"auto_ties must be true or false, not {auto_ties!r}")
        values = (factions, heroes, _int("chapters", chapters, 2, 4), difficulty, _int("seed", seed), auto_ties)
        for name, value in zip(_FIELDS, values):
            object.__setattr__(self, name, value)

    @classmethod
    def from_dict(cls, data: Any) -> "Setup":
        """A Setup from plain data (a save's "setup"); SetupError names what is wrong."""
        if not isinstance(data, dict):
            raise SetupError(f"a setup is an object of fields, not {type(data).__name__}")
        unknown = [k for k in data if k not in _FIELDS]
        if unknown:
            raise SetupError(f"{unknown[0]}: not a setup field (fields: {', '.join(_FIELDS)})")
        if "factions" not in data:
            raise SetupError("factions: the field is missing")
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        """The fields as plain data (lists copied), as a save holds them."""
        out: dict[str, Any] = {}
        for name in _FIELDS:
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, list) else value
        return out

    def replace(self, **changes: Any) -> "Setup":
        return Setup(**{**self.to_dict(), **changes})

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Setup is read-only (use .replace(...) for a changed copy)")

    def __eq__(self, other: object) -> bool:
        return type(other) is Setup and self.to_dict() == other.to_dict()  # type: ignore[union-attr]

    def __hash__(self) -> int:
        return hash(tuple(tuple(v) if isinstance(v, list) else v for v in (getattr(self, n) for n in _FIELDS)))

    def __repr__(self) -> str:
        return "Setup(" + ", ".join(f"{n}={getattr(self, n)!r}" for n in _FIELDS) + ")"

    def __reduce__(self):
        return (_setup_from, (self.to_dict(),))

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


def _setup_from(data: dict[str, Any]) -> Setup:
    return Setup(**data)


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
        # (Hex's first seven fields in order: positional arguments are matched far faster than
        # keywords by a dataclass's __init__ of 20 fields)
        st.hexes[s.id] = Hex(s.id, s.q, s.r, s.role, tile, s.region, explored)

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
