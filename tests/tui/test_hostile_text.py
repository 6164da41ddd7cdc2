"""Text from a file never attacks the terminal. A person's name from a save enters the client in
one place (Seat.from_dict), where control characters are escaped; a save holding them is refused
on load and the Setup screen refuses them as typed; content text cannot hold them (content check
refuses them). What remains printable is drawn as it is, never read as markup: a hostile name is
rendered in every pane that shows names (Load list, board, status bar, decision bar, the hand-over)
and a hostile card name in the log and the card reader, and the bytes the terminal would get hold
no escape sequence but the client's own."""
from __future__ import annotations

import json
import re
import shutil

import pytest

from uprising_tui.content.loader import ContentError, load_catalog
from uprising_tui.engine import Setup
from uprising_tui.tui.app import make_app
from uprising_tui.tui.controller import GameController, Seat
from uprising_tui.tui.saves import SaveStore
from uprising_tui.tui.screens.cards import CardsScreen
from uprising_tui.tui.screens.load import LoadScreen
from uprising_tui.tui.screens.pass_device import PassDeviceScreen
from uprising_tui.tui.screens.setup import SetupScreen

from ..content_fixtures import CONTENT
from .pilot_helpers import game_screen, settle, shown, until

MARKUP = "[b]Ann[/b] [link=file:///x]y[/link][/]"  # printable: shown as it is, never styled
ATTACK = "\x1b]0;pwned\x07\x1b[2J"  # retitles the terminal and clears it, if it ever reached one


def terminal_bytes(app) -> str:
    """What the terminal would be sent to draw the screen as it stands."""
    return app.screen._compositor.render_full_update().render_segments(app.console)


def assert_no_attack(out: str) -> None:
    assert "\x1b]" not in out and "\x07" not in out and "\x1b[2J" not in out
    bare = re.sub(r"\x1b\[[0-9;:?<>=]*[ -/]*[@-~]", "", out)  # the client's own cursor and colour codes
    assert not [c for c in bare if (ord(c) < 32 and c not in "\r\n") or 0x7f <= ord(c) <= 0x9f]


def hostile_save(tmp_path, names: list[str]) -> None:
    setup = Setup(factions=["krowh", "mohyar"], chapters=2, seed=5)
    seats = [Seat("krowh", "Ann", None, "red"), Seat("mohyar", "Bo", None, "orange")]
    ctl = GameController.new(setup, seats, SaveStore(tmp_path), autosave=False)
    data = ctl.save_data()
    for seat, n in zip(data["client"]["seats"], names):
        seat["name"] = n
    (tmp_path / "hostile.json").write_text(json.dumps(data))


@pytest.mark.asyncio
async def test_a_markup_name_is_drawn_as_it_is_in_every_pane_that_shows_names(tmp_path):
    hostile_save(tmp_path, [MARKUP, "[red]Bo"])
    app = make_app(data_dir=tmp_path, preload=False, pacing="instant")
    async with app.run_test(size=(250, 45)) as pilot:
        await pilot.press("l")
        assert await until(pilot, lambda: isinstance(app.screen, LoadScreen) and app.screen.infos)
        scr = app.screen
        assert MARKUP in shown(scr.query_one("#saves"))  # the Load list
        scr.load(tmp_path / "hostile.json")
        for _ in range(300):
            await pilot.pause()
            if isinstance(app.screen, PassDeviceScreen):
                break
        assert isinstance(app.screen, PassDeviceScreen)
        hand = app.screen
        assert await until(pilot, lambda: MARKUP in " ".join(shown(hand).split()) or "[red]Bo" in shown(hand))
        await pilot.press("enter")
        await settle(pilot)
        g = game_screen(app)
        board = g.query_one("PlayerBoard")
        board.show_page("krowh")
        await pilot.pause()
        panes = {"board": "\n".join(board.query_one("#board-body").lines),
                 "status bar": shown(g.query_one("StatusBar")),
                 "decision bar": shown(g.query_one("DecisionBar"))}
        for pane, text in panes.items():  # (words may wrap onto the next line)
            assert MARKUP in " ".join(text.split()) or "[red]Bo" in text, pane
        assert_no_attack(terminal_bytes(app))


@pytest.mark.asyncio
async def test_control_characters_from_a_save_never_reach_the_terminal(tmp_path):
    setup = Setup(factions=["krowh", "mohyar"], chapters=2, seed=5)
    seats = [Seat.from_dict({"faction": "krowh", "name": "Ann" + ATTACK, "colour": "red"}),
             Seat.from_dict({"faction": "mohyar", "name": ATTACK + "Bo", "colour": "orange"})]
    store = SaveStore(tmp_path)
    app = make_app(opener=lambda: GameController.new(setup, seats, store), data_dir=tmp_path, preload=False,
                   pacing="instant")
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot)
        if isinstance(app.screen, PassDeviceScreen):
            assert "pwned" in shown(app.screen)
            assert_no_attack(terminal_bytes(app))
            await pilot.press("enter")
            await settle(pilot)
        g = game_screen(app)
        assert "Ann\ufffd]0;pwned" in shown(g.query_one("PlayerBoard")) + shown(g.query_one("StatusBar"))
        assert_no_attack(terminal_bytes(app))
    # and the listing of a folder whose save carries them says the file cannot be loaded, escaped
    hostile_save(tmp_path, ["Ann" + ATTACK, "Bo"])
    (info,) = [i for i in store.listing() if i.name == "hostile"]
    assert not info.ok and "control characters" in info.error


@pytest.mark.asyncio
async def test_setup_refuses_control_characters_in_a_name_as_typed(tmp_path):
    app = make_app(data_dir=tmp_path, preload=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        assert await until(pilot, lambda: isinstance(app.screen, SetupScreen))
        scr = app.screen
        scr.query_one("#name-0").value = "Ann\x1b[2J"
        await pilot.pause()
        assert any("control characters" in p for p in scr.problems())


def hostile_content(tmp_path, name: str):
    folder = tmp_path / "content"
    shutil.copytree(CONTENT, folder)
    items = folder / "items.yaml"
    text = items.read_text()
    items.write_text(re.sub(r"(?m)^(    name: )(.+)$", lambda m: f"{m.group(1)}{json.dumps(name + ' ' + m.group(2))}",
                            text))
    return folder


@pytest.mark.asyncio
async def test_a_markup_card_name_is_drawn_as_it_is_in_the_log_and_the_card_reader(tmp_path):
    cat = load_catalog(hostile_content(tmp_path, "[b]Evil[/b] [/]"))
    setup = Setup(factions=["krowh"], chapters=2, seed=5)
    store = SaveStore(tmp_path / "saves")
    app = make_app(opener=lambda: GameController.new(setup, [Seat("krowh", "Ann")], store, catalog=cat),
                   data_dir=tmp_path / "saves", preload=False, pacing="instant")
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot)
        g = game_screen(app)
        log = "\n".join(g.query_one("CombatLog").lines)
        assert "Market: [b]Evil[/b] [/] " in log
        await pilot.press("k")
        assert await until(pilot, lambda: isinstance(app.screen, CardsScreen))
        assert "[b]Evil[/b] [/]" in shown(app.screen)
        assert_no_attack(terminal_bytes(app))


def test_content_text_with_control_characters_is_refused_naming_file_and_entry(tmp_path):
    with pytest.raises(ContentError) as exc:
        load_catalog(hostile_content(tmp_path, "\x1b]0;pwned\x07"))
    first = exc.value.problems[0]
    assert first.startswith(f"{tmp_path / 'content' / 'items.yaml'}: entry 'abad_warpaint' (items[0]): field name: ")
    assert "control character" in first
