"""The engine's face: a Game yields Decisions, takes answers, emits GameEvents,
and saves itself as setup + seed + answers."""
from __future__ import annotations

import hashlib
import json
import os
import random
from typing import Any, Callable, Iterable

from .. import __version__
from ..content.loader import Catalog, default_catalog
from ..files import clip, shorten, write_atomic
from .table.board import Board
from .rules.context import Ctx
from .face.decision import Decision, GameFinished, IllegalChoice
from .table.dice import Dice, RiggedDice
from .face.events import GameEvent, GameStarted, Rewound
from .history import Answered, Checkpoint, Recorder, hidden_marks, revealed_between
from .rules.phases import play
from .face.projection import Projection
from .face.view import PublicView
from .face.refs import SourceRef
from .setup import Setup, build_state
from .table.state import GameState
from .savefile import SAVE_FORMAT, SAVE_VERSION, SaveError, check_bounds, check_mods, parse_save, read_save, saved_mods
from .table.readonly import ReadOnly

ENGINE_VERSION = f"{__version__}+rules{SAVE_VERSION}"
_new_tuple = tuple.__new__


def started_event(ctx: Ctx) -> GameStarted:
    """The first event: everything public at the start (the opening public view). A test
    fixture that edits a started game's state by hand emits a fresh one to announce the table."""
    st = ctx.state
    return GameStarted(tuple(p.faction for p in st.players), st.chapters, ctx.setup.difficulty,
                       ctx.setup.seed, tuple((h.id, h.tile) for h in st.hexes.values() if h.explored),
                       view=Projection.of_table(ctx.cat, st, ctx.board, ctx.combat, ctx.setup.difficulty).view(),
                       fixed_edges=tuple(sorted(ctx.board.fixed_edges.items())))


class EngineError(RuntimeError):
    """The rules hit a bug; the game was restored to its state before the answer."""


class Game:
    def __init__(self, setup: Setup, catalog: Catalog | None = None, *,
                 rigged: bool = False,
                 prepare: Callable[[GameState], None] | None = None,
                 script: Callable[[Ctx], Any] | None = None):
        self.setup = setup
        self.cat = catalog or default_catalog()
        problems = setup.validate_against(self.cat)
        if problems:
            raise ValueError("; ".join(problems))
        self.rng = random.Random(setup.seed)
        self.state, fixed = build_state(setup, self.cat, self.rng)
        if prepare is not None:
            prepare(self.state)
        faces = {c: d.faces for c, d in self.cat.dice.items()}
        self.dice: Dice = RiggedDice(self.rng, faces) if rigged else Dice(self.rng, faces)
        self.board = Board(self.state, self.cat, fixed)
        self.log: list[GameEvent] = []
        self._listeners: list[Callable[[GameEvent], None]] = []
        self.answers: list[str] = []
        self._checkpoints: list[tuple] = []  # phase and turn starts, as the Recorder took them (checkpoints())
        self._rec = Recorder(self.log, self._listeners, self._checkpoints, self.answers, self.state)
        self.ctx = Ctx(self.state, self.cat, self.board, self.dice, self.rng, setup, self._rec.emit)
        self.ctx.recorder = self._rec
        self._script = script
        self._prepare = prepare
        self._rigged = rigged
        self._pending: Decision | None = None
        self._gen = None
        self.error: BaseException | None = None
        self._public = Projection(self.cat)  # the public view: the projection of self.log (public_view())
        self._public_seen = 0  # events of self.log it has applied
        self._history: list[tuple] = []  # one record per answer: an Answered without its index (history())
        self._marks: tuple | None = None  # (state, MARKING events logged, hidden_marks) when last taken

    # ------------------------------------------------------------ running
    def start(self) -> "Game":
        """Run the rules up to the first Decision (or the end)."""
        with self.ctx.cause(SourceRef("rule", "setup")):
            self.ctx.emit(self._started())
        self._gen = (self._script or play)(self.ctx)
        self._advance(None)
        return self

    def _started(self) -> GameStarted:
        return started_event(self.ctx)

    def _emit(self, event: GameEvent) -> None:
        self._rec.emit(event)

    def subscribe(self, fn: Callable[[GameEvent], None]) -> None:
        self._listeners.append(fn)

    def _advance(self, answer: str | None) -> None:
        try:
            self._pending = next(self._gen) if answer is None else self._gen.send(answer)
        except StopIteration:
            self._pending = None

    @property
    def decision(self) -> Decision | None:
        return self._pending

    @property
    def finished(self) -> bool:
        return self._gen is not None and self._pending is None

    def answer(self, option_id: str) -> None:
        """Take one option of the pending Decision. An illegal answer raises
        IllegalChoice and changes nothing."""
        if self._gen is None:
            raise RuntimeError("call start() first")
        if self._pending is None:
            raise GameFinished("the game is over: there is no decision to answer")
        asked = self._pending
        asked.get(option_id)  # raises IllegalChoice before anything moves
        st, rolled = self.state, self.dice.rolled
        rec = self._rec
        explored, marking = rec.explored, rec.marking
        # the marks as they stand: those kept, unless the state was replaced or an event of
        # history.MARKING (which comes with every change of a mark) was logged since they were taken
        kept = self._marks
        if kept is not None and kept[0] is st and kept[1] == marking:
            marks = kept[2]
        else:
            marks = hidden_marks(st)
            self._marks = (st, marking, marks)
        rec.answering = True
        try:
            try:  # self._advance(option_id), inline
                self._pending = self._gen.send(option_id)
            except StopIteration:
                self._pending = None
        except Exception as exc:  # a rules bug: restore the game as it was
            if self._script is not None:
                raise
            self._become(self._replay(self.answers))
            raise EngineError(f"the rules failed on answer {option_id!r} ({type(exc).__name__}: {exc}); "
                              "the game was restored to before it") from exc
        finally:
            rec.answering = False
        # revealed_between(marks, after, new events), its common case inline: a hex explored meanwhile
        # (the Recorder counts HexExplored events) or, when the marks moved, an Event or a draw
        revealed = rec.explored != explored
        if rec.marking != marking or self.state is not st:  # the marks may have moved: take them again
            after = hidden_marks(self.state)
            self._marks = (self.state, rec.marking, after)
            revealed = revealed or (after != marks and revealed_between(marks, after, ()))
        # what history() makes an Answered of (with the index, its place): a plain tuple is made far
        # faster than a NamedTuple's
        self._history.append((option_id, asked.kind, asked.actor, self.dice.rolled > rolled, revealed))
        self.answers.append(option_id)

    def view(self) -> Any:
        """A read-only view of the state (attribute reads only). It shows what is hidden on
        the table too (face-down tiles, deck order): for bots and tests, never for a screen."""
        return ReadOnly(self.state)

    def public_view(self) -> PublicView:
        """The game as it lies on the table, for everyone at it: nothing hidden (see face/view.py).
        It is the projection of the game's events (face/projection), brought up to date when asked:
        the events since the last call are applied and only what they touched is rebuilt."""
        log, seen = self.log, self._public_seen
        if seen < len(log):
            apply = self._public.apply
            for i in range(seen, len(log)):
                apply(log[i])
            self._public_seen = len(log)
        return self._public.view()

    # ------------------------------------------------------------ saving
    def checksum(self) -> str:
        blob = json.dumps(self.state.to_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()

    def save(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "engine": ENGINE_VERSION,
            "setup": self.setup.to_dict(),
            "answers": list(self.answers),
            "checksum": self.checksum(),
            "finished": self.finished,
            "mods": [{"name": n, "sha256": h} for n, h in self.cat.mods],
        }

    def save_to(self, path: str | os.PathLike) -> None:
        """Write the save atomically (temp file, fsync, rename: files.write_atomic)."""
        write_atomic(path, json.dumps(self.save(), indent=1))

    @classmethod
    def replay(cls, setup: Setup, answers: Iterable[str], catalog: Catalog | None = None) -> "Game":
        g = cls(setup, catalog).start()
        for i, a in enumerate(answers):
            if g._pending is None:  # g.decision
                raise SaveError(f"answer {i + 1} ({clip(a)}) comes after the game ended")
            try:
                g.answer(a)
            except IllegalChoice as exc:
                raise SaveError(f"answer {i + 1} ({clip(a)}) is not legal here: {shorten(str(exc), 300)}") from None
            except EngineError as exc:
                raise SaveError(f"answer {i + 1} ({clip(a)}): {exc}") from None
        return g

    @classmethod
    def load(cls, source: str | os.PathLike | dict, catalog: Catalog | None = None) -> "Game":
        """Load a save (a path or a parsed dict), replay it and verify its checksum.
        Every problem, from an unreadable file to a replay the rules refuse, is a SaveError
        (savefile.py says what is checked)."""
        if isinstance(source, dict):
            where, data = "save", source
            check_bounds(data, where)
        else:
            where = str(source)
            data = read_save(source)
        setup, answers, checksum = parse_save(data, where)
        check_mods(saved_mods(data, where), (catalog or default_catalog()).mods, where)
        try:
            game = cls.replay(setup, answers, catalog)
        except (SaveError, EngineError) as exc:
            raise SaveError(f"{where}: {exc}") from None
        except ValueError as exc:  # the setup does not fit the content (an unknown faction...)
            raise SaveError(f"{where}: the setup does not fit the content: {exc}") from None
        if game.checksum() != checksum:
            raise SaveError(f"{where}: the replayed game does not match the saved checksum "
                            "(the file was edited, or the rules changed since it was saved)")
        return game

    # ------------------------------------------------------------ undo
    def undo(self, n: int = 1) -> None:
        """Take back the last `n` answers (replays the others from the setup); subscribers then
        receive a Rewound event and may rebuild from `log`."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise IllegalChoice(f"undo takes a positive number of answers, not {n!r}")
        if n > len(self.answers):
            raise IllegalChoice("there is nothing to undo" if not self.answers else
                                f"cannot undo {n} answers: only {len(self.answers)} were given")
        self.undo_to(len(self.answers) - n)

    def undo_to(self, index: int) -> None:
        """Go back to the point after the first `index` answers (a Checkpoint's index)."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= len(self.answers):
            raise IllegalChoice(f"no answer {index!r} to go back to: give 0 to {len(self.answers)}")
        if index == len(self.answers):
            return
        self._become(self._replay(self.answers[:index]))
        event = Rewound(index)
        for fn in self._listeners:
            fn(event)

    def checkpoints(self) -> list[Checkpoint]:
        """Every phase start and Actions turn start reached so far, oldest first."""
        return list(self._rec.made())

    def history(self) -> list[Answered]:
        """One record per answer given: option, kind, actor, and whether it rolled or revealed."""
        return [_new_tuple(Answered, (i, *record)) for i, record in enumerate(self._history)]

    def _replay(self, answers: list[str]) -> "Game":
        """A fresh game built like this one (setup, catalog, fixture, script, rigged dice) with
        `answers` replayed."""
        g = Game(self.setup, self.cat, rigged=self._rigged, prepare=self._prepare, script=self._script)
        if self._rigged:
            g.dice.rig(**self.dice.rigged)
        g.start()
        for a in answers:
            g.answer(a)
        return g

    def _become(self, other: "Game") -> None:
        """Take over another game's state, keeping this object's subscribers."""
        listeners = self._listeners
        self.__dict__.update(other.__dict__)
        self._listeners = listeners
        self._rec.listeners = listeners  # the other game's recorder, now this game's
