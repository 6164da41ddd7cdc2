"""The game screen: map and hex details, the player board (or the combat or Nemesis view), the log,
and the decision bar; a header above and the key bindings below.

The screen is the controller's subscriber. A driver (a Textual worker) plays each update out:
it cuts what an answer set off into steps and paces them (step / auto / instant), lets bot
seats answer, shows the hot-seat "pass to" moment, and then hands the decision bar to the person
who must answer. Panes get each step through the app's Signal and redraw from it."""
from __future__ import annotations

import asyncio
from collections import deque
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import ContentSwitcher, Footer

from ...engine import EngineError, IllegalChoice
from ..adapters import odds_available
from ..controller import Update
from ..naming import hex_label, name, phase_name
from ..pacing import Pacer
from ..playback import caption, hexes_of, is_nemesis, split
from ..theme import colour_hex
from ..widgets.hex_details import HexDetails
from ..widgets.hex_map import HexMap
from ..widgets.combat_log import CombatLog
from ..widgets.card_info import CardInfo, option_card
from ..widgets.combat_view import CombatPane
from ..widgets.decision_bar import DecisionBar
from ..widgets.nemesis_view import NemesisPane
from ..widgets.odds_panel import OddsPanel
from ..widgets.player_board import PlayerBoard
from ..widgets.status_bar import StatusBar
from .confirm import ConfirmScreen
from .pass_device import PassDeviceScreen

if TYPE_CHECKING:
    from ..controller import GameController

LOSS_KINDS = ("assign_damage", "destroy_choice")
NEMESIS_DECISIONS = ("nemesis_tie", "nemesis_move", "skeleton_order", "retarget")
COMBAT_EVENTS = frozenset({"CombatStarted", "CombatRolled", "CombatTally", "CombatEnded", "GodpowerUsed"})


class GameScreen(Screen):
    BINDINGS = [
        Binding("space", "advance", "Next step", show=False),
        Binding("escape", "skip", "Skip", show=False),
        Binding("a", "pacing", "Pacing", show=False),
        Binding("u", "undo", "Undo"),
        Binding("U", "undo_to", "Undo to…", show=False),
        Binding("s", "save_as", "Save"),
        Binding("b", "side('board')", "Board"),
        Binding("c", "side('combat')", "Fight"),
        Binding("n", "side('nemesis')", "Nemesis", show=False),
        Binding("m", "focus_map", "Map", show=False),
        Binding("k", "cards", "Cards"),
        Binding("l", "toggle_log", "Log", show=False),
        Binding("f", "log_filter", "Log filter", show=False),
        Binding("slash", "log_search", "Search log", show=False),
        Binding("left_square_bracket", "board(-1)", "Board ◀", show=False),
        Binding("right_square_bracket", "board(1)", "Board ▶", show=False),
        Binding("equals_sign", "follow", "Follow the actor", show=False),
        Binding("comma", "fight(-1)", "Earlier fight", show=False),
        Binding("full_stop", "fight(1)", "Later fight", show=False),
        Binding("x", "bot_answer", "Bot answers", show=False),
        Binding("X", "bot_losses", "Bot picks losses", show=False),
        Binding("question_mark,f1", "help", "Help"),
        Binding("e", "end_summary", "Summary", show=False),
        Binding("q", "leave", "Title"),
    ] + [Binding(str(n), f"pick({n})", show=False) for n in range(10)]

    def __init__(self, ctl: "GameController", pacing: str = "auto", confirm_losses: bool = True) -> None:
        super().__init__()
        self.ctl = ctl
        self.colours = {s.faction: s.colour for s in ctl.seats}
        self.pacer = Pacer(pacing)
        self.confirm_losses = confirm_losses
        self._queue: deque[Update] = deque()
        self._driving = False
        self._gen = 0
        self._last_person: str | None = None
        self._side_pinned: str | None = None
        self._auto_losses: int | None = None  # combat id whose losses the bot picks
        self._view = ctl.view
        self._odds_for: tuple | None = None  # (decision, option id) the odds line is for
        self._presented_at = 0  # events seen when a person was last asked
        self.ended = False

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        cat = self.ctl.cat
        piece_colours = {f: colour_hex(c) for f, c in self.colours.items() if c}
        yield StatusBar(cat, self.colours, id="status")
        with Horizontal(id="body"):
            with Vertical(id="map-col"):
                yield HexMap(cat, faction_colours=piece_colours, id="map")
            with Vertical(id="side-col"):
                with ContentSwitcher(initial="board", id="side"):
                    yield PlayerBoard(cat, self.colours, self.ctl.seats, id="board")
                    yield CombatPane(cat, self.colours, id="combat")
                    yield NemesisPane(cat, self.colours, id="nemesis")
                yield HexDetails(cat, faction_colours=piece_colours, id="details")
                yield CardInfo(cat, id="card-info")
        with Horizontal(id="bottom"):
            with Vertical(id="decision-col"):
                yield DecisionBar(cat, self.colours, id="decision")
                yield OddsPanel(id="odds")
            yield CombatLog(cat, self.colours, id="log")
        yield Footer()

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
        self.call_after_refresh(self._start)

    def _start(self) -> None:
        """Once every pane is mounted: show the game as it stands and start driving it."""
        self.ctl.subscribe(self._enqueue)
        self._enqueue(self.ctl.snapshot())

    def on_resize(self, event) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        self.set_class(width < 110, "-narrow")
        self.set_class(height < 32, "-short")

    # ------------------------------------------------------------ the driver
    def _enqueue(self, u: Update) -> None:
        if u.reset:
            self._gen += 1
            self._queue.clear()
        self._queue.append(u)
        if not self._driving:
            self._driving = True
            self.run_worker(self._drive(), group="drive", exit_on_error=True)

    async def _drive(self) -> None:
        try:
            while True:
                if self._queue:
                    await self._play(self._queue.popleft())
                    continue
                d = self.ctl.decision
                if d is None:
                    self._finish()
                    return
                seat = self.ctl.actor_seat()
                if seat is not None and seat.is_bot:
                    self.bar.wait(f"{seat.name} — {name(self.ctl.cat, seat.faction)}", Text(d.prompt, style="italic"),
                                  Text(f"A bot is choosing · pacing {self.pacer.mode} · Space: next · a: pacing · "
                                       "Esc: run to the next person", style="dim"))
                    await self.pacer.wait()
                    if not self._queue and self.ctl.is_bot_turn():
                        self._answer_safely(self.ctl.bot_choice(), seat)
                    continue
                if d.kind in LOSS_KINDS and self._auto_losses is not None and self._view.combat is not None \
                        and self._view.combat.id == self._auto_losses:
                    self._answer_safely(self.ctl.suggest(), seat)
                    continue
                person = seat.name if seat is not None else d.actor
                if len(self.ctl.people) > 1 and person != self._last_person:
                    await self.app.push_screen_wait(PassDeviceScreen(
                        person, name(self.ctl.cat, d.actor), phase_name(self._view.phase) + " Phase"))
                    self._last_person = person
                    continue
                self._last_person = person
                with self.app.batch_update():
                    self._present()
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
                self._show_step(step, i + 1, len(steps), lit, cursor)
                await self.pacer.wait()

    def _publish(self, u: Update) -> None:
        """Every pane takes the update at once (the subscriptions are immediate), drawn in one go."""
        with self.app.batch_update():
            self.app.game_signal.publish(u)

    def _show_step(self, step, i: int, n: int, lit, cursor) -> None:
        cat = self.ctl.cat
        text = caption(step, cat, lambda h: hex_label(cat, self._view, h))
        if not text.plain:
            text = Text(self.query_one(CombatLog).render_event.plain(step[0]))
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

    def on_game_update(self, u: Update) -> None:
        """Attributes down: the map and the details panel follow each step."""
        self._view = u.view
        self.map.update_view(u.view)
        cur = getattr(self.map, "cursor", None)
        if cur:
            self.query_one("#details").show(u.view, cur)

    def _present(self) -> None:
        d = self.ctl.decision
        self.pacer.release()
        costs = {o.id: self.ctl.cost_text(o) for o in d.options}
        self.bar.show(d, self.ctl.grouped_options(), costs, self.ctl.actor_seat())
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
        if self.ctl.save_error:
            self.notify(self.ctl.save_error, severity="error")

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

    # ------------------------------------------------------------ choosing
    @on(DecisionBar.Chosen)
    def _chosen(self, msg: DecisionBar.Chosen) -> None:
        d = self.ctl.decision
        if d is None or msg.decision is not d or self._driving or not self.bar.interactive:
            return
        try:
            opt = d.get(msg.option_id)
        except IllegalChoice as exc:
            self.notify(str(exc), severity="error")
            return
        question = self._confirmation(d, opt)
        if question is None:
            self._answer(opt.id)
            return

        def answered(yes: bool | None) -> None:
            if yes and self.ctl.decision is d:
                self._answer(opt.id)
        self.app.push_screen(ConfirmScreen(question), answered)

    def _confirmation(self, d, opt) -> str | None:
        """The question to ask before an irreversible step, or None."""
        if d.kind == "turn" and opt.id == "end":
            p = self._view.player(d.actor)
            if p.ap > 0:
                return f"End your turn with {p.ap} AP left? You keep them for your next turn this Chapter."
        if d.kind in LOSS_KINDS and self.confirm_losses:
            return f"Lose {opt.label}? (x lets the bot choose; turn these questions off in the command palette)"
        return None

    def _answer(self, option_id: str) -> None:
        seat = self.ctl.actor_seat()
        self.query_one(OddsPanel).clear()
        if not self._answer_safely(option_id, seat):
            self._present()

    @on(DecisionBar.GroupShown)
    def _group_shown(self, msg: DecisionBar.GroupShown) -> None:
        self.map.highlights = msg.hexes

    @on(DecisionBar.Highlighted)
    def _highlighted(self, msg: DecisionBar.Highlighted) -> None:
        opt = msg.option
        odds = self.query_one(OddsPanel)
        card = option_card(opt)
        nem = self._view.nemesis(card) if card else None
        self.query_one(CardInfo).show_card(card, nem.threat if nem else None)
        self.set_class(card is not None, "-card")
        if opt is None:
            odds.clear()
            return
        if opt.hex:
            self.map.cursor = opt.hex
            self.query_one("#details").show(self._view, opt.hex)
        d = self.ctl.decision
        if opt.id.startswith("command:"):
            target = "for " + hex_label(self.ctl.cat, self._view, opt.hex or opt.id.split(":", 1)[1])
        elif d is not None and d.kind == "command_units":
            target = f"with “{opt.label}”"  # the force chosen so far, with this pick
        else:
            self._odds_for = None
            odds.clear()
            return
        if not odds_available():
            odds.show_odds(target, None, False)
            return
        self._odds_for = (d, opt.id)
        odds.working(target)
        self.run_worker(self._work_out_odds(d, opt.id, target), group="odds", exclusive=True)

    async def _work_out_odds(self, d, option_id: str, target: str) -> None:
        """Exact odds can take a moment for a big fight: worked out off the UI thread, after the
        cursor rests, and shown only if the same option is still under it."""
        await asyncio.sleep(0.12)
        if self._odds_for != (d, option_id):
            return
        try:
            result = await asyncio.to_thread(self.ctl.odds, option_id)
        except Exception as exc:  # never let a failed estimate disturb the game
            self.query_one(OddsPanel).update(Text(f"Odds {target}: not available ({exc})", style="dim italic"))
            return
        if self._odds_for == (d, option_id) and self.ctl.decision is d:
            self.query_one(OddsPanel).show_odds(target, result, True)

    @on(DecisionBar.BackRefused)
    def _back_refused(self) -> None:
        self.notify("There is no way back from this choice here (u undoes an answer).", severity="warning")

    @on(HexMap.CursorMoved)
    def _cursor_moved(self, msg) -> None:
        self.query_one("#details").show(self._view, msg.hex_id)

    @on(HexMap.HexSelected)
    def _hex_selected(self, msg) -> None:
        if not self.bar.interactive:
            return
        opt = self.bar.option_for_hex(msg.hex_id)
        if opt is None:
            self.notify(f"{hex_label(self.ctl.cat, self._view, msg.hex_id)}: nothing to choose there now")
            return
        self.bar.select_option(opt.id)

    # ------------------------------------------------------------ actions
    def action_pick(self, n: int) -> None:
        self.bar.action_pick(n)

    def action_advance(self) -> None:
        self.pacer.advance()

    def action_skip(self) -> None:
        if self._driving:
            self.pacer.skip()
        elif self.bar.interactive:
            self.bar.action_back()

    def action_pacing(self) -> None:
        mode = self.pacer.cycle()
        self.query_one(StatusBar).set_pacing(mode)
        self.notify(f"Pacing: {mode}")

    def set_pacing(self, mode: str) -> None:
        self.pacer.set(mode)
        self.query_one(StatusBar).set_pacing(mode)

    def action_side(self, which: str) -> None:
        if self._side_pinned == which:
            self._side_pinned = None  # a second press lets the screen choose again
        else:
            self._side_pinned = which
        self._switch_side(which, by_hand=True)
        self.add_class("-side-open")

    def _switch_side(self, which: str, by_hand: bool = False) -> None:
        self.query_one("#side", ContentSwitcher).current = which
        if self.has_class("-narrow") and not by_hand and self._side_pinned is None:
            # on a narrow screen a fight takes the map's place; the board and the Nemesis do not
            self.set_class(which == "combat", "-side-open")

    def action_focus_map(self) -> None:
        self.remove_class("-side-open")
        self.map.focus()

    def action_toggle_log(self) -> None:
        self.toggle_class("-log-open")

    def action_log_filter(self) -> None:
        self.notify(f"Log shows: {self.query_one(CombatLog).cycle_filter()}")

    def action_log_search(self) -> None:
        self.add_class("-log-open")
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
