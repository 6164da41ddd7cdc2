"""Facts a key away (issue 21): Help has every die's six faces (from the content) and the map's
legend; a choice between dice shows what each can roll."""
from __future__ import annotations

import pytest

from uprising_tui.content.loader import default_catalog
from uprising_tui.tui.app import make_app
from uprising_tui.tui.screens.help import HelpScreen, dice_markdown
from uprising_tui.tui.theme import BLANK, SYMBOL_GLYPH

from .decision_positions import positions
from .pilot_helpers import game_screen, settle, until
from .test_nothing_cut import controller, region_text

pytestmark = pytest.mark.asyncio


def glyphs(face) -> str:
    return "".join(SYMBOL_GLYPH[s] for s in face) or BLANK


async def test_the_dice_table_lists_every_die_face_by_face_from_the_content():
    cat = default_catalog()
    rows = {line.split("|")[1].strip(): [c.strip() for c in line.split("|")[2:8]]
            for line in dice_markdown(cat).splitlines() if line.startswith("| ") and "face 1" not in line}
    assert len(rows) == len(cat.dice)
    for colour, die in cat.dice.items():
        row = next(v for k, v in rows.items() if k.endswith(colour))
        assert row == [glyphs(f) for f in die.faces], colour


async def test_help_in_a_game_has_the_dice_and_the_legend_of_that_table(tmp_path):
    ctl = controller(positions()["turn"]())
    app = make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        assert await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        titles = [t for t, _b in app.screen.all]
        assert "The dice, face by face" in titles and "The map and its legend" in titles
        legend = dict(app.screen.all)["The map and its legend"]
        for f in ctl.setup.factions:
            assert f"the {ctl.cat.factions[f].name}" in legend
        assert not any(f"the {ctl.cat.factions[f].name} " in legend for f in ctl.cat.factions
                       if f not in ctl.setup.factions)
        await pilot.press("slash", *"face by face")
        assert await until(pilot, lambda: [t for t, _ in app.screen.shown] == ["The dice, face by face"])


@pytest.mark.parametrize("kind", ["guile_dice", "die_colour"])
async def test_a_choice_between_dice_shows_what_each_can_roll(tmp_path, kind):
    ctl = controller(positions()[kind]())
    cat = ctl.cat
    app = make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: ctl)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = game_screen(app).bar
        text = region_text(app, bar)
        colours = ("white", "yellow") if kind == "guile_dice" else [
            o.id.split(":")[1] for o in ctl.decision.options if o.id.startswith("colour:")][:3]
        for colour in colours:  # (the rows in view; the others scroll)
            assert " ".join(glyphs(f) for f in cat.dice[colour].faces) in text, colour
