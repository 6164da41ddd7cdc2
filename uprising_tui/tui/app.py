"""The Textual application: screens, the game Signal panes subscribe to, game commands in the
command palette, and `make_app`, the one factory the command line and the tests use."""
from __future__ import annotations

import asyncio
import gc
import sys
from functools import partial
from pathlib import Path
from typing import Callable, Iterable

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen
from textual.signal import Signal

from ..engine import SaveError, Setup
from .textual_adapter import UncaughtHook  # (first: Textual's bugs the client meets, mended on import)
from .controller import GameController, Seat, default_seats
from .saves import GameInUse, SaveStore

LIGHT_THEME = "textual-light"
DARK_THEME = "textual-dark"


class UprisingApp(UncaughtHook, App):
    CSS_PATH = "app.tcss"
    TITLE = "Uprising"
    SUB_TITLE = "Curse of the Last Emperor"
    BINDINGS = [Binding("ctrl+t", "toggle_theme", "Light/dark", show=False)]
    NOTIFICATION_TIMEOUT = 4  # seconds a toast stays (errors say how long they need)
    # No text selection by mouse drag inside the app (the terminal's own, with Shift, still works):
    # Textual 8.2 starts a selection from the widget under a click even when that widget has just
    # been taken off the screen (the help's text after a search, a toast that has gone) and fails
    # there (found by the monkey: tests/tui/test_monkey_finds.py). The game has no use for it.
    ALLOW_SELECT = False

    def __init__(self, *, store: SaveStore | None = None, opener: Callable[[], GameController] | None = None,
                 pacing: str | None = None, light: bool = False, confirm_losses: bool = True,
                 preload: bool = True) -> None:
        super().__init__()
        from .settings import Settings
        self.store = store if store is not None else SaveStore()
        self.settings = Settings(self.store.dir)
        self.game_signal: Signal = Signal(self, "game")
        self.pacing_asked = pacing  # the command line's --pacing: it has the last word until changed in a game
        self.confirm_losses = confirm_losses
        self._opener = opener
        self._preload = preload
        self.light = light
        self.controller: GameController | None = None
        self.setup_seed: int | None = None  # the seed Setup offers (random when None)
        self._toasts_up: dict[tuple, float] = {}  # (message, title, severity) -> when its toast goes

    # ------------------------------------------------------------ start
    _gc_paused = False  # the collector paused by run() until the first frame
    _frozen = False  # (per process) start-up's objects moved out of the collector's way

    def run(self, *args, **kw):
        """Start-up allocates much and frees little (the catalog, the game, the widgets): Python's
        collector would walk it all again and again. It is paused until the first screen is drawn
        (`started`), and on in any case once the app has stopped."""
        self._gc_paused = gc.isenabled()
        if self._gc_paused:
            gc.disable()
        try:
            return super().run(*args, **kw)
        finally:
            if self._gc_paused:
                self._gc_paused = False
                gc.enable()
            if self.crash_line:  # after the terminal is given back: one line, unwrapped
                print(self.crash_line, file=sys.stderr)

    def started(self) -> None:
        """The first title or game frame is up: the collector runs again, and the objects start-up
        made are moved out of its way (`gc.freeze`, once per process) so that a full collection
        during play walks only what play has made (one walked them all: tens of ms in a redraw)."""
        if self._gc_paused:
            self._gc_paused = False
            gc.enable()
        if not UprisingApp._frozen:
            UprisingApp._frozen = True
            gc.freeze()

    def on_mount(self) -> None:
        self.theme = LIGHT_THEME if self.light else DARK_THEME
        if self.settings.problem:
            self.notify(self.settings.problem, severity="warning", timeout=8)
        if self._opener is not None:  # straight into a game: the title screen comes only if asked for
            self.run_worker(partial(self._open, self._opener), group="open", exclusive=True)
            return
        from .screens.title import TitleScreen
        self.push_screen(TitleScreen())
        if self._preload:
            self.run_worker(self._load_catalog, thread=True, group="catalog")

    @staticmethod
    def _load_catalog() -> None:
        from ..content.loader import default_catalog
        default_catalog()

    async def _open(self, opener: Callable[[], GameController]) -> None:
        """Make the game off the UI thread (catalog, replay), then show it."""
        try:
            ctl = await asyncio.to_thread(opener)
        except GameInUse as exc:  # another window plays it: say so, offer a copy
            from .screens.load import offer_copy
            offer_copy(self, exc)
            return
        except (SaveError, ValueError, OSError) as exc:
            self.notify(str(exc), title="Cannot open the game", severity="error", timeout=20)
            return
        if self.review_on_open:
            self.open_review(ctl)
        else:
            self.open_game(ctl)

    review_on_open = False  # make_app(review=...): the game opened is reviewed, not played
    review_budget = None  # what the review spends per searched answer (None: review.REVIEW_BUDGET)
    review_samples = 4  # rollouts that judge the chance after a roll or a reveal

    _advisor = None  # the link to the advisor's worker process, started by the first question
    advice_budget = None  # what a question may spend (None: the advisor's hint budget)

    def advisor(self):
        """The link to the advisor's worker (advisor_link.py), started on the first question and
        kept for the next (the worker keeps its copy of the game: a new question replays only the
        answers since the last)."""
        if self._advisor is None or not self._advisor.alive:
            from .advisor_link import AdvisorLink
            self._advisor = AdvisorLink(self.advisor_process())
        return self._advisor

    def advisor_process(self):
        from ..bots.strong.worker import AdvisorProcess
        from .textual_adapter import real_stderr
        with real_stderr():  # (the process-starting machinery needs a real stderr)
            return AdvisorProcess()

    def exit(self, result=None, return_code: int = 0, message=None) -> None:
        if self._advisor is not None:
            advisor, self._advisor = self._advisor, None
            advisor.close()
        super().exit(result, return_code, message)
        from .quit_guard import arm
        arm(self)  # the process ends even if the shutdown stalls (issue 20)

    # ------------------------------------------------------------ toasts
    def notify(self, message: str, *, title: str = "", severity="information", timeout: float | None = None,
               markup: bool = True) -> None:
        """Textual's, with two differences: the message is plain text (it may carry a save's name or
        an error's words: never read as markup, which a stray '[' would break), and a message still on
        show is not raised again (a second copy stacked a toast over the log and kept it up)."""
        import time
        now = time.monotonic()
        key = (str(message), title, severity)
        shown = self._toasts_up
        for k in [k for k, until in shown.items() if until <= now]:
            del shown[k]
        if key in shown:
            return
        shown[key] = now + (timeout if timeout is not None else self.NOTIFICATION_TIMEOUT)
        super().notify(str(message), title=title, severity=severity, timeout=timeout, markup=False)

    # ------------------------------------------------------------ a crash (crash.py)
    crash_report: Path | None = None  # where the report of the first failure went
    crash_line: str | None = None  # what the terminal is told of it

    def uncaught(self, error: Exception) -> None:
        """An exception nothing caught: the game is saved, a report is written beside the saves, the
        app exits with status 1 (textual_adapter.UncaughtHook) and the terminal gets one line saying
        where the report is (Textual's own handler prints the whole traceback, with every local)."""
        from . import crash
        if self.crash_line is None:  # the first failure (the report is of it)
            self.crash_line = crash.handle(self, error)

    # ------------------------------------------------------------ screens
    def _leave_game(self) -> None:
        """The game on screen stops playing (its bots and steps) before its screen goes."""
        from .screens.game import GameScreen
        if self.controller is not None:
            self.controller.listeners.clear()
        for s in self.screen_stack:
            if isinstance(s, GameScreen):
                s.leaving = True
                s.pacer.advance()  # a step waiting for its time or a key ends now (and plays nothing more)

    def open_game(self, ctl: GameController) -> None:
        from .screens.game import GameScreen
        self._leave_game()
        while len(self.screen_stack) > 1:  # the game replaces whatever was on show
            self.pop_screen()
        self.controller = ctl
        ctl.pacing = self.pacing_for(ctl)  # (kept with the game's next save)
        self.push_screen(GameScreen(ctl, pacing=ctl.pacing, confirm_losses=self.confirm_losses))

    def pacing_for(self, ctl: GameController) -> str:
        """The pacing a game opens at: the command line's, else the one it was saved with, else the
        last one chosen (the settings), else auto."""
        return self.pacing_asked or ctl.pacing or self.settings.pacing or "auto"

    def remember_pacing(self, mode: str) -> None:
        """A pacing chosen in a game: kept with the game's saves and in the settings, for the next."""
        self.pacing_asked = None
        if self.controller is not None:
            self.controller.pacing = mode
            self.controller.autosave()
        problem = self.settings.set_pacing(mode)
        if problem:
            self.notify(problem, severity="warning")

    def new_game(self, setup: Setup, seats: Iterable[Seat]) -> None:
        seats = list(seats)
        self.run_worker(partial(self._open, lambda: GameController.new(setup, seats, self.store)), group="open",
                        exclusive=True)

    def load_game(self, path: str | Path) -> None:
        self.run_worker(partial(self._open, lambda: GameController.load(path, self.store)), group="open", exclusive=True)

    def to_title(self) -> None:
        from .screens.title import TitleScreen
        self._leave_game()
        self.store.release()  # no game open: its autosave slot is free for another window
        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()
        if isinstance(self.screen, TitleScreen):
            self.screen.refresh_menu()
        else:
            self.push_screen(TitleScreen())

    def show_end(self, ctl: GameController) -> None:
        from .screens.end import EndScreen
        self.push_screen(EndScreen(ctl))

    def show_review(self, ctl: GameController) -> None:
        """The game review (screens/review.py) over the screen on show; Esc comes back to it."""
        from .screens.review import ReviewScreen
        self.push_screen(ReviewScreen(ctl, self.review_budget, self.review_samples))

    def open_review(self, ctl: GameController) -> None:
        """The review as the app's screen (`uprising review SAVE --screen`): Esc ends the app."""
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.show_review(ctl)

    def action_help(self) -> None:
        from .screens.help import HelpScreen
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_toggle_theme(self) -> None:
        self.theme = DARK_THEME if self.theme == LIGHT_THEME else LIGHT_THEME

    # ------------------------------------------------------------ screenshots
    screenshots_dir: Path | None = None  # --screenshots DIR; else a folder in the saves folder

    def screenshot_folder(self) -> Path:
        return Path(self.screenshots_dir) if self.screenshots_dir is not None else self.store.dir / "screenshots"

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        """Save an SVG of the screen into the screenshots folder (made if missing) and say where.
        (Textual's own saved into a Downloads folder that may not exist, and said only that it
        failed.) In a browser (uprising serve) the browser is handed the file, as Textual does."""
        if self.is_web:
            self.deliver_screenshot(filename, path)
            return
        folder = Path(path) if path else self.screenshot_folder()
        try:
            folder.mkdir(parents=True, exist_ok=True)
            saved = self.save_screenshot(filename, str(folder))
        except OSError as exc:
            self.notify(f"Could not save the screenshot in {folder}: {exc.strerror or exc}", title="Screenshot",
                        severity="error")
            return
        self.notify(f"Saved {saved}", title="Screenshot")

    # ------------------------------------------------------------ command palette
    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            if command.title == "Screenshot":  # ours: into the screenshots folder, saying where
                command = SystemCommand("Screenshot", f"Save an SVG of the screen in {self.screenshot_folder()}",
                                        lambda: self.set_timer(0.1, self.action_screenshot))
            yield command
        yield SystemCommand("How to play", "The rules in short, and every key", self.action_help)
        yield SystemCommand("Light or dark", "Switch between the light and the dark theme", self.action_toggle_theme)
        from .screens.game import GameScreen
        if not isinstance(screen, GameScreen):
            return
        g = screen
        yield SystemCommand("Cards on the table", "Read every card in play, on offer or in hand", g.action_cards)
        yield SystemCommand("Undo", "Take back answers, to before the last one a person gave", g.action_undo)
        yield SystemCommand("Undo to a phase or a turn…", "Go back to the start of a phase or an Actions turn",
                            g.action_undo_to)
        yield SystemCommand("Save as…", "Keep this game under a name", g.action_save_as)
        yield SystemCommand("Pacing: step", "Wait for Space before each bot move and Nemesis step",
                            lambda: g.set_pacing("step"))
        yield SystemCommand("Pacing: auto", "Show bot moves and Nemesis steps at a steady pace",
                            lambda: g.set_pacing("auto"))
        yield SystemCommand("Pacing: instant", "Show bot moves and Nemesis steps at once",
                            lambda: g.set_pacing("instant"))
        yield SystemCommand("Show the player board", "Resources, Hero, Havens, Units, cards", lambda: g.action_side("board"))
        yield SystemCommand("Show the fight", "The combat view: dice, hits, losses", lambda: g.action_side("combat"))
        yield SystemCommand("Show the Nemesis", "Each Legion and Horde move and why", lambda: g.action_side("nemesis"))
        yield SystemCommand("Log: next filter", "All, combat, Nemesis, actions, economy", g.action_log_filter)
        yield SystemCommand("Log: search", "Find a word in the log", g.action_log_search)
        yield SystemCommand("What would you do?", "The advisor's three best options: the chance to win, the VP "
                            "margin and why (w)", g.action_advice)
        advice = "off" if self.settings.advice else "on"
        yield SystemCommand(f"Advice: turn {advice}", "Mark the advisor's pick on the decision bar as you play",
                            lambda: g.notify(f"Advice {'on' if g.advice_marks.toggle() else 'off'}"))
        yield SystemCommand("Bot answers this", "Let the heuristic bot answer the pending decision", g.action_bot_answer)
        yield SystemCommand("Bot picks my losses", "For the rest of this fight", g.action_bot_losses)
        toggle = "off" if g.confirm_losses else "on"
        yield SystemCommand(f"Confirm losses: turn {toggle}", "Ask before each Unit lost in a fight",
                            lambda: setattr(g, "confirm_losses", not g.confirm_losses))
        yield SystemCommand("Leave to the title", "The game stays saved", g.action_leave)


def make_app(*, setup: Setup | None = None, seats: Iterable[Seat] | None = None, load: str | Path | None = None,
             data_dir: str | Path | None = None, pacing: str | None = None, light: bool = False,
             confirm_losses: bool = True, autosave: bool = True, preload: bool = True,
             opener: Callable[[], GameController] | None = None,
             screenshots: str | Path | None = None, review: str | Path | None = None,
             review_budget=None, review_samples: int = 4, catalog=None) -> UprisingApp:
    """The app for the command line and the tests: the title screen, or straight into a new game
    (`setup`, `seats`), a saved one (`load`) or one already made (`opener`, called off the UI
    thread). `data_dir` overrides where saves go, `screenshots` where the palette's Screenshot does
    (else a `screenshots` folder among the saves). `review` opens that save (or, with `opener`,
    the game it makes) on the game review instead (nothing saved: no autosave slot taken), which
    spends `review_budget` (bots/strong/search.Budget; None: the review's own) and
    `review_samples`; `catalog` is the content a save is read with (None: the default)."""
    store = SaveStore(data_dir) if data_dir is not None else SaveStore()
    if setup is not None:
        seat_list = list(seats) if seats is not None else default_seats(setup.factions)
        opener = lambda: GameController.new(setup, seat_list, store, autosave=autosave)  # noqa: E731
    elif load is not None:
        opener = lambda: GameController.load(load, store, autosave=autosave)  # noqa: E731
    elif review is not None and opener is None:
        opener = lambda: GameController.load(review, None, catalog, autosave=False)  # noqa: E731
    app = UprisingApp(store=store, opener=opener, pacing=pacing, light=light, confirm_losses=confirm_losses,
                      preload=preload)
    if review is not None:
        app.review_on_open = True
        app.review_budget, app.review_samples = review_budget, review_samples
    if screenshots is not None:
        app.screenshots_dir = Path(screenshots)
    return app
