""""What would you do?" (w): the advisor's three best options in a pane, worked out in the advisor's
worker process; Esc cancels at once; the client never waits for it; only the public history goes
to the worker."""
from __future__ import annotations

import pytest

from uprising_tui.bots.strong.advisor import Advice, OptionAdvice, Reason
from uprising_tui.bots.strong.search import Budget
from uprising_tui.engine import Setup
from uprising_tui.tui.app import make_app
from uprising_tui.tui.controller import GameController, default_seats
from uprising_tui.tui.saves import SaveStore
from uprising_tui.tui.screens.advice import AdviceScreen, advice_text
from uprising_tui.tui.screenshots import advance

from .pilot_helpers import game_screen, settle, until
from .raw_state_guard import install

SETUP = Setup(factions=["druwhn", "duerkhar"], chapters=2, seed=42)
SMALL = Budget(rollouts=6, width=3, first=2, horizon="chapter", settle=False)


def opened(tmp_path, answers: int = 8):
    ctl = GameController.new(SETUP, default_seats(SETUP.factions, ["duerkhar"]), SaveStore(tmp_path))
    advance(ctl, lambda c: c.answers >= answers and not c.is_bot_turn() and len(c.decision.options) > 1)
    app = make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: ctl)
    app.advice_budget = SMALL
    return ctl, app


async def _asked(pilot, app) -> AdviceScreen:
    """`w` pressed: the advice pane, open (thinking, or already answered)."""
    await pilot.press("w")
    await pilot.pause()
    pane = app.screen
    assert isinstance(pane, AdviceScreen)
    return pane


@pytest.mark.asyncio
async def test_w_shows_the_advisor_s_best_options_with_their_figures(tmp_path, monkeypatch):
    reads: list = []
    install(monkeypatch, reads)  # the client hands the worker the public history, never the raw state
    ctl, app = opened(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        answers = list(ctl.game.answers)
        pane = await _asked(pilot, app)
        assert await until(pilot, lambda: not pane.thinking, limit=6000)
        assert pane.failed is None, pane.failed
        advice = pane.advice
        assert advice.answers == len(answers) and advice.actor == ctl.decision.actor
        assert 1 <= len(advice.options) <= 3
        ids = {o.id for o in ctl.decision.options}
        assert all(o.option in ids for o in advice.options) and advice.pick in ids
        body = plain(pane.query_one("#advice-body").content, width=200)
        assert advice.options[0].label in body and "win " in body and " VP" in body
        await pilot.press("escape")
        await pilot.pause()
        assert game_screen(app) is app.screen and ctl.game.answers == answers  # advice answers nothing
    assert reads == []


@pytest.mark.asyncio
@pytest.mark.parametrize("key", ["enter", "2"])
async def test_enter_plays_the_advisor_s_pick_and_a_number_plays_that_option(tmp_path, key):
    ctl, app = opened(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        answers = list(ctl.game.answers)
        pane = await _asked(pilot, app)
        if pane.thinking:
            pane.action_play(0)  # still thinking: says so, plays nothing
        assert ctl.game.answers[:len(answers)] == answers
        assert await until(pilot, lambda: not pane.thinking, limit=6000)
        advice = pane.advice
        if key == "2" and len(advice.options) < 2:
            pytest.skip("one option advised")
        want = advice.pick if key == "enter" else advice.options[1].option
        await pilot.press(key)
        await settle(pilot)
        assert app.screen is game_screen(app)
        assert ctl.game.answers[len(answers)] == want  # (a confirmation, where one is asked, said yes below)


@pytest.mark.asyncio
async def test_escape_cancels_at_once_and_the_game_goes_on(tmp_path):
    ctl, app = opened(tmp_path)
    app.advice_budget = Budget(rollouts=None, seconds=30, horizon="chapter", settle=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("w")
        await pilot.pause()
        pane = app.screen
        assert isinstance(pane, AdviceScreen) and pane.thinking
        await pilot.press("escape")  # long before the 30 s are up
        await pilot.pause()
        g = game_screen(app)
        assert app.screen is g and g.bar.interactive
        before = ctl.answers
        await pilot.press("enter")  # the keys are the game's again
        await settle(pilot)
        assert ctl.answers > before


@pytest.mark.asyncio
async def test_w_while_a_bot_or_a_step_plays_says_when_it_answers(tmp_path):
    ctl, app = opened(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        g = game_screen(app)
        g.bar.interactive = False  # (as while a step is on show)
        await pilot.press("w")
        await pilot.pause()
        assert app.screen is g


def test_the_pane_words_each_option_with_its_figures_and_marks_the_pick():
    advice = Advice(12, "druwhn", "turn", (
        OptionAdvice("explore", "Explore", 0.61, 2.5, 40, 1, (Reason("gain", "turns the hex over for a Quest", 1.0),)),
        OptionAdvice("end", "End turn", 0.44, -1.0, 30, 0, ())), "explore", 70, 1.2, False, "chapter")
    text = plain(advice_text(advice))
    assert text.startswith("1. Explore  ◆ my pick\n   win 61% · margin +2.5 VP · 40 plays\n   – turns the hex over")
    assert "2. End turn\n   win 44% · margin -1.0 VP" in text
    assert "to the end of this Chapter" in text and "stopped early" in text


def plain(renderable, width: int = 100) -> str:
    import io

    from rich.console import Console
    console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
    console.print(renderable)
    return "\n".join(line.rstrip() for line in console.export_text().splitlines())


def test_a_reason_that_wraps_keeps_its_indent_under_the_dash():
    long = "saves Duerkhar's Haven on H17 Khatrak Kautil from The Warlock in this Chapter's Nemesis Phase"
    advice = Advice(12, "druwhn", "turn", (
        OptionAdvice("a", "Druwhn", 0.40, -17.6, 52, 0, (Reason("answer", long, 0.5),)),), "a", 52, 1.5, True, "chapter")
    rows = plain(advice_text(advice), width=40).splitlines()
    at = next(i for i, row in enumerate(rows) if row.startswith("   – saves"))
    assert rows[at + 1].startswith("     ") and rows[at + 1].strip()  # the next line of it, indented past the dash
    assert " ".join(r.strip() for r in rows[at:at + 4]).startswith("– " + long[:60])


def drawn_rows(bar) -> list[str]:
    from textual.widgets import OptionList
    ol = bar.query_one(OptionList)
    return [ol.get_option_at_index(i).prompt.plain for i in range(ol.option_count)]


class _Answering:
    """An advisor that answers at once with fixed figures (the snapshot must not hang on a search)."""
    alive = True

    def __init__(self):
        self.asked = []

    def ask(self, game, budget=None, seed: int = 0) -> int:
        from uprising_tui.bots.strong.worker import Done
        d = game.decision
        opts = [o for o in d.options][:3]
        figures = [(0.58, 3.5, (Reason("gain", "a Haven on the Woods: 2 VP at each Scoring", 2.0),
                                Reason("answer", "the Legion two hexes off reaches your Haven next Nemesis phase",
                                       1.0))),
                   (0.47, 1.0, (Reason("search", "wins 11 in 100 fewer of the plays", 0.11),)),
                   (0.40, -0.5, ())]
        shown = tuple(OptionAdvice(o.id, o.label, w, m, 24, i, r) for i, (o, (w, m, r)) in enumerate(zip(opts, figures)))
        self.asked.append(Done(1, Advice(len(game.answers), d.actor, d.kind, shown, shown[0].option, 72, 1.5, True,
                                         "chapter")))
        return 1

    def poll(self):
        out, self.asked = self.asked, []
        return out

    def cancel(self, request: int) -> None:
        pass

    def close(self) -> None:
        pass


def test_the_advice_pane_snapshot(snap_compare, tmp_path, monkeypatch):
    from uprising_tui.tui.screenshots import DEFAULT_SEED, SCENES, SIZES
    monkeypatch.setenv("TZ", "UTC")
    scene = SCENES["game"]
    app = scene.make(tmp_path, DEFAULT_SEED)
    advisor = _Answering()
    app.advisor_process = lambda: advisor

    async def ask(pilot):
        await scene.keys(pilot)
        await pilot.press("w")
        await pilot.pause(0.3)

    assert snap_compare(app, terminal_size=SIZES["120x40"], run_before=ask)


@pytest.mark.asyncio
async def test_advice_on_marks_the_advisor_s_pick_and_is_kept_in_the_settings(tmp_path):
    from uprising_tui.tui.settings import Settings
    ctl, app = opened(tmp_path)
    advisor = _Answering()
    app.advisor_process = lambda: advisor
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        g = game_screen(app)
        assert not any("◆" in line for line in drawn_rows(g.bar))  # off: no marks
        assert g.advice_marks.toggle() is True
        pick = ctl.decision.options[0]
        assert await until(pilot, lambda: g.bar.marked is not None, limit=3000)
        assert g.bar.marked == (ctl.decision, pick.id)
        if pick in g.bar.groups[g.bar.group_index][1]:
            assert any(("◆ " + pick.label[:20]) in line for line in drawn_rows(g.bar))
        else:
            assert "◆" in str(g.bar.query_one("#groups").render())
        await pilot.press(*g.bar.keys_for(pick.id))  # the next decision: asked again, marked again
        await settle(pilot)
        assert await until(pilot, lambda: g.bar.marked is not None and g.bar.marked[0] is ctl.decision, limit=3000)
    assert Settings(tmp_path).advice is True
    app2 = make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: ctl)
    app2.advisor_process = lambda: advisor
    async with app2.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        g = game_screen(app2)
        assert await until(pilot, lambda: g.bar.marked is not None, limit=3000)  # on from the start
        assert g.advice_marks.toggle() is False
    assert Settings(tmp_path).advice is False


@pytest.mark.asyncio
async def test_on_a_small_terminal_the_pane_s_keys_stay_in_sight_below_a_long_answer(tmp_path):
    """At 80x24 the three options and their reasons are longer than the pane: they scroll, and the
    line that says which keys play or close stays drawn at the pane's foot."""
    from uprising_tui.tui.screenshots import DEFAULT_SEED, SCENES

    from .test_nothing_cut import region_text
    app = SCENES["game"].make(tmp_path, DEFAULT_SEED)
    advisor = _Answering()
    app.advisor_process = lambda: advisor
    long = tuple(Reason("search", f"reason {i}: what the plays after it show, in a line of its own", 0.1)
                 for i in range(5))

    def ask(game, budget=None, seed=0):  # the fixed answer, each option with five reasons more
        from dataclasses import replace
        n = _Answering.ask(advisor, game, budget, seed)
        done = advisor.asked[-1]
        options = tuple(replace(o, reasons=o.reasons + long) for o in done.advice.options)
        advisor.asked[-1] = done._replace(advice=replace(done.advice, options=options))
        return n

    advisor.ask = ask
    async with app.run_test(size=(80, 24)) as pilot:
        await SCENES["game"].keys(pilot)
        pane = await _asked(pilot, app)
        assert await until(pilot, lambda: pane.advice is not None)
        await pilot.pause()
        hint = pane.query_one("#advice-hint")
        box = pane.query_one("Vertical").content_region
        assert pane.query_one("VerticalScroll").max_scroll_y > 0  # the answer does not fit: it scrolls
        assert box.contains_region(hint.region) and hint.region.bottom <= 24
        assert "Esc or w: close · Enter: play my pick · 1–3: play that option" in region_text(app, hint)
