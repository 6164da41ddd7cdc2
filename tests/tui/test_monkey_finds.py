"""What the monkey found that is not said elsewhere, each replayed the way it happened."""
from __future__ import annotations

import pytest
from textual import events
from textual.widgets import Markdown

from uprising_tui.tui.app import make_app
from uprising_tui.tui.screens.help import HelpScreen

from .pilot_helpers import until


@pytest.mark.asyncio
async def test_a_click_where_the_help_text_was_just_replaced(tmp_path):
    """A mouse press on the help's text in the moment after it was replaced (another section, or a
    search) landed on a paragraph already taken off the screen, and Textual's text selection failed
    starting there (the app allows no in-app selection: UprisingApp.ALLOW_SELECT)."""
    app = make_app(data_dir=tmp_path, preload=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        assert await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        scr = app.screen
        body = scr.query_one(Markdown)
        assert await until(pilot, lambda: bool(body.children) and body.children[0].region.area > 0)
        x, y = body.children[0].region.offset
        await body.update("## Something else\n\nA new paragraph.")  # the old paragraphs come off
        scr._forward_event(events.MouseDown(None, x + 1, y, 0, 0, 1, False, False, False, screen_x=x + 1,
                                            screen_y=y))  # before the screen is drawn again
        await pilot.pause()
        assert app._exception is None


@pytest.mark.asyncio
@pytest.mark.parametrize("leave", ["title", "quit", "pruned"])
async def test_odds_worked_out_after_the_game_screen_is_gone(tmp_path, leave):
    """Found by the monkey: a Command target's odds, still being worked out (off the UI thread)
    when the game screen went (leaving to the title, the app closing), were then shown on a screen
    that was no longer there."""
    import asyncio

    from uprising_tui.engine import Setup
    from uprising_tui.tui.controller import GameController, default_seats
    from uprising_tui.tui.saves import SaveStore
    from uprising_tui.tui.screens.title import TitleScreen
    from uprising_tui.tui.screenshots import _enemy_target, advance

    from .pilot_helpers import game_screen, settle
    setup = Setup(factions=["duerkhar", "mohyar"], chapters=2, seed=7)
    ctl = GameController.new(setup, default_seats(setup.factions, ["mohyar"]), SaveStore(tmp_path))
    advance(ctl, lambda c: c.decision.kind == "turn" and not c.is_bot_turn() and _enemy_target(c) is not None)
    target = _enemy_target(ctl)
    slow = ctl.odds

    def slower(option_id):
        import time
        time.sleep(0.4)  # (a big fight's odds take a while)
        return slow(option_id)
    ctl.odds = slower
    app = make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        g = game_screen(app)
        await pilot.press(*g.bar.keys_for(target)[:-1])  # the target under the cursor: its odds start
        await asyncio.sleep(0.2)  # (the worker waits for the cursor to rest, then goes off the thread)
        if leave == "title":
            app.to_title()
            assert await until(pilot, lambda: isinstance(app.screen, TitleScreen))
            await asyncio.sleep(0.6)
            await pilot.pause()
        elif leave == "quit":  # the app quits (ctrl+q, the palette's Quit)
            app.exit()
            await asyncio.sleep(0.6)
        else:  # the odds come back to a screen already taken apart (the monkey met it at the app's close)
            d = ctl.decision
            app.to_title()
            assert await until(pilot, lambda: isinstance(app.screen, TitleScreen) and not g.is_attached)
            g._odds_for = (d, target)
            await g._work_out_odds(d, target, "for the target")  # must come back quietly
    assert app._exception is None and app.return_code in (0, None)


@pytest.mark.asyncio
async def test_page_keys_on_an_option_list_not_laid_out():
    """Found by the monkey: PageDown in the command palette while its list, holding commands, was
    not laid out yet (a small terminal) failed inside Textual's OptionList. Every OptionList now
    ignores a page key until its lines are laid out (textual_adapter.py, imported by the app)."""
    from textual.app import App
    from textual.widgets import OptionList

    import uprising_tui.tui.textual_adapter  # noqa: F401  (as the app imports it)

    class Lists(App):
        def compose(self):
            yield OptionList("one", "two", "three", id="hidden")

        def on_mount(self):
            self.query_one("#hidden").display = False  # options, and no lines laid out

    app = Lists()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        ol = app.query_one(OptionList)
        ol.highlighted = 0
        assert ol._options and not ol._index_to_line
        ol.action_page_down()
        ol.action_page_up()
        assert ol.highlighted == 0


@pytest.mark.asyncio
async def test_leaving_while_the_bots_play_stops_them(tmp_path):
    """Found by the monkey: leaving to the title (q, y) while a bot's move waited its turn (auto
    pacing), the game went on behind the title screen: the bot answered, and the next step looked
    for the game screen's panes, gone by then."""
    import asyncio

    from uprising_tui.engine import Setup
    from uprising_tui.tui.controller import GameController, default_seats
    from uprising_tui.tui.saves import SaveStore
    from uprising_tui.tui.screens.title import TitleScreen
    from uprising_tui.tui.screenshots import advance

    from .pilot_helpers import game_screen
    setup = Setup(factions=["duerkhar", "mohyar"], chapters=2, seed=7)
    ctl = GameController.new(setup, default_seats(setup.factions, ["mohyar"]), SaveStore(tmp_path))
    advance(ctl, lambda c: c.is_bot_turn() and c.decision.kind == "turn")  # the bot's turn comes first
    app = make_app(data_dir=tmp_path, pacing="auto", preload=False, opener=lambda: ctl)
    async with app.run_test(size=(80, 24)) as pilot:
        g = None
        assert await until(pilot, lambda: (g := game_screen(app)) is not None and g.is_mounted
                           and g.driving and g.pacer.waiting)
        left_at = ctl.answers
        app.to_title()
        assert await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await asyncio.sleep(1.5)  # longer than the auto pacing's pause
        await pilot.pause()
        assert app._exception is None
        assert ctl.answers == left_at  # nothing answered for anyone once the game is left



@pytest.mark.asyncio
async def test_a_decision_bar_half_taken_down_is_not_drawn_into(tmp_path):
    """Found by the monkey's sweep (seed 2180, at exit): a worker still playing drew into the
    decision bar after the closing app had taken its parts (NoMatches for #prompt)."""
    from rich.text import Text

    from uprising_tui.engine import Setup
    from uprising_tui.tui.controller import GameController, default_seats
    from uprising_tui.tui.saves import SaveStore
    from uprising_tui.tui.widgets.decision_bar import DecisionBar

    from .pilot_helpers import game_screen, settle
    setup = Setup(factions=["krowh"], chapters=2, seed=3)
    ctl = GameController.new(setup, default_seats(setup.factions), SaveStore(tmp_path))
    app = make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        g = game_screen(app)
        bar = g.query_one(DecisionBar)
        assert bar.complete and not g.playback.gone()
        await bar.query_one("#prompt").remove()  # what the closing app does first
        assert not bar.complete and g.playback.gone()
        bar.wait("A bot", Text("plays"))  # nothing raised, nothing drawn
        bar.show(ctl.decision, ctl.grouped_options(), {}, None)
        assert app._exception is None
