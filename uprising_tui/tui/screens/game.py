"""The game screen: map and hex details, the player board (or the combat or Nemesis view), the log,
and the decision bar; a header above and the key bindings below.

The screen is the controller's subscriber. Its playback (game_playback.Playback, a helper it owns)
plays each update out; what it asks before acting is in game_questions.py. Panes get each step
through the app's Signal and redraw from it; this module holds the layout, the keys and the
choosing handlers."""
from __future__ import annotations

import asyncio
from functools import partial
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen

from ...engine import IllegalChoice
from ..collector import AFTER_FRAME, FrameCollector
from ..controller import Update
from ..event_text import EventText
from ..naming import hex_label
from ..pacing import Pacer
from ..theme import colour_hex
from ..widgets.hex_details import HexDetails
from ..widgets.hex_map import HexMap
from ..widgets.map_pane import MapPane
from ..widgets.key_footer import KeyFooter
from ..widgets.combat_log import CombatLog
from ..widgets.card_info import CardInfo, option_card
from ..widgets.combat_view import CombatPane
from ..widgets.decision_bar import DecisionBar
from ..widgets.nemesis_view import NemesisPane
from ..widgets.odds_panel import OddsPanel
from ..widgets.player_board import PlayerBoard
from ..widgets.side_strip import SideStrip
from ..widgets.status_bar import StatusBar
from ..widgets.text_pane import TextPane
from . import game_questions as ask
from .confirm import ConfirmScreen
from .game_advice import AdviceMarks
from .game_keys import GAME_KEYS
from .game_playback import LOSS_KINDS, Playback

if TYPE_CHECKING:
    from ..controller import GameController


class GameScreen(Screen):
    BINDINGS = GAME_KEYS

    def __init__(self, ctl: "GameController", pacing: str = "auto", confirm_losses: bool = True) -> None:
        super().__init__()
        self.ctl = ctl
        self.colours = {s.faction: s.colour for s in ctl.seats}
        self.pacer = Pacer(pacing)
        self.confirm_losses = confirm_losses
        self.playback = Playback(self)
        self.advice_marks = AdviceMarks(self)  # "Advice on": the bar marks the advisor's pick
        self.side_pinned: str | None = None  # the side pane chosen by hand (None: the screen follows the game)
        self.auto_losses: int | None = None  # combat id whose losses the bot picks
        self.view = ctl.view  # the public view of the step on show
        self._odds_for: tuple | None = None  # (decision, option id) the odds line is for
        self.drawn_highlight: tuple | None = None  # (decision, option) drawn before its Highlighted came
        self.collector = FrameCollector()
        self._frames_up = False  # the first frame is drawn (the collector is held from then on)
        self._after_frame_timer = None
        self.ended = False
        self.leaving = False  # the screen is being left (the title, another game): play stops where it is

    @property
    def driving(self) -> bool:
        """An update is being played out (a step on show, a bot choosing, a hand-over)."""
        return self.playback.driving

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        cat = self.ctl.cat
        piece_colours = {f: colour_hex(c) for f, c in self.colours.items() if c}
        words = EventText(cat, self.colours)  # one wording of each event, for the fight, the Nemesis and the log
        yield StatusBar(cat, self.colours, id="status")
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
                yield DecisionBar(cat, self.colours, id="decision")
                yield OddsPanel(id="odds")
            yield CombatLog(cat, self.colours, words, id="log")
        yield KeyFooter()

    @property
    def bar(self) -> DecisionBar:
        return self.query_one(DecisionBar)

    @property
    def map(self):
        return self.query_one("#map")

    def on_mount(self) -> None:
        self.query_one(StatusBar).pacing = self.pacer.mode
        self.app.game_signal.subscribe(self, self.on_game_update, immediate=True)
        self._fit(self.size.width, self.size.height)
        self.ctl.save_later = True  # each answer's autosave is written just after its frame (_after_frame)
        self._start()  # the panes are mounted (children mount first): fill them before the first layout
        self.call_after_refresh(self._first_frame)

    # ------------------------------------------------------------ the cycle collector (collector.py)
    def _first_frame(self) -> None:
        self.app.started()
        self._frames_up = True
        self.collector.hold()

    def on_screen_resume(self) -> None:
        if self._frames_up:
            self.collector.hold()

    def on_screen_suspend(self) -> None:
        self.ctl.flush_save()
        self.collector.release()

    def on_unmount(self) -> None:
        self.advice_marks.cancel()
        self.ctl.flush_save()
        self.collector.release()

    def frame_drawn(self) -> None:
        """A frame is up: the autosave, the side pages out of view and the collector's pass come a
        moment later (one at a time), while the player reads it, instead of between the answer and
        its frame."""
        if self._after_frame_timer is None:
            self._after_frame_timer = self.set_timer(AFTER_FRAME, self._after_frame)

    def _after_frame(self) -> None:
        self._after_frame_timer = None
        self.ctl.flush_save()
        self.query_one(SideStrip).catch_up()  # the side pages out of view, ready for a switch
        self.collector.after_frame()

    def _start(self) -> None:
        """Show the game as it stands and start driving it. Called from on_mount, not after the first
        refresh: the first frame is laid out and composed once, with the game in it, instead of once
        empty and again full (the panes that draw to their width draw on their first resize)."""
        self.ctl.subscribe(self.playback.enqueue)
        self.playback.enqueue(self.ctl.snapshot())

    def on_resize(self, event) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        self.set_class(width < 110, "-narrow")
        self.set_class(height < 32, "-short")
        self.query_one(MapPane).set_line(width < 110)  # no details pane beside the map: the hex in a line under it
        if self.is_mounted:
            self.call_after_refresh(self._cover_side, self.query_one(CardInfo))  # (the new styles apply first)

    def on_game_update(self, u: Update) -> None:
        """Attributes down: the map and the details panel follow each step."""
        self.view = u.view
        self.map.update_view(u.view)
        cur = getattr(self.map, "cursor", None)
        if cur:
            self.query_one("#details").show(u.view, cur)

    # ------------------------------------------------------------ choosing
    @on(DecisionBar.Chosen)
    def _chosen(self, msg: DecisionBar.Chosen) -> None:
        self.choose(msg.decision, msg.option_id)

    def choose(self, decision, option_id: str) -> None:
        """Answer `decision` with `option_id` (from the bar, the map or the advice), asking first
        where a person could regret it; nothing if the game has moved on from that decision."""
        d = self.ctl.decision
        if d is None or decision is not d or self.driving or not self.bar.interactive:
            return
        try:
            opt = d.get(option_id)
        except IllegalChoice as exc:
            self.notify(str(exc), severity="error")
            return
        question = ask.confirmation(self, d, opt)
        if question is None:
            self.playback.answer(opt.id)
            return

        def answered(yes: bool | None) -> None:
            if yes and self.ctl.decision is d:
                self.playback.answer(opt.id)
        self.app.push_screen(ConfirmScreen(question), answered)

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

    @on(DecisionBar.Highlighted)
    def _highlighted(self, msg: DecisionBar.Highlighted) -> None:
        if self.drawn_highlight is not None and self.drawn_highlight == (self.ctl.decision, msg.option):
            self.drawn_highlight = None  # drawn already, with the decision (see Playback.present)
            return
        self.drawn_highlight = None
        self.show_highlight(msg.option)

    def _cover_side(self, info: CardInfo) -> None:
        """The card is drawn over the foot of the side column, across the hex details and the last
        lines of the side pane above them: the side panes scroll and follow as if that much shorter."""
        covered = 0
        if info.card is not None and info.styles.display != "none":
            details = self.query_one("#details")
            covered = info.styles.height.value - (details.styles.height.value if details.styles.display != "none" else 0)
        for pane in self.query_one("#side").query(TextPane):
            pane.cover(int(covered))

    def show_highlight(self, opt) -> None:
        """The map cursor, the hex details or the card, and the odds follow the option under the
        decision bar's cursor."""
        odds = self.query_one(OddsPanel)
        card = option_card(opt)
        nem = self.view.nemesis(card) if card else None
        info = self.query_one(CardInfo)
        if info.show_card(card, nem.threat if nem else None):
            self._cover_side(info)
        if opt is None:
            odds.clear()
            return
        if opt.hex:
            self.map.cursor = opt.hex
            self.query_one("#details").show(self.view, opt.hex)
        d = self.ctl.decision
        if opt.group == "command" and opt.hex:
            target = "for " + hex_label(self.ctl.cat, self.view, opt.hex)
        elif d is not None and d.kind == "command_units":
            target = f"with “{opt.label}”"  # the force chosen so far, with this pick
        elif d is not None and (opt.id.startswith("quest:") or d.kind in ("guile_dice", "die_colour")):
            target = f"for “{opt.label}”"  # the Quest's chance with these Hero Dice (engine/odds/quest.py)
        else:
            self._odds_for = None
            odds.clear()
            return
        self._odds_for = (d, opt.id)
        odds.working(target)
        self.run_worker(partial(self._work_out_odds, d, opt.id, target), group="odds", exclusive=True)

    async def _work_out_odds(self, d, option_id: str, target: str) -> None:
        """Exact odds can take a moment for a big fight: worked out off the UI thread, after the
        cursor rests, and shown only if the same option is still under it."""
        await asyncio.sleep(0.12)
        if self._odds_for != (d, option_id):
            return
        try:
            result = await asyncio.to_thread(self.ctl.odds, option_id)
        except Exception as exc:  # never let a failed estimate disturb the game
            result, failed = None, exc
        else:
            failed = None
        panels = self.query(OddsPanel)  # none once the screen is going (left, or the app closing)
        if not panels or not self.is_attached:
            return
        if failed is not None:
            panels.first().update(Text(f"Odds {target}: not available ({failed})", style="dim italic"))
        elif self._odds_for == (d, option_id) and self.ctl.decision is d:
            panels.first().show_odds(target, result, True)

    @on(DecisionBar.BackRefused)
    def _back_refused(self) -> None:
        self.notify("There is no way back from this choice here (u undoes an answer).", severity="warning")

    @on(CombatLog.SearchClosed)
    def _search_closed(self) -> None:
        self.bar.query_one("#options").focus()  # (nothing had the focus after Esc: Enter was dead)

    @on(HexMap.CursorMoved)
    def _cursor_moved(self, msg) -> None:
        self.query_one("#details").show(self.view, msg.hex_id)

    @on(HexMap.HexSelected)
    def _hex_selected(self, msg) -> None:
        if not self.bar.interactive:
            return
        opt = self.bar.option_for_hex(msg.hex_id)
        if opt is None:
            self.notify(f"{hex_label(self.ctl.cat, self.view, msg.hex_id)}: nothing to choose there now")
            return
        self.bar.select_option(opt.id)

    # ------------------------------------------------------------ the side column
    def switch_side(self, which: str, by_hand: bool = False) -> None:
        self.query_one("#side", SideStrip).current = which
        if self.has_class("-narrow") and not by_hand and self.side_pinned is None:
            # on a narrow screen a fight takes the map's place; the board and the Nemesis do not
            self.set_class(which == "combat", "-side-open")

    # ------------------------------------------------------------ the keys
    def action_pick(self, n: int) -> None:
        self.bar.action_pick(n)

    def action_advance(self) -> None:
        self.pacer.advance()

    def action_skip(self) -> None:
        if self.map.has_focus:  # map mode: Esc leaves it, back to the decision bar
            self._focus_bar()
        elif self.driving:
            self.pacer.skip()
        elif self.bar.interactive:
            self.bar.action_back()

    def _focus_bar(self) -> None:
        self.bar.query_one("#options").focus()

    def action_pacing(self) -> None:
        mode = self.pacer.cycle()
        self.query_one(StatusBar).set_pacing(mode)
        self.app.remember_pacing(mode)
        self.notify(f"Pacing: {mode}")

    def set_pacing(self, mode: str) -> None:
        self.pacer.set(mode)
        self.query_one(StatusBar).set_pacing(mode)
        self.app.remember_pacing(mode)

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

    def action_bot_answer(self) -> None:
        if not self.driving and self.bar.interactive and self.ctl.decision is not None:
            self.playback.answer(self.ctl.suggest())

    def action_bot_losses(self) -> None:
        if self.view.combat is None:
            self.notify("No fight is under way.")
            return
        self.auto_losses = self.view.combat.id
        self.notify("The bot picks your losses for the rest of this fight.")
        if self.bar.interactive and self.ctl.decision is not None and self.ctl.decision.kind in LOSS_KINDS:
            self.playback.answer(self.ctl.suggest())

    def action_advice(self) -> None:
        """"What would you do?": the advisor's three best options (screens/advice.py)."""
        if self.bar.interactive and self.ctl.decision is not None and not self.driving:
            from .advice import AdviceScreen
            d = self.ctl.decision

            def play(option_id: str | None) -> None:  # Enter or 1-3 on the advice: play it
                if option_id is not None:
                    self.choose(d, option_id)
            self.app.push_screen(AdviceScreen(self.ctl, self.app.advice_budget), play)
        else:
            self.notify("The advisor answers when it is your turn to choose.")

    def action_undo(self) -> None:
        ask.undo(self)

    def action_undo_to(self) -> None:
        ask.undo_to(self)

    def action_save_as(self) -> None:
        ask.save_as(self)

    def action_help(self) -> None:
        self.app.action_help()

    def action_cards(self) -> None:
        from .cards import CardsScreen
        d = self.bar.decision
        choosing = [c for c in (option_card(o) for o in d.options) if c] if d is not None else []
        self.app.push_screen(CardsScreen(self.ctl.cat, self.view, option_card(self.bar.highlighted_option), choosing))

    def action_end_summary(self) -> None:
        if self.ctl.finished:
            self.app.show_end(self.ctl)

    def action_leave(self) -> None:
        ask.leave(self)
