"""Hot-seat (issue 21): when the keyboard passes back to a person, a short "since you last had the
keyboard" says what the others and the Nemesis did and how the VP moved, before their decision."""
from __future__ import annotations

import pytest

from uprising_tui.engine import Setup
from uprising_tui.engine.face.events import HeroMoved, VPChanged
from uprising_tui.tui.app import make_app
from uprising_tui.tui.controller import GameController, Seat
from uprising_tui.tui.saves import SaveStore
from uprising_tui.tui.screens.pass_device import PassDeviceScreen, since_last_turn

from .pilot_helpers import game_screen, keys_for, settle

@pytest.mark.asyncio
async def test_the_second_hand_over_tells_what_happened_since(tmp_path):
    setup = Setup(factions=["duerkhar", "mohyar"], chapters=2, seed=7)
    seats = [Seat("duerkhar", "Ann", None, "blue"), Seat("mohyar", "Bo", None, "orange")]
    ctl = GameController.new(setup, seats, SaveStore(tmp_path))
    app = make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: ctl)
    summaries = []
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(400):
            await settle(pilot)
            scr = app.screen
            if isinstance(scr, PassDeviceScreen):
                summaries.append((scr.person, scr.since))
                if sum(1 for p, s in summaries if p == "Ann" and s is not None) >= 2:
                    break
                await pilot.press("enter")
                continue
            g = game_screen(app)
            await pilot.press(*keys_for(g.bar, g.ctl.suggest()))
        told = [s for p, s in summaries if p == "Ann" and s is not None]
        assert summaries[0][1] is None  # the first hand-over: nothing happened before
        assert told, summaries
        text = told[-1].plain
        assert text.startswith("Since you last had the keyboard")
        assert "Mohyar" in text  # Bo's moves (or the VP) in words
        screen = app.screen
        assert isinstance(screen, PassDeviceScreen)
        assert "Since you last had the keyboard" in str(screen.query_one("#pass-summary").render())


def test_the_summary_counts_vp_and_leaves_out_the_person_s_own_moves(cat):
    words = lambda ev: __import__("rich.text").text.Text(f"{ev.event_type} {getattr(ev, 'faction', '')}")  # noqa: E731
    events = [VPChanged("mohyar", 2, 5, "scoring"), VPChanged("mohyar", 1, 6, "combat"),
              VPChanged("empire", 3, 3, "scoring"), HeroMoved("mohyar", "H01", "H02", "move"),
              HeroMoved("duerkhar", "H03", "H04", "move")]
    got = since_last_turn(cat, events, "duerkhar", words).plain
    assert "Mohyar 3 → 6 (+3)" in got and "The Empire 0 → 3 (+3)" in got
    assert "HeroMoved mohyar" in got and "HeroMoved duerkhar" not in got
    assert since_last_turn(cat, [], "duerkhar", words) is None


@pytest.mark.asyncio
async def test_what_to_press_stays_in_sight_over_a_long_summary_at_80x24(tmp_path):
    """Found in play at 80x24: a long summary pushed "Press Enter" out of the box."""
    from textual.app import App
    from rich.text import Text

    long = Text("Since you last had the keyboard\n" + "\n".join(f"• step {i} of a long Nemesis Phase" for i in range(40)))

    class Host(App):
        def on_mount(self) -> None:
            self.push_screen(PassDeviceScreen("Ann", "Duerkhar", "Scoring Phase", long))

    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        how = app.screen.query_one("#pass-how")
        box = app.screen.query_one("Vertical")
        # inside the box's own area (the box is the one that clips) and on the screen
        assert how.region.height >= 1 and box.content_region.contains_region(how.region)
        assert how.region.bottom <= 24
