"""Map layouts, and broken content files failing with file, entry and field named."""
from __future__ import annotations

from .content_fixtures import (
    CONTENT,
    DIRS,
    ROOT,
    ContentError,
    Counter,
    Path,
    importlib,
    load_catalog,
    pytest,
    shutil,
)


# ====================================================================== maps
def _load_gen():
    spec = importlib.util.spec_from_file_location("gen_maps", ROOT / "tools" / "gen_maps.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_maps_yaml_is_generated():
    assert _load_gen().main(["--check"]) == 0


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_layout(cat, n):
    lay = cat.layouts[n]
    spaces = {(s.q, s.r): s for s in lay.spaces}
    roles = Counter(s.role for s in lay.spaces)
    pool = sum(1 for h in cat.hexes.values() if h.kind == "regular" and not h.advanced)
    assert roles["home"] == n
    assert roles["capital"] == 1 and spaces[(0, 0)].role == "capital" and spaces[(0, 0)].id == "H00"
    assert roles["sea_tower"] == 2
    assert roles["random"] <= pool
    island = {k for k, s in spaces.items() if s.role != "region"}

    def nb(h):
        return [(h[0] + dq, h[1] + dr) for dq, dr in DIRS]

    # connected island
    seen, todo = {(0, 0)}, [(0, 0)]
    while todo:
        for x in nb(todo.pop()):
            if x in island and x not in seen:
                seen.add(x)
                todo.append(x)
    assert seen == island
    # a region border all around the island
    for h in island:
        for x in nb(h):
            assert x in spaces, (n, h, x)
    for s in lay.spaces:
        assert (s.role == "region") == (s.region is not None), s.id
        assert s.id.startswith("W" if s.role == "region" else "H"), s.id
    assert {s.region for s in lay.spaces if s.role == "region"} == {"howling_white", "fog_grave", "screaming_sea"}
    homes = [k for k, s in spaces.items() if s.role == "home"]
    for h in homes:
        assert sum(spaces.get(x) is not None and spaces[x].role == "random" for x in nb(h)) >= 2
    # setup marks
    marks = Counter(s.garrison for s in lay.spaces if s.garrison)
    assert marks == Counter(veteran=3, nightmare=3)
    assert all(spaces[x].garrison for x in nb((0, 0)))
    curses = sorted(s.curse for s in lay.spaces if s.curse)
    assert curses == [1, 2, 3]

    def dist(a, b):
        dq, dr = a[0] - b[0], a[1] - b[1]
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2
    for k, s in spaces.items():
        if s.curse:
            assert s.role == "random" and all(dist(k, h) >= 2 for h in homes)
        if s.skeleton:
            assert s.role in ("random", "region") and all(dist(k, h) >= 2 for h in homes)
            assert not s.curse and not s.garrison
    assert sum(s.skeleton for s in lay.spaces) == 3  # the published setup (rulings.md 56)


def test_four_faction_island(cat):
    lay = cat.layouts[4]
    island = [s for s in lay.spaces if s.role != "region"]
    assert len(island) == 35
    assert sum(s.role == "random" for s in island) == 28


# ====================================================================== broken content
@pytest.fixture
def broken(tmp_path):
    dst = tmp_path / "content"
    shutil.copytree(CONTENT, dst)

    def corrupt(name: str, old: str, new: str) -> Path:
        p = dst / name
        text = p.read_text(encoding="utf-8")
        assert old in text, f"fixture text {old!r} not in {name}"
        p.write_text(text.replace(old, new, 1), encoding="utf-8")
        return dst
    return corrupt


def _error(root: Path) -> str:
    with pytest.raises(ContentError) as exc:
        load_catalog(root)
    return str(exc.value)


def test_unknown_field(broken):
    msg = _error(broken("feats.yaml", "  - id: phalanx\n", "  - id: phalanx\n    colour_x: 3\n"))
    assert "content/feats.yaml" in msg and "'phalanx'" in msg and "colour_x" in msg


def test_unknown_op(broken):
    msg = _error(broken("feats.yaml", "{op: set_die, face: shield}", "{op: set_dice, face: shield}"))
    assert "content/feats.yaml" in msg and "'phalanx'" in msg and "effect[0]" in msg
    assert "unknown op 'set_dice'" in msg


def test_bad_op_argument(broken):
    msg = _error(broken("hexes.yaml", "{op: place_or_reinforce, unit: garrison, count: 1}",
                        "{op: place_or_reinforce, unit: legion, count: 1}"))
    assert "content/hexes.yaml" in msg and "'rigga'" in msg and "explore[1]" in msg


def test_hero_names_missing_feat(broken):
    msg = _error(broken("heroes.yaml", "feats: [phalanx, younglings,", "feats: [phalanx, no_such_feat, younglings,"))
    assert "content/heroes.yaml" in msg and "'yanny'" in msg and "feats" in msg and "no_such_feat" in msg


def test_feat_names_missing_unit(broken):
    msg = _error(broken("feats.yaml", "to_unit: oathsworn", "to_unit: oathswarm"))
    assert "content/feats.yaml" in msg and "'younglings'" in msg and "to_unit" in msg and "oathswarm" in msg


def test_wrong_type(broken):
    msg = _error(broken("factions.yaml", "haven_cost: 3", "haven_cost: lots"))
    assert "content/factions.yaml" in msg and "'krowh'" in msg and "haven_cost" in msg


def test_bad_colour(broken):
    msg = _error(broken("items.yaml", "{op: add_dice, colour: red}", "{op: add_dice, colour: green}"))
    assert "content/items.yaml" in msg and "'abad_warpaint'" in msg and "effect[0]" in msg


def test_missing_dice_row(broken):
    msg = _error(broken("nemesis.yaml", "      3: {archery: [white, white], clash: [red, red, yellow, white]}\n", ""))
    assert "content/nemesis.yaml" in msg and "'butcher'" in msg and "dice" in msg


def test_invalid_yaml(broken):
    msg = _error(broken("hexes.yaml", "  - id: rigga\n", "  - id: rigga\n   name: [unclosed\n"))
    assert "content/hexes.yaml" in msg and "not valid YAML" in msg and "line" in msg
