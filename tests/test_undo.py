"""Undo, checkpoints and history (issue 5): ``undo(n)``, ``undo_to(index)``, ``checkpoints()``
at each phase and turn start, ``history()`` saying which answers rolled dice or revealed
something, and the ``Rewound`` event for subscribers."""
from __future__ import annotations

import random

import pytest

from uprising_tui.engine import Game, IllegalChoice, Setup
from uprising_tui.engine.history import Answered, Checkpoint
from uprising_tui.engine.scenario import Scenario, turn

from .helpers import drive


def played(seed=3, steps=200, factions=("krowh", "mohyar")):
    g = Game(Setup(factions=list(factions), chapters=2, seed=seed)).start()
    r = random.Random(seed)
    for _ in range(steps):
        if g.decision is None:
            break
        g.answer(r.choice(g.decision.options).id)
    return g


# ================================================================== undo(n)
@pytest.mark.parametrize("n", [1, 3, 17])
def test_undo_n_is_the_game_replayed_without_the_last_n_answers(n):
    g = played()
    answers = list(g.answers)
    fresh = Game.replay(g.setup, answers[:-n])
    g.undo(n)
    assert g.answers == answers[:-n]
    assert g.checksum() == fresh.checksum() and g.decision == fresh.decision
    assert [e.data() for e in g.log] == [e.data() for e in fresh.log]
    assert g.history() == fresh.history() and g.checkpoints() == fresh.checkpoints()


def test_undo_tells_subscribers_once_and_keeps_them():
    g = played(steps=60)
    seen = []
    g.subscribe(seen.append)
    g.undo(2)
    assert [e.event_type for e in seen] == ["Rewound"] and seen[0].answers == len(g.answers)
    assert all(e.event_type != "Rewound" for e in g.log)  # the log is the game as replayed
    g.answer(g.decision.options[0].id)
    assert seen[-1] is g.log[-1]


@pytest.mark.parametrize("bad", [0, -1, 999, "1", 1.0, True, None])
def test_undo_with_a_bad_count_raises_and_changes_nothing(bad):
    g = played(steps=30)
    before, answers, pending = g.checksum(), list(g.answers), g.decision
    with pytest.raises(IllegalChoice):
        g.undo(bad)
    assert g.checksum() == before and g.answers == answers and g.decision is pending


@pytest.mark.parametrize("bad", [-1, 10_000, "3", None, 2.5])
def test_undo_to_a_bad_index_raises_and_changes_nothing(bad):
    g = played(steps=30)
    before, answers = g.checksum(), list(g.answers)
    with pytest.raises(IllegalChoice):
        g.undo_to(bad)
    assert g.checksum() == before and g.answers == answers


def test_undo_to_the_present_changes_nothing_and_sends_nothing():
    g = played(steps=30)
    seen = []
    g.subscribe(seen.append)
    g.undo_to(len(g.answers))
    assert not seen and len(g.answers) == 30


# ================================================================== checkpoints
def test_checkpoints_at_every_phase_and_turn_start():
    g = played(steps=400)
    cps = g.checkpoints()
    assert all(isinstance(c, Checkpoint) for c in cps)
    phases = [e for e in g.log if e.event_type == "PhaseStarted"]
    turns = [e for e in g.log if e.event_type == "TurnStarted"]
    assert len(cps) == len(phases) + len(turns)
    assert [(c.chapter, c.phase) for c in cps if c.faction is None] == [(e.chapter, e.phase) for e in phases]
    assert [c.faction for c in cps if c.faction] == [e.faction for e in turns]
    assert cps[0] == Checkpoint(0, "Chapter 1: refresh phase", 1, "refresh", None)
    assert [c.index for c in cps] == sorted(c.index for c in cps)
    assert all(0 <= c.index <= len(g.answers) for c in cps)


def test_undo_to_a_turn_checkpoint_stands_at_that_turns_first_decision():
    g = played(steps=400)
    answers = list(g.answers)
    turn_cps = [c for c in g.checkpoints() if c.faction]
    cp = turn_cps[len(turn_cps) // 2]
    g.undo_to(cp.index)
    assert g.answers == answers[:cp.index]
    assert g.decision.kind == "turn" and g.decision.actor == cp.faction
    assert g.checkpoints()[-1] == cp  # nothing after it has happened yet


def test_undo_to_a_phase_checkpoint():
    g = played(steps=400)
    cp = next(c for c in g.checkpoints() if c.phase == "actions" and c.faction is None)
    before = g.checkpoints()
    g.undo_to(cp.index)
    assert cp in g.checkpoints()
    assert g.checkpoints() == before[:len(g.checkpoints())]
    assert g.state.phase == "actions"


# ================================================================== history
def test_history_records_each_answer():
    g = Game(Setup(factions=["krowh", "mohyar"], chapters=2, seed=5)).start()
    asked = []
    r = random.Random(5)
    while g.decision is not None and len(asked) < 120:
        d = g.decision
        asked.append((d.kind, d.actor))
        g.answer(r.choice(d.options).id)
    hist = g.history()
    assert all(isinstance(h, Answered) for h in hist)
    assert [h.option for h in hist] == g.answers and [h.index for h in hist] == list(range(len(asked)))
    assert [(h.kind, h.actor) for h in hist] == asked


def test_history_says_which_answers_rolled_or_revealed():
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    sc.player("mohyar", food=2)
    sc.at("H14", units={"sellswords": 2})
    sc.at("H15", tile="black_ice", skeletons=1)
    sc.rig(blue=["S", "S"], red=[""])
    g = sc.game(script=turn("mohyar"))
    drive(g, "move:H07")  # nothing hidden, no dice
    g2 = sc.game(script=turn("mohyar"))
    drive(g2, "command:H15", "bring:H14:sellswords", "bring:H14:sellswords", "done")  # March!: a fight
    g3 = Scenario(["mohyar"], heroes=["ronja"]).empty_board().game(script=turn("mohyar"))
    drive(g3, "move:H07")
    while g3.decision is not None and "explore" in g3.decision.ids():
        drive(g3, "explore")
    h1, h2, h3 = g.history(), g2.history(), g3.history()
    assert [(h.rolled, h.revealed) for h in h1] == [(False, False)]
    assert [(h.option, h.rolled, h.revealed) for h in h2] == [
        ("command:H15", False, False), ("bring:H14:sellswords", False, False),
        ("bring:H14:sellswords", False, False), ("done", True, False)]
    assert [(h.option, h.revealed) for h in h3][:2] == [("move:H07", False), ("explore", True)]


def test_a_scenario_game_with_rigged_dice_undoes_exactly():
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    sc.player("mohyar", food=2)
    sc.at("H14", units={"sellswords": 2})
    sc.at("H15", tile="black_ice", skeletons=2)
    sc.rig(blue=["S", "", "S", "S"], red=["SS", ""])
    g = sc.game(script=turn("mohyar"))
    drive(g, "move:H07", "move:H14", "command:H15", "bring:H14:sellswords", "bring:H14:sellswords", "done")
    after = g.checksum()
    g.undo(4)
    assert g.decision.kind == "turn" and g.state.hexes["H15"].skeletons == 2
    drive(g, "command:H15", "bring:H14:sellswords", "bring:H14:sellswords", "done")
    assert g.checksum() == after  # the same rigged dice, the same fight
