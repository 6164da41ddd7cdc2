"""How to play: the rules in short (our own words) and every key, searchable; the map's legend
(built from the painter's own table, widgets/hex_style.MARKS) and every die's six faces (from the
content), for the game on the table if one is open."""
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


SYMBOL = {"skull": "☠ Skull", "shield": "◈ Shield", "bolt": "↯ Bolt"}


def dice_markdown(cat) -> str:
    """Every die of the content, face by face (a face with several symbols shows them all)."""
    from ..theme import BLANK, DIE_LETTER, SYMBOL_GLYPH
    out = ["What each die can roll: six faces, each equally likely. Your Hero's attributes roll "
           "Might red, Magic purple, Leadership blue, Guile white or yellow (your pick, point by point).",
           "", "| die | " + " | ".join(f"face {i}" for i in range(1, 7)) + " | ☠ a roll | ◈ a roll | ↯ a roll |",
           "|---|" + "---|" * 9]
    for colour, die in cat.dice.items():
        faces = ["".join(SYMBOL_GLYPH.get(x, "?") for x in f) or BLANK for f in die.faces]
        counts = [sum(f.count(sym) for f in die.faces) for sym in ("skull", "shield", "bolt")]
        out.append(f"| {DIE_LETTER.get(colour, colour[:1].upper())} {colour} | " + " | ".join(faces)
                   + " | " + " | ".join(f"{n / len(die.faces):.2f}" for n in counts) + " |")
    out += ["", "☠ Skull, ◈ Shield, ↯ Bolt, · blank. The last three columns: how many of each one roll "
            "of the die gives on average."]
    return "\n".join(out)


def map_markdown(cat, view=None) -> str:
    from ..widgets import hex_style as hs
    from ..widgets.map_legend import legend_markdown
    keys = "\n".join(f"- `{k}`: {v}" for k, v in hs.KEY_HELP)
    return ("Keys on the map (`m`: to the map):\n\n" + keys + "\n\nFrom anywhere in a game:\n\n"
            "- `g`: the legend beside the map\n- `i`: the hex under the cursor in full\n"
            "- `+` `-`: larger or smaller hexes\n- `o`: the odds in full\n\n" + legend_markdown(cat, view))


def generated(cat, view=None) -> list[tuple[str, str]]:
    """The sections made from the content: the dice, and the map's legend."""
    return [("The dice, face by face", dice_markdown(cat)), ("The map and its legend", map_markdown(cat, view))]


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

    def __init__(self, cat=None, view=None) -> None:
        super().__init__()
        self.all = sections()
        self._cat, self._view = cat, view
        self.shown = list(self.all)

    def _generated(self) -> None:
        """The content's sections, after 'Dice and how the client shows them': for the game open in
        the app (its factions and cards), else the whole box."""
        ctl = getattr(self.app, "controller", None)
        cat, view = self._cat, self._view
        if cat is None and ctl is not None:
            cat, view = ctl.cat, ctl.view
        if cat is None:
            from ...content.loader import default_catalog
            cat = default_catalog()
        at = next((i + 1 for i, (t, _b) in enumerate(self.all) if t.startswith("Dice")), len(self.all))
        self.all[at:at] = generated(cat, view)
        self.shown = list(self.all)

    def compose(self) -> ComposeResult:
        self._generated()
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
