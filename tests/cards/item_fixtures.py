"""Shared fixtures for the Item, Quest and Druid card tests (tests/cards/test_items*.py,
test_quests*.py, test_druids.py).

Combat cards are tested in a duel: Yanny (every attribute at 3) and her Units on H07, an
explored Ice Waste (no terrain effect), against the Bloodwyrm, whose dice are all red (a
purple joins at Threat 6), so the player's blue and white dice never share a colour stream
with it. Bloodwyrm rows: Threat 1 Archery red / Clash red; 2: red / red x2; 3: red / red x3;
4: red x2 / red x4. Its Godpower (a Bolt) Curses the hex, so its dice are rigged without Bolts
unless a test wants one.
"""
from __future__ import annotations

from uprising_tui.content.validation import parse_effect

from uprising_tui.content.loader import default_catalog
from uprising_tui.engine.rules.cards import use_card
from uprising_tui.engine.ops.executor import Source, run_effect
from uprising_tui.engine.rules.quests import attempt_quest
from uprising_tui.engine.scenario import Scenario, fight, run_phase

from ..helpers import events, play_out
from .nemesis_fixtures import in_round, rig_round, rolled

CAT = default_catalog()
ICE = "raufrost"
HOME = "H14"  # the Duerkhar home on the 1-faction map (Highlands)
ALL = dict(might=3, magic=3, leadership=3, guile=3)
NONE = dict(might=0, magic=0, leadership=0, guile=0)


def yanny(**player) -> Scenario:
    """Yanny alone, no Feats, no Druids, every attribute at 3 unless given."""
    kw = dict(ALL, feats=[])
    kw.update(player)
    return Scenario(["duerkhar"], heroes=["yanny"]).empty_board().player("duerkhar", **kw).decks(druids=[])


def duel(units: dict, threat: int, *, items=(), hero_hex="H07", druids=(), **player) -> Scenario:
    """Yanny's Units (and Yanny, unless `hero_hex` says otherwise) against the Bloodwyrm on H07."""
    sc = yanny(hero_hex=hero_hex, items=list(items), **player)
    sc.at("H07", tile=ICE, units=units, hordes=[("bloodwyrm", threat)])
    return sc.decks(druids=list(druids))


def go(sc: Scenario, prefer=None):
    """Fight the duel on H07 (the Duerkhar attack) to its end."""
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    taken = play_out(g, prefer)
    return g, taken


def dice_a(g, n: int) -> list[str]:
    """The player's dice colours in the n-th roll."""
    return [c for c, _ in rolled(g)[n - 1].dice_a]


def wyrm_threat(g) -> list[tuple[int, int]]:
    return [(e.old, e.new) for e in events(g, "ThreatChanged") if e.card == "bloodwyrm"]


def tally(g, n: int, side: str = "duerkhar") -> tuple[int, int]:
    """(Skulls that hit, Skulls blocked) against `side` in the n-th roll."""
    t = [e for e in in_round(g, n, "CombatTally") if e.side == side]
    return (t[0].skulls, t[0].blocked)


def used(g, cid: str) -> int:
    return sum(1 for e in events(g, "CardUsed") if e.card == cid)


def held(g, cid: str, faction: str = "duerkhar"):
    """The card's CardState if the player still holds it (None once discarded)."""
    p = g.state.player(faction)
    return next((c for c in p.feats + p.items + p.quests if c.id == cid), None)


def use_now(sc: Scenario, cid: str, prefer=None, faction: str = "duerkhar"):
    """Use a held Feat/Item/kept Quest at once (its timing aside) and answer what it asks."""
    def script(ctx):
        yield from use_card(ctx, ctx.state.player(faction), cid)
    g = sc.game(script=script)
    play_out(g, prefer)
    return g


def quest_roll(sc: Scenario, qid: str, prefer=None, faction: str = "duerkhar", bonus=None):
    """The player attempts Quest `qid` (it must be on offer) and answers what it asks."""
    def script(ctx):
        yield from attempt_quest(ctx, ctx.state.player(faction), qid, bonus=bonus)
    g = sc.game(script=script)
    play_out(g, prefer)
    return g


def run_ops(sc: Scenario, ops, actor="duerkhar", hex=None, prefer=None):
    parsed = parse_effect(ops)

    def script(ctx):
        yield from run_effect(ctx, parsed, Source(actor, hex))
    g = sc.game(script=script)
    play_out(g, prefer)
    return g


def resolved(g) -> list[tuple[str, str, int]]:
    return [(e.card, e.outcome, e.successes) for e in events(g, "QuestResolved")]


__all__ = ["ALL", "CAT", "HOME", "ICE", "NONE", "Scenario", "dice_a", "duel", "events", "fight", "go", "held",
           "in_round", "play_out", "quest_roll", "resolved", "rig_round", "rolled", "run_ops", "run_phase", "tally",
           "use_now", "used", "wyrm_threat", "yanny"]
