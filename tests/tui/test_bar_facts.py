"""Facts a key away in the decision bar (issues 19 and 21): the Market lists every Item on offer,
those the Hero cannot buy greyed with the reason; a Quest shows its chance in the odds panel; a
Command shows the force it gathers, and its shortcuts bring several Units at once."""
from __future__ import annotations

import pytest

from uprising_tui.engine.rules.actions.market import offer
from uprising_tui.tui.app import make_app
from uprising_tui.tui.screenshots import market_app, market_keys
from uprising_tui.tui.widgets.odds_panel import OddsPanel

from .decision_positions import positions
from .pilot_helpers import game_screen, settle, until
from .test_nothing_cut import controller, region_text

pytestmark = pytest.mark.asyncio


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_market_lists_what_the_hero_cannot_buy_and_why(tmp_path, size):
    app = market_app(tmp_path, 7)
    async with app.run_test(size=size) as pilot:
        await market_keys(pilot)
        scr = game_screen(app)
        ctl = scr.ctl
        text = region_text(app, scr.bar)
        got = offer(ctl.cat, ctl.view, ctl.decision.actor)
        assert any(not o.buyable for o in got)
        for o in got:
            name = ctl.cat.names[o.item]
            assert name in text, name  # every Item on offer, buyable or not
            if o.salt_short:
                assert f"{o.salt_short} Salt short" in text
            for attr, n in o.needs:
                assert f"needs {attr.capitalize()} {n}" in text or f"{attr.capitalize()} {n}" in text
        ol = scr.bar.query_one("#options")
        greyed = [ol.get_option_at_index(i) for i in range(ol.option_count) if ol.get_option_at_index(i).disabled]
        assert len(greyed) == sum(1 for o in got if not o.buyable)  # not a choice: the cursor passes them by


async def test_a_quest_s_chance_is_in_the_odds_panel(tmp_path):
    ctl = controller(positions()["guile_dice"]())
    app = make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        odds = game_screen(app).query_one(OddsPanel)
        assert await until(pilot, lambda: odds.odds is not None, limit=1500)
        assert hasattr(odds.odds, "success") and "solve" in region_text(app, odds)


async def test_a_command_shows_the_force_it_gathers(tmp_path):
    ctl = controller(positions()["command_units"]())
    app = make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: ctl)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        scr = game_screen(app)
        assert "Coming:" in region_text(app, scr.bar)
        brings = [o for o in ctl.decision.options if o.id.startswith("bring:")]
        assert brings
        before = sum(1 for r in ctl.decision.chosen if r.kind == "unit")
        await pilot.press(*scr.bar.keys_for(brings[0].id))
        await settle(pilot)
        if ctl.decision is not None and ctl.decision.kind == "command_units":
            after = sum(1 for r in ctl.decision.chosen if r.kind == "unit")
            assert after > before
            unit = ctl.cat.names[next(r.id for r in ctl.decision.chosen if r.kind == "unit").split(":")[1]]
            assert await until(pilot, lambda: unit in region_text(app, scr.bar))


async def test_odds_workers_cancelled_before_they_start_leave_no_coroutine_behind(tmp_path):
    """Each cursor move starts an odds worker that replaces the last; one replaced before it ran
    must not leave a never-awaited coroutine (a RuntimeWarning on the terminal, seen in the
    monkey's sweep): the worker is given the function, not a coroutine made in advance."""
    import gc
    import warnings

    ctl = controller(positions()["guile_dice"]())
    app = make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: ctl)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            scr = game_screen(app)
            opts = list(ctl.decision.options)
            for opt in opts * 3:  # each replaces the last before it has run
                scr.show_highlight(opt)
            app.workers.cancel_group(scr, "odds")  # and the last goes too, unstarted (as at exit)
            await settle(pilot)
        gc.collect()
    assert not [w for w in seen if "never awaited" in str(w.message)]
