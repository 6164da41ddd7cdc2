"""Fixtures pytest finds for every test module."""
import pytest

from uprising_tui.content.loader import load_catalog

from .content_fixtures import CONTENT


@pytest.fixture(scope="module")
def cat():
    """The real content, loaded fresh for the module (not the process-wide cached catalog)."""
    return load_catalog(CONTENT)
