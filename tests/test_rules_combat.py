"""Combat rules, one test each: terrain, Defenses, Garrison/Skeleton/Legion/Horde dice,
Shields and Bolts, Godpowers, damage, Graveyards and VP, Empire vs Chaos, Haven removal,
the order of combats on a hex, and the timing windows of cards.

Dice are rigged per colour in roll order (the attacking side's dice first). Combats are
fought on H08 of the 1-faction map unless said otherwise."""
from uprising_tui.engine.combat_dice import Side, base_dice
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


# ================================================================== terrain
def test_woods_player_rerolls_up_to_2_archery_dice_once():
    sc = duel(WOODS, units={"spearsingers": 3}, garrisons=1)
    # Spearsingers white blank x3, Garrison white Shield; rerolls: Skull, Skull
    sc.rig(white=["", "", "", "H", "S", "S"])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    assert g.decision.kind == "reroll"
    drive(g, "die:0", "die:2")  # the limit of 2 ends the choice
    assert g.decision is None or g.decision.kind != "reroll"
    play_out(g)
    st = g.state
    assert st.hexes["H08"].garrisons == []  # 2 Skulls, 1 Shield: the level-1 Garrison falls
    assert st.player("duerkhar").vp == 1
    assert not rolls(g, "clash")


def test_woods_nemesis_rerolls_blanks_only():
    sc = duel(WOODS, units={"younglings": 2}, garrisons=2)
    # Garrison level 2: two white Archery dice, blank and Skull; the blank is rerolled to Skull-Shield.
    # Were the Skull rerolled too, it would come up blank.
    sc.rig(white=["", "S", "SH", ""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    st = g.state
    assert st.hexes["H08"].units == {}  # 2 Skulls in Archery destroy both Younglings
    assert not rolls(g, "clash")
    assert st.graveyard_empire == {"duerkhar": {"younglings": 2}}


def test_woods_rerolls_only_in_archery():
    sc = duel(WOODS, units={"younglings": 1}, skeletons=1)
    sc.rig(blue=["S"], red=[""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    taken = play_out(g)
    assert "reroll" not in kinds_asked(taken)
    assert g.state.hexes["H08"].skeletons == 0


def test_marsh_turns_red_dice_white_for_both_sides():
    sc = duel(MARSH, units={"oathsworn": 1}, skeletons=1)
    sc.rig(white=["S", ""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    r = rolls(g, "clash")[0]
    assert colours(r.dice_a) == ["white"] and colours(r.dice_b) == ["white"]
    assert g.state.hexes["H08"].skeletons == 0


def test_badlands_riders_add_their_dice_to_archery():
    sc = duel(BADLANDS, units={"koloth": 1}, garrisons=1)
    sc.rig(black=["S"], white=["H"])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    r = rolls(g, "archery")[0]
    assert colours(r.dice_a) == ["black"]


def test_riders_do_not_roll_archery_elsewhere():
    sc = duel(ICE, units={"koloth": 1}, garrisons=1)
    sc.rig(white=["H"], black=["S"], blue=["", ""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    r = rolls(g, "archery")[0]
    assert r.dice_a == () and colours(r.dice_b) == ["white"]


def test_highlands_each_side_rolls_one_archery_die_nemesis_by_preference():
    sc = duel(HIGHLANDS, faction="druwhn", units={"sons_of_the_bow": 1, "rangers": 1}, hordes=[("siren", 7)])
    sc.rig(purple=["S", ""], yellow=["S", "S"])
    g = sc.game(script=fight("H08", attacker="druwhn"))
    assert g.decision.kind == "highlands_die"
    assert set(ids(g)) == {"colour:yellow", "colour:purple"}
    drive(g, "colour:purple")
    r = rolls(g, "archery")[0]
    assert colours(r.dice_a) == ["purple"]
    assert colours(r.dice_b) == ["purple"]  # the Siren's purple and red: purple is preferred to red


def test_highlands_nemesis_preference_order():
    order = Scenario(["druwhn"]).cat.strength_order
    assert list(order) == ["black", "purple", "red", "blue", "yellow", "white"]
    sc = duel(HIGHLANDS, units={"spearsingers": 1}, legions=[("assassin", 7)])
    assert list(sc.cat.legions["assassin"].dice[7].archery) == ["white", "blue"]  # white listed first
    sc.target("assassin", "H00", None)
    sc.rig(white=[""], blue=[""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    assert colours(rolls(g, "archery")[0].dice_b) == ["blue"]


def test_ice_waste_has_no_effect():
    sc = duel(ICE, units={"spearsingers": 1, "oathsworn": 1}, garrisons=1)
    sc.rig(white=["", "H"], red=["S"], blue=["", ""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    taken = play_out(g)
    assert "reroll" not in kinds_asked(taken) and "highlands_die" not in kinds_asked(taken)
    assert colours(rolls(g, "archery")[0].dice_a) == ["white"]
    assert "red" in colours(rolls(g, "clash")[0].dice_a)


def test_curse_players_cannot_use_bolts():
    sc = duel(ICE, faction="druwhn", units={"rangers": 1}, garrisons=1, curse=True)
    sc.decks(druids=["stormcaller", "watcher", "root_mother", "mist_oracle"])
    # Archery: Rangers purple Skull-Bolt, Garrison white Shield. The Bolt can do nothing.
    sc.rig(purple=["SB"], white=["H"])
    sc.rig(purple=[""], blue=["", ""])
    g = sc.game(script=fight("H08", attacker="druwhn"))
    taken = play_out(g)
    assert "bolt" not in kinds_asked(taken)
    tally = [e for e in events(g, "CombatTally") if e.side == "Garrisons"][0]
    assert (tally.skulls, tally.blocked) == (0, 1)


def test_curse_terrain_replaces_the_hex_terrain():
    sc = duel(WOODS, units={"spearsingers": 1}, garrisons=1, curse=True)
    sc.rig(white=["", ""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    taken = play_out(g)
    assert events(g, "CombatStarted")[0].terrain == "curse"
    assert "reroll" not in kinds_asked(taken)  # no Woods on a Curse


def test_curse_chaos_still_uses_bolts_the_empire_cannot():
    sc = duel(ICE, hordes=[("bloodwyrm", 3)], legions=[("assassin", 3)], curse=True)
    sc.target("assassin", "H00", None)
    # Bloodwyrm (attacker) Clash: red Skull-Bolt, red, red; Assassin Clash blue, red Skull-Bolt, yellow, white
    sc.rig(red=["SB", "", "", "SB"], blue=[""], yellow=[""], white=[""])
    sc.rig(red=["S", "S", "S"], blue=[""], yellow=[""], white=[""])
    g = sc.game(script=fight("H08", attacker="chaos"))
    play_out(g)
    used = [e.card for e in events(g, "GodpowerUsed")]
    assert "bloodwyrm" in used and "assassin" not in used


# ================================================================== Towers and Walls
def test_tower_adds_a_white_die_in_both_rounds_and_wall_a_blue_die_in_clash():
    sc = duel(ICE, units={"younglings": 1}, haven="duerkhar", tower=True, wall=True, skeletons=1)
    sc.rig(white=["", "S"], blue=["S", "S"], red=[""])
    g = sc.game(script=fight("H08", attacker="chaos"))
    play_out(g)
    assert colours(rolls(g, "archery")[0].dice_b) == ["white"]
    assert colours(rolls(g, "clash")[0].dice_b) == ["blue", "blue", "white"]


def test_towers_and_walls_roll_nothing_without_units():
    sc = duel(ICE, haven="duerkhar", tower=True, wall=True)
    g = sc.game(script=lambda ctx: iter(()))
    side = Side("player", "duerkhar")
    assert base_dice(g.ctx, "H08", side, "archery", "ice_waste") == []
    assert base_dice(g.ctx, "H08", side, "clash", "ice_waste") == []


def test_towers_and_walls_take_no_damage():
    sc = duel(ICE, units={"younglings": 1}, haven="duerkhar", tower=True, wall=True, skeletons=2)
    sc.rig(white=["", ""], blue=["", ""], red=["SS", "SS"])
    g = sc.game(script=fight("H08", attacker="chaos"))
    play_out(g)
    h = g.state.hexes["H08"]
    # 4 Skulls, 1 Unit: the Youngling falls; the Haven and its Defenses go with it after combat
    assert h.units == {} and h.haven is None and not h.tower and not h.wall
    assert g.state.graveyard_chaos == {"duerkhar": {"younglings": 1}}


# ================================================================== Garrison, Skeleton, Legion, Horde dice
def test_garrison_dice_by_level():
    sc = duel(ICE)
    g = sc.game(script=lambda ctx: iter(()))
    side = Side("garrisons", "empire")
    want = {1: (["white"], ["blue", "blue"]),
            2: (["white", "white"], ["blue", "yellow", "yellow", "white"]),
            3: (["white", "white", "white"], ["blue", "blue", "yellow", "yellow", "white"])}
    for level, (archery, clash) in want.items():
        g.state.hexes["H08"].garrisons = list(range(1, level + 1))
        assert sorted(base_dice(g.ctx, "H08", side, "archery", "ice_waste")) == sorted(archery)
        assert sorted(base_dice(g.ctx, "H08", side, "clash", "ice_waste")) == sorted(clash)


def test_garrison_levels_each_take_one_skull_and_give_1_vp():
    sc = duel(ICE, units={"oathsworn": 3}, garrisons=3)
    # Archery: Garrison 3 white blanks. Clash: Oathsworn 3x red Skull; Garrison all blank.
    sc.rig(white=["", "", "", ""], red=["S", "S", "S"], blue=["", ""], yellow=["", ""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    st = g.state
    assert st.hexes["H08"].garrisons == []
    assert st.player("duerkhar").vp == 3  # a level 3 Garrison is worth 3 VP
    assert st.garrison_reserve == [10, 10, 10]  # back to the reserve


def test_skeletons_roll_one_red_die_each_in_clash_only():
    sc = duel(ICE, units={"spearsingers": 3}, skeletons=2)
    sc.rig(white=["", "", "", "S", "S", ""], red=["", ""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    assert rolls(g, "archery")[0].dice_b == ()
    assert colours(rolls(g, "clash")[0].dice_b) == ["red", "red"]
    assert g.state.player("duerkhar").vp == 2


def test_skeleton_bolt_places_a_skeleton_after_damage():
    sc = duel(ICE, units={"younglings": 2}, skeletons=2)
    # Round 1: Younglings Skull, Skull (both Skeletons fall); Skeletons Skull-Bolt, blank.
    # The Bolt raises a Skeleton after damage, so the combat goes on.
    sc.rig(blue=["S", "S"], red=["SB", ""])
    sc.rig(blue=["S"], red=[""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    st = g.state
    assert len(rolls(g, "clash")) == 2
    assert st.hexes["H08"].skeletons == 0 and st.hexes["H08"].units == {"younglings": 1}
    assert st.player("duerkhar").vp == 3
    assert not st.hordes


def test_skeleton_bolts_can_form_a_horde_after_damage():
    sc = duel(ICE, units={"younglings": 3}, skeletons=2)
    sc.decks(horde_deck=["bloodwyrm"])
    sc.state(lambda st: setattr(st, "event_threat", 1))
    # Round 1: Younglings all blank; Skeletons Skull-Bolt, blank: a Youngling falls, then the
    # Bolt raises a third Skeleton and the three become a Horde (Threat 1), fought next:
    # Archery red blank; Clash Younglings Skull, blank vs red blank.
    sc.rig(blue=["", "", "", "S", ""], red=["SB", "", "", ""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    st = g.state
    assert any(e.event_type == "HordeFormed" for e in g.log)
    assert [e.side_b for e in events(g, "CombatStarted")] == ["Skeletons", "The Bloodwyrm"]
    assert "bloodwyrm" not in st.hordes  # the Younglings destroyed it
    assert st.hexes["H08"].units == {"younglings": 2}
    assert st.player("duerkhar").vp == sc.cat.hordes["bloodwyrm"].destroyed_vp  # no VP for the joined Skeletons


def test_legion_and_horde_dice_follow_current_threat():
    sc = duel(ICE, units={"younglings": 3}, hordes=[("bloodwyrm", 4)])
    spec = sc.cat.hordes["bloodwyrm"]
    # Archery: 2 red blanks. Clash 1: Younglings S, S, blank; Bloodwyrm 4 red blanks (Threat 4 -> 2).
    sc.rig(red=["", "", "", "", "", ""], blue=["S", "S", ""])
    sc.rig(blue=["S", "S", ""], red=["", ""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    clash = rolls(g, "clash")
    assert colours(rolls(g, "archery")[0].dice_b) == sorted(spec.dice[4].archery)
    assert colours(clash[0].dice_b) == sorted(spec.dice[4].clash)
    assert colours(clash[1].dice_b) == sorted(spec.dice[2].clash)
    assert [(e.old, e.new) for e in events(g, "ThreatChanged")] == [(4, 2), (2, 0)]


# ================================================================== Shields and Bolts
def test_each_shield_cancels_one_skull():
    sc = duel(ICE, units={"younglings": 3}, skeletons=2)
    sc.rig(blue=["H", "H", ""], red=["SS", "S"])
    sc.rig(blue=["S", "S"], red=["", ""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    first = [e for e in events(g, "CombatTally") if e.side == "Duerkhar"][0]
    assert (first.skulls, first.blocked) == (1, 2)
    assert g.state.hexes["H08"].units == {"younglings": 2}


def _bolt_vs_garrison(level, white):
    sc = duel(ICE, faction="druwhn", units={"rangers": 1}, garrisons=level)
    sc.decks(druids=["stormcaller", "root_mother", "mist_oracle", "harvest_singer"])
    sc.rig(purple=["SB"], white=white)
    return sc.game(script=fight("H08", attacker="druwhn"))


def test_a_player_bolt_may_cancel_an_enemy_shield():
    g = _bolt_vs_garrison(1, ["H"])
    assert g.decision.kind == "bolt" and "bolt:shield" in ids(g)
    drive(g, "bolt:shield")
    assert g.state.hexes["H08"].garrisons == []  # the Skull got through
    g2 = _bolt_vs_garrison(1, ["H"])
    drive(g2, "bolt:none")
    assert [e for e in events(g2, "CombatTally") if e.side == "Garrisons"][0].blocked == 1


def test_a_player_bolt_may_fire_a_druid_godpower_but_not_also_cancel_a_shield():
    g = _bolt_vs_garrison(2, ["H", ""])
    assert "bolt:druid:stormcaller" in ids(g)
    drive(g, "bolt:druid:stormcaller")  # +1 Skull: 2 Skulls, 1 Shield
    assert [e.card for e in events(g, "GodpowerUsed")] == ["stormcaller"]
    tally = [e for e in events(g, "CombatTally") if e.side == "Garrisons"][0]
    assert (tally.skulls, tally.blocked) == (1, 1)
    assert g.state.hexes["H08"].garrisons == [1]


def test_druid_godpower_limits_once_per_round():
    sc = duel(ICE, faction="druwhn", units={"rangers": 1}, garrisons=1)
    sc.decks(druids=["root_mother", "stormcaller", "mist_oracle", "harvest_singer"])
    sc.rig(purple=["BB"], white=["H"])
    g = sc.game(script=fight("H08", attacker="druwhn"))
    drive(g, "bolt:druid:root_mother")
    assert g.decision.kind == "bolt"
    assert "bolt:druid:root_mother" not in ids(g) and "bolt:druid:stormcaller" in ids(g)


def test_nemesis_always_fires_its_godpower_and_limited_extra_bolts_cancel_shields():
    # The Assassin (Threat 7, Godpower +2 Skulls once per round) rolls Bolt-Bolt in Clash:
    # the first Bolt fires the Godpower, the second cancels one of the Younglings' 2 Shields.
    sc = duel(ICE, units={"younglings": 5}, legions=[("assassin", 7)])
    sc.target("assassin", "H00", None)
    sc.rig(white=[""], blue=[""])  # Archery: the Assassin's white and blue
    sc.rig(blue=["H", "H", "", "", ""], black=["S"], purple=["BB"], red=["", ""])
    sc.rig(blue=[""])  # the Assassin's Clash blue
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    clash1 = between(g, "CombatRolled", 1)
    assert [e.card for e in clash1 if e.event_type == "GodpowerUsed"] == ["assassin"]
    tally = [e for e in clash1 if e.event_type == "CombatTally" and e.side == "Duerkhar"][0]
    assert (tally.skulls, tally.blocked) == (2, 1)  # 1 + 2 Skulls; 2 Shields, 1 cancelled


def test_nemesis_never_uses_druid_godpowers():
    sc = duel(ICE, units={"younglings": 1}, legions=[("assassin", 3)])
    sc.target("assassin", "H00", None)
    sc.decks(druids=["stormcaller", "root_mother", "mist_oracle", "harvest_singer"])
    sc.rig(white=["", "", ""], red=["SB"], blue=[""], yellow=[""])
    sc.rig(blue=["S", "S", "S"])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    assert {e.card for e in events(g, "GodpowerUsed")} <= {"assassin"}


def test_an_ignored_enemy_bolt_fires_no_godpower():
    # Trapper's Net: "ignore one enemy Bolt" (before damage): the Assassin's only Bolt does nothing.
    sc = duel(ICE, faction="mohyar", hero="ronja", units={"sellswords": 2}, legions=[("assassin", 3)])
    sc.target("assassin", "H00", None)
    sc.player("mohyar", hero_hex="H08", items=["trappers_net"], feats=[])
    sc.rig(white=["", ""])  # Archery
    sc.rig(blue=["", "", ""], red=["SB"], yellow=[""], white=[""])
    g = sc.game(script=fight("H08", attacker="mohyar"))
    play_out(g, lambda d: "card:trappers_net" if "clash" in d.prompt and "card:trappers_net" in d.ids() else None)
    first_clash = between(g, "CombatRolled", 1)
    assert not [e for e in first_clash if e.event_type == "GodpowerUsed"]


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
    assert [e.reason for e in events(g, "VPChanged")] == ["Skeleton destroyed"] * len(events(g, "VPChanged"))


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
    # Clash: Garrison blue Skull, blue blank; Skeletons red Skull, blank
    sc.rig(blue=["S", ""], red=["S", ""])
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
    assert [e.side_b for e in started] == ["Garrisons", "The Assassin"]
    assert len({e.combat for e in started}) == 2


def test_skeletons_are_fought_before_a_horde():
    sc = duel(ICE, units={"oathsworn": 3}, skeletons=1, hordes=[("bloodwyrm", 1)])
    sc.rig(red=["S", "", "", ""])
    sc.rig(red=["", "S", "", "", ""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    assert [e.side_b for e in events(g, "CombatStarted")][:2] == ["Skeletons", "The Bloodwyrm"]


def test_several_legions_are_fought_lowest_initiative_first():
    sc = duel(ICE, units={"oathsworn": 3}, legions=[("new_emperor", 1), ("assassin", 1), ("warlock", 1)])
    for c in ("new_emperor", "assassin", "warlock"):
        sc.target(c, "H00", None)
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    fought = [e.side_b for e in events(g, "CombatStarted")]
    expected = ["The Warlock", "The Assassin", "The New Emperor"]  # initiatives 5, 10, 29
    assert fought == expected[: len(fought)]


def test_empire_and_chaos_meeting_on_a_hex_fight():
    sc = Scenario(["duerkhar"]).empty_board()
    sc.at("H02", legions=[("assassin", 5)])
    sc.target("assassin", "H08", None)
    sc.at("H08", skeletons=1)
    g = sc.game(script=activate("assassin"))
    play_out(g)
    started = events(g, "CombatStarted")
    assert started and started[0].hex == "H08" and started[0].side_a == "The Assassin"


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
    sc = _ronja(items=["flenser"], units={"sellswords": 1}, skeletons=2)
    sc.rig(blue=["", ""], red=["", "", ""])
    g = sc.game(script=fight("H08", attacker="mohyar"))
    drive(g, "card:flenser")
    # not again this round: the next offer comes after round 2 is rolled
    assert len(rolls(g, "clash")) == 2
    assert g.decision.kind == "combat_card" and "card:flenser" in ids(g)
    drive(g, "card:flenser")
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
    first = [e for e in events(g, "CombatTally") if e.side == "Duerkhar"][0]
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
    # a Bolt too and spends it on the Raven Wife Druid: his Bolt is ignored, no Godpower fires.
    sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board()
    sc.at("H07", tile=ICE, units={"koloth": 1, "younglings": 2}, legions=[("new_emperor", 2)])
    sc.target("new_emperor", "H14", "duerkhar")
    sc.decks(druids=["raven_wife", "watcher", "root_mother", "mist_oracle"])
    sc.rig(white=["", ""])                                    # Archery: his two white dice, blank
    sc.rig(purple=["SB"], yellow=["S"], white=[""])           # Clash 1: him first (attacker) ...
    sc.rig(black=["B"], blue=["H", "H"])                      # ... then the Duerkhar
    sc.rig(purple=[""], yellow=[""], white=[""], black=["SSS"], blue=["S", "S"])  # Clash 2
    g = sc.game(script=fight("H07", attacker="empire", mover="new_emperor"))
    play_out(g, {"bolt": "bolt:druid:raven_wife", "assign_damage": "unit:younglings"})
    used = [e.card for e in events(g, "GodpowerUsed")]
    assert used == ["raven_wife"]
    assert g.state.vp_empire == 0
    assert "new_emperor" not in g.state.legions
