"""Saves: setup + seed + answers + checksum. Load replays and verifies; bad files give clear errors."""
import json
import random

import pytest

from uprising_tui.engine import Game, IllegalChoice, SaveError, Setup
from uprising_tui.engine.game import SAVE_VERSION


def played(seed=3, steps=150, factions=("krowh", "mohyar")):
    g = Game(Setup(factions=list(factions), chapters=2, seed=seed)).start()
    r = random.Random(seed)
    for _ in range(steps):
        if g.decision is None:
            break
        g.answer(r.choice(g.decision.options).id)
    return g


def test_save_load_round_trip_mid_game(tmp_path):
    g = played()
    path = tmp_path / "s.json"
    g.save_to(path)
    h = Game.load(path)
    assert h.checksum() == g.checksum()
    assert h.answers == g.answers
    assert h.decision == g.decision
    assert [e.data() for e in h.log] == [e.data() for e in g.log]


def test_save_is_written_atomically(tmp_path):
    g = played(steps=10)
    path = tmp_path / "deep" / "s.json"
    g.save_to(path)
    g.save_to(path)
    assert [p.name for p in path.parent.iterdir()] == ["s.json"]
    assert json.loads(path.read_text())["version"] == SAVE_VERSION


def test_undo_steps_back_one_answer():
    g = played(steps=40)
    before = Game.replay(g.setup, g.answers[:-1])
    g.undo()
    assert g.checksum() == before.checksum()
    assert g.decision == before.decision


def test_undo_with_nothing_to_undo():
    g = Game(Setup(factions=["krowh"], seed=1)).start()
    with pytest.raises(IllegalChoice):
        g.undo()


def test_undo_keeps_listeners():
    g = played(steps=20)
    seen = []
    g.subscribe(seen.append)
    g.undo()
    for _ in range(10):
        g.answer(g.decision.options[0].id)
    assert seen and seen[-1] is g.log[-1]


@pytest.mark.parametrize("content, message", [
    ("", "not valid JSON"),
    ('{"format": "uprising-tui-save", "version": 1, "setup": {"factions": ["krowh"]}', "truncated or corrupt"),
    ("\x00\x01garbage", "not valid JSON"),
    ("[1, 2, 3]", "not an uprising-tui save"),
    ('{"format": "something-else"}', "not an uprising-tui save"),
    ('{"format": "uprising-tui-save", "version": 99, "engine": "9.9"}', "format 99"),
    ('{"format": "uprising-tui-save", "version": 1, "answers": [], "checksum": "x"}', "'setup' is missing"),
    ('{"format": "uprising-tui-save", "version": 1, "setup": {"factions": ["krowh"], "chapters": 9}, "answers": [], "checksum": "x"}', "chapters"),
    ('{"format": "uprising-tui-save", "version": 1, "setup": {"factions": ["elves"]}, "answers": [], "checksum": "x"}', "unknown faction"),
    ('{"format": "uprising-tui-save", "version": 1, "setup": {"factions": ["krowh"]}, "answers": "abc", "checksum": "x"}', "list of option ids"),
])
def test_bad_save_files_give_clear_errors(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(SaveError) as err:
        Game.load(path)
    assert message in str(err.value)
    assert str(path) in str(err.value)


def test_missing_file(tmp_path):
    with pytest.raises(SaveError, match="cannot read"):
        Game.load(tmp_path / "nope.json")


def test_illegal_answer_in_save_is_named():
    g = played(steps=30)
    data = g.save()
    data["answers"][5] = "move:NOWHERE"
    with pytest.raises(SaveError, match="answer 6 .*not legal"):
        Game.load(data)


def test_tampered_checksum_is_detected():
    data = played(steps=30).save()
    data["checksum"] = "0" * 64
    with pytest.raises(SaveError, match="checksum"):
        Game.load(data)


def test_extra_answers_after_the_end():
    g = played(seed=4, steps=100000, factions=("krowh",))
    assert g.finished
    data = g.save()
    data["answers"].append("done")
    with pytest.raises(SaveError, match="after the game ended"):
        Game.load(data)


def test_truncated_real_save(tmp_path):
    g = played(steps=50)
    path = tmp_path / "s.json"
    g.save_to(path)
    text = path.read_text()
    path.write_text(text[: len(text) // 2])
    with pytest.raises(SaveError, match="truncated or corrupt"):
        Game.load(path)


def test_a_rules_bug_restores_the_game_and_says_so(monkeypatch):
    from uprising_tui.engine import EngineError
    from uprising_tui.engine.rules.actions import move

    g = played(steps=0)
    while g.decision.kind != "turn" or not any(i.startswith("move:") for i in g.decision.ids()):
        g.answer(g.decision.ids()[-1] if "done" in g.decision.ids() else g.decision.ids()[0])
    before, answers, pending = g.checksum(), list(g.answers), g.decision

    def broken(ctx, p, hid):
        p.ap = -99  # corrupt the state, then fail
        raise KeyError("boom")
        yield  # pragma: no cover

    monkeypatch.setattr(move, "run", broken)
    target = next(i for i in pending.ids() if i.startswith("move:"))
    with pytest.raises(EngineError, match="restored"):
        g.answer(target)
    assert g.checksum() == before and g.answers == answers
    assert g.decision == pending
