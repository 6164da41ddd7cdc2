"""Shared fixtures for the Legion and Horde card tests (tests/cards/test_legions.py, test_hordes.py).

Rigged dice are dealt per colour in roll order, the attacking side's dice first; in most tests
the Younglings attack, so their dice come first in every colour.

1-faction map: H00 the Capital; H07 touches H14 (the Duerkhar home), H15, H08, H01, H13, W18.
"""
from __future__ import annotations

from uprising_tui.content.validation import parse_effect

from uprising_tui.content.loader import default_catalog
from uprising_tui.engine.ops.executor import Source, run_effect
from uprising_tui.engine.face.refs import SourceRef
from uprising_tui.engine.scenario import Scenario, activate, fight

from ..helpers import events, play_out

CAT = default_catalog()
HOME = "H14"  # Duerkhar home on the 1-faction map
CAPITAL = "H00"
ICE = "raufrost"  # an explored Ice Waste: no terrain effect in combat
BADLANDS = "emberfield"
SIX = ["white", "yellow", "red", "blue", "purple", "black"]


# ---------------------------------------------------------------------------- building a position
def scenario(players: int = 1) -> Scenario:
    """Yanny (and Syndra with 2 players) on an empty board, no Feats, no Druids."""
    if players == 1:
        sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board()
    else:
        sc = Scenario(["duerkhar", "druwhn"], heroes=["yanny", "syndra"]).empty_board()
    return sc.player("duerkhar", feats=[]).decks(druids=[])  # no Druids: the Banished reroll nothing


def place_card(sc: Scenario, card: str, threat: int, hid: str = "H07", tile: str | None = ICE, **hex_kw):
    """Put a Legion/Horde on `hid` (a Legion targets the Duerkhar home)."""
    kind = "legions" if card in CAT.legions else "hordes"
    if tile:
        hex_kw["tile"] = tile
    sc.at(hid, **{kind: [(card, threat)]}, **hex_kw)
    if kind == "legions":
        sc.target(card, HOME, "duerkhar")
    return sc


def run_effect_script(ops, actor="duerkhar", hex=None):
    parsed = parse_effect(ops)

    def script(ctx):
        yield from run_effect(ctx, parsed, Source(actor, hex))
    return script


def enter(card: str, threat: int = 4, sc: Scenario | None = None, hid: str = "H07", prefer=None):
    """Draw `card` from its deck into play (a Legion on the Capital, a Horde on `hid`)
    and resolve its immediate effect."""
    sc = sc or scenario()
    if card in CAT.legions:
        sc.decks(legion_deck=[card])
        ops = [{"op": "place_legion", "threat": threat}]
    else:
        sc.decks(horde_deck=[card])
        sc.at(hid, tile=ICE)
        ops = [{"op": "place_horde", "where": "here", "threat": threat}]
    g = sc.game(script=run_effect_script(ops, hex=hid))
    play_out(g, prefer)
    return g


# ---------------------------------------------------------------------------- dice
def rig_round(sc: Scenario, first: list[tuple[str, str]], second: list[tuple[str, str]]) -> None:
    """One roll: `first` (the attacker's dice, in order), then `second` (the defender's)."""
    by: dict[str, list[str]] = {}
    for colour, face in list(first) + list(second):
        by.setdefault(colour, []).append(face)
    sc.rig(**by)


def blank(colours) -> list[tuple[str, str]]:
    """A miss on each die (black has no blank: a single Skull)."""
    return [(c, "" if c != "black" else "S") for c in colours]


def row(card: str, threat: int, part: str) -> list[str]:
    r = CAT.nemesis(card).dice[threat]
    return list(r.archery if part == "archery" else r.clash)


def younglings(*faces: str) -> list[tuple[str, str]]:
    return [("blue", f) for f in faces]


# ---------------------------------------------------------------------------- reading the log
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
    """(Skulls that hit, Skulls blocked) against the Duerkhar in the n-th roll."""
    t = [e for e in in_round(g, n, "CombatTally") if e.side == "duerkhar"]
    return (t[0].skulls, t[0].blocked)


def godpowers(g, n: int, card: str) -> int:
    return sum(1 for e in in_round(g, n, "GodpowerUsed") if e.card == card)


def check_dice(g, n: int, nem: list[tuple[str, str]]) -> None:
    """The n-th roll's Nemesis dice are exactly the colours the test rigged."""
    assert [c for c, _ in rolled(g)[n - 1].dice_b] == [c for c, _ in nem]


def threats(g) -> list[tuple[str, int, int]]:
    return [(e.card, e.old, e.new) for e in events(g, "ThreatChanged")]


# ---------------------------------------------------------------------------- fights
def gp_scenario(card, threat, units=5, players=1, **hex_kw) -> Scenario:
    """Younglings attack `card` on H07; its Archery dice (if any) are rigged to miss."""
    sc = place_card(scenario(players), card, threat, units={"younglings": units}, **hex_kw)
    archery = row(card, threat, "archery") if CAT.nemesis(card).dice else []
    if archery:
        rig_round(sc, [], blank(archery))
    return sc


def dice_seen(card, threat, tile, **hex_kw):
    """(Archery colours, first Clash colours) the card rolls against 5 Younglings on `tile`."""
    sc = place_card(scenario(), card, threat, tile=tile, units={"younglings": 5}, **hex_kw)
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    arch = rolled(g, "archery")
    clash = rolled(g, "clash")
    return ([c for c, _ in arch[0].dice_b] if arch else None,
            [c for c, _ in clash[0].dice_b] if clash else None)


def destroy(card, *, players=2, prefer=None, setup=None, then=None, shooters=3):
    """Three Spearsingers destroy `card` (Threat 1) in the Archery round (Oda: in the Clash)."""
    sc = scenario(players)
    sc.at("H07", tile=ICE, units={"spearsingers": 3})
    sc.at("H07", **{("legions" if card in CAT.legions else "hordes"): [(card, 1)]})
    if card in CAT.legions:
        sc.target(card, "H15" if players == 2 else HOME, "duerkhar")
    if setup:
        setup(sc)
    spec = CAT.nemesis(card)
    if spec.dice:
        part = "archery" if row(card, 1, "archery") else "clash"
        extra = SIX if card == "mage_breaker" else []
        rig_round(sc, [("white", "S")] * shooters, blank(row(card, 1, part) + extra))
    else:  # the Courtesan rolls the Spearsingers' own dice
        rig_round(sc, [("white", "S")] * shooters, [("white", "")] * shooters)
    if then:
        sc.rig(**then)
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, prefer)
    return g


def destroyed_vp(g, card: str, faction: str = "duerkhar") -> list[int]:
    """The VP `faction` scored for destroying `card`."""
    src = SourceRef(CAT.nemesis(card).kind, card, "destroyed")
    return [e.amount for e in events(g, "VPChanged")
            if e.faction == faction and e.reason == "nemesis_destroyed" and e.source == src]


# ---------------------------------------------------------------------------- shared Legion checks
def targets_the_emptiest_haven(card: str):
    """A Legion's immediate effect starts with its Target: a faction with no Target, on its
    Haven with the fewest Units (H07, empty, rather than the home with 2 Younglings)."""
    sc = scenario().at("H07", tile=ICE, haven="duerkhar").at(HOME, units={"younglings": 2})
    sc.at("H09", tile="zeegaard").at("H13", tile="dawngaard")
    g = enter(card, 3, sc, prefer={"remove_sea_tower": "hex:H13"})
    c = g.state.legions[card]
    assert (c.target, c.target_faction, c.threat) == ("H07", "duerkhar", 3)
    assert [(e.card, e.hex) for e in events(g, "TargetPlaced")] == [(card, "H07")]
    return g


def only_the_target(card: str) -> None:
    g = targets_the_emptiest_haven(card)
    st = g.state
    assert st.legions[card].hex == CAPITAL and st.player("duerkhar").plunder == 5
    assert (st.vp_empire, st.vp_chaos) == (0, 0)
    assert not events(g, "NemesisActivated") and not events(g, "GarrisonPlaced")


def only_vp(card: str, vp: int) -> None:
    """Destroyed: `vp` VP to the destroyer and nothing else happens."""
    g = destroy(card)
    st = g.state
    assert card not in st.legions and not st.hexes["H07"].legions
    assert [(e.card, e.by) for e in events(g, "NemesisDestroyed")] == [(card, "duerkhar")]
    assert (st.player("duerkhar").vp, st.player("druwhn").vp, st.vp_empire, st.vp_chaos) == (vp, 0, 0, 0)
    assert destroyed_vp(g, card) == ([vp] if vp else [])  # reason code, the card as source
    assert not events(g, "GarrisonPlaced") and not events(g, "UnitPlaced") and not events(g, "HavenRemoved")


def rolls_its_rows(card: str, threat: int = 6) -> None:
    for tile in (ICE, BADLANDS):
        arch, clash = dice_seen(card, threat, tile)
        assert arch == row(card, threat, "archery")
        assert clash is None or clash == row(card, threat, "clash")


__all__ = ["only_the_target", "only_vp", "rolls_its_rows", "targets_the_emptiest_haven", "BADLANDS", "CAPITAL", "CAT", "HOME", "ICE", "SIX", "Scenario", "activate", "blank", "check_dice",
           "destroy", "destroyed_vp", "dice_seen", "enter", "events", "fight", "godpowers", "gp_scenario",
           "in_round", "place_card", "play_out", "player_tally", "rig_round", "rolled", "row", "run_effect_script",
           "scenario", "threats", "younglings"]
