"""The bots read what a player at the table reads: the public view, the Decision, the catalog
and the events. A guard fails any read of the game's raw state (``Game.state``, ``ctx``,
``board``, ``rng``, ``dice``, ``Game.view()``) from a bots module, over whole games; the engine's
own readers the bots call (the fight policy, the odds) may read it. The geometry the bots read
from the view (bots/geometry.py) equals the engine's Board after every answer."""
from __future__ import annotations

import pytest

from uprising_tui.bots import get_bot
from uprising_tui.bots.geometry import PublicBoard
from uprising_tui.engine import Game, Setup

from .tui import raw_state_guard

FACTIONS = ["krowh", "mohyar", "duerkhar", "druwhn"]


def guarded(monkeypatch) -> list:
    reads: list = []
    monkeypatch.setattr(raw_state_guard, "CLIENT", "uprising_tui.bots")
    raw_state_guard.install(monkeypatch, reads)
    return reads


@pytest.mark.parametrize("n, chapters, seed, difficulty, bot", [
    (4, 2, 70, "veteran", "heuristic"), (2, 4, 4125, "nightmare", "heuristic"), (3, 2, 71, "rebel", "random")])
def test_a_bot_never_reads_the_raw_state(monkeypatch, n, chapters, seed, difficulty, bot):
    reads = guarded(monkeypatch)
    g = Game(Setup(factions=FACTIONS[:n], chapters=chapters, seed=seed, difficulty=difficulty)).start()
    b = get_bot(bot, seed)
    while g.decision is not None:
        g.answer(b.choose(g, g.decision))
    assert reads == [] and g.public_view().verdict is not None


def test_the_guard_catches_a_bot_module(monkeypatch):
    reads = guarded(monkeypatch)
    g = Game(Setup(factions=["krowh"], chapters=2, seed=1)).start()
    sneaky = {"__name__": "uprising_tui.bots.sneaky"}
    exec("def peek(g):\n    return g.board", sneaky)
    with pytest.raises(raw_state_guard.RawStateRead):
        sneaky["peek"](g)
    assert reads == [("board", "uprising_tui.bots.sneaky")]


@pytest.mark.parametrize("n, chapters, seed, difficulty, bot", [
    (3, 4, 4302, "nightmare", "heuristic"), (2, 2, 4113, "veteran", "random")])
def test_the_public_geometry_is_the_boards(n, chapters, seed, difficulty, bot):
    """Explored hexes, turned edges and a lost Sea Tower: the same neighbours, in the same order,
    and the same distances, read from the public view alone."""
    g = Game(Setup(factions=FACTIONS[:n], chapters=chapters, seed=seed, difficulty=difficulty)).start()
    b = get_bot(bot, seed)
    checked = 0
    while g.decision is not None:
        g.answer(b.choose(g, g.decision))
        if len(g.answers) % 5:
            continue
        public, board = PublicBoard(g.public_view()), g.board
        for hid in board.all_ids:
            assert public.unit_adjacent(hid) == board.unit_adjacent(hid), hid
            assert public.hero_adjacent(hid) == board.hero_adjacent(hid), hid
            assert public.adjacent(hid) == board.adjacent(hid), hid
            assert public.is_sea_tower(hid) == board.is_sea_tower(hid), hid
        for target in (board.capital, *board.havens.get(g.state.players[0].faction, ())):
            for towers in (True, False):
                assert public.dist_to(target, sea_towers=towers) == board.dist_to(target, sea_towers=towers)
        checked += 1
    names = [type(e).__name__ for e in g.log]
    assert checked > 10 and "HexExplored" in names
    if difficulty == "nightmare":
        assert "SeaTowerRemoved" in names
