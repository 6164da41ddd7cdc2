"""Hot-seat: the moment the keyboard passes to another person. Nothing of the game is behind it
to peek at that the table cannot see anyway (every hand is open in Uprising); it is a pause so
the right person answers."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class PassDeviceScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    PassDeviceScreen { align: center middle; background: $background 90%; }
    PassDeviceScreen > Vertical { width: 60; max-width: 95%; height: auto; border: double $accent;
                                  background: $surface; padding: 1 2; }
    PassDeviceScreen Static { text-align: center; width: 100%; }
    """
    BINDINGS = [Binding("enter,space", "go", "I am here", priority=True)]

    def __init__(self, person: str, faction: str, why: str = "") -> None:
        super().__init__()
        self.person, self.faction, self.why = person, faction, why

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(f"Pass to {self.person}", style="bold"), id="pass-title")
            yield Static(f"{self.faction}{': ' + self.why if self.why else ''}")
            yield Static(Text("\nPress Enter when you have the keyboard.", style="dim"))

    def action_go(self) -> None:
        self.dismiss(None)
