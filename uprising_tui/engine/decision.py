"""What the engine asks of a person: one pick from a finite list."""
from __future__ import annotations

from dataclasses import dataclass


class IllegalChoice(ValueError):
    """An answer that is not one of the pending Decision's options."""


class GameFinished(RuntimeError):
    """The game is over: there is nothing left to answer."""


@dataclass(frozen=True, slots=True)
class Option:
    id: str  # stable: "move:H07", "unit:younglings", "done"
    label: str
    hex: str | None = None
    card: str | None = None


@dataclass(frozen=True, slots=True)
class Decision:
    actor: str  # faction id, or the first player's faction for Nemesis ties
    kind: str  # "turn", "command_target", "assign_damage", "nemesis_tie", ...
    prompt: str
    options: tuple[Option, ...]

    def ids(self) -> list[str]:
        return [o.id for o in self.options]

    def get(self, option_id: str) -> Option:
        for o in self.options:
            if o.id == option_id:
                return o
        raise IllegalChoice(
            f"{option_id!r} is not an option for {self.actor}'s {self.kind} decision "
            f"({self.prompt}); options are: {', '.join(self.ids())}"
        )
