"""Mods (issue 23): YAML laid over the default content by id (replace, add, remove), validated
exactly as the base, problems naming the mod file and entry; saves record the mods and refuse to
load under others."""
from __future__ import annotations

import json

import pytest

from uprising_tui.cli import main
from uprising_tui.content.loader import ContentError, default_catalog, load_catalog
from uprising_tui.engine import Game, SaveError, Setup

BASE = default_catalog()

FLENSER_FIX = """\
items:
  - id: flenser
    provenance: ours
    name: Flenser (house rule)
    cost: 1
    requires: {might: 2}
    text: Clash, before damage, once per round, on your Hero's hex - add one Skull to your total.
    use: {when: combat, parts: [clash], step: before_damage, hero_hex: true, limit: once_per_round}
    effect:
      - {op: add_symbols, skull: 1}
"""


def mod(tmp_path, name="fix", **files):
    d = tmp_path / name
    d.mkdir()
    for fname, text in files.items():
        (d / f"{fname}.yaml").write_text(text, encoding="utf-8")
    return d


def test_a_mod_replaces_one_card_by_id_and_leaves_the_rest(tmp_path):
    d = mod(tmp_path, items=FLENSER_FIX)
    cat = load_catalog(mods=[d])
    f = cat.items["flenser"]
    assert (f.name, f.cost, f.use.limit) == ("Flenser (house rule)", 1, "once_per_round")
    assert list(cat.items) == list(BASE.items)  # in its place, nothing else moved
    assert {k: v for k, v in cat.items.items() if k != "flenser"} == {k: v for k, v in BASE.items.items()
                                                                    if k != "flenser"}
    assert cat.feats == BASE.feats and cat.mods == (("fix", cat.mods[0][1]),) and len(cat.mods[0][1]) == 64


def test_a_mod_adds_and_removes_entries(tmp_path):
    d = mod(tmp_path, items="""\
remove: [blackfire]
items:
  - id: lucky_horseshoe
    name: Lucky Horseshoe
    cost: 1
    text: Refresh - the shoe turns up 1 Plunder at the start of every Chapter.
    use: {when: refresh}
    effect:
      - {op: gain, plunder: 1}
""", nemesis="remove: [oda_the_fallen]\n")
    cat = load_catalog(mods=[d])
    assert "blackfire" not in cat.items and "lucky_horseshoe" in cat.items
    assert cat.items["lucky_horseshoe"].provenance == "ours"  # it does not say: a mod's card is not the box's
    assert len(cat.items) == len(BASE.items) and "oda_the_fallen" not in cat.hordes


def test_mods_lay_in_order(tmp_path):
    first = mod(tmp_path, "first", items=FLENSER_FIX)
    second = mod(tmp_path, "second", items=FLENSER_FIX.replace("cost: 1", "cost: 3"))
    assert load_catalog(mods=[first, second]).items["flenser"].cost == 3
    assert load_catalog(mods=[second, first]).items["flenser"].cost == 1


def test_a_bad_mod_entry_is_named_with_the_mod_file(tmp_path):
    d = mod(tmp_path, items=FLENSER_FIX.replace("{op: add_symbols, skull: 1}", "{op: add_symbols, skul: 1}"))
    with pytest.raises(ContentError) as exc:
        load_catalog(mods=[d])
    (problem,) = exc.value.problems
    assert problem.startswith(f"{d / 'items.yaml'}: entry 'flenser'") and "skul" in problem


def test_a_cross_check_problem_names_the_mod_file(tmp_path):
    d = mod(tmp_path, heroes="""\
heroes:
  - id: ronja
    name: Ronja
    faction: mohyar
    might: 2
    leadership: 1
    guile: 1
    feats: [ronja_shield_breaker, no_such_feat, ronja_pit_fights, ronja_chains_remembered]
""")
    with pytest.raises(ContentError) as exc:
        load_catalog(mods=[d])
    assert any(p.startswith(f"{d / 'heroes.yaml'}: entry 'ronja'") and "no_such_feat" in p for p in exc.value.problems)


def test_mod_problems_of_their_own(tmp_path):
    d = mod(tmp_path, items="remove: [no_such_item]\nitems:\n  - {name: nameless}\n", heroes2="heroes: []\n")
    with pytest.raises(ContentError) as exc:
        load_catalog(mods=[d, tmp_path / "missing"])
    text = "\n".join(exc.value.problems)
    assert "heroes2.yaml: not a content file" in text
    assert f"mod directory {tmp_path / 'missing'} does not exist" in text
    with pytest.raises(ContentError) as exc:
        load_catalog(mods=[mod(tmp_path, "two", items="remove: [no_such_item]\nitems:\n  - {name: x}\n")])
    text = "\n".join(exc.value.problems)
    assert "no entry 'no_such_item' in items.yaml to remove" in text and "needs its 'id'" in text


def test_the_cli_lays_a_mod_with_the_option_or_the_environment(tmp_path, capsys, monkeypatch):
    d = mod(tmp_path, items=FLENSER_FIX)
    assert main(["content", "check", "--mod", str(d), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [m["name"] for m in out["mods"]] == ["fix"]
    monkeypatch.setenv("UPRISING_MODS", str(d))
    assert main(["content", "check"]) == 0
    assert "with the mod fix" in capsys.readouterr().out
    bad = mod(tmp_path, "bad", items="items:\n  - {id: flenser, name: F}\n")
    assert main(["content", "check", "--mod", str(bad)]) != 0
    assert f"{bad / 'items.yaml'}: entry 'flenser'" in capsys.readouterr().out


def test_saves_record_the_mods_and_refuse_other_content(tmp_path):
    d = mod(tmp_path, items=FLENSER_FIX)
    modded = load_catalog(mods=[d])
    g = Game(Setup(factions=["mohyar"], chapters=2, seed=3), modded).start()
    for _ in range(5):
        g.answer(g.decision.options[0].id)
    g.save_to(tmp_path / "game.json")
    data = json.loads((tmp_path / "game.json").read_text())
    assert data["mods"] == [{"name": "fix", "sha256": modded.mods[0][1]}]
    assert Game.load(tmp_path / "game.json", modded).answers == g.answers  # same mods: it loads
    with pytest.raises(SaveError, match=r"made under other content: it was saved with 'fix' \(.*\); this game "
                                         r"runs with no mod"):
        Game.load(tmp_path / "game.json", BASE)
    (d / "items.yaml").write_text(FLENSER_FIX.replace("cost: 1", "cost: 2"), encoding="utf-8")
    with pytest.raises(SaveError, match="the same mods, but their files changed since"):
        Game.load(tmp_path / "game.json", load_catalog(mods=[d]))
    plain = Game(Setup(factions=["mohyar"], chapters=2, seed=3), BASE).start()
    assert plain.save()["mods"] == []
    with pytest.raises(SaveError, match="saved with no mod; this game runs with 'fix'"):
        Game.load(plain.save(), modded)
    old = plain.save()
    del old["mods"]  # a save from before mods were recorded: made with none
    assert Game.load(old, BASE).answers == []
    old["mods"] = "fix"
    with pytest.raises(SaveError, match="'mods' must be a list"):
        Game.load(old, BASE)
