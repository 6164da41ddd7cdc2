"""Pacing: kept with the save and in the settings (Continue and a new game open at the pacing last
chosen), a hostile settings file ignored in words, and step pacing stepping through the Nemesis and
the bots but not through what a person's own answer set off; a step with nothing to show is not
waited on."""
from __future__ import annotations

import asyncio

import pytest

from uprising_tui.engine import Game, Setup
from uprising_tui.tui.app import make_app
from uprising_tui.tui.controller import GameController, default_seats
from uprising_tui.tui.pacing import Pacer
from uprising_tui.tui.playback import own_steps, split
from uprising_tui.tui.saves import SaveStore
from uprising_tui.tui.screens.title import TitleScreen
from uprising_tui.tui.screenshots import advance
from uprising_tui.tui.settings import Settings

from .pilot_helpers import game_screen, settle, until

SETUP = Setup(factions=["druwhn", "duerkhar"], chapters=2, seed=42)


def opened(tmp_path, pacing=None):
    ctl = GameController.new(SETUP, default_seats(SETUP.factions, ["duerkhar"]), SaveStore(tmp_path))
    advance(ctl, lambda c: c.answers >= 8 and not c.is_bot_turn())
    return ctl, make_app(data_dir=tmp_path, pacing=pacing, preload=False, opener=lambda: ctl)


@pytest.mark.asyncio
async def test_the_pacing_chosen_is_kept_through_continue_and_for_the_next_game(tmp_path):
    ctl, app = opened(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        g = game_screen(app)
        assert g.pacer.mode == "auto"  # nothing chosen yet
        await pilot.press("a")  # auto -> instant
        assert g.pacer.mode == "instant"
        assert Settings(tmp_path).pacing == "instant"
        assert ctl.save_data()["client"]["pacing"] == "instant"
        await pilot.press("a", "a")  # instant -> step -> auto ... to step
        await pilot.press("a", "a")
        assert g.pacer.mode == "step"
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("enter")  # leave
        assert await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.press("c")  # Continue
        await settle(pilot)
        assert game_screen(app).ctl is not ctl and game_screen(app).pacer.mode == "step"
    # a new session: the save says step; a new game opens at the settings' step too
    again = make_app(data_dir=tmp_path, preload=False, load=tmp_path / "autosave.json")
    async with again.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert game_screen(again).pacer.mode == "step"
    fresh = make_app(setup=Setup(factions=["krowh"], chapters=2, seed=3), data_dir=tmp_path, preload=False)
    async with fresh.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert game_screen(fresh).pacer.mode == "step"
    told = make_app(setup=Setup(factions=["krowh"], chapters=2, seed=3), data_dir=tmp_path, preload=False,
                    pacing="instant")  # the command line has the last word
    async with told.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert game_screen(told).pacer.mode == "instant"


@pytest.mark.parametrize("text", ["[client]\npacing = warp\n", "no section at all", "\xff\xfe garbage",
                                  "[client\npacing=step"])
def test_a_bad_settings_file_leaves_the_defaults(tmp_path, text):
    (tmp_path / "settings.ini").write_bytes(text.encode("latin-1"))
    s = Settings(tmp_path)
    assert s.pacing is None
    if "warp" not in text:
        assert s.problem and "settings.ini is not readable" in s.problem and "\n" not in s.problem
    assert s.set_pacing("step") is None and Settings(tmp_path).pacing == "step"  # rewritten whole


def test_a_huge_settings_file_is_not_read(tmp_path):
    (tmp_path / "settings.ini").write_text("[client]\npacing = step\n" + "#" * 20_000)
    s = Settings(tmp_path)
    assert s.pacing is None and "too big" in s.problem


def test_a_save_with_a_strange_pacing_opens_at_the_default(tmp_path):
    ctl = GameController.new(SETUP, default_seats(SETUP.factions), SaveStore(tmp_path))
    data = ctl.save_data()
    data["client"]["pacing"] = {"evil": 1}
    assert GameController.load(data).pacing is None
    data["client"]["pacing"] = "step"
    assert GameController.load(data).pacing == "step"


def _fight_answer():
    """A person's Command that starts a fight: the events it set off, and who answered."""
    from uprising_tui.bots import get_bot
    g = Game(Setup(factions=["krowh", "mohyar"], chapters=2, seed=4)).start()
    bot = get_bot("heuristic", 4)
    while True:
        d = g.decision
        before = len(g.log)
        g.answer(bot.choose(g, d))
        fresh = g.log[before:]
        kinds = [e.event_type for e in fresh]
        if d.kind in ("turn", "command_units") and "CombatRolled" in kinds and "PhaseStarted" not in kinds:
            return fresh, d.actor


def test_a_persons_own_fight_is_their_own_steps_and_the_nemesis_is_not():
    fresh, actor = _fight_answer()
    steps = split(fresh)
    assert len(steps) > 1 and own_steps(steps, actor) == len(steps)  # every round of their fight
    # the same steps followed by the Nemesis Phase: the Nemesis's are not theirs
    g = Game(Setup(factions=["krowh"], chapters=2, seed=4)).start()
    from uprising_tui.engine.face.events import PhaseStarted, TurnStarted
    other = "krowh" if actor == "mohyar" else "mohyar"  # the other player's turn
    more = steps + [[PhaseStarted(1, "nemesis")], [TurnStarted(other, 4)]]
    assert own_steps(more, actor) == len(steps)
    assert own_steps([[TurnStarted(other, 4)]] + steps, actor) == 0
    assert own_steps(steps, None) == 0
    del g


def test_step_pacing_does_not_wait_for_a_key_on_a_persons_own_steps():
    async def run():
        p = Pacer("step", delay=0)
        await asyncio.wait_for(p.wait(own=True), 1)  # as auto: on after the short pause
        waiter = asyncio.ensure_future(p.wait())
        for _ in range(5):
            await asyncio.sleep(0)
        assert not waiter.done() and p.waiting  # the Nemesis's step waits for Space
        p.advance()
        await asyncio.wait_for(waiter, 1)
    asyncio.run(run())


@pytest.mark.asyncio
async def test_a_step_with_nothing_to_show_is_not_waited_on(tmp_path):
    from uprising_tui.engine.face.events import TurnEnded
    ctl, app = opened(tmp_path, pacing="step")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        g = game_screen(app)
        before = g.bar.wait_text
        assert g.playback.show_step([TurnEnded("druwhn")], 1, 3, frozenset(), None) is False
        assert g.bar.wait_text == before  # nothing shown: the bar keeps what it said
        from uprising_tui.engine.face.events import PhaseStarted
        assert g.playback.show_step([TurnEnded("druwhn"), PhaseStarted(1, "nemesis")], 1, 3, frozenset(), None) is True
        assert "Nemesis Phase" in g.bar.wait_text


@pytest.mark.asyncio
async def test_page_keys_on_an_options_list_not_drawn_do_nothing(tmp_path):
    """Found by the monkey: PageDown with the decision's options focused while they were not drawn
    (the narrow screen's log in their place) failed inside OptionList."""
    ctl, app = opened(tmp_path, pacing="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        g = game_screen(app)
        options = g.bar.query_one("#options")
        g.query_one("#decision-col").styles.display = "none"  # (as the narrow screen's log did, by a style)
        await pilot.pause()
        g.bar.wait("What happens", "a step", "")  # new lines while the list is not drawn
        options.focus()  # (as a new decision does: the bar focuses its options)
        await pilot.pause()
        assert app.focused is options and not options.scrollable_content_region
        await pilot.press("pagedown", "pageup")
        await pilot.pause()
        assert app._exception is None
