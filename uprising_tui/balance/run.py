"""Play the grid: every (faction count, difficulty) cell, N seeded games each, and keep a small
record of each game (who won, the VP, which cards were offered, taken, used or in play).

Game ``i`` of every cell uses seed ``seed + i``, so cells differ only by their setting; a run
gives the same figures for any number of worker processes. The factions at the table and their
seats rotate with the seed (``seeded_factions``: every faction plays at every faction count, and
sits first as often as any other), and each faction's Hero is picked by the seed too
(``seeded_heroes``), both of its Heroes equally often, so every Hero's Feats are seen.
``lineup="first"`` plays the simulator's table instead (the first N factions, in order).
"""
from __future__ import annotations

import multiprocessing
import time
from dataclasses import dataclass, field
from typing import Callable, Iterator

from ..content.loader import cached_catalog
from ..sim import FACTIONS, PLAYERS_WIN, SimConfig, play_game

LINEUPS = ("rotate", "first")

@dataclass
class GameRecord:
    factions: int
    difficulty: str
    seed: int
    error: str | None = None
    win: bool = False
    players_vp: list[int] = field(default_factory=list)
    empire: int = 0
    chaos: int = 0
    decisions: int = 0
    seconds: float = 0.0
    offered: list[str] = field(default_factory=list)  # player cards seen on offer (Market, Quests, Feats drawn)
    taken: list[str] = field(default_factory=list)  # Feats/Items that entered a hand, Quests attempted
    used: dict[str, int] = field(default_factory=dict)  # card -> times used (CardUsed)
    present: list[str] = field(default_factory=list)  # Legions, Hordes, Events, Druids in this game
    heroes: list[str] = field(default_factory=list)  # the Heroes at the table (whose Feats could appear)
    seats: list[str] = field(default_factory=list)  # the factions at the table, in seat order
    above: list[bool] = field(default_factory=list)  # per seat: that player ended above both Nemeses


@dataclass(frozen=True)
class Cell:
    factions: int
    difficulty: str


def seeded_factions(count: int, seed: int, lineup: str = "rotate") -> list[str]:
    """The factions of the lab's game `seed`, in seat order: the four in their usual order,
    rotated to start at faction ``seed % 4`` and cut to `count`. Over any 4 consecutive seeds
    each faction plays in `count` of them and sits in every seat once (with 4 factions), so a
    faction's figures are not those of one seat (the first seat takes the Legions' Target ties).
    ``lineup="first"``: the simulator's table, the first `count` factions."""
    if lineup == "first":
        return list(FACTIONS[:count])
    start = seed % len(FACTIONS)
    return [FACTIONS[(start + k) % len(FACTIONS)] for k in range(count)]


def seeded_heroes(cat, factions: list[str], seed: int) -> list[str]:
    """Each faction's Hero for the game of `seed`: the faction that is number j of the four
    (FACTIONS order) plays its Hero number bit j of ``seed // 4`` (its Heroes in catalog order,
    wrapping round if it has more than two). The bits sit above the two that rotate the seats
    (``seeded_factions``), so every lineup meets every choice of Heroes.

    Deterministic per game; over any 64 consecutive seeds every faction plays each of its two
    Heroes equally often in every seat, and every table of Heroes comes up, so the card report
    sees every Hero's Feats."""
    out = []
    for fac in factions:
        own = [h.id for h in cat.heroes.values() if h.faction == fac]
        j = FACTIONS.index(fac) if fac in FACTIONS else 0
        out.append(own[(((seed >> 2) >> j) & 1) % len(own)])
    return out


def lab_setup(cfg: SimConfig, seed: int, lineup: str = "rotate"):
    """The setup of the lab's game `seed`: the simulator's, with the factions and Heroes picked by
    the seed."""
    setup = cfg.setup(seed)
    cat = cached_catalog(cfg.content_dir)
    factions = seeded_factions(len(setup.factions), seed, lineup)
    return setup.replace(factions=factions, heroes=seeded_heroes(cat, factions, seed)), cat


def record_game(cfg: SimConfig, seed: int, lineup: str = "rotate") -> GameRecord:
    """Play one game and summarise it (never raises: a broken game is a record with an error)."""
    rec = GameRecord(cfg.factions, cfg.difficulty, seed)
    try:
        setup, cat = lab_setup(cfg, seed, lineup)
        res, game = play_game(setup, cfg.bot, max_decisions=cfg.max_decisions, catalog=cat)
    except Exception as exc:  # a bad setup: still a record, not a crash of the pool
        rec.error = f"{type(exc).__name__}: {exc}".splitlines()[0][:300]
        return rec
    rec.error = res.error
    rec.seconds = res.seconds
    rec.decisions = res.decisions
    if game is None or res.error:
        return rec
    st = game.state
    rec.win = res.verdict == PLAYERS_WIN
    rec.players_vp, rec.empire, rec.chaos = list(res.players_vp), res.empire_vp, res.chaos_vp
    rec.heroes = [p.hero for p in st.players]
    rec.seats = [p.faction for p in st.players]
    rec.above = [v > rec.empire and v > rec.chaos for v in rec.players_vp]
    offered: set[str] = set()
    # the START Feats are held from the first turn: no CardGained says so
    taken: set[str] = {f for h in rec.heroes for f in cat.heroes[h].feats if cat.feats[f].start}
    offered |= taken
    present: set[str] = set(st.druids)
    last_gained: dict[str, str] = {}  # faction -> the card it gained last (an attribute Feat acts at once)
    for ev in game.log:
        kind = ev.event_type
        if kind == "MarketDealt" or kind == "QuestsDealt":
            offered.update(ev.cards)
        elif kind == "CardGained":
            taken.add(ev.card)
            offered.add(ev.card)
            last_gained[ev.faction] = ev.card
        elif kind == "AttributeGained":  # an attribute Feat resolving as it comes into play is its use
            card = last_gained.get(ev.faction)
            if card in cat.feats:
                rec.used[card] = rec.used.get(card, 0) + 1
        elif kind == "CardUsed":
            rec.used[ev.card] = rec.used.get(ev.card, 0) + 1
        elif kind == "BoltSpent" and ev.use == "druid" and ev.card:  # a Druid's Godpower fired
            rec.used[ev.card] = rec.used.get(ev.card, 0) + 1
        elif kind == "NemesisPlaced":
            present.add(ev.card)
        elif kind == "EventRevealed":
            present.add(ev.card)
        elif kind == "QuestResolved":  # a Quest is "taken" when a Hero attempts it
            taken.add(ev.card)
    rec.offered, rec.taken, rec.present = sorted(offered), sorted(taken), sorted(present)
    return rec


def _work(task: tuple[SimConfig, int, str]) -> GameRecord:
    cfg, seed, lineup = task
    return record_game(cfg, seed, lineup)


def play_grid(cells: list[Cell], games: int, *, seed: int = 1, chapters: int = 4, bot: str = "heuristic",
              jobs: int = 1, progress: Callable[[int, int], None] | None = None,
              lineup: str = "rotate", cluster: str | None = None) -> tuple[list[GameRecord], float]:
    """Every cell's games, in cell then seed order, and the wall time."""
    tasks = [(SimConfig(games=games, factions=c.factions, chapters=chapters, difficulty=c.difficulty, seed=seed,
                        bot=bot), seed + i, lineup)
             for c in cells for i in range(games)]
    t0 = time.perf_counter()
    out: list[GameRecord] = []
    for rec in _iterate(tasks, jobs, cluster):
        out.append(rec)
        if progress is not None:
            progress(len(out), len(tasks))
    return out, time.perf_counter() - t0


def _iterate(tasks: list[tuple[SimConfig, int, str]], jobs: int, cluster: str | None = None) -> Iterator[GameRecord]:
    if cluster:  # Dask (cluster.py): the same records, in the same order
        from ..cluster import cluster_map  # (dask loads only for a cluster)
        yield from cluster_map(_work, tasks, cluster)
        return
    if jobs <= 1 or len(tasks) <= 1:
        for t in tasks:
            yield _work(t)
        return
    ctx = multiprocessing.get_context("spawn")
    chunk = max(1, min(8, len(tasks) // (jobs * 8)))
    with ctx.Pool(min(jobs, len(tasks))) as pool:
        yield from pool.imap(_work, tasks, chunksize=chunk)
