"""The disk cache of loaded catalogs: equal to a fresh load, never stale, never trusted blindly,
never a reason for a load to fail."""
from __future__ import annotations

import os
import shutil

import pytest

from uprising_tui.cli import main
from uprising_tui.content import cache
from uprising_tui.content import loader as content_loader
from uprising_tui.content.loader import FILES, cached_catalog, load_catalog

from .content_fixtures import CONTENT


@pytest.fixture
def content(tmp_path):
    root = tmp_path / "content"
    shutil.copytree(CONTENT, root)
    return root


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    d = tmp_path / "cache"
    monkeypatch.setenv("UPRISING_CACHE_DIR", str(d))
    content_loader._cached.cache_clear()
    yield d
    content_loader._cached.cache_clear()


@pytest.fixture
def loads(monkeypatch):
    """Every full (YAML + validation) load, by directory."""
    calls = []
    real = content_loader._load
    monkeypatch.setattr(content_loader, "_load", lambda root, loader, *rest: calls.append(root) or real(root, loader, *rest))
    return calls


def _fresh_process():
    content_loader._cached.cache_clear()  # what a new process starts with


def test_a_cached_catalog_equals_a_fresh_load(content, cache_dir, loads):
    first = cached_catalog(content)
    assert loads == [content] and len(list(cache_dir.glob("catalog-*.pickle"))) == 1
    _fresh_process()
    again = cached_catalog(content)
    assert loads == [content]  # read from the cache, not parsed again
    assert again == first == load_catalog(content)
    assert dict(again.names) == dict(first.names) and again.source == str(content)
    assert type(again.hexes).__name__ == "mappingproxy"


def test_an_edit_is_never_served_stale(content, cache_dir, loads):
    before = cached_catalog(content)
    text = (content / "hexes.yaml").read_text()
    (content / "hexes.yaml").write_text(text.replace("vp: 1", "vp: 2", 1))
    _fresh_process()
    after = cached_catalog(content)
    assert loads == [content, content]
    assert after.hexes != before.hexes
    assert len(list(cache_dir.glob("catalog-*.pickle"))) == 2


def test_a_broken_edit_is_reported_not_hidden_by_the_cache(content, cache_dir):
    cached_catalog(content)
    (content / "dice.yaml").write_text("dice: [\n")
    _fresh_process()
    with pytest.raises(content_loader.ContentError, match="dice.yaml: not valid YAML"):
        cached_catalog(content)


def test_a_damaged_entry_is_ignored_and_replaced(content, cache_dir, loads):
    first = cached_catalog(content)
    (entry,) = cache_dir.glob("catalog-*.pickle")
    entry.write_bytes(b"not a pickle")
    _fresh_process()
    assert cached_catalog(content) == first
    assert loads == [content, content]
    _fresh_process()
    cached_catalog(content)
    assert loads == [content, content]  # the entry was rewritten


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="no file owners here")
def test_an_entry_others_can_write_is_not_trusted(content, cache_dir, loads):
    cached_catalog(content)
    (entry,) = cache_dir.glob("catalog-*.pickle")
    entry.chmod(0o666)
    _fresh_process()
    cached_catalog(content)
    assert loads == [content, content]


def test_the_cache_can_be_turned_off(content, tmp_path, monkeypatch, loads):
    monkeypatch.setenv("UPRISING_CACHE_DIR", "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    _fresh_process()
    cached_catalog(content)
    _fresh_process()
    cached_catalog(content)
    assert loads == [content, content]
    assert not (tmp_path / "xdg").exists()


def test_an_unwritable_cache_is_skipped_silently(content, tmp_path, monkeypatch, loads):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("UPRISING_CACHE_DIR", str(blocker / "cache"))
    _fresh_process()
    assert cached_catalog(content) == load_catalog(content)


def test_old_entries_are_pruned(content, cache_dir):
    cache_dir.mkdir()
    for i in range(cache.KEEP + 3):
        old = cache_dir / f"catalog-old{i}.pickle"
        old.write_bytes(b"x")
        os.utime(old, (1000 + i, 1000 + i))
    cached_catalog(content)
    names = sorted(p.name for p in cache_dir.glob("catalog-*.pickle"))
    assert len(names) == cache.KEEP
    assert "catalog-old0.pickle" not in names and f"catalog-old{cache.KEEP + 2}.pickle" in names


def test_the_key_covers_every_file_and_the_code(content):
    base = cache.entry_key(content, FILES)
    for name in FILES:
        p = content / name
        data = p.read_bytes()
        p.write_bytes(data + b"\n")
        assert cache.entry_key(content, FILES) != base, name
        p.write_bytes(data)
    assert cache.entry_key(content, FILES) == base
    (content / "items.yaml").unlink()
    assert cache.entry_key(content, FILES) is None


def test_content_check_never_reads_the_cache(capsys, content, cache_dir, monkeypatch):
    cached_catalog(content)
    monkeypatch.setattr(cache, "load", lambda key: pytest.fail("content check read the cache"))
    code = main(["content", "check", "--content", str(content)])
    assert code in (0, 1) and "content" in capsys.readouterr().out


def test_default_catalog_follows_the_environment_variable(content, cache_dir, loads, monkeypatch):
    """default_catalog() works its directory out once per value of $UPRISING_CONTENT, so setting,
    changing or removing the variable between games still picks the right content."""
    monkeypatch.delenv(content_loader.CONTENT_ENV, raising=False)
    default = content_loader.default_catalog()
    assert content_loader.default_catalog() is default
    monkeypatch.setenv(content_loader.CONTENT_ENV, str(content))
    mine = content_loader.default_catalog()
    assert mine is not default and loads[-1] == content
    assert content_loader.default_catalog() is mine
    monkeypatch.setenv(content_loader.CONTENT_ENV, str(content.parent / "missing"))
    with pytest.raises(content_loader.ContentError):
        content_loader.default_catalog()
    monkeypatch.delenv(content_loader.CONTENT_ENV)
    assert content_loader.default_catalog() is default
    _fresh_process()
    assert content_loader.default_catalog() is not default  # a cleared cache reloads
