"""Title, Setup, Load and the hot-seat moment through key presses; resizing, a light theme and
NO_COLOR keep the game usable."""
from __future__ import annotations

import json

import pytest
from textual.widgets import Button, Select

from uprising_tui.engine import Setup
from uprising_tui.tui.app import make_app
from uprising_tui.tui.controller import GameController, Seat, default_seats
from uprising_tui.tui.saves import SaveStore
from uprising_tui.tui.screens.load import LoadScreen
from uprising_tui.tui.screens.pass_device import PassDeviceScreen
from uprising_tui.tui.screens.setup import SetupScreen
from uprising_tui.tui.screenshots import advance

from .pilot_helpers import game_screen, settle, shown, until

pytestmark = pytest.mark.asyncio


async def test_enter_on_setup_starts_a_game_with_the_defaults(tmp_path):
    app = make_app(data_dir=tmp_path, preload=False, pacing="instant")
    app.setup_seed = 1234
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("enter")
        await settle(pilot)
        g = game_screen(app)
        assert g is not None
        setup = g.ctl.setup
        assert (setup.factions, setup.chapters, setup.difficulty, setup.seed, setup.auto_ties) == (
            ["druwhn", "duerkhar"], 4, "veteran", 1234, False)
        assert [(s.name, s.bot) for s in g.ctl.seats] == [("You", None), ("Heuristic bot", "heuristic")]
        assert (tmp_path / "autosave.json").is_file()


async def test_setup_refuses_the_same_faction_twice(tmp_path):
    app = make_app(data_dir=tmp_path, preload=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        scr = app.screen
        scr.query_one("#faction-1", Select).value = "druwhn"
        await pilot.pause()
        assert scr.query_one("#start", Button).disabled
        assert "Each faction can be played only once" in shown(scr.query_one("#setup-error"))
        with pytest.raises(ValueError):
            scr.read()
        scr.query_one("#faction-1", Select).value = "krowh"
        await pilot.pause()
        assert not scr.query_one("#start", Button).disabled
        setup, seats = scr.read()
        assert setup.factions == ["druwhn", "krowh"] and setup.heroes[1] in ("khaal", "dugpa")


async def test_the_load_screen_words_broken_saves_and_loads_a_good_one(tmp_path):
    store = SaveStore(tmp_path)
    setup = Setup(factions=["krowh", "mohyar"], chapters=2, seed=5)
    ctl = GameController.new(setup, default_seats(setup.factions), store)
    advance(ctl, lambda c: c.answers >= 8)
    ctl.save_as("keeper")
    (tmp_path / "torn.json").write_text('{"format": "uprising-tui-save", "vers')
    edited = ctl.save_data()
    edited["checksum"] = "0" * 64
    (tmp_path / "edited.json").write_text(json.dumps(edited))
    app = make_app(data_dir=tmp_path, preload=False, pacing="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, LoadScreen)
        for _ in range(200):  # the saves are read (and replayed) off the UI thread
            await pilot.pause()
            listing = shown(scr.query_one("#saves"))
            if "Reading the saves" not in listing:
                break
        assert "torn" in listing and "cannot load: not valid JSON" in listing
        # a file that reads well but does not replay: the message shows on the Load screen
        scr.load(tmp_path / "edited.json")
        await pilot.pause(0.5)
        for _ in range(100):
            await pilot.pause()
            if "Cannot load" in shown(scr.query_one("#load-error")):
                break
        assert "does not match the saved checksum" in shown(scr.query_one("#load-error")).replace("\n", " ")
        assert isinstance(app.screen, LoadScreen)
        scr.load(tmp_path / "keeper.json")
        await settle(pilot)
        g = game_screen(app)
        assert g.ctl.game.answers == ctl.game.answers


async def test_hot_seat_passes_the_keyboard_by_name(tmp_path):
    setup = Setup(factions=["krowh", "mohyar"], chapters=2, seed=5)
    seats = [Seat("krowh", "Ann", None, "red"), Seat("mohyar", "Bo", None, "orange")]
    app = make_app(setup=setup, seats=seats, data_dir=tmp_path, preload=False, pacing="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(200):
            await pilot.pause()
            if isinstance(app.screen, PassDeviceScreen):
                break
        first = app.screen
        assert isinstance(first, PassDeviceScreen)
        assert first.person == {"krowh": "Ann", "mohyar": "Bo"}[game_screen(app).ctl.decision.actor]
        await pilot.press("enter")
        await settle(pilot)
        g = game_screen(app)
        while not isinstance(app.screen, PassDeviceScreen):
            await pilot.press("x")  # answer (by the bot's pick) until the other person is asked
            await settle(pilot)
        assert app.screen.person != first.person


async def test_resizing_lays_the_game_out_again(tmp_path):
    setup = Setup(factions=["krowh", "mohyar"], chapters=2, seed=5)
    app = make_app(setup=setup, seats=default_seats(setup.factions, ["mohyar"]), data_dir=tmp_path,
                   preload=False, pacing="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        g = game_screen(app)
        assert not g.has_class("-narrow") and g.query_one("#side-col").display
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert g.has_class("-narrow") and g.has_class("-short")
        assert g.query_one("#side-col").region.width == 0  # the map has the room
        await pilot.press("b")
        await pilot.pause()
        assert g.query_one("#side-col").region.width > 0 and g.query_one("#map").region.width == 0
        await pilot.press("m")
        await pilot.pause()
        assert g.query_one("#map").region.width > 0
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert not g.has_class("-narrow") and g.query_one("#side-col").region.width > 0


@pytest.mark.parametrize("light", [False, True])
async def test_no_colour_and_a_light_theme_still_show_everything(tmp_path, monkeypatch, light):
    monkeypatch.setenv("NO_COLOR", "1")
    setup = Setup(factions=["krowh", "mohyar"], chapters=2, seed=5)
    ctl = GameController.new(setup, default_seats(setup.factions, ["mohyar"]), SaveStore(tmp_path))
    advance(ctl, lambda c: not c.is_bot_turn() and c.view.combat is not None and bool(c.view.combat.a.dice))
    app = make_app(data_dir=tmp_path, preload=False, pacing="instant", light=light, opener=lambda: ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert app.theme == ("textual-light" if light else "textual-dark")
        g = game_screen(app)
        pane = g.query_one("#combat")
        await until(pilot, lambda: any(f" {letter}" in "\n".join(pane.lines) for letter in "WYRUPK"))
        fight = "\n".join(pane.lines)
        # dice read by their letters and symbols, with no colour at all
        assert any(f" {letter}" in fight for letter in "WYRUPK") and ("☠" in fight or "·" in fight)
        assert g.bar.interactive
