"""Whole stretches of play through the client, by key presses alone, asserting on the panes."""
from __future__ import annotations

import pytest

from uprising_tui.engine import Setup
from uprising_tui.tui.app import make_app
from uprising_tui.tui.controller import Seat
from uprising_tui.tui.widgets.combat_log import CombatLog
from uprising_tui.tui.widgets.player_board import PlayerBoard
from uprising_tui.tui.widgets.status_bar import StatusBar

from .pilot_helpers import game_screen, play_by_keys, settle, shown

pytestmark = pytest.mark.asyncio


async def test_a_chapter_of_a_hot_seat_game_by_keys(tmp_path):
    setup = Setup(factions=["duerkhar", "mohyar"], chapters=2, seed=11)
    seats = [Seat("duerkhar", "Ann", None, "blue"), Seat("mohyar", "Bo", None, "orange")]
    app = make_app(setup=setup, seats=seats, data_dir=tmp_path, pacing="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        answers = await play_by_keys(pilot, until=lambda g: g.view.chapter == 2 and g.view.phase != "refresh"
                                     and g.bar.interactive)
        g = game_screen(app)
        ctl = g.ctl
        assert answers == ctl.answers > 30
        # every answer went in by keys and was saved
        assert (tmp_path / "autosave.json").is_file()
        lines = g.query_one(CombatLog).lines
        for phase in ("Refresh", "Events", "Build", "Actions", "Nemesis", "Production", "Scoring"):
            assert f"── Chapter 1: {phase} ──" in lines
        assert "── Chapter 2: Refresh ──" in lines
        status = shown(g.query_one(StatusBar))
        assert "Chapter 2/2" in status
        view = ctl.view
        for p in view.players:
            assert f"{p.faction.capitalize()} {p.vp}" in status
        board = g.query_one(PlayerBoard)
        assert board.page == ctl.decision.actor
        body = shown(board.query_one("#board-body"))
        p = view.player(board.page)
        assert f"Salt {p.salt}  Plunder {p.plunder}  Food {p.food}" in body
