"""One wording of each event for the whole game screen: the log, the fight and the Nemesis panes
share the screen's EventText, which words an event the first time a pane asks and hands the same
line to the others; an undo or a load words the game anew."""
from __future__ import annotations

import pytest

from uprising_tui.content.loader import default_catalog
from uprising_tui.engine import Setup
from uprising_tui.sim import SimConfig, play_game
from uprising_tui.tui import event_text
from uprising_tui.tui.app import make_app
from uprising_tui.tui.controller import Seat
from uprising_tui.tui.event_text import EventText
from uprising_tui.tui.widgets.combat_log import CombatLog
from uprising_tui.tui.widgets.combat_view import CombatPane
from uprising_tui.tui.widgets.nemesis_view import NemesisPane

from .pilot_helpers import game_screen, settle


class _Update:
    def __init__(self, reset: bool = True) -> None:
        self.reset = reset


def _events(n: int) -> list:
    """The first `n` events of a bot game (Explores, Builds, fights and the Nemesis among them)."""
    _res, game = play_game(SimConfig(games=1, factions=2, chapters=2, seed=3).setup(3), "heuristic")
    return list(game.log)[:n]


def test_an_event_is_worded_once_and_the_same_line_is_handed_out_again(monkeypatch):
    cat = default_catalog()
    events = _events(200)
    words = EventText(cat, {})
    worded: list = []
    real = EventText._word
    monkeypatch.setattr(EventText, "_word", lambda self, ev: worded.append(ev) or real(self, ev))
    first = [words(ev) for ev in events]
    again = [words(ev) for ev in events]
    assert len(worded) == len(events)
    assert all(a is b for a, b in zip(first, again))
    # what a fresh renderer makes of the same events, in order: the same lines
    fresh = EventText(cat, {})
    assert [t.markup for t in first] == [fresh(ev).markup for ev in events]


def test_a_reset_words_the_game_anew_once_per_update():
    cat = default_catalog()
    events = _events(50)
    words = EventText(cat, {})
    before = [words(ev) for ev in events]
    u = _Update()
    words.reset_for(u)
    after = [words(ev) for ev in events]
    assert all(a is not b and a.markup == b.markup for a, b in zip(before, after))
    words.reset_for(u)  # the next pane passing the same update on: nothing is forgotten
    assert all(words(ev) is line for ev, line in zip(events, after))
    words.reset_for(_Update())
    assert all(words(ev) is not line for ev, line in zip(events, after))


@pytest.mark.asyncio
async def test_the_screen_words_each_event_once_for_all_its_panes(tmp_path, monkeypatch):
    worded: list = []
    real = EventText._word
    monkeypatch.setattr(event_text.EventText, "_word", lambda self, ev: worded.append(ev) or real(self, ev))
    setup = Setup(factions=["krowh", "druwhn"], chapters=2, seed=7)
    seats = [Seat("krowh", "Ann", "heuristic", "red"), Seat("druwhn", "Bob", None, "green")]
    app = make_app(setup=setup, seats=seats, data_dir=tmp_path, pacing="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        markups: dict[int, str] = {}
        for _ in range(40):  # Bob asks the bot to answer for him: bots play both sides, fights included
            await settle(pilot)
            g = game_screen(app)
            if g.ctl.finished:
                break
            words = g.query_one(CombatLog).render_event
            for ev in g.ctl.events:  # every line handed out reads as it did when first worded
                line = words(ev)
                assert markups.setdefault(id(line), line.markup) == line.markup
            await pilot.press("x")
        await settle(pilot)
        g = game_screen(app)
        log, fight, nemesis = g.query_one(CombatLog), g.query_one(CombatPane), g.query_one(NemesisPane)
        assert log.render_event is fight.text is nemesis.text
        events = g.ctl.events
        assert any(ev.event_type == "CombatRolled" for ev in events), "no fight: pick a seed with one"
        assert any(ev.event_type == "NemesisMoved" for ev in events), "no Nemesis move: pick a seed with one"
        assert len(worded) == len(events)
        assert len({id(ev) for ev in worded}) == len(worded)
