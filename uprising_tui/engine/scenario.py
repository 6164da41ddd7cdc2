"""Scenario fixtures: start a game from any board position, with rigged dice.

    sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board()
    sc.at("H01", tile="rigga", units={"younglings": 3}, skeletons=2)
    sc.rig(blue=["", "S", "H"], red=["", "SS"])
    game = sc.game(script=fight("H01", attacker="duerkhar"))

The same fixture can be written as a dict (or YAML) and loaded with
``Scenario.from_dict``. See docs/testing.md.
"""
from __future__ import annotations

from typing import Any, Callable

from ..content.loader import Catalog, default_catalog
from .rules import phases
from .rules.actions.turn import actions_phase, take_turn
from .ops.executor import Source, run_effect
from .rules.fights import settle
from .game import Game
from .rules.nemesis.phase import activate_card, nemesis_phase
from .setup import Setup
from .table.state import CardState, GameState, NemCard

HEX_KEYS = {"tile", "explored", "rotation", "units", "garrisons", "skeletons", "curse", "haven", "wall",
            "tower", "legions", "hordes"}
PLAYER_KEYS = {"salt", "plunder", "food", "ap", "vp", "hero_hex", "feats", "items", "quests", "might", "magic",
               "leadership", "guile", "feat_deck", "reserve"}


class ScenarioError(ValueError):
    pass


class Scenario:
    def __init__(self, factions: list[str], heroes: list[str] | None = None, *, difficulty: str = "veteran",
                 seed: int = 0, chapters: int = 4, auto_ties: bool = False, catalog: Catalog | None = None):
        self.setup = Setup(factions=factions, heroes=heroes, difficulty=difficulty, seed=seed,
                           chapters=chapters, auto_ties=auto_ties)
        self.cat = catalog or default_catalog()
        self._steps: list[Callable[[GameState], None]] = []
        self._rig: dict[str, list] = {}
        self._chapter = 1
        self._phase = "actions"

    # ------------------------------------------------------------ board
    def empty_board(self) -> "Scenario":
        """No Nemesis pieces or Curses; every random hex face-down; Havens only at home."""
        def step(st: GameState) -> None:
            for h in st.hexes.values():
                h.garrisons, h.skeletons, h.legions, h.hordes, h.curse = [], 0, [], [], False
        self._steps.append(step)
        return self

    def at(self, hid: str, **kw: Any) -> "Scenario":
        bad = set(kw) - HEX_KEYS
        if bad:
            raise ScenarioError(f"hex {hid}: unknown keys {sorted(bad)} (use {sorted(HEX_KEYS)})")

        def step(st: GameState) -> None:
            if hid not in st.hexes:
                raise ScenarioError(f"hex {hid} is not on this map")
            h = st.hexes[hid]
            if "tile" in kw:
                if kw["tile"] not in self.cat.hexes:
                    raise ScenarioError(f"hex {hid}: unknown tile {kw['tile']!r}")
                h.tile = kw["tile"]
                h.explored = kw.get("explored", True)
            for key in ("explored", "rotation", "curse", "wall", "tower", "skeletons"):
                if key in kw:
                    setattr(h, key, kw[key])
            if "haven" in kw:
                old = h.haven
                if old:
                    st.player(old).havens_in_supply += 1
                h.haven = kw["haven"]
                if h.haven:
                    st.player(h.haven).havens_in_supply -= 1
            if "garrisons" in kw:
                h.garrisons = list(range(1, kw["garrisons"] + 1))
            if "units" in kw:
                h.units = {u: n for u, n in kw["units"].items() if n}
                owners = {self.cat.unit_faction[u] for u in h.units}
                if len(owners) > 1:
                    raise ScenarioError(f"hex {hid}: Units of two factions")
                h.owner = owners.pop() if owners else None
            for kind in ("legions", "hordes"):
                if kind in kw:
                    for cid, threat in kw[kind]:
                        table = self.cat.legions if kind == "legions" else self.cat.hordes
                        if cid not in table:
                            raise ScenarioError(f"hex {hid}: unknown {kind[:-1]} {cid!r}")
                        card = NemCard(cid, kind[:-1], threat, hid)
                        getattr(st, kind)[cid] = card
                        getattr(h, kind).append(cid)
                        for deck in (st.legion_deck, st.legion_box, st.horde_deck, st.horde_box):
                            if cid in deck:
                                deck.remove(cid)
        self._steps.append(step)
        return self

    def target(self, legion: str, hid: str, faction: str | None) -> "Scenario":
        def step(st: GameState) -> None:
            st.legions[legion].target = hid
            st.legions[legion].target_faction = faction
        self._steps.append(step)
        return self

    def tokens(self, card: str, n: int) -> "Scenario":
        self._steps.append(lambda st: setattr(st.nem(card), "tokens", n))
        return self

    # ------------------------------------------------------------ players and decks
    def player(self, faction: str, **kw: Any) -> "Scenario":
        bad = set(kw) - PLAYER_KEYS
        if bad:
            raise ScenarioError(f"player {faction}: unknown keys {sorted(bad)}")

        def step(st: GameState) -> None:
            p = st.player(faction)
            for key, v in kw.items():
                if key in ("feats", "items", "quests"):
                    setattr(p, key, [CardState(c) for c in v])
                    if key == "feats":
                        p.feat_deck = [f for f in p.feat_deck if f not in v]
                elif key == "reserve":
                    p.reserve.update(v)
                else:
                    setattr(p, key, list(v) if isinstance(v, list) else v)  # never share a fixture's list
        self._steps.append(step)
        return self

    def decks(self, **kw: list[str]) -> "Scenario":
        """Set any of: legion_deck, horde_deck, item_deck, market, quest_deck, quest_offer, druids, events."""
        def step(st: GameState) -> None:
            for key, v in kw.items():
                if not hasattr(st, key):
                    raise ScenarioError(f"unknown deck {key!r}")
                setattr(st, key, list(v))
        self._steps.append(step)
        return self

    def state(self, fn: Callable[[GameState], None]) -> "Scenario":
        """Any other edit of the opening state."""
        self._steps.append(fn)
        return self

    def when(self, chapter: int = 1, phase: str = "actions") -> "Scenario":
        self._chapter, self._phase = chapter, phase
        return self

    def rig(self, **by_colour: list) -> "Scenario":
        for c, faces in by_colour.items():
            self._rig.setdefault(c, []).extend(faces)
        return self

    # ------------------------------------------------------------ build
    def _prepare(self, st: GameState) -> None:
        st.chapter, st.phase = self._chapter, self._phase
        for step in self._steps:
            step(st)
        _recount_reserves(st, self.cat)

    def game(self, script: Callable | None = None) -> Game:
        """A started Game over this position. `script(ctx)` is the rules generator to run
        (default: the whole game from Chapter 1)."""
        g = Game(self.setup, self.cat, rigged=True, prepare=self._prepare, script=script)
        g.dice.rig(**self._rig)
        return g.start()

    @classmethod
    def from_dict(cls, data: dict) -> "Scenario":
        sc = cls(data["factions"], data.get("heroes"), difficulty=data.get("difficulty", "veteran"),
                 seed=data.get("seed", 0), auto_ties=data.get("auto_ties", False))
        if data.get("empty_board", True):
            sc.empty_board()
        for hid, kw in (data.get("hexes") or {}).items():
            kw = dict(kw)
            for kind in ("legions", "hordes"):
                if kind in kw:
                    kw[kind] = [tuple(x) for x in kw[kind]]
            sc.at(hid, **kw)
        for fac, kw in (data.get("players") or {}).items():
            sc.player(fac, **kw)
        if data.get("decks"):
            sc.decks(**data["decks"])
        if data.get("dice"):
            sc.rig(**data["dice"])
        return sc


def _recount_reserves(st: GameState, cat: Catalog) -> None:
    """Keep every component count consistent with what the fixture put on the map."""
    levels = [0, 0, 0]
    skeletons = curses = 0
    on_map: dict[str, int] = {}
    for h in st.hexes.values():
        for lvl in h.garrisons:
            levels[lvl - 1] += 1
        skeletons += h.skeletons
        curses += int(h.curse)
        for u, n in h.units.items():
            on_map[u] = on_map.get(u, 0) + n
    st.garrison_reserve = [max(0, 10 - n) for n in levels]
    st.skeleton_reserve = max(0, 11 - skeletons)
    st.curse_reserve = max(0, 9 - curses)
    for p in st.players:
        for u in cat.factions[p.faction].units:
            p.reserve[u.id] = max(0, min(p.reserve.get(u.id, u.reserve), u.reserve - on_map.get(u.id, 0)))


# ------------------------------------------------------------ ready-made scripts
def fight(hid: str, attacker: str | None = None, mover: str | None = None) -> Callable:
    def script(ctx):
        yield from settle(ctx, hid, attacker=attacker, mover=mover)
    return script


def activate(card_id: str, times: int = 1) -> Callable:
    def script(ctx):
        for _ in range(times):
            card = ctx.state.nem(card_id)
            if card is None:
                return
            yield from activate_card(ctx, card)
    return script


def run_phase(name: str) -> Callable:
    def script(ctx):
        table = {"refresh": phases.refresh_phase, "events": phases.events_phase, "build": phases.build_phase,
                 "actions": actions_phase, "nemesis": nemesis_phase, "scoring": phases.scoring_phase}
        table["production"] = phases.production
        yield from table[name](ctx)
    return script


def turn(faction: str) -> Callable:
    def script(ctx):
        yield from take_turn(ctx, ctx.state.player(faction))
    return script


def effect(ops: list[dict], actor: str, hex: str | None = None) -> Callable:
    """Run raw effect data (validated like content) as the script."""
    from ..content.validation import parse_effect  # (pydantic, only for content read from data: start-up)
    parsed = parse_effect(ops)

    def script(ctx):
        yield from run_effect(ctx, parsed, Source(actor, hex))
    return script
