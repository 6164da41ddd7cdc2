"""The default fight policy (engine/rules/fight_policy.py): the answers it gives inside real
combats, and the force a Command brings by default."""
from __future__ import annotations

from uprising_tui.content.loader import default_catalog
from uprising_tui.engine.rules import fight_policy
from uprising_tui.engine.rules.fight_policy import cheapest, default_force, highlands_colour, reroll_order
from uprising_tui.engine.scenario import Scenario, fight, turn

CAT = default_catalog()


def combat_until(g, kind):
    """Answer with the policy until a decision of `kind` is pending (or none is left)."""
    while g.decision is not None and g.decision.kind != kind:
        g.answer(fight_policy.answer(g, g.decision) or g.decision.options[0].id)
    return g.decision


def bolt_game(their_white: str):
    """An Oathsworn (red die) rolls a Skull and a Bolt against a level 2 Garrison whose
    blue die shows a Shield and whose white die shows `their_white`."""
    sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board()
    sc.at("H01", tile="grim_fangs", units={"oathsworn": 1}, garrisons=2)
    sc.decks(druids=["red_hand"])
    sc.player("duerkhar", feats=[], items=[])
    sc.rig(white=["", "", their_white], red=["SB"], blue=["H"], yellow=["", ""])
    return sc.game(script=fight("H01", attacker="duerkhar"))


def test_a_bolt_cancels_a_shield_when_a_skull_gets_through():
    g = bolt_game("")  # their Shields: 1; our Skulls: 1
    d = combat_until(g, "bolt")
    assert {"bolt:shield", "bolt:druid:red_hand", "bolt:none"} <= set(d.ids())
    assert fight_policy.answer(g, d) == "bolt:shield"


def test_a_bolt_fires_a_druid_when_no_skull_would_get_through():
    g = bolt_game("SH")  # their Shields: 2; our Skulls: 1
    d = combat_until(g, "bolt")
    assert fight_policy.answer(g, d) == "bolt:druid:red_hand"


def watcher_game(druids, reds: list[str]):
    """Oathsworn (one red die each, faces `reds`) against a level 1 Garrison (its blue dice
    blank: no Shield to cancel), with these Druids dealt."""
    sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board()
    sc.at("H01", tile="grim_fangs", units={"oathsworn": len(reds)}, garrisons=1)
    sc.decks(druids=druids)
    sc.player("duerkhar", feats=[], items=[])
    sc.rig(white=[""], blue=["", "", "", ""], red=reds + ["S"] * 4)  # its Archery die misses
    return sc.game(script=fight("H01", attacker="duerkhar"))


def test_a_spare_bolt_fires_the_watcher_on_a_blank_and_it_rerolls_the_blanks():
    g = watcher_game(["watcher"], ["SB", ""])  # a Bolt, and a blank die to reroll
    d = combat_until(g, "bolt")
    assert "bolt:druid:watcher" in d.ids()
    assert fight_policy.answer(g, d) == "bolt:druid:watcher"
    g.answer("bolt:druid:watcher")
    d = g.decision
    assert d.kind == "reroll"
    side = g.ctx.combat.a
    pick = fight_policy.answer(g, d)
    assert pick.startswith("die:") and not side.dice[int(pick[4:])][1]  # the blank die
    g.answer(pick)
    rerolled = [e for e in g.log if type(e).__name__ == "DiceRerolled"]
    assert [[(i, was) for i, _, was, _ in e.dice] for e in rerolled] == [[(1, ())]]  # the blank only


def test_the_watcher_waits_for_a_blank_and_goes_first_when_the_blanks_are_worth_a_skull():
    g = watcher_game(["watcher"], ["SB", "S"])  # no blank: nothing to reroll
    assert fight_policy.answer(g, combat_until(g, "bolt")) == "bolt:none"
    g = watcher_game(["watcher", "red_hand"], ["SB", ""])  # one red blank: 5/6 of a Skull
    assert fight_policy.answer(g, combat_until(g, "bolt")) == "bolt:druid:red_hand"
    g = watcher_game(["watcher", "red_hand"], ["SB", "", ""])  # two: 10/6, more than the Red Hand's one
    assert fight_policy.answer(g, combat_until(g, "bolt")) == "bolt:druid:watcher"


def test_what_rerolling_blanks_is_worth():
    assert fight_policy.blank_rerolls_worth(CAT, ["red", "red"]) == 10 / 6
    assert fight_policy.blank_rerolls_worth(CAT, ["white"]) == 2 / 6


def test_woods_rerolls_the_strongest_blank_first():
    """Druwhn archers on the Woods: the Sons of the Bow's yellow die and the Fen Longbow's two
    white dice blank (the Rangers' black die has no blank face); the yellow (stronger) is
    rerolled first, then a white, then nothing more."""
    sc = Scenario(["druwhn"], heroes=["syndra"]).empty_board()
    sc.at("H01", tile="fyrnhalla", units={"sons_of_the_bow": 1, "rangers": 1}, garrisons=1)
    sc.player("druwhn", hero_hex="H01", feats=[], items=["fen_longbow"])
    sc.rig(yellow=[""], black=["S"], white=["", "", ""])
    g = sc.game(script=fight("H01", attacker="druwhn"))
    d = combat_until(g, "reroll")
    side = g.ctx.combat.a
    first = fight_policy.answer(g, d)
    assert side.dice[int(first.split(":")[1])][0] == "yellow"
    g.answer(first)
    second = fight_policy.answer(g, g.decision)
    assert side.dice[int(second.split(":")[1])][0] == "white"


def test_small_choices():
    assert cheapest(CAT, ["oathsworn", "younglings", "spearsingers"]) == "spearsingers"  # 4 = 4 < 5: by id
    assert highlands_colour(CAT, ["white", "purple", "red"]) == "purple"
    assert reroll_order(CAT, ["white", "black", "blue"]) == ["black", "blue", "white"]


def test_non_combat_decisions_are_left_alone():
    sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board()
    g = sc.game(script=turn("duerkhar"))
    assert g.decision.kind == "turn"
    assert fight_policy.answer(g, g.decision) is None


def test_the_default_force_brings_the_dearest_units_up_to_the_limit():
    sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board()
    g0 = sc.game(script=turn("duerkhar"))
    home = g0.state.player("duerkhar").hero_hex
    target = next(n for n in g0.board.unit_adjacent(home) if g0.state.hexes[n].role == "random")
    sc.at(home, units={"younglings": 3, "koloth": 1, "oathsworn": 2}).at(target, tile="grim_fangs", garrisons=1)
    g = sc.game(script=turn("duerkhar"))
    force = default_force(g, "duerkhar", target)
    assert [u for _, u in force.brings] == ["koloth", "oathsworn", "oathsworn", "younglings", "younglings"]
    assert force.hero  # the Hero is next door
