"""The saves folder: atomic writes, names, and a listing that words every broken file."""
from __future__ import annotations

import json
import os

import pytest

from uprising_tui.engine import Game, Setup
from uprising_tui.tui import saves
from uprising_tui.tui.saves import SaveStore, check_name, read_info, write_atomic


def a_save() -> dict:
    g = Game(Setup(factions=["krowh", "mohyar"], chapters=3, seed=9)).start()
    g.answer(g.decision.options[0].id)
    data = g.save()
    data["client"] = {"seats": [{"faction": "krowh", "name": "Ann"}, {"faction": "mohyar", "name": "Bo"}]}
    return data


def test_write_atomic_leaves_the_old_file_whole_when_the_write_fails(tmp_path, monkeypatch):
    target = tmp_path / "x.json"
    target.write_text("old")

    def boom(src, dst):
        raise OSError(5, "I/O error")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        write_atomic(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]  # no temp file left behind


def test_write_atomic_replaces_and_fsyncs(tmp_path, monkeypatch):
    synced = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real(fd)))
    write_atomic(tmp_path / "sub" / "y.json", "hello")
    assert (tmp_path / "sub" / "y.json").read_text() == "hello" and synced


def test_names_are_checked():
    assert check_name("  my game.json ") == "my game"
    for bad, why in (("", "give the save a name"), ("../etc", "letters, digits"), ("autosave", "kept for"),
                     ("x" * 70, "at most 64")):
        with pytest.raises(ValueError, match=why):
            check_name(bad)


def test_the_listing_reads_good_saves_and_words_every_broken_one(tmp_path):
    store = SaveStore(tmp_path)
    store.save_as("good", a_save())
    (tmp_path / "truncated.json").write_text('{"format": "uprising-tui-save", "ver')
    (tmp_path / "other.json").write_text(json.dumps({"hello": 1}))
    old = a_save()
    old["version"] = 0
    (tmp_path / "old.json").write_text(json.dumps(old))
    broken = a_save()
    del broken["answers"]
    (tmp_path / "broken.json").write_text(json.dumps(broken))
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00garbage")
    infos = {i.name: i for i in store.listing()}
    good = infos["good"]
    assert good.ok and good.factions == ("krowh", "mohyar") and good.seats == ("Ann", "Bo")
    assert (good.chapters, good.difficulty, good.seed, good.answers) == (3, "veteran", 9, 1)
    assert "not valid JSON" in infos["truncated"].error
    assert infos["other"].error == "not an uprising-tui save file"
    assert "made by another version" in infos["old"].error
    assert "answers are missing" in infos["broken"].error
    assert infos["binary"].error == "not a text file"


def test_the_listing_is_newest_first(tmp_path):
    store = SaveStore(tmp_path)
    store.save_as("first", a_save())
    store.save_as("second", a_save())
    os.utime(tmp_path / "first.json", (1, 1))
    assert [i.name for i in store.listing()] == ["second", "first"]


def test_a_missing_folder_lists_nothing(tmp_path):
    assert SaveStore(tmp_path / "nope").listing() == []


def test_the_folder_is_the_user_data_dir_unless_the_environment_says(tmp_path, monkeypatch):
    monkeypatch.delenv(saves.ENV_DIR, raising=False)
    assert saves.default_dir().parts[-2:] == ("uprising-tui", "saves")
    monkeypatch.setenv(saves.ENV_DIR, str(tmp_path))
    assert saves.default_dir() == tmp_path


def test_read_info_never_raises_on_a_vanished_file(tmp_path):
    info = read_info(tmp_path / "gone.json")
    assert not info.ok and info.error.startswith("cannot read")
