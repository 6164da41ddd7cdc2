"""`uprising content check` shows each count beside the box's and fails when one is short.

The shipped content is still short of the box while other work fills the decks, so the mechanism
is tested on fixture directories: the real content topped up to the box by copying cards under
new ids, then made short or long again."""
from __future__ import annotations

import json
import shutil
from collections import Counter

import pytest
import yaml

from uprising_tui.cli import main
from uprising_tui.content.box import BOX, compare
from uprising_tui.content.loader import load_catalog

from .content_fixtures import CONTENT


def _read(root, name):
    return yaml.safe_load((root / name).read_text(encoding="utf-8"))


class _NoAliases(yaml.SafeDumper):
    """Copies share parts; written as YAML aliases they would be refused by the content reader."""

    def ignore_aliases(self, data):
        return True


def _write(root, name, data):
    (root / name).write_text(yaml.dump(data, Dumper=_NoAliases, sort_keys=False), encoding="utf-8")


def _top_up(entries: list[dict], wanted: int, pick=lambda e: True, tag="copy") -> None:
    """Append copies (new ids) of matching entries until `wanted` of them match."""
    sources = [e for e in entries if pick(e)]
    i = 0
    while sum(1 for e in entries if pick(e)) < wanted:
        clone = dict(sources[i % len(sources)], id=f"{sources[i % len(sources)]['id']}_{tag}{i}")
        entries.append(clone)
        i += 1


@pytest.fixture
def full_box(tmp_path):
    """The real content topped up to the box's counts."""
    root = tmp_path / "box"
    shutil.copytree(CONTENT, root)
    feats, heroes = _read(root, "feats.yaml"), _read(root, "heroes.yaml")
    for hero in heroes["heroes"]:
        mine = [f for f in feats["feats"] if f["hero"] == hero["id"]]
        extra = [f for f in mine if not f.get("start")]
        for i in range(10 - len(mine)):
            clone = dict(extra[i % len(extra)], id=f"{hero['id']}_extra{i}")
            feats["feats"].append(clone)
            hero["feats"].append(clone["id"])
    _write(root, "feats.yaml", feats)
    _write(root, "heroes.yaml", heroes)
    for name, key, count in (("items.yaml", "items", 43), ("quests.yaml", "quests", 25), ("druids.yaml", "druids", 9)):
        data = _read(root, name)
        _top_up(data[key], count)
        _write(root, name, data)
    events = _read(root, "events.yaml")
    for level in (1, 2, 3, 4):
        _top_up(events["events"], 7, lambda e, lv=level: e["level"] == lv, tag=f"l{level}_")
    _write(root, "events.yaml", events)
    return root


def _check(capsys, root, *extra):
    code = main(["content", "check", "--content", str(root), *extra])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out


def test_full_box_passes(capsys, full_box):
    code, out = _check(capsys, full_box)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == f"content OK: {full_box}"
    assert "short" not in out
    row = next(line for line in lines if line.strip().startswith("Feats  "))
    assert row.split()[-2:] == ["80", "80"]


def test_full_box_json(capsys, full_box):
    code, out = _check(capsys, full_box, "--json")
    s = json.loads(out)
    assert code == 0 and s["ok"] is True and s["source"] == str(full_box)
    assert set(s["box"]) == {b.key for b in BOX}
    assert all(row["short"] == 0 and row["have"] >= row["box"] for row in s["box"].values())
    assert s["box"]["events_level_3"] == {"label": "Events of Chapter level 3", "have": 7, "box": 7, "short": 0,
                                          "source": "rulebook component list"}
    assert s["counts"]["feats"] == 80 and s["counts"]["items"] == 43


def test_a_short_deck_fails_and_is_named(capsys, full_box):
    items = _read(full_box, "items.yaml")
    items["items"] = items["items"][:40]
    _write(full_box, "items.yaml", items)
    code, out = _check(capsys, full_box)
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == f"content loads, but is short of the box: {full_box}"
    assert [line.split() for line in lines if "short by" in line] == [["Items", "(the", "Market", "deck)", "40", "43",
                                                                        "short", "by", "3"]]
    assert lines[-1] == "1 count(s) short of the box: items"


def test_a_short_chapter_level_fails_as_json(capsys, full_box):
    events = _read(full_box, "events.yaml")
    drop = max(i for i, e in enumerate(events["events"]) if e["level"] == 2)
    del events["events"][drop]
    _write(full_box, "events.yaml", events)
    code, out = _check(capsys, full_box, "--json")
    s = json.loads(out)
    assert code == 1 and s["ok"] is False
    assert {k for k, row in s["box"].items() if row["short"]} == {"events", "events_level_2"}
    assert s["box"]["events_level_2"]["have"] == 6


def test_a_hero_deck_short_of_ten(capsys, full_box):
    feats, heroes = _read(full_box, "feats.yaml"), _read(full_box, "heroes.yaml")
    gone = "ronja_extra0" if any(f["id"] == "ronja_extra0" for f in feats["feats"]) else None
    if gone is None:  # ronja's deck is full already: take a non-START feat of hers
        gone = next(f["id"] for f in feats["feats"] if f["hero"] == "ronja" and not f.get("start"))
    feats["feats"] = [f for f in feats["feats"] if f["id"] != gone]
    feats["feats"].append(dict(next(f for f in feats["feats"] if f["hero"] == "khaal" and not f.get("start")),
                               id="khaal_more"))  # 80 Feats in all again, but one deck has 9
    for h in heroes["heroes"]:
        if gone in h["feats"]:
            h["feats"].remove(gone)
    _write(full_box, "feats.yaml", feats)
    _write(full_box, "heroes.yaml", heroes)
    code, out = _check(capsys, full_box, "--json")
    s = json.loads(out)
    assert code == 1
    assert {k for k, row in s["box"].items() if row["short"]} == {"feats_per_hero"}
    assert s["box"]["feats"]["have"] == 80 and s["box"]["feats_per_hero"]["have"] == 9


def test_more_than_the_box_is_fine(capsys, full_box):
    druids = _read(full_box, "druids.yaml")
    druids["druids"].append(dict(druids["druids"][0], id="modded_druid"))
    _write(full_box, "druids.yaml", druids)
    code, out = _check(capsys, full_box, "--json")
    assert code == 0 and json.loads(out)["box"]["druids"]["have"] == 10


def test_compare_counts_what_the_catalog_holds(full_box):
    cat = load_catalog(full_box)
    rows = {r.key: r for r in compare(cat)}
    assert rows["regular_hexes"].have == sum(1 for h in cat.hexes.values() if h.kind == "regular") == 33
    assert rows["sea_towers"].have == 4 and rows["sea_towers"].source.startswith("ours")
    assert rows["unit_standees"].have == sum(u.reserve for u in cat.units.values()) == 48
    per_level = Counter(e.level for e in cat.events.values())
    assert [rows[f"events_level_{n}"].have for n in (1, 2, 3, 4)] == [per_level[n] for n in (1, 2, 3, 4)]


def test_the_box_table_is_the_rulebooks():
    box = {b.key: b.box for b in BOX}
    assert box == {"dice_colours": 6, "factions": 4, "heroes": 8, "unit_standees": 48, "feats": 80,
                   "feats_per_hero": 10, "items": 43, "quests": 25, "events": 28, "events_level_1": 7,
                   "events_level_2": 7, "events_level_3": 7, "events_level_4": 7, "druids": 9, "legions": 8,
                   "hordes": 8, "regular_hexes": 33, "advanced_hexes": 5, "sea_towers": 4}


def test_the_shipped_content_is_the_whole_box(capsys):
    """The bundled content holds exactly the box: every row has what the box has (the Butcher,
    the rulebook's example Legion, is in the catalog but not counted), and `content check` exits 0."""
    from uprising_tui.cli import main
    from uprising_tui.content.box import compare
    from uprising_tui.content.loader import default_catalog

    rows = compare(default_catalog())
    assert [(r.key, r.have) for r in rows if r.have != r.box] == []
    assert main(["content", "check"]) == 0
    assert "Legions" in capsys.readouterr().out
