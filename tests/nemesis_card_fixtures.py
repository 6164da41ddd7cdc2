"""Shared fixtures for test_nemesis_cards.py and test_nemesis_godpowers.py."""
from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from uprising_tui.content.loader import default_catalog
from uprising_tui.content.ops import Effect
from uprising_tui.engine.effects import Source, run_effect
from uprising_tui.engine.scenario import Scenario, activate, fight

from .helpers import events, play_out

CAT = default_catalog()
LEGIONS = sorted(CAT.legions)
HORDES = sorted(CAT.hordes)
HOME = "H14"  # Duerkhar home on the 1-faction map
CAPITAL = "H00"
ICE = "raufrost"  # an explored Ice Waste: no terrain effect in combat
BADLANDS = "emberfield"


# ---------------------------------------------------------------------------- helpers
def scenario(players: int = 1) -> Scenario:
    if players == 1:
        sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board()
    else:
        sc = Scenario(["duerkhar", "druwhn"], heroes=["yanny", "syndra"]).empty_board()
    return sc.player("duerkhar", feats=[]).decks(druids=[])  # no Druids: the Banished reroll nothing


def place_card(sc: Scenario, card: str, threat: int, hid: str = "H07", tile: str | None = ICE, **hex_kw):
    kind = "legions" if card in CAT.legions else "hordes"
    if tile:
        hex_kw["tile"] = tile
    sc.at(hid, **{kind: [(card, threat)]}, **hex_kw)
    if kind == "legions":
        sc.target(card, HOME, "duerkhar")
    return sc


def rig_round(sc: Scenario, first: list[tuple[str, str]], second: list[tuple[str, str]]) -> None:
    """One roll: `first` (the attacker's dice, in order), then `second` (the defender's)."""
    by: dict[str, list[str]] = {}
    for colour, face in list(first) + list(second):
        by.setdefault(colour, []).append(face)
    sc.rig(**by)


def blank(colours) -> list[tuple[str, str]]:
    return [(c, "" if c != "black" else "S") for c in colours]


def row(card: str, threat: int, part: str) -> list[str]:
    r = CAT.nemesis(card).dice[threat]
    return list(r.archery if part == "archery" else r.clash)


def younglings(*faces: str) -> list[tuple[str, str]]:
    return [("blue", f) for f in faces]


def rolled(g, part: str | None = None) -> list:
    return [e for e in events(g, "CombatRolled") if part is None or e.part == part]


def in_round(g, n: int, kind: str) -> list:
    """Events of type `kind` between the n-th CombatRolled (1-based) and the next one."""
    out, seen = [], 0
    for e in g.log:
        if e.event_type == "CombatRolled":
            seen += 1
        elif seen == n and e.event_type == kind:
            out.append(e)
    return out


def player_tally(g, n: int) -> tuple[int, int]:
    t = [e for e in in_round(g, n, "CombatTally") if e.side == "duerkhar"]
    return (t[0].skulls, t[0].blocked)


def godpowers(g, n: int, card: str) -> int:
    return sum(1 for e in in_round(g, n, "GodpowerUsed") if e.card == card)


def run_effect_script(ops, actor="duerkhar", hex=None):
    parsed = TypeAdapter(Effect).validate_python(ops)

    def script(ctx):
        yield from run_effect(ctx, parsed, Source(actor, hex))
    return script


def check_dice(g, n: int, nem: list[tuple[str, str]]) -> None:
    """The n-th roll's Nemesis dice are exactly the colours the test rigged."""
    assert [c for c, _ in rolled(g)[n - 1].dice_b] == [c for c, _ in nem]

__all__ = ['BADLANDS', 'CAPITAL', 'CAT', 'Effect', 'HOME', 'HORDES', 'ICE', 'LEGIONS', 'Scenario', 'Source', 'TypeAdapter', 'activate', 'blank', 'check_dice', 'default_catalog', 'events', 'fight', 'godpowers', 'in_round', 'place_card', 'play_out', 'player_tally', 'pytest', 'rig_round', 'rolled', 'row', 'run_effect', 'run_effect_script', 'scenario', 'younglings']
