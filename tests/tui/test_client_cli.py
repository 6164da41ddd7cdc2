"""The client's commands: `uprising` alone opens the title screen, `uprising new` and
`uprising load` check what they are given before any screen opens, `uprising screenshots`."""
from __future__ import annotations

import pytest

from uprising_tui import tui_cli
from uprising_tui.cli import build_parser, main
from uprising_tui.engine import Game, Setup


def test_no_command_opens_the_title_screen(monkeypatch):
    seen = []
    monkeypatch.setattr(tui_cli, "run_title", lambda *a, **k: seen.append("title") or 0)
    assert main([]) == 0 and seen == ["title"]


def test_new_reads_factions_bots_and_names():
    args = build_parser().parse_args(["new", "--factions", "3", "--seed", "9", "--chapters", "2", "--difficulty",
                                      "nightmare", "--bots", "krowh", "--names", "Ann,Bo", "--auto-ties"])
    setup, seats = tui_cli.new_setup(args)
    assert setup == Setup(factions=["druwhn", "duerkhar", "krowh"], chapters=2, difficulty="nightmare", seed=9,
                          auto_ties=True)
    assert [(s.faction, s.name, s.bot) for s in seats] == [
        ("druwhn", "Ann", None), ("duerkhar", "Bo", None), ("krowh", "Heuristic bot", "heuristic")]


def test_new_seats_a_strong_bot():
    args = build_parser().parse_args(["new", "--factions", "2", "--bots", "duerkhar", "--bot", "strong"])
    _, seats = tui_cli.new_setup(args)
    assert [(s.faction, s.bot) for s in seats] == [("druwhn", None), ("duerkhar", "strong")]
    assert seats[1].name == "Strong bot"


def test_new_with_named_factions_and_a_random_seed():
    args = build_parser().parse_args(["new", "--play", "mohyar,krowh"])
    setup, seats = tui_cli.new_setup(args)
    assert setup.factions == ["mohyar", "krowh"] and 1 <= setup.seed < 1_000_000


@pytest.mark.parametrize("argv, message", [
    (["new", "--factions", "2", "--bots", "mohyar"], "--bots names factions not in the game: mohyar"),
    (["new", "--factions", "2", "--names", "Ann"], "--names gives 1 name(s) for 2 person(s)"),
])
def test_new_refuses_what_does_not_fit(capsys, argv, message):
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_new_refuses_an_unknown_faction(capsys):
    with pytest.raises(SystemExit):
        main(["new", "--play", "elves"])
    assert "unknown faction(s) elves" in capsys.readouterr().err


def test_load_refuses_a_broken_file_before_any_screen(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    assert main(["load", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "not valid JSON" in err and "Traceback" not in err


def test_load_opens_a_good_file(tmp_path, monkeypatch):
    g = Game(Setup(factions=["druwhn"], chapters=2, seed=1)).start()
    g.save_to(tmp_path / "g.json")
    ran = []
    import uprising_tui.tui.app as app_mod

    class Fake:
        return_code = 0

        def __init__(self, **kw):
            ran.append(kw)

        def run(self):
            ran.append("run")

    monkeypatch.setattr(app_mod, "make_app", lambda **kw: Fake(**kw))
    assert main(["load", str(tmp_path / "g.json"), "--pacing", "step", "--light"]) == 0
    assert ran[0]["load"] == str(tmp_path / "g.json") and ran[0]["pacing"] == "step" and ran[0]["light"]
    assert ran[1] == "run"


def test_screenshots_writes_svgs(tmp_path, monkeypatch):
    from uprising_tui.tui import screenshots
    got = screenshots.write_screenshots(tmp_path, seed=7, sizes=("80x24",), scenes=("title", "help"))
    assert [p.name for p in got] == ["title-80x24.svg", "help-80x24.svg"]
    assert all(p.read_text().startswith("<svg") for p in got)


def test_the_load_screenshot_is_the_same_on_every_run(tmp_path, monkeypatch):
    """The Load screen prints its saves folder: the scene uses a fixed one, not a random name."""
    from uprising_tui.tui import screenshots
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    monkeypatch.setattr(screenshots.tempfile, "tempdir", None)  # read TMPDIR again
    first = screenshots.write_screenshots(tmp_path / "a", seed=7, sizes=("80x24",), scenes=("load",))[0]
    again = screenshots.write_screenshots(tmp_path / "b", seed=7, sizes=("80x24",), scenes=("load",))[0]
    assert first.read_bytes() == again.read_bytes()
    assert not any((tmp_path / "tmp").glob("uprising-screenshots-*/load"))  # cleaned up
