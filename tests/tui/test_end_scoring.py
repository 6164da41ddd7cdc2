"""Scoring in the client: each term in the log as the engine words it, and the end screen's table
of VP term by term, whose rows add up to every side's final VP."""
from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from uprising_tui.engine import Setup
from uprising_tui.engine.face.log import render_all
from uprising_tui.tui.app import make_app
from uprising_tui.tui.controller import GameController, default_seats
from uprising_tui.tui.saves import SaveStore
from uprising_tui.tui.screens.end import TERM_ROWS, EndScreen
from uprising_tui.tui.screenshots import advance
from uprising_tui.tui.widgets.combat_log import CombatLog
from uprising_tui.tui.widgets.vp_chart import VPChart

from .pilot_helpers import drawn, game_screen, settle, until


def _finished(tmp_path):
    """A 2-faction game played to its end (a bot beside a person), and an app opened on it."""
    setup = Setup(factions=["duerkhar", "mohyar"], chapters=2, seed=7)
    ctl = GameController.new(setup, default_seats(setup.factions, ["mohyar"]), SaveStore(tmp_path))
    advance(ctl, lambda c: False)
    return ctl, make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: ctl)


async def _end(pilot, app) -> EndScreen:
    """The end screen, once the app has reached it and drawn it."""
    await settle(pilot)
    assert await until(pilot, lambda: isinstance(app.screen, EndScreen))
    await settle(pilot)
    return app.screen


@pytest.mark.asyncio
async def test_the_log_and_the_end_screen_say_scoring_term_by_term(tmp_path):
    ctl, app = _finished(tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        end = await _end(pilot, app)
        terms = [e for e in ctl.events if e.event_type == "ScoreTerm"]
        assert terms
        log = game_screen(app).query_one(CombatLog).lines
        words = render_all(terms, ctl.cat)
        for line in words:
            assert line in log
        assert any(x.startswith("The Empire scores") for x in words) and any(x.startswith("Duerkhar scores") for x in words)
        table = "\n".join(drawn(app, end.query_one("#scoring-table")))
        sides = ["duerkhar", "mohyar", "empire", "chaos"]
        final = dict(next(e for e in ctl.events if e.event_type == "GameOver").vp)
        rows = {}
        for line in table.splitlines():
            cells = [c.strip() for c in re.split(r"[│┃|]", line) if c.strip() != ""]
            if cells and cells[0] in TERM_ROWS.values() or cells and cells[0] in ("Other VP", "Total"):
                rows[cells[0]] = line
        assert "Total" in rows and "Other VP" in rows and "Havens" in rows
        st = end.stats
        for s in sides:
            assert sum(st.scored.get(s, {}).values()) + st.other_vp(s) == final[s]
            by_events = sum(e.vp for e in terms if e.side == s)
            assert sum(st.scored.get(s, {}).values()) == by_events
        assert re.search(r"Total\D+" + r"\D+".join(str(final[s]) for s in sides), rows["Total"])


@pytest.mark.asyncio
async def test_the_vp_chart_keys_its_lines_on_a_narrow_screen_where_plotext_drops_its_legend(tmp_path):
    ctl, app = _finished(tmp_path)
    async with app.run_test(size=(80, 40)) as pilot:
        chart = (await _end(pilot, app)).query_one(VPChart)
        shown = "\n".join(drawn(app, chart))
        for who, mark in (("Duerkhar", "•"), ("Mohyar", "x"), ("The Empire", "+"), ("Chaos", "o")):
            assert f"{mark} {who}" in shown, shown  # every line's marker and whose it is, on screen


@pytest.mark.asyncio
async def test_at_80x24_the_vp_plot_gives_way_to_the_tables_that_say_the_same(tmp_path):
    ctl, app = _finished(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        end = await _end(pilot, app)
        assert not end.query_one(VPChart).display  # three rows of plot would hide two of the four lines
        console = Console(width=78, record=True, file=io.StringIO())
        console.print(end.figures())  # the whole table the Static shows (it scrolls at 80x24)
        figures = console.export_text()
        st = end.stats
        for i in range(len(st.vp_by_chapter["duerkhar"])):
            row = next(line for line in figures.splitlines() if f"VP, Chapter {i + 1}" in line)
            assert re.search(r"\D+".join(str(st.vp_by_chapter[s][i]) for s in st.sides), row)
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert end.query_one(VPChart).display  # tall enough again: the plot is back
