"""SVG snapshots of the client's main screens at a fixed seed, at 120x40 and 80x24. The scenes
are the ones `uprising screenshots` draws for the README (uprising_tui/tui/screenshots.py).
After a deliberate change to a screen: pytest tests/tui/test_snapshots.py --snapshot-update."""
from __future__ import annotations

import pytest

from uprising_tui.tui.screenshots import DEFAULT_SEED, SCENES, SIZES

SNAPSHOT_SCENES = ("title", "setup", "game", "combat", "nemesis", "end")


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("scene", SNAPSHOT_SCENES)
def test_screen(snap_compare, tmp_path, monkeypatch, scene, size):
    monkeypatch.setenv("TZ", "UTC")
    s = SCENES[scene]
    app = s.make(tmp_path, DEFAULT_SEED)
    assert snap_compare(app, terminal_size=SIZES[size], run_before=s.keys)
