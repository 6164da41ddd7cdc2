"""Scoring term by term (ScoreTerm events, engine/rules/tally.py): the rulebook's examples broken into their
terms, and over seeded whole games every side's terms add up to its Scoring VP, with counts that
match the table at the Scoring's start. Production's preview (tally.production_yield from the
public view) equals what every Production of those games gave."""
from __future__ import annotations

import pytest

from uprising_tui.bots import get_bot
from uprising_tui.engine import Game, Setup
from uprising_tui.engine.face.projection import Projection
from uprising_tui.engine.scenario import Scenario, run_phase
from uprising_tui.engine.rules.tally import production_yield

from .helpers import drive, events, play_out
from .test_example_phases import syndras_three_havens


def terms(g, side=None):
    return [(e.side, e.term, e.count, e.vp) for e in events(g, "ScoreTerm") if side in (None, e.side)]


def test_syndras_8_vp_are_three_havens_and_two_hexes_that_show_vp():
    g = syndras_three_havens().when(1, "scoring").game(script=run_phase("scoring"))
    play_out(g)
    assert terms(g, "druwhn") == [("druwhn", "havens", 3, 6), ("druwhn", "haven_vp", 2, 2)]
    (vp,) = [e for e in events(g, "VPChanged") if e.faction == "druwhn"]
    assert vp.amount == 8


def test_the_empire_and_chaos_terms():
    sc = Scenario(["krowh", "druwhn"]).empty_board()
    sc.at("H01", garrisons=3)
    sc.at("H02", garrisons=1)
    sc.at("H03", legions=[("assassin", 3)])
    sc.at("H05", curse=True, hordes=[("bloodwyrm", 3)])

    def graves(st):
        st.graveyard_empire = {"krowh": {"tribesmen": 1}, "druwhn": {"swordsisters": 2}}
        st.player("krowh").reserve["tribesmen"] -= 1
        st.player("druwhn").reserve["swordsisters"] -= 2
    sc.state(graves)
    g = sc.game(script=run_phase("scoring"))
    play_out(g)
    assert terms(g, "empire") == [("empire", "garrison_hexes", 2, 2), ("empire", "legions", 1, 1),
                                  ("empire", "graveyard", 2, 4)]
    assert terms(g, "chaos") == [("chaos", "curses", 1, 1), ("chaos", "hordes", 1, 1)]  # nothing for 0
    kinds = [e.event_type for e in g.log]
    last_term = max(i for i, e in enumerate(g.log) if e.event_type == "ScoreTerm" and e.side == "empire")
    assert kinds.index("GraveyardEmptied") > last_term  # counted before the Graveyard is emptied


def test_a_bought_vp_is_a_term_of_the_faction_that_gets_it():
    sc = Scenario(["krowh", "druwhn"]).empty_board()
    sc.player("krowh", salt=3, plunder=4, food=4, ap=0)
    sc.player("druwhn", salt=0, plunder=0, food=0, ap=0)
    g = sc.game(script=run_phase("scoring"))
    drive(g, "vp:druwhn", "pay:s3p0f2", "vp:krowh", "pay:s0p4f1")
    bought = [t for t in terms(g) if t[1] == "bought"]
    assert bought == [("druwhn", "bought", 5, 1), ("krowh", "bought", 5, 1)]


def test_the_log_says_each_term_in_words(cat):
    from uprising_tui.engine.face.log import render_all
    g = syndras_three_havens().when(1, "scoring").game(script=run_phase("scoring"))
    play_out(g)
    lines = render_all(g.log, g.cat)
    assert "Druwhn scores 6 VP for 3 Havens" in lines
    assert "Druwhn scores 2 VP for 2 Havens on hexes that show VP" in lines


SCORED = ("scoring", "scoring_havens", "bought_vp")


def _whole_game(seed: int, n: int, bot: str):
    factions = ["druwhn", "duerkhar", "krowh", "mohyar"][:n]
    g = Game(Setup(factions=factions, chapters=2, seed=seed, difficulty=("veteran", "nightmare")[seed % 2])).start()
    b = get_bot(bot, seed)
    while g.decision is not None:
        g.answer(b.choose(g, g.decision))
    return g


GAMES = [(seed, n, bot) for seed, n, bot in ((1, 1, "heuristic"), (2, 2, "heuristic"), (3, 3, "random"),
                                             (4, 4, "heuristic"), (5, 2, "random"), (6, 3, "heuristic"))]


@pytest.mark.parametrize("seed, n, bot", GAMES)
def test_every_scoring_adds_up_and_every_production_was_previewed(seed, n, bot):
    g = _whole_game(seed, n, bot)
    proj = Projection(g.cat)
    in_scoring = False
    got: dict[str, int] = {}
    vp: dict[str, int] = {}
    scorings = productions = 0
    for ev in g.log:
        k = ev.event_type
        if k == "Produced":  # the preview from the table as it stands equals what Production gives
            view = proj.view()
            havens = [(h.tile, h.curse) for h in view.hexes.values() if h.haven == ev.faction]
            assert production_yield(g.cat, ev.faction, havens) == (ev.salt, ev.plunder, ev.food)
            productions += 1
        if k == "PhaseStarted":
            if in_scoring:
                assert got == vp, (seed, ev.chapter, got, vp)
                scorings += 1
            in_scoring, got, vp = ev.phase == "scoring", {}, {}
            if in_scoring:
                view = proj.view()
                start = {"empire": {"garrison_hexes": sum(1 for h in view.hexes.values() if h.garrisons),
                                    "legions": len(view.legions)},
                         "chaos": {"curses": sum(1 for h in view.hexes.values() if h.curse),
                                   "hordes": len(view.hordes)}}
        elif in_scoring and k == "ScoreTerm":
            got[ev.side] = got.get(ev.side, 0) + ev.vp
            want = start.get(ev.side, {}).get(ev.term)
            assert want is None or want == ev.count, (ev, want)
        elif in_scoring and k == "VPChanged" and ev.reason in SCORED:
            vp[ev.faction] = vp.get(ev.faction, 0) + ev.amount
        elif k == "GameOver" and in_scoring:
            assert got == vp
            scorings += 1
        proj.apply(ev)
    assert scorings == 2 and productions == 2 * n
