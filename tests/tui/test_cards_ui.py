"""Cards in words: every card of the box renders; the card behind the option under the cursor
shows beside the map; k opens every card on the table."""
from __future__ import annotations

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
from uprising_tui.tui.widgets.card_info import CardInfo
from uprising_tui.tui.widgets.text_pane import TextPane

from .pilot_helpers import game_screen, settle, shown, until


def plain(renderable) -> str:
    con = Console(width=80, record=True)
    con.print(renderable)
    return con.export_text()


def test_every_card_of_the_box_reads_in_words():
    cat = default_catalog()
    for table in (cat.feats, cat.items, cat.druids, cat.quests, cat.legions, cat.hordes, cat.events):
        for cid, card in table.items():
            text = plain(card_text(cat, cid, 4))
            assert text.startswith(card.name), cid
            assert "`" not in text and "op=" not in text, cid  # no code or raw data leaks into the words


def test_a_legion_shows_its_dice_at_its_threat():
    cat = default_catalog()
    text = plain(card_text(cat, "butcher", 4))
    row = cat.legions["butcher"].dice[4]
    assert "▶ Threat 4: archery " + " ".join({"blue": "U", "white": "W"}[c] for c in row.archery) in text


@pytest.mark.asyncio
async def test_the_card_under_the_cursor_and_the_cards_screen(tmp_path):
    setup = Setup(factions=["duerkhar", "mohyar"], chapters=2, seed=7)
    ctl = GameController.new(setup, default_seats(setup.factions, ["mohyar"]), SaveStore(tmp_path))
    advance(ctl, lambda c: c.decision.kind == "keep_feat" and not c.is_bot_turn())
    first = ctl.decision.options[0].card
    app = make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        g = game_screen(app)
        info = g.query_one(CardInfo)
        await until(pilot, lambda: info.card == first)
        assert info.card == first and info.display
        assert ctl.cat.feats[first].text[:30] in shown(info).replace("\n", " ")
        await pilot.press("down")
        await until(pilot, lambda: info.card == ctl.decision.options[1].card)
        assert info.card == ctl.decision.options[1].card
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, CardsScreen)
        text = shown(app.screen.query_one("#card-text"))
        assert ctl.cat.names[ctl.decision.options[1].card] in text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is g


def feat_choice_app(tmp_path):
    """A two-faction game at its first Feat to keep (a card under the cursor), and its app."""
    setup = Setup(factions=["duerkhar", "mohyar"], chapters=2, seed=7)
    ctl = GameController.new(setup, default_seats(setup.factions, ["mohyar"]), SaveStore(tmp_path))
    advance(ctl, lambda c: c.decision.kind == "keep_feat" and not c.is_bot_turn())
    return ctl, make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: ctl)


async def card_on_show(pilot, app):
    """The game screen of `feat_choice_app` once its Feat's card is on show, and the card."""
    await settle(pilot)
    g = game_screen(app)
    info = g.query_one(CardInfo)
    await until(pilot, lambda: info.card is not None)
    return g, info


@pytest.mark.asyncio
async def test_the_card_is_drawn_over_the_foot_of_the_side_column_without_resizing_it(tmp_path):
    """Showing or hiding the card lays out nothing else: it lies on a layer of its own over the hex
    details and the last lines of the side pane, and the side panes scroll as if that much shorter."""
    ctl, app = feat_choice_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        g, info = await card_on_show(pilot, app)
        side, body, details = g.query_one("#side"), g.query_one("#board-body", TextPane), g.query_one("#details")
        covered = info.region.height - details.region.height
        assert covered > 0 and body.covered == covered
        assert info.region.bottom == side.parent.region.bottom and info.region.y == side.region.bottom - covered
        body.scroll_end(animate=False)
        await pilot.pause()
        last_row = body.region.y + len(body.lines) - 1 - int(body.scroll_y)
        assert last_row < info.region.y  # the board's last line can be read above the card
        with_card = (side.region, body.region, details.region)
        g.show_highlight(None)
        await pilot.pause()
        assert not info.display and body.covered == 0
        assert (side.region, body.region, details.region) == with_card  # nothing under the card moved
        g.show_highlight(ctl.decision.options[0])
        await pilot.pause()
        assert info.display
        g.playback.show_step(list(ctl.events[-1:]), 1, 2, [], None)  # a step played out: nobody is choosing
        await pilot.pause()
        assert not info.display and body.covered == 0


@pytest.mark.asyncio
async def test_a_card_coming_or_going_changes_no_other_widget_s_place_on_the_screen(tmp_path):
    """The compositor repaints every widget whose entry in its map changed (region, paint order,
    clip...). The card comes first in the side column, so it coming or going changes only its own
    entry: the panes under it are not repainted as new."""
    _ctl, app = feat_choice_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        g, info = await card_on_show(pilot, app)
        with_card = dict(g._compositor._full_map)
        g.show_highlight(None)
        await pilot.pause()
        assert not info.display
        without = dict(g._compositor._full_map)
        assert info in with_card and info not in without
        assert {w: geo for w, geo in with_card.items() if w is not info} == without
