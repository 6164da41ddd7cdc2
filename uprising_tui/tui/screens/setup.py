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
CONTROLLERS = [("Person", "person")] + [(label, bot) for bot, label in BOT_LABELS.items()]


def hero_label(h) -> str:
    """'Yanny R1 U2 W/Y1': the Hero's name and the Hero Dice its attributes give."""
    attrs = [f"{die}{getattr(h, key)}" for key, die in (("might", "R"), ("magic", "P"), ("leadership", "U"),
                                                         ("guile", "W/Y")) if getattr(h, key)]
    return f"{h.name} {' '.join(attrs)}"


class SetupScreen(Screen):
    BINDINGS = [Binding("escape", "back", "Back"), Binding("ctrl+s", "start", "Start"),
                Binding("ctrl+r", "reseed", "New seed")]
    DEFAULT_CSS = """
    SetupScreen { padding: 0 1; }
    SetupScreen #setup-title { text-style: bold; margin: 1 0 0 0; }
    SetupScreen .row { height: 3; }
    SetupScreen .row Label { padding: 1 1 0 0; }
    SetupScreen Select { width: 1fr; min-width: 12; }
    SetupScreen Select > SelectCurrent { padding: 0 1; }
    SetupScreen .seat Select { min-width: 10; }
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
    """

    def __init__(self) -> None:
        super().__init__()
        self.cat = default_catalog()

    def compose(self) -> ComposeResult:
        cat = self.cat
        with VerticalScroll():
            yield Static("New game — Enter starts with what is shown; Tab moves between fields", id="setup-title")
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
                yield Select([("the first player decides", False), ("decided for you", True)], value=False,
                             allow_blank=False, id="ties")
                yield Label("Seed")
                seed = getattr(self.app, "setup_seed", None) or random.randrange(1, 1_000_000)
                yield Input(str(seed), id="seed", type="integer")
                yield Button("New seed", id="reseed")
            yield Static("", id="diff-text")
            with Horizontal(classes="seat-head"):
                for label in ("", "Faction", "Hero (dice)", "Played by", "Name", "Colour"):
                    yield Label(label, classes="seat-num" if not label else "")
            for i in range(4):
                fac = FACTIONS[i]
                heroes = [(hero_label(h), h.id) for h in cat.heroes.values() if h.faction == fac]
                with Horizontal(classes="row seat", id=f"seat-{i}"):
                    yield Label(f"{i + 1}.", classes="seat-num")
                    yield Select([(cat.factions[f].name, f) for f in FACTIONS], value=fac, allow_blank=False,
                                 id=f"faction-{i}")
                    yield Select(heroes, value=heroes[0][1], allow_blank=False, id=f"hero-{i}")
                    yield Select(CONTROLLERS, value="person" if i == 0 else "heuristic", allow_blank=False,
                                 id=f"ctl-{i}")
                    yield Input("You" if i == 0 else f"Player {i + 1}", placeholder="name", id=f"name-{i}")
                    yield Select([(c.capitalize(), c) for c in PALETTE], value=FACTION_COLOURS[fac],
                                 allow_blank=False, id=f"colour-{i}")
            yield Static("", id="setup-error")
            with Horizontal(id="buttons"):
                yield Button("Start (Enter)", variant="primary", id="start")
                yield Button("Back (Esc)", id="back")
        yield Footer()

    def on_mount(self) -> None:
        self._refresh()
        self.query_one("#start", Button).focus()

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
