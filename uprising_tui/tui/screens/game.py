"""The game screen: map and hex details, the player board (or the combat or Nemesis view), the log,
and the decision bar; a header above and the key bindings below.

The screen is the controller's subscriber. Its playback (game_playback.Playback, a helper it owns)
plays each update out; what it asks before acting is in game_questions.py. Panes get each step
through the app's Signal and redraw from it; the layout and the keys that only move the panes
about are the table's (screens/table.py, shared with the game review); this module holds the
play: its keys, the choosing handlers, the odds and the autosave's timing."""
from __future__ import annotations

import asyncio
from functools import partial
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on

from ...engine import IllegalChoice
from ..collector import AFTER_FRAME, FrameCollector
from ..controller import Update
from ..naming import hex_label
from ..pacing import Pacer
from ..widgets.hex_map import HexMap
from ..widgets.card_info import CardInfo, option_card
from ..widgets.decision_bar import DecisionBar
from ..widgets.odds_panel import OddsPanel
from ..widgets.side_strip import SideStrip
from ..widgets.status_bar import StatusBar
from . import game_questions as ask
from .confirm import ConfirmScreen
from .game_advice import AdviceMarks
from .game_keys import GAME_KEYS
from .game_playback import LOSS_KINDS, Playback
from .table import TableScreen

if TYPE_CHECKING:
    from ..controller import GameController


class GameScreen(TableScreen):
    BINDINGS = GAME_KEYS

    def __init__(self, ctl: "GameController", pacing: str = "auto", confirm_losses: bool = True) -> None:
        super().__init__(ctl)
        self.pacer = Pacer(pacing)
        self.confirm_losses = confirm_losses
        self.playback = Playback(self)
        self.advice_marks = AdviceMarks(self)  # "Advice on": the bar marks the advisor's pick
        self.auto_losses: int | None = None  # combat id whose losses the bot picks
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

    @on(DecisionBar.Highlighted)
    def _highlighted(self, msg: DecisionBar.Highlighted) -> None:
        if self.drawn_highlight is not None and self.drawn_highlight == (self.ctl.decision, msg.option):
            self.drawn_highlight = None  # drawn already, with the decision (see Playback.present)
            return
        self.drawn_highlight = None
        self.show_highlight(msg.option)

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

    @on(HexMap.HexSelected)
    def _hex_selected(self, msg) -> None:
        if not self.bar.interactive:
            return
        opt = self.bar.option_for_hex(msg.hex_id)
        if opt is None:
            self.notify(f"{hex_label(self.ctl.cat, self.view, msg.hex_id)}: nothing to choose there now")
            return
        self.bar.select_option(opt.id)

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

    def action_pacing(self) -> None:
        mode = self.pacer.cycle()
        self.query_one(StatusBar).set_pacing(mode)
        self.app.remember_pacing(mode)
        self.notify(f"Pacing: {mode}")

    def set_pacing(self, mode: str) -> None:
        self.pacer.set(mode)
        self.query_one(StatusBar).set_pacing(mode)
        self.app.remember_pacing(mode)

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
