"""benchmarks/strength.py's table: the paired difference of win rates, and two budgets side by side."""
import importlib.util
from pathlib import Path

spec = importlib.util.spec_from_file_location("strength", Path(__file__).parents[1] / "benchmarks" / "strength.py")
strength = importlib.util.module_from_spec(spec)
spec.loader.exec_module(strength)


def row(bot, seed, win, margin=0):
    return {"bot": bot, "factions": 1, "difficulty": "veteran", "chapters": 4, "seed": seed, "win": win,
            "margin": margin, "error": None, "seconds": 1.0, "cpu": 1.0}


def test_paired_difference_and_its_interval():
    assert strength.paired([1, 1, 1, 1]) == (1.0, 0.0)
    mean, half = strength.paired([1, 0, 0, -1])
    assert mean == 0.0 and round(half, 4) == round(1.96 * (2 / 3) ** 0.5 / 2, 4)


def test_two_runs_merged_are_each_paired_with_the_heuristic_and_with_each_other():
    heur = [row("heuristic", s, s % 2 == 0) for s in range(1, 9)]
    a = [row("strong:a", s, s % 2 == 0 or s == 1) for s in range(1, 9)]  # one more win than the heuristic
    b = [row("strong:b", s, True) for s in range(1, 7)]  # six setups only: wins every one
    text = strength.table(heur + a + heur + b)  # the heuristic's games appear in both files
    lines = text.splitlines()
    assert any("strong:a" in ln and "    8 " in ln and "+12.5" in ln for ln in lines)
    assert any(ln.strip().startswith("1") and "strong:b " in ln and "    6 " in ln and "+50.0" in ln for ln in lines)
    # b less a on the six setups both played: a lost seeds 3 and 5, b won them
    assert any("strong:b - strong:a: +33.3" in ln and "over 6 pairs" in ln for ln in lines)
