"""Every Horde (content/nemesis.yaml): its immediate effect, its combat ability, its Godpower
(fired by a rigged Bolt, within its printed limit; extra Bolts cancel Shields) and what happens
when it is destroyed. Test names follow the card-test convention: test_<card_id>__<aspect>.

Rigged dice are dealt per colour in roll order, the attacking side's dice first.
"""
from __future__ import annotations

from uprising_tui.engine.ops.executor import Source, run_effect
from uprising_tui.engine.face.refs import SourceRef

from ..helpers import real_ids
from .nemesis_fixtures import (
    BADLANDS,
    CAPITAL,
    CAT,
    HOME,
    ICE,
    Scenario,
    blank,
    check_dice,
    destroy,
    destroyed_vp,
    dice_seen,
    enter,
    events,
    fight,
    godpowers,
    gp_scenario,
    in_round,
    place_card,
    play_out,
    player_tally,
    rig_round,
    rolled,
    row,
    scenario,
    threats,
    younglings,
)


# ============================================================================ shared checks
def no_immediate(card: str) -> None:
    g = enter(card, 4)
    st = g.state
    assert st.hordes[card].threat == 4 and st.hordes[card].hex == "H07"
    h = st.hexes["H07"]
    assert (h.curse, h.skeletons, h.garrisons, st.vp_chaos, st.vp_empire) == (False, 0, [], 0, 0)


def rolls_its_rows(card: str, threat: int = 6) -> None:
    for tile in (ICE, BADLANDS):
        arch, clash = dice_seen(card, threat, tile)
        assert arch == row(card, threat, "archery")
        assert clash is None or clash == row(card, threat, "clash")


def only_vp(card: str, vp: int) -> None:
    g = destroy(card)
    st = g.state
    assert card not in st.hordes and card not in st.horde_deck and not st.hexes["H07"].hordes
    assert [(e.card, e.by) for e in events(g, "NemesisDestroyed")] == [(card, "duerkhar")]
    assert (st.player("duerkhar").vp, st.player("druwhn").vp, st.vp_empire, st.vp_chaos) == (vp, 0, 0, 0)
    assert destroyed_vp(g, card) == ([vp] if vp else [])  # reason code, the card as source
    assert not events(g, "SkeletonPlaced") and not events(g, "UnitPlaced") and not events(g, "CursePlaced")


def by_the_empire(card: str):
    """The Assassin destroys `card` (Threat 1) in the Archery round."""
    sc = scenario(2).at("H07", tile=ICE, legions=[("assassin", 7)], hordes=[(card, 1)])
    sc.target("assassin", "H15", "duerkhar")
    rig_round(sc, [("white", "S"), ("blue", "")], blank(row(card, 1, "archery")))
    g = sc.game(script=fight("H07", attacker="empire"))
    play_out(g)
    assert card not in g.state.hordes
    return g


# ============================================================================ the Lich Queen
def test_lich_queen__immediate_curses_her_hex():
    g = enter("lich_queen")
    assert g.state.hexes["H07"].curse and g.state.curse_reserve == 8
    g = enter("lich_queen", sc=scenario().at("H07", curse=True))  # already Cursed: Chaos gains 1 VP instead
    assert g.state.vp_chaos == 1 and g.state.curse_reserve == 8


def test_lich_queen__rolls_her_rows():
    rolls_its_rows("lich_queen")


def test_lich_queen__godpower_every_other_horde_gains_threat_once_per_round():
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


def test_lich_queen__destroyed_one_vp():
    only_vp("lich_queen", 1)


def test_lich_queen__destroyed_by_a_legion_the_empire_scores():
    g = by_the_empire("lich_queen")
    assert g.state.vp_empire == 1 and [p.vp for p in g.state.players] == [0, 0]


# ============================================================================ the Coven of Yssat
def test_coven_of_yssat__no_immediate_effect():
    no_immediate("coven_of_yssat")


def test_coven_of_yssat__rolls_her_rows():
    rolls_its_rows("coven_of_yssat")


def test_coven_of_yssat__godpower_flip_every_card_once_per_combat():
    sc = gp_scenario("coven_of_yssat", 7, units=3).player("duerkhar", feats=["phalanx", "younglings"],
                                                          items=["salt_ledger"])
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


def test_coven_of_yssat__godpower_or_she_loses_two_threat():
    sc = gp_scenario("coven_of_yssat", 7, units=3).player("duerkhar", feats=["phalanx"])
    rig_round(sc, younglings("", "", ""), [("purple", "SB"), ("purple", ""), ("red", ""), ("blue", ""), ("blue", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"enemy_penalty": "threat"})
    assert threats(g)[0] == ("coven_of_yssat", 7, 5)
    assert g.state.player("duerkhar").feats[0].face_up


def test_coven_of_yssat__destroyed_four_vp():
    only_vp("coven_of_yssat", 4)


# ============================================================================ the Counter of Omens
def test_counter_of_omens__immediate_two_skeletons_on_his_hex():
    g = enter("counter_of_omens")
    assert g.state.hexes["H07"].skeletons == 2 and g.state.hordes["counter_of_omens"].hex == "H07"
    assert g.state.skeleton_reserve == 9


def test_counter_of_omens__rolls_his_rows():
    rolls_its_rows("counter_of_omens")


def test_counter_of_omens__godpower_two_skeletons_on_an_empty_hex_once_per_round():
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


def test_counter_of_omens__destroyed_leaves_two_skeletons_to_fight_two_vp():
    g = destroy("counter_of_omens", then={"white": ["S", "S", ""]})
    st = g.state
    assert [e.hex for e in events(g, "SkeletonPlaced")] == ["H07", "H07"]
    assert len(events(g, "CombatStarted")) == 2  # the Skeletons are a new combat
    assert st.hexes["H07"].skeletons == 0 and st.player("duerkhar").vp == 2 + 2


# ============================================================================ the Bloodwyrm
def test_bloodwyrm__no_immediate_effect():
    no_immediate("bloodwyrm")


def test_bloodwyrm__rolls_its_red_rows():
    rolls_its_rows("bloodwyrm")
    assert set(row("bloodwyrm", 3, "archery") + row("bloodwyrm", 3, "clash")) == {"red"}


def test_bloodwyrm__godpower_curses_the_hex_once_per_combat():
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


def test_bloodwyrm__destroyed_four_vp():
    only_vp("bloodwyrm", 4)


# ============================================================================ the Siren
def test_siren__no_immediate_effect():
    no_immediate("siren")


def test_siren__enemies_can_not_use_bolts():
    sc = place_card(scenario(), "siren", 4, units={"oathsworn": 1, "younglings": 2}).decks(druids=["watcher", "red_hand"])
    rig_round(sc, [], [("red", "")])  # Archery at Threat 4: one red
    rig_round(sc, [("blue", "H"), ("blue", ""), ("red", "SB")],
              [("purple", ""), ("yellow", "S"), ("white", ""), ("white", ""), ("white", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    taken = play_out(g)
    assert not [k for k, _ in taken if k == "bolt"] and not in_round(g, 2, "GodpowerUsed")
    # against another Horde the same Bolt is a choice
    sc = place_card(scenario(), "bloodwyrm", 1, units={"oathsworn": 1}).decks(druids=["watcher"])
    rig_round(sc, [], [("red", "")])
    rig_round(sc, [("red", "SB")], [("red", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    assert [k for k, _ in play_out(g) if k == "bolt"]
    rolls_its_rows("siren")


def test_siren__godpower_slips_away_once_per_combat():
    sc = gp_scenario("siren", 7, units=3)  # Clash at 7: purple, yellow, white x3
    nem1 = [("purple", "BB"), ("yellow", "S"), ("white", ""), ("white", ""), ("white", "")]
    rig_round(sc, younglings("H", "", ""), nem1)
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"nemesis_move": "hex:H08"})
    check_dice(g, 2, nem1)
    assert godpowers(g, 2, "siren") == 1 and player_tally(g, 2) == (1, 0)
    assert g.state.hordes["siren"].hex == "H08"
    assert len(rolled(g)) == 2 and g.state.hexes["H07"].units == {"younglings": 2}


def test_siren__godpower_move_does_not_cross_impassable_edges():
    """Not an activation, but it still cannot cross impassable terrain: the nearest empty hex
    behind an impassable edge is not 'closest'."""
    sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board()
    sc.at("H01", tile="rigga", rotation=0, hordes=[("siren", 3)])  # edges 0 (to H07) and 1 (to H08) blocked
    for hid in ("H02", "H06", "H13", "H08"):
        sc.at(hid, curse=True)
    sc.at(CAPITAL, garrisons=1)
    gp = CAT.hordes["siren"].godpower.effect

    def script(ctx):
        card = ctx.state.hordes["siren"]
        yield from run_effect(ctx, gp, Source("chaos", card.hex, "siren", nem=card))
    g = sc.game(script=script)
    offered = {o.split(":", 1)[1] for o in real_ids(g.decision)}
    assert "H07" in offered and len(offered) > 1  # H07 is two steps away on foot, like the others
    play_out(g, {"nemesis_move": "hex:H07"})
    assert g.state.hordes["siren"].hex == "H07"


def test_siren__destroyed_one_vp_and_one_for_each_ally():
    # the destroyer scores 1 VP and 1 more per ally (published; rulings.md 53): 2 with one ally
    g = destroy("siren")
    assert (g.state.player("duerkhar").vp, g.state.player("druwhn").vp) == (2, 0)
    g = destroy("siren", players=1)  # alone: no ally, the 1 VP only
    assert [p.vp for p in g.state.players] == [1]


def test_siren__destroyed_by_the_empire_gives_the_players_nothing():
    g = by_the_empire("siren")
    assert g.state.vp_empire == 1 and [p.vp for p in g.state.players] == [0, 0]


# ============================================================================ the Banished
def test_banished__immediate_threat_5_and_a_quest_failure():
    sc = scenario().decks(quest_offer=["rally_the_refugees", "beast_of_the_moors"])
    g = enter("banished", 2, sc, prefer={"quest_failure": "quest:beast_of_the_moors"})
    st = g.state
    assert st.hordes["banished"].threat == 5
    assert st.vp_chaos == 2  # Beast of the Moors' failure effect
    assert st.quest_offer == ["rally_the_refugees"]


def test_banished__rerolls_one_blank_per_revealed_druid():
    def game(druids):
        sc = place_card(scenario(), "banished", 2, units={"younglings": 3}).decks(druids=druids)
        rig_round(sc, [], [("blue", "")])  # Archery at Threat 2: one blue
        return sc
    # Threat 2 Clash: red, white, both blank; with 2 Druids both are rerolled into Skulls
    sc = game(["watcher", "red_hand"])
    sc.rig(blue=[""])  # her Archery blank rerolled: blank again
    rig_round(sc, younglings("", "", ""), [("red", ""), ("white", "")])
    sc.rig(red=["S"], white=["S"])  # the Clash rerolls
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    assert player_tally(g, 2) == (2, 0)
    rerolls = [(e.side, [i for i, *_ in e.dice], e.source) for e in events(g, "DiceRerolled")]
    because = SourceRef("ability", "banished", "reroll_blanks")
    assert rerolls[:2] == [("chaos", [0], because), ("chaos", [0, 1], because)]  # a typed event, not a Note
    # one Druid: only one blank is rerolled
    sc = game(["watcher"])
    sc.rig(blue=[""])
    rig_round(sc, younglings("", "", ""), [("red", ""), ("white", "")])
    sc.rig(red=["S"], white=["S"])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    assert player_tally(g, 2) == (1, 0)
    # no Druids revealed: no reroll
    sc = game([])
    rig_round(sc, younglings("", "", ""), [("red", ""), ("white", "")])
    sc.rig(red=["S"], white=["S"])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    assert player_tally(g, 2) == (0, 0)
    assert not events(g, "DiceRerolled")
    rolls_its_rows("banished", 5)


def test_banished__godpower_destroys_the_dearest_unit_once_per_round():
    sc = place_card(scenario(), "banished", 5, units={"younglings": 3, "oathsworn": 1})
    rig_round(sc, [], [("blue", ""), ("blue", "")])  # Archery at 5: blue, blue
    nem1 = [("purple", "BB"), ("red", "S"), ("white", ""), ("white", ""), ("white", "")]
    rig_round(sc, younglings("H", "", "") + [("red", "")], nem1)
    rig_round(sc, younglings("H", ""), [("purple", "SB"), ("red", ""), ("white", ""), ("white", ""), ("white", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    check_dice(g, 2, nem1)
    assert [e.unit for e in in_round(g, 2, "UnitDestroyed")] == ["oathsworn", "younglings"]
    assert godpowers(g, 2, "banished") == 1 and player_tally(g, 2) == (1, 0)
    assert godpowers(g, 3, "banished") == 1 and player_tally(g, 3) == (0, 1)
    assert [e.unit for e in in_round(g, 3, "UnitDestroyed")] == ["younglings"]
    assert all(e.to == "chaos" for e in events(g, "UnitDestroyed"))


def test_banished__godpower_against_the_empire_takes_two_threat():
    sc = scenario().at("H07", tile=ICE, legions=[("assassin", 5)], hordes=[("banished", 5)])
    sc.target("assassin", HOME, "duerkhar")
    rig_round(sc, [("blue", ""), ("blue", "")], [("blue", ""), ("white", "")])  # Archery: the Banished attack
    rig_round(sc, [("purple", "SB"), ("red", ""), ("white", ""), ("white", ""), ("white", "")],
              [("purple", ""), ("blue", ""), ("red", ""), ("yellow", ""), ("yellow", "")])
    g = sc.game(script=fight("H07", attacker="chaos"))
    play_out(g)
    assert threats(g)[:2] == [("assassin", 5, 3), ("assassin", 3, 2)]


def test_banished__destroyed_three_vp_and_back_once_to_the_bottom_of_the_deck():
    g = destroy("banished", setup=lambda sc: sc.decks(horde_deck=["siren"]))
    st = g.state
    assert st.horde_deck == ["siren", "banished"] and st.returned_once == ["banished"]
    assert st.player("duerkhar").vp == 3
    g = destroy("banished", setup=lambda sc: sc.decks(horde_deck=["siren"]).state(
        lambda s: s.returned_once.append("banished")))
    assert g.state.horde_deck == ["siren"]


# ============================================================================ the False Messiah
def test_false_messiah__no_immediate_effect():
    no_immediate("false_messiah")


def test_false_messiah__a_red_die_on_a_haven_or_with_imperial_units():
    assert dice_seen("false_messiah", 6, ICE)[1] == row("false_messiah", 6, "clash")
    arch, clash = dice_seen("false_messiah", 6, ICE, haven="duerkhar")
    assert clash == row("false_messiah", 6, "clash") + ["red"] and arch == row("false_messiah", 6, "archery") + ["red"]
    sc = scenario().at("H07", tile=ICE, garrisons=1, hordes=[("false_messiah", 6)])
    g = sc.game(script=fight("H07", attacker="chaos"))
    play_out(g)
    assert [c for c, _ in rolled(g)[0].dice_a] == row("false_messiah", 6, "archery") + ["red"]


def test_false_messiah__godpower_removes_any_haven_once_per_combat():
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


def test_false_messiah__destroyed_three_vp_and_a_unit_here():
    g = destroy("false_messiah", prefer={"place_unit": "unit:koloth"})
    st = g.state
    assert st.hexes["H07"].units == {"spearsingers": 3, "koloth": 1} and st.player("duerkhar").reserve["koloth"] == 0
    assert st.player("duerkhar").vp == 3


def test_false_messiah__destroyed_by_the_empire_gives_the_players_nothing():
    g = by_the_empire("false_messiah")
    assert g.state.vp_empire == 3 and not events(g, "UnitPlaced")


# ============================================================================ Oda the Fallen
def test_oda_the_fallen__immediate_threat_for_him_and_every_other_card():
    sc = scenario().at("W01", hordes=[("siren", 3)]).at(CAPITAL, legions=[("warlock", 7)])
    g = enter("oda_the_fallen", 4, sc)
    st = g.state
    assert (st.hordes["oda_the_fallen"].threat, st.hordes["siren"].threat, st.legions["warlock"].threat) == (6, 4, 7)
    assert st.vp_empire == 1  # the Warlock's Threat above its maximum: 1 VP


def test_oda_the_fallen__skips_the_archery_round():
    sc = place_card(scenario(), "oda_the_fallen", 2, units={"spearsingers": 3})
    rig_round(sc, [("white", "S"), ("white", "S"), ("white", "")], [("black", "S"), ("yellow", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    assert [e.part for e in rolled(g)] == ["clash"] and "oda_the_fallen" not in g.state.hordes


def test_oda_the_fallen__godpower_two_skulls_on_every_bolt():
    sc = place_card(scenario(), "oda_the_fallen", 3, units={"younglings": 5})  # Clash at 3: black, red, yellow
    nem1 = [("black", "B"), ("red", "SB"), ("yellow", "")]
    rig_round(sc, younglings("H", "", "", "", ""), nem1)
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    check_dice(g, 1, nem1)
    assert godpowers(g, 1, "oda_the_fallen") == 2 and player_tally(g, 1) == (4, 1)  # no Bolt left for the Shield
    assert len(in_round(g, 1, "UnitDestroyed")) == 4


def test_oda_the_fallen__destroyed_five_vp():
    only_vp("oda_the_fallen", 5)
