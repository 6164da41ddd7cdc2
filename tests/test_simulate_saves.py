"""`uprising simulate`: a save directory that cannot be written is found before the first game; a
save that fails keeps the game's figures; --jobs is capped at the cores; paths are tidy; numbers
on the command line are bounded."""
from __future__ import annotations

import json

import pytest

from uprising_tui import sim
from uprising_tui.cli import main
from uprising_tui.engine import Game

ARGS = ["simulate", "--games", "2", "--factions", "1", "--chapters", "2", "--seed", "3"]


def _run(capsys, argv):
    code = main(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def test_an_unwritable_save_dir_is_found_before_any_game(capsys, tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    played = []
    monkeypatch.setattr(sim, "play_game", lambda *a, **k: played.append(a))
    code, out, err = _run(capsys, ARGS + ["--save-dir", str(blocker / "saves")])
    assert code == 2 and out == "" and played == []
    assert err == f"uprising: error: cannot write saves to {blocker / 'saves'}: a part of that path is a file\n"


def test_an_unwritable_save_dir_as_json(capsys, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    code, out, _ = _run(capsys, ARGS + ["--json", "--save-dir", str(blocker)])
    assert code == 2
    assert json.loads(out) == {"error": {"kind": "usage", "message":
                                         f"cannot write saves to {blocker}: it is a file, not a directory"}}


def test_a_failed_save_keeps_the_games_figures(capsys, tmp_path, monkeypatch):
    code, out, _ = _run(capsys, ARGS + ["--json"])
    assert code == 0
    clean = json.loads(out)

    real = Game.save_to

    def flaky(self, path):
        if path.name == "game-4.json":
            raise OSError(28, "No space left on device", str(path))
        return real(self, path)

    monkeypatch.setattr(Game, "save_to", flaky)
    code, out, _ = _run(capsys, ARGS + ["--json", "--save-dir", str(tmp_path)])
    assert code == 1
    s = json.loads(out)
    assert s["errors"] == [] and s["finished"] == 2
    assert s["save_errors"] == [{"seed": 4, "error": f"No space left on device ({tmp_path / 'game-4.json'})"}]
    for key in ("vp", "players_win_rate", "verdicts", "decisions_per_game"):
        assert s[key] == clean[key]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-3.json"]


def test_a_failed_save_in_the_table(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(Game, "save_to", lambda self, path: (_ for _ in ()).throw(PermissionError(13, "Permission denied", str(path))))
    code, out, _ = _run(capsys, ARGS + ["--save-dir", str(tmp_path)])
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith("games") and "2 finished, 0 errors" in lines[0]
    assert f"save failed: seed 3: Permission denied ({tmp_path / 'game-3.json'})" in lines
    assert lines[-1] == f"0 save(s) in {tmp_path / 'game-<seed>.json'}"


def test_save_dir_paths_are_tidy(capsys, tmp_path):
    code, out, _ = _run(capsys, ARGS + ["--save-dir", f"{tmp_path}//"])
    assert code == 0
    assert out.splitlines()[-1] == f"2 save(s) in {tmp_path}/game-<seed>.json"
    assert "//" not in out


def test_jobs_above_the_cores_are_capped_with_a_warning(capsys, monkeypatch):
    monkeypatch.setattr(sim, "usable_cores", lambda: 1)
    code, out, err = _run(capsys, ARGS + ["--json", "--jobs", "64"])
    assert code == 0
    assert err == "uprising: warning: --jobs 64 is more than the 1 core(s) here; using 1\n"
    assert json.loads(out)["config"]["jobs"] == 1


@pytest.mark.parametrize("argv, message", [
    (["--seed", "7" * 5000], "argument --seed/-s: must be a seed from 0 to 9,223,372,036,854,775,807, not '7777"),
    (["--seed", "-1"], "argument --seed/-s: must be a seed from 0 to 9,223,372,036,854,775,807, not -1"),
    (["--seed", "\u00b2"], "argument --seed/-s: must be a seed from 0 to 9,223,372,036,854,775,807, not '\u00b2'"),
    (["--games", "0"], "argument --games/-n: must be a whole number from 1 to 10,000,000, not 0"),
    (["--jobs", "x" * 100_000], "argument --jobs/-j: must be a whole number from 1 to 1,000,000, not 'xxxx"),
])
def test_numbers_on_the_command_line_are_bounded(capsys, argv, message):
    with pytest.raises(SystemExit) as exc:
        main(["simulate", *argv])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert f"uprising simulate: error: {message}" in err and len(err) < 1000


def test_the_last_seed_of_a_run_stays_in_range(capsys):
    code, out, err = _run(capsys, ["simulate", "--games", "2", "--seed", str(2 ** 63 - 1)])
    assert code == 2
    assert err == ("uprising: error: --seed 9223372036854775807 with --games 2 would pass the largest seed "
                   "(2**63 - 1)\n")


def test_a_usage_error_is_json_under_json(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--json", "--games", "zero"])
    out = capsys.readouterr().out
    assert json.loads(out) == {"error": {"kind": "usage", "message":
                                         "argument --games/-n: must be a whole number from 1 to 10,000,000, not 'zero'"}}
