"""The rulebook's named cards: Phalanx, Younglings, Abad Warpaint, Whip of Thorns, Flenser, Xyxrit Leaves, Instruction of the Druids, Druidic Prophetess, Watcher."""
from __future__ import annotations

from .card_fixtures import (
    CAT,
    HOME,
    ICE,
    Scenario,
    attempt_quest,
    events,
    fight,
    market,
    play_out,
    used,
)


# ============================================================================ the rulebook's cards
def rig_round(sc, first, second):
    by: dict[str, list[str]] = {}
    for colour, face in list(first) + list(second):
        by.setdefault(colour, []).append(face)
    sc.rig(**by)


def duerkhar(hero_hex="H07", feats=(), items=(), **attrs):
    sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board()
    sc.player("duerkhar", hero_hex=hero_hex, feats=list(feats), items=list(items), **attrs)
    return sc.decks(druids=[])


def tally(g, side, n=0):
    return [(e.skulls, e.blocked) for e in events(g, "CombatTally") if e.side == side][n]


# ---------------------------------------------------------------------------- Phalanx
def test_phalanx_turns_a_die_to_one_single_shield_in_archery():
    # Archery & Clash, before damage, once per combat, on your Hero's hex
    sc = duerkhar(feats=["phalanx"]).at("H07", tile=ICE, units={"spearsingers": 2, "younglings": 1},
                                        legions=[("assassin", 2)]).target("assassin", HOME, "duerkhar")
    rig_round(sc, [("white", "SH"), ("white", "S")], [("white", "S"), ("white", "S")])  # Archery
    rig_round(sc, [("white", ""), ("white", ""), ("blue", "")], [("blue", ""), ("red", ""), ("white", "")])  # Clash
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    taken = play_out(g, {"combat_card": "card:phalanx", "set_die": "die:1"})
    # die 1 (a Skull) now shows a single Shield: 1 Skull + 2 Shields against the Assassin's 2 Skulls
    assert tally(g, "duerkhar") == (0, 2)
    assert tally(g, "empire") == (1, 0)
    assert taken.count(("combat_card", "card:phalanx")) == 1  # once per combat
    assert g.state.player("duerkhar").feats[0].face_up  # no cost: it is not flipped


def test_phalanx_replaces_every_symbol_on_the_die():
    sc = duerkhar(feats=["phalanx"]).at("H07", tile=ICE, units={"koloth": 1}, skeletons=2)
    rig_round(sc, [("black", "SSS")], [("red", "S"), ("red", "")])
    rig_round(sc, [("black", "SS")], [("red", ""), ("red", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:phalanx"})
    assert tally(g, "duerkhar") == (0, 1)  # the triple Skull became a single Shield
    assert tally(g, "chaos") == (0, 0)
    assert g.state.hexes["H07"].units == {"koloth": 1} and g.state.hexes["H07"].skeletons == 0


def test_phalanx_needs_the_hero_on_the_hex():
    sc = duerkhar(hero_hex=HOME, feats=["phalanx"]).at("H07", tile=ICE, units={"younglings": 1}, skeletons=1)
    rig_round(sc, [("blue", "S")], [("red", "S")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    taken = play_out(g)
    assert not [a for k, a in taken if k == "combat_card"]
    assert not used(g, "phalanx")


# ---------------------------------------------------------------------------- Younglings
def test_younglings_after_combat_exchange_for_an_oathsworn():
    # After Combat - flip this to exchange 1 Youngling here with 1 Oathsworn (the Hero need not be there)
    sc = duerkhar(hero_hex=HOME, feats=["younglings"]).at("H07", tile=ICE, units={"younglings": 1, "koloth": 1}, skeletons=1)
    rig_round(sc, [("blue", "S"), ("black", "B")], [("red", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:younglings"})
    st = g.state
    p = st.player("duerkhar")
    assert st.hexes["H07"].units == {"koloth": 1, "oathsworn": 1}
    assert p.reserve["younglings"] == 5 and p.reserve["oathsworn"] == 2
    assert not p.feats[0].face_up
    ev = events(g, "CombatEnded")[0]
    swap = events(g, "UnitExchanged")
    assert [(e.unit, e.to_unit) for e in swap] == [("younglings", "oathsworn")]
    assert g.log.index(ev) < g.log.index(swap[0])  # after the combat


def test_younglings_not_offered_after_a_lost_combat_or_without_younglings():
    sc = duerkhar(feats=["younglings"]).at("H07", tile=ICE, units={"younglings": 1}, skeletons=2)
    rig_round(sc, [("blue", "")], [("red", "S"), ("red", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    taken = play_out(g)
    assert not [a for k, a in taken if k == "combat_card"] and g.state.player("duerkhar").feats[0].face_up
    sc = duerkhar(feats=["younglings"]).at("H07", tile=ICE, units={"spearsingers": 1}, skeletons=1)
    rig_round(sc, [("white", "")], [])
    rig_round(sc, [("white", "S")], [("red", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    taken = play_out(g)
    assert not [a for k, a in taken if k == "combat_card"]


# ---------------------------------------------------------------------------- Abad Warpaint
def test_abad_warpaint_adds_a_red_die_before_rolling_in_the_clash_only():
    # Clash - discard this to gain 1 red die. Before Rolling. On your Hero's Hex.
    sc = duerkhar(items=["abad_warpaint"]).at("H07", tile=ICE, units={"spearsingers": 1, "younglings": 1}, skeletons=1)
    seen = []

    def prefer(d):
        if d.kind == "combat_card":
            seen.append(rolled_parts(g_ref))
            return "card:abad_warpaint"
        return None
    rig_round(sc, [("white", "")], [])  # Archery: the Spearsinger misses; no Warpaint offered
    rig_round(sc, [("white", ""), ("blue", ""), ("red", "SS")], [("red", "")])
    g_ref = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g_ref, prefer)
    g = g_ref
    assert seen == [["archery"]]  # offered once, before the first Clash roll
    clash = [e for e in events(g, "CombatRolled") if e.part == "clash"][0]
    assert clash.dice_a == (("white", ()), ("blue", ()), ("red", ("skull", "skull")))
    assert g.state.player("duerkhar").items == [] and g.state.item_discard == ["abad_warpaint"]
    assert g.state.hexes["H07"].skeletons == 0


def rolled_parts(g):
    return [e.part for e in events(g, "CombatRolled")]


def test_abad_warpaint_needs_the_hero_and_might_1():
    sc = duerkhar(hero_hex=HOME, items=["abad_warpaint"]).at("H07", tile=ICE, units={"younglings": 1}, skeletons=1)
    rig_round(sc, [("blue", "S")], [("red", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    assert not [a for k, a in play_out(g) if k == "combat_card"]
    # Syndra (Might 0) holds one (e.g. from an effect that ignores requirements) but can not use it
    sc = Scenario(["druwhn"], heroes=["syndra"]).empty_board().decks(druids=[])
    sc.player("druwhn", hero_hex="H07", feats=[], items=["abad_warpaint"])
    sc.at("H07", tile=ICE, units={"swordsisters": 1}, skeletons=1)
    rig_round(sc, [("blue", "S")], [("red", "")])
    g = sc.game(script=fight("H07", attacker="druwhn"))
    assert not [a for k, a in play_out(g) if k == "combat_card"]


# ---------------------------------------------------------------------------- Whip of Thorns, Flenser (Market Example)
def market_options(hero, fac, market_items, salt=5):
    sc = Scenario([fac], heroes=[hero]).empty_board().decks(market=market_items).player(fac, salt=salt)
    out = {}

    def script(ctx):
        out["ids"] = [o.card for o in market.options(ctx, ctx.state.player(fac))]
        return
        yield
    sc.game(script=script)
    return out["ids"]


def test_market_example_whip_flenser_xyxrit():
    # Ronja (Might 2, Leadership 1) can not use the Whip (Leadership 2); she can use the Flenser;
    # anyone can use the Xyxrit Leaves
    offer = ["whip_of_thorns", "flenser", "xyxrit_leaves"]
    assert market_options("ronja", "mohyar", offer) == ["flenser", "xyxrit_leaves"]
    # Yanny (Might 1, Leadership 2): the Whip but not the Flenser (Might 2)
    assert market_options("yanny", "duerkhar", offer) == ["whip_of_thorns", "xyxrit_leaves"]


def test_whip_of_thorns_two_blue_dice_in_the_clash_and_its_requirement():
    sc = duerkhar(items=["whip_of_thorns"]).at("H07", tile=ICE, units={"younglings": 1}, skeletons=2)
    rig_round(sc, [("blue", "S"), ("blue", "S"), ("blue", "")], [("red", ""), ("red", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g, {"combat_card": "card:whip_of_thorns"})
    clash = events(g, "CombatRolled")[0]
    assert [c for c, _ in clash.dice_a] == ["blue", "blue", "blue"]
    assert g.state.hexes["H07"].skeletons == 0
    assert not g.state.player("duerkhar").items[0].face_up  # flipped
    # Ronja (Leadership 1) holding a Whip can not crack it
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board().decks(druids=[])
    sc.player("mohyar", hero_hex="H07", feats=[], items=["whip_of_thorns"])
    sc.at("H07", tile=ICE, units={"sellswords": 1}, skeletons=1)
    rig_round(sc, [("blue", "S")], [("red", "")])
    g = sc.game(script=fight("H07", attacker="mohyar"))
    assert not [a for k, a in play_out(g) if k == "combat_card"]


def test_flenser_one_skull_before_damage_once_per_round():
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board().decks(druids=[])
    sc.player("mohyar", hero_hex="H07", feats=[], items=["flenser"])
    sc.at("H07", tile=ICE, units={"sellswords": 1, "hunters": 1}, skeletons=2).rig(red=[""] * 10)
    rig_round(sc, [("white", "")], [])  # Archery (the Hunters): the Flenser is Clash only
    rig_round(sc, [("blue", ""), ("white", "")], [])  # Clash 1: nothing rolled, the Flenser's Skull hits
    rig_round(sc, [("blue", ""), ("white", "")], [])  # Clash 2: the Flenser again
    g = sc.game(script=fight("H07", attacker="mohyar"))
    taken = play_out(g, {"combat_card": "card:flenser"})
    assert taken.count(("combat_card", "card:flenser")) == 2  # once in each Clash round
    assert [tally(g, "chaos", n) for n in range(3)] == [(0, 0), (1, 0), (1, 0)]
    assert g.state.hexes["H07"].skeletons == 0
    assert g.state.player("mohyar").items[0].face_up  # no cost
    assert rolled_parts(g) == ["archery", "clash", "clash"]


def test_flenser_needs_might_2():
    sc = duerkhar(items=["flenser"]).at("H07", tile=ICE, units={"younglings": 1}, skeletons=1)
    rig_round(sc, [("blue", "S")], [("red", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    assert not [a for k, a in play_out(g) if k == "combat_card"]  # Yanny has Might 1


# ---------------------------------------------------------------------------- Quest Example: Xyxrit Leaves, Instruction of the Druids
def ronja_quest(qid, *, items=("xyxrit_leaves",), deck=None, hex_kw=None):
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()  # Ronja at home: a Marsh
    sc.player("mohyar", feats=[], items=list(items),
              feat_deck=deck or ["ronja_pit_fights", "ronja_blood_price", "ronja_battle_fury", "ronja_ransom"])
    sc.decks(quest_offer=[qid, "lost_caravan"])
    if hex_kw:
        sc.at(HOME, **hex_kw)

    def script(ctx):
        from uprising_tui.engine.actions import quest
        yield from quest.run(ctx, ctx.state.player("mohyar"), qid)
    return sc, script


def test_quest_example_instruction_of_the_druids_with_xyxrit_leaves():
    sc, script = ronja_quest("instruction_of_the_druids")
    # Might 2 (red, red), Leadership 1 (blue), Guile 1 (white chosen), the Marsh's purple, the Leaves' black:
    # 3 Skulls, 1 Bolt, 2 Shields
    sc.rig(red=["S", "S"], blue=["H"], white=["SH"], purple=[""], black=["B"])
    g = sc.game(script=script)
    taken = play_out(g, {"guile_dice": "guile:1w0y", "quest_card": "card:xyxrit_leaves", "die_colour": "colour:black",
                         "gain_feat": "feat:ronja_battle_fury"})
    st = g.state
    p = st.player("mohyar")
    dice = events(g, "HeroRolled")[0].dice
    assert sorted(c for c, _ in dice) == ["black", "blue", "purple", "red", "red", "white"]
    res = events(g, "QuestResolved")[0]
    assert (res.card, res.successes, res.outcome) == ("instruction_of_the_druids", 2, "solves")
    assert p.items == [] and st.item_discard == ["xyxrit_leaves"]  # discarded to add its die
    assert p.feats[-1].id == "ronja_battle_fury" and "ronja_battle_fury" not in p.feat_deck
    assert sorted(p.feat_deck) == ["ronja_blood_price", "ronja_pit_fights", "ronja_ransom"]
    assert p.vp == 2  # 1 VP for the Shield goal, 1 for the Bolt goal
    assert st.quest_offer == ["lost_caravan"] and st.quest_discard == ["instruction_of_the_druids"]
    assert p.ap == 7
    assert ("die_colour", "colour:black") in taken


def test_xyxrit_leaves_is_optional_and_needs_no_attribute():
    sc, script = ronja_quest("instruction_of_the_druids")
    sc.rig(red=["", ""], blue=[""], white=[""], purple=[""])
    g = sc.game(script=script)
    play_out(g, {"guile_dice": "guile:1w0y"})  # 'done': roll without the Leaves
    assert len(events(g, "HeroRolled")[0].dice) == 5
    assert [c.id for c in g.state.player("mohyar").items] == ["xyxrit_leaves"]
    assert CAT.items["xyxrit_leaves"].requires == {} and CAT.items["xyxrit_leaves"].cost == 1


def test_instruction_of_the_druids_failure():
    # fail: Chaos gains 1 VP; the Quest stays on offer (content ruling 11); no marsh, no purple die
    sc, script = ronja_quest("instruction_of_the_druids", items=(), hex_kw={"tile": ICE})
    sc.rig(red=["S", "S"], blue=["S"], white=[""])
    g = sc.game(script=script)
    play_out(g, {"guile_dice": "guile:1w0y"})
    st = g.state
    assert len(events(g, "HeroRolled")[0].dice) == 4
    assert events(g, "QuestResolved")[0].outcome == "fails"
    assert st.vp_chaos == 1 and st.player("mohyar").vp == 0
    assert "instruction_of_the_druids" in st.quest_offer


# ---------------------------------------------------------------------------- Druidic Prophetess
def test_druidic_prophetess_solved_takes_the_card_and_pays_its_goals():
    # goals: 3 Skulls (1 VP), 1 Shield (a Basic Unit on a Haven), 1 Bolt (a Basic Unit); 2+ to solve
    sc, script = ronja_quest("druidic_prophetess", items=())
    sc.rig(red=["SB", "S"], blue=["H"], white=["S"], purple=[""])
    g = sc.game(script=script)
    play_out(g, {"guile_dice": "guile:1w0y", "place_unit": "unit:sellswords"})
    st = g.state
    p = st.player("mohyar")
    assert events(g, "QuestResolved")[0].successes == 3
    assert [c.id for c in p.quests] == ["druidic_prophetess"]
    assert "druidic_prophetess" not in st.quest_offer and "druidic_prophetess" not in st.quest_discard
    assert p.vp == 1
    assert st.hexes[HOME].units == {"sellswords": 2}


def test_druidic_prophetess_failed_gives_chaos_2_vp():
    sc, script = ronja_quest("druidic_prophetess", items=())
    sc.rig(red=["", ""], blue=[""], white=["H"], purple=[""])  # only one goal met
    g = sc.game(script=script)
    play_out(g, {"guile_dice": "guile:1w0y"})
    st = g.state
    assert events(g, "QuestResolved")[0].outcome == "fails"
    assert st.vp_chaos == 2
    assert st.player("mohyar").quests == [] and st.quest_discard == ["druidic_prophetess"]
    assert st.hexes[HOME].units == {}


def test_druidic_prophetess_bonus_die_of_choice_on_a_curse():
    sc, script = ronja_quest("druidic_prophetess", items=(), hex_kw={"curse": True})
    g = sc.game(script=script)
    play_out(g, {"guile_dice": "guile:1w0y", "die_colour": "colour:black"})
    colours = sorted(c for c, _ in events(g, "HeroRolled")[0].dice)
    assert colours == ["black", "blue", "red", "red", "white"]  # no Marsh purple: a Curse has no terrain


def test_druidic_prophetess_places_a_basic_unit_whenever_a_horde_activates():
    sc = Scenario(["duerkhar", "druwhn"], heroes=["yanny", "syndra"]).empty_board()
    sc.player("druwhn", quests=["druidic_prophetess"])
    sc.at("W01", hordes=[("siren", 3)]).at("W11", hordes=[("coven_of_yssat", 3)])
    sc.at("H05", legions=[("assassin", 3)]).target("assassin", "H00", None)

    def script(ctx):
        from uprising_tui.engine.nemesis import activate_card
        for cid in ("siren", "assassin", "coven_of_yssat"):
            yield from activate_card(ctx, ctx.state.nem(cid))
    g = sc.game(script=script)
    picks = iter(["faction:duerkhar", "faction:druwhn"])
    taken = play_out(g, lambda d: next(picks) if d.kind == "place_unit_player" else
                     {"place_unit": "unit:swordsisters"}.get(d.kind) if d.kind == "place_unit" and "unit:swordsisters" in d.ids()
                     else None)
    st = g.state
    placed = [(e.faction, e.hex) for e in events(g, "UnitPlaced")]
    assert placed == [("duerkhar", "H15"), ("druwhn", "H17")]  # one per Horde activation, none for the Legion
    assert [k for k, _ in taken].count("place_unit_player") == 2
    assert all(CAT.units[e.unit].grade == "basic" for e in events(g, "UnitPlaced"))
    assert st.player("druwhn").quests[0].face_up  # it is not used up


# ---------------------------------------------------------------------------- Watcher
def test_watcher_rerolls_non_bolt_dice_once_per_round():
    # Archery & Clash - reroll any of your dice that do not show a Bolt. Before Damage. Once per Round.
    sc = duerkhar().decks(druids=["watcher", "stormcaller"])
    sc.at("H07", tile=ICE, units={"younglings": 1, "oathsworn": 2}, skeletons=2)
    rig_round(sc, [("blue", ""), ("red", "SB"), ("red", "SB")], [("red", ""), ("red", "")])
    sc.rig(blue=["S"])  # the Youngling's reroll
    rig_round(sc, [("red", "SB")], [("red", "")])  # round 2: one Oathsworn left, against one Skeleton
    sc.rig(red=["S"])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    bolt_options = []

    def prefer(d):
        if d.kind == "bolt":
            bolt_options.append(d.ids())
            return "bolt:druid:watcher" if "bolt:druid:watcher" in d.ids() else "bolt:none"
        if d.kind == "reroll":
            return "die:0" if "die:0" in d.ids() else "done"
        return None
    play_out(g, prefer)
    assert "bolt:druid:watcher" in bolt_options[0]
    assert "bolt:druid:watcher" not in bolt_options[1]  # once per round
    assert "bolt:druid:stormcaller" in bolt_options[1]
    assert [e.card for e in events(g, "GodpowerUsed")][:1] == ["watcher"]
    assert tally(g, "chaos") == (3, 0)  # the blank Youngling became a Skull


def test_watcher_can_not_be_used_on_a_cursed_hex():
    sc = duerkhar().decks(druids=["watcher"])
    sc.at("H07", tile=ICE, units={"oathsworn": 1}, skeletons=1, curse=True)
    rig_round(sc, [("red", "SB")], [("red", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    taken = play_out(g)
    assert not [k for k, _ in taken if k == "bolt"] and not events(g, "GodpowerUsed")


# ---------------------------------------------------------------------------- Quest rerolls
def test_seers_bones_rerolls_hero_dice_after_the_roll():
    # Quest, flip this - reroll up to two of your Hero Dice
    sc = Scenario(["druwhn"], heroes=["syndra"]).empty_board()  # Magic 2, Leadership 1, Guile 1
    sc.player("druwhn", hero_hex="H07", feats=[], items=["seers_bones"]).at("H07", tile=ICE)
    sc.decks(quest_offer=["beast_of_the_moors"])  # 4 Skulls or 2 Shields
    sc.rig(purple=["", ""], blue=["H"], white=[""])
    sc.rig(purple=["S", "S"])  # the rerolls

    def script(ctx):
        yield from attempt_quest(ctx, ctx.state.player("druwhn"), "beast_of_the_moors")
    g = sc.game(script=script)
    play_out(g, {"guile_dice": "guile:1w0y", "quest_card": "card:seers_bones", "reroll": ["die:0", "die:1"]})
    res = events(g, "QuestResolved")[0]
    assert res.outcome == "fails"  # 2 Skulls and 1 Shield after the reroll: still short
    assert not g.state.player("druwhn").items[0].face_up
    assert g.dice.remaining() == {}  # both rerolls happened
    first, second = events(g, "HeroRolled")
    assert [f for c, f in first.dice if c == "purple"] == [(), ()]
    assert [f for c, f in second.dice if c == "purple"] == [("skull",), ("skull",)]
    taken_kinds = [e for e in events(g, "CardUsed")]
    assert g.log.index(taken_kinds[0]) > g.log.index(first)  # used after the roll, not before
