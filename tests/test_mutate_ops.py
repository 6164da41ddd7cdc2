"""tools/mutate_ops.py keeps working: a quick run on two ops over the Feats passes, a card
whose only test cannot notice its effect is reported missed (exit 1), and the helpers
map test names and card effects as documented."""
from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOOL = ROOT / "tools" / "mutate_ops.py"


def load_tool():
    spec = importlib.util.spec_from_file_location("mutate_ops", TOOL)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def run_tool(*args: str) -> tuple[int, dict]:
    proc = subprocess.run([sys.executable, str(TOOL), "--json", "--jobs", "1", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    return proc.returncode, json.loads(proc.stdout)


def test_card_of_test_follows_the_naming_convention():
    tool = load_tool()
    assert tool.card_of_test("tests/cards/test_feats_yanny.py::test_phalanx") == "phalanx"
    assert tool.card_of_test("tests/cards/test_x.py::test_yanny_marching_drums__only_the_first_roll") \
        == "yanny_marching_drums"
    assert tool.card_of_test("tests/cards/test_x.py::test_flenser[2-red]") == "flenser"


def test_card_ops_finds_ops_in_every_part_of_a_card():
    from uprising_tui.content.loader import default_catalog
    tool = load_tool()
    uses = tool.card_ops(default_catalog())
    assert uses[("feat", "dugpa_clan_gathering")] == {"gain"}
    assert uses[("feat", "yanny_forge_lessons")] == {"gain_attribute", "gain_choice"}
    quest = default_catalog().quests["druidic_prophetess"]  # goal rewards, solve, fail and ongoing effect
    want = {op.op for part in (quest.solve, quest.fail, quest.ongoing_effect) for op in part}
    want |= {op.op for goal in quest.goals for op in goal.reward}
    assert uses[("quest", "druidic_prophetess")] == want
    assert {k for k, _ in uses} == set(tool.KINDS)


def test_two_ops_over_the_feats_are_all_caught():
    code, res = run_tool("--ops", "add_symbols,cancel_enemy", "--kinds", "feat")
    rows = {r["op"]: r for r in res["rows"]}
    assert set(rows) == {"add_symbols", "cancel_enemy"}
    assert rows["add_symbols"]["cards"] == 6 and rows["cancel_enemy"]["cards"] == 8
    assert all(r["caught"] == r["cards"] and not r["missed"] for r in rows.values())
    assert res["problems"] == [] and code == 0


def test_a_test_that_cannot_fail_is_reported(tmp_path):
    # the only test of the Rune of Stone checks the card exists, not what it does
    (tmp_path / "test_weak.py").write_text(
        "from uprising_tui.content.loader import default_catalog\n\n\n"
        "def test_baranth_rune_of_stone():\n"
        "    assert 'baranth_rune_of_stone' in default_catalog().feats\n")
    code, res = run_tool("--ops", "add_symbols", "--kinds", "feat", "--tests", str(tmp_path))
    row = res["rows"][0]
    assert code == 1
    assert row["caught"] == 0 and "feat:baranth_rune_of_stone" in row["missed"]
    assert "feat:baranth_rune_of_stone" not in row["untested"]  # it has a test, one that cannot fail
    assert "feat:hanzo_poisoned_blade" in row["untested"]


def test_unknown_op_is_a_clear_error():
    proc = subprocess.run([sys.executable, str(TOOL), "--ops", "no_such_op"], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode != 0 and "unknown op(s) no_such_op" in proc.stderr
