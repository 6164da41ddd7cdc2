"""The crashes players met, each replayed: `k` during an Actions turn (a card both being chosen and in
hand), `U` early in a game (two checkpoints at one answer)."""
from __future__ import annotations

import pytest

from uprising_tui.engine import Setup
from uprising_tui.tui.app import make_app
from uprising_tui.tui.controller import GameController, default_seats
from uprising_tui.tui.saves import SaveStore
from uprising_tui.tui.screens.cards import CardsScreen, table_cards
from uprising_tui.tui.screens.undo_to import UndoToScreen
from uprising_tui.tui.screenshots import advance
from uprising_tui.tui.widgets.card_info import option_card

from .pilot_helpers import game_screen, settle, shown, until

pytestmark = pytest.mark.asyncio


def _on_the_table(c: GameController) -> set[str]:
    return {cid for _title, cards in table_cards(c.cat, c.view) for cid, _label in cards}


def _card_on_the_table_and_choosing(c: GameController) -> bool:
    """An Actions turn whose options name a card the table shows too (an Item on the Market, a
    Quest on offer, a Feat in hand)."""
    d = c.decision
    if d.kind != "turn" or c.is_bot_turn():
        return False
    return any(option_card(o) in _on_the_table(c) for o in d.options)


async def test_the_card_reader_opens_during_an_actions_turn_with_a_card_in_hand(tmp_path):
    setup = Setup(factions=["duerkhar", "mohyar"], chapters=2, seed=7)
    ctl = GameController.new(setup, default_seats(setup.factions, ["mohyar"]), SaveStore(tmp_path))
    advance(ctl, _card_on_the_table_and_choosing)
    assert ctl.decision is not None
    app = make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        g = game_screen(app)
        await pilot.press("k")
        assert await until(pilot, lambda: isinstance(app.screen, CardsScreen))
        scr = app.screen
        titles = [t for t, _ in scr.sections]
        assert titles[0] == "Choosing now"
        twice = [cid for cid, _ in scr.sections[0][1] if cid in _on_the_table(ctl)]
        assert twice  # the same card in two sections, each a row of its own
        rows = [r for r, cid in scr.row_cards.items() if cid == twice[0]]
        assert len(rows) >= 2
        await pilot.press("down")
        await pilot.pause()
        assert shown(scr.query_one("#card-text")).strip()
        await pilot.press("escape")
        assert await until(pilot, lambda: app.screen is g)


async def test_undo_to_opens_when_two_checkpoints_share_an_answer(tmp_path):
    """A phase with no question (Refresh at the game's start) and the next phase start at the same
    answer: one row that names both, no crash."""
    setup = Setup(factions=["duerkhar"], chapters=2, seed=3)
    ctl = GameController.new(setup, default_seats(setup.factions), SaveStore(tmp_path))
    advance(ctl, lambda c: c.answers >= 3)
    indexes = [c.index for c in ctl.game.checkpoints() if c.index < ctl.answers]
    assert len(indexes) != len(set(indexes))  # the case the players met
    app = make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("U")
        assert await until(pilot, lambda: isinstance(app.screen, UndoToScreen))
        keeps = [keep for keep, _label in app.screen.checkpoints]
        assert len(keeps) == len(set(keeps)) == len(set(indexes))
        labels = dict(app.screen.checkpoints)
        assert "Refresh Phase" in labels[0] and "Events Phase" in labels[0]
        await pilot.press("escape")
        await pilot.pause()
