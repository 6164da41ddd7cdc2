"""Hostile save files: special files, huge files, huge strings and numbers, a BOM, a version that is
text. Game.load raises SaveError with an accurate, short message; `uprising log` prints it."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from uprising_tui.cli import main
from uprising_tui.engine import Game, SaveError, Setup
from uprising_tui.engine import savefile


@pytest.fixture(scope="module")
def good(tmp_path_factory) -> dict:
    g = Game(Setup(factions=["krowh"], chapters=2, seed=11)).start()
    for _ in range(25):
        g.answer(g.decision.options[0].id)
    return g.save()


def _write(tmp_path, data, name="s.json") -> str:
    p = tmp_path / name
    if isinstance(data, (bytes, bytearray)):
        p.write_bytes(data)
    elif isinstance(data, str):
        p.write_text(data)
    else:
        p.write_text(json.dumps(data))
    return str(p)


def _log(capsys, path) -> tuple[int, str]:
    code = main(["log", path])
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    assert len(err.splitlines()) == 1 and err.startswith("uprising: error: ")
    return code, err.strip().removeprefix("uprising: error: ")


def _load_error(path_or_data) -> str:
    with pytest.raises(SaveError) as exc:
        Game.load(path_or_data)
    return str(exc.value)


def test_the_good_save_loads(tmp_path, good):
    assert Game.load(_write(tmp_path, good)).answers == good["answers"]


def test_a_directory(capsys, tmp_path):
    code, msg = _log(capsys, str(tmp_path))
    assert code == 2 and msg == f"{tmp_path}: is a directory, not a file"


def test_a_missing_file(capsys, tmp_path):
    code, msg = _log(capsys, str(tmp_path / "nope.json"))
    assert code == 2 and msg == f"{tmp_path / 'nope.json'}: cannot read: no such file"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_does_not_hang(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    # in a subprocess with a deadline: a blocking open would hang this test otherwise
    out = subprocess.run([sys.executable, "-m", "uprising_tui", "log", str(fifo)], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 2
    assert out.stderr == (f"uprising: error: {fifo}: is not a regular file (a named pipe); "
                          "only regular files are read\n")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_a_link_to_dev_zero_is_not_read(capsys, tmp_path):
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    code, msg = _log(capsys, str(link))
    assert code == 2
    assert msg == f"{link}: is not a regular file (a character device); only regular files are read"


def test_a_file_over_the_size_cap(capsys, tmp_path):
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:  # sparse: no disk used
        fh.truncate(savefile.MAX_SAVE_BYTES + 1)
    code, msg = _log(capsys, str(big))
    assert code == 2 and msg == f"{big}: is 8,388,609 bytes; the limit is 8 MiB"


def test_a_file_at_the_size_cap_is_read(tmp_path, good):
    text = json.dumps(good)
    path = _write(tmp_path, text + " " * (savefile.MAX_SAVE_BYTES - len(text)))
    assert Game.load(path).answers == good["answers"]


def test_a_50_megabyte_answer_is_not_echoed(capsys, tmp_path, good):
    data = dict(good, answers=good["answers"][:3] + ["x" * 50_000_000])
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(data))
    code, msg = _log(capsys, str(path))
    assert code == 2 and msg == f"{path}: is {path.stat().st_size:,} bytes; the limit is 8 MiB"


def test_a_long_answer_under_the_cap_is_not_echoed(capsys, tmp_path, good):
    data = dict(good, answers=good["answers"][:3] + ["x" * 5_000_000])
    code, msg = _log(capsys, _write(tmp_path, data))
    assert code == 2
    assert msg == f"{tmp_path / 's.json'}: answers[3]: a text of 5,000,000 characters (at most 200 in a save)"


def test_a_long_illegal_answer_is_clipped(tmp_path, good):
    data = dict(good, answers=good["answers"][:3] + ["y" * 200])
    msg = _load_error(data)
    assert msg.startswith("save: answer 4 ('yyyyyyyy") and "(200 characters)" in msg
    assert len(msg) < 700


def test_a_5000_digit_seed(capsys, tmp_path, good):
    text = json.dumps(good).replace('"seed": 11', '"seed": ' + "7" * 5000)
    code, msg = _log(capsys, _write(tmp_path, text))
    assert code == 2
    assert msg == f"{tmp_path / 's.json'}: a number of 5,000 digits (numbers in a save are below 2**63)"


def test_a_seed_just_out_of_range(tmp_path, good):
    text = json.dumps(good).replace('"seed": 11', f'"seed": {2 ** 63}')
    assert _load_error(_write(tmp_path, text)) == (
        f"{tmp_path / 's.json'}: setup.seed: the number 9223372036854775808 is out of range (below 2**63)")


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_not_a_number(tmp_path, good, constant):
    text = json.dumps(good).replace('"seed": 11', f'"seed": {constant}')
    assert _load_error(_write(tmp_path, text)) == (
        f"{tmp_path / 's.json'}: {constant} is not a number a save can hold")


def test_a_byte_order_mark(capsys, tmp_path, good):
    code, msg = _log(capsys, _write(tmp_path, b"\xef\xbb\xbf" + json.dumps(good).encode()))
    assert code == 2
    assert msg == (f"{tmp_path / 's.json'}: starts with a UTF-8 byte-order mark (an editor added it); "
                   "save the file as UTF-8 without a BOM")


@pytest.mark.parametrize("version, shown", [
    ('"1"', "the text '1'"),
    ("true", "true/false True"),
    ("1.0", "the number 1.0"),
    ("null", "null None"),
])
def test_version_must_be_the_number_1(capsys, tmp_path, good, version, shown):
    text = json.dumps(good).replace('"version": 1', f'"version": {version}')
    code, msg = _log(capsys, _write(tmp_path, text))
    assert code == 2
    assert msg == f"{tmp_path / 's.json'}: the field 'version' must be the number 1 (without quotes), not {shown}"


def test_a_newer_version(tmp_path, good):
    data = dict(good, version=2, engine="0.9.0+rules2")
    assert _load_error(data) == "save: saved by engine '0.9.0+rules2' in save format 2; this engine reads format 1"


def test_deep_nesting(capsys, tmp_path):
    code, msg = _log(capsys, _write(tmp_path, "[" * 100_000 + "]" * 100_000))
    assert code == 2 and msg == f"{tmp_path / 's.json'}: nested too deeply to be a save (at most 16 levels)"


def test_nesting_under_the_recursion_limit_but_over_the_save_limit(tmp_path, good):
    nested = 1
    for _ in range(20):
        nested = [nested]
    data = dict(good, extra=nested)
    assert _load_error(data).startswith("save: nested too deeply to be a save (at most 16 levels) at extra")


def test_a_save_of_an_unknown_faction(capsys, tmp_path, good):
    data = json.loads(json.dumps(good))
    data["setup"]["factions"] = ["elves"]
    code, msg = _log(capsys, _write(tmp_path, data))
    assert code == 2
    assert msg == (f"{tmp_path / 's.json'}: the setup does not fit the content: unknown faction 'elves' "
                   "(choose from druwhn, duerkhar, krowh, mohyar)")


@pytest.mark.parametrize("field, value, message", [
    ("setup", [], "'setup' must be an object, not a list"),
    ("checksum", 5, "'checksum' must be a text, not the number"),
    ("answers", [1, 2], "'answers' must be a list of option ids (texts)"),
])
def test_fields_of_the_wrong_type(tmp_path, good, field, value, message):
    assert _load_error(dict(good, **{field: value})) == f"save: {message}"


def test_load_raises_only_save_error_for_a_rules_failure(tmp_path, good, monkeypatch):
    from uprising_tui.engine import EngineError

    def broken(self, option_id):
        raise EngineError("the rules failed on answer 'x' (KeyError: 'boom'); the game was restored to before it")

    monkeypatch.setattr(Game, "answer", broken)
    assert _load_error(good) == ("save: answer 1 ('" + good["answers"][0] + "'): the rules failed on answer 'x' "
                                 "(KeyError: 'boom'); the game was restored to before it")


def test_a_negative_seed_is_refused(capsys, tmp_path, good):
    text = json.dumps(good).replace('"seed": 11', '"seed": -11')
    code, msg = _log(capsys, _write(tmp_path, text))
    assert code == 2 and msg == f"{tmp_path / 's.json'}: setup field seed must be 0 or more, not -11"


# ------------------------------------------------------------------ the client's seats
SEAT_CASES = [  # (seats, the message after "PATH: ")
    ([{"faction": "krowh", "bot": "evil"}],
     "client.seats[0]: unknown bot 'evil' (known: heuristic, random, strong, or null for a person)"),
    ([{"faction": "krowh", "bot": ["heuristic"]}],
     "client.seats[0]: unknown bot ['heuristic'] (known: heuristic, random, strong, or null for a person)"),
    ([{"faction": "mohyar", "name": "Ann"}],
     "client.seats must seat each faction of the game once, in order (krowh), not ['mohyar']"),
    ([{"faction": "krowh"}, {"faction": "krowh"}],
     "client.seats must seat each faction of the game once, in order (krowh), not ['krowh', 'krowh']"),
    ([{"faction": "krowh", "name": "x" * 41}], "client.seats[0]: a name is at most 40 characters, not 41"),
    ([{"faction": "krowh", "name": "\x1b]0;pwned\x07\x1b[2J"}],
     "client.seats[0]: a name cannot hold control characters (U+001B at position 1)"),
    ([{"faction": "krowh", "name": "Ann\u202egnp.exe"}],
     "client.seats[0]: a name cannot hold control characters (U+202E at position 4)"),
    ([{"faction": "krowh", "name": "   "}], "client.seats[0]: a name cannot be empty"),
    ([{"faction": "krowh", "name": 7}], "client.seats[0]: a name is a text, not the number"),
    ([{"faction": "krowh", "colour": "[link=file:///etc/passwd]"}],
     "client.seats[0]: unknown colour '[link=file:///etc/passwd]' (known: blue, brown, cyan, green, orange, "
     "pink, red, white)"),
    ([{"faction": "krowh", "shell": "rm -rf /"}],
     "client.seats[0]: 'shell' is not a seat field (faction, name, bot, colour)"),
    ("everyone", "client.seats must be a list of seats (objects)"),
]


@pytest.mark.parametrize("seats, message", SEAT_CASES)
def test_a_bad_seat_is_refused_in_one_line(capsys, tmp_path, good, seats, message):
    from uprising_tui.tui.controller import GameController

    path = _write(tmp_path, dict(good, client={"seats": seats}))
    with pytest.raises(SaveError) as exc:
        GameController.load(path, autosave=False)
    assert str(exc.value) == f"{path}: {message}"
    code = main(["load", path])  # the client's command says it in one line, before any screen
    err = capsys.readouterr().err
    assert code == 2 and err == f"uprising: error: {path}: {message}\n"


def test_a_client_block_that_is_not_an_object(tmp_path, good):
    from uprising_tui.tui.controller import GameController

    path = _write(tmp_path, dict(good, client=["seats"]))
    with pytest.raises(SaveError, match="'client' must be an object, not a list"):
        GameController.load(path, autosave=False)


def test_good_seats_load_and_a_save_without_seats_gets_people(tmp_path, good):
    from uprising_tui.tui.controller import GameController

    seats = [{"faction": "krowh", "name": "Zoë 🐉", "bot": "random", "colour": "cyan"}]
    ctl = GameController.load(_write(tmp_path, dict(good, client={"seats": seats})), autosave=False)
    assert [(s.name, s.bot, s.colour) for s in ctl.seats] == [("Zoë 🐉", "random", "cyan")]
    ctl = GameController.load(_write(tmp_path, good, "bare.json"), autosave=False)
    assert [(s.faction, s.bot) for s in ctl.seats] == [("krowh", None)]


def test_the_seat_checks_know_every_bot_and_colour_the_client_has():
    from uprising_tui.bots import BOTS
    from uprising_tui.tui.theme import FACTION_COLOURS, PALETTE

    assert set(FACTION_COLOURS.values()) <= set(PALETTE)
    for bot in BOTS:
        assert savefile.check_seats({"seats": [{"faction": "krowh", "bot": bot}]}, ["krowh"], "s",
                                    bots=tuple(BOTS), colours=tuple(PALETTE))


def test_a_seat_name_with_control_characters_is_escaped_where_it_enters_the_client():
    from uprising_tui.tui.controller import Seat

    seat = Seat.from_dict({"faction": "krowh", "name": "\x1b]0;pwned\x07\x1b[2J\x9b31m"})
    assert seat.name == "\ufffd]0;pwned\ufffd\ufffd[2J\ufffd31m"
