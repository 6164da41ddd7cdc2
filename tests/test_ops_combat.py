"""Per-op tests: ops inside real combats and Quest rolls (see test_ops.py)."""
from __future__ import annotations

from uprising_tui.engine.face.refs import SourceRef

from uprising_tui.engine.scenario import fight

from .helpers import events, play_out, real_ids
from .ops_helpers import HOME, combat_sc, make_cat, rolls, tallies


# ---------------------------------------------------------------------------- combat ops (in real combats)
def test_add_dice_before_rolling_via_a_card_window():
    # Abad Warpaint: Clash, before rolling, discard to add a red die. 2 Younglings vs 2 Skeletons.
    sc = combat_sc(items=["abad_warpaint"], skeletons=2)
    sc.rig(blue=["", ""], red=["S", "", ""])  # round 1: the Warpaint's red die hits, the Skeletons miss
    sc.rig(blue=["S", "S"], red=[""])  # round 2 (no Warpaint left)
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    taken = play_out(g, {"combat_card": "card:abad_warpaint"})
    first = rolls(g)[0]
    assert first.part == "clash"
    assert first.dice_a == (("blue", ()), ("blue", ()), ("red", ("skull",)))
    assert [c for c in rolls(g)[1].dice_a] == [("blue", ("skull",)), ("blue", ("skull",))]
    assert taken.count(("combat_card", "card:abad_warpaint")) == 1
    p = g.state.player("duerkhar")
    assert p.items == [] and g.state.item_discard == ["abad_warpaint"]
    assert g.state.hexes["H07"].skeletons == 0 and p.vp == 2


def test_add_dice_after_damage_hits_at_once():
    # Hammerfall: Clash, after damage - roll a black die; its Skulls hit at once (no new round)
    sc = combat_sc(feats=["baranth_hammerfall"], units={"younglings": 1}, skeletons=2)
    sc.rig(blue=["S"], red=["", ""], black=["S"])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:baranth_hammerfall"})
    assert len(rolls(g)) == 1
    assert g.state.hexes["H07"].skeletons == 0
    assert g.state.player("duerkhar").vp == 2
    added = events(g, "DiceAdded")
    assert [(e.side, e.dice, e.when) for e in added] == [("duerkhar", (("black", ("skull",)),), "after_damage")]
    assert added[0].source == SourceRef("feat", "baranth_hammerfall")


def test_add_dice_before_combat_joins_the_first_roll():
    cat = make_cat(t_ambush=({"when": "combat", "parts": ["before_combat"], "cost": "flip"},
                             [{"op": "add_dice", "colour": "white"}]))
    sc = combat_sc(feats=["t_ambush"], skeletons=2, cat=cat)
    sc.rig(white=["S"])  # Archery: only the ambush die rolls, and hits
    sc.rig(blue=["S", ""], red=["", ""])  # Clash
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:t_ambush"})
    arch = rolls(g, "archery")
    assert len(arch) == 1 and arch[0].dice_a == (("white", ("skull",)),) and arch[0].dice_b == ()
    assert rolls(g, "clash")[0].dice_a == (("blue", ("skull",)), ("blue", ()))  # not rolled again
    assert g.state.hexes["H07"].skeletons == 0


def test_add_dice_colour_of_choice():
    cat = make_cat(t_any_die=({"when": "combat", "parts": ["clash"], "step": "before_rolling", "cost": "flip"},
                              [{"op": "add_dice", "colour": "choice"}]))
    sc = combat_sc(feats=["t_any_die"], units={"younglings": 1}, skeletons=1, cat=cat)
    sc.rig(blue=[""], black=["SS"], red=[""])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:t_any_die", "die_colour": "colour:black"})
    assert rolls(g)[0].dice_a == (("blue", ()), ("black", ("skull", "skull")))
    assert g.state.hexes["H07"].skeletons == 0


def test_add_symbols_before_damage_adds_to_the_total():
    # Flenser: Clash, before damage, once per round - add 1 Skull. 1 Youngling vs 2 Skeletons.
    sc = combat_sc(items=["flenser"], units={"younglings": 1}, skeletons=2).player("duerkhar", might=2)
    sc.rig(blue=["S"], red=["", ""])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:flenser"})
    assert tallies(g, "chaos")[0] == (2, 0)
    assert len(rolls(g)) == 1 and g.state.hexes["H07"].skeletons == 0
    assert rolls(g)[0].dice_a == (("blue", ("skull",)),)  # symbols are not on dice


def test_add_symbols_shields_cancel_enemy_skulls():
    sc = combat_sc(feats=["baranth_rune_of_stone"], units={"younglings": 1}, skeletons=1)
    sc.rig(blue=["S"], red=["S"])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:baranth_rune_of_stone"})
    assert (0, 1) in tallies(g, "duerkhar")
    assert g.state.hexes["H07"].units == {"younglings": 1}


def test_add_symbols_after_damage_deal_their_skulls_at_once():
    cat = make_cat(t_late_skull=({"when": "combat", "parts": ["clash"], "step": "after_damage", "limit": "once_per_combat"},
                                 [{"op": "add_symbols", "skull": 1}]))
    sc = combat_sc(feats=["t_late_skull"], units={"younglings": 1}, skeletons=2, cat=cat)
    sc.rig(blue=["S"], red=["", ""])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:t_late_skull"})
    assert len(rolls(g)) == 1  # no second round was needed
    assert g.state.hexes["H07"].skeletons == 0
    assert g.state.player("duerkhar").vp == 2


def test_add_symbols_per_bolt():
    cat = make_cat(t_storm=({"when": "combat", "parts": ["clash"], "step": "before_damage", "limit": "once_per_round"},
                            [{"op": "add_symbols", "skull": 1, "per_bolt": True}]))
    sc = combat_sc(feats=["t_storm"], units={"oathsworn": 1}, skeletons=2, cat=cat)
    sc.rig(red=["SB", "", ""])  # the Oathsworn's red die first, then the Skeletons'
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:t_storm", "bolt": "bolt:none"})
    assert tallies(g, "chaos")[0] == (2, 0)  # 1 rolled Skull + 1 per Bolt
    assert g.state.hexes["H07"].skeletons == 0


def test_set_die_phalanx_once_per_combat():
    # 2 Younglings roll Skull, Skull; the Skeletons roll Skull, Skull. Phalanx turns one die to a Shield.
    sc = combat_sc(feats=["phalanx"], skeletons=2)
    sc.rig(blue=["S", "S"], red=["S", "S"])
    sc.rig(blue=["S"], red=[""])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    taken = play_out(g, {"combat_card": "card:phalanx", "set_die": "die:0"})
    assert taken.count(("combat_card", "card:phalanx")) == 1  # once per combat: not offered in round 2
    me = "duerkhar"
    assert tallies(g, "chaos")[0] == (1, 0)  # only one Skull left
    assert tallies(g, me)[0] == (1, 1)  # the single Shield blocks one of two Skulls
    st = g.state
    assert st.hexes["H07"].skeletons == 0 and st.hexes["H07"].units == {"younglings": 1}


def test_set_die_skull():
    # Bonebreakers: make one die show exactly one Skull
    sc = combat_sc(feats=["dugpa_bonebreakers"], units={"younglings": 1}, skeletons=1)
    sc.rig(blue=[""], red=[""])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:dugpa_bonebreakers"})
    assert tallies(g, "chaos")[0] == (1, 0)
    assert g.state.hexes["H07"].skeletons == 0


def test_reroll_one_die():
    # Lucky Knucklebone: reroll one of your dice (no Hero needed)
    sc = combat_sc(items=["lucky_knucklebone"], units={"younglings": 1}, skeletons=1, hero=False)
    sc.rig(blue=["", "S"], red=[""])  # the reroll takes the next blue face
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:lucky_knucklebone", "reroll": "die:0"})
    assert len(rolls(g)) == 1 and g.state.hexes["H07"].skeletons == 0
    rerolled = events(g, "DiceRerolled")
    assert [(e.side, e.dice) for e in rerolled] == [("duerkhar", ((0, "blue", (), ("skull",)),))]
    assert rerolled[0].source == SourceRef("item", "lucky_knucklebone")


def test_reroll_any_non_bolt_by_the_watcher_godpower():
    # Watcher (Druid): with a Bolt, reroll any of your dice not showing a Bolt
    sc = combat_sc(units={"younglings": 2, "oathsworn": 1}, skeletons=2, druids=["watcher"])
    sc.rig(blue=["", ""], red=["SB", "", ""], )
    sc.rig(blue=["S", "S"])  # the rerolls
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    seen = []

    def prefer(d):
        if d.kind == "bolt":
            return "bolt:druid:watcher"
        if d.kind == "reroll":
            seen.append(real_ids(d))
            return next((i for i in real_ids(d) if i != "done"), "done")
        return None
    play_out(g, prefer)
    # the red die shows a Bolt: it can not be rerolled; the two blue blanks are one option (ruling 62)
    assert seen[0] == ["die:0", "done"] and seen[1] == ["die:1", "done"]
    assert [e.card for e in events(g, "GodpowerUsed")] == ["watcher"]
    assert tallies(g, "chaos")[0] == (3, 0)
    assert g.state.hexes["H07"].skeletons == 0


def test_reroll_all_and_blank_only():
    cat = make_cat(t_all=({"when": "combat", "parts": ["clash"], "step": "before_damage", "limit": "once_per_combat"},
                          [{"op": "reroll", "count": "all"}]))
    sc = combat_sc(feats=["t_all"], skeletons=2, cat=cat)
    sc.rig(blue=["S", "H"], red=["", ""], )
    sc.rig(blue=["", "S"])  # every die is rerolled, without a choice
    sc.rig(blue=["S"], red=[""])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    taken = play_out(g, {"combat_card": "card:t_all"})
    assert not [k for k, _ in taken if k == "reroll"]
    assert tallies(g, "chaos")[0] == (1, 0)  # blank + Skull after the reroll
    # Pack Tactics: reroll any of your blank dice
    sc = combat_sc(feats=["khaal_pack_tactics"], units={"younglings": 2, "oathsworn": 1}, skeletons=2)
    sc.rig(blue=["", "H"], red=["", "", ""])
    sc.rig(blue=["S"], red=["S"])
    seen = []

    def prefer(d):
        if d.kind == "combat_card":
            return "card:khaal_pack_tactics" if "card:khaal_pack_tactics" in d.ids() else "done"
        if d.kind == "reroll":
            seen.append(real_ids(d))
            return next((i for i in real_ids(d) if i != "done"), "done")
        return None
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, prefer)
    assert seen[0] == ["die:0", "die:2", "done"]  # the Shield can not be rerolled
    assert tallies(g, "chaos")[0] == (2, 0)


def test_cancel_enemy_skull():
    # Hold the Line: Clash, before damage - ignore one enemy Skull
    sc = combat_sc(feats=["yanny_hold_the_line"], units={"younglings": 1}, skeletons=1)
    sc.rig(blue=["S"], red=["S"])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:yanny_hold_the_line"})
    assert tallies(g, "duerkhar")[0] == (0, 0)
    assert g.state.hexes["H07"].units == {"younglings": 1}
    assert g.state.graveyard_chaos == {}


def test_ignore_enemy_die_takes_every_skull_of_the_enemys_best_die():
    # Mountain Heart: a Bolt ignores the double-Skull red die of the two Skeletons; the single Skull hits
    sc = combat_sc(units={"oathsworn": 1, "younglings": 1}, skeletons=2, druids=["mountain_heart"])
    sc.rig(red=["SB", "S", "SS"], blue=["H"])  # Clash: the Oathsworn, then the Skeletons' two red dice
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"bolt": "bolt:druid:mountain_heart", "assign_damage": "unit:younglings"})
    cancelled = [(e.side, e.symbol, e.count) for e in events(g, "SymbolsCancelled")]
    assert cancelled[0] == ("chaos", "skull", 2)
    assert tallies(g, "duerkhar")[0] == (0, 1)  # 1 Skull left, blocked by the Younglings' Shield


def test_cancel_enemy_shield():
    # Shield Breaker (Ronja): ignore one enemy Shield - the Warlock rolls one
    sc = combat_sc(feats=["ronja_shield_breaker"], units={"younglings": 2}, legions=[("warlock", 2)])
    sc.target("warlock", HOME, "duerkhar")
    sc.rig(white=["", ""])  # Warlock's Archery (Threat 2: white, white)
    sc.rig(blue=["S", "S"], purple=[""], white=["H"])  # Clash: Warlock purple, blue, white
    sc.rig(blue=[""])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:ronja_shield_breaker"})
    assert tallies(g, "empire")[:2] == [(0, 0), (2, 0)]  # Archery: nothing; Clash: his Shield is ignored
    assert "warlock" not in g.state.legions


def test_cancel_enemy_bolt_stops_a_skeleton_bolt():
    # Trapper's Net: ignore one enemy Bolt. A Skeleton's Bolt would raise another Skeleton.
    sc = combat_sc(items=["trappers_net"], units={"younglings": 2}, skeletons=1)
    sc.rig(blue=["H", ""], red=["SB"])
    sc.rig(blue=["S", "S"], red=[""])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:trappers_net"})
    assert not events(g, "SkeletonPlaced")
    assert g.state.hexes["H07"].units == {"younglings": 2}
    assert g.state.hexes["H07"].skeletons == 0 and g.state.player("duerkhar").vp == 1


def test_cancel_enemy_bolt_stops_a_godpower():
    # Silence (Druid, fired by the player's Bolt): ignore one enemy Bolt - the New Emperor's only one
    sc = combat_sc(units={"oathsworn": 1}, legions=[("new_emperor", 2)], druids=["silence"])
    sc.target("new_emperor", HOME, "duerkhar")
    sc.rig(white=["", ""])  # Archery: the New Emperor at Threat 2 rolls white, white
    sc.rig(red=["SB"], purple=["SB"], yellow=[""], white=[""])  # Clash: each side rolls one Skull and one Bolt
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"bolt": "bolt:druid:silence"})
    assert [e.card for e in events(g, "GodpowerUsed")] == ["silence"]
    assert g.state.vp_empire == 0  # without the Silence his Godpower would give the Empire 2 VP
    assert g.state.legions["new_emperor"].threat == 1


def test_destroy_unit_from_a_players_card_hits_skeletons_and_threat():
    cat = make_cat(t_slay=({"when": "combat", "parts": ["clash"], "step": "before_damage", "limit": "once_per_combat"},
                           [{"op": "destroy_unit", "or_threat": 2}]))
    sc = combat_sc(feats=["t_slay"], units={"younglings": 1}, skeletons=2, cat=cat)
    sc.rig(blue=["S"], red=["", ""])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:t_slay"})
    assert g.state.hexes["H07"].skeletons == 0 and g.state.player("duerkhar").vp == 2
    sc = combat_sc(feats=["t_slay"], units={"younglings": 1}, cat=cat, hordes=[("siren", 3)])
    sc.rig(red=[""], blue=["", ""])  # Siren Archery at Threat 3: blue, blue
    sc.rig(blue=[""], purple=[""], white=["", ""])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:t_slay"})
    assert [(e.old, e.new) for e in events(g, "ThreatChanged")][0] == (3, 1)


def test_vp_in_combat():
    # Banner of the Free: Clash, after damage, once per combat - 1 VP
    sc = combat_sc(items=["banner_of_the_free"], units={"younglings": 1}, skeletons=1)
    sc.rig(blue=[""], red=[""])
    sc.rig(blue=["S"], red=[""])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    taken = play_out(g, {"combat_card": "card:banner_of_the_free"})
    assert taken.count(("combat_card", "card:banner_of_the_free")) == 1
    assert g.state.player("duerkhar").vp == 1 + 1  # the Banner + the Skeleton


def _spymaster_round(sc):
    sc.target("spymaster", HOME, "duerkhar")
    sc.rig(white=["", "", "", ""])  # Archery at Threat 7: four white dice
    # Clash: Younglings blue, blue; Spymaster purple, purple, blue, red, red - one Skull and one Bolt
    sc.rig(blue=["", "", ""], purple=["SB", ""], red=["", ""])
    sc.rig(blue=[""], purple=["S", ""], red=["", ""])  # round 2: the last Youngling falls, no Bolt


def test_enemy_penalty_discards_the_most_expensive_item():
    sc = combat_sc(items=["salt_ledger", "war_drum"], legions=[("spymaster", 7)])
    _spymaster_round(sc)
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    taken = play_out(g, {"enemy_penalty": "penalty"})
    assert ("enemy_penalty", "penalty") in taken
    assert [c.id for c in g.state.player("duerkhar").items] == ["salt_ledger"]
    assert g.state.item_discard == ["war_drum"]
    assert g.state.legions["spymaster"].threat == 7


def test_enemy_penalty_or_the_card_loses_threat():
    sc = combat_sc(items=["salt_ledger", "war_drum"], legions=[("spymaster", 7)])
    _spymaster_round(sc)
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"enemy_penalty": "threat"})
    assert len(g.state.player("duerkhar").items) == 2
    assert g.state.legions["spymaster"].threat == 5


def test_move_to_closest_empty_ends_the_combat():
    # The Siren's Godpower (after damage, once per combat): she slips away to the closest empty hex
    sc = combat_sc(hordes=[("siren", 7)])
    sc.rig(purple=[""], red=[""])  # Archery: purple, red
    sc.rig(blue=["H", ""], purple=["BB"], yellow=[""], white=["", "", ""])  # Clash
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    taken = play_out(g, {"nemesis_move": "hex:W18"})
    st = g.state
    assert st.hordes["siren"].hex == "W18" and st.hexes["W18"].hordes == ["siren"]
    assert [k for k, a in taken if k == "nemesis_move"]
    assert len(rolls(g, "clash")) == 1 and events(g, "CombatEnded")
    assert st.hexes["H07"].units == {"younglings": 2}


def test_threat_enemy_here_from_a_players_card():
    cat = make_cat(t_curse=({"when": "combat", "parts": ["clash"], "step": "before_damage", "limit": "once_per_combat"},
                            [{"op": "threat", "which": "enemy_here", "amount": -2}]))
    sc = combat_sc(feats=["t_curse"], units={"younglings": 1}, cat=cat, hordes=[("siren", 3)])
    sc.rig(blue=["", ""])  # Siren Archery at Threat 3: blue, blue
    sc.rig(blue=["S"], purple=[""], white=["", ""])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:t_curse"})
    assert [(e.old, e.new) for e in events(g, "ThreatChanged")][:2] == [(3, 1), (1, 0)]
    assert "siren" not in g.state.hordes
    assert g.state.player("duerkhar").vp == 1  # the Siren's 1 VP
