"""The game review's place in the game: a controller of its own, replayed to the answer on show.

The review (screens/review.py) steps through a game answer by answer. Its cursor holds a copy of
the game, replayed from the setup (no saves: it answers nothing for anyone), and for answer `i`
makes a `Frame`: the decision that answer `i` answered, as the decision bar showed it then (its
options grouped and costed in the view of that moment), and the update that brings the panes to
the game after `answers[:i + 1]`. A step forward is one answer more (its events alone, as in
play); any other move goes back with the engine's undo (a replay of the answers kept) and on
from there, and its update is the whole game so far (`reset`). The panes read the update only:
the public view and the events, never the game.

It knows nothing of Textual: the screen calls `frame` off the UI thread (a replay takes a moment
in a long game) and draws the frame it returns."""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..engine import Game
from .controller import GameController, Update

if TYPE_CHECKING:
    from ..engine import Decision
    from .controller import Seat


class Frame(NamedTuple):
    index: int  # the answer on show (0-based): the panes show the game after answers[:index + 1]
    update: Update  # what brings the panes there (the events of this answer, or the whole game: reset)
    decision: "Decision"  # the decision the answer answered
    groups: list  # its options as the bar grouped them then
    costs: dict[str, str]
    seat: "Seat | None"  # who answered
    chosen: str  # the option chosen
    chapter: int  # where the decision was put (the view after the answer may be in the next phase)
    phase: str


class ReviewCursor:
    def __init__(self, source: GameController) -> None:
        self.answers: list[str] = list(source.game.answers)
        self.ctl = GameController(Game(source.setup, source.cat).start(), source.seats, None, autosave=False)
        self.setup = source.setup

    def __len__(self) -> int:
        return len(self.answers)

    def frame(self, index: int, shown: int | None) -> Frame:
        """The frame of answer `index`, for panes that show the frame of answer `shown` now (None:
        nothing yet). IndexError for an answer the game does not have."""
        if not 0 <= index < len(self.answers):
            raise IndexError(f"no answer {index + 1}: the game has {len(self.answers)}")
        ctl = self.ctl
        step = shown == index - 1 and ctl.answers == index  # the panes are one answer behind: its events
        if ctl.answers > index:
            ctl.undo(ctl.plan_to(index))
        while ctl.answers < index:
            ctl.answer(self.answers[ctl.answers])
        d = ctl.decision
        groups = ctl.grouped_options(d)
        costs = {o.id: ctl.cost_text(o) for o in d.options}
        seat = ctl.actor_seat()
        before = ctl.view
        chosen = self.answers[index]
        u = ctl.answer(chosen)
        return Frame(index, u if step else ctl.snapshot(), d, groups, costs, seat, chosen, before.chapter, before.phase)
