"""The one-line hex summary (where the details pane has no room): its name, its terrain when it
has one, then what stands there; a face-down hex is named so once, not twice."""
from __future__ import annotations

from uprising_tui.engine import Game, Setup
from uprising_tui.tui.widgets.hex_details import hex_line


def test_a_face_down_hex_is_named_face_down_once_and_an_explored_one_by_its_terrain():
    game = Game(Setup(factions=["druwhn"], chapters=2, seed=3)).start()
    view = game.public_view()
    down = next(h for h in view.hexes.values() if h.terrain is None)
    line = hex_line(game.cat, view, down.id).plain
    assert line.startswith(f"{down.id} Face-down") and line.lower().count("face-down") == 1
    up = next(h for h in view.hexes.values() if h.terrain not in (None, "none", "curse"))
    line = hex_line(game.cat, view, up.id).plain
    assert line.startswith(f"{up.id} ") and "(" in line.split("·")[0] and "face-down" not in line.lower()
    assert hex_line(game.cat, view, None).plain == ""
