"""The pure rules engine: no I/O, no terminal, all randomness from the game's seeded RNG."""
from .face.decision import Decision, GameFinished, IllegalChoice, Option
from .face.events import GameEvent
from .game import EngineError, Game, SaveError
from .ops import handlers as op_handlers  # noqa: F401  (fills effects.HANDLERS: every op's handler)
from .setup import DIFFICULTIES, Setup

__all__ = ["Decision", "DIFFICULTIES", "EngineError", "Game", "GameEvent", "GameFinished", "IllegalChoice",
           "Option", "SaveError", "Setup"]
