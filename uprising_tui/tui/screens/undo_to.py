"""Undo back to a phase start or an Actions turn: the game's checkpoints, newest first."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option


class UndoToScreen(ModalScreen[int | None]):
    BINDINGS = [Binding("escape", "cancel", "Back")]
    DEFAULT_CSS = """
    UndoToScreen { align: center middle; }
    UndoToScreen > Vertical { width: 70; max-width: 95%; height: 80%; border: thick $warning;
                              background: $surface; padding: 0 1; }
    UndoToScreen OptionList { height: 1fr; border: none; }
    """

    def __init__(self, checkpoints: list[tuple[int, str]], answers: int) -> None:
        super().__init__()
        self.checkpoints = list(reversed(checkpoints))
        self.answers = answers

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Go back to… (Enter picks, Esc keeps playing)")
            # rows by position: two checkpoints at one answer must not share an id (OptionList refuses it)
            yield OptionList(*[Option(f"{label}  · takes back {self.answers - keep} answer(s)", id=f"cp-{i}")
                               for i, (keep, label) in enumerate(self.checkpoints)], id="checkpoints")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.checkpoints[int(event.option.id.split("-")[1])][0])

    def action_cancel(self) -> None:
        self.dismiss(None)
