"""Every content entry says where it comes from; `content check` counts it; unknown files are named."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from uprising_tui.cli import main
from uprising_tui.content.box import provenance_rows
from uprising_tui.content.loader import ContentError, load_catalog

CONTENT = Path(__file__).resolve().parents[1] / "content"
LISTS = {"dice.yaml": ["dice"], "factions.yaml": ["factions"], "heroes.yaml": ["heroes"], "hexes.yaml": ["hexes"],
         "maps.yaml": ["layouts"], "nemesis.yaml": ["legions", "hordes"], "druids.yaml": ["druids"],
         "events.yaml": ["events"], "feats.yaml": ["feats"], "items.yaml": ["items"], "quests.yaml": ["quests"]}


def _entries():
    for name, keys in LISTS.items():
        data = yaml.safe_load((CONTENT / name).read_text(encoding="utf-8"))
        for key in keys:
            for entry in data[key]:
                yield name, entry
                for unit in entry.get("units", []) if name == "factions.yaml" else []:
                    yield name, unit


def test_every_bundled_entry_states_its_provenance():
    missing = [(n, e.get("id", e.get("colour", e.get("factions")))) for n, e in _entries() if "provenance" not in e]
    assert missing == []
    assert {e["provenance"] for _, e in _entries()} == {"rulebook", "published", "ours"}


def test_rulebook_cards_are_marked_so():
    cat = load_catalog(CONTENT)
    for cid in ("phalanx", "younglings"):
        assert cat.feats[cid].provenance == "rulebook"
    for cid in ("abad_warpaint", "xyxrit_leaves", "whip_of_thorns", "flenser"):
        assert cat.items[cid].provenance == "rulebook"
    assert cat.quests["instruction_of_the_druids"].provenance == "rulebook"
    assert cat.druids["watcher"].provenance == "rulebook"
    assert all(c.provenance == "published" for c in cat.hordes.values())
    assert all(e.provenance == "ours" for e in cat.events.values())


def test_an_entry_that_does_not_say_is_ours(tmp_path):
    shutil.copytree(CONTENT, tmp_path / "c")
    p = tmp_path / "c" / "items.yaml"
    p.write_text(p.read_text(encoding="utf-8").replace("    provenance: rulebook\n", "", 1), encoding="utf-8")
    cat = load_catalog(tmp_path / "c")
    assert sum(i.provenance == "rulebook" for i in cat.items.values()) == 3


def test_a_wrong_provenance_is_a_content_error(tmp_path):
    shutil.copytree(CONTENT, tmp_path / "c")
    p = tmp_path / "c" / "items.yaml"
    p.write_text(p.read_text(encoding="utf-8").replace("provenance: rulebook", "provenance: folklore", 1),
                 encoding="utf-8")
    with pytest.raises(ContentError) as exc:
        load_catalog(tmp_path / "c")
    assert "items.yaml: entry 'abad_warpaint'" in str(exc.value) and "provenance" in str(exc.value)


def test_content_check_prints_provenance_counts_per_deck(capsys):
    assert main(["content", "check", "--content", str(CONTENT)]) == 0
    out = capsys.readouterr().out
    assert "rulebook  published   ours" in out
    cat = load_catalog(CONTENT)
    rows = dict(provenance_rows(cat))
    assert rows["Items (Market deck)"]["rulebook"] == 4
    assert sum(rows["Items (Market deck)"].values()) == len(cat.items)
    assert sum(sum(n.values()) for label, n in rows.items() if label.startswith("  Feats of")) == len(cat.feats)
    line = next(x for x in out.splitlines() if x.strip().startswith("Items (Market deck)"))
    assert line.split()[-3:] == [str(rows["Items (Market deck)"][k]) for k in ("rulebook", "published", "ours")]
    assert main(["content", "check", "--content", str(CONTENT), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)["provenance"]
    assert got["Druids"] == rows["Druids"] and "Feats of Ronja" in got


def test_an_unknown_yaml_file_in_the_content_folder_is_named(tmp_path, capsys):
    shutil.copytree(CONTENT, tmp_path / "c")
    (tmp_path / "c" / "heroes2.yaml").write_text("heroes: []\n", encoding="utf-8")
    (tmp_path / "c" / "README.md").write_text("notes are fine\n", encoding="utf-8")
    with pytest.raises(ContentError) as exc:
        load_catalog(tmp_path / "c")
    assert len(exc.value.problems) == 1 and "heroes2.yaml: not a content file" in exc.value.problems[0]
    assert main(["content", "check", "--content", str(tmp_path / "c")]) != 0
    assert "heroes2.yaml: not a content file" in capsys.readouterr().out


def test_the_card_reader_marks_our_cards_only():
    from uprising_tui.tui.card_text import card_text
    cat = load_catalog(CONTENT)
    ours = next(c for c in cat.items.values() if c.provenance == "ours")
    assert "our design" in card_text(cat, ours.id).plain
    for cid in ("abad_warpaint", "phalanx", "watcher", "instruction_of_the_druids", "warlock"):
        assert "our design" not in card_text(cat, cid).plain
    event = next(iter(cat.events))
    assert "our design" in card_text(cat, event).plain
