"""The title screen: New game, Continue (the latest autosave), Load, How to play, Quit."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

BANNER = r"""
 _   _ ___ ___ ___ ___ ___ _  _  ___
| | | | _ \ _ \_ _/ __|_ _| \| |/ __|
| |_| |  _/   /| |\__ \| || .` | (_ |
 \___/|_| |_|_\___|___/___|_|\_|\___|
"""


class TitleScreen(Screen):
    BINDINGS = [
        Binding("n", "choose('new')", "New game"),
        Binding("c", "choose('continue')", "Continue"),
        Binding("l", "choose('load')", "Load"),
        Binding("h,question_mark", "choose('help')", "How to play"),
        Binding("q", "choose('quit')", "Quit"),
    ]
    DEFAULT_CSS = """
    TitleScreen { align: center middle; }
    TitleScreen #banner { width: auto; color: $accent; text-style: bold; }
    TitleScreen #tagline { width: auto; color: $text-muted; margin-bottom: 1; }
    TitleScreen OptionList { width: 44; height: auto; max-height: 9; border: round $primary; }
    TitleScreen #continue-note { width: 60; height: auto; color: $text-muted; text-align: center; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            with Center():
                yield Static(BANNER, id="banner")
            with Center():
                yield Static("Curse of the Last Emperor · a co-operative game for 1-4 factions", id="tagline")
            with Center():
                yield OptionList(id="menu")
            with Center():
                yield Static("", id="continue-note")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_menu()
        self.call_after_refresh(self.app.started)

    def refresh_menu(self) -> None:
        store = self.app.store
        has = store.has_autosave()
        menu = self.query_one(OptionList)
        menu.set_options([
            Option(Text.assemble(("n", "bold underline"), "  New game"), id="new"),
            Option(Text.assemble(("c", "bold underline"), "  Continue"), id="continue", disabled=not has),
            Option(Text.assemble(("l", "bold underline"), "  Load a saved game"), id="load"),
            Option(Text.assemble(("h", "bold underline"), "  How to play"), id="help"),
            Option(Text.assemble(("q", "bold underline"), "  Quit"), id="quit"),
        ])
        menu.highlighted = 1 if has else 0
        note = ""
        if has:
            from ..saves import read_info
            info = read_info(store.autosave_path)
            if info.ok:
                note = (f"Continue: {', '.join(f.capitalize() for f in info.factions)} · {info.difficulty} · "
                        f"{info.answers} answers · saved {info.modified:%Y-%m-%d %H:%M}")
            else:
                note = f"The autosave cannot be loaded: {info.error}"
        self.query_one("#continue-note", Static).update(note)
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_choose(event.option.id)

    def action_choose(self, what: str) -> None:
        if what == "new":
            from .setup import SetupScreen
            self.app.push_screen(SetupScreen())
        elif what == "continue":
            if len(self.app.store.autosaves()) > 1:  # several windows' games: choose one
                from .load import LoadScreen
                self.app.push_screen(LoadScreen(autosaves_only=True))
            elif self.app.store.has_autosave():
                self.app.load_game(self.app.store.autosave_path)
            else:
                self.notify("There is no game to continue yet.")
        elif what == "load":
            from .load import LoadScreen
            self.app.push_screen(LoadScreen())
        elif what == "help":
            self.app.action_help()
        elif what == "quit":
            self.app.exit()
