"""The log: every GameEvent in words, grouped by Chapter and phase, scrollable and filterable
(by kind of event, and by a word to search for)."""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from rich.text import Text
from textual.message import Message
from textual.containers import Vertical
from textual.widgets import Input

from ..event_text import CATEGORIES, EventText, category
from .steady import set_content
from .text_lines import TextLines
from .text_pane import TextPane
from .game_feed import game_signal

if TYPE_CHECKING:
    from ..controller import Update


class Entry(NamedTuple):
    category: str
    text: Text
    header: bool  # a Chapter/phase heading: shown whatever the filter


class CombatLog(Vertical):
    DEFAULT_CSS = """
    CombatLog > #log-title { height: 1; background: $boost; padding: 0 1; }
    CombatLog > TextPane { height: 1fr; }
    CombatLog > Input { height: 3; display: none; }
    CombatLog.-searching > Input { display: block; }
    """

    def __init__(self, cat, colours: dict[str, str], text: EventText | None = None, **kw) -> None:
        super().__init__(**kw)
        self.cat = cat
        self.render_event = text or EventText(cat, colours)  # (the screen's, shared with the other panes)
        self.entries: list[Entry] = []
        self.filter = "all"
        self.search = ""

    def compose(self):
        yield TextLines(id="log-title")
        yield TextPane(follow_end=True, id="log-lines")
        yield Input(placeholder="search the log (Enter keeps it, Esc clears)", id="log-search")

    def on_mount(self) -> None:
        self._title()
        game_signal(self).subscribe(self, self.on_game_update, immediate=True)

    def on_game_update(self, u: "Update") -> None:
        if u.reset:
            self.entries = []
            self.render_event.reset_for(u)
            self.query_one(TextPane).clear()
        self.add(u.events)

    def add(self, events) -> None:
        new = []
        for ev in events:
            text = self.render_event(ev)
            if not text.plain.strip():
                continue  # an event the renderer keeps off the log (it changes nothing worth a line)
            e = Entry(category(ev), text, ev.event_type == "PhaseStarted")
            self.entries.append(e)
            if self._shows(e):
                new.append(e.text)
        self.query_one(TextPane).append(*new)

    @property
    def lines(self) -> list[str]:
        """The plain text of the lines the filter shows (for tests and screen readers)."""
        return [e.text.plain for e in self.entries if self._shows(e)]

    def _shows(self, e: Entry) -> bool:
        if e.header:
            return True
        if self.filter != "all" and e.category != self.filter:
            return False
        return not self.search or self.search.lower() in e.text.plain.lower()

    def _rewrite(self) -> None:
        pane = self.query_one(TextPane)
        pane.clear()
        pane.append(*[e.text for e in self.entries if self._shows(e)])
        self._title()

    def _title(self) -> None:
        t = Text("Log", style="bold", no_wrap=True, overflow="ellipsis")
        t.append(f" · {self.filter}", style="bold")
        if self.search:
            t.append(f" · “{self.search}”", style="italic")
        t.append("   f: filter  /: search", style="dim")
        set_content(self.query_one("#log-title", TextLines), t)

    def cycle_filter(self) -> str:
        self.filter = CATEGORIES[(CATEGORIES.index(self.filter) + 1) % len(CATEGORIES)]
        self._rewrite()
        return self.filter

    def set_filter(self, which: str) -> None:
        if which not in CATEGORIES:
            raise ValueError(f"no log filter {which!r}")
        self.filter = which
        self._rewrite()

    def open_search(self) -> None:
        self.add_class("-searching")
        self.query_one(Input).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.search = event.value.strip()
        self._rewrite()

    class SearchClosed(Message):
        """The search box is closed (Enter keeps the search, Esc clears it): the keys go back."""

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.remove_class("-searching")
        self.post_message(self.SearchClosed())

    def key_escape(self) -> None:
        if self.has_class("-searching"):
            self.query_one(Input).value = ""
            self.remove_class("-searching")
            self.post_message(self.SearchClosed())
