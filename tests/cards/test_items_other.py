"""Every Item used outside combat: Actions, Build, Refresh, Always, Quest and triggered Items,
each asserted on exactly what it changes. Test names: test_<item_id>__<aspect>.

Yanny stands on her home hex (H14, Highlands) unless a test moves her; H07 is next to it,
H05 is not. Quest rolls are rigged per colour in the order the pool is built: Might (red),
Magic (purple), Leadership (blue), Guile (white/yellow), then bonus dice and cards.
"""
from __future__ import annotations

from .item_fixtures import (
    HOME,
    ICE,
    NONE,
    duel,
    events,
    go,
    held,
    in_round,
    play_out,
    quest_roll,
    resolved,
    rig_round,
    run_phase,
    use_now,
    yanny,
)


# ============================================================================ Quest Items
def quester(item: str, qid: str, **attrs):
    kw = dict(NONE)
    kw.update(attrs)
    return yanny(items=[item], **kw).decks(quest_offer=[qid])


def test_xyxrit_leaves__a_die_of_any_colour_for_the_quest_then_discarded():
    sc = quester("xyxrit_leaves", "cleanse_the_barrow").rig(black=["SSS"])
    g = quest_roll(sc, "cleanse_the_barrow", {"quest_card": "card:xyxrit_leaves", "die_colour": "colour:black"})
    assert resolved(g) == [("cleanse_the_barrow", "solves", 1)]  # 3 Skulls from the black die
    assert g.state.player("duerkhar").vp == 1 and held(g, "xyxrit_leaves") is None
    assert [c for c, _ in events(g, "HeroRolled")[0].dice] == ["black"]


def test_druid_charm__two_purple_dice_for_the_quest_then_discarded():
    sc = quester("druid_charm", "lost_caravan", magic=1).rig(purple=["", "", "SB"])  # Magic's die, then the charm's two
    g = quest_roll(sc, "lost_caravan", {"quest_card": "card:druid_charm"})
    p = g.state.player("duerkhar")
    assert [c for c, _ in events(g, "HeroRolled")[0].dice] == ["purple", "purple", "purple"]
    assert resolved(g) == [("lost_caravan", "solves", 1)]  # the Bolt goal: 2 Food, and 1 Salt for solving
    assert (p.salt, p.plunder, p.food) == (6, 5, 7) and held(g, "druid_charm") is None


def test_seers_bones__reroll_every_die_without_a_bolt_then_discarded():
    # red blank and purple Bolt-Bolt: the blank is rerolled into a double Skull, the Bolts are kept
    sc = quester("seers_bones", "lost_caravan", might=1, magic=1).rig(red=["", "SS"], purple=["BB"])
    offered = []

    def policy(d):
        if d.kind == "reroll":
            offered.append(sorted(x for x in d.ids() if x.startswith("die:")))
            return "die:0" if "die:0" in d.ids() else "done"
        return {"quest_card": "card:seers_bones"}.get(d.kind)
    g = quest_roll(sc, "lost_caravan", policy)
    p = g.state.player("duerkhar")
    assert offered[0] == ["die:0"]  # the purple die shows a Bolt: not offered
    assert resolved(g) == [("lost_caravan", "solves", 2)]  # 2 Skulls and the Bolt: 2 Plunder, 2 Food, 1 Salt
    assert (p.salt, p.plunder, p.food) == (6, 7, 7) and held(g, "seers_bones") is None


def test_hawk_feather__a_yellow_die_for_the_quest_then_flipped():
    sc = quester("hawk_feather", "lost_caravan", might=1, guile=1).rig(red=["S"], white=[""], yellow=["S"])
    g = quest_roll(sc, "lost_caravan", {"quest_card": "card:hawk_feather", "guile_dice": "guile:1w0y"})
    assert [c for c, _ in events(g, "HeroRolled")[0].dice] == ["red", "white", "yellow"]
    assert resolved(g) == [("lost_caravan", "solves", 1)] and g.state.player("duerkhar").plunder == 7
    assert not held(g, "hawk_feather").face_up


# ============================================================================ Actions Items
def test_horn_of_rallying__two_basic_units_on_havens_then_discarded():
    picks = ["unit:spearsingers", "unit:younglings"]
    g = use_now(yanny(items=["horn_of_rallying"]), "horn_of_rallying",
                lambda d: picks.pop(0) if d.kind == "place_unit" else None)
    assert g.state.hexes[HOME].units == {"spearsingers": 1, "younglings": 1} and held(g, "horn_of_rallying") is None


def test_smugglers_map__two_ap_then_discarded():
    g = use_now(yanny(items=["smugglers_map"]), "smugglers_map")
    assert g.state.player("duerkhar").ap == 10 and held(g, "smugglers_map") is None


def test_nethersea_compass__one_ap_and_one_salt_then_discarded():
    g = use_now(yanny(items=["nethersea_compass"]), "nethersea_compass")
    p = g.state.player("duerkhar")
    assert (p.ap, p.salt) == (9, 6) and held(g, "nethersea_compass") is None


def test_nethersea_compass__guile_1_is_enough():
    from uprising_tui.content.loader import default_catalog
    assert default_catalog().items["nethersea_compass"].requires == {"guile": 1}


def test_travel_rations__three_food_then_discarded():
    g = use_now(yanny(items=["travel_rations"]), "travel_rations")
    p = g.state.player("duerkhar")
    assert (p.salt, p.plunder, p.food) == (5, 5, 8) and held(g, "travel_rations") is None


def test_cleansing_salts__lifts_any_one_curse():
    sc = yanny(items=["cleansing_salts"]).at("H07", tile=ICE, curse=True).at("H05", curse=True)
    g = use_now(sc, "cleansing_salts", {"remove_curse": "hex:H05"})
    assert g.state.hexes["H07"].curse and not g.state.hexes["H05"].curse  # far from the Hero: anywhere
    assert g.state.curse_reserve == 8 and held(g, "cleansing_salts") is None


def test_soulglass_lantern__lifts_any_curse_and_one_vp():
    sc = yanny(items=["soulglass_lantern"]).at("H05", curse=True)
    g = use_now(sc, "soulglass_lantern")
    assert not g.state.hexes["H05"].curse and g.state.player("duerkhar").vp == 1
    assert held(g, "soulglass_lantern") is None


def test_pilgrims_token__a_quest_at_once_without_ap_and_a_blue_die():
    sc = quester("pilgrims_token", "lost_caravan", might=1).rig(red=["SS"], blue=["H"])
    g = use_now(sc, "pilgrims_token")
    p = g.state.player("duerkhar")
    assert [c for c, _ in events(g, "HeroRolled")[0].dice] == ["red", "blue"]
    assert resolved(g) == [("lost_caravan", "solves", 1)]
    assert (p.ap, p.salt, p.plunder) == (8, 6, 7) and held(g, "pilgrims_token") is None


def test_surveyors_chain__explores_the_heros_hex_without_ap():
    sc = yanny(items=["surveyors_chain"], hero_hex="H07").at("H07", tile=ICE, explored=False)
    g = use_now(sc, "surveyors_chain", {"place_garrison": "hex:H01"})
    st = g.state
    assert st.hexes["H07"].explored and [e.faction for e in events(g, "HexExplored")] == ["duerkhar"]
    p = st.player("duerkhar")
    assert (p.ap, p.salt) == (8, 7)  # Raufrost: 2 Salt for its explorer
    assert st.hexes["H07"].garrisons == [1] and held(g, "surveyors_chain") is None


def test_scholars_tome__draw_three_feats_keep_one():
    deck = ["yanny_oath_call", "yanny_hold_the_line", "yanny_stone_discipline", "yanny_shield_wall"]
    sc = yanny(items=["scholars_tome"], feat_deck=deck)
    g = use_now(sc, "scholars_tome", {"keep_feat": "feat:yanny_hold_the_line"})
    p = g.state.player("duerkhar")
    assert [c.id for c in p.feats] == ["yanny_hold_the_line"]
    assert p.feat_deck[0] == "yanny_shield_wall" and sorted(p.feat_deck[1:]) == ["yanny_oath_call",
                                                                                "yanny_stone_discipline"]
    assert held(g, "scholars_tome") is None


def test_forged_imperial_orders__the_garrisons_on_the_heros_hex_go_home():
    sc = yanny(items=["forged_imperial_orders"], hero_hex="H07").at("H07", tile=ICE, garrisons=2).at("H05", garrisons=1)
    g = use_now(sc, "forged_imperial_orders")
    st = g.state
    assert st.hexes["H07"].garrisons == [] and st.hexes["H05"].garrisons == [1]
    assert st.garrison_reserve == [9, 10, 10] and st.player("duerkhar").vp == 0
    assert held(g, "forged_imperial_orders") is None


# ============================================================================ Always, Build, Refresh and triggered Items
def test_blackfire__two_skulls_in_archery_then_discarded():
    sc = duel({"younglings": 2}, 2, items=["blackfire"])
    rig_round(sc, [], [("red", "")])  # Archery: only the Bloodwyrm rolls; the fire adds 2 Skulls
    g, _ = go(sc, {"combat_card": "card:blackfire"})
    assert [(e.old, e.new) for e in in_round(g, 1, "ThreatChanged")] == [(2, 0)]
    assert held(g, "blackfire") is None


def test_blackfire__needs_magic_1():
    from uprising_tui.content.loader import default_catalog
    assert default_catalog().items["blackfire"].requires == {"magic": 1}


def build_with(item: str, unit: str):
    sc = yanny(items=[item], feat_deck=[]).when(1, "build")
    g = sc.game(script=run_phase("build"))
    play_out(g, {"build": f"card:{item}", "place_unit": f"unit:{unit}"})
    return g


def test_oath_ring__an_elite_unit_on_a_haven_at_build_then_flipped():
    g = build_with("oath_ring", "koloth")
    assert g.state.hexes[HOME].units == {"koloth": 1} and not held(g, "oath_ring").face_up


def test_recruiting_banner__two_basic_units_on_a_haven_at_build_then_discarded():
    sc = yanny(items=["recruiting_banner"], feat_deck=[]).when(1, "build")
    g = sc.game(script=run_phase("build"))
    picks = ["unit:younglings", "unit:spearsingers"]
    play_out(g, lambda d: "card:recruiting_banner" if d.kind == "build" and "card:recruiting_banner" in d.ids()
             else (picks.pop(0) if d.kind == "place_unit" else ("done" if d.kind == "build" else None)))
    assert g.state.hexes[HOME].units == {"younglings": 1, "spearsingers": 1} and held(g, "recruiting_banner") is None


def refresh_with(item: str):
    sc = yanny(items=[item]).when(2, "refresh").decks(quest_deck=["lost_caravan", "beast_of_the_moors", "rally_the_refugees"])
    g = sc.game(script=run_phase("refresh"))
    play_out(g)
    return g.state.player("duerkhar")


def test_salt_ledger__one_salt_at_every_refresh():
    p = refresh_with("salt_ledger")
    assert (p.salt, p.plunder, p.food) == (6, 5, 5)


def test_fishers_nets__one_food_at_every_refresh():
    p = refresh_with("fishers_nets")
    assert (p.salt, p.plunder, p.food) == (5, 5, 6)


def test_looters_sack__one_plunder_when_your_units_win_a_combat():
    sc = duel({"younglings": 2}, 1, items=["looters_sack"])
    rig_round(sc, [], [("red", "")])
    rig_round(sc, [("blue", "S"), ("blue", "")], [("red", "")])
    g, _ = go(sc)
    assert g.state.player("duerkhar").plunder == 6 and held(g, "looters_sack").face_up
    # a lost combat pays nothing
    sc = duel({"younglings": 1}, 3, items=["looters_sack"])
    rig_round(sc, [], [("red", "S")])
    g, _ = go(sc)
    assert g.state.hexes["H07"].units == {} and g.state.player("duerkhar").plunder == 5
