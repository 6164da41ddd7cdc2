"""Load ``content/*.yaml`` into one frozen, cross-checked :class:`Catalog`.

Every problem is reported as a :class:`ContentError` naming the file (with the directory that
was actually read), the entry (by id where it has one) and the field, e.g.::

    /home/me/mod/hexes.yaml: entry 'rigga' (hexes[3]): field explore[0].op: unknown op 'gian'

Where the content comes from (:func:`default_content_dir`): the ``UPRISING_CONTENT`` directory
if set; else the copy shipped inside the installed package (``uprising_tui/content_data``, see
setup.py); else the ``content/`` folder of the clone this code runs from.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from . import cache, models as m
from .mods import env_mods, read_mods
from .read_files import ContentError, _name_mod_files, _parse, unknown_files
from .ops import ExchangeUnit
from .record import Record


CONTENT_ENV = "UPRISING_CONTENT"
PACKAGED = "content_data"  # the content folder's name inside the installed package


def packaged_content_dir() -> Path | None:
    """The content shipped inside the installed package (``uprising_tui/content_data``, see
    setup.py), found with importlib.resources; None when running from a clone."""
    from importlib import resources  # (only when the bundled content is looked for)
    try:
        where = resources.files("uprising_tui") / PACKAGED
    except (ModuleNotFoundError, TypeError):  # pragma: no cover - odd import systems
        return None
    return where if isinstance(where, Path) and where.is_dir() else None


def default_content_dir() -> Path:
    """``$UPRISING_CONTENT``; else the content inside the installed package; else the clone's."""
    env = os.environ.get(CONTENT_ENV)
    if env:
        return Path(env)
    package = Path(__file__).resolve().parents[1]
    if (package / PACKAGED).is_dir():  # the fast path: what importlib.resources gives on disk
        return package / PACKAGED
    clone = package.parent / "content"
    if clone.is_dir():
        return clone
    return packaged_content_dir() or clone


# file name -> (model, list key, kind label)
FILES: dict[str, tuple[type[Record], str]] = {
    "dice.yaml": (m.DiceFile, ""),
    "factions.yaml": (m.FactionsFile, "factions"),
    "heroes.yaml": (m.HeroesFile, "heroes"),
    "hexes.yaml": (m.HexesFile, "hexes"),
    "maps.yaml": (m.MapFile, "layouts"),
    "nemesis.yaml": (m.NemesisFile, "legions"),
    "druids.yaml": (m.DruidsFile, "druids"),
    "events.yaml": (m.EventsFile, "events"),
    "feats.yaml": (m.FeatsFile, "feats"),
    "items.yaml": (m.ItemsFile, "items"),
    "quests.yaml": (m.QuestsFile, "quests"),
}


@dataclass(frozen=True)
class Catalog:
    """Everything the game is made of, by id. Read-only."""
    dice: Mapping[str, m.Die]
    strength_order: tuple[str, ...]
    garrison_levels: tuple[m.GarrisonLevel, ...]
    skeleton_die: str
    factions: Mapping[str, m.Faction]
    units: Mapping[str, m.UnitDef]
    unit_faction: Mapping[str, str]
    heroes: Mapping[str, m.Hero]
    hexes: Mapping[str, m.HexTile]
    layouts: Mapping[int, m.Layout]
    legions: Mapping[str, m.NemesisCard]
    hordes: Mapping[str, m.NemesisCard]
    druids: Mapping[str, m.Druid]
    events: Mapping[str, m.EventCard]
    feats: Mapping[str, m.Feat]
    items: Mapping[str, m.Item]
    quests: Mapping[str, m.Quest]
    tower_cost: int = 1
    wall_cost: int = 1
    source: str = ""
    names: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)
    mods: tuple[tuple[str, str], ...] = ()  # (name, sha256) of each mod laid over the content, in order

    def nemesis(self, card_id: str) -> m.NemesisCard:
        return self.legions.get(card_id) or self.hordes[card_id]

    def counts(self) -> dict[str, int]:
        return {
            "dice": len(self.dice),
            "factions": len(self.factions),
            "units": len(self.units),
            "heroes": len(self.heroes),
            "hexes": len(self.hexes),
            "layouts": len(self.layouts),
            # the box's cards: the rulebook's example cards (the Butcher) are not counted
            "legions": sum(not c.example for c in self.legions.values()),
            "hordes": sum(not c.example for c in self.hordes.values()),
            "druids": len(self.druids),
            "events": len(self.events),
            "feats": len(self.feats),
            "items": len(self.items),
            "quests": len(self.quests),
        }


def _index(items, rel: str, kind: str, problems: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for i, it in enumerate(items):
        if it.id in out:
            problems.append(f"{rel}: entry {it.id!r} ({kind}[{i}]): field id: duplicate id")
        out[it.id] = it
    return out


def load_catalog(content_dir: str | os.PathLike | None = None, *, loader: type | None = None,
                 mods=None) -> Catalog:
    """Load and cross-check every content file, with `mods` (directories; default
    ``$UPRISING_MODS``, see mods.py) laid over them; raise ContentError listing all problems.

    ``loader``: the PyYAML loader class (default: libyaml's when present; tests pass the
    pure-Python one to prove both give the same catalog)."""
    root = Path(content_dir) if content_dir is not None else default_content_dir()
    try:
        problems = _load_problems(root)
        found = read_mods(env_mods() if mods is None else mods, problems)
        if problems:
            raise ContentError(problems)
        return _load(root, loader, found)
    except ContentError as exc:
        raise ContentError(exc.problems, root) from None


def _load_problems(root: Path) -> list[str]:
    """Problems with the directory itself (before any file is read)."""
    if not root.exists():
        hint = (f"the {CONTENT_ENV} environment variable points there" if os.environ.get(CONTENT_ENV)
                and Path(os.environ[CONTENT_ENV]) == root else "give a directory that holds the content files")
        return [f"content directory {root} does not exist ({hint})"]
    if not root.is_dir():
        return [f"content directory {root} is not a directory"]
    return []


def _load(root: Path, loader: type | None, mods=()) -> Catalog:
    origins: dict[tuple[str, str], str] = {}
    try:
        return _build(root, loader, mods, origins)
    except ContentError as exc:
        raise ContentError(_name_mod_files(exc.problems, root, origins)) from None


def _build(root: Path, loader: type | None, mods, origins: dict) -> Catalog:
    def at(name: str) -> str:
        return str(root / name)

    parsed: dict[str, Record] = {}
    problems: list[str] = unknown_files(root)
    for name, (model, _key) in FILES.items():
        p = root / name
        if not p.exists():
            problems.append(f"{at(name)}: file is missing")
            continue
        try:
            parsed[name] = _parse(p, model, loader, mods, origins)
        except ContentError as exc:
            problems.extend(exc.problems)
    if problems:
        raise ContentError(problems)

    dice_f: m.DiceFile = parsed["dice.yaml"]  # type: ignore[assignment]
    fac_f: m.FactionsFile = parsed["factions.yaml"]  # type: ignore[assignment]
    hero_f: m.HeroesFile = parsed["heroes.yaml"]  # type: ignore[assignment]
    hex_f: m.HexesFile = parsed["hexes.yaml"]  # type: ignore[assignment]
    map_f: m.MapFile = parsed["maps.yaml"]  # type: ignore[assignment]
    nem_f: m.NemesisFile = parsed["nemesis.yaml"]  # type: ignore[assignment]

    dice = {}
    for d in dice_f.dice:
        if d.colour in dice:
            problems.append(f"{at('dice.yaml')}: die {d.colour!r}: defined twice")
        dice[d.colour] = d
    for colour in ("white", "yellow", "red", "blue", "purple", "black"):
        if colour not in dice:
            problems.append(f"{at('dice.yaml')}: die {colour!r}: missing")

    factions = _index(fac_f.factions, at("factions.yaml"), "factions", problems)
    units: dict[str, m.UnitDef] = {}
    unit_faction: dict[str, str] = {}
    for f in fac_f.factions:
        for u in f.units:
            if u.id in units:
                problems.append(f"{at('factions.yaml')}: entry {f.id!r}: field units: unit id {u.id!r} used twice")
            units[u.id] = u
            unit_faction[u.id] = f.id
    heroes = _index(hero_f.heroes, at("heroes.yaml"), "heroes", problems)
    hexes = _index(hex_f.hexes, at("hexes.yaml"), "hexes", problems)
    legions = _index(nem_f.legions, at("nemesis.yaml"), "legions", problems)
    hordes = _index(nem_f.hordes, at("nemesis.yaml"), "hordes", problems)
    druids = _index(parsed["druids.yaml"].druids, at("druids.yaml"), "druids", problems)  # type: ignore[attr-defined]
    events = _index(parsed["events.yaml"].events, at("events.yaml"), "events", problems)  # type: ignore[attr-defined]
    feats = _index(parsed["feats.yaml"].feats, at("feats.yaml"), "feats", problems)  # type: ignore[attr-defined]
    items = _index(parsed["items.yaml"].items, at("items.yaml"), "items", problems)  # type: ignore[attr-defined]
    quests = _index(parsed["quests.yaml"].quests, at("quests.yaml"), "quests", problems)  # type: ignore[attr-defined]

    # ---- cross references
    for f in fac_f.factions:
        tile = hexes.get(f.home_hex)
        if tile is None or tile.kind != "home":
            problems.append(f"{at('factions.yaml')}: entry {f.id!r}: field home_hex: {f.home_hex!r} is not a home hex in hexes.yaml")
    for i, h in enumerate(hero_f.heroes):
        if h.faction not in factions:
            problems.append(f"{at('heroes.yaml')}: entry {h.id!r} (heroes[{i}]): field faction: unknown faction {h.faction!r}")
        starts = 0
        for fid in h.feats:
            feat = feats.get(fid)
            if feat is None:
                problems.append(f"{at('heroes.yaml')}: entry {h.id!r} (heroes[{i}]): field feats: unknown feat {fid!r}")
            elif feat.hero != h.id:
                problems.append(f"{at('heroes.yaml')}: entry {h.id!r} (heroes[{i}]): field feats: feat {fid!r} belongs to {feat.hero!r}")
            elif feat.start:
                starts += 1
        if starts != 2:
            problems.append(f"{at('heroes.yaml')}: entry {h.id!r} (heroes[{i}]): field feats: needs exactly 2 START feats, has {starts}")
    for fid, feat in feats.items():
        if feat.hero not in heroes:
            problems.append(f"{at('feats.yaml')}: entry {fid!r}: field hero: unknown hero {feat.hero!r}")

    def check_units(rel: str, ident: str, effect) -> None:
        for j, op in enumerate(effect):
            if isinstance(op, ExchangeUnit):
                for fld in ("from_unit", "to_unit"):
                    if getattr(op, fld) not in units:
                        problems.append(f"{rel}: entry {ident!r}: field effect[{j}].{fld}: unknown unit {getattr(op, fld)!r}")

    for rel, table in ((at("feats.yaml"), feats), (at("items.yaml"), items)):
        for cid, card in table.items():
            if card.use.when in ("actions", "always", "build") and card.use.cost == "none" and not (
                    card.use.when == "build" and any(op.op in ("gain_attribute", "gain_choice") for op in card.effect)):
                problems.append(f"{rel}: entry {cid!r}: field use.cost: a card used outside combat needs a cost "
                                "(flip or discard), or it could be used without end")
    for fid, feat in feats.items():
        check_units(at("feats.yaml"), fid, feat.effect)
    for iid, item in items.items():
        check_units(at("items.yaml"), iid, item.effect)

    for card in list(legions.values()) + list(hordes.values()):
        mirror = any(a.kind == "mirror" for a in card.abilities)
        if mirror and card.dice:
            problems.append(f"{at('nemesis.yaml')}: entry {card.id!r}: field dice: a card with the mirror "
                            "ability rolls its enemy's dice and prints none of its own")
        expected = 0 if mirror else card.max_threat
        for t in range(1, expected + 1):
            if t not in card.dice:
                problems.append(f"{at('nemesis.yaml')}: entry {card.id!r}: field dice: no row for Threat {t}")
        if card.kind == "legion" and card.id in hordes:
            problems.append(f"{at('nemesis.yaml')}: entry {card.id!r}: id used by a Legion and a Horde")

    for level in (1, 2, 3, 4):
        if sum(1 for e in events.values() if e.level == level and not e.advanced) < 2:
            problems.append(f"{at('events.yaml')}: level {level}: needs at least 2 non-advanced Events")

    layouts: dict[int, m.Layout] = {}
    for i, lay in enumerate(map_f.layouts):
        rel = f"{at('maps.yaml')}: layout for {lay.factions} faction(s) (layouts[{i}])"
        if lay.factions in layouts:
            problems.append(f"{rel}: defined twice")
        layouts[lay.factions] = lay
        ids = set()
        coords = set()
        for s in lay.spaces:
            if s.id in ids:
                problems.append(f"{rel}: space {s.id!r}: duplicate id")
            if (s.q, s.r) in coords:
                problems.append(f"{rel}: space {s.id!r}: two spaces at ({s.q}, {s.r})")
            ids.add(s.id)
            coords.add((s.q, s.r))
            if s.role == "region" and s.region is None:
                problems.append(f"{rel}: space {s.id!r}: field region: a region space needs a region name")
        roles = [s.role for s in lay.spaces]
        if roles.count("capital") != 1:
            problems.append(f"{rel}: needs exactly one capital space")
        if roles.count("home") < lay.factions:
            problems.append(f"{rel}: needs at least {lay.factions} home spaces")
        n_random = roles.count("random")
        pool = sum(1 for h in hexes.values() if h.kind == "regular" and not h.advanced)
        if n_random > pool:
            problems.append(f"{rel}: {n_random} random spaces but only {pool} regular hexes")
    for n in (1, 2, 3, 4):
        if n not in layouts:
            problems.append(f"{at('maps.yaml')}: no layout for {n} faction(s)")
    for kind in ("capital", "region"):
        if not any(h.kind == kind for h in hexes.values()):
            problems.append(f"{at('hexes.yaml')}: no {kind} hex")
    if problems:
        raise ContentError(problems)

    def ro(d):
        return MappingProxyType(dict(d))

    names: dict[str, str] = {}
    for table in (hexes, quests, feats, items, druids, events, hordes, legions, heroes, units, factions):
        names.update({k: v.name for k, v in table.items()})

    return Catalog(
        dice=ro(dice),
        strength_order=tuple(dice_f.strength_order),
        garrison_levels=tuple(dice_f.garrison),
        skeleton_die=dice_f.skeleton,
        factions=ro(factions),
        units=ro(units),
        unit_faction=ro(unit_faction),
        heroes=ro(heroes),
        hexes=ro(hexes),
        layouts=ro(layouts),
        legions=ro(legions),
        hordes=ro(hordes),
        druids=ro(druids),
        events=ro(events),
        feats=ro(feats),
        items=ro(items),
        quests=ro(quests),
        tower_cost=fac_f.tower_cost,
        wall_cost=fac_f.wall_cost,
        source=str(root),
        names=ro(names),
        mods=tuple(mod.record() for mod in mods),
    )


@lru_cache(maxsize=4)
def _cached(path: str, mods: tuple[str, ...] = ()) -> Catalog:
    root = Path(path)
    key = cache.entry_key(root, FILES, mods) if root.is_dir() else None
    cat = cache.load(key) if key is not None else None
    if not isinstance(cat, Catalog):  # none stored, or not a catalog
        cat = load_catalog(root, mods=list(mods))
        if key is not None:
            cache.store(key, cat)
    return cat


def cached_catalog(content_dir: str | os.PathLike | None = None, mods=None) -> Catalog:
    """The catalog of a directory (default: :func:`default_content_dir`) with `mods` laid over it
    (default: ``$UPRISING_MODS``), loaded once per process and kept on disk between runs (see
    cache.py)."""
    chosen = tuple(str(Path(m)) for m in (env_mods() if mods is None else mods))
    return _cached(str(content_dir if content_dir is not None else default_content_dir()), chosen)


_default_dirs: dict[str | None, str] = {}  # $UPRISING_CONTENT's value -> the default directory


def default_catalog() -> Catalog:
    """The catalog from the default content directory, loaded once per process.

    Every Game() asks for it, so the directory is worked out once per value of
    ``$UPRISING_CONTENT`` (not a new ``Path`` resolved each time); the catalog itself is still
    :func:`_cached`'s, so clearing that cache reloads it."""
    env = os.environ.get(CONTENT_ENV)
    path = _default_dirs.get(env)
    if path is None:
        path = _default_dirs[env] = str(default_content_dir())
    mods = os.environ.get("UPRISING_MODS")
    return _cached(path, tuple(env_mods()) if mods else ())
