"""What the rules keep beside the state (engine/table/memo.py, the Board's caches and indexes) says what a
fresh reading would, after every answer of games that explore hexes, turn impassable edges, lose
a Sea Tower, move, build and destroy Units and build and raze Havens: every entry the memo holds
equals its function worked out afresh (on a fresh memo and a fresh Board), and the Board's walks,
distances, reach and indexes equal a fresh Board's. changes.py keeps them in step with the events;
each step of it, left out, is caught here."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from uprising_tui.bots import get_bot
from uprising_tui.engine import Game, Setup
from uprising_tui.engine.table import changes
from uprising_tui.engine.rules.actions import command, move
from uprising_tui.engine.table.board import Board
from uprising_tui.engine.face.events import (
    DefenseBuilt,
    DefenseRemoved,
    HavenBuilt,
    HavenRemoved,
    HexExplored,
    HexOriented,
    SeaTowerRemoved,
    UnitDestroyed,
    UnitPlaced,
    UnitsMoved,
)
from uprising_tui.engine.table.memo import Memo

FACTIONS = ["krowh", "mohyar", "duerkhar", "druwhn"]
LOST_TOWER = (3, 4, 4302, "nightmare")  # loses a Sea Tower, razes Havens
TURNED = (2, 4, 4125, "nightmare")  # explores hexes with impassable edges
ROTATED = (2, 2, 4113, "veteran", "random")  # turns a tile's impassable edges (rotation 4)


def fresh(g, fn, *args):
    """`fn(ctx, *args)` worked out on a fresh Board and memo: nothing kept."""
    ctx = g.ctx
    kept_board, kept_memo = ctx.board, ctx.memo
    ctx.board = Board(g.state, g.cat, kept_board.fixed_edges)
    ctx.memo = Memo(ctx.board)
    try:
        return fn(ctx, *args)
    finally:
        ctx.board, ctx.memo = kept_board, kept_memo


def stand_in(p, hero_hex=None):
    """`p` with AP and Food to Command and Move (the options are asked whatever `p` holds)."""
    return SimpleNamespace(faction=p.faction, hero_hex=hero_hex or p.hero_hex, ap=1, food=1)


def fill(g) -> None:
    """Keep something for every faction and every hex, so that a stale entry would be read."""
    p = g.state.players[0]
    for q in g.state.players:
        for o in command.options(g.ctx, stand_in(q)):
            command.comers(g.ctx, q.faction, o.id.split(":")[1])
    for hid in g.board.all_ids:
        move.options(g.ctx, stand_in(p, hid))
        g.ctx.hex_label(hid)


def check(g) -> None:
    memo, board = g.ctx.memo, g.board
    for fn, entries in list(memo.static.items()):
        for key, value in list(entries.items()):
            args = key if fn.__code__.co_argcount > 2 else (key,)
            assert value == fresh(g, fn, *args), (fn.__name__, args)
    for fn, entries in list(memo.units.items()):
        for key, value in list(entries.items()):
            assert value == fresh(g, fn, *key), (fn.__name__, key)
    for where, table in (("hex", memo.hexes), ("area", memo.areas)):
        for hid, entries in list(table.items()):
            for fn, value in list(entries.items()):
                if fn.__code__.co_argcount == 2:
                    assert value == fresh(g, fn, hid), (where, hid, fn.__name__)
                    continue
                for a, kept in list(value.items()):
                    assert kept == fresh(g, fn, hid, a), (where, hid, fn.__name__, a)
    new = Board(g.state, g.cat, board.fixed_edges)
    as_sets = lambda index: {f: set(hids) for f, hids in index.items() if hids}  # noqa: E731
    assert as_sets(board.owned) == as_sets(new.owned)
    assert as_sets(board.havens) == as_sets(new.havens)
    assert (board.towers, board.walls) == (new.towers, new.walls)
    assert board._blocking == new._blocking
    for hid in board.all_ids:
        assert board.walk_neighbours(hid) == new.walk_neighbours(hid), hid
        assert board.hero_reach(hid) == new.hero_reach(hid), hid
    for target, towers in list(board._dist_cache):
        assert board.dist_to(target, sea_towers=towers) == new.dist_to(target, sea_towers=towers), target
    for p in g.state.players:
        assert board.unit_reach(p.faction) == new.unit_reach(p.faction), p.faction


def play_checked(n, chapters, seed, difficulty, bot_name="heuristic", every=1):
    g = Game(Setup(factions=FACTIONS[:n], chapters=chapters, seed=seed, difficulty=difficulty)).start()
    bot = get_bot(bot_name, seed)
    answered = 0
    while g.decision is not None:
        fill(g)
        g.answer(bot.choose(g, g.decision))
        answered += 1
        if answered % every == 0:
            check(g)
    return g


@pytest.mark.parametrize("game", [LOST_TOWER, TURNED, ROTATED])
def test_what_is_kept_equals_a_fresh_reading_after_every_answer(game):
    g = play_checked(*game)
    names = [type(e).__name__ for e in g.log]
    assert "UnitsMoved" in names
    if game[-1] != "random":
        assert names.count("UnitsMoved") >= 10 and "HavenBuilt" in names
    if game is LOST_TOWER:
        assert "SeaTowerRemoved" in names and "HavenRemoved" in names
    if game is TURNED:
        assert names.count("HexExplored") >= 5 and "HexOriented" in names
    if game is ROTATED:
        assert any(type(e).__name__ == "HexOriented" and e.rotation for e in g.log)


@pytest.mark.parametrize("event, game", [
    (HexExplored, TURNED), (HexOriented, ROTATED), (SeaTowerRemoved, LOST_TOWER), (UnitsMoved, TURNED),
    (UnitPlaced, TURNED), (UnitDestroyed, LOST_TOWER), (HavenBuilt, TURNED), (HavenRemoved, LOST_TOWER),
    (DefenseBuilt, TURNED), (DefenseRemoved, TURNED),
])
def test_each_step_of_changes_is_needed(monkeypatch, event, game):
    monkeypatch.setitem(changes.STEPS, event, lambda ctx, e: None)
    with pytest.raises(AssertionError):
        play_checked(*game)


def test_the_memo_is_one_per_game():
    g = Game(Setup(factions=FACTIONS[:2], chapters=2, seed=5)).start()
    g.answer(g.decision.options[0].id)
    before = g.ctx.memo
    g.undo()
    assert g.ctx.memo is not before and g.ctx.memo.board is g.board


@pytest.mark.parametrize("whole", [False, True])
def test_an_edge_turned_next_to_a_faction_changes_its_kept_reach(whole):
    """`touch(hid)` and `touch()` both forget the reach of a faction whose Units stand by the hex."""
    g = Game(Setup(factions=FACTIONS[:2], chapters=2, seed=4122)).start()
    bot = get_bot("heuristic", 4122)
    while not g.board.owned.get("krowh"):
        g.answer(bot.choose(g, g.decision))
    board = g.board
    home = next(iter(board.owned["krowh"]))
    changed = 0
    for n in board.near[home]:
        h = g.state.hexes[n]
        was = h.explored, h.tile, h.rotation
        h.explored, h.tile = True, "rigga"  # impassable edges 0 and 1, turned below
        for rotation in range(6):
            before = board.unit_reach("krowh")
            h.rotation = rotation
            board.touch(None if whole else n)
            now = board.unit_reach("krowh")
            assert now == Board(g.state, g.cat, board.fixed_edges).unit_reach("krowh"), (n, rotation)
            changed += now != before
        h.explored, h.tile, h.rotation = was  # as the game's events tell it (the test's fixture checks)
        board.touch(n)
    assert changed  # some turn of the edges closed or opened a step from the faction's hex
