"""A loss with one real outcome is not asked (ruling 1, docs/rulings.md ruling 62): when a fight's
hits destroy every Unit on the hex, which falls first changes nothing, and no question comes. A
loss that leaves a Unit standing is still asked, and its options say one Unit is lost."""
from __future__ import annotations

from .combat_rule_fixtures import ICE, duel, events, fight, kinds_asked, play_out


def test_hits_enough_for_every_unit_destroy_them_all_without_asking():
    sc = duel(ICE, units={"younglings": 1, "oathsworn": 1}, skeletons=1)
    sc.rig(blue=[""], red=["", "SS"])  # the Duerkhar roll blanks; the Skeleton's die two Skulls
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    taken = play_out(g)
    assert "assign_damage" not in kinds_asked(taken)
    assert g.state.hexes["H08"].units == {}
    assert sorted(e.unit for e in events(g, "UnitDestroyed")) == ["oathsworn", "younglings"]
    assert g.state.graveyard_chaos == {"duerkhar": {"oathsworn": 1, "younglings": 1}}


def test_a_loss_that_leaves_a_unit_standing_is_asked_in_words_of_one():
    sc = duel(ICE, units={"younglings": 2, "oathsworn": 1}, skeletons=1)
    sc.rig(blue=["", ""], red=["", "S"])
    sc.rig(blue=["S", "S"], red=[""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    asked = []

    def pick(d):
        if d.kind == "assign_damage":
            asked.append([o.label for o in d.options if o.group == "unit"])
            return "unit:oathsworn"
        return None
    play_out(g, pick)
    assert asked == [["Oathsworn: lose 1 of 1", "Younglings: lose 1 of 2"]]
    assert g.state.hexes["H08"].units == {"younglings": 2}


def test_the_last_hits_on_the_last_units_are_not_asked():
    """Three Units of two kinds and two hits: the first is asked; once one kind is gone, or the hits
    left are as many as the Units left, the rest are not."""
    sc = duel(ICE, units={"younglings": 2, "oathsworn": 1}, skeletons=1)
    sc.rig(blue=["", ""], red=["", "SS", "S", ""])  # round 2: the Oathsworn left kills the Skeleton
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    taken = play_out(g, {"assign_damage": "unit:younglings"})  # one Youngling first: 1 of each left, 1 hit
    assert kinds_asked(taken).count("assign_damage") == 2
    assert g.state.hexes["H08"].units == {"oathsworn": 1}
    sc2 = duel(ICE, units={"younglings": 2, "oathsworn": 1}, skeletons=1)
    sc2.rig(blue=["", "", "S"], red=["", "SS", ""])
    g2 = sc2.game(script=fight("H08", attacker="duerkhar"))
    taken2 = play_out(g2, {"assign_damage": "unit:oathsworn"})  # the Oathsworn first: only Younglings left
    assert kinds_asked(taken2).count("assign_damage") == 1
    assert g2.state.hexes["H08"].units == {"younglings": 1}


def test_alike_dice_are_one_reroll_option():
    """Ruling 62: three white blanks in the Woods are one option, then two, then the choice ends."""
    from .combat_rule_fixtures import WOODS, drive
    sc = duel(WOODS, units={"spearsingers": 3}, garrisons=1)
    sc.rig(white=["", "", "", "H", "S", "S"])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    d = g.decision
    assert d.kind == "reroll"
    assert [o.label for o in d.options if o.id.startswith("die:")] == ["Reroll white blank (one of 3 alike)"]
    drive(g, "die:0")
    assert [o.label for o in g.decision.options if o.id.startswith("die:")] == ["Reroll white blank (one of 2 alike)"]
    drive(g, "die:1")
    assert g.decision is None or g.decision.kind != "reroll"  # the limit of 2
