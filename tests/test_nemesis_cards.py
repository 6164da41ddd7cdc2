"""Every Legion and Horde in content/nemesis.yaml: its immediate effect, its combat ability,
its Godpower (fired by a rigged Bolt, within its once-per limit, extra Bolts cancelling
Shields) and what happens when it is destroyed.

Rigged dice are dealt per colour in roll order, the attacking side's dice first; the
Younglings attack, so their dice come first in every colour.
"""
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
    t = [e for e in in_round(g, n, "CombatTally") if e.side == "Duerkhar"]
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


# ============================================================================ immediate effects
@pytest.mark.parametrize("card", LEGIONS)
def test_legion_immediate_places_its_target(card):
    # every Legion's immediate effect starts with its Target: a faction with no Target, on its
    # Haven with the fewest Units
    sc = scenario().at("H07", tile=ICE, haven="duerkhar").at(HOME, units={"younglings": 2})
    sc.at("H09", tile="zeegaard").at("H13", tile="dawngaard")
    sc.decks(legion_deck=[card])
    g = sc.game(script=run_effect_script([{"op": "place_legion", "threat": 3}]))
    play_out(g, {"remove_sea_tower": "hex:H13"})
    c = g.state.legions[card]
    assert (c.target, c.target_faction) == ("H07", "duerkhar")
    assert c.threat == 3
    assert events(g, "TargetPlaced")[0].card == card


def test_butcher_immediate_every_player_loses_half_their_plunder():
    sc = scenario(2).player("duerkhar", plunder=7).player("druwhn", plunder=1).decks(legion_deck=["butcher"])
    g = sc.game(script=run_effect_script([{"op": "place_legion", "threat": 4}]))
    play_out(g, {"target_faction": "faction:druwhn"})
    st = g.state
    assert (st.player("duerkhar").plunder, st.player("druwhn").plunder) == (4, 1)
    assert st.legions["butcher"].target_faction == "druwhn" and st.legions["butcher"].hex == CAPITAL


def test_mage_breaker_immediate_removes_a_sea_tower_and_moves_there():
    sc = scenario().at("H09", tile="zeegaard", garrisons=1).at("H13", tile="dawngaard")
    sc.decks(legion_deck=["mage_breaker"])
    g = sc.game(script=run_effect_script([{"op": "place_legion", "threat": 4}]))
    play_out(g)
    st = g.state
    assert st.hexes["H13"].sea_tower_removed and not g.board.is_sea_tower("H13")  # empty if possible
    assert not st.hexes["H09"].sea_tower_removed
    assert st.legions["mage_breaker"].hex == "H13" and st.hexes[CAPITAL].legions == []


def test_new_emperor_immediate_activates_every_legion():
    sc = scenario().at("H05", tile=ICE, legions=[("warlock", 3)]).decks(legion_deck=["new_emperor"])
    sc.target("warlock", HOME, "duerkhar")
    g = sc.game(script=run_effect_script([{"op": "place_legion", "threat": 4}]))
    play_out(g)
    acts = [e.card for e in events(g, "NemesisActivated")]
    assert sorted(acts) == ["new_emperor", "warlock"]
    assert acts == ["warlock", "new_emperor"]  # initiative 5 before 29
    assert g.state.legions["warlock"].tokens == 0  # no Activation Token needed
    assert g.state.hexes["H05"].garrisons == [1] and g.state.hexes[CAPITAL].garrisons == [1]


@pytest.mark.parametrize("card", ["warlock", "spymaster", "assassin", "imperial_guard", "executioner"])
def test_legion_immediate_is_only_the_target(card):
    sc = scenario().player("duerkhar", plunder=7).decks(legion_deck=[card])
    g = sc.game(script=run_effect_script([{"op": "place_legion", "threat": 4}]))
    play_out(g)
    st = g.state
    assert st.legions[card].hex == CAPITAL and st.legions[card].target == HOME
    assert st.player("duerkhar").plunder == 7
    assert (st.vp_empire, st.vp_chaos) == (0, 0)
    assert not events(g, "NemesisActivated") and not events(g, "GarrisonPlaced")


def place_horde_here(card, threat=4, sc=None, hid="H07", prefer=None):
    sc = (sc or scenario()).decks(horde_deck=[card])
    if hid not in ("W01",):
        sc.at(hid, tile=ICE)
    g = sc.game(script=run_effect_script([{"op": "place_horde", "where": "here", "threat": threat}], hex=hid))
    play_out(g, prefer)
    return g


def test_lich_queen_immediate_curses_her_hex():
    g = place_horde_here("lich_queen")
    assert g.state.hexes["H07"].curse and g.state.curse_reserve == 8
    # on a hex that is already Cursed, Chaos gains 1 VP instead
    g = place_horde_here("lich_queen", sc=scenario().at("H07", curse=True))
    assert g.state.vp_chaos == 1 and g.state.curse_reserve == 8


def test_counter_of_omens_immediate_two_skeletons_on_his_hex():
    g = place_horde_here("counter_of_omens")
    assert g.state.hexes["H07"].skeletons == 2 and g.state.hordes["counter_of_omens"].hex == "H07"


def test_banished_immediate_threat_5_and_a_quest_failure():
    sc = scenario().decks(quest_offer=["rally_the_refugees", "beast_of_the_moors"])
    g = place_horde_here("banished", threat=2, sc=sc, prefer={"quest_failure": "quest:beast_of_the_moors"})
    st = g.state
    assert st.hordes["banished"].threat == 5
    assert st.vp_chaos == 2  # Beast of the Moors' failure effect
    assert st.quest_offer == ["rally_the_refugees"]


def test_oda_immediate_threat_for_him_and_every_other_horde_and_legion():
    sc = scenario().at("W01", hordes=[("siren", 3)]).at(CAPITAL, legions=[("warlock", 7)])
    g = place_horde_here("oda_the_fallen", threat=4, sc=sc)
    st = g.state
    assert st.hordes["oda_the_fallen"].threat == 6
    assert st.hordes["siren"].threat == 4
    assert st.legions["warlock"].threat == 7 and st.vp_empire == 1  # above the maximum: 1 VP


@pytest.mark.parametrize("card", ["coven_of_yssat", "bloodwyrm", "siren", "false_messiah"])
def test_horde_without_immediate_effect(card):
    g = place_horde_here(card, threat=4)
    st = g.state
    assert st.hordes[card].threat == 4 and st.hordes[card].hex == "H07"
    h = st.hexes["H07"]
    assert (h.curse, h.skeletons, h.garrisons, st.vp_chaos, st.vp_empire) == (False, 0, [], 0, 0)


# ============================================================================ combat abilities
def archery_colours(card, threat, tile, **hex_kw):
    sc = place_card(scenario(), card, threat, tile=tile, units={"younglings": 5}, **hex_kw)
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    arch = rolled(g, "archery")
    clash = rolled(g, "clash")
    return ([c for c, _ in arch[0].dice_b] if arch else None,
            [c for c, _ in clash[0].dice_b] if clash else None)


@pytest.mark.parametrize("card,n", [("butcher", 3), ("assassin", 2), ("imperial_guard", 1), ("new_emperor", 2)])
def test_extra_red_dice_in_archery_on_badlands(card, n):
    arch, clash = archery_colours(card, 7, BADLANDS)
    assert arch == row(card, 7, "archery") + ["red"] * n
    arch, _ = archery_colours(card, 7, ICE)
    assert arch == row(card, 7, "archery")


def test_butcher_extra_dice_are_archery_only():
    sc = place_card(scenario(), "butcher", 7, tile=BADLANDS, units={"younglings": 5})
    rig_round(sc, [], blank(row("butcher", 7, "archery") + ["red"] * 3))
    rig_round(sc, younglings("", "", "", "", ""), [("black", "S"), ("purple", ""), ("purple", ""), ("red", ""), ("red", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    assert [c for c, _ in rolled(g, "clash")[0].dice_b] == row("butcher", 7, "clash")


def test_warlock_is_adjacent_to_every_hex():
    # from the Capital he steps straight onto his Target, three hexes away
    sc = scenario().at(CAPITAL, legions=[("warlock", 3)]).at("H07", tile=ICE, haven="duerkhar")
    sc.target("warlock", "H07", "duerkhar")
    g = sc.game(script=activate("warlock"))
    play_out(g)
    assert g.state.legions["warlock"].hex == "H07"
    assert g.state.hexes["H07"].haven is None  # he razes the Haven
    # an ordinary Legion takes one step
    sc = scenario().at(CAPITAL, legions=[("assassin", 3)]).at("H07", tile=ICE, haven="duerkhar")
    sc.target("assassin", "H07", "duerkhar")
    g = sc.game(script=activate("assassin"))
    play_out(g)
    assert g.state.legions["assassin"].hex == "H01"


def test_spymaster_enemies_can_not_use_shields():
    sc = place_card(scenario(), "spymaster", 4, units={"younglings": 3})
    rig_round(sc, [], blank(row("spymaster", 4, "archery")))
    # Clash at Threat 4: purple, blue, blue, red, white - two Skulls, no Bolt
    rig_round(sc, younglings("H", "H", ""), [("purple", "S"), ("blue", "S"), ("blue", ""), ("red", ""), ("white", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    assert [c for c, _ in rolled(g, "clash")[0].dice_a] == ["blue"] * 3
    assert player_tally(g, 2) == (2, 0)  # two Shields rolled, none counts
    assert [e for e in events(g, "UnitDestroyed")][:2] and len(
        [e for e in in_round(g, 2, "UnitDestroyed")]) == 2


def test_mage_breaker_gains_a_die_of_every_colour():
    arch, clash = archery_colours("mage_breaker", 3, ICE)
    six = ["white", "yellow", "red", "blue", "purple", "black"]
    assert arch == row("mage_breaker", 3, "archery") + six


def test_mage_breaker_removes_a_sea_tower_whenever_she_retargets():
    sc = scenario().at("H07", tile=ICE, haven="duerkhar").at("H09", tile="zeegaard").at("H13", tile="dawngaard")
    sc.at(CAPITAL, legions=[("mage_breaker", 3)]).target("mage_breaker", "H07", "duerkhar")
    g = sc.game(script=run_effect_script([{"op": "remove_haven"}], hex="H07"))
    play_out(g, {"remove_sea_tower": "hex:H09"})
    st = g.state
    assert st.legions["mage_breaker"].target == HOME
    assert st.hexes["H09"].sea_tower_removed and not st.hexes["H13"].sea_tower_removed
    assert st.legions["mage_breaker"].hex == CAPITAL  # a retarget does not move her


def test_executioner_extra_purple_die_where_her_target_stands():
    sc = place_card(scenario(), "executioner", 5, hid=HOME, tile=None, units={"younglings": 5})
    g = sc.game(script=fight(HOME, attacker="duerkhar"))
    play_out(g)
    first = rolled(g)
    arch = [e for e in first if e.part == "archery"]
    clash = [e for e in first if e.part == "clash"]
    # Highlands (the Duerkhar home): one Archery die, her strongest - the purple from her ability
    assert [c for c, _ in arch[0].dice_b] == ["purple"]
    assert [c for c, _ in clash[0].dice_b] == row("executioner", 5, "clash") + ["purple"]
    _, clash = archery_colours("executioner", 5, ICE)
    assert clash == row("executioner", 5, "clash")


@pytest.mark.parametrize("card", ["warlock", "spymaster", "lich_queen", "coven_of_yssat", "counter_of_omens", "bloodwyrm",
                                  "siren", "banished", "false_messiah"])
def test_cards_without_extra_dice_roll_their_rows(card):
    threat = 5 if card == "banished" else 6
    for tile in (ICE, BADLANDS):
        arch, clash = archery_colours(card, threat, tile)
        assert arch == row(card, threat, "archery")
        if clash is not None:
            assert clash == row(card, threat, "clash")


def test_siren_enemies_can_not_use_bolts():
    sc = place_card(scenario(), "siren", 4, units={"oathsworn": 1, "younglings": 2}).decks(druids=["watcher", "stormcaller"])
    rig_round(sc, [], [("red", "")])  # Archery at Threat 4: one red
    # Clash: the Oathsworn rolls a Bolt; the Siren purple, yellow, white x3
    rig_round(sc, [("blue", "H"), ("blue", ""), ("red", "SB")], [("purple", ""), ("yellow", "S"), ("white", ""), ("white", ""), ("white", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    taken = play_out(g)
    assert not [k for k, _ in taken if k == "bolt"]  # the Bolt can do nothing: no Godpower, no Shield broken
    assert not [e for e in in_round(g, 2, "GodpowerUsed")]
    # control: against another Horde the same Bolt is a choice
    sc = place_card(scenario(), "bloodwyrm", 1, units={"oathsworn": 1}).decks(druids=["watcher"])
    rig_round(sc, [], [("red", "")])
    rig_round(sc, [("red", "SB")], [("red", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    taken = play_out(g)
    assert [k for k, _ in taken if k == "bolt"]


def test_banished_rerolls_one_blank_per_revealed_druid():
    def game(druids):
        sc = place_card(scenario(), "banished", 2, units={"younglings": 3}).decks(druids=druids)
        rig_round(sc, [], [("blue", "")])  # Archery at Threat 2: one blue
        sc.rig(blue=[])  # the Banished reroll her Archery blank too
        return sc
    # Threat 2 Clash: red, white. All blanks; with 2 Druids both blanks are rerolled (into Skulls)
    sc = game(["watcher", "stormcaller"])
    sc.rig(blue=["S"])  # the Archery reroll
    rig_round(sc, younglings("", "", ""), [("red", ""), ("white", "")])
    sc.rig(red=["S"], white=["S"])  # the Clash rerolls
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    notes = [e.text for e in events(g, "Note") if "rerolls" in e.text]
    assert notes[:2] == ["The Banished rerolls 1 die/dice (The Banished)", "The Banished rerolls 2 die/dice (The Banished)"]
    assert player_tally(g, 2) == (2, 0)
    # no Druids revealed: no reroll
    sc = game([])
    rig_round(sc, younglings("", "", ""), [("red", ""), ("white", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    assert not [e for e in events(g, "Note") if "rerolls" in e.text]


def test_false_messiah_extra_red_die_on_a_haven_or_with_imperial_units():
    _, clash = archery_colours("false_messiah", 6, ICE)
    assert clash == row("false_messiah", 6, "clash")
    _, clash = archery_colours("false_messiah", 6, ICE, haven="duerkhar")
    assert clash == row("false_messiah", 6, "clash") + ["red"]
    arch, _ = archery_colours("false_messiah", 6, ICE, haven="duerkhar")
    assert arch == row("false_messiah", 6, "archery") + ["red"]


def test_oda_skips_the_archery_round():
    sc = place_card(scenario(), "oda_the_fallen", 2, units={"spearsingers": 3})
    # Spearsingers are archers, yet no Archery round is fought: Clash at once (white x3 vs black, yellow)
    rig_round(sc, [("white", "S"), ("white", "S"), ("white", "")], [("black", "S"), ("yellow", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    assert [e.part for e in rolled(g)] == ["clash"]
    assert "oda_the_fallen" not in g.state.hordes


# ============================================================================ Godpowers
# Each test fires the Godpower with a rigged Bolt, shows a second Bolt in the same roll
# cancelling the Younglings' one Shield (or firing again, for a Godpower without a limit),
# and a Bolt in the next Clash round firing again (once per round) or cancelling a Shield
# (once per combat).

def gp_scenario(card, threat, units=5, players=1, **hex_kw) -> Scenario:
    sc = place_card(scenario(players), card, threat, units={"younglings": units}, **hex_kw)
    archery = row(card, threat, "archery")
    if archery:
        rig_round(sc, [], blank(archery))
    return sc


def test_godpower_butcher_removes_a_haven_here_or_adjacent_once_per_combat():
    sc = gp_scenario("butcher", 5)  # Clash at 5: purple, red x3, yellow
    nem1 = [("purple", "BB"), ("red", "S"), ("red", ""), ("red", ""), ("yellow", "")]
    rig_round(sc, younglings("H", "", "", "", ""), nem1)
    rig_round(sc, younglings("H", "", "", ""), [("purple", "SB"), ("red", ""), ("red", ""), ("red", ""), ("yellow", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    check_dice(g, 2, nem1)
    assert godpowers(g, 2, "butcher") == 1 and player_tally(g, 2) == (1, 0)
    assert g.state.hexes[HOME].haven is None  # the Haven next to the combat
    assert events(g, "HavenRemoved")[0].hex == HOME
    assert godpowers(g, 3, "butcher") == 0 and player_tally(g, 3) == (1, 0)  # once per combat: the Bolt breaks a Shield


def test_godpower_warlock_tears_down_tower_then_wall_once_per_round():
    sc = place_card(scenario(), "warlock", 7, units={"younglings": 3}, haven="duerkhar", tower=True, wall=True)
    rig_round(sc, [("white", "")], [("blue", ""), ("yellow", "")])  # Archery: the Tower's white die
    # Clash: 3 Younglings + Tower (white) + Wall (blue); Warlock purple, purple, blue, red, yellow
    nem1 = [("purple", "BB"), ("purple", ""), ("blue", ""), ("red", "S"), ("yellow", "")]
    rig_round(sc, younglings("H", "", "") + [("white", ""), ("blue", "")], nem1)
    rig_round(sc, younglings("H", "") + [("blue", "")], [("purple", "SB"), ("purple", ""), ("blue", ""), ("red", ""), ("yellow", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    check_dice(g, 2, nem1)
    assert godpowers(g, 2, "warlock") == 1 and player_tally(g, 2) == (1, 0)
    assert [c for c, _ in rolled(g)[2].dice_a] == ["blue", "blue", "blue"]  # no Tower die any more
    assert godpowers(g, 3, "warlock") == 1 and player_tally(g, 3) == (0, 1)
    h = g.state.hexes["H07"]
    assert (h.tower, h.wall) == (False, False)


def test_godpower_warlock_against_a_horde_takes_threat():
    sc = scenario().at("H07", tile=ICE, legions=[("warlock", 7)], hordes=[("coven_of_yssat", 3)])
    sc.target("warlock", HOME, "duerkhar")
    rig_round(sc, [("blue", ""), ("yellow", "")], [("yellow", ""), ("yellow", "")])  # Archery
    rig_round(sc, [("purple", "SB"), ("purple", ""), ("blue", ""), ("red", ""), ("yellow", "")],
              [("purple", ""), ("blue", ""), ("blue", ""), ("white", "")])
    g = sc.game(script=fight("H07", attacker="empire"))
    play_out(g)
    assert [(e.old, e.new) for e in events(g, "ThreatChanged")][:2] == [(3, 2), (2, 1)]  # the Skull, then the Godpower


def test_godpower_spymaster_discard_or_lose_two_threat_once_per_round():
    sc = gp_scenario("spymaster", 7, units=3)
    sc.player("duerkhar", items=["war_drum"])
    nem1 = [("purple", "BB"), ("purple", ""), ("blue", ""), ("red", "S"), ("red", "")]
    rig_round(sc, younglings("H", "", ""), nem1)
    # at Threat 5: purple, blue x3, red
    rig_round(sc, younglings("", ""), [("purple", "SB"), ("blue", ""), ("blue", ""), ("blue", ""), ("red", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    taken = play_out(g, {"enemy_penalty": "threat"})
    check_dice(g, 2, nem1)
    assert godpowers(g, 2, "spymaster") == 1 and godpowers(g, 3, "spymaster") == 1
    assert [a for k, a in taken if k == "enemy_penalty"][:2] == ["threat", "threat"]
    assert [(e.old, e.new) for e in events(g, "ThreatChanged")][:2] == [(7, 5), (5, 3)]
    assert player_tally(g, 2) == (1, 0)  # his enemies' Shields never count


def test_godpower_assassin_two_skulls_once_per_round():
    sc = gp_scenario("assassin", 6)  # Clash at 6: purple, blue, red, red, yellow
    nem1 = [("purple", "BB"), ("blue", ""), ("red", "S"), ("red", ""), ("yellow", "")]
    rig_round(sc, younglings("H", "", "", "", ""), nem1)
    rig_round(sc, younglings("H", ""), [("purple", "SB"), ("blue", ""), ("red", ""), ("red", ""), ("yellow", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    check_dice(g, 2, nem1)
    assert godpowers(g, 2, "assassin") == 1 and player_tally(g, 2) == (3, 0)  # 1 rolled + 2; the Shield broken
    assert godpowers(g, 3, "assassin") == 1 and player_tally(g, 3) == (2, 1)
    assert g.state.hexes["H07"].units == {}


def test_godpower_imperial_guard_two_shields_once_per_round():
    sc = gp_scenario("imperial_guard", 7, units=3)  # Clash at 7: purple x3, blue x2, red
    nem1 = [("purple", "BB"), ("purple", ""), ("purple", ""), ("blue", ""), ("blue", ""), ("red", "S")]
    rig_round(sc, younglings("S", "S", "H"), nem1)
    rig_round(sc, younglings("S", "S"), [("purple", "SB"), ("purple", ""), ("purple", ""), ("blue", ""), ("blue", ""), ("red", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    check_dice(g, 2, nem1)
    guard = [e for e in in_round(g, 2, "CombatTally") if e.side == "The Imperial Guard"][0]
    assert (guard.skulls, guard.blocked) == (0, 2)
    assert godpowers(g, 2, "imperial_guard") == 1 and player_tally(g, 2) == (1, 0)
    guard = [e for e in in_round(g, 3, "CombatTally") if e.side == "The Imperial Guard"][0]
    assert (guard.skulls, guard.blocked) == (0, 2) and godpowers(g, 3, "imperial_guard") == 1
    assert g.state.legions["imperial_guard"].threat == 7


def test_godpower_mage_breaker_one_skull_per_bolt_without_limit():
    sc = place_card(scenario(), "mage_breaker", 1, units={"younglings": 5})
    six = ["white", "yellow", "red", "blue", "purple", "black"]
    rig_round(sc, [], blank(row("mage_breaker", 1, "archery") + six))  # her two black dice hit: 2 Younglings fall
    nem1 = [("black", "B"), ("yellow", ""), ("white", ""), ("white", ""), ("yellow", ""), ("red", ""), ("blue", ""),
            ("purple", ""), ("black", "B")]
    rig_round(sc, younglings("H", "", ""), nem1)
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    check_dice(g, 2, nem1)
    assert godpowers(g, 2, "mage_breaker") == 2  # every Bolt fires it
    assert player_tally(g, 2) == (1, 1)  # 2 Skulls (one per Bolt), one blocked: no Bolt left to break it


def test_godpower_executioner_removes_the_most_expensive_unit_from_the_game_once_per_combat():
    sc = gp_scenario("executioner", 5, units=3)  # Clash at 5: black, purple, yellow, yellow
    nem1 = [("black", "B"), ("purple", "SB"), ("yellow", ""), ("yellow", "")]
    rig_round(sc, younglings("H", "", ""), nem1)
    rig_round(sc, younglings("H", ""), [("black", "B"), ("purple", "S"), ("yellow", ""), ("yellow", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    check_dice(g, 2, nem1)
    p = g.state.player("duerkhar")
    assert godpowers(g, 2, "executioner") == 1 and player_tally(g, 2) == (1, 0)
    assert p.removed_units == {"koloth": 1} and p.reserve["koloth"] == 0  # from the reserve, out of the game
    assert godpowers(g, 3, "executioner") == 0 and player_tally(g, 3) == (1, 0)


def test_godpower_executioner_the_player_may_make_her_lose_two_threat_instead():
    sc = gp_scenario("executioner", 5, units=3)
    nem1 = [("black", "B"), ("purple", "SB"), ("yellow", ""), ("yellow", "")]
    rig_round(sc, younglings("H", "", ""), nem1)
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"enemy_penalty": "threat"})
    p = g.state.player("duerkhar")
    assert p.removed_units == {} and p.reserve["koloth"] == 1
    assert (5, 3) in [(e.old, e.new) for e in events(g, "ThreatChanged")]


def test_godpower_executioner_against_a_horde_takes_two_threat():
    sc = scenario().at("H07", tile=ICE, legions=[("executioner", 2)], hordes=[("bloodwyrm", 4)])
    sc.target("executioner", HOME, "duerkhar")
    rig_round(sc, [("white", "")], [("red", ""), ("red", "")])  # Archery: white | red, red
    rig_round(sc, [("black", "B"), ("purple", "")], [("red", ""), ("red", ""), ("red", ""), ("red", "")])
    g = sc.game(script=fight("H07", attacker="empire"))
    play_out(g)
    assert [(e.old, e.new) for e in events(g, "ThreatChanged")][0] == (4, 2)


def test_godpower_new_emperor_two_empire_vp_once_per_round():
    sc = gp_scenario("new_emperor", 3, units=3)  # Clash at 3: purple, blue, red, yellow, white
    nem1 = [("purple", "BB"), ("blue", ""), ("red", "S"), ("yellow", ""), ("white", "")]
    rig_round(sc, younglings("H", "", ""), nem1)
    rig_round(sc, younglings("H", ""), [("purple", "SB"), ("blue", ""), ("red", ""), ("yellow", ""), ("white", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    check_dice(g, 2, nem1)
    assert godpowers(g, 2, "new_emperor") == 1 and player_tally(g, 2) == (1, 0)
    assert godpowers(g, 3, "new_emperor") == 1 and player_tally(g, 3) == (0, 1)
    assert [e.amount for e in events(g, "VPChanged") if e.faction == "empire"][:2] == [2, 2]


def test_godpower_lich_queen_other_hordes_gain_threat_once_per_round():
    sc = gp_scenario("lich_queen", 6, units=3).at("W01", hordes=[("siren", 3)])
    nem1 = [("purple", "BB"), ("red", "S"), ("red", ""), ("yellow", ""), ("yellow", "")]
    rig_round(sc, younglings("H", "", ""), nem1)
    rig_round(sc, younglings("H", ""), [("purple", "SB"), ("red", ""), ("red", ""), ("yellow", ""), ("yellow", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    check_dice(g, 2, nem1)
    assert godpowers(g, 2, "lich_queen") == 1 and player_tally(g, 2) == (1, 0)
    assert godpowers(g, 3, "lich_queen") == 1 and player_tally(g, 3) == (0, 1)
    changed = [(e.card, e.old, e.new) for e in in_round(g, 2, "ThreatChanged") + in_round(g, 3, "ThreatChanged")]
    assert changed == [("siren", 3, 4), ("siren", 4, 5)]  # not her own Threat


def test_godpower_coven_flips_every_card_once_per_combat():
    sc = gp_scenario("coven_of_yssat", 7, units=3).player("duerkhar", feats=["phalanx", "younglings"], items=["salt_ledger"])
    nem1 = [("purple", "BB"), ("purple", ""), ("red", "S"), ("blue", ""), ("blue", "")]
    rig_round(sc, younglings("H", "", ""), nem1)
    rig_round(sc, younglings("H", ""), [("purple", "SB"), ("purple", ""), ("red", ""), ("blue", ""), ("blue", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    taken = play_out(g, {"enemy_penalty": "penalty"})
    check_dice(g, 2, nem1)
    p = g.state.player("duerkhar")
    assert godpowers(g, 2, "coven_of_yssat") == 1 and player_tally(g, 2) == (1, 0)
    assert not any(c.face_up for c in p.feats + p.items)
    assert godpowers(g, 3, "coven_of_yssat") == 0 and player_tally(g, 3) == (1, 0)
    assert [a for k, a in taken if k == "enemy_penalty"] == ["penalty"]


def test_godpower_coven_or_she_loses_two_threat():
    sc = gp_scenario("coven_of_yssat", 7, units=3).player("duerkhar", feats=["phalanx"])
    rig_round(sc, younglings("", "", ""), [("purple", "SB"), ("purple", ""), ("red", ""), ("blue", ""), ("blue", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"enemy_penalty": "threat"})
    assert [(e.old, e.new) for e in events(g, "ThreatChanged")][0] == (7, 5)
    assert g.state.player("duerkhar").feats[0].face_up


def test_godpower_counter_of_omens_two_skeletons_on_an_empty_hex_once_per_round():
    sc = gp_scenario("counter_of_omens", 6, units=3)  # Clash at 6: purple x3, blue, yellow
    nem1 = [("purple", "BB"), ("purple", ""), ("purple", ""), ("blue", "S"), ("yellow", "")]
    rig_round(sc, younglings("H", "", ""), nem1)
    rig_round(sc, younglings("H", ""), [("purple", "SB"), ("purple", ""), ("purple", ""), ("blue", ""), ("yellow", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"place_skeleton": ["hex:H01", "hex:H02"]})
    check_dice(g, 2, nem1)
    assert godpowers(g, 2, "counter_of_omens") == 1 and player_tally(g, 2) == (1, 0)
    assert godpowers(g, 3, "counter_of_omens") == 1 and player_tally(g, 3) == (0, 1)
    assert (g.state.hexes["H01"].skeletons, g.state.hexes["H02"].skeletons) == (2, 2)


def test_godpower_bloodwyrm_curses_the_hex_once_per_combat():
    sc = gp_scenario("bloodwyrm", 6, units=3)  # Clash at 6: purple, red x4
    nem1 = [("purple", "BB"), ("red", "S"), ("red", ""), ("red", ""), ("red", "")]
    rig_round(sc, younglings("H", "", ""), nem1)
    rig_round(sc, younglings("H", ""), [("purple", "SB"), ("red", ""), ("red", ""), ("red", ""), ("red", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    check_dice(g, 2, nem1)
    assert godpowers(g, 2, "bloodwyrm") == 1 and player_tally(g, 2) == (1, 0)
    assert g.state.hexes["H07"].curse
    assert godpowers(g, 3, "bloodwyrm") == 0 and player_tally(g, 3) == (1, 0)
    assert len(events(g, "CursePlaced")) == 1 and g.state.vp_chaos == 0


def test_godpower_siren_slips_away_once_per_combat():
    sc = gp_scenario("siren", 7, units=3)  # Clash at 7: purple, yellow, white x3
    nem1 = [("purple", "BB"), ("yellow", "S"), ("white", ""), ("white", ""), ("white", "")]
    rig_round(sc, younglings("H", "", ""), nem1)
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"nemesis_move": "hex:H08"})
    check_dice(g, 2, nem1)
    assert godpowers(g, 2, "siren") == 1 and player_tally(g, 2) == (1, 0)
    assert g.state.hordes["siren"].hex == "H08"
    assert len(rolled(g)) == 2 and g.state.hexes["H07"].units == {"younglings": 2}


def test_godpower_banished_destroys_the_most_expensive_unit_once_per_round():
    sc = place_card(scenario(), "banished", 5, units={"younglings": 3, "oathsworn": 1})
    rig_round(sc, [], [("blue", ""), ("blue", "")])  # Archery at 5: blue, blue
    nem1 = [("purple", "BB"), ("red", "S"), ("white", ""), ("white", ""), ("white", "")]
    rig_round(sc, younglings("H", "", "") + [("red", "")], nem1)
    rig_round(sc, younglings("H", ""), [("purple", "SB"), ("red", ""), ("white", ""), ("white", ""), ("white", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    check_dice(g, 2, nem1)
    lost = [e.unit for e in in_round(g, 2, "UnitDestroyed")]
    assert lost == ["oathsworn", "younglings"]  # the Godpower's pick, then the Skull the broken Shield let through
    assert godpowers(g, 2, "banished") == 1 and player_tally(g, 2) == (1, 0)
    assert godpowers(g, 3, "banished") == 1 and player_tally(g, 3) == (0, 1)
    assert [e.unit for e in in_round(g, 3, "UnitDestroyed")] == ["younglings"]  # the Godpower again; the Shield holds
    assert all(e.to == "chaos" for e in events(g, "UnitDestroyed"))


def test_godpower_banished_against_the_empire_takes_two_threat():
    sc = scenario().at("H07", tile=ICE, legions=[("assassin", 5)], hordes=[("banished", 5)])
    sc.target("assassin", HOME, "duerkhar")
    rig_round(sc, [("blue", ""), ("blue", "")], [("blue", ""), ("white", "")])  # Archery: Banished attack
    rig_round(sc, [("purple", "SB"), ("red", ""), ("white", ""), ("white", ""), ("white", "")],
              [("purple", ""), ("blue", ""), ("red", ""), ("yellow", ""), ("yellow", "")])
    g = sc.game(script=fight("H07", attacker="chaos"))
    play_out(g)
    assert [(e.card, e.old, e.new) for e in events(g, "ThreatChanged")][:2] == [("assassin", 5, 3), ("assassin", 3, 2)]


def test_godpower_false_messiah_removes_any_haven_once_per_combat():
    sc = gp_scenario("false_messiah", 6, units=3).at("H12", tile="rigga", haven="duerkhar")
    nem1 = [("purple", "BB"), ("purple", ""), ("red", "S"), ("blue", ""), ("white", "")]
    rig_round(sc, younglings("H", "", ""), nem1)
    rig_round(sc, younglings("H", ""), [("purple", "SB"), ("purple", ""), ("red", ""), ("blue", ""), ("white", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"remove_haven": "hex:H12"})
    check_dice(g, 2, nem1)
    assert godpowers(g, 2, "false_messiah") == 1 and player_tally(g, 2) == (1, 0)
    assert g.state.hexes["H12"].haven is None and g.state.hexes[HOME].haven == "duerkhar"
    assert godpowers(g, 3, "false_messiah") == 0 and player_tally(g, 3) == (1, 0)


def test_godpower_oda_two_skulls_once_per_round():
    sc = place_card(scenario(), "oda_the_fallen", 3, units={"younglings": 5})  # Clash at 3: black, red, yellow
    nem1 = [("black", "B"), ("red", "SB"), ("yellow", "")]
    rig_round(sc, younglings("H", "", "", "", ""), nem1)
    rig_round(sc, younglings("H", ""), [("black", "B"), ("red", ""), ("yellow", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    check_dice(g, 1, nem1)
    assert godpowers(g, 1, "oda_the_fallen") == 1 and player_tally(g, 1) == (3, 0)
    assert godpowers(g, 2, "oda_the_fallen") == 1 and player_tally(g, 2) == (1, 1)
    assert [len(in_round(g, n, "UnitDestroyed")) for n in (1, 2)] == [3, 1]


def test_legion_bolts_do_nothing_on_a_cursed_hex():
    # only Chaos can use a Bolt on a hex with a Curse
    sc = place_card(scenario(), "new_emperor", 3, units={"younglings": 3}, curse=True)
    rig_round(sc, [], blank(row("new_emperor", 3, "archery")))
    rig_round(sc, younglings("H", "", ""), [("purple", "BB"), ("blue", ""), ("red", "S"), ("yellow", ""), ("white", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    assert godpowers(g, 2, "new_emperor") == 0 and player_tally(g, 2) == (0, 1)
    assert g.state.vp_empire == 0


# ============================================================================ destroyed
DESTROYED_VP = {"butcher": 3, "warlock": 3, "spymaster": 4, "assassin": 3, "imperial_guard": 5, "mage_breaker": 1,
                "executioner": 3, "new_emperor": 5, "lich_queen": 1, "coven_of_yssat": 4, "counter_of_omens": 2,
                "bloodwyrm": 4, "siren": 1, "banished": 3, "false_messiah": 3, "oda_the_fallen": 5}


def destroy(card, *, players=2, prefer=None, setup=None, then=None, shooters=3):
    """Three Spearsingers destroy `card` (Threat 1) in the Archery round (Oda: in the Clash)."""
    sc = scenario(players)
    sc.at("H07", tile=ICE, units={"spearsingers": 3})
    sc.at("H07", **{("legions" if card in CAT.legions else "hordes"): [(card, 1)]})
    if card in CAT.legions:
        sc.target(card, "H15" if players == 2 else HOME, "duerkhar")
    if setup:
        setup(sc)
    part = "archery" if row(card, 1, "archery") else "clash"
    extra = ["white", "yellow", "red", "blue", "purple", "black"] if card == "mage_breaker" else []
    rig_round(sc, [("white", "S")] * shooters, blank(row(card, 1, part) + extra))
    if then:
        sc.rig(**then)
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, prefer)
    return g


@pytest.mark.parametrize("card", LEGIONS + HORDES)
def test_destroyed_gives_its_vp_and_leaves_the_game(card):
    g = destroy(card, then={"white": ["S", "S", "S"]})  # any Skeletons it leaves fall too
    st = g.state
    assert card not in st.legions and card not in st.hordes
    assert not st.hexes["H07"].legions and not st.hexes["H07"].hordes
    gained = [e for e in events(g, "VPChanged") if e.faction == "duerkhar" and "destroyed" in e.reason
              and e.reason.startswith(CAT.nemesis(card).name)]
    assert [e.amount for e in gained] == [DESTROYED_VP[card]]
    assert [(e.card, e.by) for e in events(g, "NemesisDestroyed")] == [(card, "duerkhar")]
    if card != "banished":
        assert card not in st.horde_deck and card not in st.legion_deck


@pytest.mark.parametrize("card", ["spymaster", "mage_breaker"])
def test_destroyed_discards_the_market(card):
    def setup(sc):
        sc.decks(market=["flenser", "war_drum", "fen_longbow"], item_deck=["salt_ledger", "druid_charm", "oath_ring"])
    g = destroy(card, setup=setup)
    assert g.state.market == ["salt_ledger", "druid_charm", "oath_ring"]
    assert g.state.item_discard == ["flenser", "war_drum", "fen_longbow"]


def test_imperial_guard_destroyed_takes_one_unit_with_it():
    # "They die hard and take someone with them": 1 non-Imperial Unit here, the players choose which
    g = destroy("imperial_guard", setup=lambda sc: sc.at("H07", units={"spearsingers": 2, "oathsworn": 1}),
                shooters=2, prefer={"destroy_choice": "unit:oathsworn"})
    st = g.state
    assert st.player("duerkhar").vp == 5
    assert st.hexes["H07"].units == {"spearsingers": 2}
    assert st.graveyard_empire == {"duerkhar": {"oathsworn": 1}}


def test_imperial_guard_destroyed_by_a_horde_takes_one_threat():
    sc = scenario().at("H07", tile=ICE, legions=[("imperial_guard", 1)], hordes=[("bloodwyrm", 5)])
    sc.target("imperial_guard", HOME, "duerkhar")
    rig_round(sc, [("red", "S"), ("red", "")], [("white", "")])  # Archery: Bloodwyrm red, red | Guard white
    g = sc.game(script=fight("H07", attacker="chaos"))
    play_out(g)
    assert "imperial_guard" not in g.state.legions
    assert g.state.vp_chaos == 5
    assert g.state.hordes["bloodwyrm"].threat == 4


def test_imperial_guards_last_strike_can_destroy_the_horde_that_killed_it():
    sc = scenario().at("H07", tile=ICE, legions=[("imperial_guard", 1)], hordes=[("bloodwyrm", 1)])
    sc.target("imperial_guard", HOME, "duerkhar")
    rig_round(sc, [("red", "S")], [("white", "")])  # Archery: Bloodwyrm red | Guard white
    g = sc.game(script=fight("H07", attacker="chaos"))
    play_out(g)
    st = g.state
    assert not st.legions and not st.hordes
    assert [(e.card, e.by) for e in events(g, "NemesisDestroyed")] == [("imperial_guard", "chaos"), ("bloodwyrm", "empire")]
    assert (st.vp_chaos, st.vp_empire) == (5, 4)


def test_new_emperor_destroyed_places_two_garrisons_on_empty_hexes():
    g = destroy("new_emperor", prefer={"place_garrison": ["hex:H01", "hex:H02"]})
    st = g.state
    assert st.hexes["H01"].garrisons == [1] and st.hexes["H02"].garrisons == [1]
    assert sum(len(h.garrisons) for h in st.hexes.values()) == 2


def test_counter_of_omens_destroyed_leaves_two_skeletons_to_fight():
    g = destroy("counter_of_omens", then={"white": ["S", "S", ""]})
    st = g.state
    assert [e.hex for e in events(g, "SkeletonPlaced")] == ["H07", "H07"]
    assert len(events(g, "CombatStarted")) == 2  # the Skeletons are a new combat
    assert st.hexes["H07"].skeletons == 0
    assert st.player("duerkhar").vp == 2 + 2


def test_siren_destroyed_each_ally_gains_one_vp():
    g = destroy("siren")
    assert g.state.player("duerkhar").vp == 1
    assert g.state.player("druwhn").vp == 1


def test_banished_comes_back_once_to_the_bottom_of_the_deck():
    g = destroy("banished", setup=lambda sc: sc.decks(horde_deck=["siren"]))
    st = g.state
    assert st.horde_deck == ["siren", "banished"] and st.returned_once == ["banished"]
    g = destroy("banished", setup=lambda sc: sc.decks(horde_deck=["siren"]).state(
        lambda s: s.returned_once.append("banished")))
    assert g.state.horde_deck == ["siren"]


def test_false_messiah_destroyed_gives_a_unit_here():
    g = destroy("false_messiah", prefer={"place_unit": "unit:koloth"})
    assert g.state.hexes["H07"].units == {"spearsingers": 3, "koloth": 1}
    assert g.state.player("duerkhar").reserve["koloth"] == 0


@pytest.mark.parametrize("card", ["butcher", "warlock", "assassin", "executioner", "lich_queen", "coven_of_yssat",
                                  "bloodwyrm", "oda_the_fallen"])
def test_destroyed_with_only_vp(card):
    g = destroy(card)
    st = g.state
    assert st.player("duerkhar").vp == DESTROYED_VP[card]
    assert st.player("druwhn").vp == 0
    assert (st.vp_empire, st.vp_chaos) == (0, 0)
    assert not events(g, "GarrisonPlaced") and not events(g, "SkeletonPlaced") and not events(g, "UnitPlaced")
    black = row(card, 1, "archery" if row(card, 1, "archery") else "clash").count("black")  # black dice never miss
    assert st.hexes["H07"].units == {"spearsingers": 3 - black}


def test_a_legion_destroying_a_horde_scores_its_vp():
    sc = scenario().at("H07", tile=ICE, legions=[("assassin", 7)], hordes=[("lich_queen", 1)])
    sc.target("assassin", HOME, "duerkhar")
    rig_round(sc, [("white", "S"), ("blue", "")], [("white", "")])
    g = sc.game(script=fight("H07", attacker="empire"))
    play_out(g)
    assert "lich_queen" not in g.state.hordes
    assert g.state.vp_empire == 1 and g.state.player("duerkhar").vp == 0


def test_a_nemesis_destroying_the_siren_or_messiah_gives_players_nothing():
    # "If a Legion destroys a Horde ... the winning faction gains the VP"
    for card, vp in (("siren", 1), ("false_messiah", 3)):
        sc = scenario(2).at("H07", tile=ICE, legions=[("assassin", 7)], hordes=[(card, 1)])
        sc.target("assassin", "H15", "duerkhar")
        arch = row(card, 1, "archery")
        rig_round(sc, [("white", "S"), ("blue", "")], blank(arch))
        g = sc.game(script=fight("H07", attacker="empire"))
        play_out(g)
        st = g.state
        assert card not in st.hordes and st.vp_empire == vp
        assert [p.vp for p in st.players] == [0, 0]
        assert not events(g, "UnitPlaced")


def test_a_moved_horde_does_not_cross_impassable_edges():
    """The Siren's move is not an activation, but it still cannot cross impassable terrain:
    the geometrically nearest empty hex behind an impassable edge is not 'closest'."""
    sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board()
    sc.at("H01", tile="rigga", rotation=0, hordes=[("siren", 3)])  # edges 0 (to H07) and 1 (to H08) blocked
    for hid in ("H02", "H06", "H13", "H08"):
        sc.at(hid, curse=True)
    sc.at("H00", garrisons=1)
    moved = {}

    def script(ctx):
        card = ctx.state.hordes["siren"]
        op = TypeAdapter(Effect).validate_python([{"op": "move_to_closest_empty"}])
        yield from run_effect(ctx, op, Source("chaos", card.hex, "siren", nem=card))
        moved["to"] = card.hex

    g = sc.game(script=script)
    offered = {o.split(":", 1)[1] for o in g.decision.ids()} if g.decision else {moved.get("to")}
    assert "H07" in offered and len(offered) > 1  # H07 is two steps away on foot, like the others
    play_out(g)
    assert moved["to"] in offered
