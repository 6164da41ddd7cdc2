"""The heuristic bot's fights, read from the engine's odds (``engine/odds``: exact, or its
approximate mode, ``engine/odds/approx.py``): one model of a fight.

The bot names the enemy groups it weighs in the order they are fought (``FoeSpec``: a key,
hit points, VP) and the Units it would bring. ``fight_spec`` turns that into the engine's
FightSpec for the hex (what stands there, its terrain, its defences, the decks), ``outcome``
reads the engine's FightOdds into the figures the bot weighs (``Outcome``). The odds are the
engine's, so they assume the same fight policy the bot answers combat decisions with. One
simplification, for speed: the bot does not weigh the Horde three Skeletons might call
(``fight_spec``).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from ..engine.odds import FightOdds, FightSpec, spec_from_game
from ..engine.odds.approx import Outcome  # noqa: F401  (the bot's figures of a fight: re-exported)

NEW_LEGION = "new_legion"  # the bot's key for the Legion the Capital would call


@dataclass(frozen=True, slots=True)
class FoeSpec:
    """An enemy group: `key` ("garrisons@<terrain>", "skeletons@<terrain>", "<card>@<terrain>",
    or NEW_LEGION: what its worth and its fight read), hit points, VP."""
    key: str
    hp: int
    vp: int
    big: bool = False  # a Legion or Horde (Threat, not pieces)

    @property
    def name(self) -> str:
        return self.key.split("@", 1)[0]


class CatalogMemo:
    """A per-catalog cache the bot keeps across games (dice lists, Quest odds, ...)."""

    def __init__(self, cat):
        self.cat = cat
        self.memo: dict = {}


_MEMOS: dict[int, CatalogMemo] = {}


def memo_for(cat) -> CatalogMemo:
    got = _MEMOS.get(id(cat))
    if got is None or got.cat is not cat:
        got = _MEMOS[id(cat)] = CatalogMemo(cat)
    return got


def fight_spec(game, table, hid: str, faction: str, units: Sequence[str], foes: Sequence[FoeSpec]) -> FightSpec:
    """The engine's FightSpec for `units` of `faction` on `hid` against `foes` (those on
    the hex, or Legions/Horde forecast to walk in: the first of them attacks); `table` is the
    public view (the engine reads the spec of the hex with only what the table can see)."""
    spec = with_units(spec_from_game(game, hid, faction, {}, False), units)
    # The one simplification: the bot does not weigh the Horde that three Skeletons
    # might call (a few percent of Skeleton fights, and most of their cost to solve).
    spec = replace(spec, horde_pool=(), horde_count=0, horde_bottom=())
    h = table.hexes[hid]
    here = set(h.legions) | set(h.hordes)
    in_legions = {c.id for c in table.legions}
    in_hordes = {c.id for c in table.hordes}
    legions = [(f.name, f.hp) for f in foes if f.big and f.name in in_legions]
    hordes = [(f.name, f.hp) for f in foes if f.big and f.name in in_hordes]
    movers = [f.name for f in foes if f.big and f.name not in here and f.name != NEW_LEGION]
    if not movers:
        return spec
    if legions and hordes:  # the Empire and Chaos never attack together: the first one's side
        first = movers[0]
        if first in in_legions:
            hordes = [(c, t) for c, t in hordes if c in here]
        else:
            legions = [(c, t) for c, t in legions if c in here]
    return replace(spec, legions=tuple(legions), hordes=tuple(hordes), mover=movers[0],
                   cards_unmodelled=())


def with_units(spec: FightSpec, units: Sequence[str]) -> FightSpec:
    """`spec` with `units` (one id per Unit) as the players' force."""
    counts: dict[str, int] = {}
    for u in units:
        counts[u] = counts.get(u, 0) + 1
    return replace(spec, units=tuple(counts.items()))


def outcome(odds: FightOdds, foes: Sequence[FoeSpec]) -> Outcome:
    lines = {f.key: f for f in odds.fights}
    damage, killed = [], []
    for foe in foes:
        line = lines.get("capital_legion" if foe.name == NEW_LEGION else foe.name)
        damage.append(line.damage if line else 0.0)
        killed.append(line.destroyed if line else 0.0)
    return Outcome(odds.win, odds.clear, odds.no_loss, odds.units_lost, tuple(damage), tuple(killed))
