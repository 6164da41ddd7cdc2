"""Every Druid: its Godpower fired by a player's rigged Bolt (only that Druid revealed), within
its printed limit, asserted on the damage and dice it changes. Test names: test_<druid_id>__<aspect>.

The duel of item_fixtures: Yanny's red Oathsworn against the Bloodwyrm (all red dice) on an Ice
Waste; roll 1 is the Archery round (only the Bloodwyrm shoots), roll 2 the first Clash. Red
dice are dealt in roll order, the Oathsworn's first.
"""
from __future__ import annotations

from uprising_tui.engine.scenario import Scenario, fight

from ..helpers import play_out
from .item_fixtures import ICE, duel, events, go, in_round, rig_round, tally, wyrm_threat


def clash(druid: str, threat: int, mine: list[str], theirs: list[str], **kw):
    """Oathsworn (one per face in `mine`) against the Bloodwyrm at `threat`; its Archery misses."""
    sc = duel({"oathsworn": len(mine)}, threat, druids=[druid], **kw)
    rig_round(sc, [], [("red", "")] * (1 if threat < 4 else 2))
    rig_round(sc, [("red", f) for f in mine], [("red", f) for f in theirs])
    return sc


def fired(g, n: int, card: str) -> int:
    return sum(1 for e in in_round(g, n, "GodpowerUsed") if e.card == card)


def test_red_hand__one_skull_once_per_round():
    sc = clash("red_hand", 4, ["SB", "SB"], ["", "", "", ""])
    g, _ = go(sc, {"bolt": "bolt:druid:red_hand"})
    assert fired(g, 2, "red_hand") == 1 and wyrm_threat(g)[0] == (4, 1)  # 2 rolled + 1 from the Druid


def test_treemother__two_shields_once_per_round():
    sc = clash("treemother", 3, ["SB", "SB"], ["SS", "S", ""])
    g, taken = go(sc, {"bolt": "bolt:druid:treemother"})
    assert fired(g, 2, "treemother") == 1  # the second Bolt can not fire it again this round
    assert tally(g, 2) == (1, 2)


def test_mountain_heart__ignores_every_skull_on_the_enemys_best_die_once_per_round():
    sc = clash("mountain_heart", 3, ["SB", "SB"], ["S", "SS", ""])
    g, _ = go(sc, {"bolt": "bolt:druid:mountain_heart"})
    assert fired(g, 2, "mountain_heart") == 1  # the second Bolt can not fire it again this round
    assert tally(g, 2) == (1, 0)  # the double Skull is ignored whole; the single Skull hits


def test_silence__ignore_one_enemy_bolt_once_per_round():
    sc = clash("silence", 3, ["SB"], ["SB", "", ""])
    g, _ = go(sc, {"bolt": "bolt:druid:silence"})
    assert fired(g, 2, "silence") == 1 and fired(g, 2, "bloodwyrm") == 0  # its Bolt never fires the Curse
    assert not g.state.hexes["H07"].curse


def test_wanderer__one_red_die_after_damage_hits_at_once():
    sc = clash("wanderer", 3, ["SB"], ["", "", ""]).rig(red=["SS"])  # the Druid's die
    g, _ = go(sc, {"bolt": "bolt:druid:wanderer"})
    assert fired(g, 2, "wanderer") == 1
    assert [(e.old, e.new) for e in in_round(g, 2, "ThreatChanged")] == [(3, 2), (2, 0)]  # in the same round


def test_deep_dweller__two_skulls_once_per_combat():
    sc = clash("deep_dweller", 4, ["SB", "SB"], ["", "", "", ""])
    offered = []

    def prefer(d):
        if d.kind == "bolt":
            offered.append(d.ids())
            return "bolt:druid:deep_dweller" if "bolt:druid:deep_dweller" in d.ids() else "bolt:none"
        return None
    g, _ = go(sc, prefer)
    assert fired(g, 2, "deep_dweller") == 1 and wyrm_threat(g) == [(4, 0)]  # 2 rolled + 2
    assert len(offered) == 1  # the second Bolt has nothing to do: not even asked


def test_faceless_one__one_vp_after_damage_once_per_combat():
    sc = clash("faceless_one", 3, ["SB"], ["", "", ""])
    g, _ = go(sc, {"bolt": "bolt:druid:faceless_one"})
    assert fired(g, 2, "faceless_one") == 1
    assert [(e.faction, e.amount) for e in in_round(g, 2, "VPChanged")] == [("duerkhar", 1)]
    assert sum(1 for e in events(g, "GodpowerUsed") if e.card == "faceless_one") == 1


def test_shapeshifter__one_die_shows_a_single_shield():
    sc = clash("shapeshifter", 3, ["SB", ""], ["S", "", ""])
    g, _ = go(sc, {"bolt": "bolt:druid:shapeshifter", "set_die": "die:1"})
    assert fired(g, 2, "shapeshifter") == 1 and tally(g, 2) == (0, 1)


def yanny_h07():
    return Scenario(["duerkhar"], heroes=["yanny"]).empty_board().player("duerkhar", hero_hex="H07", feats=[])


def skeleton_tally(g):
    return [(e.skulls, e.blocked) for e in events(g, "CombatTally") if e.side == "chaos"][0]


def test_watcher__rulebook_reroll_non_bolt_dice_once_per_round():
    # Archery & Clash - reroll any of your dice that do not show a Bolt. Before Damage. Once per Round.
    sc = yanny_h07().decks(druids=["watcher", "red_hand"])
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
    assert "bolt:druid:red_hand" in bolt_options[1]
    assert [e.card for e in events(g, "GodpowerUsed")][:1] == ["watcher"]
    assert skeleton_tally(g) == (3, 0)  # the blank Youngling became a Skull


def test_watcher__not_on_a_cursed_hex():
    sc = yanny_h07().decks(druids=["watcher"])
    sc.at("H07", tile=ICE, units={"oathsworn": 1}, skeletons=1, curse=True)
    rig_round(sc, [("red", "SB")], [("red", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    taken = play_out(g)
    assert not [k for k, _ in taken if k == "bolt"] and not events(g, "GodpowerUsed")

