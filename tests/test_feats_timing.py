"""Timing rules every combat Feat shares, checked over the whole catalog: a Feat marked
"on your Hero's hex" is never offered while the Hero is elsewhere, and one without
that mark is offered all the same."""
from __future__ import annotations

import pytest

from .cards.feat_fixtures import CAT, HOME, ICE, NEXT, attack, choices, faction_of, hero_scenario, play_out

COMBAT_FEATS = sorted(f for f, c in CAT.feats.items() if c.use.when == "combat")
WARRIOR = {"duerkhar": "younglings", "druwhn": "swordsisters", "krowh": "tribesmen", "mohyar": "sellswords"}
ARCHER = {"duerkhar": "spearsingers", "druwhn": "sons_of_the_bow", "krowh": "deadeyes", "mohyar": "hunters"}


def offered_in_a_fight(cid: str, hero_hex: str) -> bool:
    """Two warriors and an archer beat a Skeleton over an Archery round and two Clash rounds;
    every window from Before Combat to After Combat opens. Was `cid` ever offered?"""
    hero = CAT.feats[cid].hero
    fac = faction_of(hero)
    sc = hero_scenario(hero, [cid], hero_hex=hero_hex)
    sc.at(NEXT, tile=ICE, units={WARRIOR[fac]: 2, ARCHER[fac]: 1}, skeletons=1)
    faces = {"blue": [""] * 3 + ["S"] * 3, "white": [""] * 3 + ["S"] * 3, "yellow": [""] * 3 + ["S"] * 3}
    sc.rig(**{c: list(f) for c, f in faces.items()}).rig(red=[""] * 10)
    g = attack(sc, hero)
    seen = []

    def policy(d):
        if d.kind == "combat_card":
            seen.extend(choices(d))
            return "done"
        return None
    play_out(g, policy)
    assert g.state.hexes[NEXT].skeletons == 0
    return f"card:{cid}" in seen


@pytest.mark.parametrize("cid", COMBAT_FEATS)
def test_feats_on_the_heros_hex_only_when_she_is_there(cid):
    away = offered_in_a_fight(cid, HOME)
    assert away == (not CAT.feats[cid].use.hero_hex)


@pytest.mark.parametrize("cid", [f for f in COMBAT_FEATS if CAT.feats[f].use.hero_hex])
def test_feats_on_the_heros_hex_offered_when_she_is_there(cid):
    assert offered_in_a_fight(cid, NEXT)
