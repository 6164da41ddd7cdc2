"""The rulebook's named Quests: Instruction of the Druids (the Quest Example) and the Druidic
Prophetess. Test names: test_<quest_id>__<aspect>."""
from __future__ import annotations

from uprising_tui.engine.scenario import Scenario

from ..helpers import events, play_out
from .item_fixtures import CAT, HOME, ICE


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


def test_instruction_of_the_druids__fails_chaos_one_vp_leaves_the_offer():
    # fail: Chaos gains 1 VP; the Quest leaves the offer (rulings.md 26, 52); no marsh, no purple die
    sc, script = ronja_quest("instruction_of_the_druids", items=(), hex_kw={"tile": ICE})
    sc.rig(red=["S", "S"], blue=["S"], white=[""])
    g = sc.game(script=script)
    play_out(g, {"guile_dice": "guile:1w0y"})
    st = g.state
    assert len(events(g, "HeroRolled")[0].dice) == 4
    assert events(g, "QuestResolved")[0].outcome == "fails"
    assert st.vp_chaos == 1 and st.player("mohyar").vp == 0
    assert "instruction_of_the_druids" not in st.quest_offer and "instruction_of_the_druids" in st.quest_discard


def test_druidic_prophetess__solved_takes_the_card_and_pays_its_goals():
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


def test_druidic_prophetess__fails_chaos_two_vp():
    sc, script = ronja_quest("druidic_prophetess", items=())
    sc.rig(red=["", ""], blue=[""], white=["H"], purple=[""])  # only one goal met
    g = sc.game(script=script)
    play_out(g, {"guile_dice": "guile:1w0y"})
    st = g.state
    assert events(g, "QuestResolved")[0].outcome == "fails"
    assert st.vp_chaos == 2
    assert st.player("mohyar").quests == [] and st.quest_discard == ["druidic_prophetess"]
    assert st.hexes[HOME].units == {}


def test_druidic_prophetess__bonus_die_of_choice_on_a_curse():
    sc, script = ronja_quest("druidic_prophetess", items=(), hex_kw={"curse": True})
    g = sc.game(script=script)
    play_out(g, {"guile_dice": "guile:1w0y", "die_colour": "colour:black"})
    colours = sorted(c for c, _ in events(g, "HeroRolled")[0].dice)
    assert colours == ["black", "blue", "red", "red", "white"]  # no Marsh purple: a Curse has no terrain


def test_druidic_prophetess__a_basic_unit_whenever_a_horde_activates():
    sc = Scenario(["duerkhar", "druwhn"], heroes=["yanny", "syndra"]).empty_board()
    sc.player("druwhn", quests=["druidic_prophetess"])
    sc.at("W01", hordes=[("siren", 3)]).at("W11", hordes=[("coven_of_yssat", 3)])
    sc.at("H05", legions=[("assassin", 3)]).target("assassin", "H00", None)

    def script(ctx):
        from uprising_tui.engine.rules.nemesis.phase import activate_card
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
