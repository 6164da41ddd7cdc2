"""The rulebook's worked examples for the Build Phase and the seven Actions, replayed
on scenario fixtures (1-faction map unless said otherwise: H14 is the home hex;
H07 touches H14, H15, H08, H01, H13 and the Screaming Sea space W18)."""
from uprising_tui.engine.rules.actions.turn import take_turn
from uprising_tui.engine.rules.phases import production_phase, scoring_phase
from uprising_tui.engine.scenario import Scenario, run_phase, turn

from .helpers import drive, events, ids, play_out


# ------------------------------------------------------------------ Build
def test_build_example_yanny_builds_defenses_and_units():
    # Yanny has two Havens: her home (5 Units already) and H07. She builds a Tower and a
    # Wall on the full one for 2 Plunder, then 2 Younglings (2 Plunder each) and a
    # Spearsinger (2 Salt) on the other: 4 Plunder + 2 Salt for Units, 2 Plunder for Defenses.
    sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board()
    sc.at("H14", units={"oathsworn": 3, "koloth": 1, "younglings": 1})
    sc.at("H07", tile="rigga", haven="duerkhar")
    sc.player("duerkhar", salt=2, plunder=8, food=0, feat_deck=["yanny_oath_call", "yanny_hold_the_line"])
    sc.when(1, "build")
    g = sc.game(script=run_phase("build"))
    drive(g, "feat:yanny_oath_call")
    opts = ids(g)
    assert not any(o.startswith("build:") and o.endswith(":H14") for o in opts)  # 5 Units: full
    assert "build:younglings:H07" in opts
    drive(g, "tower:H14", "wall:H14")
    drive(g, "build:younglings:H07", "pay:s0p2f0")
    drive(g, "build:younglings:H07", "pay:s0p2f0")
    drive(g, "build:spearsingers:H07", "pay:s2p0f0")
    drive(g, "done")
    st = g.state
    p = st.player("duerkhar")
    assert (p.salt, p.plunder, p.food) == (0, 2, 0)
    assert st.hexes["H14"].tower and st.hexes["H14"].wall
    assert st.hexes["H07"].units == {"younglings": 2, "spearsingers": 1}
    assert p.ap == 8  # building costs no AP
    assert [c.id for c in p.feats][-1] == "yanny_oath_call"
    assert p.feat_deck[-1] == "yanny_hold_the_line"  # the other Feat goes to the bottom


# ------------------------------------------------------------------ Move
def test_move_example_ronja_moves_onto_unexplored_hex_and_may_go_on():
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    g = sc.game(script=turn("mohyar"))
    assert not g.state.hexes["H07"].explored
    drive(g, "move:H07")
    p = g.state.player("mohyar")
    assert p.hero_hex == "H07" and p.ap == 7
    # the Move did not end her turn: she may act again, or stop and wait
    assert g.decision.kind == "turn" and g.decision.actor == "mohyar"
    assert "explore" in ids(g) and "end" in ids(g)
    drive(g, "end")
    assert g.decision is None and p.ap == 7


# ------------------------------------------------------------------ Trade
def test_trade_example_khaal_trades_and_ronja_gives_plunder():
    # Kha'al moves to Ronja's hex (1 AP), trades 1 AP for 1 Salt, and Ronja gives him 3 Plunder.
    sc = Scenario(["krowh", "mohyar"], heroes=["khaal", "ronja"]).empty_board()
    sc.player("krowh", hero_hex="H07", salt=0, plunder=0)
    sc.player("mohyar", hero_hex="H15", plunder=5)
    g = sc.game(script=turn("krowh"))
    assert not any(o.startswith("ask:") for o in ids(g))  # not on the same hex yet
    drive(g, "move:H15")
    assert not any(o.startswith("ask:") or o.startswith("give:") for o in ids(g))  # no Trade yet
    drive(g, "trade:ap")
    for _ in range(3):
        drive(g, "ask:mohyar:plunder", "yes")
    k, r = g.state.player("krowh"), g.state.player("mohyar")
    assert k.ap == 6 and k.salt == 1 and k.plunder == 3
    assert r.plunder == 2 and r.ap == 8
    # Kha'al gives nothing in exchange and may go on with his turn
    assert g.decision.kind == "turn" and g.decision.actor == "krowh"
    drive(g, "end")


# ------------------------------------------------------------------ Command
def _command_board():
    # Rigga on H07, its impassable edges turned toward H08 and H01 (rotation 2);
    # 2 Sellswords at home (H14), 1 Berserker on the Screaming Sea (W18), a Slaver on Torment (H08).
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    sc.at("H07", tile="rigga", rotation=2)
    sc.at("H08", tile="torment", units={"slavers": 1})
    sc.at("H14", units={"sellswords": 2})
    sc.at("W18", units={"berserkers": 1})
    return sc


def test_command_example_ronja_commands_into_rigga():
    sc = _command_board()
    sc.player("mohyar", hero_hex="H07", food=3)
    g = sc.game(script=turn("mohyar"))
    drive(g, "command:H07")
    opts = ids(g)
    assert "bring:H14:sellswords" in opts and "bring:W18:berserkers" in opts
    assert not any(o.startswith("bring:H08") for o in opts)  # Rigga's cliffs block the Slaver
    assert "hero" not in opts  # she is already there
    drive(g, "bring:H14:sellswords", "bring:H14:sellswords", "bring:W18:berserkers")
    if g.decision is not None:
        drive(g, "done")
    st = g.state
    p = st.player("mohyar")
    assert st.hexes["H07"].units == {"sellswords": 2, "berserkers": 1}
    assert st.hexes["H08"].units == {"slavers": 1}
    assert p.food == 2 and p.ap == 7
    assert g.decision is None  # Command ends the turn


def test_command_example_hero_on_adjacent_hex_may_come_along():
    sc = _command_board()
    sc.player("mohyar", hero_hex="H14", food=1)
    g = sc.game(script=turn("mohyar"))
    drive(g, "command:H07")
    assert "hero" in ids(g)
    drive(g, "bring:H14:sellswords", "hero", "done")
    assert g.state.player("mohyar").hero_hex == "H07"


# ------------------------------------------------------------------ Explore
def test_explore_example_ronja_flips_rigga():
    # "Gain 2 Food. If empty, place 1 Garrison here; if not reinforce here. Place 1 Garrison
    # on an empty hex with no cannot-gain-Haven icon." Then she orients the cliffs.
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    sc.at("H07", tile="rigga", explored=False)
    sc.player("mohyar", hero_hex="H07", food=0)
    g = sc.game(script=turn("mohyar"))
    drive(g, "explore")
    st = g.state
    assert st.hexes["H07"].explored
    assert st.player("mohyar").food == 2
    assert st.hexes["H07"].garrisons == [1]  # empty: a Garrison is placed on Rigga itself
    assert g.decision.kind == "place_garrison"
    assert "hex:H07" not in ids(g)  # Rigga is no longer empty
    assert "hex:H14" not in ids(g)  # a Haven is not empty
    assert not any(o.startswith("hex:W") for o in ids(g))  # regions show the no-Haven icon
    drive(g, "hex:H15")
    assert st.hexes["H15"].garrisons == [1]
    assert g.decision.kind == "orient"
    drive(g, "rotate:2")
    assert st.hexes["H07"].rotation == 2
    assert g.decision is None  # Explore ends the turn
    assert st.player("mohyar").ap == 7


def test_explore_example_with_a_skeleton_reinforces_with_a_skeleton():
    # "if there had been a Horde or Skeleton here, she would have placed another Skeleton instead"
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    sc.at("H07", tile="rigga", explored=False, skeletons=1)
    sc.player("mohyar", hero_hex="H07")
    g = sc.game(script=turn("mohyar"))
    drive(g, "explore")
    play_out(g)
    st = g.state
    assert st.hexes["H07"].skeletons == 2
    assert st.hexes["H07"].garrisons == []
    assert sum(len(h.garrisons) for h in st.hexes.values()) == 1  # the second Garrison elsewhere


# ------------------------------------------------------------------ Haven
def test_haven_example_ronja_builds_her_third_haven_on_rigga():
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    sc.at("H07", tile="rigga", rotation=2)
    sc.at("H15", tile="grim_fangs", haven="mohyar")
    sc.player("mohyar", hero_hex="H07", salt=0, plunder=2, food=0)

    def script(ctx):
        yield from take_turn(ctx, ctx.state.player("mohyar"))
        production_phase(ctx)
        yield from scoring_phase(ctx)

    g = sc.game(script=script)
    drive(g, "haven")
    play_out(g)
    st = g.state
    p = st.player("mohyar")
    assert st.hexes["H07"].haven == "mohyar"
    assert p.ap == 7 and p.havens_in_supply == 2  # her third Haven is on the map
    # Production: the board's 3-Haven space (3 Salt, 2 Plunder, 3 Food) is 1 Salt and 1 Food
    # more than the 2-Haven space; Rigga adds 2 bonus Food; home 1/1/1; Grim Fangs 2 Salt.
    prod = events(g, "Produced")[0]
    assert (prod.salt, prod.plunder, prod.food) == (3 + 1 + 2, 2 + 1, 3 + 1 + 2)
    # Scoring: 2 VP per Haven, +1 for the home hex's VP icon
    assert p.vp == 3 * 2 + 1


# ------------------------------------------------------------------ Market
def test_market_example_ronja_buys_xyxrit_leaves():
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    sc.decks(market=["whip_of_thorns", "flenser", "xyxrit_leaves"], item_deck=["salt_ledger", "war_drum"])
    sc.player("mohyar", salt=5)
    g = sc.game(script=turn("mohyar"))
    opts = ids(g)
    assert "market:whip_of_thorns" not in opts  # Leadership 1: she cannot use the Whip
    assert "market:flenser" in opts  # Might 2: she could use the Flenser
    assert "market:xyxrit_leaves" in opts  # no requirement
    drive(g, "market:xyxrit_leaves")
    st = g.state
    p = st.player("mohyar")
    assert p.salt == 4 and p.ap == 7
    assert [c.id for c in p.items] == ["xyxrit_leaves"]
    assert sorted(st.market) == sorted(["whip_of_thorns", "flenser", "salt_ledger"])  # refilled at once
    assert g.decision is None  # Market ends the turn


# ------------------------------------------------------------------ Quest
def test_quest_example_ronja_instruction_of_the_druids():
    # Ronja: 2 Might (2 red), 1 Leadership (blue), 1 Guile (she picks white); on a marsh she
    # gains a purple die; she discards Xyxrit Leaves for a black die. She rolls 3 Skulls,
    # 1 Bolt and 2 Shields: the Skull goal (4) fails, the Shield and Bolt goals succeed.
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    assert sc.cat.hexes["mohyar_home"].terrain == "marsh"
    sc.decks(quest_offer=["instruction_of_the_druids"], quest_deck=["lost_caravan"])
    sc.player("mohyar", items=["xyxrit_leaves"], feat_deck=["ronja_battle_fury", "ronja_ransom"])
    sc.rig(red=["S", "S"], blue=["H"], white=["H"], purple=["S"], black=["B"])
    g = sc.game(script=turn("mohyar"))
    drive(g, "quest:instruction_of_the_druids", "guile:1w0y", "card:xyxrit_leaves", "colour:black")
    rolled = events(g, "HeroRolled")[0]
    assert sorted(c for c, _ in rolled.dice) == sorted(["red", "red", "blue", "white", "purple", "black"])
    assert events(g, "QuestResolved")[0].outcome == "solves"
    # solve effect: any 1 Feat of her choice, into play at once
    assert g.decision.kind == "gain_feat"
    drive(g, "feat:ronja_battle_fury")
    st = g.state
    p = st.player("mohyar")
    assert "ronja_battle_fury" in [c.id for c in p.feats]
    assert p.vp == 2  # 1 VP each for the Shield and Bolt goals
    assert not p.items and "xyxrit_leaves" in st.item_discard
    assert st.quest_offer == [] and "instruction_of_the_druids" in st.quest_discard  # not refilled
    assert p.ap == 7 and g.decision is None


# ------------------------------------------------------------------ Hero Dice
def test_hero_dice_example_hanzo_rolls_purple_two_yellow_one_white():
    # "Because he has 1 Magic, he rolls 1 purple die, and because he has 3 Guile he chooses
    # 3 dice from yellow or white. He decides to roll 2 yellow and 1 white."
    sc = Scenario(["mohyar"], heroes=["hanzo"]).empty_board()
    sc.decks(quest_offer=["raid_the_supply_wagons"], quest_deck=[])
    g = sc.game(script=turn("mohyar"))
    drive(g, "quest:raid_the_supply_wagons")
    assert set(ids(g)) == {"guile:3w0y", "guile:2w1y", "guile:1w2y", "guile:0w3y"}
    drive(g, "guile:1w2y")
    play_out(g)
    rolled = events(g, "HeroRolled")[0]
    assert sorted(c for c, _ in rolled.dice) == ["purple", "white", "yellow", "yellow"]


def test_druidic_prophetess_example_card_bonus_on_a_curse_and_2_goals_to_solve():
    # 3 Skulls (1 VP) / 1 Shield (a Basic Unit) / 1 Bolt (a Basic Unit), 2+ to solve; on a
    # Curse add a die of your choice; solved: take the card; failed: Chaos gains 2 VP.
    sc = Scenario(["mohyar"], heroes=["ronja"]).empty_board()
    sc.at("H07", curse=True)
    sc.player("mohyar", hero_hex="H07")
    sc.decks(quest_offer=["druidic_prophetess"], quest_deck=[])
    sc.rig(red=["S", "S"], blue=["S"], white=[""], black=["B"])
    g = sc.game(script=turn("mohyar"))
    drive(g, "quest:druidic_prophetess", "guile:1w0y", "colour:black")
    play_out(g, {"place_unit": "unit:sellswords"})
    st = g.state
    p = st.player("mohyar")
    assert events(g, "QuestResolved")[0].outcome == "solves"  # 3 Skulls and a Bolt
    assert p.vp == 1 and [c.id for c in p.quests] == ["druidic_prophetess"]
    assert st.hexes["H14"].units == {"sellswords": 1}  # the Bolt goal's Basic Unit, on her Haven
    assert st.vp_chaos == 0
