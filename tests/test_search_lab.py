"""The search lab (benchmarks/search_lab.py) scores a choosing rule on samples it did not choose by."""
import importlib.util
from pathlib import Path

import pytest

spec = importlib.util.spec_from_file_location("search_lab", Path(__file__).parents[1] / "benchmarks" / "search_lab.py")
lab = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lab)


def sample(*options):
    """One world: per option (chapter win, chapter margin, game win, game margin)."""
    return [tuple(o) for o in options]


def test_rule_keeps_the_heuristic_pick_unless_the_lead_clears_z_standard_errors():
    # option 1 leads by 0.1 at the Chapter's end in every world but one: a small, steady lead
    worlds = [sample((0.5, 0, 1, 0), (0.6, 0, 1, 0)) for _ in range(7)] + [sample((0.5, 0, 1, 0), (0.5, 0, 1, 0))]
    assert lab.pick(worlds, 8, "chapter", 1.0, 0.0) == 1
    # the floor: eight worlds cannot show a lead smaller than z * 0.35 / sqrt(8) ~ 0.25 at z = 2
    assert lab.pick(worlds, 8, "chapter", 2.0, 0.35) == 0
    # by the game's end the two are the same: nothing to leave the heuristic for
    assert lab.pick(worlds, 8, "game", 0.0, 0.0) == 0


def test_rule_reads_only_its_first_n_samples():
    early = [sample((0.2, 0, 0, 0), (0.9, 0, 1, 0)) for _ in range(4)]
    late = [sample((0.9, 0, 1, 0), (0.1, 0, 0, 0)) for _ in range(4)]
    assert lab.pick(early + late, 4, "chapter", 1.0, 0.0) == 1
    assert lab.pick(late + early, 4, "chapter", 1.0, 0.0) == 0


def test_gain_is_scored_on_the_held_out_samples():
    # chosen by the first 4 (option 1 looks better), but in the other 4 option 1 loses every game
    worlds = [sample((0.1, 0, 0, 0), (0.9, 0, 1, 0)) for _ in range(4)] + \
             [sample((0.5, 0, 1, 0), (0.5, 0, 0, 0)) for _ in range(4)]
    gains, moved = lab.gains_of([{"samples": worlds}], (4, "chapter", 0.0, 0.0, 0.0), width=2)
    assert moved == 1 and gains == [pytest.approx(-1.0)]
    # width 1: only the heuristic's pick is a candidate, nothing is gained or lost
    assert lab.gains_of([{"samples": worlds}], (4, "chapter", 0.0, 0.0, 0.0), width=1) == ([0.0], 0)


def test_the_bots_own_search_runs_on_recorded_worlds_and_never_reads_the_held_out_ones():
    # option 2 leads by 0.4 at every Chapter's end; options 0 and 1 are the same
    worlds = [sample((0.4, 0, 0, 0), (0.4, 0, 0, 0), (0.8, 0, 1, 0)) for _ in range(lab.HOLD + 8)]
    search = lab.Replayed(worlds, lab.Budget(rollouts=32, width=3, horizon="chapter"), drop_z=0.5, confirm_z=2.0)
    lines = search.run()
    assert lab.choose(lines, 2.0).rank == 2
    assert 0 < search.rollouts <= 32
    assert max(i for ln in lines for i in ln.outcomes) < lab.HOLD
    with pytest.raises(ValueError, match="held out"):
        search.play(lab.HOLD, lines[0])
