"""Two windows, one saves folder: each window autosaves into a slot of its own, locked by the OS
while it plays; a second window on a game another plays is told so and may open a copy; Continue
lists every slot. The other window is a real second process holding a real lock."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from uprising_tui.engine import Setup
from uprising_tui.tui import save_lock
from uprising_tui.tui.app import make_app
from uprising_tui.tui.controller import GameController, default_seats
from uprising_tui.tui.saves import GameInUse, SaveStore, check_name, slot_number
from uprising_tui.tui.screens.confirm import ConfirmScreen
from uprising_tui.tui.screens.load import LoadScreen

from .pilot_helpers import game_screen, settle

PLAYER = textwrap.dedent("""
    import sys
    from uprising_tui.engine import Setup
    from uprising_tui.tui.controller import GameController, default_seats
    from uprising_tui.tui.saves import SaveStore
    setup = Setup(factions=["krowh"], chapters=2, seed=int(sys.argv[2]))
    ctl = GameController.new(setup, default_seats(setup.factions), SaveStore(sys.argv[1]))
    print(ctl.store.autosave_path.name, flush=True)
    sys.stdin.readline()  # plays until told to stop
""")


class OtherWindow:
    """Another `uprising` process playing a new game in the folder (it holds its slot's lock)."""

    def __init__(self, folder, seed: int = 1):
        self.proc = subprocess.Popen([sys.executable, "-c", PLAYER, str(folder), str(seed)], text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.slot = self.proc.stdout.readline().strip()
        assert self.slot, self.proc.stderr.read()

    def close(self) -> None:
        self.proc.stdin.write("\n")
        self.proc.stdin.flush()
        self.proc.wait(30)


@pytest.fixture
def other(tmp_path):
    made = []

    def start(seed: int = 1):
        w = OtherWindow(tmp_path, seed)
        made.append(w)
        return w
    yield start
    for w in made:
        if w.proc.poll() is None:
            w.proc.kill()
            w.proc.wait(10)


def new_game(store, seed: int = 2) -> GameController:
    setup = Setup(factions=["mohyar"], chapters=2, seed=seed)
    return GameController.new(setup, default_seats(setup.factions), store)


def test_two_windows_never_write_one_autosave(tmp_path, other):
    a = other()
    assert a.slot == "autosave.json"
    theirs = (tmp_path / "autosave.json").read_text()
    mine = new_game(SaveStore(tmp_path))  # this window: the next free slot
    assert mine.store.autosave_path.name == "autosave-2.json"
    mine.answer(mine.decision.options[0].id)
    assert (tmp_path / "autosave.json").read_text() == theirs  # untouched
    assert json.loads((tmp_path / "autosave-2.json").read_text())["answers"] == mine.game.answers
    assert sorted(p.name for p in SaveStore(tmp_path).autosaves()) == ["autosave-2.json", "autosave.json"]


def test_a_game_another_window_plays_is_refused_then_opened_as_a_copy(tmp_path, other):
    a = other()
    store = SaveStore(tmp_path)
    assert store.in_use(tmp_path / "autosave.json")
    with pytest.raises(GameInUse, match="open in another window"):
        GameController.load(tmp_path / "autosave.json", store)
    copy = GameController.load(tmp_path / "autosave.json", store, copy=True)
    copy.answer(copy.decision.options[0].id)
    assert store.autosave_path.name == "autosave-2.json"
    assert len(json.loads((tmp_path / "autosave.json").read_text())["answers"]) == len(copy.game.answers) - 1
    a.close()  # the other window ends: its lock goes with its process
    assert not store.in_use(tmp_path / "autosave.json")
    again = GameController.load(tmp_path / "autosave.json", SaveStore(tmp_path))
    assert again.store.autosave_path.name == "autosave.json"


def test_a_lock_is_one_per_process_and_leaving_lets_go(tmp_path):
    store = SaveStore(tmp_path)
    new_game(store)
    assert save_lock.held_here(tmp_path / "autosave.json") and store.slot == 1
    store.release()
    assert store.slot is None and not save_lock.held_here(tmp_path / "autosave.json")
    probe = subprocess.run([sys.executable, "-c", "import sys; from uprising_tui.tui.saves import SaveStore; "
                            "print(SaveStore(sys.argv[1]).claim(sys.argv[1] + '/autosave.json').name)",
                            str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert probe.stdout.strip() == "autosave.json", probe.stderr  # free again for another process


def test_distinct_games_take_distinct_slots_and_at_most_keep_wait(tmp_path, monkeypatch):
    monkeypatch.setattr("uprising_tui.tui.saves.KEEP", 3)
    names = []
    for seed in range(1, 6):  # one window, five games in turn (leaving each for the title)
        store = SaveStore(tmp_path)
        names.append(new_game(store, seed).store.autosave_path.name)
        store.release()
    # three kept; the fourth and fifth games took the oldest games' slots
    assert names == ["autosave.json", "autosave-2.json", "autosave-3.json", "autosave.json", "autosave-2.json"]
    seeds = {p.name: json.loads(p.read_text())["setup"]["seed"] for p in SaveStore(tmp_path).autosaves()}
    assert seeds == {"autosave.json": 4, "autosave-2.json": 5, "autosave-3.json": 3}


def test_slot_names_are_kept_for_autosaves():
    assert [slot_number(n) for n in ("autosave", "autosave-2", "autosave-99", "autosave-1", "autosave-100",
                                     "autosaves", "my game")] == [1, 2, 99, None, None, None, None]
    for kept in ("autosave", "autosave-2", "Autosave-7.json"):
        if slot_number(kept.removesuffix(".json").lower()) == slot_number(kept.removesuffix(".json")):
            with pytest.raises(ValueError, match="kept for the automatic saves"):
                check_name(kept)


@pytest.mark.asyncio
async def test_continue_lists_every_window_s_game_and_offers_a_copy_of_one_in_play(tmp_path, other):
    a = other(seed=1)
    new_game(SaveStore(tmp_path), seed=3).store.release()  # a game left in autosave-2.json
    app = make_app(data_dir=tmp_path, preload=False, pacing="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")
        for _ in range(300):
            await pilot.pause()
            if isinstance(app.screen, LoadScreen) and app.screen.infos:
                break
        scr = app.screen
        assert isinstance(scr, LoadScreen) and scr.autosaves_only
        assert {i.path.name: i.in_use for i in scr.infos} == {"autosave.json": True, "autosave-2.json": False}
        busy = next(n for n, i in enumerate(scr.infos) if i.in_use)
        scr.load(scr.infos[busy].path)
        for _ in range(300):
            await pilot.pause()
            if isinstance(app.screen, ConfirmScreen):
                break
        assert isinstance(app.screen, ConfirmScreen) and "another window" in app.screen.question
        await pilot.press("y")
        await settle(pilot)
        g = game_screen(app)
        assert g is not None and g.ctl.setup.seed == 1  # the other window's game, as a copy
        assert app.store.autosave_path.name == "autosave-3.json"
    assert a.proc.poll() is None  # the other window plays on, its file its own


@pytest.mark.asyncio
async def test_continue_on_the_one_game_another_window_plays_offers_a_copy(tmp_path, other):
    other(seed=1)
    app = make_app(data_dir=tmp_path, preload=False, pacing="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")  # one autosave: Continue opens it, and is told another window has it
        for _ in range(300):
            await pilot.pause()
            if isinstance(app.screen, ConfirmScreen):
                break
        assert isinstance(app.screen, ConfirmScreen) and "autosave.json is being played" in app.screen.question
        await pilot.press("escape")  # Back: nothing opened, nothing written
        await pilot.pause()
        assert game_screen(app) is None and sorted(p.name for p in tmp_path.glob("*.json")) == ["autosave.json"]
