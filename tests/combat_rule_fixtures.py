"""Shared fixtures for test_rules_combat.py and test_rules_combat_outcomes.py."""
from uprising_tui.engine.rules.combat.dice import Side, base_dice
from uprising_tui.engine.scenario import Scenario, activate, fight

from .helpers import drive, events, ids, play_out

WOODS, MARSH, BADLANDS, HIGHLANDS, ICE = "shadowdawn", "golgardei", "bruthgaard", "imperial_slave_mines", "black_ice"



def rolls(g, part=None):
    return [e for e in events(g, "CombatRolled") if part is None or e.part == part]


def colours(roll):
    return sorted(c for c, _ in roll)


def kinds_asked(taken):
    return [k for k, _ in taken]


def between(g, first_type, n, stop_type="CombatRolled"):
    """The events after the n-th `first_type` event up to the next `stop_type`."""
    out, seen = [], 0
    for e in g.log:
        if seen == n + 1 and e.event_type == stop_type:
            break
        if seen == n + 1:
            out.append(e)
        if e.event_type == first_type:
            seen += 1
    return out


def duel(tile=ICE, faction="duerkhar", hero=None, **hexkw):
    sc = Scenario([faction], heroes=[hero] if hero else None).empty_board()
    sc.at("H08", tile=tile, **hexkw)
    return sc

__all__ = ['BADLANDS', 'HIGHLANDS', 'ICE', 'MARSH', 'Scenario', 'Side', 'WOODS', 'activate', 'base_dice', 'between', 'colours', 'drive', 'duel', 'events', 'fight', 'ids', 'kinds_asked', 'play_out', 'rolls']
