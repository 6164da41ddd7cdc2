"""The controller: the one bridge between the engine and the screens."""
from __future__ import annotations

import json

import pytest

from uprising_tui.engine import EngineError, Game, IllegalChoice, SaveError, Setup
from uprising_tui.engine.face.events import Note
from uprising_tui.tui.controller import GameController, Seat, default_seats
from uprising_tui.tui.saves import SaveStore

SETUP = Setup(factions=["duerkhar", "mohyar"], chapters=2, seed=3)


def new(tmp_path, bots=("mohyar",)) -> GameController:
    return GameController.new(SETUP, default_seats(SETUP.factions, bots), SaveStore(tmp_path))


def drive_to(ctl: GameController, stop) -> None:
    """Answer (bots for bot seats, the heuristic's pick for people) until `stop(ctl)`."""
    for _ in range(5000):
        if stop(ctl):
            return
        if ctl.is_bot_turn():
            ctl.bot_step()
        else:
            ctl.answer(ctl.suggest())
    raise AssertionError("never got there")


def test_an_answer_publishes_the_new_events_and_the_public_view(tmp_path):
    ctl = new(tmp_path)
    got = []
    ctl.subscribe(got.append)
    before = len(ctl.game.log)
    d = ctl.decision
    u = ctl.answer(d.options[0].id)
    assert got == [u]
    assert list(u.events) == ctl.game.log[before:]
    assert u.view == ctl.game.public_view()
    assert u.decision is ctl.decision
    assert u.actor == ctl.seat(ctl.decision.actor)
    assert ctl.events == ctl.game.log


def test_a_bad_answer_changes_nothing(tmp_path):
    ctl = new(tmp_path)
    saved = (tmp_path / "autosave.json").read_text()
    events, answers = list(ctl.events), ctl.answers
    with pytest.raises(IllegalChoice):
        ctl.answer("move:NOWHERE")
    assert ctl.events == events and ctl.answers == answers
    assert (tmp_path / "autosave.json").read_text() == saved


def test_every_answer_is_autosaved_and_continue_resumes_it_exactly(tmp_path):
    ctl = new(tmp_path)
    drive_to(ctl, lambda c: c.answers >= 25)
    data = json.loads((tmp_path / "autosave.json").read_text())
    assert data["answers"] == ctl.game.answers
    assert data["client"]["seats"][1] == {"faction": "mohyar", "name": "Heuristic bot", "bot": "heuristic",
                                          "colour": "orange"}
    again = GameController.load(tmp_path / "autosave.json", SaveStore(tmp_path))
    assert again.seats == ctl.seats
    assert again.view == ctl.view
    assert again.decision == ctl.decision
    assert [e for e in again.events] == ctl.events


def test_bots_answer_only_their_own_seats(tmp_path):
    ctl = new(tmp_path)
    drive_to(ctl, lambda c: not c.is_bot_turn())
    with pytest.raises(IllegalChoice):
        ctl.bot_step()
    drive_to(ctl, lambda c: c.is_bot_turn())
    u = ctl.bot_step()
    assert u.by == ctl.seat("mohyar")


def test_undo_goes_back_to_before_the_last_answer_a_person_gave(tmp_path):
    ctl = new(tmp_path)
    # play until the bot has answered after a person's answer
    def actors(c):
        return [h.actor for h in c.game.history()]
    drive_to(ctl, lambda c: c.answers > 5 and actors(c)[-1] == "mohyar" and "duerkhar" in actors(c))
    last_person = max(i for i, a in enumerate(actors(ctl)) if a == "duerkhar")
    answers_then = list(ctl.game.answers[:last_person])
    plan = ctl.undo_plan()
    assert plan.keep == last_person and plan.count == ctl.answers - last_person
    replayed = Game.replay(SETUP, ctl.game.answers[:last_person])
    assert plan.label == "Duerkhar: " + replayed.decision.get(ctl.game.answers[last_person]).label
    got = []
    ctl.subscribe(got.append)
    ctl.undo(plan)
    assert ctl.game.answers == answers_then
    assert ctl.decision.actor == "duerkhar"
    assert got and got[-1].reset and list(got[-1].events) == ctl.game.log
    assert ctl.view == Game.replay(SETUP, answers_then).public_view()
    assert json.loads((tmp_path / "autosave.json").read_text())["answers"] == answers_then


def test_undo_warns_when_dice_were_rolled_or_something_was_revealed(tmp_path):
    ctl = GameController.new(SETUP, default_seats(SETUP.factions), SaveStore(tmp_path))
    drive_to(ctl, lambda c: c.decision.kind == "turn" and any(o.id == "explore" for o in c.decision.options))
    ctl.answer("explore")
    plan = ctl.undo_plan()
    assert plan.count >= 1 and plan.revealed
    quiet = GameController.new(SETUP, default_seats(SETUP.factions), SaveStore(tmp_path / "b"))
    drive_to(quiet, lambda c: c.decision.kind == "gain_choice")
    quiet.answer(quiet.decision.options[0].id)
    p = quiet.undo_plan()
    assert p.count == 1 and not p.rolled and not p.revealed


def test_nothing_to_undo_is_a_clear_refusal(tmp_path):
    ctl = new(tmp_path)
    with pytest.raises(IllegalChoice, match="nothing to undo"):
        ctl.undo_plan()


def test_after_a_load_undo_knows_who_answered(tmp_path):
    ctl = new(tmp_path)
    drive_to(ctl, lambda c: c.answers >= 40 and not c.is_bot_turn())
    again = GameController.load(tmp_path / "autosave.json", SaveStore(tmp_path))
    assert again.labels == {}  # nothing replayed at the load: the label is looked up when asked
    assert again.undo_plan() == ctl.undo_plan()
    assert list(again.labels) == [again.undo_plan().keep]


def test_a_save_without_seats_gets_a_person_per_faction(tmp_path):
    g = Game(SETUP).start()
    g.answer(g.decision.options[0].id)
    g.save_to(tmp_path / "plain.json")
    ctl = GameController.load(tmp_path / "plain.json")
    assert [(s.faction, s.bot) for s in ctl.seats] == [("duerkhar", None), ("mohyar", None)]


def test_a_corrupt_save_is_a_plain_save_error(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "uprising-tui-save", "vers')
    with pytest.raises(SaveError, match="not valid JSON"):
        GameController.load(bad)


def test_seats_must_match_the_factions(tmp_path):
    with pytest.raises(ValueError, match="one seat per faction"):
        GameController.new(SETUP, [Seat("mohyar", "A"), Seat("duerkhar", "B")], SaveStore(tmp_path))


def test_a_rules_failure_resyncs_the_client_with_the_restored_game(tmp_path, monkeypatch):
    ctl = new(tmp_path)
    game = ctl.game
    answers = list(game.answers)

    def broken(option_id):
        game._emit(Note("half-done"))  # an event goes out before the rules fail
        raise EngineError("the rules failed; the game was restored to before it")

    monkeypatch.setattr(game, "answer", broken)
    got = []
    ctl.subscribe(got.append)
    with pytest.raises(EngineError):
        ctl.answer(ctl.decision.options[0].id)
    assert got[-1].reset
    assert ctl.game.answers == answers
    assert list(got[-1].events) == ctl.game.log == ctl.events


def test_a_full_disk_does_not_stop_the_game(tmp_path, monkeypatch):
    ctl = new(tmp_path)

    def full(*a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(ctl.store, "autosave", full)
    ctl.answer(ctl.decision.options[0].id)
    assert ctl.save_error == "autosave failed: No space left on device"


def test_checkpoints_mark_phase_and_turn_starts_and_undo_goes_there(tmp_path):
    ctl = new(tmp_path)
    drive_to(ctl, lambda c: c.view.phase == "actions" and c.answers > 30)
    cps = ctl.checkpoints()
    labels = [label for _, label in cps]
    assert any("build" in label.lower() for label in labels)
    assert any("turn" in label.lower() for label in labels)
    keep, label = next((k, lab) for k, lab in cps if "build" in lab.lower())
    assert keep < ctl.answers
    ctl.undo(ctl.plan_to(keep))
    assert ctl.answers == keep and ctl.view.phase == "build"


def test_undo_goes_through_the_engine_s_undo_to(tmp_path):
    """The same Game goes back (engine's undo_to): its subscribers hear one Rewound, and the view is
    the projection of the log as replayed."""
    ctl = new(tmp_path)
    drive_to(ctl, lambda c: c.answers >= 12 and not c.is_bot_turn())
    game, heard = ctl.game, []
    game.subscribe(heard.append)
    plan = ctl.undo_plan()
    ctl.undo(plan)
    assert ctl.game is game and len(game.answers) == plan.keep
    assert [e.event_type for e in heard] == ["Rewound"] and heard[0].answers == plan.keep
    assert ctl.events == game.log and ctl.view == game.public_view()
    assert all(i < plan.keep for i in ctl.labels)


def test_after_an_undo_the_bots_forget_what_they_kept(tmp_path):
    """The same Game goes back: a bot that kept plans for the game as it was must not answer from
    them (the controller's bots start afresh, as for a new game)."""
    ctl = new(tmp_path)
    drive_to(ctl, lambda c: c.answers >= 12 and not c.is_bot_turn())
    ctl.suggest()
    kept = dict(ctl._bots)
    ctl.undo(ctl.undo_plan())
    assert not any(b is kept_bot for b in ctl._bots.values() for kept_bot in kept.values())
    replayed = GameController.new(SETUP, ctl.seats, SaveStore(tmp_path / "b"))
    for a in ctl.game.answers:
        replayed.answer(a)
    assert ctl.suggest() == replayed.suggest()
