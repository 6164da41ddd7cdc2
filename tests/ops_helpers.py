"""Shared fixtures for the per-op tests (tests/test_ops*.py)."""
from __future__ import annotations

import dataclasses
from types import MappingProxyType

from uprising_tui.content.validation import parse_effect

from uprising_tui.content import models as m
from uprising_tui.content.loader import default_catalog
from uprising_tui.engine.ops.executor import Source, run_effect
from uprising_tui.engine.game import started_event
from uprising_tui.engine.scenario import Scenario

from .helpers import events, play_out

ONE = ["duerkhar"]
YANNY = ["yanny"]
HOME = "H14"  # the Duerkhar home hex on the 1-faction map
CAPITAL = "H00"



def parse(ops: list[dict]):
    return parse_effect(ops)


def run_ops(sc: Scenario, ops: list[dict], actor: str = "duerkhar", hex: str | None = None, *,
            nem: str | None = None, pre=None, prefer=None, finish: bool = True):
    """Run raw effect data as the game's script; `pre(ctx)` edits the state first;
    `nem` makes a Legion/Horde card in play the effect's source."""
    parsed = parse(ops)

    def script(ctx):
        if pre is not None:
            pre(ctx)
            ctx.emit(started_event(ctx))  # the hand-made table, announced
        card = ctx.state.nem(nem) if nem else None
        yield from run_effect(ctx, parsed, Source(actor, hex, nem, nem=card))

    g = sc.game(script=script)
    if finish:
        play_out(g, prefer)
    return g


def one(**kw) -> Scenario:
    return Scenario(ONE, heroes=YANNY, **kw).empty_board()


def two() -> Scenario:
    return Scenario(["duerkhar", "druwhn"], heroes=["yanny", "syndra"]).empty_board()


def vp_events(g, who: str) -> list:
    return [e for e in events(g, "VPChanged") if e.faction == who]


def fill_island(ctx, keep=()):
    """Make every hex without the cannot-gain-Haven icon non-empty (a Curse), except `keep`."""
    for h in ctx.state.hexes.values():
        if h.role in ("random", "sea_tower") and h.id not in keep and h.empty:
            h.curse = True


def make_cat(**feats) -> "object":
    """The real catalog plus test-only Feats: id -> (use dict, effect list)."""
    cat = default_catalog()
    table = dict(cat.feats)
    for cid, (use, eff) in feats.items():
        table[cid] = m.Feat(id=cid, name=cid, text="test card", hero="yanny", use=m.Use(**use), effect=parse(eff))
    return dataclasses.replace(cat, feats=MappingProxyType(table))


def combat_sc(*, feats=(), items=(), units=None, skeletons=0, hero=True, cat=None, tile="raufrost",
              druids=(), **hex_kw) -> Scenario:
    """Yanny's Units on H07 (an explored Ice Waste: no terrain effect) against Nemesis pieces there."""
    sc = Scenario(ONE, heroes=YANNY, catalog=cat).empty_board()
    sc.at("H07", tile=tile, units=units or {"younglings": 2}, skeletons=skeletons, **hex_kw)
    sc.player("duerkhar", hero_hex="H07" if hero else HOME, feats=list(feats), items=list(items))
    sc.decks(druids=list(druids))
    return sc


def rolls(g, part: str | None = None) -> list:
    return [e for e in events(g, "CombatRolled") if part is None or e.part == part]


def tallies(g, side: str) -> list[tuple[int, int]]:
    return [(e.skulls, e.blocked) for e in events(g, "CombatTally") if e.side == side]
