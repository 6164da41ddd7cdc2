"""The rulebook's Combat Example and Full Combat Round Example, with rigged dice."""
from uprising_tui.engine.scenario import Scenario, fight

from .helpers import events, play_out


def test_combat_example_younglings_vs_skeletons():
    # 3 Younglings (blue) enter a hex with 2 Skeletons (red). Blue rolls blank, Skull, Shield;
    # the Skeletons roll blank and a double Skull.
    sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board()
    sc.at("H01", tile="grim_fangs", units={"younglings": 3}, skeletons=2)
    sc.rig(blue=["", "S", "H"], red=["", "SS"])
    # the combat goes on until one side is gone: script the next rounds decisively
    sc.rig(blue=["S", "S"], red=[""])
    g = sc.game(script=fight("H01", attacker="duerkhar"))
    play_out(g)
    st = g.state
    first_round = [e for e in g.log if e.event_type == "CombatRolled"][0]
    assert first_round.part == "clash"  # neither side has Archery dice
    # after round 1: one Youngling in the Chaos Graveyard, one Skeleton destroyed for 1 VP
    destroyed = [e for e in g.log if e.event_type == "UnitDestroyed"]
    assert destroyed[0].unit == "younglings" and destroyed[0].to == "chaos"
    vp = [e for e in g.log if e.event_type == "VPChanged"]
    assert vp[0].faction == "duerkhar" and vp[0].amount == 1 and vp[0].reason == "skeleton_destroyed"
    # round 2 finishes the last Skeleton
    assert st.hexes["H01"].skeletons == 0
    assert st.hexes["H01"].units == {"younglings": 2}
    assert st.player("duerkhar").vp == 2
    assert st.graveyard_chaos == {"duerkhar": {"younglings": 1}}


def test_full_combat_round_example_new_emperor():
    sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board()
    badlands = next(k for k, h in sc.cat.hexes.items() if h.terrain == "badlands" and h.kind == "regular")
    sc.at("H01", tile=badlands, units={"younglings": 2, "spearsingers": 2, "koloth": 1},
          legions=[("new_emperor", 5)])
    sc.target("new_emperor", "H14", "duerkhar")
    sc.player("duerkhar", hero_hex="H01", items=["abad_warpaint"])  # Yanny starts with Phalanx and Younglings
    # Archery: Emperor rolls blue + 2 white + 2 red (Badlands ability): Bolt-Skull, Skull-Shield, 3 blanks.
    # Duerkhar: 2 white (Spearsingers) + black (Koloth rides on Badlands): Skull, blank, triple Skull.
    # Faces are dealt per colour in roll order: the attacking side's dice first.
    sc.rig(white=["", "S", "SH", ""], blue=[""], red=["SB", ""], black=["SSS"])
    # Clash: Emperor (Threat 2) rolls purple, yellow, white: Bolt-Bolt, Skull, Skull-Shield.
    # Yanny: 2 blue + black + the Warpaint's red: Shield, Shield, Skull-Skull, Skull.
    sc.rig(blue=["H", "H"], black=["SS"], red=["S"], purple=["BB"], yellow=["S"], white=["SH"])
    g = sc.game(script=fight("H01", attacker="duerkhar"))
    play_out(g, {"assign_damage": ["unit:spearsingers", "unit:younglings"],
                 "combat_card": ["card:abad_warpaint", "card:younglings"]})
    st = g.state
    threat = events(g, "ThreatChanged")
    assert [(e.old, e.new) for e in threat] == [(5, 2), (2, 0)]
    assert "new_emperor" not in st.legions
    assert st.vp_empire == 4  # two Godpowers, 2 VP each
    # Spearsingers lost in Archery, one Youngling in Clash: all to the Imperial Graveyard
    assert st.graveyard_empire == {"duerkhar": {"spearsingers": 2, "younglings": 1}}
    # After Combat she flips the Younglings Feat: her last Youngling becomes an Oathsworn
    assert st.hexes["H01"].units == {"koloth": 1, "oathsworn": 1}
    p = st.player("duerkhar")
    assert [c.face_up for c in p.feats if c.id == "younglings"] == [False]
    assert p.vp == 5  # the Emperor is worth 5 VP to the Duerkhar
    assert sum(len(h.garrisons) for h in st.hexes.values()) == 2  # his two Garrisons
    assert not p.items  # the Warpaint was discarded to add its red die
