"""The faster odds (issue 21: the Capital's Legions over every set of cards at once, combats' exits
merged, resumes shared, ...) give the same figures as the plain chain did: fights pinned to the
figures main computed before the work (c5d32cb), within 1e-12. The full comparison over every
setup is ``benchmarks/odds_figures.py --compare REV``."""
from __future__ import annotations

import pytest

from uprising_tui.content.loader import default_catalog
from uprising_tui.engine.odds import FightSpec, fight_odds
from uprising_tui.engine.odds.library import forget

CAT = default_catalog()
DRUIDS = ("thorn_speaker", "root_mother", "raven_wife", "harvest_singer")
TOP = ("win", "lose", "both_wiped", "draw", "no_loss", "units_lost", "units_gained", "units_left", "vp_gained",
       "vp_others", "empire_vp", "chaos_vp", "haven_lost")

CASES = {
    "the Capital calls two of four Legions": (
        FightSpec(units=(("swordsisters", 2), ("rangers", 1)), legions=(("spymaster", 2),), capital=True,
                  legion_pool=("courtesan", "executioner", "new_emperor", "warlock"), legion_count=2, druids=DRUIDS),
        (0.10019531671531709, 0.5056967319697956, 0.39410795131488713, 0.0, 0.008673245007688731, 2.8510361935484387,
         0.0, 0.148963806451561, 4.890026262774464, 0.0, 0.0, 0.0, 0.0),
        [("spymaster", 1.0, 0.6640374804373446, 0.8999563310770444, 1.8685615968564777, 1.7595763894595888,
          3.5998253243081777),
         ("capital_legion", 0.7311644746617711, 0.2245810004154119, 0.3492652732208443, 1.4306766352280387,
          0.9747288860730664, 0.5932430105695833),
         ("garrisons", 0.2197352059260306, 0.16247651645036248, 0.1959813443201174, 0.1959813443201174,
          0.11673091801578381, 0.1959813443201174)]),
    "the Capital falls at once: no Legion left": (
        FightSpec(units=(("younglings", 2), ("spearsingers", 2), ("oathsworn", 1)), legions=(("butcher", 2),),
                  capital=True, legion_pool=("assassin", "courtesan", "executioner", "imperial_guard", "new_emperor",
                                             "spymaster", "warlock"), legion_count=0, druids=DRUIDS),
        (0.9524315133554506, 0.02477480628185876, 0.022793680362690444, 0.0, 0.3687368295640677, 1.335544233086399,
         0.0, 3.6644557669136018, 7.687833147931677, 0.0, 0.0, 0.0, 0.0),
        [("butcher", 1.0, 0.9524315133554506, 0.9752251937181411, 1.9688893475635454, 1.335544233086399,
          2.925675581154424)]),
    "Skeletons, the Banished at the bottom of the deck": (
        FightSpec(units=(("tribesmen", 3), ("vargs", 1)), skeletons=2,
                  horde_pool=("siren", "lich_queen", "coven_of_yssat"), horde_count=3, horde_bottom=("banished",),
                  returned=("banished",), druids=DRUIDS),
        (0.8373851436179331, 0.07000969723830516, 0.09260439714688247, 7.61996878860784e-07, 0.10345336481700115,
         2.067947842775442, 0.0, 1.9320521572245561, 2.3168912538880915, 0.0, 0.0, 0.0, 0.0),
        [("skeletons", 1.0, 0.8438250783947459, 0.9289127540362239, 2.315437368909942, 2.0548986157353757,
          2.315437368909942),
         ("formed_horde", 0.006731330757659955, 0.0002913959808472124, 0.0005297824705283291, 0.004470140584585907,
          0.013049227040066995, 0.0014538849781503603)]),
    "a Skeleton and the Counter of Omens on our Haven": (
        FightSpec(units=(("sellswords", 2), ("hunters", 1)), skeletons=1, hordes=(("counter_of_omens", 4),),
                  haven=True, wall=True, horde_pool=("banished", "bloodwyrm", "counter_of_omens", "coven_of_yssat"),
                  horde_count=3, druids=DRUIDS),
        (0.019225475919585032, 0.970627505501797, 0.010005392446568754, 0.00014162613204894296,
         0.004516067390114209, 2.9649810027189916, 0.0, 0.03488327372787789, 1.439056733368379, 0.0, 0.0, 0.0,
         0.9706389363878318),
        [("skeletons", 1.051178347057123, 1.016049612770671, 1.0273828398800973, 1.2356936873825677,
          0.26256551820116425, 1.2356936873825677),
         ("counter_of_omens", 0.9950491527002618, 0.05117834705712292, 0.10136382458130623, 1.431195836015058,
          2.6997418176996613, 0.20272764916261246),
         ("formed_horde", 0.0018599437248339418, 8.495957400968487e-05, 0.00015889334125079212,
          0.000999104183916053, 0.0026736668181661523, 0.0006353968231990523)]),
}


@pytest.mark.parametrize("name", list(CASES))
def test_the_figures_are_those_of_the_plain_chain(name):
    spec, top, lines = CASES[name]
    forget(CAT)  # cold, as the benchmark times it
    got = fight_odds(CAT, spec)
    assert [getattr(got, k) for k in TOP] == pytest.approx(top, abs=1e-12, rel=0)
    assert [f.key for f in got.fights] == [k for k, *_ in lines]
    assert [(f.fought, f.won, f.destroyed, f.damage, f.units_lost, f.vp) for f in got.fights] == \
        [pytest.approx(tuple(v), abs=1e-12, rel=0) for _, *v in lines]


def test_a_fight_solved_after_others_alike_gives_the_same_figures():
    """Solved after a fight with the same cards (its combats, resumes and hex states kept and met
    again), the figures are the same."""
    spec, top, _ = CASES["the Capital calls two of four Legions"]
    forget(CAT)
    fight_odds(CAT, FightSpec(**{**spec.__dict__, "units": (("swordsisters", 1), ("rangers", 1))}))
    fight_odds(CAT, FightSpec(**{**spec.__dict__, "units": (("swordsisters", 3),)}))
    again = fight_odds(CAT, spec)
    assert [getattr(again, k) for k in TOP] == pytest.approx(top, abs=1e-12, rel=0)
