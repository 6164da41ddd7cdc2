"""The heuristic bot plays for the team: a player far ahead of the lowest weighs its own VP less."""
from __future__ import annotations

import pytest

from uprising_tui.bots import HeuristicBot
from uprising_tui.bots import values
from uprising_tui.bots.heuristic import View
from uprising_tui.engine import Game, Setup
from uprising_tui.engine.game import started_event
from uprising_tui.sim import FACTIONS


@pytest.mark.state_edited  # VP set by hand
def test_own_vp_weigh_less_the_further_a_player_is_ahead_of_the_lowest():
    game = Game(Setup(factions=list(FACTIONS), seed=3, auto_ties=True)).start()
    st = game.state
    for p, vp in zip(st.players, (10, 10, 40, 70)):
        p.vp = vp
    proj = values.projected_vp(st, game.cat)
    low = min(proj.values())
    w = {p.faction: values.own_weight(st, game.cat, p.faction) for p in st.players}
    lowest = min(proj, key=proj.get)
    assert w[lowest] == 1.0
    assert w[st.players[2].faction] == 1.0 / (1.0 + (proj[st.players[2].faction] - low) / values.LAG_GAP)
    assert 0 < w[st.players[3].faction] < w[st.players[2].faction] < 1.0
    # alone at the table: every VP of its own counts in full
    solo = Game(Setup(factions=[FACTIONS[0]], seed=3)).start()
    solo.state.players[0].vp = 50
    assert values.own_weight(solo.state, solo.cat, FACTIONS[0]) == 1.0


@pytest.mark.state_edited  # VP set by hand
def test_a_haven_is_worth_less_to_the_leader_than_to_the_lowest_player():
    game = Game(Setup(factions=list(FACTIONS), seed=3, auto_ties=True)).start()
    st = game.state
    bot = HeuristicBot(3)
    bot.notice(game)
    d = game.decision
    for p in st.players:
        p.vp = 60 if p.faction == d.actor else 5
    game.ctx.emit(started_event(game.ctx))  # the hand-made table, announced (the bot reads the public view)
    bot.notice(game)
    v = View(game, d)
    ahead = bot.own_share(v)
    assert ahead < 0.5  # 55 VP and more ahead of the others
    assert values.haven_worth(st, 0, ahead) < values.haven_worth(st, 0, 1.0)
    for p in st.players:
        p.vp = 0 if p.faction == d.actor else 30
    game.ctx.emit(started_event(game.ctx))
    bot.notice(game)
    assert bot.own_share(View(game, d)) == 1.0  # now the lowest: its VP count in full
