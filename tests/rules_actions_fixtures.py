"""Shared fixtures for test_rules_actions.py and test_rules_actions_more.py."""
import pytest

from uprising_tui.engine import IllegalChoice
from uprising_tui.engine.scenario import Scenario, turn

from .helpers import drive, events, ids, play_out


def starting(g, prefix):
    return {o.split(":", 1)[1] for o in ids(g) if o.startswith(prefix)}


def mohyar(**player):
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    if player:
        sc.player("mohyar", **player)
    return sc

__all__ = ['IllegalChoice', 'Scenario', 'drive', 'events', 'ids', 'mohyar', 'play_out', 'pytest', 'starting', 'turn']
