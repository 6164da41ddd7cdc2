"""Coloured names keep the space after them on screen: the header's "▶ Krowh — You (Kha'al)" and
the log's "▸ Krowh takes a turn" (reported from tmux as "Krowh— You" and "Krowhtakes a turn").
Read from the whole composited screen, as the terminal is sent it, after every answer."""
from __future__ import annotations

import re

import pytest

from uprising_tui.engine import Setup
from uprising_tui.tui.app import make_app
from uprising_tui.tui.controller import GameController, default_seats
from uprising_tui.tui.saves import SaveStore

from .pilot_helpers import settle

FACTIONS = ["druwhn", "duerkhar", "krowh", "mohyar"]
NAMES = "Druwhn|Duerkhar|Krowh|Mohyar"
pytestmark = pytest.mark.asyncio


def screen_lines(app) -> list[str]:
    update = app.screen._compositor.render_update(full=True)
    return ["".join(seg.text for strip in line for seg in strip) for line in update.strips]


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_a_coloured_name_keeps_its_space_on_screen(tmp_path, size):
    setup = Setup(factions=FACTIONS, chapters=2, seed=7, auto_ties=True)
    ctl = GameController.new(setup, default_seats(FACTIONS, names=dict.fromkeys(FACTIONS, "You")), SaveStore(tmp_path))
    app = make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: ctl, confirm_losses=False)
    headers, turns, glued = set(), set(), set()
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for _ in range(100 if size[0] >= 100 else 40):
            if ctl.decision is None:
                break
            ctl.answer(ctl.suggest())
            await settle(pilot)
            for line in screen_lines(app):
                headers.update(re.findall(rf"▶ (?:{NAMES}) — You \(", line))
                turns.update(re.findall(rf"▸ (?:{NAMES}) takes a turn", line))
                glued.update(re.findall(rf"(?:{NAMES})(?:—|takes)", line))
    assert not glued, f"no space after a coloured name: {sorted(glued)}"
    assert len(headers) >= 2  # the header named more than one side, each with its space
    if size[0] >= 100:  # (at 80x24 the log is a key away)
        assert turns, "the log showed no turn starting"
