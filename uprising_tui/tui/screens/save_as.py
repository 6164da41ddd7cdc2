"""Save as: a name for the save, checked as it is typed."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ..saves import check_name


class SaveAsScreen(ModalScreen[str | None]):
    DEFAULT_CSS = """
    SaveAsScreen { align: center middle; }
    SaveAsScreen > Vertical { width: 60; max-width: 95%; height: auto; border: thick $primary;
                              background: $surface; padding: 1 2; }
    SaveAsScreen #save-error { color: $error; height: auto; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, suggestion: str = "") -> None:
        super().__init__()
        self.suggestion = suggestion

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Save the game as (Enter saves, Esc cancels):")
            yield Input(value=self.suggestion, id="save-name")
            yield Static("", id="save-error")

    def on_input_changed(self, event: Input.Changed) -> None:
        try:
            check_name(event.value)
            msg = ""
        except ValueError as exc:
            msg = str(exc)
        self.query_one("#save-error", Static).update(msg)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            self.dismiss(check_name(event.value))
        except ValueError as exc:
            self.query_one("#save-error", Static).update(str(exc))

    def action_cancel(self) -> None:
        self.dismiss(None)
