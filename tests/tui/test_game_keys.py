"""The game screen's own keys: save as, undo with its question, the command palette, leaving and
continuing, the help screen and its search."""
from __future__ import annotations

import json

import pytest

from uprising_tui.engine import Setup
from uprising_tui.tui.app import make_app
from uprising_tui.tui.controller import GameController, default_seats
from uprising_tui.tui.saves import SaveStore
from uprising_tui.tui.screens.confirm import ConfirmScreen
from uprising_tui.tui.screens.help import HelpScreen
from uprising_tui.tui.screens.save_as import SaveAsScreen
from uprising_tui.tui.screens.title import TitleScreen
from uprising_tui.tui.screenshots import advance

from .pilot_helpers import game_screen, settle

pytestmark = pytest.mark.asyncio
SETUP = Setup(factions=["druwhn", "duerkhar"], chapters=2, seed=42)


def opened(tmp_path, answers: int = 12):
    ctl = GameController.new(SETUP, default_seats(SETUP.factions, ["duerkhar"], names={"druwhn": "Ann"}),
                             SaveStore(tmp_path))
    advance(ctl, lambda c: c.answers >= answers and not c.is_bot_turn())
    return ctl, make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: ctl)


async def test_save_as_writes_a_named_save(tmp_path):
    ctl, app = opened(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SaveAsScreen)
        await pilot.press("ctrl+u", *"my game", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, SaveAsScreen)
        data = json.loads((tmp_path / "my game.json").read_text())
        assert data["answers"] == ctl.game.answers


async def test_a_bad_save_name_is_refused_in_place(tmp_path):
    ctl, app = opened(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("ctrl+u", *"autosave", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SaveAsScreen)
        assert "kept for the automatic save" in str(app.screen.query_one("#save-error").render())
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, SaveAsScreen)
        assert sorted(p.name for p in tmp_path.iterdir() if p.suffix != ".lock") == ["autosave.json"]


async def test_undo_asks_first_and_takes_back_to_the_persons_last_answer(tmp_path):
    ctl, app = opened(tmp_path, 20)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        plan = ctl.undo_plan()
        before = list(ctl.game.answers)
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert plan.label in app.screen.question
        await pilot.press("escape")  # no: nothing changes
        await pilot.pause()
        assert ctl.game.answers == before
        await pilot.press("u")
        await pilot.pause()
        await pilot.press("enter")  # yes
        await settle(pilot)
        assert ctl.game.answers == before[: plan.keep]
        assert game_screen(app).bar.interactive and ctl.decision.actor == "druwhn"


async def test_the_command_palette_carries_the_game_commands(tmp_path):
    ctl, app = opened(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        g = game_screen(app)
        titles = [c.title for c in app.get_system_commands(g)]
        for want in ("Undo", "Save as…", "Pacing: step", "Pacing: instant", "Show the fight", "Show the Nemesis",
                     "Cards on the table", "Bot answers this", "How to play", "Leave to the title"):
            assert want in titles
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Pacing: step")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert g.pacer.mode == "step"


async def test_leaving_and_continuing_resumes_exactly(tmp_path):
    ctl, app = opened(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        answers = list(ctl.game.answers)
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("enter")  # leave
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("c")
        await settle(pilot)
        g = game_screen(app)
        assert g.ctl is not ctl and g.ctl.game.answers == answers
        assert g.ctl.view == ctl.view and g.ctl.decision == ctl.decision


async def test_help_is_searchable(tmp_path):
    app = make_app(data_dir=tmp_path, preload=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert [t for t, _ in app.screen.shown][0] == "The goal"
        await pilot.press("slash", *"bolt")
        await pilot.pause()
        titles = [t for t, _ in app.screen.shown]
        assert "Combat" in titles and "Keys" not in titles and "The goal" not in titles
        await pilot.press("escape")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


@pytest.mark.parametrize("key, shows", [("u", "undo"), ("b", "board"), ("n", "nemesis"), ("k", "cards"),
                                        ("l", "log")])
async def test_the_screen_s_keys_work_while_the_map_has_the_focus(tmp_path, key, shows):
    """The map's own keys take no letter the screen binds: with the map focused, u still undoes,
    b and n still show their panes, k the cards and l the log."""
    from uprising_tui.tui.screens.cards import CardsScreen
    ctl, app = opened(tmp_path, 20)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        g = game_screen(app)
        await pilot.press("m")
        await pilot.pause()
        assert g.map.has_focus
        cursor = g.map.cursor
        await pilot.press(key)
        await pilot.pause()
        assert g.map.cursor == cursor  # no step on the map
        if shows == "undo":
            assert isinstance(app.screen, ConfirmScreen)
        elif shows == "cards":
            assert isinstance(app.screen, CardsScreen)
        elif shows == "log":
            assert g.has_class("-log-open")
        else:
            assert g.query_one("#side").current == shows
