"""The engine's face: a Game yields Decisions, takes answers, emits GameEvents,
and saves itself as setup + seed + answers."""
from __future__ import annotations

import hashlib
import json
import os
import random
import tempfile
from pathlib import Path
from typing import Any, Callable, Iterable

from .. import __version__
from ..content.loader import Catalog, default_catalog
from ..files import clip, shorten
from .board import Board
from .context import Ctx
from .decision import Decision, GameFinished, IllegalChoice
from .dice import Dice, RiggedDice
from .events import GameEvent
from .setup import Setup, build_state
from .state import GameState
from .public import PublicView, build_view
from .savefile import SAVE_FORMAT, SAVE_VERSION, SaveError, check_bounds, parse_save, read_save
from .view import ReadOnly

ENGINE_VERSION = f"{__version__}+rules{SAVE_VERSION}"


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
        self.ctx = Ctx(self.state, self.cat, self.board, self.dice, self.rng, setup, self._emit)
        self._script = script
        self._prepare = prepare
        self._rigged = rigged
        self._pending: Decision | None = None
        self._gen = None
        self.error: BaseException | None = None

    # ------------------------------------------------------------ running
    def start(self) -> "Game":
        """Run the rules up to the first Decision (or the end)."""
        from .phases import play
        self._gen = (self._script or play)(self.ctx)
        self._advance(None)
        return self

    def _emit(self, event: GameEvent) -> None:
        self.log.append(event)
        for fn in self._listeners:
            fn(event)

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
        self._pending.get(option_id)  # raises IllegalChoice before anything moves
        try:
            self._advance(option_id)
        except Exception as exc:  # a rules bug: restore the game as it was
            if self._script is not None:
                raise
            self._become(Game.replay(self.setup, self.answers, self.cat))
            raise EngineError(f"the rules failed on answer {option_id!r} ({type(exc).__name__}: {exc}); "
                              "the game was restored to before it") from exc
        self.answers.append(option_id)

    def view(self) -> Any:
        """A read-only view of the state (attribute reads only). It shows what is hidden on
        the table too (face-down tiles, deck order): for bots and tests, never for a screen."""
        return ReadOnly(self.state)

    def public_view(self) -> PublicView:
        """The game as it lies on the table, for everyone at it: nothing hidden (see public.py)."""
        return build_view(self.state, self.cat, self.board, self.ctx.combat, self.setup.difficulty)

    # ------------------------------------------------------------ saving
    def checksum(self) -> str:
        blob = json.dumps(self.state.to_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()

    def save(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "engine": ENGINE_VERSION,
            "setup": self.setup.model_dump(),
            "answers": list(self.answers),
            "checksum": self.checksum(),
            "finished": self.finished,
        }

    def save_to(self, path: str | os.PathLike) -> None:
        """Write the save atomically (temp file, fsync, rename)."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        data = json.dumps(self.save(), indent=1)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".save-", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise

    @classmethod
    def replay(cls, setup: Setup, answers: Iterable[str], catalog: Catalog | None = None) -> "Game":
        g = cls(setup, catalog).start()
        for i, a in enumerate(answers):
            if g.decision is None:
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

    def undo(self) -> None:
        """Take back the last answer (replays all the others)."""
        if not self.answers:
            raise IllegalChoice("there is nothing to undo")
        self._become(Game.replay(self.setup, self.answers[:-1], self.cat))

    def _become(self, other: "Game") -> None:
        """Take over another game's state, keeping this object's subscribers."""
        listeners = self._listeners
        self.__dict__.update(other.__dict__)
        self._listeners = listeners
        self.ctx._emit = self._emit
