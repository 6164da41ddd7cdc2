"""The projection (engine/face/projection) rebuilds the public view from the events alone.

After every answer of 120 seeded random games (every faction count, chapter count and
difficulty, Nemesis ties by hand and automatic) and 16 heuristic-bot games, the projection,
the cached ``Game.public_view()`` and a fresh build from the state are equal; rigged
scenarios drive the rare paths (a Sea Tower lost under a Haven, Skeletons becoming a Horde,
the Capital falling, Threat above the maximum, both reshuffles, Items passed between Heros).
"""
from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from uprising_tui.bots import get_bot
from uprising_tui.engine import Game
from uprising_tui.engine.face.projection import NO_CHANGE, Projection, ProjectionError
from uprising_tui.engine.face.view import CardView
from uprising_tui.engine.scenario import Scenario, effect, fight, run_phase, turn

from .combat_rule_fixtures import ICE, duel
from .helpers import drive, events
from .projection_helpers import Watch, differences
from .test_random_games import setup_for

RANDOM_GAMES = 120
BLOCKS = 8


def random_answers(seed: int):
    rng = random.Random(seed * 31 + 7)
    return lambda g, d: rng.choice(d.options).id


@pytest.mark.parametrize("block", range(BLOCKS))
def test_projection_equals_the_public_view_after_every_answer(block):
    per = RANDOM_GAMES // BLOCKS
    for seed in range(2000 + block * per, 2000 + (block + 1) * per):
        w = Watch(Game(setup_for(seed)).start())
        w.play(random_answers(seed))
        assert w.game.state.verdict is not None
        again = Projection.from_events(w.game.cat, w.game.log)  # from scratch, as a client joining late
        assert again.view() == w.game.public_view()


@pytest.mark.parametrize("seed", range(600, 616))
def test_projection_follows_heuristic_games(seed):
    """The heuristic bot fights far more (every combat step, Bolt, reroll and card)."""
    bot = get_bot("heuristic", seed)
    w = Watch(Game(setup_for(seed)).start())
    w.play(lambda g, d: bot.choose(g, d))
    assert any(e.event_type == "CombatRolled" for e in w.game.log)


def test_the_sweep_covers_every_faction_count_chapter_count_and_difficulty():
    setups = [setup_for(s) for s in range(2000, 2000 + RANDOM_GAMES)]
    assert {len(s.factions) for s in setups} == {1, 2, 3, 4}
    assert {s.chapters for s in setups} == {2, 3, 4}
    assert {s.difficulty for s in setups} == {"rebel", "veteran", "nightmare", "apocalypse"}
    assert {s.auto_ties for s in setups} == {True, False}


# ------------------------------------------------------------------ rare paths, rigged
def watched(sc: Scenario, script) -> Watch:
    return Watch(sc.game(script=script))


def test_a_sea_tower_lost_under_a_haven_retargets_and_takes_the_other_tower():
    """The Mage Breaker enters: it hunts a Haven on a Sea Tower, one Sea Tower is lost (its
    Haven with it) and the Legion retargets; a retarget costs no Tower (she loses one when she
    enlarges, rulings.md 50)."""
    sc = Scenario(["duerkhar"], auto_ties=True).empty_board()
    sc.at("H09", tile="zeegaard", haven="duerkhar").at("H13", tile="dawngaard", haven="duerkhar")
    sc.decks(legion_deck=["mage_breaker"])
    w = watched(sc, effect([{"op": "place_legion"}], actor="duerkhar"))
    w.play(lambda g, d: d.options[0].id)
    lost = events(w.game, "SeaTowerRemoved")
    assert sorted(e.hex for e in lost) == ["H09"]
    assert {e.hex for e in events(w.game, "HavenRemoved")} == {"H09"}
    view = w.game.public_view()
    assert not view.hexes["H09"].sea_tower and view.hexes["H09"].tile == "howling_white"
    assert view.hexes["H13"].sea_tower
    assert [(e.hex, e.reason) for e in events(w.game, "TargetPlaced")] == [("H09", "hunt"), ("H13", "retarget")]
    assert w.game.state.legions["mage_breaker"].hex == "H09"  # it moved onto the first lost Tower
    assert w.checks >= 1


def test_skeletons_becoming_a_horde_and_the_shortage():
    sc = Scenario(["duerkhar"], auto_ties=True).empty_board()
    sc.at("H07", tile="rigga", skeletons=2).at("H08", tile="torment", skeletons=1)
    sc.decks(horde_deck=["siren", "bloodwyrm"])
    w = watched(sc, effect([{"op": "place_skeleton", "count": 12}], actor="duerkhar"))
    w.play(lambda g, d: d.options[0].id)
    g = w.game
    assert len(events(g, "HordeFormed")) >= 2  # joining three, then the shortage
    assert events(g, "SkeletonsRemoved")[0].reason == "horde_formed"


def test_a_horde_formed_mid_combat_takes_over_the_chaos_side():
    # Skeleton Bolts make a Horde on the combat's hex: the same combat goes on against it (ruling 17)
    sc = duel(ICE, units={"younglings": 3}, skeletons=2)
    sc.decks(horde_deck=["bloodwyrm"])
    sc.state(lambda st: setattr(st, "event_threat", 1))
    sc.rig(blue=["", "", "", "S", ""], red=["SB", "", "", ""])
    w = watched(sc, fight("H08", attacker="duerkhar"))
    w.play(lambda g, d: d.options[0].id)
    g = w.game
    changed = events(g, "CombatSideChanged")
    assert len(changed) == 1
    i = g.log.index(changed[0])
    before = Projection.from_events(g.cat, g.log[:i]).view().combat.b
    after = Projection.from_events(g.cat, g.log[:i + 1]).view().combat.b
    assert (before.kind, before.card) == ("skeletons", None) and (after.kind, after.card) == ("horde", "bloodwyrm")
    assert after.dice == before.dice and after.owner == "chaos"  # the round's dice carry on


def test_the_capital_falls_with_no_legion_left():
    sc = Scenario(["duerkhar"], auto_ties=True).empty_board()
    sc.at("H00", garrisons=1, units={"oathsworn": 3}).decks(legion_deck=[])
    sc.rig(white=[""], red=["S", "S", "S"], blue=["", ""])
    w = watched(sc, fight("H00", attacker="duerkhar"))
    w.play(lambda g, d: d.options[0].id)
    g = w.game
    assert [(e.hex, e.by) for e in events(g, "CapitalFell")] == [("H00", "duerkhar")]
    assert g.public_view().hexes["H00"].capital_fallen
    assert [e.reason for e in events(g, "VPChanged")][-1] == "capital_fell"


def test_threat_above_the_maximum_becomes_vp():
    sc = Scenario(["duerkhar"], auto_ties=True).empty_board().when(2, "events")
    sc.at("H05", legions=[("assassin", 7)]).target("assassin", "H00", None)
    w = watched(sc, run_phase("events"))
    w.play(lambda g, d: d.options[0].id)
    g = w.game
    over = [e for e in events(g, "ThreatChanged") if e.card == "assassin"][0]
    assert (over.old, over.new, over.overflow) == (7, 7, 2)
    vp = [e for e in events(g, "VPChanged") if e.reason == "threat_overflow"]
    assert [(e.faction, e.amount) for e in vp] == [("empire", 2)]
    assert g.log.index(over) < g.log.index(vp[0])


def test_both_reshuffles_at_a_refresh():
    sc = Scenario(["duerkhar"], auto_ties=True).empty_board().when(2, "refresh")
    sc.decks(item_deck=[], item_discard=["druid_charm", "fen_longbow", "ember_bottle", "cleansing_salts"],
             market=["abad_warpaint"], quest_deck=["lost_caravan"],
             quest_discard=["blood_moon", "deserters_camp", "plague_pits"], quest_offer=[])
    w = watched(sc, run_phase("refresh"))
    w.play(lambda g, d: d.options[0].id)
    g = w.game
    shuffled = [(e.deck, e.count) for e in events(g, "Reshuffled")]
    assert shuffled == [("item", 5), ("quest", 3)]  # the discarded Market joins the Item discards first
    view = g.public_view()
    assert view.item_deck == 2 and len(view.market) == 3 and view.item_discard == ()
    assert view.quest_deck == 1 and len(view.quest_offer) == 3


def test_items_passed_between_heros_keep_their_side_up():
    sc = Scenario(["duerkhar", "mohyar"], auto_ties=True).empty_board()
    sc.player("duerkhar", hero_hex="H07", items=["travel_rations"], ap=3)
    sc.player("mohyar", hero_hex="H07", items=["xyxrit_leaves"])
    sc.state(lambda st: setattr(st.player("duerkhar").items[0], "face_up", False))  # used this Chapter
    sc.at("H07", tile="rigga")
    w = watched(sc, turn("duerkhar"))
    w.check("start")
    drive(w.game, "trade:ap")
    w.check("trade")
    drive(w.game, "give_item:mohyar:travel_rations")
    w.check("give")
    given = events(w.game, "ItemGiven")
    assert [(e.faction, e.to, e.card) for e in given] == [("duerkhar", "mohyar", "travel_rations")]
    assert w.game.public_view().player("mohyar").items == (CardView("xyxrit_leaves", True),
                                                           CardView("travel_rations", False))


# ------------------------------------------------------------------ the projection's own contract
def test_an_event_before_game_started_is_refused():
    g = Game(setup_for(1)).start()
    proj = Projection(g.cat)
    with pytest.raises(ProjectionError, match="before GameStarted"):
        proj.apply(g.log[1])
    with pytest.raises(ProjectionError, match="no GameStarted"):
        proj.view()


def test_an_event_type_without_a_handler_is_reported():
    g = Game(setup_for(1)).start()
    proj = Projection.from_events(g.cat, g.log)
    proj.apply(SimpleNamespace(event_type="Imaginary"))  # an object standing in for a new event type
    assert proj.unknown == {"SimpleNamespace"}


def test_follow_rebuilds_after_a_rewind():
    g = Game(setup_for(9)).start()
    proj = Projection.follow(g)
    rng = random.Random(9)
    for _ in range(40):
        g.answer(rng.choice(g.decision.options).id)
    assert proj.view() == g.public_view()
    seen = []
    g.subscribe(seen.append)
    g.undo()  # the engine sends Rewound to subscribers: the projection rebuilds from game.log
    assert [e.event_type for e in seen] == ["Rewound"] and seen[0].answers == 39
    assert proj.view() == g.public_view()
    g.answer(g.decision.options[0].id)
    assert proj.view() == g.public_view()
    g.undo(5)
    assert proj.view() == g.public_view()
    cp = g.checkpoints()[1]
    g.undo_to(cp.index)
    assert len(g.answers) == cp.index and proj.view() == g.public_view()
    g.answer(g.decision.options[-1].id)
    assert proj.view() == g.public_view()


def test_differences_name_the_field():
    g = Game(setup_for(2)).start()
    v = g.public_view()
    w = v._replace(vp_chaos=v.vp_chaos + 1)
    assert differences(w, v) == [f"view.vp_chaos: {v.vp_chaos + 1} != {v.vp_chaos}"]


def test_no_change_events_are_only_commentary():
    from uprising_tui.engine.face.events import EVENT_TYPES
    from uprising_tui.engine.face.projection import _HANDLERS
    assert not set(_HANDLERS) & NO_CHANGE
    unhandled = set(EVENT_TYPES) - set(_HANDLERS) - NO_CHANGE - {"GameEvent"}
    assert not unhandled, f"event types the projection neither applies nor lists as commentary: {unhandled}"
