"""The faster odds (issue 21: the Capital's Legions over every set of cards at once, combats' exits
merged, resumes shared, ...) give the same figures as the plain chain did: fights pinned to the
figures main's plain chain computed before the work (3b5275b, the box's content; first pinned at c5d32cb
before the box renamed the Druids and reshaped the Nemesis), within 1e-12. The full comparison over every
setup is ``benchmarks/odds_figures.py --compare REV``."""
from __future__ import annotations

import pytest

from uprising_tui.content.loader import default_catalog
from uprising_tui.engine.odds import FightSpec, fight_odds
from uprising_tui.engine.odds.library import forget

CAT = default_catalog()
# (named thorn_speaker, root_mother, raven_wife and harvest_singer before the box took the published names)
DRUIDS = ("deep_dweller", "treemother", "silence", "faceless_one")
TOP = ("win", "lose", "both_wiped", "draw", "no_loss", "units_lost", "units_gained", "units_left", "vp_gained",
       "vp_others", "empire_vp", "chaos_vp", "haven_lost")

CASES = {
    'the Capital calls two of four Legions': (
        FightSpec(units=(("swordsisters", 2), ("rangers", 1)), legions=(("spymaster", 2),), capital=True,
                  legion_pool=("courtesan", "executioner", "new_emperor", "warlock"), legion_count=2, druids=DRUIDS),
        (0.07974910356772147, 0.4656659232850551, 0.45458497314722335, 0.0, 0.006424579731154399, 2.882877676465906, 0.0, 0.11712232353409369, 5.160755827371127, 0.0, 0.0, 0.0, 0.0),
        [('spymaster', 1.0, 0.7378618586032638, 0.9417791123429153, 1.9303444041758884, 1.565667248809408, 3.7671164493716613),
         ('capital_legion', 0.7953062573470009, 0.18138643996621331, 0.39796479924291006, 1.7144992749928338, 1.2141155314498424, 0.7756288233909452),
         ('garrisons', 0.22936861429379296, 0.18517567663903822, 0.21926503676991327, 0.21926503676991324, 0.10309489620665557, 0.21926503676991324)]),
    'the Capital falls at once: no Legion left': (
        FightSpec(units=(("younglings", 2), ("spearsingers", 2), ("oathsworn", 1)), legions=(("butcher", 2),),
                  capital=True, legion_pool=("assassin", "courtesan", "executioner", "imperial_guard", "new_emperor",
                                             "spymaster", "warlock"), legion_count=0, druids=DRUIDS),
        (0.9620450307441712, 0.01624224292569979, 0.021712726330128964, 0.0, 0.3762330521417854, 1.2862971507842909, 0.0, 3.7137028492157094, 7.761498424943757, 0.0, 0.0, 0.0, 0.0),
        [('butcher', 1.0, 0.9620450307441712, 0.9837577570743002, 1.9796179801201166, 1.2862971507842909, 2.951273271222901)]),
    'Skeletons, the Banished at the bottom of the deck': (
        FightSpec(units=(("tribesmen", 3), ("vargs", 1)), skeletons=2,
                  horde_pool=("siren", "lich_queen", "coven_of_yssat"), horde_count=3, horde_bottom=("banished",),
                  returned=("banished",), druids=DRUIDS),
        (0.8553475209875658, 0.09284720145715475, 0.05179465095731988, 1.0626597959390686e-05, 0.34937912798925724, 1.4356483477887703, 0.0, 2.5643474298551223, 2.286316253135483, 0.0, 0.0, 0.0, 0.0),
        [('skeletons', 1.0, 0.8921491971876676, 0.8948265669787735, 2.26558563427994, 1.3302751155434844, 2.26558563427994),
         ('formed_horde', 0.0434356786297083, 0.006634002429606416, 0.007395830578970002, 0.042923436156630426, 0.10537323224528568, 0.020730618855542414)]),
    'a Skeleton and the Counter of Omens on our Haven': (
        FightSpec(units=(("sellswords", 2), ("hunters", 1)), skeletons=1, hordes=(("counter_of_omens", 4),),
                  haven=True, wall=True, horde_pool=("banished", "bloodwyrm", "counter_of_omens", "coven_of_yssat"),
                  horde_count=3, druids=DRUIDS),
        (0.019225475919585032, 0.970627505501797, 0.010005392446568754, 0.00014162613204894296, 0.004516067390114209, 2.9649810027189916, 0.0, 0.03488327372787789, 1.439056733368379, 0.0, 0.0, 0.0, 0.9706389363878318),
        [('skeletons', 1.051178347057123, 1.016049612770671, 1.0273828398800973, 1.2356936873825677, 0.26256551820116425, 1.2356936873825677),
         ('counter_of_omens', 0.9950491527002618, 0.05117834705712292, 0.10136382458130623, 1.431195836015058, 2.6997418176996613, 0.20272764916261246),
         ('formed_horde', 0.0018599437248339418, 8.495957400968487e-05, 0.00015889334125079212, 0.000999104183916053, 0.0026736668181661523, 0.0006353968231990523)]),
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
