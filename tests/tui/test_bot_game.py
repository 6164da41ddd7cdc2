"""A whole game with bot allies, played through the client, while a guard proves the client never
reads the engine's raw state; then the end screen."""
from __future__ import annotations

import pytest

from uprising_tui.engine import Setup
from uprising_tui.tui.app import make_app
from uprising_tui.tui.controller import Seat
from uprising_tui.tui.screens.end import EndScreen
from uprising_tui.tui.widgets.combat_log import CombatLog
from uprising_tui.tui.widgets.combat_view import CombatPane
from uprising_tui.tui.widgets.nemesis_view import NemesisPane
from uprising_tui.tui.widgets.player_board import PlayerBoard

from . import raw_state_guard
from .pilot_helpers import game_screen, settle, shown

pytestmark = pytest.mark.asyncio


async def test_a_whole_game_with_bot_allies(tmp_path, monkeypatch):
    reads: list = []
    raw_state_guard.install(monkeypatch, reads)
    setup = Setup(factions=["krowh", "druwhn", "mohyar"], chapters=2, seed=5)
    seats = [Seat("krowh", "Cas", None, "red"), Seat("druwhn", "Heuristic bot", "heuristic", "green"),
             Seat("mohyar", "Random bot", "random", "orange")]
    app = make_app(setup=setup, seats=seats, data_dir=tmp_path, pacing="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        mine = 0
        for _ in range(2000):
            await settle(pilot)
            if isinstance(app.screen, EndScreen):
                break
            g = game_screen(app)
            assert g.ctl.decision.actor == "krowh", "the client stopped on a bot's decision"
            assert g.bar.interactive
            # the person asks the bot to answer for them: one key per decision
            await pilot.press("x")
            mine += 1
        else:
            raise AssertionError("the game did not end")
        g = game_screen(app)
        ctl = g.ctl
        assert ctl.finished and mine > 10
        # bots answered their own decisions, visibly: their answers are in the game
        assert ctl.answers > mine
        view = ctl.view
        end = app.screen
        verdict = shown(end.query_one("#verdict"))
        assert view.verdict in verdict
        for p in view.players:
            assert f"{p.faction.capitalize()} {p.vp}" in verdict
        assert f"The Empire {view.vp_empire}" in verdict and f"Chaos {view.vp_chaos}" in verdict
        figures = shown(end.query_one("#figures-table"))
        assert "VP, Chapter 2" in figures and "Units lost" in figures
        assert end.stats.vp_by_chapter["krowh"][-1] == view.player("krowh").vp
        # back on the board, the panes hold the whole game
        await pilot.press("escape")
        await settle(pilot)
        log = g.query_one(CombatLog).lines
        assert any(line.startswith("Game over") for line in log)
        assert "── Chapter 2: Scoring ──" in log
        board = g.query_one(PlayerBoard)
        for faction in ("krowh", "druwhn", "mohyar", "table"):
            board.show_page(faction)
            text = "\n".join(board.query_one("#board-body").lines)
            if faction == "table":
                assert "Market:" in text and "Decks:" in text
            else:
                p = view.player(faction)
                assert f"Salt {p.salt}  Plunder {p.plunder}  Food {p.food}" in text
        await pilot.press("n")
        nem = "\n".join(g.query_one(NemesisPane).lines)
        assert "activates" in nem or "enters on" in nem
        await pilot.press("c")
        fight = "\n".join(g.query_one(CombatPane).lines)
        assert "Fight" in fight and "round" in fight
    assert reads == [], f"the client read the raw state: {reads}"
