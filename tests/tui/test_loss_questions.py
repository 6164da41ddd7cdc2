"""A loss is confirmed only where a person could regret it: the cheapest loss (the one the bot would
take) is answered at once; a dearer one asks, in words of one Unit ('Lose your last Oathsworn?')."""
from __future__ import annotations

import pytest

from uprising_tui.engine import Setup
from uprising_tui.tui.app import make_app
from uprising_tui.tui.controller import GameController, default_seats
from uprising_tui.tui.saves import SaveStore
from uprising_tui.tui.screens.confirm import ConfirmScreen
from uprising_tui.tui.screenshots import advance

from .pilot_helpers import game_screen, settle, shown, until

pytestmark = pytest.mark.asyncio


def at_a_loss(tmp_path):
    setup = Setup(factions=["duerkhar", "mohyar"], chapters=2, seed=1)
    ctl = GameController.new(setup, default_seats(setup.factions, ["mohyar"]), SaveStore(tmp_path))
    advance(ctl, lambda c: c.decision.kind == "assign_damage" and not c.is_bot_turn())
    assert len([o for o in ctl.decision.options if o.group == "unit"]) > 1
    return ctl, make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: ctl)


def one_of(ctl, unit: str, plural: str) -> str:
    """How the question names one of the Units on the fight's hex: 'your last Oathsworn' or
    '1 of your 3 Spearsingers' (counted from the table, not written in)."""
    where = next(o.hex for o in ctl.decision.options if o.hex)
    here = dict(ctl.view.hexes[where].units).get(unit, 0)
    return f"your last {plural if plural == 'Oathsworn' else plural.removesuffix('s')}" if here == 1 else f"1 of your {here} {plural}"


async def pick(pilot, app, ctl, option_id: str) -> int:
    """Pick `option_id` by keys at the loss; returns the answers given before."""
    await settle(pilot)
    before = ctl.answers
    await pilot.press(*game_screen(app).bar.keys_for(option_id))
    return before


async def test_the_cheapest_loss_is_taken_without_a_question(tmp_path):
    ctl, app = at_a_loss(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        cheapest = ctl.suggest()
        before = await pick(pilot, app, ctl, cheapest)
        assert await until(pilot, lambda: ctl.answers == before + 1 or isinstance(app.screen, ConfirmScreen))
        assert not isinstance(app.screen, ConfirmScreen) and ctl.game.answers[before] == cheapest


async def test_a_dearer_loss_asks_first_in_words_of_one_unit(tmp_path):
    ctl, app = at_a_loss(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        dearer = "unit:oathsworn"
        assert dearer != ctl.suggest()
        before = await pick(pilot, app, ctl, dearer)
        assert await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        question = shown(app.screen.query_one("#question"))
        assert f"Lose {one_of(ctl, 'oathsworn', 'Oathsworn')}? Losing {one_of(ctl, 'spearsingers', 'Spearsingers')} would cost less." in " ".join(question.split())
        assert ctl.answers == before
        await pilot.press("y")
        assert await until(pilot, lambda: ctl.answers == before + 1)
        assert ctl.game.answers[before] == dearer
