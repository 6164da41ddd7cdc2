"""The end of the game: the verdict, every side's final VP, VP per Chapter as a plot, and the
game in figures (fights, losses, Quests, Havens, Threat)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..naming import name
from ..stats import game_stats
from ..theme import side_style
from ..widgets.vp_chart import VPChart

if TYPE_CHECKING:
    from ..controller import GameController


# the Scoring terms (ScoreTerm.term) as the end screen's rows
TERM_ROWS = {"garrison_hexes": "Garrison hexes", "legions": "Legions", "curses": "Curses", "hordes": "Hordes",
             "graveyard": "Graveyards", "havens": "Havens", "haven_vp": "Hex VP", "bought": "Bought VP"}


SHORT = 30  # lines: below this the VP plot gives way to the tables


class EndScreen(Screen):
    BINDINGS = [Binding("escape,g", "back", "Back to the board"), Binding("r", "review", "Review"),
                Binding("n", "new", "New game"),
                Binding("t", "title", "Title"), Binding("q", "quit", "Quit")]
    DEFAULT_CSS = """
    EndScreen { padding: 0 1; }
    EndScreen #verdict { height: auto; text-align: center; text-style: bold; padding: 1; border: double $accent; }
    EndScreen #end-body { height: 1fr; }
    EndScreen VPChart { width: 1fr; height: 1fr; min-height: 8; }
    EndScreen #figures { width: 72; height: 1fr; overflow-y: auto; }
    EndScreen.-narrow #end-body { layout: vertical; }
    EndScreen.-narrow #figures { width: 1fr; }
    EndScreen.-short VPChart { display: none; }
    EndScreen.-short #verdict { padding: 0 1; }
    """

    def __init__(self, ctl: "GameController") -> None:
        super().__init__()
        self.ctl = ctl
        self.colours = {s.faction: s.colour for s in ctl.seats}
        self.stats = game_stats(ctl.events, ctl.cat, ctl.setup.factions)

    def compose(self) -> ComposeResult:
        view, cat, st = self.ctl.view, self.ctl.cat, self.stats
        players = [p.faction for p in view.players]
        won = bool(view.verdict) and "players win" in view.verdict
        verdict = Text(("VICTORY — " if won else "DEFEAT — ") + (view.verdict or "the game is over"),
                       style="bold green" if won else "bold red")
        verdict.append("\nFinal VP: ")
        for s in players + ["empire", "chaos"]:
            vp = st.final_vp.get(s, 0)
            verdict.append(name(cat, s), style=side_style(s, self.colours))
            verdict.append(f" {vp}   ")
        yield Static(verdict, id="verdict")
        with Horizontal(id="end-body"):
            yield VPChart(cat, st.vp_by_chapter, self.colours, id="vp-chart")
            with Vertical(id="figures"):
                yield Static(self.scoring(), id="scoring-table")
                yield Static(self.figures(), id="figures-table")
        yield Footer()

    def on_resize(self, event) -> None:
        self.set_class(event.size.width < 100, "-narrow")
        # too short for a plot (80x24 leaves it three rows, where four lines hide each other):
        # the figures' "VP, Chapter N" rows say the same
        self.set_class(event.size.height < SHORT, "-short")

    def scoring(self) -> Table:
        """Where every side's VP came from: each Scoring term's VP over the game, the VP from
        everything else, and the total (the rows add up to it)."""
        cat, st = self.ctl.cat, self.stats
        t = Table(title="Where the VP came from: Scoring, term by term, then the rest", expand=True,
                  header_style="bold", caption="Other VP: pieces destroyed in fights, Quests, cards")
        t.add_column("", no_wrap=True)
        for s in st.sides:
            label = name(cat, s)
            t.add_column(Text(label, style=side_style(s, self.colours)), justify="right",
                         min_width=max(len(w) for w in label.split()))
        for term, label in TERM_ROWS.items():
            if any(st.counted.get(s, {}).get(term) for s in st.sides):
                t.add_row(label, *[str(st.scored[s][term]) if st.counted.get(s, {}).get(term) else ""
                                   for s in st.sides])
        t.add_row("Other VP", *[str(st.other_vp(s)) for s in st.sides])
        t.add_row(Text("Total", style="bold"), *[Text(str(st.final_vp.get(s, 0)), style="bold") for s in st.sides])
        return t

    def figures(self) -> Table:
        cat, st = self.ctl.cat, self.stats
        t = Table(title="The game in figures", expand=True, header_style="bold")
        t.add_column("", no_wrap=True)
        sides = st.sides
        for s in sides:
            label = name(cat, s)
            t.add_column(Text(label, style=side_style(s, self.colours)), justify="right",
                         min_width=max(len(w) for w in label.split()))  # a name wraps between words, never in one
        rows = [("Fights", "fights"), ("  won", "won"), ("  lost", "lost"), ("Units lost", "units_lost"),
                ("Quests solved", "quests_solved"), ("Quests failed", "quests_failed"),
                ("Havens built", "havens_built"), ("Havens lost", "havens_lost")]
        for label, key in rows:
            cells = []
            for s in sides:
                v = getattr(st.per_side[s], key)
                player_only = key in ("units_lost", "quests_solved", "quests_failed", "havens_built", "havens_lost")
                cells.append("" if player_only and s in ("empire", "chaos") else str(v))
            t.add_row(label, *cells)
        for i in range(len(st.vp_by_chapter[sides[0]])):
            t.add_row(f"VP, Chapter {i + 1}", *[str(st.vp_by_chapter[s][i]) for s in sides])
        for i in range(len(st.threat_by_chapter["empire"])):
            t.add_row(f"Threat, Chapter {i + 1}", *([""] * (len(sides) - 2)),
                      str(st.threat_by_chapter["empire"][i]), str(st.threat_by_chapter["chaos"][i]))
        return t

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_review(self) -> None:
        """The game review: every answer with the strong bot's chance to win after it (screens/review.py)."""
        self.app.show_review(self.ctl)

    def action_new(self) -> None:
        from .setup import SetupScreen
        self.app.to_title()
        self.app.push_screen(SetupScreen())

    def action_title(self) -> None:
        self.app.to_title()

    def action_quit(self) -> None:
        self.app.exit()
