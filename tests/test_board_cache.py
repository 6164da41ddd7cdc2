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


def test_a_plain_tile_explored_keeps_the_walks_an_impassable_one_forgets_them():
    """Board.face_changed: a tile with no impassable edge and no Sea Tower blocks and reaches what the
    face-down hex did, so the walks read from it stay; one with impassable edges is touched."""
    g = Game(sim.SimConfig(games=1, factions=2, chapters=2, seed=37).setup(37)).start()
    board, hexes = g.board, g.state.hexes
    hid = next(h.id for h in hexes.values() if not h.explored and h.role != "sea_tower")
    was = hexes[hid].explored, hexes[hid].tile
    for tile, kept in (("howling_white", True), ("rigga", False)):  # (rigga: impassable edges 0 and 1)
        assert not g.cat.hexes[tile].impassable if kept else g.cat.hexes[tile].impassable
        h = hexes[hid]
        h.explored, h.tile = True, tile
        walks = {n: board.walk_neighbours(n) for n in (hid, *board.near[hid])}
        board.face_changed(hid)
        assert all((board._walk.get(n) is w) is kept for n, w in walks.items()), tile
        fresh = Board(g.state, g.cat, board.fixed_edges)
        assert all(board.walk_neighbours(n) == fresh.walk_neighbours(n) for n in walks), tile
    hexes[hid].explored, hexes[hid].tile = was  # as the game's events tell it (the test's fixture checks)
    board.touch(hid)


def test_edge_blocked_says_what_blocked_edges_lists_for_every_tile_and_rotation():
    """Board.edge_blocked is blocked_edges without the tuple: the two must agree on the rotation."""
    g = Game(sim.SimConfig(games=1, factions=2, chapters=2, seed=37).setup(37)).start()
    board, hexes = g.board, g.state.hexes
    hid = next(h.id for h in hexes.values() if not h.explored and h.role != "sea_tower")
    h = hexes[hid]
    was = h.explored, h.tile, h.rotation
    blocking = [t for t, tile in g.cat.hexes.items() if tile.impassable]
    assert blocking
    for explored in (False, True):
        for tile in blocking:
            for rotation in range(6):
                h.explored, h.tile, h.rotation = explored, tile, rotation
                listed = board.blocked_edges(h)
                assert [board.edge_blocked(h, e) for e in range(6)] == [e in listed for e in range(6)], (tile, rotation)
    h.explored, h.tile, h.rotation = was
