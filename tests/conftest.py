"""Fixtures pytest finds for every test module."""
import pytest

from uprising_tui.content.loader import load_catalog

from .content_fixtures import CONTENT


@pytest.fixture(scope="module")
def cat():
    """The real content, loaded fresh for the module (not the process-wide cached catalog)."""
    return load_catalog(CONTENT)


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "state_edited: the test edits a started game's state by hand, so its events cannot tell "
        "the whole story (skips the end-of-test projection check)")


@pytest.fixture(autouse=True)
def _every_game_projects_to_its_public_view(request, monkeypatch):
    """Every game a test starts must, at the end of the test, look the same rebuilt from its
    events alone (engine/face/projection) as built from its state: a rule or card op that
    changes the table without a typed event fails here, in the test that exercises it."""
    from uprising_tui.engine.game import Game

    from .projection_helpers import projection_problems

    if request.node.get_closest_marker("state_edited"):
        yield
        return
    started = []
    start = Game.start

    def watched_start(self):
        started.append(self)
        return start(self)
    monkeypatch.setattr(Game, "start", watched_start)
    yield
    for g in started:
        problems = projection_problems(g)
        assert not problems, "; ".join(problems)
