"""Load: the saves in the saves folder (newest first) and a field for any other file; Continue's
list of autosaves when there are several. Every listed save was read as a load reads it and
replayed (off the UI thread), so "finished" is what the replay says and a broken save is listed
with what is wrong with it; nothing can crash. An autosave another window is playing is marked,
and choosing it offers a copy. A served session (saves.SaveStore.confined) has no path field: it
loads only what its own folder lists."""
from __future__ import annotations

import asyncio
from functools import partial
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from ...engine import EngineError, SaveError
from ...files import printable
from ..controller import GameController
from ..saves import GameInUse, SaveInfo


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
    if info.verified and info.finished:
        t.append(" · finished", style="italic")
    if info.in_use:
        t.append(" · open in another window", style="bold yellow")
    return t


def offer_copy(app, exc: GameInUse) -> None:
    """Say that another window plays this game, and offer to open a copy that saves apart."""
    from .confirm import ConfirmScreen

    def done(yes: bool | None) -> None:
        if yes:
            app.run_worker(app._open(lambda: GameController.load(exc.path, app.store, copy=True)),
                           group="open", exclusive=True)
    app.push_screen(ConfirmScreen(f"{exc.path.name} is being played in another window. Open a copy here? "
                                  "The copy autosaves apart; the other window keeps its game.",
                                  yes="Open a copy", no="Back"), done)


class LoadScreen(Screen):
    BINDINGS = [Binding("escape", "back", "Back"), Binding("r", "rescan", "Rescan")]
    DEFAULT_CSS = """
    LoadScreen { padding: 1 2; }
    LoadScreen #load-title { text-style: bold; }
    LoadScreen OptionList { height: 1fr; border: round $primary; }
    LoadScreen #load-error { height: auto; color: $error; }
    LoadScreen #load-dir { color: $text-muted; }
    """

    def __init__(self, *, autosaves_only: bool = False) -> None:
        super().__init__()
        self.autosaves_only = autosaves_only
        self.infos: list[SaveInfo] = []

    def compose(self) -> ComposeResult:
        store = self.app.store
        title = ("Continue a game — Enter opens the one highlighted" if self.autosaves_only else
                 "Load a saved game — Enter loads the one highlighted")
        where = ("Saves folder: this session's own" if store.confined else f"Saves folder: {store.dir}")
        with Vertical():
            yield Static(Text(title), id="load-title")
            yield Static(Text(where), id="load-dir")
            yield OptionList(id="saves")
            if not store.confined and not self.autosaves_only:
                yield Input(placeholder="…or type the path of a save file and press Enter", id="load-path")
            yield Static("", id="load-error")
        yield Footer()

    def on_mount(self) -> None:
        self.action_rescan()

    def action_rescan(self) -> None:
        ol = self.query_one(OptionList)
        ol.set_options([Option(Text("Reading the saves…", style="dim"), disabled=True)])
        self.run_worker(self._scan, thread=True, group="scan", exclusive=True)

    def _scan(self) -> None:
        from ...content.loader import default_catalog
        infos = self.app.store.listing(verify=True, autosaves_only=self.autosaves_only, catalog=default_catalog())
        self.app.call_from_thread(self._show, infos)

    def _show(self, infos: list[SaveInfo]) -> None:
        self.infos = infos
        ol = self.query_one(OptionList)
        if not infos:
            ol.set_options([Option(Text("No saves yet: games are saved automatically as you play.",
                                        style="dim"), disabled=True)])
            return
        ol.set_options([Option(info_text(i), id=str(n), disabled=not i.ok) for n, i in enumerate(infos)])
        first_ok = next((n for n, i in enumerate(infos) if i.ok), None)
        if first_ok is not None:
            ol.highlighted = first_ok
        ol.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.load(self.infos[int(event.option.id)].path)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.value.strip() and not self.app.store.confined:
            self.load(Path(event.value.strip()).expanduser())

    def load(self, path: Path) -> None:
        self.query_one("#load-error", Static).update(Text(f"Loading {printable(path.name)}…"))
        self.run_worker(partial(self._load, path), group="load", exclusive=True)

    async def _load(self, path: Path) -> None:
        store = self.app.store
        try:
            ctl = await asyncio.to_thread(GameController.load, path, store)
        except GameInUse as exc:
            self.query_one("#load-error", Static).update("")
            offer_copy(self.app, exc)
            return
        except (SaveError, EngineError, ValueError, OSError, RecursionError) as exc:
            self.query_one("#load-error", Static).update(Text(printable(f"Cannot load {path.name}: {exc}")))
            return
        self.app.open_game(ctl)

    def action_back(self) -> None:
        self.app.pop_screen()
