"""Shared fixtures for test_content.py and test_content_maps.py."""
from __future__ import annotations

import importlib.util
import shutil
from collections import Counter
from pathlib import Path

import pytest

from uprising_tui.content import models as m
from uprising_tui.content.loader import ContentError, load_catalog

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"
DIRS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]


def ops(effect) -> list[str]:
    return [step.op for step in effect]


def faces(cat, colour) -> list[tuple[str, ...]]:
    return [tuple(f) for f in cat.dice[colour].faces]

__all__ = ['CONTENT', 'ContentError', 'Counter', 'DIRS', 'Path', 'ROOT', 'faces', 'importlib', 'load_catalog', 'm', 'ops', 'pytest', 'shutil']
