"""Dugpa's Feat deck (Krowh): every Feat's exact effect.

Krowh dice: Tribesmen white, Deadeyes white; a Skeleton rolls one red die in the Clash;
a level-1 Garrison rolls one white die in Archery.
"""
from __future__ import annotations

from .feat_fixtures import (
    HOME,
    ICE,
    NEXT,
    QUEST,
    START,
    attack,
    card,
    check_attribute_feat,
    choices,
    events,
    faction_of,
    hero_scenario,
    parts_rolled,
    play_out,
    player,
    questing,
    resources,
    rolls,
    run_phase,
    using,
)

H = "dugpa"


def test_dugpa_rally_the_tribes():
    # offered in the Build Phase: a Basic Unit of Dugpa's choice on his Haven, no resources paid
    sc = hero_scenario(H, ["dugpa_rally_the_tribes"], hero_hex=HOME, feat_deck=[])
    g = sc.game(script=run_phase("build"))
    play_out(g, {"build": "card:dugpa_rally_the_tribes", "place_unit": "unit:deadeyes"})
    assert g.state.hexes[HOME].units == {"deadeyes": 1}
    assert player(g, H).reserve["deadeyes"] == 2
    assert resources(g, H) == (START, START, START)
    assert not card(g, H, "dugpa_rally_the_tribes").face_up


def test_dugpa_bonebreakers():
    # the blank white die turned to a Skull destroys the Skeleton in the first round
    sc = hero_scenario(H, ["dugpa_bonebreakers"]).at(NEXT, tile=ICE, units={"tribesmen": 1}, skeletons=1)
    sc.rig(white=[""], red=[""])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:dugpa_bonebreakers"})
    assert parts_rolled(g) == ["clash"]
    assert g.state.hexes[NEXT].skeletons == 0 and player(g, H).vp == 1


def test_dugpa_elders_council():
    check_attribute_feat(H, "dugpa_elders_council", "leadership", picks=("food", "salt", "salt"))


def test_dugpa_long_winters():
    check_attribute_feat(H, "dugpa_long_winters", "might", picks=("plunder", "salt", "food"))


def test_dugpa_warband_muster():
    # one Basic Unit on a Haven and 1 Food (it placed two before: twice its peers)
    sc = hero_scenario(H, ["dugpa_warband_muster"], hero_hex=HOME)
    g = sc.game(script=using(H, "dugpa_warband_muster"))
    picks = ["unit:deadeyes"]
    play_out(g, lambda d: picks.pop(0) if d.kind == "place_unit" else None)
    assert not picks
    assert g.state.hexes[HOME].units == {"deadeyes": 1}
    p = player(g, H)
    assert (p.reserve["tribesmen"], p.reserve["deadeyes"]) == (6, 2)
    assert resources(g, H) == (START, START, START + 1)
    assert not card(g, H, "dugpa_warband_muster").face_up


def test_dugpa_steady_now():
    # Archery: the Garrison's Skull is ignored; the Deadeye's destroys it
    sc = hero_scenario(H, ["dugpa_steady_now"]).at(NEXT, tile=ICE, units={"deadeyes": 1}, garrisons=1)
    sc.rig(white=["S", "S"])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:dugpa_steady_now"})
    assert parts_rolled(g) == ["archery"]
    assert g.state.hexes[NEXT].units == {"deadeyes": 1} and g.state.hexes[NEXT].garrisons == []


def test_dugpa_trophy_taker():
    sc = hero_scenario(H, ["dugpa_trophy_taker"]).at(NEXT, tile=ICE, units={"tribesmen": 1}, skeletons=1)
    sc.rig(white=["S"], red=[""])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:dugpa_trophy_taker"})
    assert resources(g, H) == (START, START + 2, START)
    assert not card(g, H, "dugpa_trophy_taker").face_up


def test_dugpa_warhorn():
    # one extra yellow die in the first Clash round only (once per combat)
    sc = hero_scenario(H, ["dugpa_warhorn"]).at(NEXT, tile=ICE, units={"tribesmen": 1}, skeletons=1)
    sc.rig(white=["", "S"], yellow=[""], red=["", ""])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:dugpa_warhorn"})
    assert rolls(g) == [("clash", ["white", "yellow"]), ("clash", ["white"])]
    assert g.state.hexes[NEXT].skeletons == 0
    assert card(g, H, "dugpa_warhorn").face_up


def test_dugpa_warhorn__its_die_can_hit():
    sc = hero_scenario(H, ["dugpa_warhorn"]).at(NEXT, tile=ICE, units={"tribesmen": 1}, skeletons=1)
    sc.rig(white=[""], yellow=["S"], red=[""])
    g = attack(sc, H)
    play_out(g, {"combat_card": "card:dugpa_warhorn"})
    assert parts_rolled(g) == ["clash"] and g.state.hexes[NEXT].skeletons == 0


def test_dugpa_clan_gathering():
    # Dugpa gains 1 Food and 1 Salt; his ally gains 1 Salt
    sc = hero_scenario(H, ["dugpa_clan_gathering"], factions=["krowh", "mohyar"], heroes=["dugpa", "ronja"])
    g = sc.game(script=using(H, "dugpa_clan_gathering"))
    play_out(g)
    assert resources(g, H) == (START + 1, START, START + 1)
    ally = g.state.player(faction_of("ronja"))
    assert (ally.salt, ally.plunder, ally.food) == (START + 1, START, START)
    assert not card(g, H, "dugpa_clan_gathering").face_up


def test_dugpa_elders_wisdom():
    # only the blank Hero Die may be rerolled; it turns into the second Skull
    sc = hero_scenario(H, ["dugpa_elders_wisdom"], hero_hex=HOME, might=0, magic=0, leadership=2, guile=0)
    sc.decks(quest_offer=[QUEST]).rig(blue=["", "S", "S"])
    g = sc.game(script=questing(H))
    offered = []

    def policy(d):
        if d.kind == "quest_card":
            return "card:dugpa_elders_wisdom"
        if d.kind == "reroll":
            offered.append(choices(d))
            return "die:0"
        return None
    play_out(g, policy)
    assert offered == [["die:0", "done"]]
    assert events(g, "QuestResolved")[0].outcome == "solves"
    assert resources(g, H) == (START + 1, START + 2, START)
    assert not card(g, H, "dugpa_elders_wisdom").face_up
