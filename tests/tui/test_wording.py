"""Wording on the rendered text of real games: verbs agree with their side, one set of glyphs for
Skull, Shield and Bolt in every pane, a fight's terrain in words, a Cursed hex says so, a tie is
said only where there was one (and who settled it), and a die not yet rolled has no face."""
from __future__ import annotations

import re

import pytest

from uprising_tui.bots import get_bot
from uprising_tui.engine import Game, Setup
from uprising_tui.engine.face.events import EVENT_TYPES
from uprising_tui.engine.face.log import SYMBOL, terrain_words
from uprising_tui.tui.app import make_app
from uprising_tui.tui.controller import GameController, default_seats
from uprising_tui.tui.event_text import EventText
from uprising_tui.tui.playback import why_moved
from uprising_tui.tui.saves import SaveStore
from uprising_tui.tui.screenshots import advance
from uprising_tui.tui.theme import BLANK, SYMBOL_GLYPH
from uprising_tui.tui.widgets.combat_log import CombatLog
from uprising_tui.tui.widgets.combat_view import CombatPane

from .pilot_helpers import game_screen, screen_lines, settle, shown, until

SINGULAR = ("Druwhn", "Duerkhar", "Krowh", "Mohyar", "The Empire", "Chaos")
OTHER_GLYPHS = "⛨⚡🛡✦"


def played(seed: int, n: int, difficulty: str = "nightmare"):
    g = Game(Setup(factions=["druwhn", "duerkhar", "krowh", "mohyar"][:n], chapters=2, seed=seed,
                   difficulty=difficulty)).start()
    bot = get_bot("heuristic" if seed % 2 else "random", seed)
    prompts = []
    while g.decision is not None:
        prompts.append(g.decision.prompt)
        g.answer(bot.choose(g, g.decision))
    return g, prompts


@pytest.fixture(scope="module")
def games():
    return [played(seed, 1 + seed % 4) for seed in (3, 4, 5, 6)]


def test_verbs_agree_with_their_side(games):
    words_seen = 0
    for g, prompts in games:
        text = EventText(g.cat)
        lines = [text(e).plain for e in g.log]
        for line in lines + prompts:
            cards = tuple(c.name for c in {**g.cat.legions, **g.cat.hordes}.values())
            for who in SINGULAR + cards:
                assert not re.match(rf"{re.escape(who)} (take|move) ", line), line
            words_seen += bool(re.match(r"(The \w.*|Druwhn|Duerkhar|Krowh|Mohyar) (takes|moves into) ", line))
            assert not re.match(r"(Garrisons|Skeletons|The Skeletons) (takes|moves) ", line), line
    assert words_seen > 10


def test_one_set_of_glyphs_in_every_pane(games):
    assert SYMBOL == SYMBOL_GLYPH  # the engine's words (log, steps, fight pane) and the dice chips
    for g, _ in games:
        text = EventText(g.cat)
        for e in g.log:
            line = text(e).plain
            assert not any(c in line for c in OTHER_GLYPHS), line


def test_a_die_not_yet_rolled_has_no_face(games):
    added = 0
    for g, _ in games:
        text = EventText(g.cat)
        for e in g.log:
            line = text(e).plain
            if e.event_type == "DiceAdded" and e.when == "next_roll":
                added += 1
                assert BLANK not in line and "to this round's roll" in line, line
    assert added  # the case is met: a Feat adds dice to the coming roll


def test_a_tie_is_said_only_where_there_was_one():
    moved = EVENT_TYPES["NemesisMoved"]
    one = moved("bloodwyrm", "H01", "H04", "2", "empty", ("H04", "H05"), ("H04",))
    assert "chose" not in why_moved(one, None) and "tie" not in why_moved(one, None)
    two = moved("bloodwyrm", "H01", "H04", "2", "empty", ("H04", "H05"), ("H04", "H05"))
    assert "the first player chose among H04, H05" in why_moved(two, None)
    assert why_moved(two, None, auto_ties=True).endswith("a tie among H04, H05, settled by hex order")


@pytest.mark.asyncio
async def test_a_cursed_hex_says_cursed_in_the_decision_bar(tmp_path):
    setup = Setup(factions=["duerkhar", "mohyar"], chapters=2, seed=1)
    ctl = GameController.new(setup, default_seats(setup.factions, ["mohyar"]), SaveStore(tmp_path))

    def cursed_target(c):
        return c.decision.kind == "turn" and not c.is_bot_turn() and any(
            o.group == "command" and o.hex and c.view.hexes[o.hex].curse for o in c.decision.options)
    advance(ctl, cursed_target)
    opt = next(o for o in ctl.decision.options if o.group == "command" and ctl.view.hexes[o.hex].curse)
    app = make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: ctl)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        g = game_screen(app)
        await pilot.press(*g.bar.keys_for(opt.id)[:-1])
        assert await until(pilot, lambda: g.bar.highlighted_option is not None and g.bar.highlighted_option.id == opt.id)
        screen = "\n".join(screen_lines(app))
        assert f"Command into {opt.hex} (unexplored, Cursed)" in screen or re.search(
            rf"Command into {opt.hex} [^\n]+ \(Cursed\)", screen)


@pytest.mark.asyncio
async def test_the_fight_pane_says_its_terrain_in_words(tmp_path):
    setup = Setup(factions=["duerkhar", "mohyar"], chapters=2, seed=7)
    ctl = GameController.new(setup, default_seats(setup.factions, ["mohyar"]), SaveStore(tmp_path))
    advance(ctl, lambda c: not c.is_bot_turn() and c.view.combat is not None and bool(c.view.combat.a.dice))
    started = [e for e in ctl.events if e.event_type == "CombatStarted"][-1]
    app = make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: ctl)
    async with app.run_test(size=(200, 60)) as pilot:
        await settle(pilot)
        g = game_screen(app)
        pane = g.query_one(CombatPane)
        assert await until(pilot, lambda: "terrain:" in shown(pane))
        text = " ".join(shown(pane).split())  # (a long hex name wraps the line between words)
        assert f"terrain: {terrain_words(started.terrain)}" in text
        assert "terrain: none" not in text and not re.search(r"terrain: \w+_\w+", text)
        log = "\n".join(g.query_one(CombatLog).lines)
        assert not any(c in log + text for c in OTHER_GLYPHS)


def test_an_attribute_and_an_explored_tile_read_as_words(games):
    """Found in play: 'gains 1 leadership', and 'explores H15 Plains of Rhun: Plains of Rhun'."""
    gained = explored = 0
    for g, _ in games:
        text = EventText(g.cat)
        for e in g.log:
            line = text(e).plain
            if e.event_type == "AttributeGained":
                gained += 1
                assert line.split(" [")[0].endswith(e.attribute.capitalize()), line
            if e.event_type == "HexExplored":
                explored += 1
                tile = g.cat.hexes[e.tile].name
                assert line.startswith(f"{g.cat.factions[e.faction].name} explores {e.hex}: {tile}"), line
                assert line.count(tile) == 1, line
    assert gained and explored
