"""Combat rules: damage, Graveyards and VP, Haven removal, the order of combats, and cards in combat."""
from __future__ import annotations

from .combat_rule_fixtures import (
    ICE,
    Scenario,
    activate,
    colours,
    drive,
    duel,
    events,
    fight,
    ids,
    kinds_asked,
    play_out,
    rolls,
)


# ================================================================== damage, Graveyards, VP
def test_the_player_chooses_which_units_are_destroyed():
    sc = duel(ICE, units={"younglings": 2, "oathsworn": 1}, skeletons=1)
    sc.rig(blue=["", ""], red=["", "S"])
    sc.rig(blue=["S", "S"], red=[""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g, {"assign_damage": "unit:oathsworn"})
    assert g.state.hexes["H08"].units == {"younglings": 2}
    assert g.state.graveyard_chaos == {"duerkhar": {"oathsworn": 1}}


def test_units_destroyed_by_the_empire_go_to_the_imperial_graveyard():
    sc = duel(ICE, units={"younglings": 1}, garrisons=1)
    sc.rig(white=["S"], blue=["", "", ""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    assert g.state.graveyard_empire == {"duerkhar": {"younglings": 1}}
    assert g.state.player("duerkhar").reserve["younglings"] == 5 - 1


def test_skeletons_destroyed_by_players_give_1_vp_each_and_return_to_the_reserve():
    sc = duel(ICE, units={"younglings": 2}, skeletons=2)
    sc.rig(blue=["S", "S"], red=["", ""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    st = g.state
    assert st.player("duerkhar").vp == 2 and st.skeleton_reserve == 11
    assert [e.reason for e in events(g, "VPChanged")] == ["skeleton_destroyed"] * len(events(g, "VPChanged"))


def test_destroyed_legion_gives_its_vp_to_the_players():
    sc = duel(ICE, units={"younglings": 2}, legions=[("assassin", 1)])
    sc.target("assassin", "H00", None)
    sc.rig(white=[""], blue=["S", ""], red=[""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    st = g.state
    assert "assassin" not in st.legions and not st.hexes["H08"].legions
    assert st.player("duerkhar").vp == sc.cat.legions["assassin"].destroyed_vp


def test_empire_against_chaos_fills_the_graveyards_without_vp():
    sc = duel(ICE, garrisons=1, skeletons=2)
    # Archery: the Garrison's white die misses; Clash: Garrison blue Skull, blue blank; Skeletons red Skull, blank
    sc.rig(white=[""], blue=["S", ""], red=["S", ""])
    sc.rig(blue=["S", ""], red=[""])
    g = sc.game(script=fight("H08", attacker="empire"))
    play_out(g)
    st = g.state
    assert st.graveyard_chaos == {"empire": {"garrison:1": 1}}
    assert st.graveyard_empire == {"chaos": {"skeleton": 1}}
    assert st.vp_empire == 0 and st.vp_chaos == 0


def test_a_legion_that_destroys_a_horde_gains_its_vp_for_the_empire():
    sc = duel(ICE, hordes=[("bloodwyrm", 1)], legions=[("assassin", 7)])
    sc.target("assassin", "H00", None)
    sc.rig(white=["S"], blue=["H"], red=[""])
    g = sc.game(script=fight("H08", attacker="empire"))
    play_out(g)
    st = g.state
    assert "bloodwyrm" not in st.hordes
    assert st.vp_empire == sc.cat.hordes["bloodwyrm"].destroyed_vp


def test_haven_and_defenses_are_removed_when_only_enemies_remain_even_with_the_hero():
    sc = duel(ICE, units={"younglings": 1}, haven="duerkhar", tower=True, wall=True, hordes=[("bloodwyrm", 3)])
    sc.player("duerkhar", hero_hex="H08")
    sc.rig(red=["S", "", "", "", "", ""], white=["", ""], blue=["", ""])
    g = sc.game(script=fight("H08", attacker="chaos"))
    play_out(g)
    st = g.state
    h = st.hexes["H08"]
    assert h.haven is None and not h.tower and not h.wall
    assert st.player("duerkhar").hero_hex == "H08"  # a Hero is never destroyed
    assert st.player("duerkhar").havens_in_supply == 4  # back to the player board


def test_haven_stays_when_its_units_win():
    sc = duel(ICE, units={"younglings": 2}, haven="duerkhar", skeletons=1)
    sc.rig(red=[""], blue=["S", ""])
    g = sc.game(script=fight("H08", attacker="chaos"))
    play_out(g)
    assert g.state.hexes["H08"].haven == "duerkhar"


# ================================================================== order of combats
def test_garrisons_are_fought_before_a_legion_in_two_separate_combats():
    sc = duel(ICE, units={"oathsworn": 3}, garrisons=1, legions=[("assassin", 1)])
    sc.target("assassin", "H00", None)
    sc.rig(white=[""], red=["S", "", ""], blue=["", ""])  # vs the Garrison
    sc.rig(white=[""], red=["S", "", "", ""], blue=[""])  # vs the Assassin (Threat 1: white; blue, red)
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    started = events(g, "CombatStarted")
    assert [(e.kind_b, e.card_b) for e in started] == [("garrisons", None), ("legion", "assassin")]
    assert len({e.combat for e in started}) == 2


def test_skeletons_are_fought_before_a_horde():
    sc = duel(ICE, units={"oathsworn": 3}, skeletons=1, hordes=[("bloodwyrm", 1)])
    sc.rig(red=["S", "", "", ""])
    sc.rig(red=["", "S", "", "", ""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    assert [(e.kind_b, e.card_b) for e in events(g, "CombatStarted")][:2] == [("skeletons", None), ("horde", "bloodwyrm")]


def test_several_legions_are_fought_lowest_initiative_first():
    sc = duel(ICE, units={"oathsworn": 3}, legions=[("new_emperor", 1), ("assassin", 1), ("warlock", 1)])
    for c in ("new_emperor", "assassin", "warlock"):
        sc.target(c, "H00", None)
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    fought = [e.card_b for e in events(g, "CombatStarted")]
    expected = ["warlock", "assassin", "new_emperor"]  # initiatives 5, 10, 29
    assert fought == expected[: len(fought)]


def test_empire_and_chaos_meeting_on_a_hex_fight():
    sc = Scenario(["duerkhar"]).empty_board()
    sc.at("H02", legions=[("assassin", 5)])
    sc.target("assassin", "H08", None)
    sc.at("H08", skeletons=1)
    g = sc.game(script=activate("assassin"))
    play_out(g)
    started = events(g, "CombatStarted")
    assert started and started[0].hex == "H08" and started[0].card_a == "assassin"


# ================================================================== cards in combat
def _ronja(items=(), feats=(), hero="H08", **kw):
    sc = duel(ICE, faction="mohyar", hero="ronja", **kw)
    sc.player("mohyar", hero_hex=hero, items=list(items), feats=list(feats))
    return sc


def test_card_before_rolling_adds_a_die_to_the_roll():
    sc = _ronja(items=["abad_warpaint"], units={"sellswords": 1}, skeletons=1)
    sc.rig(blue=["S"], red=["S", ""])
    g = sc.game(script=fight("H08", attacker="mohyar"))
    assert g.decision.kind == "combat_card" and "card:abad_warpaint" in ids(g)
    drive(g, "card:abad_warpaint")
    play_out(g)
    assert colours(rolls(g, "clash")[0].dice_a) == ["blue", "red"]
    p = g.state.player("mohyar")
    assert not p.items and "abad_warpaint" in g.state.item_discard  # discard cost


def test_card_not_offered_outside_its_combat_part():
    # The Warpaint is a Clash card: the Archery round offers no card window for it
    sc = _ronja(items=["abad_warpaint"], units={"hunters": 1}, garrisons=1)
    sc.rig(white=["S", ""])
    g = sc.game(script=fight("H08", attacker="mohyar"))
    play_out(g)
    assert not any(e.event_type == "CardUsed" for e in g.log)  # combat ended in Archery


def test_card_before_damage_adds_symbols():
    sc = _ronja(items=["flenser"], units={"sellswords": 1}, skeletons=2)
    sc.rig(blue=["S"], red=["", ""])
    g = sc.game(script=fight("H08", attacker="mohyar"))
    drive(g, "card:flenser")
    play_out(g)
    assert g.state.hexes["H08"].skeletons == 0  # 1 Skull + the Flenser's Skull
    assert g.state.player("mohyar").vp == 2


def test_card_once_per_round_is_usable_again_next_round():
    sc = _ronja(items=["trappers_net"], units={"sellswords": 1}, skeletons=2)
    sc.rig(blue=["", "S", "S"], red=["", "", "", ""])
    g = sc.game(script=fight("H08", attacker="mohyar"))
    drive(g, "card:trappers_net")
    # not again this round: the next offer comes after round 2 is rolled
    assert len(rolls(g, "clash")) == 2
    assert g.decision.kind == "combat_card" and "card:trappers_net" in ids(g)
    drive(g, "card:trappers_net")
    play_out(g)
    assert g.state.hexes["H08"].skeletons == 0


def test_card_once_per_combat_resets_in_the_next_combat():
    sc = _ronja(items=["rune_of_warding"], units={"berserkers": 2}, skeletons=1, hordes=[("bloodwyrm", 1)])
    sc.state(lambda st: setattr(st.player("mohyar"), "magic", 1))
    sc.rig(red=["", "", ""])
    g = sc.game(script=fight("H08", attacker="mohyar"))
    play_out(g, lambda d: "card:rune_of_warding" if "card:rune_of_warding" in d.ids() else None)
    uses = [e for e in events(g, "CardUsed") if e.card == "rune_of_warding"]
    combats = events(g, "CombatStarted")
    assert len(combats) >= 2
    assert len(uses) == len(combats)  # once in each combat, however many rounds


def test_card_on_your_heros_hex_needs_the_hero_there():
    sc = _ronja(items=["flenser", "lucky_knucklebone"], hero="H14", units={"sellswords": 1}, skeletons=1)
    sc.rig(blue=["S"], red=[""])
    g = sc.game(script=fight("H08", attacker="mohyar"))
    assert g.decision.kind == "combat_card"
    assert "card:lucky_knucklebone" in ids(g) and "card:flenser" not in ids(g)


def test_card_with_flip_cost_is_face_down_after_use():
    sc = _ronja(items=["war_drum"], units={"sellswords": 1}, skeletons=1)
    sc.rig(blue=["S"], yellow=["", ""], red=[""])
    g = sc.game(script=fight("H08", attacker="mohyar"))
    drive(g, "card:war_drum")
    play_out(g)
    card = g.state.player("mohyar").items[0]
    assert card.id == "war_drum" and not card.face_up
    assert colours(rolls(g, "clash")[0].dice_a) == ["blue", "yellow", "yellow"]


def test_card_after_damage_extra_dice_hit_at_once():
    # Thunder Pot: Archery, after damage - roll 2 black dice, their Skulls hit at once.
    sc = _ronja(items=["thunder_pot"], units={"hunters": 1}, garrisons=2)
    sc.state(lambda st: setattr(st.player("mohyar"), "guile", 2))
    sc.rig(white=["", "", ""], black=["S", "S"])
    g = sc.game(script=fight("H08", attacker="mohyar"))
    drive(g, "card:thunder_pot")
    st = g.state
    assert st.hexes["H08"].garrisons == []  # both levels fell in the Archery round
    assert st.player("mohyar").vp == 2
    assert not rolls(g, "clash")


def test_cards_work_only_in_combats_with_your_units():
    sc = Scenario(["krowh", "mohyar"], heroes=["khaal", "ronja"]).empty_board()
    sc.at("H08", tile=ICE, units={"tribesmen": 2}, skeletons=1)
    sc.player("mohyar", hero_hex="H08", items=["lucky_knucklebone"], feats=[])
    sc.player("krowh", feats=[])
    g = sc.game(script=fight("H08", attacker="krowh"))
    taken = play_out(g)
    assert "combat_card" not in kinds_asked(taken)


def test_heros_add_no_dice():
    sc = _ronja(units={"sellswords": 1}, skeletons=1)
    sc.rig(blue=["S"], red=[""])
    g = sc.game(script=fight("H08", attacker="mohyar"))
    play_out(g)
    assert colours(rolls(g, "clash")[0].dice_a) == ["blue"]


def test_phalanx_turns_one_die_to_a_single_shield_once_per_combat():
    # "Archery & Clash - You may turn 1 of your dice to show 1 single Shield. Before Damage.
    # Once per Combat. On your Hero's Hex."
    sc = duel(ICE, hero="yanny", units={"younglings": 2}, skeletons=2)
    sc.player("duerkhar", hero_hex="H08", feats=["phalanx"])
    sc.rig(blue=["S", ""], red=["S", "S"])
    sc.rig(blue=["S", "S"], red=["S", ""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    drive(g, "card:phalanx", "die:1")  # the blank becomes a Shield
    play_out(g)
    first = [e for e in events(g, "CombatTally") if e.side == "duerkhar"][0]
    assert (first.skulls, first.blocked) == (1, 1)
    assert len([e for e in events(g, "CardUsed") if e.card == "phalanx"]) == 1


def test_after_combat_younglings_feat_swaps_a_youngling_for_an_oathsworn():
    # the end of the Full Combat Round Example: "she flips it face-down to exchange a Youngling
    # here with an Oathsworn from the reserve"
    sc = duel(ICE, hero="yanny", units={"younglings": 2}, skeletons=1)
    sc.player("duerkhar", feats=["younglings"])
    sc.rig(blue=["S", ""], red=[""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    assert g.decision.kind == "combat_card" and "after combat" in g.decision.prompt
    drive(g, "card:younglings")
    p = g.state.player("duerkhar")
    assert g.state.hexes["H08"].units == {"younglings": 1, "oathsworn": 1}
    assert p.reserve["oathsworn"] == 2 and not p.feats[0].face_up


def test_player_bolts_are_spent_before_the_nemesis_so_a_bolt_cancel_is_in_time():
    # The New Emperor attacks (he is the first side), rolls one Bolt; the Duerkhar Koloth rolls
    # a Bolt too and spends it on the Silence Druid: his Bolt is ignored, no Godpower fires.
    sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board()
    sc.at("H07", tile=ICE, units={"koloth": 1, "younglings": 2}, legions=[("new_emperor", 2)])
    sc.target("new_emperor", "H14", "duerkhar")
    sc.decks(druids=["silence", "watcher", "treemother", "mountain_heart"])
    sc.rig(white=["", ""])                                    # Archery: his two white dice, blank
    sc.rig(purple=["SB"], yellow=["S"], white=[""])           # Clash 1: him first (attacker) ...
    sc.rig(black=["B"], blue=["H", "H"])                      # ... then the Duerkhar
    sc.rig(purple=[""], yellow=[""], white=[""], black=["SSS"], blue=["S", "S"])  # Clash 2
    g = sc.game(script=fight("H07", attacker="empire", mover="new_emperor"))
    play_out(g, {"bolt": "bolt:druid:silence", "assign_damage": "unit:younglings"})
    used = [e.card for e in events(g, "GodpowerUsed")]
    assert used == ["silence"]
    assert g.state.vp_empire == 0
    assert "new_emperor" not in g.state.legions
