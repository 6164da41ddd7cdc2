"""The rulebook's named Items replayed as it prints them: Abad Warpaint (Full Combat Round Example),
the Market Example (Whip of Thorns, Flenser, Xyxrit Leaves), the Quest Example's Xyxrit Leaves, and
Seer's Bones. Test names: test_<item_id>__<aspect>."""
from __future__ import annotations

from uprising_tui.engine.rules.actions import market
from uprising_tui.engine.rules.quests import attempt_quest
from uprising_tui.engine.scenario import Scenario, fight

from ..helpers import events, play_out
from .item_fixtures import CAT, HOME, ICE
from .nemesis_fixtures import rig_round


def duerkhar(hero_hex="H07", feats=(), items=(), **attrs):
    sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board()
    sc.player("duerkhar", hero_hex=hero_hex, feats=list(feats), items=list(items), **attrs)
    return sc.decks(druids=[])


def tally(g, side, n=0):
    return [(e.skulls, e.blocked) for e in events(g, "CombatTally") if e.side == side][n]


def test_abad_warpaint__rulebook_clash_only_before_rolling():
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


def test_abad_warpaint__needs_the_hero_and_no_attribute():
    sc = duerkhar(hero_hex=HOME, items=["abad_warpaint"]).at("H07", tile=ICE, units={"younglings": 1}, skeletons=1)
    rig_round(sc, [("blue", "S")], [("red", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    assert not [a for k, a in play_out(g) if k == "combat_card"]
    # published: no requirement, so Syndra (Might 0) on the hex uses it
    sc = Scenario(["druwhn"], heroes=["syndra"]).empty_board().decks(druids=[])
    sc.player("druwhn", hero_hex="H07", feats=[], items=["abad_warpaint"])
    sc.at("H07", tile=ICE, units={"swordsisters": 1}, skeletons=1)
    rig_round(sc, [("blue", "S"), ("red", "")], [("red", "")])
    g = sc.game(script=fight("H07", attacker="druwhn"))
    assert [a for k, a in play_out(g, {"combat_card": "card:abad_warpaint"}) if k == "combat_card"] == [
        "card:abad_warpaint"]


def market_options(hero, fac, market_items, salt=5):
    sc = Scenario([fac], heroes=[hero]).empty_board().decks(market=market_items).player(fac, salt=salt)
    out = {}

    def script(ctx):
        out["ids"] = [o.card for o in market.options(ctx, ctx.state.player(fac))]
        return
        yield
    sc.game(script=script)
    return out["ids"]


def test_whip_of_thorns__market_example_ronja_can_not_yanny_can():
    # Ronja (Might 2, Leadership 1) can not use the Whip (Leadership 2); she can use the Flenser;
    # anyone can use the Xyxrit Leaves
    offer = ["whip_of_thorns", "flenser", "xyxrit_leaves"]
    assert market_options("ronja", "mohyar", offer) == ["flenser", "xyxrit_leaves"]
    # Yanny (Might 1, Leadership 2): the Whip but not the Flenser (Might 2)
    assert market_options("yanny", "duerkhar", offer) == ["whip_of_thorns", "xyxrit_leaves"]


def test_whip_of_thorns__needs_leadership_2():
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


def test_flenser__rulebook_ronja_once_per_combat():
    # Ronja can use it (Might 2); once per combat, in Archery or Clash: at its first window, the Archery
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board().decks(druids=[])
    sc.player("mohyar", hero_hex="H07", feats=[], items=["flenser"])
    sc.at("H07", tile=ICE, units={"sellswords": 1, "hunters": 1}, skeletons=2).rig(red=[""] * 10)
    rig_round(sc, [("white", "")], [])  # Archery (the Hunters): the Flenser's Skull hits
    rig_round(sc, [("blue", ""), ("white", "")], [])  # Clash 1: nothing
    rig_round(sc, [("blue", "S"), ("white", "")], [])  # Clash 2: the Sellsword's Skull
    g = sc.game(script=fight("H07", attacker="mohyar"))
    taken = play_out(g, {"combat_card": "card:flenser"})
    assert taken.count(("combat_card", "card:flenser")) == 1
    assert [tally(g, "chaos", n) for n in range(3)] == [(1, 0), (0, 0), (1, 0)]
    assert g.state.hexes["H07"].skeletons == 0
    assert g.state.player("mohyar").items[0].face_up  # no cost
    assert rolled_parts(g) == ["archery", "clash", "clash"]


def test_flenser__needs_might_2():
    sc = duerkhar(items=["flenser"]).at("H07", tile=ICE, units={"younglings": 1}, skeletons=1)
    rig_round(sc, [("blue", "S")], [("red", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    assert not [a for k, a in play_out(g) if k == "combat_card"]  # Yanny has Might 1


def ronja_quest(qid, *, items=("xyxrit_leaves",), deck=None, hex_kw=None):
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()  # Ronja at home: a Marsh
    sc.player("mohyar", feats=[], items=list(items),
              feat_deck=deck or ["ronja_pit_fights", "ronja_blood_price", "ronja_battle_fury", "ronja_ransom"])
    sc.decks(quest_offer=[qid, "lost_caravan"])
    if hex_kw:
        sc.at(HOME, **hex_kw)

    def script(ctx):
        from uprising_tui.engine.rules.actions import quest
        yield from quest.run(ctx, ctx.state.player("mohyar"), qid)
    return sc, script


def test_xyxrit_leaves__quest_example_black_die():
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


def test_xyxrit_leaves__optional_and_needs_no_attribute():
    sc, script = ronja_quest("instruction_of_the_druids")
    sc.rig(red=["", ""], blue=[""], white=[""], purple=[""])
    g = sc.game(script=script)
    play_out(g, {"guile_dice": "guile:1w0y"})  # 'done': roll without the Leaves
    assert len(events(g, "HeroRolled")[0].dice) == 5
    assert [c.id for c in g.state.player("mohyar").items] == ["xyxrit_leaves"]
    assert CAT.items["xyxrit_leaves"].requires == {} and CAT.items["xyxrit_leaves"].cost == 1


def test_seers_bones__rerolls_hero_dice_after_the_roll():
    # Quest, discard this - reroll any Hero Dice not showing a Bolt, after the roll
    sc = Scenario(["druwhn"], heroes=["syndra"]).empty_board()  # Magic 2, Leadership 1, Guile 1
    sc.player("druwhn", hero_hex="H07", feats=[], items=["seers_bones"]).at("H07", tile=ICE)
    sc.decks(quest_offer=["beast_of_the_moors"])  # 4 Skulls or 2 Shields
    sc.rig(purple=["", ""], blue=["H"], white=[""])
    sc.rig(purple=["S", "S"])  # the rerolls
    picks = ["die:0", "die:1", "done"]

    def script(ctx):
        yield from attempt_quest(ctx, ctx.state.player("druwhn"), "beast_of_the_moors")
    g = sc.game(script=script)
    play_out(g, lambda d: picks.pop(0) if d.kind == "reroll" else
             {"guile_dice": "guile:1w0y", "quest_card": "card:seers_bones"}.get(d.kind))
    res = events(g, "QuestResolved")[0]
    assert res.outcome == "fails"  # 2 Skulls and 1 Shield after the reroll: still short
    assert g.state.player("druwhn").items == []  # discarded
    assert g.dice.remaining() == {}  # both rerolls happened
    first, second = events(g, "HeroRolled")
    assert [f for c, f in first.dice if c == "purple"] == [(), ()]
    assert [f for c, f in second.dice if c == "purple"] == [("skull",), ("skull",)]
    taken_kinds = [e for e in events(g, "CardUsed")]
    assert g.log.index(taken_kinds[0]) > g.log.index(first)  # used after the roll, not before


