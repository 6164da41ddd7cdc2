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
    infos = {i.name: i for i in store.listing(verify=True)}
    good = infos["good"]
    assert good.ok and good.factions == ("krowh", "mohyar") and good.seats == ("Ann", "Bo")
    assert (good.chapters, good.difficulty, good.seed, good.answers) == (3, "veteran", 9, 1)
    assert good.verified and not good.finished
    # the same words a load gives (engine/savefile.py), without the path the list already shows
    assert infos["truncated"].error == "not valid JSON (line 1, column 33): the file is truncated or corrupt"
    assert infos["other"].error == 'not an uprising-tui save file (no "format": "uprising-tui-save")'
    assert infos["old"].error == "saved by engine '0.1.0+rules1' in save format 0; this engine reads format 1"
    assert infos["broken"].error == "the field 'answers' is missing"
    assert infos["binary"].error == "is not UTF-8 text: byte 0xff at line 1, column 1"


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


def test_a_huge_file_in_the_folder_is_refused_before_a_byte_is_read(tmp_path):
    import tracemalloc

    store = SaveStore(tmp_path)
    store.save_as("good", a_save())
    with open(tmp_path / "huge.json", "wb") as fh:  # 1 GiB, sparse: instant to make
        fh.truncate(1 << 30)
    tracemalloc.start()
    infos = {i.name: i for i in store.listing(verify=True)}
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert infos["huge"].error == "is 1,073,741,824 bytes; the limit is 8 MiB"
    assert infos["good"].ok and peak < 20 << 20  # the listing never held the big file


def test_the_listing_believes_no_file_s_own_finished_flag(tmp_path):
    store = SaveStore(tmp_path)
    liar = a_save()
    liar["finished"] = True  # one answer into a game
    store.save_as("liar", liar)
    from uprising_tui.sim import play_game
    _, done = play_game(Setup(factions=["krowh"], chapters=2, seed=4), "heuristic")
    store.save_as("done", done.save())
    infos = {i.name: i for i in store.listing(verify=True)}
    assert infos["liar"].verified and not infos["liar"].finished
    assert infos["done"].verified and infos["done"].finished
    quick = read_info(tmp_path / "liar.json")  # without replaying, nothing is claimed finished
    assert not quick.verified and not quick.finished


def test_a_confined_store_is_what_a_served_session_gets(tmp_path, monkeypatch):
    monkeypatch.delenv(saves.SERVED_ENV, raising=False)
    assert not SaveStore(tmp_path).confined
    monkeypatch.setenv(saves.SERVED_ENV, "1")
    assert SaveStore(tmp_path).confined


def test_a_served_session_keeps_a_bounded_number_of_saves(tmp_path, monkeypatch):
    monkeypatch.setattr(saves, "MAX_SERVED_SAVES", 3)
    store = SaveStore(tmp_path, confined=True)
    for n in range(3):
        store.save_as(f"s{n}", a_save())
    with pytest.raises(ValueError, match="at most 3 saves"):
        store.save_as("one more", a_save())
    store.save_as("s1", a_save())  # saving over one is fine
    SaveStore(tmp_path).save_as("at home", a_save())  # not served: no such limit
