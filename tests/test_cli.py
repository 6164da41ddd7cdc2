"""The `uprising` command line, run in-process."""
from __future__ import annotations

import json

import pytest

from uprising_tui import __version__
from uprising_tui.cli import main
from uprising_tui.engine import Game


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def simulate_json(capsys, *extra: str) -> dict:
    code, out, err = run(capsys, "simulate", "--json", *extra)
    assert code == 0, err
    assert "Traceback" not in err
    return json.loads(out)  # exactly one JSON object on stdout


def test_simulate_json_fields(capsys):
    s = simulate_json(capsys, "--games", "3", "--factions", "2", "--chapters", "2", "--seed", "40")
    assert s["games"] == 3 and s["finished"] == 3 and s["errors"] == []
    assert 0.0 <= s["players_win_rate"] <= 1.0
    for side in ("players", "empire", "chaos"):
        assert set(s["vp"][side]) == {"mean", "stdev"}
    assert s["vp"]["players"]["mean"] > 0
    assert s["decisions_per_game"] > 0
    assert s["games_per_second"] > 0
    assert sum(s["verdicts"].values()) == 3
    assert s["config"]["seed"] == 40 and s["config"]["factions"] == 2


def test_simulate_is_the_same_for_any_number_of_jobs(capsys):
    args = ("--games", "4", "--factions", "1", "--chapters", "2", "--bot", "random", "--seed", "7")
    one = simulate_json(capsys, *args, "--jobs", "1")
    two = simulate_json(capsys, *args, "--jobs", "2")
    for key in ("seconds", "games_per_second", "bot_time_share", "config"):
        one.pop(key), two.pop(key)
    assert one == two


def test_simulate_table(capsys):
    code, out, err = run(capsys, "simulate", "--games", "2", "--factions", "1", "--chapters", "2")
    assert code == 0
    for label in ("games", "players' win rate", "VP players", "VP Empire", "VP Chaos", "decisions / game",
                  "games / second", "verdicts"):
        assert label in out
    assert err == ""  # no progress line when stderr is not a terminal


def test_simulate_progress_goes_to_stderr(capsys):
    code, out, err = run(capsys, "simulate", "--games", "2", "--factions", "1", "--chapters", "2", "--progress",
                         "--json")
    assert code == 0
    assert "2/2 games" in err
    json.loads(out)


def test_simulate_reports_broken_games_by_seed(capsys):
    code, out, err = run(capsys, "simulate", "--games", "2", "--factions", "1", "--chapters", "2", "--seed", "3",
                         "--max-decisions", "5", "--json")
    assert code == 1
    s = json.loads(out)
    assert [e["seed"] for e in s["errors"]] == [3, 4]
    assert "no verdict after 5 decisions" in s["errors"][0]["error"]
    assert "Traceback" not in err


def test_save_dir_keeps_loadable_saves(capsys, tmp_path):
    simulate_json(capsys, "--games", "2", "--factions", "2", "--chapters", "2", "--seed", "9",
                  "--save-dir", str(tmp_path))
    saves = sorted(tmp_path.glob("game-*.json"))
    assert [p.name for p in saves] == ["game-10.json", "game-9.json"]
    for p in saves:
        g = Game.load(p)
        assert g.finished and g.state.verdict


@pytest.fixture(scope="module")
def save_file(tmp_path_factory):
    d = tmp_path_factory.mktemp("saves")
    assert main(["simulate", "--json", "--games", "1", "--factions", "2", "--chapters", "2", "--seed", "2",
                 "--save-dir", str(d)]) == 0
    return d / "game-2.json"


def test_log_prints_the_whole_game(capsys, save_file):
    code, out, err = run(capsys, "log", str(save_file))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("A 2-Chapter veteran game for ") and lines[1] == "=== Chapter 1 ==="
    assert "--- Refresh ---" in lines and "--- Actions ---" in lines and "=== Chapter 2 ===" in lines
    assert "=== Game over ===" in lines
    assert lines[-1].startswith("Verdict: ")
    assert len(lines) > 50


def test_log_tail(capsys, save_file):
    code, out, _ = run(capsys, "log", str(save_file), "--tail", "5")
    assert code == 0
    assert len(out.splitlines()) == 6  # 5 log lines and the verdict


@pytest.mark.parametrize("make, message", [
    (lambda p, good: None, "cannot read"),
    (lambda p, good: p.write_text("this is not json"), "not valid JSON"),
    (lambda p, good: p.write_text(good[: len(good) // 2]), "truncated"),
    (lambda p, good: p.write_text(good.replace('"version": 1', '"version": 99')), "format 99"),
    (lambda p, good: p.write_bytes(b"\xff\xfe\x00garbage\x81"), "is not UTF-8 text: byte 0xff at line 1, column 1"),
    (lambda p, good: p.write_text('{"hello": "world"}'), "not an uprising-tui save"),
])
def test_log_rejects_bad_saves_cleanly(capsys, tmp_path, save_file, make, message):
    bad = tmp_path / "bad.json"
    make(bad, save_file.read_text())
    code, out, err = run(capsys, "log", str(bad))
    assert code == 2
    assert err.startswith("uprising: error: ") and message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err and out == ""


def test_content_check(capsys):
    code, out, _ = run(capsys, "content", "check")
    # the shipped content loads; until the other decks land it is short of the box (exit 1)
    assert code in (0, 1)
    assert out.startswith("content OK: ") or out.startswith("content loads, but is short of the box: ")
    for label in ("factions (player boards)", "Feats", "Items (the Market deck)", "Legions", "Sea Tower hexes"):
        assert label in out
    assert ("short by" in out) == (code == 1)


def test_content_check_json(capsys):
    code, out, _ = run(capsys, "content", "check", "--json")
    s = json.loads(out)
    assert s["counts"]["factions"] == 4 and s["counts"]["dice"] == 6
    assert s["box"]["factions"] == {"label": "factions (player boards)", "have": 4, "box": 4, "short": 0,
                                    "source": "rulebook component list"}
    assert s["box"]["feats"]["box"] == 80 and s["box"]["feats"]["have"] == s["counts"]["feats"]
    assert s["ok"] == (code == 0) == all(row["short"] == 0 for row in s["box"].values())


def test_content_check_reports_problems(capsys, tmp_path):
    code, out, err = run(capsys, "content", "check", "--content", str(tmp_path))
    assert code == 1
    assert f"{tmp_path / 'factions.yaml'}: file is missing" in out.splitlines()
    assert out.splitlines()[-1] == f"11 content problem(s) in {tmp_path}"
    assert "Traceback" not in err


def test_version(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert __version__ in capsys.readouterr().out


def test_demo_without_a_command(capsys):
    code, out, _ = run(capsys)
    assert code == 0
    assert "Verdict:" in out and "Demo" in out
