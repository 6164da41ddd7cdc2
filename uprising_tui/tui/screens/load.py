"""Load: the saves in the saves folder (newest first) and a field for any other file. A corrupt or
incompatible save is listed with what is wrong with it, and cannot crash anything."""
from __future__ import annotations

import asyncio
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from ...engine import EngineError, SaveError
from ..controller import GameController
from ..saves import SaveInfo


def info_text(info: SaveInfo) -> Text:
    t = Text()
    t.append(f"{info.name:<20}", style="bold")
    t.append(f" {info.modified:%Y-%m-%d %H:%M} ")
    if not info.ok:
        t.append(f" cannot load: {info.error}", style="bold red")
        return t
    facs = ", ".join(f.capitalize() for f in info.factions)
    who = f" ({', '.join(info.seats)})" if info.seats else ""
    t.append(f" {facs}{who} · {info.chapters} Chapters · {info.difficulty} · seed {info.seed} · "
             f"{info.answers} answers")
    if info.finished:
        t.append(" · finished", style="italic")
    return t


class LoadScreen(Screen):
    BINDINGS = [Binding("escape", "back", "Back"), Binding("r", "rescan", "Rescan")]
    DEFAULT_CSS = """
    LoadScreen { padding: 1 2; }
    LoadScreen #load-title { text-style: bold; }
    LoadScreen OptionList { height: 1fr; border: round $primary; }
    LoadScreen #load-error { height: auto; color: $error; }
    LoadScreen #load-dir { color: $text-muted; }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Load a saved game — Enter loads the one highlighted", id="load-title")
            yield Static(f"Saves folder: {self.app.store.dir}", id="load-dir")
            yield OptionList(id="saves")
            yield Input(placeholder="…or type the path of a save file and press Enter", id="load-path")
            yield Static("", id="load-error")
        yield Footer()

    def on_mount(self) -> None:
        self.action_rescan()

    def action_rescan(self) -> None:
        self.infos = self.app.store.listing()
        ol = self.query_one(OptionList)
        if not self.infos:
            ol.set_options([Option(Text("No saves yet: games are saved automatically as you play.",
                                        style="dim"), disabled=True)])
            return
        ol.set_options([Option(info_text(i), id=str(i.path), disabled=not i.ok) for i in self.infos])
        first_ok = next((n for n, i in enumerate(self.infos) if i.ok), None)
        if first_ok is not None:
            ol.highlighted = first_ok
        ol.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.load(Path(event.option.id))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.value.strip():
            self.load(Path(event.value.strip()).expanduser())

    def load(self, path: Path) -> None:
        self.query_one("#load-error", Static).update(f"Loading {path.name}…")
        self.run_worker(self._load(path), group="load", exclusive=True)

    async def _load(self, path: Path) -> None:
        store = self.app.store
        try:
            ctl = await asyncio.to_thread(GameController.load, path, store)
        except (SaveError, EngineError, ValueError, OSError, RecursionError) as exc:
            self.query_one("#load-error", Static).update(f"Cannot load {path.name}: {exc}")
            return
        self.app.open_game(ctl)

    def action_back(self) -> None:
        self.app.pop_screen()
