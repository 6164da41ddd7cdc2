"""The odds checked against the engine: a fight set up on a real board
(``engine/scenario``), its exact odds, and the same fight played by the engine many
times with the fight policy answering every decision.

A ``Setup`` names one fight. ``exact(setup)`` reads its FightSpec from the game (as
``odds()`` would); ``sample(setup, n, seed)`` plays it `n` times (each fight from a
copy of the same position, the Horde and Legion decks shuffled afresh from the cards
the table cannot rule out); ``compare`` gives, for each figure, the exact value, the
sample's mean, its standard error and how many standard errors apart they are.
``SETUPS`` are the fights the tests and ``benchmarks/bench_odds.py`` use.
"""
from __future__ import annotations

import math
import pickle
import random
from dataclasses import dataclass, field
from typing import NamedTuple

from ..table.board import Board
from ..rules.context import Ctx
from ..table.dice import Dice
from ..rules.fight_policy import answer as policy_answer
from ..scenario import Scenario
from .from_game import spec_from_game

HERO = {"druwhn": "syndra", "duerkhar": "yanny", "krowh": "khaal", "mohyar": "ronja"}
TILE = {"woods": "fyrnhalla", "marsh": "rigga", "badlands": "plains_of_rhun", "highlands": "frosthold_pass",
        "ice_waste": "grim_fangs", "none": "grim_fangs", "curse": "grim_fangs"}
FIGHT_HEX = "H01"
DRUIDS = ("deep_dweller", "treemother", "silence", "faceless_one")


@dataclass(frozen=True)
class Setup:
    """One fight on a real board: the players' Units and the foe on one hex."""
    name: str
    units: tuple[tuple[str, int], ...]
    garrisons: int = 0
    skeletons: int = 0
    legions: tuple[tuple[str, int], ...] = ()
    hordes: tuple[tuple[str, int], ...] = ()
    terrain: str = "ice_waste"
    haven: bool = False
    tower: bool = False
    wall: bool = False
    mover: str | None = None  # a Legion/Horde that walked in (it attacks)
    target_here: bool = False
    capital: bool = False
    druids: tuple[str, ...] = DRUIDS
    event_threat: int = 3
    difficulty: str = "veteran"
    seed: int = 5
    extra: dict = field(default_factory=dict, compare=False, hash=False)

    @property
    def faction(self) -> str:
        from ...content.loader import default_catalog
        return default_catalog().unit_faction[self.units[0][0]]


def _hex_for(game, setup: Setup) -> str:
    st = game.state
    if setup.capital:
        return next(h.id for h in st.hexes.values() if h.role == "capital")
    return FIGHT_HEX


def scenario(setup: Setup, cat=None) -> tuple[Scenario, str]:
    fac = setup.faction
    sc = Scenario([fac], heroes=[HERO[fac]], difficulty=setup.difficulty, seed=setup.seed, auto_ties=True,
                  catalog=cat).empty_board()
    probe = sc.game(script=lambda ctx: iter(()))
    hid = _hex_for(probe, setup)
    kw: dict = {"units": dict(setup.units), "garrisons": setup.garrisons, "skeletons": setup.skeletons,
                "legions": list(setup.legions), "hordes": list(setup.hordes)}
    if not setup.capital:
        kw["tile"] = TILE[setup.terrain]
        kw["explored"] = setup.terrain != "none"
        kw["curse"] = setup.terrain == "curse"
    if setup.haven:
        kw.update(haven=fac, tower=setup.tower, wall=setup.wall)
    sc.at(hid, **kw)
    sc.player(fac, feats=[], items=[], quests=[])
    sc.decks(druids=list(setup.druids))
    if setup.target_here:
        for cid, _ in setup.legions:
            sc.target(cid, hid, fac)
    threat = setup.event_threat
    sc.state(lambda st: setattr(st, "event_threat", threat))
    return sc, hid


class Prepared(NamedTuple):
    game: object
    hid: str
    faction: str
    blob: bytes
    spec: object
    attacker: str
    mover: str | None


def prepare(setup: Setup, cat=None) -> Prepared:
    sc, hid = scenario(setup, cat)
    game = sc.game(script=lambda ctx: iter(()))
    fac = setup.faction
    spec = spec_from_game(game, hid, fac, dict(game.state.hexes[hid].units), False, mover=setup.mover)
    attacker = spec.attacker if setup.mover else fac
    return Prepared(game, hid, fac, pickle.dumps(game.state, -1), spec, attacker, setup.mover)


def exact(setup: Setup, cat=None):
    from . import fight_odds
    prep = prepare(setup, cat)
    return fight_odds(prep.game.cat, prep.spec)


class Sample(NamedTuple):
    n: int
    sums: dict  # figure -> (sum, sum of squares)

    def mean(self, key: str) -> float:
        return self.sums[key][0] / self.n

    def se(self, key: str) -> float:
        s, s2 = self.sums[key]
        mean = s / self.n
        var = max(0.0, s2 / self.n - mean * mean) * self.n / max(1, self.n - 1)
        return math.sqrt(var / self.n)


FIGURES = ("win", "lose", "both_wiped", "no_loss", "units_lost", "vp_gained", "empire_vp", "chaos_vp")


def sample(setup: Setup, n: int, seed: int = 1, cat=None, prep: Prepared | None = None) -> Sample:
    """Play the setup's fight `n` times in the engine, the policy answering."""
    from ..rules.fights import settle
    prep = prep or prepare(setup, cat)
    game = prep.game
    cat = game.cat
    rng = random.Random(seed)
    faces = {c: d.faces for c, d in cat.dice.items()}
    fixed = game.board.fixed_edges
    sums = {k: [0.0, 0.0] for k in FIGURES}
    fac, hid = prep.faction, prep.hid
    for _ in range(n):
        st = pickle.loads(prep.blob)
        _shuffle(st, rng)
        lost = [0]

        def emit(e, lost=lost):
            if type(e).__name__ == "UnitDestroyed" and e.owner == fac:
                lost[0] += 1
        ctx = Ctx(st, cat, Board(st, cat, fixed), Dice(rng, faces), rng, game.setup, emit)
        p = st.player(fac)
        vp0, e0, c0 = p.vp, st.vp_empire, st.vp_chaos
        gen = settle(ctx, hid, attacker=prep.attacker, mover=prep.mover)
        try:
            d = next(gen)
            while True:
                pick = policy_answer(ctx, d) or d.options[0].id
                d = gen.send(pick)
        except StopIteration:
            pass
        h = st.hexes[hid]
        ours = h.owner == fac and bool(h.units)
        foe = h.empire_here or h.chaos_here
        vals = {"win": float(ours and not foe), "lose": float(not ours and foe),
                "both_wiped": float(not ours and not foe), "no_loss": float(lost[0] == 0),
                "units_lost": float(lost[0]), "vp_gained": float(p.vp - vp0),
                "empire_vp": float(st.vp_empire - e0), "chaos_vp": float(st.vp_chaos - c0)}
        for k, v in vals.items():
            acc = sums[k]
            acc[0] += v
            acc[1] += v * v
    return Sample(n, {k: tuple(v) for k, v in sums.items()})


def _shuffle(st, rng: random.Random) -> None:
    """The decks as the table sees them: any unseen card may be next."""
    for deck, box in (("horde_deck", "horde_box"), ("legion_deck", "legion_box")):
        d, b = getattr(st, deck), getattr(st, box)
        bottom = [c for c in d if c in st.returned_once] if deck == "horde_deck" else []
        pool = [c for c in d + b if c not in bottom]
        rng.shuffle(pool)
        k = len(d) - len(bottom)
        setattr(st, deck, pool[:k] + bottom)
        setattr(st, box, pool[k:])


PROPORTIONS = frozenset({"win", "lose", "both_wiped", "no_loss"})


class Row(NamedTuple):
    figure: str
    exact: float
    mean: float
    se: float

    @property
    def z(self) -> float:
        """How many standard errors the sample's mean lies from the exact figure."""
        if self.se <= 0:
            return 0.0 if abs(self.exact - self.mean) < 1e-9 else math.inf
        return (self.exact - self.mean) / self.se


def compare(odds, smp: Sample, figures=FIGURES) -> list[Row]:
    """Each figure: exact, sample mean, standard error. For a chance the standard error
    is the exact chance's (p(1-p)/n): a sample that never saw a rare ending still has
    one."""
    out = []
    for k in figures:
        exact = getattr(odds, k)
        # a mean: the sample's standard error, at least 1/n (a sample that saw only zeros
        # cannot rule out a mean of order 1/n)
        se = math.sqrt(max(0.0, exact * (1 - exact)) / smp.n) if k in PROPORTIONS else max(smp.se(k), 1 / smp.n)
        out.append(Row(k, exact, smp.mean(k), se))
    return out


# ------------------------------------------------------------------ the setups
def _u(*pairs) -> tuple[tuple[str, int], ...]:
    return tuple(pairs)


DUER = _u(("younglings", 2), ("spearsingers", 2), ("oathsworn", 1))
DRUW = _u(("swordsisters", 2), ("sons_of_the_bow", 1), ("beastmasters", 1), ("rangers", 1))
KROWH = _u(("tribesmen", 3), ("deadeyes", 1), ("vargs", 1))
MOHY = _u(("sellswords", 2), ("hunters", 1), ("berserkers", 1), ("slavers", 1))
BIG = {"legion": ((7, 3), ), "horde": ((7, 3),)}

SETUPS: tuple[Setup, ...] = (
    Setup("garrison L1, ice", _u(("younglings", 2)), garrisons=1),
    Setup("garrison L2, woods", _u(("younglings", 2), ("spearsingers", 1)), garrisons=2, terrain="woods"),
    Setup("garrison L3, highlands", DUER, garrisons=3, terrain="highlands"),
    Setup("garrison L3, marsh", MOHY, garrisons=3, terrain="marsh"),
    Setup("skeleton x1, badlands", _u(("tribesmen", 2), ("vargs", 1)), skeletons=1, terrain="badlands"),
    Setup("skeletons x2, ice", _u(("tribesmen", 4)), skeletons=2),
    Setup("skeletons x2, curse", DRUW, skeletons=2, terrain="curse"),
    Setup("skeletons x2, unexplored", _u(("younglings", 2), ("oathsworn", 1)), skeletons=2, terrain="none"),
    Setup("butcher 6, badlands", DUER, legions=(("butcher", 6),), terrain="badlands"),
    Setup("butcher 3, ice", KROWH, legions=(("butcher", 3),)),
    Setup("warlock 6 attacks Haven+Tower+Wall", DUER, legions=(("warlock", 6),), haven=True, tower=True,
          wall=True, mover="warlock"),
    Setup("warlock 3, woods", MOHY, legions=(("warlock", 3),), terrain="woods"),
    Setup("spymaster 6, marsh", DRUW, legions=(("spymaster", 6),), terrain="marsh"),
    Setup("spymaster 2, ice", _u(("younglings", 3)), legions=(("spymaster", 2),)),
    Setup("assassin 7, badlands", KROWH, legions=(("assassin", 7),), terrain="badlands"),
    Setup("assassin 3, highlands", DUER, legions=(("assassin", 3),), terrain="highlands"),
    Setup("imperial guard 6, ice", MOHY, legions=(("imperial_guard", 6),)),
    Setup("imperial guard 2, woods", _u(("younglings", 3), ("oathsworn", 1)), legions=(("imperial_guard", 2),),
          terrain="woods"),
    Setup("mage breaker 5, ice", DUER, legions=(("mage_breaker", 5),), difficulty="nightmare"),
    Setup("mage breaker 2, marsh", KROWH, legions=(("mage_breaker", 2),), terrain="marsh",
          difficulty="nightmare"),
    Setup("executioner 6 at her Target", DRUW, legions=(("executioner", 6),), target_here=True, haven=True,
          mover="executioner"),
    Setup("executioner 3, badlands", MOHY, legions=(("executioner", 3),), terrain="badlands"),
    Setup("new emperor 6, badlands", DUER, legions=(("new_emperor", 6),), terrain="badlands"),
    Setup("new emperor 3, curse", KROWH, legions=(("new_emperor", 3),), terrain="curse"),
    Setup("garrison L2 + butcher 4", DUER, garrisons=2, legions=(("butcher", 4),)),
    Setup("lich queen 6, woods", DUER, hordes=(("lich_queen", 6),), terrain="woods"),
    Setup("lich queen 3 + coven 3", MOHY, hordes=(("lich_queen", 3), ("coven_of_yssat", 3))),
    Setup("coven 6, ice", KROWH, hordes=(("coven_of_yssat", 6),)),
    Setup("counter of omens 6, marsh", DRUW, hordes=(("counter_of_omens", 6),), terrain="marsh"),
    Setup("counter of omens 2, ice", DUER, hordes=(("counter_of_omens", 2),)),
    Setup("bloodwyrm 6 attacks Haven+Wall", MOHY, hordes=(("bloodwyrm", 6),), haven=True, wall=True,
          mover="bloodwyrm"),
    Setup("bloodwyrm 3, highlands", KROWH, hordes=(("bloodwyrm", 3),), terrain="highlands"),
    Setup("siren 6, ice", DUER, hordes=(("siren", 6),)),
    Setup("siren 2, woods", DRUW, hordes=(("siren", 2),), terrain="woods"),
    Setup("banished 5, badlands", MOHY, hordes=(("banished", 5),), terrain="badlands"),
    Setup("banished 2, ice", DUER, hordes=(("banished", 2),)),
    Setup("false messiah 6 attacks Haven+Tower", KROWH, hordes=(("false_messiah", 6),), haven=True, tower=True,
          mover="false_messiah"),
    Setup("false messiah 3, marsh", DUER, hordes=(("false_messiah", 3),), terrain="marsh"),
    Setup("oda 7, ice", DRUW, hordes=(("oda_the_fallen", 7),), difficulty="nightmare"),
    Setup("oda 3, badlands", DUER, hordes=(("oda_the_fallen", 3),), terrain="badlands", difficulty="nightmare"),
    Setup("skeletons x2 + siren 3", MOHY, skeletons=2, hordes=(("siren", 3),)),
    Setup("courtesan 5, woods", DUER, legions=(("courtesan", 5),), terrain="woods"),
    Setup("courtesan 2, marsh", _u(("younglings", 2), ("oathsworn", 1)), legions=(("courtesan", 2),), terrain="marsh"),
    Setup("the Capital with the butcher 3", DUER, legions=(("butcher", 3),), capital=True),
)
