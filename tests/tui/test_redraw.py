"""What an answer repaints: only what changed (TextPane lines, Statics and titles that read the
same are left alone), the decision bar's list keeps its rendered lines on a height-only resize,
and the cycle collector runs after a frame, not inside one (collector.py)."""
from __future__ import annotations

import gc
import sys

from rich.text import Text
import pytest
from textual import events
from textual.app import App
from textual.geometry import Region, Size
from textual.widgets import Static
from textual.widgets.option_list import Option

from uprising_tui.tui import collector as col
from uprising_tui.tui.collector import FrameCollector
from uprising_tui.tui.widgets.decision_options import DecisionOptions
from uprising_tui.tui.widgets.side_strip import SidePage, SideStrip
from uprising_tui.tui.widgets.steady import set_content, set_title
from uprising_tui.tui.widgets.text_pane import TextPane



def board(*lines: str) -> Text:
    return Text("\n".join(lines))


class PaneApp(App):
    CSS = "TextPane { height: 10; } DecisionOptions { height: 8; }"

    def compose(self):
        yield TextPane(id="pane")
        yield Static("x", id="static")
        yield DecisionOptions(*[Option(f"option {i}", id=f"o{i}") for i in range(30)], id="options")


def record_refreshes(widget, into: list, ours_only: bool = True) -> None:
    """Record the refreshes our own code asks for (Textual's own, e.g. on a style change, aside)."""
    real = widget.refresh

    def spy(*regions, **kw):
        if not ours_only or "uprising_tui" in sys._getframe(1).f_code.co_filename:
            into.append(regions)
        return real(*regions, **kw)
    widget.refresh = spy


@pytest.mark.asyncio
async def test_a_pane_shown_again_repaints_only_the_lines_that_changed():
    app = PaneApp()
    async with app.run_test(size=(60, 30)) as pilot:
        pane = app.query_one(TextPane)
        pane.show(board("Salt 1", "Food 2", "Plunder 3", "VP 4"))
        await pilot.pause()
        calls: list = []
        record_refreshes(pane, calls)
        pane.show(board("Salt 1", "Food 5", "Plunder 3", "VP 4"))
        assert pane.lines[:4] == ["Salt 1", "Food 5", "Plunder 3", "VP 4"]
        assert calls == [(Region(0, 1, pane.size.width, 1),)]  # the Food line alone
        calls.clear()
        pane.show(board("Salt 1", "Food 5", "Plunder 3", "VP 4"))
        assert calls == []  # nothing changed: nothing repainted
        pane.show(board("Salt 2", "Food 5", "Plunder 3", "VP 9", "Quest"))
        assert calls == [(Region(0, 0, pane.size.width, 1), Region(0, 3, pane.size.width, 2))]
        await pilot.pause()
        assert pane.lines[:5] == ["Salt 2", "Food 5", "Plunder 3", "VP 9", "Quest"]


@pytest.mark.asyncio
async def test_a_hidden_pane_keeps_its_lines_at_the_width_it_had():
    app = PaneApp()
    async with app.run_test(size=(60, 30)) as pilot:
        pane = app.query_one(TextPane)
        pane.show(board("before"))
        await pilot.pause()
        pane.display = False
        await pilot.pause()
        pane.show(board("while hidden"))
        assert pane.lines[0] == "while hidden"  # laid out now, not on its next resize
        calls: list = []
        record_refreshes(pane, calls)
        pane.display = True
        await pilot.pause()
        assert calls == []  # shown again at the same width: the layout's own paint is enough
        assert pane.lines[0] == "while hidden"


class LogApp(App):
    CSS = "TextPane { height: 10; }"

    def compose(self):
        yield TextPane(follow_end=True, id="log")


@pytest.mark.asyncio
async def test_a_following_pane_keeps_its_last_line_in_sight_in_the_same_frame():
    from uprising_tui.tui.widgets.text_pane import CHUNK
    app = LogApp()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(TextPane)
        n = 0
        for step in (3, 9, CHUNK, CHUNK + 5):  # past the first reserve and the next
            log.append(*[Text(f"line {n + i}") for i in range(step)])
            n += step
            assert log.scroll_y == max(0, n - 10)  # the last line at the bottom at once, not after a layout
            await pilot.pause()
            assert log.lines[-1] == f"line {n - 1}"
            assert log.render_line(min(n, 10) - 1).text.strip() == f"line {n - 1}"  # the last row in view shows it


@pytest.mark.asyncio
async def test_set_content_and_set_title_skip_what_reads_the_same():
    app = PaneApp()
    async with app.run_test(size=(60, 30)) as pilot:
        static = app.query_one("#static", Static)
        assert set_content(static, Text("VP 3", style="bold"))
        await pilot.pause()
        calls: list = []
        record_refreshes(static, calls, ours_only=False)
        assert not set_content(static, Text("VP 3", style="bold"))
        assert calls == []
        assert set_content(static, Text("VP 3", style="italic"))  # a new style is a change
        assert calls
        assert set_title(static, "Ann")
        assert not set_title(static, "Ann")
        assert static.border_title == "Ann"


@pytest.mark.asyncio
async def test_the_option_list_keeps_its_lines_when_only_its_height_changes():
    app = PaneApp()
    async with app.run_test(size=(60, 30)) as pilot:
        ol = app.query_one(DecisionOptions)
        ol.highlighted = 12
        await pilot.pause()
        assert ol._option_render_cache  # rendered
        size = ol.size
        ol.post_message(events.Resize(Size(size.width, size.height - 2), Size(size.width, 30), size))
        await pilot.pause()
        assert ol._option_render_cache  # a new height alone: the rendered lines still fit
        ol.post_message(events.Resize(Size(size.width - 4, size.height), Size(size.width, 30), size))
        await pilot.pause()
        assert ol._laid_width == size.width - 4  # a new width: OptionList's own handler dropped them


@pytest.mark.asyncio
async def test_options_that_fit_take_the_list_s_height_and_leave_its_scrollbar_alone():
    app = PaneApp()
    async with app.run_test(size=(60, 30)) as pilot:
        ol = app.query_one(DecisionOptions)
        window = ol.scrollable_content_region.height
        assert ol.virtual_size.height == 30  # 30 one-line options overflow the list
        ol.set_options([Option(Text(f"choice {i}", no_wrap=True), id=f"c{i}") for i in range(3)])
        await pilot.pause()
        assert ol.virtual_size.height == window and ol.max_scroll_y == 0
        calls: list = []
        record_refreshes(ol.vertical_scrollbar, calls, ours_only=False)
        ol.set_options([Option(Text(f"pick {i}", no_wrap=True), id=f"p{i}") for i in range(5)])
        await pilot.pause()
        assert ol.virtual_size.height == window and calls == []  # 5 fit as 3 did: the track is as it was
        ol.set_options([Option(Text(f"many {i}", no_wrap=True), id=f"m{i}") for i in range(window + 4)])
        await pilot.pause()
        assert ol.virtual_size.height == window + 4 and calls  # now they overflow: the thumb shows
        # each option's line, found without measuring it, is where OptionList would put it
        assert [ol._index_to_line[i] for i in range(window + 4)] == list(range(window + 4))


class StripApp(App):
    CSS = "SideStrip { height: 10; width: 40; } #other { height: 3; }"

    def compose(self):
        with SideStrip(initial="a", id="side"):
            for pid in "abc":
                yield TextPane(id=pid)
        yield Static("x", id="other")


@pytest.mark.asyncio
async def test_switching_the_side_pane_scrolls_the_strip_and_lays_nothing_out():
    app = StripApp()
    async with app.run_test(size=(60, 20)) as pilot:
        strip = app.query_one(SideStrip)
        panes = {p.id: p for p in app.query(TextPane)}
        for pid, pane in panes.items():
            pane.show(Text(f"page {pid}"))
        await pilot.pause()
        sizes = {pid: p.size for pid, p in panes.items()}
        assert panes["a"].region.x == strip.region.x
        assert [w.id for w in app.screen.focus_chain] == ["a"]  # panes out of view take no focus
        app.set_focus(panes["a"])
        strip.current = "c"
        assert not app.screen._layout_required  # a scroll of the strip, not a new layout
        await pilot.pause()
        assert panes["c"].region.x == strip.region.x and panes["c"].region.width == strip.region.width
        assert {pid: p.size for pid, p in panes.items()} == sizes  # every pane kept its size
        assert app.focused is panes["c"]  # the focus went with the page
        assert [w.id for w in app.screen.focus_chain] == ["c"]
        strip.current = "b"
        await pilot.pause()
        assert panes["b"].region.x == strip.region.x


class CountingPage(SidePage, TextPane):
    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.news, self.drawn = 0, []

    def redraw(self) -> None:
        self.drawn.append(self.news)
        self.show(Text(f"news {self.news}"))


class PagesApp(App):
    CSS = "SideStrip { height: 10; width: 40; }"

    def compose(self):
        with SideStrip(initial="p1", id="side"):
            yield CountingPage(id="p1")
            yield CountingPage(id="p2")


@pytest.mark.asyncio
async def test_a_page_out_of_view_is_drawn_when_it_comes_into_view():
    app = PagesApp()
    async with app.run_test(size=(60, 20)) as pilot:
        strip = app.query_one(SideStrip)
        p1, p2 = app.query_one("#p1", CountingPage), app.query_one("#p2", CountingPage)
        for news in (1, 2):  # two answers while p2 is out of view
            for page in (p1, p2):
                page.news = news
                page.redraw_in_view()
        assert p1.drawn == [1, 2] and p2.drawn == []
        strip.current = "p2"
        assert p2.drawn == [2] and p2.lines[0] == "news 2"  # the latest, once, with the scroll
        strip.current = "p1"
        strip.current = "p2"
        assert p2.drawn == [2]  # nothing new: not drawn again
        strip.current = "p1"
        p2.news = 3
        p2.redraw_in_view()
        strip.catch_up()  # between frames: the page out of view draws what it left for later
        assert p2.drawn == [2, 3] and p1.drawn == [1, 2]
        strip.current = "p2"
        assert p2.drawn == [2, 3]  # nothing left to draw when it scrolls in
        await pilot.pause()


@pytest.mark.asyncio
async def test_a_layout_that_keeps_a_pane_s_size_leaves_its_scrollbar_alone():
    """Textual repaints every scroll view's scrollbars on every layout; those repaints came in a
    frame of their own after the answer's."""
    app = LogApp()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(TextPane)
        log.append(*[Text(f"line {i}") for i in range(40)])
        await pilot.pause()
        bar = log.vertical_scrollbar
        calls: list = []
        record_refreshes(bar, calls, ours_only=False)
        app.screen.refresh(layout=True)
        await pilot.pause()
        assert calls == []
        log.append(*[Text(f"more {i}") for i in range(30)])  # a new scrollable height: told at once
        assert calls
        assert bar.window_virtual_size == log.virtual_size.height


def test_the_collector_schedule_follows_cpython_s_generations(monkeypatch):
    collected: list[int] = []
    monkeypatch.setattr(col.gc, "collect", lambda gen=2: collected.append(gen) or 0)
    c = FrameCollector()
    assert c.after_frame() is None  # not held: the automatic collector does its own work
    was = gc.isenabled()
    try:
        gc.enable()
        c.hold()
        assert c.held and not gc.isenabled()
        assert gc.get_freeze_count() > 0  # what is alive now is long-lived: later passes skip it
        for _ in range(col.FULL_EVERY):
            c.after_frame()
        assert collected.count(2) == 1 and collected[-1] == 2
        assert collected.count(1) == col.FULL_EVERY // col.MIDDLE_EVERY - 1
        assert collected.count(0) == col.FULL_EVERY - col.FULL_EVERY // col.MIDDLE_EVERY
        collected.clear()
        monkeypatch.setattr(col.gc, "get_count", lambda: (col.YOUNG_LIMIT + 1, 0, 0))
        assert c.check() and collected == [0]
        monkeypatch.setattr(col.gc, "get_count", lambda: (10, 0, 0))
        assert not c.check()
        c.release()
        assert not c.held and gc.isenabled() and gc.get_freeze_count() == 0
    finally:
        gc.unfreeze()
        (gc.enable if was else gc.disable)()


def test_the_collector_leaves_an_app_s_choice_alone():
    was = gc.isenabled()
    try:
        gc.disable()  # an app that runs without the collector keeps it off
        c = FrameCollector()
        c.hold()
        assert not c.held
        c.release()
        assert not gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()


@pytest.mark.asyncio
async def test_a_game_holds_the_collector_while_on_screen_and_gives_it_back(tmp_path):
    from uprising_tui.engine import Setup
    from uprising_tui.tui.app import make_app
    from uprising_tui.tui.controller import default_seats
    from .pilot_helpers import game_screen, settle
    assert gc.isenabled()
    setup = Setup(factions=["krowh", "mohyar"], chapters=2, seed=3)
    seats = default_seats(setup.factions, names=dict.fromkeys(setup.factions, "You"))
    app = make_app(setup=setup, seats=seats, data_dir=tmp_path, pacing="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        from .pilot_helpers import until
        # (held once the first frame is drawn; each pass comes a moment after a frame: waited for, not
        # timed, so a loaded machine only makes the wait longer; `until` gives up after about a minute)
        assert await until(pilot, lambda: screen.collector.held, limit=3000)
        assert screen.collector.held and not gc.isenabled()
        passes = screen.collector._passes
        for _ in range(3):
            screen.ctl.answer(screen.ctl.suggest())
            await settle(pilot)
        assert await until(pilot, lambda: screen.collector._passes > passes, limit=3000)
        assert screen.collector.held and not gc.isenabled()
    assert gc.isenabled()  # the app gone: the automatic collector is back


@pytest.mark.asyncio
async def test_the_autosave_is_written_just_after_the_frame_and_on_leaving(tmp_path):
    import json
    from uprising_tui.engine import Setup
    from uprising_tui.tui.app import make_app
    from uprising_tui.tui.controller import default_seats
    from .pilot_helpers import game_screen, settle

    def saved() -> int:
        return len(json.loads((tmp_path / "autosave.json").read_text())["answers"])

    setup = Setup(factions=["krowh", "mohyar"], chapters=2, seed=3)
    seats = default_seats(setup.factions, names=dict.fromkeys(setup.factions, "You"))
    app = make_app(setup=setup, seats=seats, data_dir=tmp_path, pacing="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        ctl = game_screen(app).ctl
        assert ctl.save_later
        ctl.answer(ctl.suggest())
        assert saved() == len(ctl.game.answers) - 1  # due, not yet written: the frame comes first
        await settle(pilot)
        await pilot.pause(col.AFTER_FRAME * 4)
        assert saved() == len(ctl.game.answers)
        ctl.answer(ctl.suggest())  # and the app closes at once, before any frame
    assert saved() == len(ctl.game.answers)  # leaving the game screen writes what is due



def four_faction_app(tmp_path):
    """A four-faction game, every seat a person, played at once (no pacing)."""
    from uprising_tui.engine import Setup
    from uprising_tui.tui.app import make_app
    from uprising_tui.tui.controller import default_seats
    setup = Setup(factions=["druwhn", "duerkhar", "krowh", "mohyar"], chapters=2, seed=7, auto_ties=True)
    seats = default_seats(setup.factions, names=dict.fromkeys(setup.factions, "You"))
    return make_app(setup=setup, seats=seats, data_dir=tmp_path, pacing="instant")


def count_frames(screen) -> list[int]:
    """A counter of the frames the screen composes from now on (its one element)."""
    frames = [0]
    real = screen._compositor_refresh

    def counted() -> None:
        frames[0] += 1
        real()
    screen._compositor_refresh = counted
    return frames


@pytest.mark.asyncio
async def test_a_game_waiting_for_a_person_draws_no_frames(tmp_path):
    """Nothing moves while the client waits for an answer: no widget keeps asking for frames (a
    scrollbar told one height while the list reserved another once repainted every frame)."""
    from .pilot_helpers import game_screen, settle
    app = four_faction_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        frames = count_frames(screen)
        overflowed = 0
        for _ in range(12):
            ctl = screen.ctl
            ctl.answer(ctl.suggest())
            await settle(pilot)
            await pilot.pause(0.25)  # the odds line and the after-frame work land here
            opts = screen.bar.query_one(DecisionOptions)
            overflowed += opts.option_count > opts.scrollable_content_region.height
            frames[0] = 0
            await pilot.pause(0.2)
            assert frames[0] <= 1, f"{frames[0]} frames while waiting"
        assert overflowed  # the lists that overflow were among them


@pytest.mark.asyncio
async def test_an_answer_is_drawn_in_one_frame(tmp_path, monkeypatch):
    """Every pane an answer changes goes into one frame: the game screen tells the screen of every
    widget's pending redraw at once (Textual lets each widget report when it next goes idle, and
    the screen drew whatever had reported: the panes first, the decision bar in a second frame)."""
    import asyncio
    from uprising_tui.tui.screens import game as game_module
    from .pilot_helpers import game_screen, settle
    monkeypatch.setattr(game_module, "AFTER_FRAME", 60.0)  # the after-frame work stays out of the count
    app = four_faction_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        frames = count_frames(screen)
        counts = []
        for _ in range(20):
            await app.workers.wait_for_complete()  # (the odds line's worker, between answers)
            await settle(pilot)
            frames[0] = 0
            screen.ctl.answer(screen.ctl.suggest())
            for _ in range(500):  # no check that posts to the widgets: that would hold the frame back
                if frames[0] and not screen.driving:
                    break
                await asyncio.sleep(0.002)
            await asyncio.sleep(0.05)
            counts.append(frames[0])
        assert counts == [1] * len(counts), counts
