"""Nothing a player needs is cut off (issue 21, "Nothing cut off"): at a position of every kind
of Decision (tests/tui/decision_positions.py names them all), at 80x24 and 120x40, every option's
label appears whole on the screen when it is under the cursor (the decision bar draws it whole
there, on two lines if it must), and the odds of an option that has some show their summary
whole. What is read is the screen as drawn (the compositor's lines), a wrapped line joined to
the next."""
from __future__ import annotations

import re

import pytest

from uprising_tui.tui.app import make_app
from uprising_tui.tui.controller import GameController, default_seats
from uprising_tui.tui.widgets.odds_panel import OddsPanel, summary_text

from uprising_tui.engine import Game

from .decision_positions import BUILDERS, KINDS, positions, reached
from .pilot_helpers import game_screen, settle, until

pytestmark = pytest.mark.asyncio

FRAME = re.compile(r"[│╭╮╰╯─▏▕▁▂▃▄▅▆▇█]")


def region_text(app, widget) -> str:
    """The text drawn in `widget`'s region, its lines joined, frames and scrollbars left out."""
    strips = app.screen._compositor.render_strips()
    r = widget.region
    lines = [FRAME.sub(" ", strips[y].crop(r.x, r.x + r.width).text) for y in range(r.y, r.y + r.height)]
    return " ".join(" ".join(lines).split())


def whole(text: str, shown: str) -> bool:
    return " ".join(text.split()) in shown


def controller(game) -> GameController:
    """One person at every seat (no hand-over screens between positions)."""
    return GameController(game, default_seats(game.setup.factions, names={f: "You" for f in game.setup.factions}))


async def check_options(app, pilot, kind: str, problems: list) -> tuple[int, int]:
    """Each option of the decision on show, under the cursor in turn: its label whole in the
    decision bar, its odds' summary whole in the odds panel (two options with odds at most)."""
    scr = game_screen(app)
    assert scr.ctl.decision.kind == kind
    bar, odds = scr.bar, scr.query_one(OddsPanel)
    checked = waited = 0
    for group, opts in bar.groups:
        for o in opts:
            bar.select_option(o.id)
            await pilot.pause()
            checked += 1
            # (a few more turns of the loop if the bar has not drawn it yet: its messages, the odds)
            if not whole(o.label, region_text(app, bar)) and not await until(
                    pilot, lambda: whole(o.label, region_text(app, bar)), limit=60):
                problems.append((kind, "option", o.label))
            if scr._odds_for is not None and scr._odds_for[1] == o.id and waited < 2:
                waited += 1  # (the odds line is laid out alike for every option)
                await until(pilot, lambda: odds.odds is not None or "working" not in str(odds.render()))
                if odds.odds is not None:
                    summary = summary_text(odds.odds, odds._width()).plain
                    if not whole(summary, region_text(app, odds)):
                        problems.append((kind, "odds", summary))
                else:
                    waited -= 1
    return checked, waited


async def opened(app, pilot, ctl) -> None:
    app.open_game(ctl)
    assert await until(pilot, lambda: getattr(game_screen(app), "ctl", None) is ctl)
    await settle(pilot)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_option_and_the_odds_are_whole_at_every_decision_kind(tmp_path, size):
    made = positions()
    assert set(made) == set(KINDS), f"no position reached: {sorted(set(KINDS) - set(made))}"
    games = reached()
    first = controller(Game(games[0][0]).start())
    app = make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: first)
    problems: list = []
    checked = odds_seen = 0
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        # the kinds a game reaches, in its order: the game is opened once and played on to each
        for setup, kinds in games:
            ctl = controller(Game(setup).start())
            await opened(app, pilot, ctl)
            for kind, answers in kinds:
                for a in answers[ctl.answers:]:
                    ctl.answer(a)
                assert await until(pilot, lambda: game_screen(app).bar.interactive and
                                   game_screen(app).bar.decision is ctl.decision)
                await settle(pilot)
                n, o = await check_options(app, pilot, kind, problems)
                checked, odds_seen = checked + n, odds_seen + o
        for kind, build in BUILDERS.items():
            await opened(app, pilot, controller(build()))
            n, o = await check_options(app, pilot, kind, problems)
            checked, odds_seen = checked + n, odds_seen + o
    assert not problems, problems
    assert checked > 250 and odds_seen >= 3, (checked, odds_seen)
