"""Board.in_order reads a set of hexes (an int, bit i for the map's i-th hex) back in map order."""
import random

from uprising_tui.engine import Game, Setup


def test_in_order_gives_every_hex_of_the_set_in_map_order():
    g = Game(Setup(factions=["krowh", "mohyar", "duerkhar", "druwhn"], chapters=2, seed=7)).start()
    board = g.board
    rng = random.Random(7)
    sets = [0, board._all_bits, 1, 1 << (len(board.all_ids) - 1)] + [rng.getrandbits(len(board.all_ids)) for _ in range(200)]
    for hexes in sets:
        assert board.in_order(hexes) == tuple(b for b in board.bits if hexes & b[1]), hex(hexes)
