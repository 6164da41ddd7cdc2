"""Reading content YAML: libyaml and the pure reader agree; duplicate keys, aliases, deep nesting,
huge numbers, bad bytes and special files are refused with the file and line named."""
from __future__ import annotations

import os
import shutil

import pytest
import yaml

from uprising_tui.content import yaml_read
from uprising_tui.content.loader import ContentError, load_catalog
from uprising_tui.content.yaml_read import FAST_LOADER, PURE_LOADER, YamlProblem, parse_yaml

from .content_fixtures import CONTENT

LOADERS = [pytest.param(PURE_LOADER, id="pure")]
if yaml.__with_libyaml__:
    LOADERS.append(pytest.param(FAST_LOADER, id="libyaml"))


def test_libyaml_is_the_default_when_present():
    assert yaml.__with_libyaml__, "PyYAML without libyaml here: start-up is slower"
    assert FAST_LOADER is yaml.CSafeLoader


@pytest.mark.skipif(not yaml.__with_libyaml__, reason="PyYAML built without libyaml")
def test_libyaml_and_pure_readers_give_equal_catalogs(tmp_path):
    fast = load_catalog(CONTENT, loader=yaml.CSafeLoader)
    pure = load_catalog(CONTENT, loader=yaml.SafeLoader)
    assert fast == pure
    assert dict(fast.names) == dict(pure.names)
    # the comparison sees a one-field difference (so the equality above means something)
    edited = tmp_path / "content"
    shutil.copytree(CONTENT, edited)
    text = (edited / "hexes.yaml").read_text(encoding="utf-8")
    (edited / "hexes.yaml").write_text(text.replace("vp: 1", "vp: 2", 1), encoding="utf-8")
    assert load_catalog(edited, loader=yaml.CSafeLoader).source != fast.source
    assert load_catalog(edited, loader=yaml.SafeLoader).hexes != fast.hexes


@pytest.mark.parametrize("loader", LOADERS)
def test_duplicate_key_named_with_its_line(loader):
    text = "a: 1\nb:\n  c: 2\n  d: 3\n  c: 4\n"
    with pytest.raises(YamlProblem) as exc:
        parse_yaml(text, loader)
    assert str(exc.value) == ("duplicate key 'c' at line 5, column 3 (first at line 3); "
                              "each key may appear once in a mapping")


@pytest.mark.parametrize("loader", LOADERS)
def test_same_key_in_different_mappings_is_fine(loader):
    assert parse_yaml("- {id: a}\n- {id: b}\n", loader) == [{"id": "a"}, {"id": "b"}]


@pytest.mark.parametrize("loader", LOADERS)
@pytest.mark.parametrize("text", [
    "a: &x [1, 2]\nb: *x\n",
    "a: &x {k: 1}\nb:\n  <<: *x\n",
])
def test_aliases_are_refused(loader, text):
    with pytest.raises(YamlProblem, match="anchors and aliases are not allowed in content files at line"):
        parse_yaml(text, loader)


# (the pure scanner slows down with flow nesting: 600 levels there, 20 000 everywhere else)
DEPTHS = [pytest.param(loader, shape, depth, id=f"{name}-{shape}-{depth}")
          for name, loader in (("pure", PURE_LOADER), ("libyaml", FAST_LOADER if yaml.__with_libyaml__ else None))
          if loader is not None
          for shape in ("flow", "block")
          for depth in (65, 600 if (name, shape) == ("pure", "flow") else 20_000)]


@pytest.mark.parametrize("loader, shape, depth", DEPTHS)
def test_deep_nesting_is_refused(loader, depth, shape):
    text = "a: " + "[" * depth + "]" * depth if shape == "flow" else "- " * depth + "x"
    with pytest.raises(YamlProblem, match="nested too deeply|not valid YAML.*nesting depth"):
        parse_yaml(text, loader)


@pytest.mark.parametrize("loader", LOADERS)
def test_nesting_within_the_limit_is_read(loader):
    depth = yaml_read.MAX_DEPTH - 2
    assert parse_yaml("a: " + "[" * depth + "]" * depth, loader) is not None


@pytest.mark.parametrize("loader", LOADERS)
def test_huge_integer_is_refused(loader):
    with pytest.raises(YamlProblem) as exc:
        parse_yaml("count: " + "9" * 5000 + "\n", loader)
    msg = str(exc.value)
    assert msg.startswith("number too large at line 1, column 8: '9999") and "(5,000 characters)" in msg
    assert len(msg) < 200


@pytest.mark.parametrize("loader", LOADERS)
def test_bad_timestamp_is_a_problem_not_a_crash(loader):
    with pytest.raises(YamlProblem, match="cannot read a value"):
        parse_yaml("when: 2024-02-31\n", loader)


@pytest.mark.parametrize("loader", LOADERS)
def test_syntax_error_names_the_line(loader):
    with pytest.raises(YamlProblem, match=r"not valid YAML at line 2, column \d+"):
        parse_yaml("a: 1\n b: [\n", loader)


def test_non_utf8_bytes_name_line_and_column(tmp_path):
    p = tmp_path / "x.yaml"
    p.write_bytes("a: 1\nname: Kh\u00e1al \xff\n".encode("utf-8").replace(b"\xc3\xbf", b"\xff"))
    with pytest.raises(YamlProblem, match=r"^is not UTF-8 text: byte 0xff at line 2, column 13$"):
        yaml_read.read_yaml_file(p)


def test_a_byte_order_mark_is_allowed_in_yaml(tmp_path):
    p = tmp_path / "x.yaml"
    p.write_bytes(b"\xef\xbb\xbfa: 1\n")
    assert yaml_read.read_yaml_file(p) == {"a": 1}


def test_size_cap(tmp_path, monkeypatch):
    monkeypatch.setattr(yaml_read, "MAX_BYTES", 100)
    p = tmp_path / "x.yaml"
    p.write_text("a: " + "x" * 200 + "\n")
    with pytest.raises(YamlProblem, match=r"^is 204 bytes; the limit is 100 bytes$"):
        yaml_read.read_yaml_file(p)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_not_read(tmp_path):
    p = tmp_path / "x.yaml"
    os.mkfifo(p)  # opening it for reading would block without O_NONBLOCK
    with pytest.raises(YamlProblem, match=r"not a regular file \(a named pipe\)"):
        yaml_read.read_yaml_file(p)


def test_content_dir_problems_name_the_directory_read(tmp_path):
    dst = tmp_path / "mymod"
    shutil.copytree(CONTENT, dst)
    (dst / "druids.yaml").write_text("druids:\n  - id: a\n    id: b\n")
    with pytest.raises(ContentError) as exc:
        load_catalog(dst)
    assert exc.value.source == str(dst)
    assert exc.value.problems == [f"{dst / 'druids.yaml'}: duplicate key 'id' at line 3, column 5 "
                                  "(first at line 2); each key may appear once in a mapping"]
