"""The header names who is at the acting seat plainly: no empty "— (Syndra)" for a seat that bears
its faction's name (as `uprising new` gives a person), and "bot" said once."""
from __future__ import annotations

import pytest

from uprising_tui.engine import Setup
from uprising_tui.tui.app import make_app
from uprising_tui.tui.controller import default_seats
from uprising_tui.tui.widgets.status_bar import StatusBar, who_plays

from .pilot_helpers import game_screen, settle, shown


def test_who_plays_words_each_kind_of_seat():
    assert who_plays("You", "Syndra", False) == "You (Syndra)"
    assert who_plays("", "Syndra", False) == "Syndra"
    assert who_plays("Heuristic bot", "Yanny", True) == "Heuristic bot (Yanny)"
    assert who_plays("Robo", "Yanny", True) == "Robo (Yanny, bot)"
    assert who_plays("", "Yanny", True) == "Yanny (bot)"


@pytest.mark.asyncio
async def test_a_seat_named_after_its_faction_shows_its_hero_alone(tmp_path):
    setup = Setup(factions=["druwhn"], chapters=2, seed=3)
    app = make_app(setup=setup, seats=default_seats(setup.factions), data_dir=tmp_path, preload=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        line = shown(game_screen(app).query_one(StatusBar))
        assert "▶ Druwhn — Syndra" in line and "(Syndra)" not in line and "— (" not in line
