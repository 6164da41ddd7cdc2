"""Snapshots of the map and its details pane: 4 and 1 factions, at 120x40 and 80x24.

Regenerate after an intended change of the drawing with
``.venv/bin/pytest tests/tui/test_hex_map_snapshots.py --snapshot-update`` and look at the
SVGs under ``__snapshots__`` before committing them.
"""
from __future__ import annotations

import pytest

from uprising_tui.content.loader import load_catalog

from .hex_map_scenes import MapApp, scene

CAT = load_catalog()


def app_for(factions: int, theme: str | None = None) -> MapApp:
    view, highlights, cursor = scene(CAT, factions)
    app = MapApp(CAT, view, highlights, cursor)
    if theme:
        app.theme = theme
    return app


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
@pytest.mark.parametrize("factions", [4, 1], ids=["4-factions", "1-faction"])
def test_map_snapshot(snap_compare, factions, size):
    assert snap_compare(app_for(factions), terminal_size=size)


def test_map_snapshot_light_theme(snap_compare):
    assert snap_compare(app_for(4, "textual-light"), terminal_size=(120, 40))
