"""What the Board keeps for a turn's options must equal what a fresh Board works out, after every
answer: where each faction's Units may step (`Board.unit_reach`, forgotten by `owner_changed` and
`touch`), the hexes as bits read back in map order (`in_order`), and the options kept by hex
(`by_hex`: forgotten by `touch` of that hex) and by the Hero's hex (`by_area`: forgotten by `touch`
of it or a neighbour, and of any Sea Tower). The games below explore hexes, turn impassable
edges, lose Sea Towers and move, build and destroy Units."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from uprising_tui.bots import get_bot
from uprising_tui.engine import Game, Setup
from uprising_tui.engine.actions import command, move
from uprising_tui.engine.board import Board

FACTIONS = ["krowh", "mohyar", "duerkhar", "druwhn"]
GAMES = [  # (factions, chapters, seed, difficulty, bot): the nightmare ones lose a Sea Tower
    (3, 4, 4302, "nightmare", "heuristic"),
    (2, 4, 4305, "nightmare", "heuristic"),
    (2, 2, 4123, "veteran", "random"),
    (4, 2, 4122, "veteran", "heuristic"),
]


def stand_in(p, hero_hex=None):
    """`p` with AP and Food to Command and Move (the options are asked whatever `p` holds)."""
    return SimpleNamespace(faction=p.faction, hero_hex=hero_hex or p.hero_hex, ap=1, food=1)


def fresh_options(g, make):
    """`make()` worked out on a Board built from the state now, with nothing kept."""
    kept_board = g.ctx.board
    g.ctx.board = Board(g.state, g.cat, kept_board.fixed_edges)
    try:
        return make()
    finally:
        g.ctx.board = kept_board


def check(g) -> None:
    ctx, board = g.ctx, g.board
    fresh = Board(g.state, g.cat, board.fixed_edges)
    for p in g.state.players:
        assert board.unit_reach(p.faction) == fresh.unit_reach(p.faction), p.faction
        who = stand_in(p)
        assert command.options(ctx, who) == fresh_options(g, lambda: command.options(ctx, who)), p.faction
    for hid in board.all_ids:
        assert board.hero_reach(hid) == fresh.hero_reach(hid), hid
    for hid, opt in board.by_hex("command").items():
        assert opt.label == f"Command into {ctx.hex_label(hid)}", hid
    for hid, opt in board.by_hex("move").items():
        assert opt.label == f"Move to {ctx.hex_label(hid)}", hid
    p = g.state.players[0]
    for hid, opts in list(board.by_area("move").items()):
        who = stand_in(p, hid)
        assert tuple(opts) == tuple(fresh_options(g, lambda: move.options(ctx, who))), hid


def fill(g) -> None:
    """Keep something for every faction and every hex, so that a stale entry would be read."""
    p = g.state.players[0]
    for q in g.state.players:
        command.options(g.ctx, stand_in(q))
    for hid in g.board.all_ids:
        move.options(g.ctx, stand_in(p, hid))


@pytest.mark.parametrize("n, chapters, seed, difficulty, bot_name", GAMES)
def test_kept_reach_and_options_equal_a_fresh_board_after_every_answer(n, chapters, seed, difficulty, bot_name):
    g = Game(Setup(factions=FACTIONS[:n], chapters=chapters, seed=seed, difficulty=difficulty)).start()
    bot = get_bot(bot_name, seed)
    while g.decision is not None:
        fill(g)
        g.answer(bot.choose(g, g.decision))
        check(g)
    names = [type(e).__name__ for e in g.log]
    # the kept reach saw the state change: Units moved, counted one by one (a Command may move
    # several of a kind in one event). Since bring:all the random game here moves 9 (it was 10+)
    assert sum(e.count for e in g.log if type(e).__name__ == "UnitsMoved") >= 8
    if bot_name == "heuristic":
        assert names.count("HexExplored") >= 5 and "HexOriented" in names


def test_a_lost_sea_tower_is_seen():
    """The nightmare games above do lose a Sea Tower (so `touch()` of every hex is exercised)."""
    g = Game(Setup(factions=FACTIONS[:3], chapters=4, seed=4302, difficulty="nightmare")).start()
    bot = get_bot("heuristic", 4302)
    while g.decision is not None:
        g.answer(bot.choose(g, g.decision))
    assert any(type(e).__name__ == "SeaTowerRemoved" for e in g.log)


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
