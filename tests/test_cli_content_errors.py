"""Broken content reaches every command as a clear message (JSON under --json), never a traceback;
every command reads the content from --content DIR or $UPRISING_CONTENT and names that directory."""
from __future__ import annotations

import json
import shutil

import pytest

from uprising_tui.cli import main
from uprising_tui.content import loader as content_loader

from .content_fixtures import CONTENT

COMMANDS = {
    "simulate": ["simulate", "--games", "1", "--factions", "1", "--chapters", "2"],
    "simulate-jobs": ["simulate", "--games", "2", "--factions", "1", "--chapters", "2", "--jobs", "2"],
    "demo": ["demo"],
    "log": ["log", "SAVE"],
    "check": ["content", "check"],
    "balance": ["balance", "--games", "1", "--factions", "1", "--difficulty", "rebel", "--cards", "none"],
}
JSON_COMMANDS = ("simulate", "check", "balance")


@pytest.fixture(scope="module")
def save_file(tmp_path_factory):
    d = tmp_path_factory.mktemp("saves")
    assert main(["simulate", "--json", "--games", "1", "--factions", "1", "--chapters", "2", "--seed", "5",
                 "--save-dir", str(d)]) == 0
    return d / "game-5.json"


def _content(tmp_path, name: str, breakage: bytes | str) -> str:
    dst = tmp_path / "broken-content"
    shutil.copytree(CONTENT, dst)
    if isinstance(breakage, str):
        breakage = breakage.encode()
    (dst / name).write_bytes(breakage)
    return str(dst)


BREAKAGES = {
    "content-error": ("heroes.yaml", (CONTENT / "heroes.yaml").read_text().replace("might: 1", "might: 2", 1),
                      "heroes.yaml: entry 'yanny' (heroes[0]): field (whole entry): the attributes must sum to 4"),
    "non-utf8": ("druids.yaml", b"druids:\n  - id: w\xe9tcher\n",
                 "druids.yaml: is not UTF-8 text: byte 0xe9 at line 2, column 10"),
    "deep": ("events.yaml", "events: " + "[" * 20_000 + "]" * 20_000,
             "events.yaml: "),
    "duplicate-key": ("dice.yaml", (CONTENT / "dice.yaml").read_text() + "skeleton: white\n",
                      "dice.yaml: duplicate key 'skeleton' at line"),
    "negative-attribute": ("heroes.yaml",
                           (CONTENT / "heroes.yaml").read_text().replace("might: 1", "might: -1", 1),
                           "heroes.yaml: entry 'yanny' (heroes[0]): field might: an attribute counts Hero Dice, "
                           "so it is 0 or more, not -1"),
}


def _run(capsys, argv):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("breakage", sorted(BREAKAGES))
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_reports_broken_content(capsys, tmp_path, save_file, command, breakage):
    name, text, expected = BREAKAGES[breakage]
    root = _content(tmp_path, name, text)
    content_loader._cached.cache_clear()
    argv = [str(save_file) if a == "SAVE" else a for a in COMMANDS[command]] + ["--content", root]
    code, out, err = _run(capsys, argv)
    assert code == 1
    assert "Traceback" not in out + err
    problem = f"{root}/{expected}"
    if command == "check":  # the check lists problems on stdout, the count last
        assert any(line.startswith(problem) for line in out.splitlines()), out
        assert out.splitlines()[-1] == f"1 content problem(s) in {root}"
    else:
        lines = err.splitlines()
        assert lines[0] == f"uprising: error: the content in {root} has 1 problem(s)"
        assert lines[1].startswith(f"  {problem}"), lines[1]
        assert out == ""


@pytest.mark.parametrize("command", JSON_COMMANDS)
def test_broken_content_as_json(capsys, tmp_path, command):
    name, text, expected = BREAKAGES["non-utf8"]
    root = _content(tmp_path, name, text)
    content_loader._cached.cache_clear()
    code, out, err = _run(capsys, COMMANDS[command] + ["--json", "--content", root])
    assert code == 1
    data = json.loads(out)  # exactly one JSON object on stdout
    problems = data["problems"] if command == "check" else data["error"]["problems"]
    assert problems == [f"{root}/{expected}"]
    if command == "check":
        assert data["ok"] is False and data["source"] == root
    else:
        assert data["error"]["kind"] == "content" and data["error"]["source"] == root
        assert data["error"]["message"] == f"the content in {root} has 1 problem(s)"


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_the_environment_variable_is_read_by_every_command(capsys, tmp_path, save_file, monkeypatch, command):
    root = tmp_path / "nowhere"
    monkeypatch.setenv("UPRISING_CONTENT", str(root))
    content_loader._cached.cache_clear()
    argv = [str(save_file) if a == "SAVE" else a for a in COMMANDS[command]]
    code, out, err = _run(capsys, argv)
    assert code == 1
    text = out if command == "check" else err
    assert f"content directory {root} does not exist (the UPRISING_CONTENT environment variable points there)" \
        in text
    assert "Traceback" not in out + err


def test_content_flag_wins_over_the_environment(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("UPRISING_CONTENT", str(tmp_path / "nowhere"))
    content_loader._cached.cache_clear()
    code, out, err = _run(capsys, ["simulate", "--games", "1", "--factions", "1", "--chapters", "2", "--json",
                                   "--content", str(CONTENT)])
    assert code == 0, err
    assert json.loads(out)["finished"] == 1


def test_a_file_given_as_the_content_directory(capsys, tmp_path):
    f = tmp_path / "file.yaml"
    f.write_text("x: 1\n")
    code, out, err = _run(capsys, ["demo", "--content", str(f)])
    assert code == 1
    assert err.splitlines()[1] == f"  content directory {f} is not a directory"


def test_simulate_reads_the_content_once(capsys, tmp_path, monkeypatch):
    """Not once per game: the command reads it before the first game and hands it to every game."""
    root = tmp_path / "content"
    shutil.copytree(CONTENT, root)
    calls = []
    real = content_loader._load

    def counting(path, loader, *rest):
        calls.append(path)
        return real(path, loader, *rest)

    monkeypatch.setattr(content_loader, "_load", counting)
    monkeypatch.setenv("UPRISING_CACHE_DIR", "off")
    content_loader._cached.cache_clear()
    code, out, _ = _run(capsys, ["simulate", "--games", "3", "--factions", "1", "--chapters", "2", "--json",
                                 "--content", str(root)])
    assert code == 0 and json.loads(out)["finished"] == 3
    assert calls == [root]


def test_a_worker_reads_the_content_once_for_all_its_games(tmp_path, monkeypatch):
    """What a --jobs worker process does: its first game reads cfg.content_dir, the rest reuse it."""
    from uprising_tui import sim

    root = tmp_path / "content"
    shutil.copytree(CONTENT, root)
    calls = []
    real = content_loader._load
    monkeypatch.setattr(content_loader, "_load", lambda path, loader, *rest: calls.append(path) or real(path, loader, *rest))
    monkeypatch.setenv("UPRISING_CACHE_DIR", "off")
    content_loader._cached.cache_clear()
    cfg = sim.SimConfig(games=3, factions=1, chapters=2, content_dir=str(root))
    results = [sim._run_one((cfg, seed)) for seed in range(3)]
    assert all(r.ok for r in results)
    assert calls == [root]


def test_balance_hands_the_content_to_its_games(capsys, tmp_path, monkeypatch):
    import os

    from uprising_tui.balance import cli as balance_cli

    root = tmp_path / "content"
    shutil.copytree(CONTENT, root)
    seen = []
    monkeypatch.setattr(balance_cli, "run", lambda args: seen.append(os.environ.get("UPRISING_CONTENT")) or 0)
    monkeypatch.delenv("UPRISING_CONTENT", raising=False)
    content_loader._cached.cache_clear()
    code, _, _ = _run(capsys, COMMANDS["balance"] + ["--content", str(root)])
    assert code == 0 and seen == [str(root)]
    assert "UPRISING_CONTENT" not in os.environ  # put back as it was
