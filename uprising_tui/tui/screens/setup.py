"""Setup: who plays which faction and Hero, how long, how hard, and the seed. Enter starts the
game with what is on show; every field has a sensible default."""
from __future__ import annotations

import random

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from ...content.loader import default_catalog
from ...engine.setup import DIFFICULTIES, Setup
from ...engine.savefile import MAX_INT as MAX_SEED, name_problem
from ..controller import BOT_LABELS, Seat
from ..textual_adapter import select_overlay_type
from ..theme import FACTION_COLOURS, PALETTE

FACTIONS = ("druwhn", "duerkhar", "krowh", "mohyar")
DIFFICULTY_TEXT = {
    "rebel": "The gentlest start: 6 of each resource, no Curses on the map, Garrisons only on The Capital, "
             "and none of the advanced cards or hexes.",
    "veteran": "The standard game: 5 of each resource, 2 Curses, The Capital's Garrisons plus one on three "
               "hexes beside it; no advanced cards or hexes.",
    "nightmare": "5 of each resource, 3 Curses, a Garrison on every hex beside The Capital. Adds advanced "
                 "components: every advanced Item, Legion and Horde, 3 advanced Quests, an advanced Sea Tower, "
                 "2 advanced hexes and an advanced Event each Chapter.",
    "apocalypse": "As Nightmare, but every advanced component goes in: all advanced Quests, Sea Towers, hexes "
                  "and Events too.",
}
ADVANCED_TEXT = {"rebel": "none", "veteran": "none", "nightmare": "some (listed above)", "apocalypse": "all"}
# the list says what a seat costs in time: the Strong bot searches (a second or two a turn)
CONTROLLERS = [("Person", "person")] + [(f"{label} (slow)" if bot == "strong" else label, bot)
                                        for bot, label in BOT_LABELS.items()]


def hero_label(h) -> str:
    """'Yanny R1 U2 W/Y1': the Hero's name and the Hero Dice its attributes give."""
    attrs = [f"{die}{getattr(h, key)}" for key, die in (("might", "R"), ("magic", "P"), ("leadership", "U"),
                                                         ("guile", "W/Y")) if getattr(h, key)]
    return f"{h.name} {' '.join(attrs)}"


FIELD_NAMES = {"count": "Factions", "chapters": "Chapters", "difficulty": "Difficulty", "ties": "Nemesis ties",
               "seed": "Seed", "reseed": "New seed", "start": "Start", "back": "Back"}
SEAT_FIELDS = {"faction": "faction", "hero": "Hero", "ctl": "who plays it", "name": "name", "colour": "colour"}


def field_name(widget_id: str | None) -> str:
    """The field a widget id stands for, in words: 'Difficulty', 'Seat 2: Hero'."""
    if not widget_id:
        return ""
    if widget_id in FIELD_NAMES:
        return FIELD_NAMES[widget_id]
    kind, _, seat = widget_id.rpartition("-")
    if kind in SEAT_FIELDS and seat.isdigit():
        return f"Seat {int(seat) + 1}: {SEAT_FIELDS[kind]}"
    return widget_id


class SetupScreen(Screen):
    BINDINGS = [Binding("escape", "back", "Back"), Binding("ctrl+s", "start", "Start"),
                Binding("ctrl+r", "reseed", "New seed"),
                # Enter starts the game from any field, as the header says (a list opens with Space or ↓;
                # a button and an open list keep their own Enter: see check_action)
                Binding("enter", "enter_start", "Start", show=False, priority=True)]
    DEFAULT_CSS = """
    SetupScreen { padding: 0 1; }
    SetupScreen #setup-title { text-style: bold; margin: 1 0 0 0; }
    SetupScreen .row { height: 3; }
    SetupScreen .row Label { padding: 1 1 0 0; }
    SetupScreen Select { width: 1fr; min-width: 12; }
    SetupScreen Select > SelectCurrent { padding: 0 1; }
    SetupScreen .seat Select { min-width: 10; }
    /* a label never wraps onto the field's border: one line, cut with an ellipsis if it must be */
    SetupScreen SelectCurrent > #label { text-wrap: nowrap; text-overflow: ellipsis; }
    /* the Hero's and the player's columns take their longest labels whole ("Fhayanor R1 P1 U1
       W/Y1", "Strong bot (slow)") with the field's border, padding and arrow; the head follows */
    SetupScreen .seat Select.hero, SetupScreen .seat-head Label.hero { min-width: 28; }
    SetupScreen .seat Select.ctl, SetupScreen .seat-head Label.ctl { min-width: 23; }
    SetupScreen #seed { width: 14; }
    SetupScreen #count, SetupScreen #chapters { width: 12; }
    SetupScreen .seat-head { height: 1; }
    SetupScreen .seat-head Label { width: 1fr; padding: 0 0 0 2; text-style: bold; }
    SetupScreen .seat-head Label.seat-num { width: 3; padding: 0; }
    SetupScreen .seat Input { width: 1fr; min-width: 10; }
    SetupScreen .seat-num { width: 3; padding: 1 0 0 0; }
    SetupScreen #diff-text { height: auto; color: $text-muted; margin: 0 0 1 0; }
    SetupScreen #setup-error { height: auto; color: $error; }
    SetupScreen #buttons { height: 3; margin-top: 1; }
    SetupScreen #buttons Button { margin-right: 2; }
    SetupScreen #focus-line { height: 1; color: $text-accent; text-style: bold; }
    /* the field with the focus stands out whatever its style: a marked background and bold text */
    SetupScreen Select:focus > SelectCurrent, SetupScreen Input:focus { background: $accent 35%; text-style: bold; }
    SetupScreen Button:focus { text-style: bold reverse; }
    /* narrow terminals: borderless fields (one line each) in columns sized to their longest
       words, so no label wraps or is cut */
    SetupScreen.-narrow .row, SetupScreen.-narrow .seat { height: 1; margin-bottom: 1; }
    SetupScreen.-narrow Select > SelectCurrent { padding: 0 1 0 0; }  /* the arrow's space parts two fields */
    SetupScreen.-narrow .row Label, SetupScreen.-narrow .seat-num { padding: 0 1 0 0; }
    SetupScreen.-narrow #count, SetupScreen.-narrow #chapters { width: 7; min-width: 7; }
    SetupScreen.-narrow #difficulty { width: 16; min-width: 16; }
    SetupScreen.-narrow #ties { width: 26; min-width: 26; }
    SetupScreen.-narrow #seed { width: 10; min-width: 10; }
    SetupScreen.-narrow #reseed { min-width: 10; width: 12; height: 1; border: none; }
    SetupScreen.-narrow .seat Select.faction { width: 11; min-width: 11; }
    SetupScreen.-narrow .seat Select.hero { width: 25; min-width: 25; }
    SetupScreen.-narrow .seat Select.ctl { width: 20; min-width: 20; }
    SetupScreen.-narrow .seat Input { width: 1fr; min-width: 8; }
    SetupScreen.-narrow .seat Select.colour { width: 9; min-width: 9; margin-left: 1; }
    SetupScreen.-narrow .seat-head Label.faction { width: 11; }
    SetupScreen.-narrow .seat-head Label.hero { width: 25; min-width: 25; }
    SetupScreen.-narrow .seat-head Label.ctl { width: 20; min-width: 20; }
    SetupScreen.-narrow .seat-head Label.colour { width: 10; }
    SetupScreen.-narrow .seat-head Label { padding: 0; }
    SetupScreen.-narrow .seat-head Label.colour { padding: 0 0 0 1; }  /* over the field past its margin */
    SetupScreen.-narrow #buttons { height: 1; margin-top: 0; }
    SetupScreen.-narrow #buttons Button { height: 1; border: none; min-width: 14; }
    SetupScreen.-narrow #diff-text { margin: 0; }
    """
    NARROW = 100  # columns below which the form goes borderless

    def __init__(self) -> None:
        super().__init__()
        self.cat = default_catalog()

    def compose(self) -> ComposeResult:
        cat = self.cat
        with VerticalScroll():
            yield Static("New game — Enter starts · Tab: next field · Space: open a list", id="setup-title")
            with Horizontal(classes="row"):
                yield Label("Factions")
                yield Select([(str(n), n) for n in range(1, 5)], value=2, allow_blank=False, id="count")
                yield Label("Chapters")
                yield Select([(str(n), n) for n in range(2, 5)], value=4, allow_blank=False, id="chapters")
                yield Label("Difficulty")
                yield Select([(d.capitalize(), d) for d in DIFFICULTIES], value="veteran", allow_blank=False,
                             id="difficulty")
            with Horizontal(classes="row"):
                yield Label("Nemesis ties")
                yield Select([("first player decides", False), ("decided for you", True)], value=False,
                             allow_blank=False, id="ties")
                yield Label("Seed")
                seed = getattr(self.app, "setup_seed", None) or random.randrange(1, 1_000_000)
                yield Input(str(seed), id="seed", type="integer")
                yield Button("New seed", id="reseed")
            yield Static("", id="diff-text")
            with Horizontal(classes="seat-head"):
                for label, cls in (("", "seat-num"), ("Faction", "faction"), ("Hero (dice)", "hero"),
                                   ("Played by", "ctl"), ("Name", "name"), ("Colour", "colour")):
                    yield Label(label, classes=cls)
            for i in range(4):
                fac = FACTIONS[i]
                heroes = [(hero_label(h), h.id) for h in cat.heroes.values() if h.faction == fac]
                with Horizontal(classes="row seat", id=f"seat-{i}"):
                    yield Label(f"{i + 1}.", classes="seat-num")
                    yield Select([(cat.factions[f].name, f) for f in FACTIONS], value=fac, allow_blank=False,
                                 id=f"faction-{i}", classes="faction")
                    yield Select(heroes, value=heroes[0][1], allow_blank=False, id=f"hero-{i}", classes="hero")
                    yield Select(CONTROLLERS, value="person" if i == 0 else "heuristic", allow_blank=False,
                                 id=f"ctl-{i}", classes="ctl")
                    yield Input("You" if i == 0 else f"Player {i + 1}", placeholder="name", id=f"name-{i}")
                    yield Select([(c.capitalize(), c) for c in PALETTE], value=FACTION_COLOURS[fac],
                                 allow_blank=False, id=f"colour-{i}", classes="colour")
            yield Static("", id="setup-error")
            yield Static("", id="focus-line")
            with Horizontal(id="buttons"):
                yield Button("Start (Enter)", variant="primary", id="start")
                yield Button("Back (Esc)", id="back")
        yield Footer()

    def on_mount(self) -> None:
        self._fit(self.size.width)
        self._refresh()
        self.query_one("#start", Button).focus()

    def on_resize(self, event) -> None:
        self._fit(event.size.width)

    def _fit(self, width: int) -> None:
        narrow = 0 < width < self.NARROW
        self.set_class(narrow, "-narrow")
        for w in self.query("Select, Input"):
            w.compact = narrow

    # ------------------------------------------------------------ focus and Enter
    def on_descendant_focus(self, event) -> None:
        self._say_focus(event.widget)

    def _say_focus(self, widget) -> None:
        """Say which field has the focus and what its keys do (beside the marked field itself)."""
        SelectOverlay = select_overlay_type()
        while widget is not None and not isinstance(widget, (Select, Input, Button)) and widget is not self:
            if isinstance(widget, SelectOverlay):
                widget = widget.parent
                continue
            widget = widget.parent
        if not isinstance(widget, (Select, Input, Button)):
            return
        what = field_name(widget.id)
        if isinstance(widget, Select):
            how = "Space or ↓ opens the list · Enter starts the game"
        elif isinstance(widget, Input):
            how = "type to change · Enter starts the game"
        else:
            how = "Enter presses it"
        self.query_one("#focus-line", Static).update(f"▶ {what}: {how}")

    def check_action(self, action: str, parameters) -> bool | None:
        """Enter starts the game, except on a button (it presses it) and in an open list (it picks)."""
        if action == "enter_start" and self._enter_is_theirs():
            return False
        return True

    def action_enter_start(self) -> None:
        self.action_start()

    def _enter_is_theirs(self) -> bool:
        focused = self.focused
        if isinstance(focused, Button):
            return True
        for sel in self.query(Select):
            if sel.expanded:
                return True
        return False

    # ------------------------------------------------------------ keeping the form consistent
    def on_select_changed(self, event: Select.Changed) -> None:
        sid = event.select.id or ""
        if sid.startswith("faction-"):
            i = int(sid.split("-")[1])
            fac = event.value
            heroes = [(hero_label(h), h.id) for h in self.cat.heroes.values() if h.faction == fac]
            hero = self.query_one(f"#hero-{i}", Select)
            hero.set_options(heroes)
            hero.value = heroes[0][1]
        self._refresh()

    def on_input_changed(self, event: Input.Changed) -> None:
        self._refresh()

    def _refresh(self) -> None:
        count = self.query_one("#count", Select).value
        for i in range(4):
            self.query_one(f"#seat-{i}").display = i < count
            bot = self.query_one(f"#ctl-{i}", Select).value != "person"
            self.query_one(f"#name-{i}", Input).disabled = bot
        diff = self.query_one("#difficulty", Select).value
        self.query_one("#diff-text", Static).update(Text.assemble(
            (f"{diff.capitalize()}: ", "bold"), DIFFICULTY_TEXT[diff],
            f"\nAdvanced components in this game: {ADVANCED_TEXT[diff]} (they come with the difficulty)."))
        problems = self.problems()
        self.query_one("#setup-error", Static).update("\n".join(problems))
        self.query_one("#start", Button).disabled = bool(problems)

    # ------------------------------------------------------------ reading the form
    def problems(self) -> list[str]:
        out = []
        count = self.query_one("#count", Select).value
        facs = [self.query_one(f"#faction-{i}", Select).value for i in range(count)]
        if len(set(facs)) != len(facs):
            out.append("Each faction can be played only once: pick different factions.")
        seed = self.query_one("#seed", Input).value.strip()
        if not (seed.isascii() and seed.isdigit() and int(seed) < MAX_SEED):
            out.append("The seed is a whole number from 0 to 2**63 - 1.")
        for i in range(count):
            if self.query_one(f"#ctl-{i}", Select).value == "person" and not self.query_one(
                    f"#name-{i}", Input).value.strip():
                out.append(f"Faction {i + 1}: give the person a name.")
            elif self.query_one(f"#ctl-{i}", Select).value == "person" and (problem := name_problem(
                    self.query_one(f"#name-{i}", Input).value.strip())):
                out.append(f"Faction {i + 1}: {problem}.")
        colours = [self.query_one(f"#colour-{i}", Select).value for i in range(count)]
        if len(set(colours)) != len(colours):
            out.append("Two factions share a colour: pick different colours.")
        return out

    def read(self) -> tuple[Setup, list[Seat]]:
        """The Setup and the seats the form describes (ValueError if it has problems)."""
        problems = self.problems()
        if problems:
            raise ValueError(" ".join(problems))
        count = self.query_one("#count", Select).value
        seats, factions, heroes = [], [], []
        for i in range(count):
            fac = self.query_one(f"#faction-{i}", Select).value
            ctl = self.query_one(f"#ctl-{i}", Select).value
            factions.append(fac)
            heroes.append(self.query_one(f"#hero-{i}", Select).value)
            colour = self.query_one(f"#colour-{i}", Select).value
            if ctl == "person":
                seats.append(Seat(fac, self.query_one(f"#name-{i}", Input).value.strip(), None, colour))
            else:
                seats.append(Seat(fac, BOT_LABELS.get(ctl, ctl), ctl, colour))
        setup = Setup(factions=factions, heroes=heroes, chapters=self.query_one("#chapters", Select).value,
                      difficulty=self.query_one("#difficulty", Select).value,
                      seed=int(self.query_one("#seed", Input).value.strip()),
                      auto_ties=self.query_one("#ties", Select).value)
        return setup, seats

    # ------------------------------------------------------------ actions
    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "back":
            self.action_back()
        elif event.button.id == "reseed":
            self.action_reseed()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    def action_start(self) -> None:
        try:
            setup, seats = self.read()
        except ValueError as exc:
            self.notify(str(exc), severity="error", title="Cannot start yet")
            return
        self.app.new_game(setup, seats)

    def action_reseed(self) -> None:
        self.query_one("#seed", Input).value = str(random.randrange(1, 1_000_000))

    def action_back(self) -> None:
        self.app.pop_screen()
