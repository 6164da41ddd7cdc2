"""The game's panes laid out, for the screens that show a game on them: the game screen (play,
screens/game.py) and the game review (screens/review.py, a past position of a game). The status
bar; the map with its hex details; the side column (the player board, the fight, the Nemesis)
with the card under the cursor over its foot; the decision bar with what comes under it; the log;
the keys. The layout is in app.tcss (`TableScreen ...`: both screens), and here the keys that
only move the panes about (the side column, the log, the map's helpers), the same on both."""
from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen

from ..event_text import EventText
from ..theme import colour_hex
from ..widgets.card_info import CardInfo
from ..widgets.combat_log import CombatLog
from ..widgets.combat_view import CombatPane
from ..widgets.decision_bar import DecisionBar
from ..widgets.hex_details import HexDetails
from ..widgets.hex_map import HexMap
from ..widgets.key_footer import KeyFooter
from ..widgets.map_pane import MapPane
from ..widgets.nemesis_view import NemesisPane
from ..widgets.odds_panel import OddsPanel
from ..widgets.player_board import PlayerBoard
from ..widgets.side_strip import SideStrip
from ..widgets.status_bar import StatusBar
from ..widgets.text_pane import TextPane

if TYPE_CHECKING:
    from ..controller import GameController


class TableScreen(Screen):
    BAR = DecisionBar  # the decision bar's kind (the review's marks the answer given)

    def __init__(self, ctl: "GameController") -> None:
        super().__init__()
        self.ctl = ctl
        self.colours = {s.faction: s.colour for s in ctl.seats}
        self.side_pinned: str | None = None  # the side pane chosen by hand (None: the screen follows the game)
        self.view = ctl.view  # the public view of the step on show

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        cat = self.ctl.cat
        piece_colours = {f: colour_hex(c) for f, c in self.colours.items() if c}
        words = EventText(cat, self.colours)  # one wording of each event, for the fight, the Nemesis and the log
        yield StatusBar(cat, self.colours, id="status")
        yield from self.under_status()
        with Horizontal(id="body"):
            yield MapPane(cat, faction_colours=piece_colours, id="map-pane")
            with Vertical(id="side-col"):
                # the card first: drawn on a layer of its own over the foot of the column, it comes and
                # goes without moving the others' place in the paint order (Textual counts each widget's
                # place from the last placed; with the card last, every pane's place shifted, and the
                # whole column was repainted each time a card came or went)
                yield CardInfo(cat, id="card-info")
                with SideStrip(initial="board", id="side"):
                    yield PlayerBoard(cat, self.colours, self.ctl.seats, id="board")
                    yield CombatPane(cat, self.colours, words, id="combat")
                    yield NemesisPane(cat, self.colours, words, id="nemesis")
                yield HexDetails(cat, faction_colours=piece_colours, id="details")
        with Horizontal(id="bottom"):
            with Vertical(id="decision-col"):
                yield self.BAR(cat, self.colours, id="decision")
                yield from self.under_bar()
            yield CombatLog(cat, self.colours, words, id="log")
        yield KeyFooter()

    @property
    def bar(self) -> DecisionBar:
        return self.query_one(DecisionBar)

    @property
    def map(self):
        return self.query_one("#map")

    def under_status(self) -> ComposeResult:
        """What comes between the status bar and the map (the review's header)."""
        yield from ()

    def under_bar(self) -> ComposeResult:
        """What comes under the decision bar (the game's odds, the review's costly answers)."""
        yield OddsPanel(id="odds")

    def on_resize(self, event) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        self.set_class(width < 110, "-narrow")
        self.set_class(height < 32, "-short")
        self.query_one(MapPane).set_line(width < 110)  # no details pane beside the map: the hex in a line under it
        if self.is_mounted:
            self.call_after_refresh(self._cover_side, self.query_one(CardInfo))  # (the new styles apply first)

    # ------------------------------------------------------------ the map's helpers (widgets/map_pane.py)
    def action_legend(self) -> None:
        self.query_one(MapPane).toggle_legend()

    def action_hex_info(self) -> None:
        self.query_one(MapPane).toggle_details()

    def action_zoom(self, step: int) -> None:
        self.map.action_zoom(step)

    def action_full_odds(self) -> None:
        self.query_one(OddsPanel).toggle_full()

    @on(DecisionBar.GroupShown)
    def _group_shown(self, msg: DecisionBar.GroupShown) -> None:
        self.map.highlights = msg.hexes

    def _cover_side(self, info: CardInfo) -> None:
        """The card is drawn over the foot of the side column, across the hex details and the last
        lines of the side pane above them: the side panes scroll and follow as if that much shorter."""
        covered = 0
        if info.card is not None and info.styles.display != "none":
            details = self.query_one("#details")
            covered = info.styles.height.value - (details.styles.height.value if details.styles.display != "none" else 0)
        for pane in self.query_one("#side").query(TextPane):
            pane.cover(int(covered))

    @on(CombatLog.SearchClosed)
    def _search_closed(self) -> None:
        self.bar.query_one("#options").focus()  # (nothing had the focus after Esc: Enter was dead)

    @on(HexMap.CursorMoved)
    def _cursor_moved(self, msg) -> None:
        self.query_one("#details").show(self.view, msg.hex_id)

    # ------------------------------------------------------------ the side column
    def switch_side(self, which: str, by_hand: bool = False) -> None:
        self.query_one("#side", SideStrip).current = which
        if self.has_class("-narrow") and not by_hand and self.side_pinned is None:
            # on a narrow screen a fight takes the map's place; the board and the Nemesis do not
            self.set_class(which == "combat", "-side-open")

    def _focus_bar(self) -> None:
        self.bar.query_one("#options").focus()

    def action_side(self, which: str) -> None:
        narrow = self.has_class("-narrow")
        if narrow and self.has_class("-side-open") and not self.has_class("-log-open") \
                and self.query_one("#side").current == which:
            # on a narrow screen the pane is in the map's place: the same key again brings the map back
            self.remove_class("-side-open")
            self.side_pinned = None
            return
        self.side_pinned = None if self.side_pinned == which else which  # a second press: the screen chooses again
        self.switch_side(which, by_hand=True)
        self.add_class("-side-open")
        if narrow:
            self.remove_class("-log-open")
            if self.map.has_focus:  # the map is out of sight: keys go to the decision bar
                self._focus_bar()

    def action_focus_map(self) -> None:
        self.remove_class("-side-open", "-log-open")
        self.map.focus()

    def action_toggle_log(self) -> None:
        """The log: on a narrow screen in the map's place (the decision bar stays); l again, b/c/n or
        m bring back what was there."""
        self.toggle_class("-log-open")
        if self.has_class("-narrow") and self.has_class("-log-open") and self.map.has_focus:
            self._focus_bar()

    def action_log_filter(self) -> None:
        self.notify(f"Log shows: {self.query_one(CombatLog).cycle_filter()}")

    def action_log_search(self) -> None:
        self.add_class("-log-open")  # (on a narrow screen in the map's place)
        self.query_one(CombatLog).open_search()

    def action_board(self, step: int) -> None:
        self.switch_side("board")
        self.query_one(PlayerBoard).cycle(step)

    def action_follow(self) -> None:
        self.query_one(PlayerBoard).follow()

    def action_fight(self, step: int) -> None:
        self.switch_side("combat")
        self.query_one(CombatPane).browse(step)
