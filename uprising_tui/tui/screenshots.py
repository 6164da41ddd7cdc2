"""Scenes of the client at a fixed seed, for `uprising screenshots` (SVGs for the README) and the
snapshot tests: the title, setup, a turn with a Command target and its odds, a fight, the Nemesis
Phase step by step, the end of a game, the advisor's answer, the help and the load screens.

A scene is an app (made with `make_app`, saves in a folder of its own) and the keys to press
before the picture is taken."""
from __future__ import annotations

import asyncio
import json
import os
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Awaitable, Callable

from ..engine import Game, Setup
from .app import UprisingApp, make_app
from .controller import GameController, Seat, default_seats
from .saves import SaveStore

SIZES = {"120x40": (120, 40), "80x24": (80, 24)}
DEFAULT_SEED = 7


def advance(ctl: GameController, stop: Callable[[GameController], bool], limit: int = 5000) -> GameController:
    """Answer (each bot for its seat, the heuristic's pick for people) until `stop(ctl)`."""
    for _ in range(limit):
        if ctl.decision is None or stop(ctl):
            return ctl
        if ctl.is_bot_turn():
            ctl.bot_step()
        else:
            ctl.answer(ctl.suggest())
    raise RuntimeError("the scene never came")


def _duo(seed: int, store: SaveStore, bot: bool = True, auto_ties: bool = False) -> GameController:
    setup = Setup(factions=["duerkhar", "mohyar"], chapters=2, seed=seed, auto_ties=auto_ties)
    seats = (default_seats(setup.factions, ["mohyar"], names={"duerkhar": "You"}) if bot else
             [Seat("duerkhar", "You", None, "blue"), Seat("mohyar", "You", None, "orange")])
    return GameController.new(setup, seats, store)


async def settle(pilot, limit: int = 600) -> None:
    """Wait until the client stands still: a person must act, or a step waits for a key."""
    from .screens.game import GameScreen
    app = pilot.app
    for _ in range(limit):
        await pilot.pause()
        scr = next((s for s in reversed(app.screen_stack) if isinstance(s, GameScreen)), None)
        if scr is not None and scr.is_mounted and scr.query("DecisionBar") and (
                not scr.driving or scr.pacer.waiting) and (scr.bar.interactive or scr.ctl.finished or
                                                           scr.pacer.waiting):
            return
        if scr is None and app.screen.is_mounted and len(app.screen_stack) > 1 and not any(
                w.is_running for w in app.workers if w.group == "open"):
            return
    raise RuntimeError("the client did not settle")


@dataclass
class Scene:
    name: str
    make: Callable[[Path, int], UprisingApp]
    keys: Callable[[object], Awaitable[None]]


async def _nothing(pilot) -> None:
    await settle(pilot)


def title_app(data: Path, seed: int) -> UprisingApp:
    return make_app(data_dir=data, preload=False)


def setup_app(data: Path, seed: int) -> UprisingApp:
    app = make_app(data_dir=data, preload=False)
    app.setup_seed = seed
    return app


async def setup_keys(pilot) -> None:
    await pilot.pause()
    await pilot.press("n")
    await pilot.pause()
    await pilot.pause()


def _enemy_target(ctl: GameController) -> str | None:
    """A Command option of the pending turn whose hex holds enemies (the odds have a fight to show)."""
    d, v = ctl.decision, ctl.view
    for o in d.options:
        h = v.hexes.get(o.hex or "") if o.group == "command" else None
        if h is not None and (h.garrisons or h.skeletons or h.legions or h.hordes):
            return o.id
    return None


def game_app(data: Path, seed: int) -> UprisingApp:
    store = SaveStore(data)
    ctl = _duo(seed, store)
    advance(ctl, lambda c: c.decision.kind == "turn" and not c.is_bot_turn() and _enemy_target(c) is not None)
    app = make_app(data_dir=data, pacing="instant", preload=False, opener=lambda: ctl)
    app.scene_answer = _enemy_target(ctl)
    return app


async def game_keys(pilot) -> None:
    """Show the Command group with a target that holds enemies highlighted (its odds below)."""
    await settle(pilot)
    from .widgets.decision_bar import DecisionBar
    bar = pilot.app.screen.query_one(DecisionBar)
    keys = bar.keys_for(pilot.app.scene_answer)[:-1]  # everything but Enter
    await pilot.press(*keys)
    from .widgets.odds_panel import OddsPanel
    odds = pilot.app.screen.query_one(OddsPanel)
    for _ in range(600):  # the exact odds are worked out off the UI thread
        await pilot.pause()
        if "working" not in str(odds.render()):
            break
    await pilot.pause()


def combat_app(data: Path, seed: int) -> UprisingApp:
    store = SaveStore(data)
    ctl = _duo(seed, store)
    advance(ctl, lambda c: not c.is_bot_turn() and c.view.combat is not None and bool(c.view.combat.a.dice)
            and bool(c.view.combat.b.dice))
    return make_app(data_dir=data, pacing="instant", preload=False, opener=lambda: ctl)


def nemesis_app(data: Path, seed: int) -> UprisingApp:
    """Two people at one keyboard, one answer before the first Nemesis Phase, stepping."""
    store = SaveStore(data)
    probe = _duo(seed, SaveStore(data / "probe"), bot=False, auto_ties=True)
    trigger = None
    while probe.decision is not None:
        before = len(probe.events)
        pick = probe.suggest()
        probe.answer(pick)
        if any(e.event_type == "PhaseStarted" and e.phase == "nemesis" for e in probe.events[before:]):
            trigger = probe.answers - 1
            break
    ctl = _duo(seed, store, bot=False, auto_ties=True)
    for a in probe.game.answers[:trigger]:
        ctl.answer(a)
    app = make_app(data_dir=data, pacing="step", preload=False, opener=lambda: ctl)
    app.scene_answer = probe.game.answers[trigger]
    return app


async def nemesis_keys(pilot) -> None:
    await settle(pilot)
    from .widgets.decision_bar import DecisionBar
    app = pilot.app
    bar = app.screen.query_one(DecisionBar)
    await pilot.press(*bar.keys_for(app.scene_answer))
    for _ in range(40):  # step through to the first Legion or Horde activation
        await settle(pilot)
        if not bar.interactive and "activates" in bar.wait_text and "moves" in bar.wait_text:
            break
        if bar.interactive:  # a question on the way (an anytime window at the phase's start): on, as a bot would
            await pilot.press(*bar.keys_for(app.screen.ctl.suggest()))
        else:
            await pilot.press("space")
    await pilot.pause()


def advice_app(data: Path, seed: int) -> UprisingApp:
    """The turn of the game scene, with the advisor's budget in rollouts (a budget in seconds
    would give other figures on every machine; the time it took still differs)."""
    from ..bots.strong.advisor import HINT_BUDGET
    from ..bots.strong.search import Budget
    app = game_app(data, seed)
    app.advice_budget = Budget(rollouts=64, width=HINT_BUDGET.width, horizon=HINT_BUDGET.horizon,
                               settle=False, pool=HINT_BUDGET.pool)
    return app


async def advice_keys(pilot) -> None:
    """Ask "what would you do?" and wait for the answer."""
    await settle(pilot)
    await pilot.press("w")
    from .screens.advice import AdviceScreen
    for _ in range(3000):  # the advisor thinks in a process of its own
        await pilot.pause(0.02)
        scr = pilot.app.screen
        if isinstance(scr, AdviceScreen) and not scr.thinking:
            break
    await pilot.pause()


def end_app(data: Path, seed: int) -> UprisingApp:
    store = SaveStore(data)
    ctl = _duo(seed, store)
    advance(ctl, lambda c: False)
    return make_app(data_dir=data, pacing="instant", preload=False, opener=lambda: ctl)


async def help_keys(pilot) -> None:
    await pilot.pause()
    await pilot.press("h")
    await pilot.pause()
    await pilot.press("down", "down", "down")
    await pilot.pause()


def _market_turn(ctl: GameController) -> bool:
    """A person's Actions turn with Items in the Market the Hero cannot buy (greyed, with why)."""
    from ..engine.rules.actions.market import offer
    d = ctl.decision
    return (d.kind == "turn" and not ctl.is_bot_turn() and any(o.group == "market" for o in d.options)
            and any(not o.buyable for o in offer(ctl.cat, ctl.view, d.actor)))


def market_app(data: Path, seed: int) -> UprisingApp:
    store = SaveStore(data)
    ctl = _duo(seed, store)
    advance(ctl, _market_turn)
    return make_app(data_dir=data, pacing="instant", preload=False, opener=lambda: ctl)


async def market_keys(pilot) -> None:
    await settle(pilot)
    from .widgets.decision_bar import DecisionBar
    bar = pilot.app.screen.query_one(DecisionBar)
    i = next(i for i, (g, _opts) in enumerate(bar.groups) if g == "market")
    await pilot.press(str((i + 1) % 10))
    await pilot.pause()


async def legend_keys(pilot) -> None:
    """Help in a game, on the map's legend (that game's factions and cards)."""
    await settle(pilot)
    await pilot.press("question_mark")
    await pilot.pause()
    from .screens.help import HelpScreen
    scr = pilot.app.screen
    if isinstance(scr, HelpScreen):
        i = next(i for i, (t, _b) in enumerate(scr.shown) if t == "The map and its legend")
        await pilot.press(*["down"] * i)
    await pilot.pause()


def light_app(data: Path, seed: int) -> UprisingApp:
    app = game_app(data, seed)
    app.light = True
    return app


def load_app(data: Path, seed: int) -> UprisingApp:
    store = SaveStore(data)
    ctl = _duo(seed, store)
    advance(ctl, lambda c: c.answers >= 30)
    ctl.save_as("before the big fight")
    (data / "half-written.json").write_text('{"format": "uprising-tui-save", "version": 1, "setup": {"fac')
    old = ctl.save_data()
    old["version"] = 0
    (data / "from an old version.json").write_text(json.dumps(old))
    for i, f in enumerate(sorted(data.glob("*.json"))):  # fixed times for a stable picture
        os.utime(f, (1_767_225_600 + 3600 * i,) * 2)
    return make_app(data_dir=data, preload=False)


async def load_keys(pilot) -> None:
    await pilot.pause()
    await pilot.press("l")
    await pilot.pause()
    await pilot.pause()


SCENES = {
    "title": Scene("title", title_app, _nothing),
    "setup": Scene("setup", setup_app, setup_keys),
    "game": Scene("game", game_app, game_keys),
    "combat": Scene("combat", combat_app, _nothing),
    "nemesis": Scene("nemesis", nemesis_app, nemesis_keys),
    "end": Scene("end", end_app, _nothing),
    "advice": Scene("advice", advice_app, advice_keys),
    "help": Scene("help", title_app, help_keys),
    "load": Scene("load", load_app, load_keys),
    "market": Scene("market", market_app, market_keys),
    "legend": Scene("legend", game_app, legend_keys),
    "light": Scene("light", light_app, game_keys),
}


def _scene_dir(scene: Scene) -> Path:
    """The scene's saves folder: a fixed name (per user) in the system's temporary folder, since
    the Load screen prints it and a random name would change the picture on every run."""
    user = os.getuid() if hasattr(os, "getuid") else 0
    return Path(tempfile.gettempdir()) / f"uprising-screenshots-{user}" / scene.name


async def _shoot(scene: Scene, size: tuple[int, int], seed: int, out: Path) -> Path:
    data = _scene_dir(scene)
    shutil.rmtree(data, ignore_errors=True)
    data.mkdir(parents=True)
    try:
        app = scene.make(data, seed)
        async with app.run_test(size=size) as pilot:
            await scene.keys(pilot)
            path = out / f"{scene.name}-{size[0]}x{size[1]}.svg"
            app.save_screenshot(filename=path.name, path=str(out))
    finally:
        shutil.rmtree(data, ignore_errors=True)
    return path


def write_screenshots(out: str | os.PathLike = "screenshots", seed: int = DEFAULT_SEED,
                      sizes: tuple[str, ...] = ("120x40", "80x24"), scenes: tuple[str, ...] = tuple(SCENES)) -> list[Path]:
    """Write every scene at every size as an SVG into `out`; returns the paths."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    os.environ["TZ"] = "UTC"
    time.tzset()
    paths = []
    for name in scenes:
        for size in sizes:
            paths.append(asyncio.run(_shoot(SCENES[name], SIZES[size], seed, out)))
    return paths


__all__ = ["SCENES", "Scene", "advance", "settle", "write_screenshots", "Game"]
