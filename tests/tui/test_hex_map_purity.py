"""The map widgets read the public view only: no game, no state, no other engine module."""
from __future__ import annotations

import ast
from pathlib import Path

import uprising_tui.tui.widgets as widgets

MAP_MODULES = ("hex_map", "hex_details", "hex_geometry", "hex_style", "hex_tokens", "hex_text", "hex_paint", "map_pane",
               "map_legend", "contrast")


def test_map_widgets_import_only_the_public_view_from_the_engine():
    root = Path(widgets.__file__).parent
    for name in MAP_MODULES:
        tree = ast.parse((root / f"{name}.py").read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                mod = ("." * node.level) + (node.module or "")
                if "engine" in mod:
                    assert mod.endswith("engine.face.view"), (name, mod)
            elif isinstance(node, ast.Import):
                assert not any("engine" in a.name for a in node.names), name
        assert "game.state" not in (root / f"{name}.py").read_text(), name
