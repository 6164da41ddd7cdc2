"""The game screen's key actions: pacing, the side panes, the log, bot answers, undo, save, cards,
help and leaving. A mixin of GameScreen."""
from __future__ import annotations

from ...engine import IllegalChoice
from ..widgets.card_info import option_card
from ..widgets.combat_log import CombatLog
from ..widgets.combat_view import CombatPane
from ..widgets.player_board import PlayerBoard
from ..widgets.status_bar import StatusBar
from .confirm import ConfirmScreen
from .game_driver import LOSS_KINDS


class GameActions:
    """The game screen's key bindings' actions (mixed into GameScreen, whose state and panes they use)."""

    def action_pick(self, n: int) -> None:
        self.bar.action_pick(n)

    def action_advance(self) -> None:
        self.pacer.advance()

    def action_skip(self) -> None:
        if self.map.has_focus:  # map mode: Esc leaves it, back to the decision bar
            self._focus_bar()
            return
        if self._driving:
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
            self._side_pinned = None
            return
        if self._side_pinned == which:
            self._side_pinned = None  # a second press lets the screen choose again
        else:
            self._side_pinned = which
        self._switch_side(which, by_hand=True)
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
        self._switch_side("board")
        self.query_one(PlayerBoard).cycle(step)

    def action_follow(self) -> None:
        self.query_one(PlayerBoard).follow()

    def action_fight(self, step: int) -> None:
        self._switch_side("combat")
        self.query_one(CombatPane).browse(step)

    def action_bot_answer(self) -> None:
        if self._driving or not self.bar.interactive or self.ctl.decision is None:
            return
        self._answer(self.ctl.suggest())

    def action_bot_losses(self) -> None:
        if self._view.combat is None:
            self.notify("No fight is under way.")
            return
        self._auto_losses = self._view.combat.id
        self.notify("The bot picks your losses for the rest of this fight.")
        if self.bar.interactive and self.ctl.decision is not None and self.ctl.decision.kind in LOSS_KINDS:
            self._answer(self.ctl.suggest())

    def action_undo(self) -> None:
        try:
            plan = self.ctl.undo_plan()
        except IllegalChoice as exc:
            self.notify(str(exc), severity="warning")
            return
        self._confirm_undo(plan)

    def action_undo_to(self) -> None:
        """Pick a phase start or a turn to go back to."""
        from .undo_to import UndoToScreen
        cps = self.ctl.checkpoints()
        if not cps:
            self.notify("There is nothing to go back to yet.", severity="warning")
            return

        def picked(keep: int | None) -> None:
            if keep is not None:
                self._confirm_undo(self.ctl.plan_to(keep))
        self.app.push_screen(UndoToScreen(cps, self.ctl.answers), picked)

    def _confirm_undo(self, plan) -> None:
        warn = []
        if plan.rolled:
            warn.append("dice were rolled since then")
        if plan.revealed:
            warn.append("hidden things were revealed since then (tiles, cards)")
        q = f"Take back {plan.count} answer(s), back to {plan.label}?"
        if warn:
            q += "\nCareful: " + " and ".join(warn) + "."

        def done(yes: bool | None) -> None:
            if yes:
                self._auto_losses = None
                self._last_person = None if len(self.ctl.people) > 1 else self._last_person
                self.ctl.undo(plan)
                self.notify(f"Took back {plan.count} answer(s).")
        self.app.push_screen(ConfirmScreen(q, yes="Undo", no="Keep playing"), done)

    def action_save_as(self) -> None:
        from .save_as import SaveAsScreen

        def done(save_name: str | None) -> None:
            if save_name:
                try:
                    path = self.ctl.save_as(save_name)
                except (OSError, ValueError) as exc:
                    self.notify(f"Could not save: {exc}", severity="error")
                    return
                self.notify(f"Saved as {path}")
        self.app.push_screen(SaveAsScreen(f"game-{self.ctl.setup.seed}"), done)

    def action_help(self) -> None:
        self.app.action_help()

    def action_cards(self) -> None:
        from .cards import CardsScreen
        d = self.bar.decision
        choosing = [c for c in (option_card(o) for o in d.options) if c] if d is not None else []
        self.app.push_screen(CardsScreen(self.ctl.cat, self._view, option_card(self.bar.highlighted_option), choosing))

    def action_end_summary(self) -> None:
        if self.ctl.finished:
            self.app.show_end(self.ctl)

    def action_leave(self) -> None:
        def done(yes: bool | None) -> None:
            if yes:
                self.app.to_title()
        self.app.push_screen(ConfirmScreen("Leave to the title screen? The game is saved (Continue resumes it).",
                                           yes="Leave", no="Stay"), done)
