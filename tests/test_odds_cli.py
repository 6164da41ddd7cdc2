"""`uprising odds` on the command line, run in-process."""
from __future__ import annotations

import json
import re

import pytest

from uprising_tui.cli import main
from uprising_tui.content.loader import default_catalog
from uprising_tui.engine.odds import FightSpec, fight_odds


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_table(capsys):
    code, out, err = run(capsys, "odds", "younglings:3", "spearsingers:2", "--garrison", "2", "--terrain", "woods")
    assert code == 0, err
    want = fight_odds(default_catalog(), FightSpec(units=(("younglings", 3), ("spearsingers", 2)), garrisons=2,
                                                   terrain="woods"))
    assert "3 Younglings, 2 Spearsingers vs Garrison (level 2) on Woods" in out
    assert f"players win           {100 * want.win:7.2f}%" in out
    assert "Garrison (level 2)" in out.split("fight", 1)[1]
    assert out.rstrip().splitlines()[-1].startswith("summary: win ")


def test_json_is_one_object(capsys):
    code, out, err = run(capsys, "odds", "koloth", "oathsworn:2", "--legion", "butcher:5", "--terrain", "badlands",
                         "--druids", "red_hand,watcher", "--json")
    assert code == 0, err
    got = json.loads(out)
    assert got["fight"].startswith("1 Koloth, 2 Oathsworn vs The Butcher (Threat 5)")
    assert got["win"] + got["lose"] + got["both_wiped"] + got["draw"] == pytest.approx(1.0)
    assert [f["key"] for f in got["fights"]] == ["butcher"]
    assert any("Watcher" in n for n in got["notes"])


def test_a_defence_with_walls(capsys):
    code, out, _ = run(capsys, "odds", "tribesmen:4", "--horde", "siren:6", "--tower", "--wall", "--attacker",
                       "siren")
    assert code == 0
    assert "(Haven, Tower, Wall); The Siren attacks" in out and "Haven lost" in out


@pytest.mark.parametrize("argv, message", [
    (("yonglings:3", "--garrison", "1"), "unknown Unit 'yonglings' (known: beastmasters"),
    (("younglings", "--legion", "butchr:5"), "unknown Legion 'butchr'"),
    (("younglings", "--legion", "butcher"), "--legion takes CARD:THREAT"),
    (("younglings:x", "--garrison", "1"), "UNIT or UNIT:COUNT"),
    (("younglings",), "nobody to fight"),
    (("younglings", "--horde", "siren:3", "--attacker", "zeus"), "unknown Legion or Horde 'zeus'"),
])
def test_clear_errors(capsys, argv, message):
    code, out, err = run(capsys, "odds", *argv)
    assert code == 2
    assert message in err and "Traceback" not in err


def test_errors_as_json(capsys):
    code, out, err = run(capsys, "odds", "yonglings", "--garrison", "1", "--json")
    assert code == 2 and "unknown Unit" in json.loads(out)["error"]



LONG = "x" * 5000


@pytest.mark.parametrize("argv", [
    (f"{LONG}:2",), ("younglings", "--legion", f"{LONG}:3"), ("younglings", "--horde", f"{LONG}:3"),
    ("younglings", "--horde", "siren:3", "--attacker", LONG), ("younglings", "--garrison", "1", "--druids", LONG),
    (f"younglings:{LONG}",), ("younglings", "--legion", f"butcher:{'9' * 5000}"), (f"younglings:{'9' * 5000}",),
    ("younglings", "--garrison", "9" * 5000), ("younglings", "--garrison", "1", "--legion-deck", "-1"),
])
def test_a_long_argument_is_echoed_short_and_never_a_traceback(capsys, argv):
    try:
        code = main(["odds", *argv])
    except SystemExit as exc:  # argparse's own refusal of an option's value
        code = exc.code
    out, err = capsys.readouterr()
    line = err.strip().splitlines()[-1]
    assert code == 2 and out == "" and "Traceback" not in err
    longest = max((len(run) for run in re.findall(r"x+|9+", line)), default=0)
    assert longest <= 80, line  # at most ~80 characters of what was given (docs/cli.md)
