"""The game screen's driver: it plays each controller update out — cuts what an answer set off into
steps and paces them (step / auto / instant), lets bot seats answer, shows the hot-seat "pass to"
moment, and then hands the decision bar to the person who must answer. A mixin of GameScreen."""
from __future__ import annotations

from rich.text import Text

from ...engine import EngineError, IllegalChoice
from ..controller import Update
from ..naming import hex_label, name, phase_name
from ..textual_adapter import flush_refreshes
from ..playback import caption, hexes_of, is_nemesis, own_steps, split
from ..widgets.combat_log import CombatLog
from ..widgets.decision_bar import option_hexes
from ..widgets.odds_panel import OddsPanel
from ..widgets.side_strip import SideStrip
from .pass_device import PassDeviceScreen, since_last_turn

LOSS_KINDS = ("assign_damage", "destroy_choice")
NEMESIS_DECISIONS = ("nemesis_tie", "nemesis_move", "skeleton_order", "retarget")
COMBAT_EVENTS = frozenset({"CombatStarted", "CombatRolled", "CombatTally", "CombatEnded", "GodpowerUsed"})


class GameDriver:
    """Playback and pacing of the game screen: the queue of updates, the bots' turns, and presenting
    a decision (mixed into GameScreen, whose state and panes it uses)."""

    _told_save_error: str | None = None  # the autosave failure last said

    def _enqueue(self, u: Update) -> None:
        if u.reset:
            self._gen += 1
            self._queue.clear()
        self._queue.append(u)
        if not self._driving:
            self._driving = True
            self.run_worker(self._drive(), group="drive", exit_on_error=True)

    leaving = False  # the screen is being left (the title, another game): play stops where it is

    def _gone(self) -> bool:
        """Left, or being taken down (the app closing takes the panes first): nothing more is played
        or answered, and no pane is looked for."""
        return self.leaving or not self.is_attached or not self.query("DecisionBar")

    async def _drive(self) -> None:
        try:
            while not self._gone():
                if self._queue:
                    await self._play(self._queue.popleft())
                    continue
                d = self.ctl.decision
                if d is None:
                    self._finish()
                    return
                seat = self.ctl.actor_seat()
                if seat is not None and seat.is_bot:
                    self.show_highlight(None)  # the card and odds of a person's last choice are not the bot's
                    self.bar.wait(f"{seat.name} — {name(self.ctl.cat, seat.faction)}", Text(d.prompt, style="italic"),
                                  Text(f"A bot is choosing · pacing {self.pacer.mode} · Space: next · a: pacing · "
                                       "Esc: run to the next person", style="dim"))
                    await self.pacer.wait()
                    if not self._queue and self.ctl.is_bot_turn() and not self._gone():
                        self._answer_safely(self.ctl.bot_choice(), seat)
                    continue
                if d.kind in LOSS_KINDS and self._auto_losses is not None and self._view.combat is not None \
                        and self._view.combat.id == self._auto_losses:
                    self._answer_safely(self.ctl.suggest(), seat)
                    continue
                person = seat.name if seat is not None else d.actor
                seen_at = self.__dict__.setdefault("_seen_at", {})  # person -> events when last asked
                if len(self.ctl.people) > 1 and person != self._last_person:
                    since = since_last_turn(self.ctl.cat, self.ctl.events[seen_at[person]:], d.actor,
                                            self.query_one(CombatLog).render_event, self.colours) \
                        if person in seen_at else None
                    await self.app.push_screen_wait(PassDeviceScreen(
                        person, name(self.ctl.cat, d.actor), phase_name(self._view.phase) + " Phase", since))
                    self._last_person = person
                    continue
                self._last_person = person
                seen_at[person] = len(self.ctl.events)
                with self.app.batch_update():
                    self._present()
                self._flush_refreshes()
                self.call_after_refresh(self._frame_drawn)
                return
        finally:
            self._driving = False

    async def _play(self, u: Update) -> None:
        gen = self._gen
        steps = split(u.events)
        if u.reset or len(steps) <= 1 or self.pacer.mode == "instant" or self.pacer.skipping:
            self._publish(u)
            return
        start = len(self.ctl.events) - len(u.events) - sum(len(q.events) for q in self._queue)
        done = start
        own = own_steps(steps, u.by.faction) if u.by is not None and not u.by.is_bot else 0
        for i, step in enumerate(steps):
            if gen != self._gen:
                return
            done += len(step)
            last = i == len(steps) - 1
            view = u.view if last else (self.ctl.keeper.view_after(self.ctl.events[:done]) or u.view)
            frame = Update(tuple(step), view, u.decision if last else None, False,
                           u.actor if last else None, u.by)
            self._publish(frame)
            if not last:
                lit, cursor = hexes_of(step)
                if self._show_step(step, i + 1, len(steps), lit, cursor):
                    await self.pacer.wait(own=i < own)
                    if self._gone():
                        return

    def _publish(self, u: Update) -> None:
        """Every pane takes the update at once (the subscriptions are immediate), drawn in one go."""
        self.collector.check()  # bots playing on with no frame for a person: the young generation stays small
        with self.app.batch_update():
            self.app.game_signal.publish(u)
        self._flush_refreshes()
        self.call_after_refresh(self._frame_drawn)  # the autosave and the collector, a moment after this frame is up

    def _flush_refreshes(self) -> None:
        """All of an answer's changes into one frame (textual_adapter.flush_refreshes)."""
        flush_refreshes(self)

    def _show_step(self, step, i: int, n: int, lit, cursor) -> bool:
        """Show a step while it waits its turn; False for a step with nothing to show (only events
        the log keeps silent, such as a turn's end): it is not waited on."""
        cat = self.ctl.cat
        self.show_highlight(None)  # no choice on show: no card over the side column, no odds
        text = caption(step, cat, lambda h: hex_label(cat, self._view, h), self.ctl.setup.auto_ties)
        if not text.plain.strip():
            words = self.query_one(CombatLog).render_event
            line = next((t for t in (words(ev) for ev in step) if t.plain.strip()), None)
            if line is None:
                return False
            text = line
        hint = Text(f"Step {i} of {n} · pacing {self.pacer.mode} · Space: next · a: pacing · Esc: skip to the end",
                    style="dim")
        self.bar.wait("What happens", text, hint)
        self.map.highlights = lit
        if cursor:
            self.map.cursor = cursor
        if self._side_pinned is None:
            if any(ev.event_type in COMBAT_EVENTS for ev in step):
                self._switch_side("combat")
            elif is_nemesis(step):
                self._switch_side("nemesis")
        return True

    def _present(self) -> None:
        d = self.ctl.decision
        self.pacer.release()
        costs = {o.id: self.ctl.cost_text(o) for o in d.options}
        self.bar.show(d, self.ctl.grouped_options(), costs, self.ctl.actor_seat())
        # what follows the bar's cursor is drawn now, in the same frame as the panes, not when the bar's
        # messages come round (by then Textual may have laid out and composed the screen once already)
        group = self.bar.groups[self.bar.group_index][1] if self.bar.groups else []
        self.map.highlights = option_hexes(group)
        opt = self.bar.highlighted_option
        self.show_highlight(opt)
        self._drawn_highlight = (d, opt)
        since = self.ctl.events[self._presented_at:]
        self._presented_at = len(self.ctl.events)
        me = (d.actor, name(self.ctl.cat, d.actor))  # sides are ids (or, in older events, names)
        fought = any(ev.event_type == "CombatStarted" and (ev.side_a in me or ev.side_b in me) for ev in since)
        if self._side_pinned is None:
            if self._view.combat is not None or fought:  # a fight under way, or this player's last one
                self._switch_side("combat")
            elif self._view.phase == "nemesis" or d.kind in NEMESIS_DECISIONS:
                self._switch_side("nemesis")
            else:
                self._switch_side("board")
        if self.ctl.save_error and self.ctl.save_error != self._told_save_error:
            self._told_save_error = self.ctl.save_error  # said once, not at every decision
            self.notify(self.ctl.save_error, severity="error", timeout=10)
        elif not self.ctl.save_error:
            self._told_save_error = None

    def _finish(self) -> None:
        self.bar.wait("Game over", Text(self._view.verdict or "The game is over", style="bold"),
                      Text("e: the summary · u: undo · q: the title screen", style="dim"))
        if not self.ended:
            self.ended = True
            self.app.show_end(self.ctl)

    def _answer_safely(self, option_id: str, seat) -> bool:
        try:
            self.ctl.answer(option_id, by=seat)
        except IllegalChoice as exc:
            self.notify(str(exc), severity="error", title="Not allowed")
            return False
        except EngineError as exc:
            self.notify(str(exc), severity="error", title="Rules error", timeout=15)
            return False
        return True

    def _answer(self, option_id: str) -> None:
        seat = self.ctl.actor_seat()
        self.query_one(OddsPanel).clear()
        if not self._answer_safely(option_id, seat):
            self._present()

    def _switch_side(self, which: str, by_hand: bool = False) -> None:
        self.query_one("#side", SideStrip).current = which
        if self.has_class("-narrow") and not by_hand and self._side_pinned is None:
            # on a narrow screen a fight takes the map's place; the board and the Nemesis do not
            self.set_class(which == "combat", "-side-open")
