"""How to play: the rules in short (our own words) and every key, searchable."""
from __future__ import annotations

from importlib import resources

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, Markdown, OptionList, Static
from textual.widgets.option_list import Option


def sections() -> list[tuple[str, str]]:
    """(title, body) for each '## ' section of the help text."""
    text = resources.files("uprising_tui.tui").joinpath("help_text.md").read_text(encoding="utf-8")
    out: list[tuple[str, str]] = []
    for chunk in text.split("\n## "):
        chunk = chunk.removeprefix("## ").strip()
        if chunk:
            title, _, body = chunk.partition("\n")
            out.append((title.strip(), body.strip()))
    return out


def matching(query: str, secs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    q = query.strip().lower()
    if not q:
        return secs
    return [(t, b) for t, b in secs if q in t.lower() or q in b.lower()]


class HelpScreen(Screen):
    BINDINGS = [Binding("escape", "close", "Back"), Binding("slash", "search", "Search")]
    DEFAULT_CSS = """
    HelpScreen #help-top { height: 3; }
    HelpScreen #help-title { width: auto; padding: 1 2 0 1; text-style: bold; }
    HelpScreen Input { width: 1fr; }
    HelpScreen OptionList { width: 30; height: 1fr; border: round $primary; }
    HelpScreen Markdown { width: 1fr; height: 1fr; padding: 0 2; overflow-y: auto; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.all = sections()
        self.shown = list(self.all)

    def compose(self) -> ComposeResult:
        with Horizontal(id="help-top"):
            yield Static("How to play", id="help-title")
            yield Input(placeholder="search the rules and keys (/)", id="help-search")
        with Horizontal():
            yield OptionList(*[Option(t, id=str(i)) for i, (t, _b) in enumerate(self.all)], id="help-toc")
            with Vertical():
                yield Markdown(id="help-body")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()
        self._show(0)

    def _show(self, i: int) -> None:
        if not self.shown:
            self.query_one(Markdown).update("*Nothing matches that search.*")
            return
        title, body = self.shown[max(0, min(i, len(self.shown) - 1))]
        self.query_one(Markdown).update(f"## {title}\n\n{body}")

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if event.option_index is not None:
            self._show(event.option_index)

    def on_input_changed(self, event: Input.Changed) -> None:
        self.shown = matching(event.value, self.all)
        ol = self.query_one(OptionList)
        ol.set_options([Option(t, id=str(i)) for i, (t, _b) in enumerate(self.shown)])
        if self.shown:
            ol.highlighted = 0
        self._show(0)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.query_one(OptionList).focus()

    def action_search(self) -> None:
        self.query_one(Input).focus()

    def action_close(self) -> None:
        self.app.pop_screen()
