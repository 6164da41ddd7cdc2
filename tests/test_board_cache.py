"""The board's walk cache, forgotten hex by hex after an Explore, agrees with a fresh board."""
from uprising_tui import sim
from uprising_tui.engine import Game
from uprising_tui.engine.table.board import Board


def test_walks_after_explores_match_a_fresh_board():
    cfg = sim.SimConfig(games=1, factions=2, chapters=2, seed=37)
    _, played = sim.play_game(cfg.setup(37), "heuristic")
    g = Game(played.setup).start()
    explored_seen = 0
    for a in played.answers:
        g.answer(a)
        board = g.board
        for hid in board.all_ids:
            board.walk_neighbours(hid)  # fill the cache, so a stale entry would be kept
        explored = sum(h.explored for h in g.state.hexes.values())
        if explored != explored_seen:
            explored_seen = explored
            fresh = Board(g.state, g.cat, board.fixed_edges)
            for hid in board.all_ids:
                assert board.walk_neighbours(hid) == fresh.walk_neighbours(hid), hid
    assert explored_seen > 10  # hexes were explored on the way
    assert sum(type(e).__name__ == "HexOriented" for e in g.log) >= 3  # impassable edges turned
