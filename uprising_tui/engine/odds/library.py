"""Everything the odds read from one catalog, computed once and kept across calls:
dice faces, round distributions, Legion/Horde/Druid models, Unit ranks, solved fights."""
from __future__ import annotations

from ..rules.fight_policy import highlands_colour, strength_key, unit_rank
from .foes import FoeModel, druid_model, foe_model
from .rolls import Faces
from .rounds import Rounds

MAX_VALUES = 300_000  # solved states kept per context
NOTE_BASE = 1_000_000


class Library:
    def __init__(self, cat):
        self.cat = cat
        self.faces = Faces(cat)
        self.rounds = Rounds(self.faces)
        self.colours = tuple(cat.dice)
        self._foes: dict[str, FoeModel] = {}
        self._druids: dict[str, object] = {}
        self._ranks: dict[str, tuple[int, str]] = {}
        self._ours: dict[tuple, tuple[str, ...]] = {}
        self._drops: dict[tuple, tuple] = {}
        self._bolt_colours = frozenset(c for c, faces in self.faces.table.items() if any(f[2] for f, _ in faces))
        self._strength = strength_key(cat)
        self.return_once = frozenset(h for h, c in cat.hordes.items() if c.return_once)
        self.solved: dict = {}
        self.capped: dict = {}  # (round key, foe hit points, our Units) -> results, hits capped
        self._slots: dict[str, int] = {}
        self._notes: dict[str, int] = {}
        self.note_text: dict[int, str] = {}
        self._values: dict = {}  # context key -> {state: tallies}

    # ------------------------------------------------------------ tallies' indices
    def slot_base(self, name: str) -> int:
        """Where a fight's tallies start (a fight is named: "garrisons", a card id, ...)."""
        got = self._slots.get(name)
        if got is None:
            from .hex_state import BASE, PER_SLOT
            got = self._slots[name] = BASE + PER_SLOT * len(self._slots)
        return got

    def note_key(self, text: str) -> int:
        got = self._notes.get(text)
        if got is None:
            got = self._notes[text] = NOTE_BASE + len(self._notes)
            self.note_text[got] = text
        return got

    def values(self, context: tuple) -> dict:
        """Solved states of one context (what a fight's spec fixes beyond its state)."""
        got = self._values.get(context)
        if got is None or len(got) > MAX_VALUES:
            if len(self._values) > 2_000:
                self._values.clear()
            got = self._values[context] = {}
        return got

    # ------------------------------------------------------------ cards
    def foe(self, cid: str) -> FoeModel:
        got = self._foes.get(cid)
        if got is None:
            got = self._foes[cid] = foe_model(self.cat, cid)
        return got

    def initiative(self, cid: str) -> int:
        return self.foe(cid).initiative

    def kind(self, cid: str) -> str:
        return self.foe(cid).kind

    def druid(self, did: str):
        if did not in self._druids:
            self._druids[did] = druid_model(self.cat, did)
        return self._druids[did]

    def druid_parts(self, did: str) -> tuple[str, ...]:
        return tuple(self.cat.druids[did].use.parts)

    # ------------------------------------------------------------ units and dice
    def unit_rank(self, unit: str) -> tuple[int, str]:
        got = self._ranks.get(unit)
        if got is None:
            got = self._ranks[unit] = unit_rank(self.cat, unit)
        return got

    def drop_cheapest(self, units: tuple, n: int) -> tuple[tuple, int]:
        """`units` less its `n` cheapest (the policy's damage order), and how many fell."""
        return self._drop(units, n, min)

    def drop_dearest(self, units: tuple, n: int) -> tuple[tuple, int]:
        """`units` less its `n` dearest (a Godpower that destroys the most expensive)."""
        return self._drop(units, -n, max)

    def _drop(self, units: tuple, signed: int, pick) -> tuple[tuple, int]:
        """`units` less |signed| Units, each the one `pick` (min: cheapest, max: dearest) takes by
        rank; kept under (units, signed): the sign tells the two orders apart."""
        key = (units, signed)
        got = self._drops.get(key)
        if got is None:
            left = list(units)
            lost = 0
            for _ in range(abs(signed)):
                if not left:
                    break
                i = pick(range(len(left)), key=lambda j: self.unit_rank(left[j][0]))
                u, c = left[i]
                if c > 1:
                    left[i] = (u, c - 1)
                else:
                    del left[i]
                lost += 1
            got = self._drops[key] = (tuple(left), lost)
        return got

    def rolls_bolts_dice(self, colours) -> bool:
        return any(c in self._bolt_colours for c in colours)

    def rolls_bolts(self, units: tuple[str, ...]) -> bool:
        """Can these Units roll a Bolt (so the Druids may matter)?"""
        return any(b for u in units for (_, _, b), _ in self.faces.table[self.cat.units[u].die])

    def grade(self, unit: str) -> str:
        return self.cat.units[unit].grade

    def our_dice(self, units: tuple, part: str, terrain: str, tower: bool, wall: bool) -> tuple[str, ...]:
        """The players' dice for a round (before Marsh and Highlands), in the engine's order."""
        key = (units, part, terrain == "badlands", tower, wall)
        got = self._ours.get(key)
        if got is None:
            out: list[str] = []
            for unit, n in units:
                u = self.cat.units[unit]
                if part == "clash" or u.type == "archer" or (u.type == "rider" and terrain == "badlands"):
                    out.extend([u.die] * n)
            if units and tower:
                out.append("white")
            if units and wall and part == "clash":
                out.append("blue")
            got = self._ours[key] = tuple(out)
        return got

    def garrison_dice(self, levels: int, part: str) -> tuple[str, ...]:
        lvl = self.cat.garrison_levels[levels - 1]
        return tuple(lvl.archery if part == "archery" else lvl.clash)

    def skeleton_dice(self, n: int, part: str) -> tuple[str, ...]:
        return (self.cat.skeleton_die,) * n if part == "clash" else ()

    def on_terrain(self, colours, part: str, terrain: str, *, player: bool) -> list[str]:
        """Marsh turns red into white; on the Highlands one Archery die is rolled (the
        players' pick is the policy's, the Nemesis's its strongest)."""
        out = ["white" if (terrain == "marsh" and c == "red") else c for c in colours]
        if terrain == "highlands" and part == "archery" and len(out) > 1:
            out = [highlands_colour(self.cat, out)]
        return out

    def reroll_sorted(self, colours) -> list[str]:
        """A player's dice in the order the policy rerolls their blanks."""
        return sorted(colours, key=lambda c: (self._strength(c), c))


_LIBS: dict[int, tuple[object, Library]] = {}


def library(cat) -> Library:
    """One Library per catalog (its caches outlive a call, a game and a bot)."""
    got = _LIBS.get(id(cat))
    if got is None or got[0] is not cat:
        got = _LIBS[id(cat)] = (cat, Library(cat))
    return got[1]


def forget(cat) -> None:
    """Drop every cache kept for this catalog (benchmarks time a cold start with it)."""
    _LIBS.pop(id(cat), None)
