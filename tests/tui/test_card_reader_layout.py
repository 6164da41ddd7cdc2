"""The card reader's layout (issue 21): a card's name and price never wrap into a line that reads
as a section's title (a wrapped row goes on indented under its name, its price kept whole), and
a card's text starts with its name on a line of its own."""
from __future__ import annotations

import re

import pytest
from rich.console import Console

from uprising_tui.content.loader import default_catalog
from uprising_tui.engine import Setup
from uprising_tui.tui.app import make_app
from uprising_tui.tui.card_text import card_text
from uprising_tui.tui.controller import GameController, default_seats
from uprising_tui.tui.saves import SaveStore
from uprising_tui.tui.screens.cards import CardsScreen
from uprising_tui.tui.screenshots import advance

from .pilot_helpers import settle, shown


def test_a_card_starts_with_its_name_alone_then_its_kind_and_price():
    cat = default_catalog()
    con = Console(width=30, record=True)
    for table in (cat.items, cat.feats, cat.quests, cat.legions, cat.hordes, cat.events):
        for cid, card in table.items():
            con.print(card_text(cat, cid, 3))
            lines = con.export_text().splitlines()
            name_lines = len(Console(width=30).render_lines(card.name + "\n")) if len(card.name) > 30 else 1
            assert " ".join(lines[:name_lines]).split() == card.name.split(), cid
            if cid in cat.items:
                assert f"{card.cost} Salt" in " ".join(lines[name_lines:name_lines + 2]), cid


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_rows_that_wrap_go_on_indented_and_prices_stay_whole(tmp_path, size):
    setup = Setup(factions=["duerkhar", "mohyar"], chapters=2, seed=7)
    ctl = GameController.new(setup, default_seats(setup.factions, ["mohyar"]), SaveStore(tmp_path))
    advance(ctl, lambda c: c.answers >= 20 and not c.is_bot_turn())
    app = make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: ctl)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        app.push_screen(CardsScreen(ctl.cat, ctl.view))
        await pilot.pause()
        ol = app.screen.query_one("#cards")
        titles = {title for title, _cards in app.screen.sections}
        rows = []
        for i in range(ol.option_count):
            opt = ol.get_option_at_index(i)
            lines = str(opt.prompt).split("\n") if not opt.disabled else [str(opt.prompt)]
            rows.append((opt.disabled, lines))
        for disabled, lines in rows:
            if disabled:
                assert lines[0].strip() in titles
                continue
            assert all(line.startswith("   ") for line in lines[1:]), lines  # wrapped: indented under the name
            assert lines[0].startswith("  ") and not lines[0].startswith("   ")
            assert not any(re.fullmatch(r"\s*Salt", line) for line in lines), lines  # "1 Salt" kept whole
        text = shown(ol)
        assert "Market" in text
