"""Cheap copies of a game in play, for search: snapshot at each phase start, replay the answers since.

The rules are one generator (``phases.play``), and a generator cannot be copied. But at the start
of a phase the whole game is its ``GameState`` and the RNG (nothing else carries over from one
phase to the next), and the rules can be started there: ``resume(chapter, phase)`` is the rest of
the game from that phase on, as ``play`` runs it. So a copy of a game in play is a new Game over a
copy of the state at the last phase start, with the RNG as it was then, and the answers given
since replayed: a few of them instead of the whole game's.

    mirror = Mirror(game)        # a private exact copy that follows `game` (one replay, once)
    mirror.sync()                # catch up with the answers `game` got since (each answer once)
    copy = mirror.fork()         # an exact copy at `game`'s current Decision (same state, same RNG)

A fork is a Game like any other (answer it, undo it, read its public view) except that it cannot
be saved (its answers are only those since its snapshot: save the game it was forked from).
``benchmarks/bench_fork.py`` prints a fork's cost beside a full replay's.

Games built with a rules script other than the whole game, or with rigged dice (test scenarios),
are copied by a full replay instead (their scripts cannot be resumed at a phase).
"""
from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Callable, NamedTuple

from .rules import phases
from .rules.actions.turn import actions_phase
from .face.events import PhaseStarted, Rewound
from .game import Game
from .rules.nemesis.phase import nemesis_phase
from .face.refs import SourceRef
from .table.state import CardState, GameState, Hex, NemCard, Player

if TYPE_CHECKING:
    from .rules.context import Ctx

PHASES = ("refresh", "events", "build", "actions", "nemesis", "production", "scoring")


# ------------------------------------------------------------------ copying the state
def _copy_hex(h: Hex) -> Hex:
    return Hex(h.id, h.q, h.r, h.role, h.tile, h.region, h.explored, h.rotation, dict(h.units), h.owner,
               list(h.garrisons), h.skeletons, list(h.legions), list(h.hordes), h.curse, h.haven, h.wall, h.tower,
               h.sea_tower_removed, h.capital_fallen)


def _cards(cards: list[CardState]) -> list[CardState]:
    return [CardState(c.id, c.face_up) for c in cards]


def _copy_player(p: Player) -> Player:
    return Player(p.faction, p.hero, p.seat, p.hero_hex, p.salt, p.plunder, p.food, p.ap, p.vp, p.might, p.magic,
                  p.leadership, p.guile, _cards(p.feats), _cards(p.items), _cards(p.quests), list(p.feat_deck),
                  dict(p.reserve), dict(p.removed_units), p.havens_in_supply, p.passed, p.spent_this_turn)


def _copy_card(c: NemCard) -> NemCard:
    return NemCard(c.id, c.kind, c.threat, c.hex, c.tokens, c.target, c.target_faction)


def _copy_value(v):
    if isinstance(v, list):
        return list(v)
    if isinstance(v, dict):  # the graveyards: side -> owner -> count
        return {k: dict(x) if isinstance(x, dict) else x for k, x in v.items()}
    return v


STATE_FIELDS = tuple(f.name for f in fields(GameState))
_SPECIAL = {"hexes", "players", "legions", "hordes"}
# a new field of a state class must be copied here: the test of this module compares a fork's
# checksum with the game's after every answer of several games, and these counts guard the copiers
assert len(fields(Hex)) == 20 and len(fields(Player)) == 22 and len(fields(NemCard)) == 7, \
    "a state class changed: teach fork.py's copiers the new field"


def copy_state_into(src: GameState, dst: GameState) -> None:
    """Make `dst` a deep copy of `src` (every field; nothing shared)."""
    for name in STATE_FIELDS:
        if name not in _SPECIAL:
            setattr(dst, name, _copy_value(getattr(src, name)))
    dst.hexes = {k: _copy_hex(h) for k, h in src.hexes.items()}
    dst.players = [_copy_player(p) for p in src.players]
    dst.legions = {k: _copy_card(c) for k, c in src.legions.items()}
    dst.hordes = {k: _copy_card(c) for k, c in src.hordes.items()}


def copy_state(src: GameState) -> GameState:
    dst = GameState()
    copy_state_into(src, dst)
    return dst


# ------------------------------------------------------------------ resuming the rules
def resume(chapter: int, phase: str) -> Callable[["Ctx"], object]:
    """The rules script that plays the rest of the game from the start of `phase` of `chapter`
    (``phases.play`` from that point: the same phase functions, under the same causes)."""
    if phase not in PHASES:
        raise ValueError(f"no phase {phase!r} to resume at")

    def script(ctx: "Ctx"):
        st = ctx.state
        first = PHASES.index(phase)
        for ch in range(chapter, st.chapters + 1):
            st.chapter = ch
            for name in PHASES[first:]:
                yield from _run_phase(ctx, name)
            first = 0
        with ctx.cause(SourceRef("rule", "game_end")):
            phases.verdict(ctx)
    return script


def _run_phase(ctx: "Ctx", name: str):
    if name == "refresh":
        yield from phases.refresh_phase(ctx)
    elif name == "events":
        yield from phases.events_phase(ctx)
    elif name == "build":
        yield from phases.build_phase(ctx)
    elif name == "actions":
        yield from actions_phase(ctx)
    elif name == "nemesis":
        with ctx.cause(SourceRef("rule", "nemesis_phase")):
            phases.phase(ctx, "nemesis")
            yield from nemesis_phase(ctx)
    elif name == "production":
        yield from phases.production(ctx)
    else:
        yield from phases.scoring_phase(ctx)


# ------------------------------------------------------------------ snapshots
class Snapshot(NamedTuple):
    index: int  # answers given before this point (the answers to replay after it start here)
    chapter: int
    phase: str
    state: GameState  # a private copy: never handed out, only copied from
    rng: tuple  # the RNG's state then
    rolled: int  # dice rolled before (the dice's count, for history's `rolled` flag)


class ForkedGame(Game):
    """A copy of a game made by :class:`Mirror`: a Game that starts at a phase snapshot."""
    forked_from: Snapshot

    def save(self):  # noqa: D401 - the reason is the message
        raise RuntimeError("a forked game cannot be saved: its answers start at a phase snapshot "
                           "(save the game it was forked from)")


def _game_from(snap: Snapshot, setup, cat, cls=ForkedGame) -> Game:
    def install(st: GameState) -> None:
        copy_state_into(snap.state, st)
    g = cls(setup, cat, prepare=install, script=resume(snap.chapter, snap.phase))
    g.rng.setstate(snap.rng)
    g.dice.rolled = snap.rolled
    if cls is ForkedGame:
        g.forked_from = snap
    return g.start()


class Mirror:
    """A private exact copy of `game` that follows it and keeps a snapshot at each phase start.

    ``sync()`` replays the answers the game got since (after an undo of the game, it rebuilds);
    ``fork()`` is an exact copy of the game at its current Decision; ``fork(at=i)`` one after its
    first ``i`` answers (from the nearest snapshot before). The mirror holds the game's hidden
    things (deck orders, tiles, the RNG): it is for the engine's own use, e.g. ``sandbox``, which
    deals them again before a bot may look."""

    def __init__(self, game: Game, *, snapshots: bool = True):
        self.source = game
        self.setup, self.cat = game.setup, game.cat
        self.resumable = game._script is None and not game._rigged
        self.snaps: list[Snapshot] = []
        self.listeners: list[Callable[[object], None]] = []  # told every event of the mirror, as it comes
        self._keep = snapshots and self.resumable
        self.game = self._new_mirror()
        self.sync()

    def _new_mirror(self) -> Game:
        src = self.source
        g = Game(src.setup, src.cat, rigged=src._rigged, prepare=src._prepare, script=src._script)
        if src._rigged:
            g.dice.rig(**src.dice.rigged)
        self.snaps = []
        g.subscribe(self._event)
        self._game = g
        return g.start()

    def _event(self, e) -> None:
        if self._keep and type(e) is PhaseStarted:
            g = self._game
            index = g.checkpoints()[-1].index  # the Recorder took the checkpoint before telling us
            self.snaps.append(Snapshot(index, e.chapter, e.phase, copy_state(g.state), g.rng.getstate(),
                                       g.dice.rolled))
        for fn in self.listeners:
            fn(e)

    # ---------------------------------------------------------------- following
    def sync(self) -> int:
        """Catch up with the source game's answers; returns how many were replayed. After an undo
        in the source (its answers no longer extend the mirror's) the mirror is rebuilt."""
        want, have = self.source.answers, self.game.answers
        if len(want) < len(have) or want[:len(have)] != have:
            for fn in self.listeners:
                fn(Rewound(0))
            self.game = self._new_mirror()
            have = self.game.answers
        n = 0
        for a in want[len(have):]:
            self.game.answer(a)
            n += 1
        return n

    def advance(self, answer: str) -> None:
        """Answer the mirror's own pending Decision (for a mirror that leads, e.g. a review)."""
        self.game.answer(answer)

    # ---------------------------------------------------------------- copies
    def snapshot_for(self, index: int) -> Snapshot | None:
        """The last snapshot at or before answer `index`."""
        best = None
        for s in self.snaps:
            if s.index <= index:
                best = s
            else:
                break
        return best

    def fork(self, at: int | None = None) -> Game:
        """An exact copy of the mirror's game after its first `at` answers (default: all of them)."""
        answers = self.game.answers
        at = len(answers) if at is None else at
        if not 0 <= at <= len(answers):
            raise ValueError(f"no point after {at} answers: give 0 to {len(answers)}")
        snap = self.snapshot_for(at) if self._keep else None
        if snap is None:
            g = self.game._replay(answers[:at])
            return g
        g = _game_from(snap, self.setup, self.cat)
        for a in answers[snap.index:at]:
            g.answer(a)
        return g

    def replayed_since_snapshot(self) -> int:
        """How many answers a fork now replays (0 right at a phase start)."""
        snap = self.snapshot_for(len(self.game.answers)) if self._keep else None
        return len(self.game.answers) - (snap.index if snap else 0)


def fork(game: Game) -> Game:
    """An exact copy of `game` at its current Decision (one full replay: to copy a game many times,
    make a :class:`Mirror` once and fork that)."""
    return Mirror(game).fork()
