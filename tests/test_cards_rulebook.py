"""The rulebook's named Feats: Phalanx and Younglings. (Its named Items, Quests and the Watcher are
tested under tests/cards/.)"""
from __future__ import annotations

from .card_fixtures import (
    HOME,
    ICE,
    Scenario,
    events,
    fight,
    play_out,
    used,
)


# ============================================================================ the rulebook's Feats
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
