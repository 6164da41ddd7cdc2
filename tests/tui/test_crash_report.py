"""A crash in the client: the process exits non-zero, the autosave stays and loads to the same game,
a report (traceback, version, seed, answers) is written beside the saves, and the terminal is told
where in one line."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from uprising_tui.engine import Setup
from uprising_tui.tui import crash
from uprising_tui.tui.app import make_app
from uprising_tui.tui.controller import GameController, default_seats
from uprising_tui.tui.saves import SaveStore
from uprising_tui.tui.screens.game import GameScreen
from uprising_tui.tui.screenshots import advance

from .pilot_helpers import settle


@pytest.mark.asyncio
async def test_a_crash_keeps_the_game_and_writes_a_report(tmp_path, monkeypatch):
    setup = Setup(factions=["duerkhar", "mohyar"], chapters=2, seed=7)
    ctl = GameController.new(setup, default_seats(setup.factions, ["mohyar"]), SaveStore(tmp_path))
    advance(ctl, lambda c: c.answers >= 12 and not c.is_bot_turn())
    answers = list(ctl.game.answers)

    def broken(self):
        raise RuntimeError("forced for the test")
    monkeypatch.setattr(GameScreen, "action_cards", broken)
    app = make_app(data_dir=tmp_path, pacing="instant", preload=False, opener=lambda: ctl)
    with pytest.raises(RuntimeError, match="forced for the test"):
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            await pilot.press("k")
            await pilot.pause()
    assert app.return_code == 1
    report = app.crash_report
    assert report is not None and report.parent == tmp_path and report.name.startswith("crash-")
    text = report.read_text()
    assert "RuntimeError: forced for the test" in text and "Traceback (most recent call last)" in text
    assert f"uprising-tui {crash.version()}" in text
    assert "seed:     7" in text and f"answers:  {len(answers)}" in text
    assert f"saved:    {tmp_path / 'autosave.json'}" in text
    line = app.crash_line
    assert "\n" not in line and str(report) in line and "Continue resumes it" in line
    again = GameController.load(tmp_path / "autosave.json")
    assert again.game.answers == answers


def test_the_report_goes_to_the_temporary_folder_when_the_saves_folder_is_not_writable(tmp_path, monkeypatch):
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("")
    monkeypatch.setattr(crash.tempfile, "gettempdir", lambda: str(tmp_path / "tmp"))
    path = crash.write_report(blocked / "saves", "text")
    assert path.parent == tmp_path / "tmp" and path.read_text() == "text"
    second = crash.write_report(blocked / "saves", "more")
    assert second != path  # two crashes in one second keep both reports


@pytest.mark.skipif(sys.platform == "win32", reason="a headless run of the real command")
def test_the_command_exits_non_zero_and_says_where_the_report_is(tmp_path):
    """`uprising new` run for real (headless), with a screen broken on purpose."""
    script = textwrap.dedent("""
        import sys
        from uprising_tui.tui.screens import game_playback
        def broken(self):
            raise RuntimeError("forced for the test")
        game_playback.Playback.present = broken
        from uprising_tui.cli import main
        sys.exit(main(["new", "--factions", "1", "--seed", "5", "--chapters", "2", "--data-dir", sys.argv[1]]))
    """)
    env = dict(os.environ, TEXTUAL_DRIVER="textual.drivers.headless_driver:HeadlessDriver")
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 1, done.stderr
    lines = [x for x in done.stderr.splitlines() if x.strip()]
    said = [x for x in lines if x.startswith("uprising: the client crashed")]
    assert len(said) == 1 and "RuntimeError: forced for the test" in said[0], done.stderr
    reports = list(tmp_path.glob("crash-*.txt"))
    assert len(reports) == 1 and str(reports[0]) in said[0]
    assert "seed:     5" in reports[0].read_text()
    assert (tmp_path / "autosave.json").is_file()
