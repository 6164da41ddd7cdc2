"""The board's Production line says what the next Production gives, Haven hexes included: over
seeded games, the line drawn from the table just before each Production names exactly what that
Production gave; and the board pane of a real game shows it."""
from __future__ import annotations

import pytest

from uprising_tui.bots import get_bot
from uprising_tui.engine import Game, Setup
from uprising_tui.engine.face.projection import Projection
from uprising_tui.tui.app import make_app
from uprising_tui.tui.controller import GameController, default_seats
from uprising_tui.tui.saves import SaveStore
from uprising_tui.tui.screenshots import advance
from uprising_tui.tui.widgets.player_board import PlayerBoard, production_text

from .pilot_helpers import game_screen, settle, shown


@pytest.mark.parametrize("seed, n", [(3, 2), (8, 3), (12, 4)])
def test_the_production_line_names_what_production_gives(seed, n):
    g = Game(Setup(factions=["druwhn", "duerkhar", "krowh", "mohyar"][:n], chapters=2, seed=seed)).start()
    bot = get_bot("heuristic", seed)
    while g.decision is not None:
        g.answer(bot.choose(g, g.decision))
    proj = Projection(g.cat)
    seen = with_hexes = 0
    for ev in g.log:
        if ev.event_type == "Produced":
            view = proj.view()
            havens = [h for h in view.hexes.values() if h.haven == ev.faction]
            line = production_text(g.cat, ev.faction, havens).plain.splitlines()[0]
            assert line == f"Production next: {ev.salt}S {ev.plunder}P {ev.food}F", (ev, line)
            row = g.cat.factions[ev.faction].production[min(len(havens), 5)]
            with_hexes += (ev.salt, ev.plunder, ev.food) != (row.salt, row.plunder, row.food)
            seen += 1
        proj.apply(ev)
    assert seen == 2 * n and with_hexes  # the case the old line got wrong (hexes left out) is met


@pytest.mark.asyncio
async def test_the_board_shows_the_line(tmp_path):
    setup = Setup(factions=["duerkhar", "mohyar"], chapters=2, seed=7)
    ctl = GameController.new(setup, default_seats(setup.factions, ["mohyar"]), SaveStore(tmp_path))
    advance(ctl, lambda c: c.decision.kind == "turn" and not c.is_bot_turn())
    app = make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        g = game_screen(app)
        board = g.query_one(PlayerBoard)
        text = shown(board.query_one("#board-body"))
        v = ctl.view
        havens = [h for h in v.hexes.values() if h.haven == "duerkhar"]
        want = production_text(ctl.cat, "duerkhar", havens).plain.splitlines()
        assert want[0] in text and want[1].strip() in text
