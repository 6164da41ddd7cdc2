"""A seeded monkey for the client: random keys and clicks into seeded games, checked after each.

One run is one seed. The seed picks the terminal size (60x20, 80x24, 120x40, 200x60), 1-4
factions, who plays them (people, bots, hot-seat), the pacing and where the run starts (the
title screen, a new game, a game part-played, near its end, or over). Then, key after key, the monkey
presses what the screen on show offers (its bindings), any of the generic keys (digits, arrows,
Enter, Esc, Tab, Space, letters), clicks on the map and on the options, and now and then the
keys that answer what a bot would, so the game moves on through every phase to its end.

After every key: no exception reached the app, no client module read the raw game state (the
guard of raw_state_guard.py), the client came to rest, and the decision bar shows a decision
the pending one, or says why not (on the game review: the answered one, the answer marked). At the end the autosave loads to the same game. A failure
carries the seed and the last keys, and `run_seed(seed, keys)` replays it exactly
(tools/monkey.py prints the command).
"""
from __future__ import annotations

import asyncio
import random
import tempfile
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from uprising_tui.bots.strong.search import Budget
from uprising_tui.engine import Setup
from uprising_tui.engine.savefile import read_save
from uprising_tui.tui.app import make_app
from uprising_tui.tui.controller import GameController, Seat
from uprising_tui.tui.saves import SaveStore
from uprising_tui.tui.screens.game import GameScreen
from uprising_tui.tui.screens.pass_device import PassDeviceScreen
from uprising_tui.tui.screenshots import advance

from .monkey_checks import BoardLag, MonkeyFailure, _game, check, rest
from .raw_state_guard import install

SIZES = ((60, 20), (80, 24), (120, 40), (200, 60))
FACTIONS = ("druwhn", "duerkhar", "krowh", "mohyar")
NAMES = ("Ann", "Bo", "Cy", "Di")
STARTS = ("title", "new", "new", "mid", "late", "end")
PACINGS = ("step", "instant", "instant", "auto")
GENERIC = (tuple("0123456789") + ("up", "down", "left", "right", "enter", "enter", "escape", "tab", "shift+tab",
                                  "space", "backspace", "home", "end", "pageup", "pagedown")
           + tuple("abcdefghijklmnopqrstuvwxyz") + ("U", "X", "question_mark", "slash", "plus", "minus",
                                                   "comma", "full_stop", "left_square_bracket",
                                                   "right_square_bracket", "equals_sign", "ctrl+p", "f1"))
LAG_FRAMES = 5  # frames the board may lag behind a key on a loaded machine before it counts as wrong
REVIEW_BUDGET = Budget(rollouts=2, width=2, horizon="chapter")
NEVER = frozenset({"ctrl+q", "ctrl+c", "ctrl+z", "ctrl+backslash"})  # quit or suspend the process itself


@dataclass
class Spec:
    """What one run plays: everything follows from the seed."""
    seed: int
    keys: int
    size: tuple[int, int]
    factions: tuple[str, ...]
    bots: tuple[str, ...]
    start: str
    pacing: str
    strong: bool = False  # every bot seat is the strong bot (a small budget): it thinks in a thread

    @classmethod
    def of(cls, seed: int, keys: int, strong: bool = False) -> "Spec":
        rng = random.Random(f"spec-{seed}")
        n = rng.randint(1, 4)
        factions = tuple(rng.sample(FACTIONS, n))
        bots = tuple(f for f in factions[1:] if rng.random() < 0.5)  # the first is always a person
        return cls(seed, keys, rng.choice(SIZES), factions, bots, rng.choice(STARTS), rng.choice(PACINGS), strong)

    def describe(self) -> str:
        people = [f for f in self.factions if f not in self.bots]
        kind = "strong bots" if self.strong and self.bots else "bots"
        return (f"seed {self.seed}: {self.size[0]}x{self.size[1]}, {'+'.join(self.factions)}"
                f" ({kind}: {','.join(self.bots) or 'none'}; {len(people)} person(s)), start {self.start}, "
                f"pacing {self.pacing}")


@dataclass
class Result:
    spec: Spec
    pressed: list[str] = field(default_factory=list)
    failure: str | None = None
    screens: Counter = field(default_factory=Counter)
    kinds: Counter = field(default_factory=Counter)
    answers: int = 0
    finished: bool = False
    launches: int = 0
    where: str = ""  # the screen and the focused widget when the last key was pressed

    @property
    def ok(self) -> bool:
        return self.failure is None

    def last_keys(self, n: int = 40) -> str:
        return " ".join(self.pressed[-n:])


# ------------------------------------------------------------------ making the app
STRONG_BUDGET = Budget(rollouts=4, width=2, horizon="chapter")  # Spec.strong: the seats' bot, a quick search


def _seats(spec: Spec) -> list[Seat]:
    from uprising_tui.tui.theme import FACTION_COLOURS
    out = []
    for i, f in enumerate(spec.factions):
        if f in spec.bots and spec.strong:
            out.append(Seat(f, "Strong bot", "strong", FACTION_COLOURS[f]))
        elif f in spec.bots:
            out.append(Seat(f, "Heuristic bot" if i % 2 else "Random bot", "heuristic" if i % 2 else "random",
                            FACTION_COLOURS[f]))
        else:
            out.append(Seat(f, NAMES[i], None, FACTION_COLOURS[f]))
    return out


def _setup(spec: Spec) -> Setup:
    rng = random.Random(f"setup-{spec.seed}")
    return Setup(factions=list(spec.factions), chapters=2, difficulty=rng.choice(("rebel", "veteran", "nightmare")),
                 seed=spec.seed, auto_ties=rng.random() < 0.5)


def make(spec: Spec, data: Path, first: bool):
    """The app for a launch: the first as the spec says, later ones (after a quit) at the title.
    A game review (the end screen's r) spends little: its worker's figures are not waited for."""
    app = _make(spec, data, first)
    app.review_budget, app.review_samples = REVIEW_BUDGET, 1
    return app


def _make(spec: Spec, data: Path, first: bool):
    if not first or spec.start == "title":
        app = make_app(data_dir=data, pacing=spec.pacing, preload=False)
        app.setup_seed = spec.seed
        return app
    setup, seats = _setup(spec), _seats(spec)
    if spec.start == "new":
        return make_app(setup=setup, seats=seats, data_dir=data, pacing=spec.pacing, preload=False)
    ctl = GameController.new(setup, seats, SaveStore(data))
    if spec.start == "mid":
        goal = random.Random(f"mid-{spec.seed}").randint(10, 60)
        advance(ctl, lambda c: c.answers >= goal and not c.is_bot_turn())
    elif spec.start == "late":  # the last Chapter after its Actions Phase: a few answers from the end
        advance(ctl, lambda c: c.view.chapter == setup.chapters and c.view.phase in ("nemesis", "production", "scoring")
                and not c.is_bot_turn())
    else:  # end: the game is over (the end screen, and Back to the board)
        advance(ctl, lambda c: False)
    ctl.pacing = None
    return make_app(data_dir=data, pacing=spec.pacing, preload=False, opener=lambda: ctl)


# ------------------------------------------------------------------ waiting for the app
def _quiet(app) -> bool:
    """Every message queue of the app and its widgets is empty."""
    if not app._message_queue.empty():
        return False
    return all(node._message_queue.empty() for node in list(app._registry))


async def drained(min_sleep: float = 0.0, max_sleep: float = 1.0) -> None:
    """Textual's `wait_for_idle` (after each key of Pilot.press, and in pause()) waits until the
    process looks idle by its CPU clock, at least 20 ms a call and up to 1 s on a busy machine. The
    monkey waits instead until every message queue is empty: the same point, reached by yielding,
    so a sweep's time is the client's own work."""
    from textual._context import active_app
    try:
        app = active_app.get()
    except LookupError:
        await asyncio.sleep(0)
        return
    for i in range(500):
        await asyncio.sleep(0)
        if i >= 2 and _quiet(app):
            return


def fast_waits(mp: pytest.MonkeyPatch) -> None:
    import textual.app
    import textual.pilot
    mp.setattr(textual.app, "wait_for_idle", drained)
    mp.setattr(textual.pilot, "wait_for_idle", drained)


def _bindings(app) -> list[str]:
    try:
        keys = list(app.screen.active_bindings)
    except Exception:  # noqa: BLE001 - a screen mid-way through closing
        return []
    return [k for k in keys if k not in NEVER]


def _progress(app) -> list[str] | None:
    """The keys that answer what the heuristic bot would (so the game moves on)."""
    g = _game(app)
    if g is None or app.screen is not g or not g.bar.interactive or g.ctl.decision is None:
        return None
    try:
        return g.bar.keys_for(g.ctl.suggest())
    except KeyError:
        return None


def _click_target(rng: random.Random, app) -> tuple[str, tuple[int, int]] | None:
    g = _game(app)
    if g is not None and app.screen is g:
        choices = []
        for sel in ("#map", "#decision #options", "#decision #groups", "#side", "#log"):
            found = g.query(sel)
            if found and found.first().region.area:
                choices.append(found.first())
        if choices:
            w = rng.choice(choices)
            r = w.region
            return w, (rng.randrange(max(1, r.width)), rng.randrange(max(1, r.height)))
    w, h = app.size
    return None, (rng.randrange(w), rng.randrange(h))


def _onward(rng: random.Random, app) -> list[str] | None:
    """A key that moves on from the screen on show, the way a player would."""
    from uprising_tui.tui.screens.confirm import ConfirmScreen
    from uprising_tui.tui.screens.end import EndScreen
    from uprising_tui.tui.screens.review import ReviewScreen
    from uprising_tui.tui.screens.setup import SetupScreen
    from uprising_tui.tui.screens.title import TitleScreen
    scr = app.screen
    if isinstance(scr, TitleScreen):
        return [rng.choice("nnc")]
    if isinstance(scr, SetupScreen):
        return ["ctrl+s"]
    if isinstance(scr, PassDeviceScreen):
        return ["enter"]
    if isinstance(scr, ConfirmScreen):
        return [rng.choice("yn")]
    if isinstance(scr, EndScreen):
        return [rng.choice(("escape", "n", "t", "r"))]
    if isinstance(scr, ReviewScreen):  # a while through the review, then back
        return [rng.choice(("left", "right", "home", "end", "pageup", "1", "2", "escape"))]
    if not isinstance(scr, GameScreen):
        return ["escape"]
    g = _game(app)
    if g is not None and g.driving:
        return [rng.choice(("space", "escape"))]
    return _progress(app)


def choose(rng: random.Random, app) -> list[str] | tuple:
    r = rng.random()
    if r < 0.3:
        keys = _onward(rng, app)
        if keys:
            return keys
    if r < 0.55:
        keys = _bindings(app)
        if keys:
            return [rng.choice(keys)]
    if r < 0.9:
        return [rng.choice(GENERIC)]
    return ("click",) + (_click_target(rng, app) or (None, (0, 0)))


def _note(result: Result, app) -> None:
    result.screens[type(app.screen).__name__] += 1
    g = _game(app)
    if g is not None and g.ctl.decision is not None and g.bar.interactive:
        result.kinds[g.ctl.decision.kind] += 1


# ------------------------------------------------------------------ a run
async def _launch(spec: Spec, data: Path, result: Result, rng: random.Random, first: bool) -> bool:
    """One app from start to exit (or the key budget). Returns whether the budget is left."""
    from textual.pilot import OutOfBounds
    app = make(spec, data, first)
    result.launches += 1
    async with app.run_test(size=spec.size) as pilot:
        await rest(pilot)
        while len(result.pressed) < spec.keys:
            if app._exit:
                return True  # quit (the palette's Quit, the title's q): the next launch goes on
            step = choose(rng, app)
            result.where = f"{type(app.screen).__name__}, focus {type(app.focused).__name__}"
            if step[0] == "click":
                widget, offset = step[1], step[2]
                result.pressed.append(f"click:{type(widget).__name__ if widget else 'screen'}@{offset[0]},{offset[1]}")
                try:
                    await pilot.click(widget, offset=offset)
                except OutOfBounds:
                    pass
            else:
                for key in step:
                    result.pressed.append(key)
                    await pilot.press(key)
                    if app._exit:
                        break
            if app._exception is not None:
                raise app._exception
            await rest(pilot)
            if app._exception is not None:
                raise app._exception
            if app._exit:
                continue
            try:
                check(app)
            except BoardLag:  # maybe a frame behind: look again a few frames later, at rest
                for _ in range(LAG_FRAMES):
                    await pilot.pause(0.02)
                await rest(pilot)
                try:
                    check(app)
                except BoardLag as exc:
                    raise MonkeyFailure(f"{exc} (still so {LAG_FRAMES} frames later)") from None
            _note(result, app)
        g = _game(app)
        if g is not None:
            g.ctl.flush_save()
            result.answers = g.ctl.answers
            result.finished = g.ctl.finished
            same_game(g.ctl, data)
    return False


def same_game(ctl: GameController, data: Path) -> None:
    """The autosave loads to the game on the screen (from the window's own slot: a new game may take
    another than autosave.json, saves.py)."""
    if not ctl.autosave_enabled:
        return
    path = ctl.store.autosave_path if ctl.store is not None else data / "autosave.json"
    again = GameController.load(read_save(path))
    if again.game.answers != ctl.game.answers:
        raise MonkeyFailure(f"the autosave holds {len(again.game.answers)} answers, the game {ctl.answers}")
    if again.view != ctl.view:
        raise MonkeyFailure("the autosave loads to another table than the one on screen")


async def run_async(spec: Spec, monkeypatch: pytest.MonkeyPatch | None = None) -> Result:
    """One run. The raw-state guard goes in through `monkeypatch` (a test's, undone after the test's
    own checks of its games), else through one of its own, undone at the end of the run."""
    result = Result(spec)
    rng = random.Random(f"keys-{spec.seed}")
    reads: list = []
    mp = monkeypatch or pytest.MonkeyPatch()
    install(mp, reads)
    fast_waits(mp)
    if spec.strong:  # a seat names its bot, never a budget (saves say "strong"): the default is made small
        mp.setattr("uprising_tui.bots.strong.bot.DEFAULT_BUDGET", STRONG_BUDGET)
    try:
        with tempfile.TemporaryDirectory(prefix="monkey-") as tmp:
            data = Path(tmp)
            first = True
            while len(result.pressed) < spec.keys and result.launches < 20:
                more = await _launch(spec, data, result, rng, first)
                first = False
                if reads:
                    raise MonkeyFailure(f"the client read the raw game state: {reads[0]}")
                if not more:
                    break
    except Exception as exc:  # noqa: BLE001 - every failure is reported with its seed and keys
        if reads:
            result.failure = f"the client read the raw game state: {reads[0]}"
        else:
            result.failure = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    finally:
        if monkeypatch is None:
            mp.undo()
    return result


def run_seed(seed: int, keys: int = 500, strong: bool = False) -> Result:
    return asyncio.run(run_async(Spec.of(seed, keys, strong)))
