"""The game screen's playback: it plays each controller update out — cuts what an answer set off
into steps and paces them (step / auto / instant), lets bot seats answer, shows the hot-seat "pass
to" moment, and then hands the decision bar to the person who must answer. A plain helper the
screen owns (`GameScreen.playback`); it holds the queue of updates and who was last asked, and
works the screen's panes through the screen."""
from __future__ import annotations

import asyncio
from collections import deque
from typing import TYPE_CHECKING

from rich.text import Text

from ...engine import EngineError, IllegalChoice
from ..controller import Update
from ..naming import hex_label, name, phase_name
from ..playback import caption, hexes_of, is_nemesis, own_steps, split
from ..textual_adapter import flush_refreshes
from ..widgets.combat_log import CombatLog
from ..widgets.decision_bar import option_hexes
from ..widgets.odds_panel import OddsPanel
from .pass_device import PassDeviceScreen, since_last_turn

if TYPE_CHECKING:
    from textual.screen import Screen as GameScreen  # (the game screen, screens/game.py: not imported, no loop)

LOSS_KINDS = ("assign_damage", "destroy_choice")
NEMESIS_DECISIONS = ("nemesis_tie", "nemesis_move", "skeleton_order", "retarget")
COMBAT_EVENTS = frozenset({"CombatStarted", "CombatRolled", "CombatTally", "CombatEnded", "GodpowerUsed"})
SEARCHING_BOTS = frozenset({"strong"})  # bots that think for a while (up to 2 s a Decision): off the screen's loop


class Playback:
    """The queue of updates, the bots' turns, and presenting a decision, for one game screen."""

    def __init__(self, screen: "GameScreen") -> None:
        self.screen = screen
        self.queue: deque[Update] = deque()
        self.driving = False  # a worker is playing the queue out (or waiting on a step, a bot, a hand-over)
        self._gen = 0  # bumped by a reset (a load, an undo): steps of an update before it stop
        self._last_person: str | None = None  # the person last asked (a hand-over when another comes)
        self._seen_at: dict[str, int] = {}  # person -> events when last asked
        self._presented_at = 0  # events seen when a person was last asked
        self._told_save_error: str | None = None  # the autosave failure last said
        self.thinking = False  # a searching bot is choosing in a thread (undo waits for it)

    def forget_person(self) -> None:
        """After an undo in a hot-seat game: the next person is handed the device again."""
        if len(self.screen.ctl.people) > 1:
            self._last_person = None

    def enqueue(self, u: Update) -> None:
        if u.reset:
            self._gen += 1
            self.queue.clear()
        self.queue.append(u)
        if not self.driving:
            self.driving = True
            self.screen.run_worker(self.drive, group="drive", exit_on_error=True)

    def gone(self) -> bool:
        """Left, or being taken down (the app closing takes the panes first): nothing more is played
        or answered, and no pane is looked for."""
        s = self.screen
        # a screen being taken down no longer displays (Textual marks it and every pane at once, then
        # removes the panes one by one): a pane still found may be the last one left
        return s.leaving or not s.is_attached or not s.display or not s.query("DecisionBar") or not s.bar.complete

    async def drive(self) -> None:
        s = self.screen
        ctl = s.ctl
        try:
            while not self.gone():
                if self.queue:
                    await self.play(self.queue.popleft())
                    continue
                d = ctl.decision
                if d is None:
                    self.finish()
                    return
                seat = ctl.actor_seat()
                if seat is not None and seat.is_bot:
                    s.show_highlight(None)  # the card and odds of a person's last choice are not the bot's
                    s.bar.wait(f"{seat.name} — {name(ctl.cat, seat.faction)}", Text(d.prompt, style="italic"),
                               Text(f"A bot is choosing · pacing {s.pacer.mode} · Space: next · a: pacing · "
                                    "Esc: run to the next person", style="dim"))
                    await s.pacer.wait()
                    if not self.queue and ctl.is_bot_turn() and not self.gone():
                        await self.bot_turn(seat)
                    continue
                if d.kind in LOSS_KINDS and s.auto_losses is not None and s.view.combat is not None \
                        and s.view.combat.id == s.auto_losses:
                    self.answer_safely(ctl.suggest(), seat)
                    continue
                person = seat.name if seat is not None else d.actor
                seen_at = self._seen_at
                if len(ctl.people) > 1 and person != self._last_person:
                    since = since_last_turn(ctl.cat, ctl.events[seen_at[person]:], d.actor,
                                            s.query_one(CombatLog).render_event, s.colours) \
                        if person in seen_at else None
                    await s.app.push_screen_wait(PassDeviceScreen(
                        person, name(ctl.cat, d.actor), phase_name(s.view.phase) + " Phase", since))
                    self._last_person = person
                    continue
                self._last_person = person
                seen_at[person] = len(ctl.events)
                with s.app.batch_update():
                    self.present()
                flush_refreshes(s)
                s.call_after_refresh(s.frame_drawn)
                return
        finally:
            self.driving = False

    async def bot_turn(self, seat) -> None:
        """The bot at `seat` answers. A searching bot thinks in a thread, so the screen keeps drawing
        and taking keys meanwhile (the search holds the GIL between switches: keys come slower, not
        never); undo waits until it has answered, and an answer the game has moved past is dropped."""
        ctl = self.screen.ctl
        if seat.bot.partition(":")[0] not in SEARCHING_BOTS:
            self.answer_safely(ctl.bot_choice(), seat)
            return
        at = ctl.answers
        self.thinking = True
        try:
            choice = await asyncio.to_thread(ctl.bot_choice)
        finally:
            self.thinking = False
        if self.screen.ctl is ctl and ctl.answers == at and ctl.is_bot_turn() and not self.gone():
            self.answer_safely(choice, seat)

    async def play(self, u: Update) -> None:
        s = self.screen
        gen = self._gen
        steps = split(u.events)
        if u.reset or len(steps) <= 1 or s.pacer.mode == "instant" or s.pacer.skipping:
            self.publish(u)
            return
        start = len(s.ctl.events) - len(u.events) - sum(len(q.events) for q in self.queue)
        done = start
        own = own_steps(steps, u.by.faction) if u.by is not None and not u.by.is_bot else 0
        for i, step in enumerate(steps):
            if gen != self._gen:
                return
            done += len(step)
            last = i == len(steps) - 1
            view = u.view if last else (s.ctl.keeper.view_after(s.ctl.events[:done]) or u.view)
            frame = Update(tuple(step), view, u.decision if last else None, False,
                           u.actor if last else None, u.by)
            self.publish(frame)
            if not last:
                lit, cursor = hexes_of(step)
                if self.show_step(step, i + 1, len(steps), lit, cursor):
                    await s.pacer.wait(own=i < own)
                    if self.gone():
                        return

    def publish(self, u: Update) -> None:
        """Every pane takes the update at once (the subscriptions are immediate), drawn in one go."""
        s = self.screen
        s.collector.check()  # bots playing on with no frame for a person: the young generation stays small
        with s.app.batch_update():
            s.app.game_signal.publish(u)
        flush_refreshes(s)
        s.call_after_refresh(s.frame_drawn)  # the autosave and the collector, a moment after this frame is up

    def show_step(self, step, i: int, n: int, lit, cursor) -> bool:
        """Show a step while it waits its turn; False for a step with nothing to show (only events
        the log keeps silent, such as a turn's end): it is not waited on."""
        s = self.screen
        cat = s.ctl.cat
        s.show_highlight(None)  # no choice on show: no card over the side column, no odds
        text = caption(step, cat, lambda h: hex_label(cat, s.view, h), s.ctl.setup.auto_ties)
        if not text.plain.strip():
            words = s.query_one(CombatLog).render_event
            line = next((t for t in (words(ev) for ev in step) if t.plain.strip()), None)
            if line is None:
                return False
            text = line
        hint = Text(f"Step {i} of {n} · pacing {s.pacer.mode} · Space: next · a: pacing · Esc: skip to the end",
                    style="dim")
        s.bar.wait("What happens", text, hint)
        s.map.highlights = lit
        if cursor:
            s.map.cursor = cursor
        if s.side_pinned is None:
            if any(ev.event_type in COMBAT_EVENTS for ev in step):
                s.switch_side("combat")
            elif is_nemesis(step):
                s.switch_side("nemesis")
        return True

    def present(self) -> None:
        s = self.screen
        d = s.ctl.decision
        s.pacer.release()
        costs = {o.id: s.ctl.cost_text(o) for o in d.options}
        s.bar.show(d, s.ctl.grouped_options(), costs, s.ctl.actor_seat())
        # what follows the bar's cursor is drawn now, in the same frame as the panes, not when the bar's
        # messages come round (by then Textual may have laid out and composed the screen once already)
        group = s.bar.groups[s.bar.group_index][1] if s.bar.groups else []
        s.map.highlights = option_hexes(group)
        opt = s.bar.highlighted_option
        s.show_highlight(opt)
        s.drawn_highlight = (d, opt)
        since = s.ctl.events[self._presented_at:]
        self._presented_at = len(s.ctl.events)
        me = (d.actor, name(s.ctl.cat, d.actor))  # sides are ids (or, in older events, names)
        fought = any(ev.event_type == "CombatStarted" and (ev.side_a in me or ev.side_b in me) for ev in since)
        if s.side_pinned is None:
            if s.view.combat is not None or fought:  # a fight under way, or this player's last one
                s.switch_side("combat")
            elif s.view.phase == "nemesis" or d.kind in NEMESIS_DECISIONS:
                s.switch_side("nemesis")
            else:
                s.switch_side("board")
        if s.ctl.save_error and s.ctl.save_error != self._told_save_error:
            self._told_save_error = s.ctl.save_error  # said once, not at every decision
            s.notify(s.ctl.save_error, severity="error", timeout=10)
        elif not s.ctl.save_error:
            self._told_save_error = None
        s.advice_marks.ask(d)  # ("Advice on": the bar marks the advisor's pick when it comes)

    def finish(self) -> None:
        s = self.screen
        s.bar.wait("Game over", Text(s.view.verdict or "The game is over", style="bold"),
                   Text("e: the summary · u: undo · q: the title screen", style="dim"))
        if not s.ended:
            s.ended = True
            s.app.show_end(s.ctl)

    def answer_safely(self, option_id: str, seat) -> bool:
        s = self.screen
        try:
            s.ctl.answer(option_id, by=seat)
        except IllegalChoice as exc:
            s.notify(str(exc), severity="error", title="Not allowed")
            return False
        except EngineError as exc:
            s.notify(str(exc), severity="error", title="Rules error", timeout=15)
            return False
        return True

    def answer(self, option_id: str) -> None:
        s = self.screen
        seat = s.ctl.actor_seat()
        s.query_one(OddsPanel).clear()
        if not self.answer_safely(option_id, seat):
            self.present()
