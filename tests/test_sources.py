"""Why each thing happened: every event and every Decision names its source (a SourceRef:
the card, Quest, Event, hex effect, Godpower, Druid, ability, terrain, Action or rule section
that caused it), stamped from the cause stack in Ctx."""
from __future__ import annotations

import random

import pytest

from uprising_tui.engine import Game
from uprising_tui.engine.rules.causes import caused_by
from uprising_tui.engine.face.events import Note
from uprising_tui.engine.face.refs import SOURCE_KINDS, SourceRef, card_kind, source_of
from uprising_tui.engine.scenario import Scenario, activate, fight, run_phase, turn

from .combat_rule_fixtures import ICE, WOODS, duel
from .helpers import drive, events, play_out
from .cards.nemesis_fixtures import blank, check_dice, place_card, rig_round, row, scenario, younglings
from .test_random_games import setup_for

Q = "cleanse_the_barrow"


@pytest.mark.parametrize("seed", range(4000, 4008))
def test_every_event_and_decision_of_a_game_has_a_source(seed):
    g = Game(setup_for(seed)).start()
    rng = random.Random(seed)
    kinds = set()
    while g.decision is not None:
        d = g.decision
        assert d.source is not None, f"{d.kind} decision without a source"
        assert d.source.kind in SOURCE_KINDS
        kinds.add(d.source.kind)
        g.answer(rng.choice(d.options).id)
    missing = [e for e in g.log if e.source is None]
    assert not missing, f"{len(missing)} events without a source, e.g. {missing[:3]}"
    assert all(e.source.kind in SOURCE_KINDS for e in g.log)
    assert g.log[0].source == SourceRef("rule", "setup")
    assert "action" in kinds or "rule" in kinds


def test_a_skeleton_placed_by_a_failed_quest_names_the_quest():
    sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board()
    sc.at("H07", tile="rigga", skeletons=1).at("H08", tile="torment", skeletons=1)
    sc.player("duerkhar", hero_hex="H14", guile=0, feats=[]).decks(quest_offer=[Q])
    sc.rig(red=[""], blue=["", ""])  # Might 1, Leadership 2: every Hero Die blank, the Quest fails
    g = sc.game(script=turn("duerkhar"))
    drive(g, f"quest:{Q}")
    because = SourceRef("quest", Q, "fail")
    d = g.decision
    assert d.kind == "place_skeleton" and d.source == because  # the Quest asks where
    drive(g, "hex:H08")
    assert [(e.hex, e.source) for e in events(g, "SkeletonPlaced")] == [("H08", because)]
    assert [(e.faction, e.reason, e.source) for e in events(g, "VPChanged")] == [("chaos", "effect", because)]
    assert events(g, "QuestResolved")[0].source == SourceRef("action", "quest")


def test_each_legion_activation_step_is_its_own_source():
    sc = Scenario(["mohyar"]).empty_board()
    sc.at("H02", legions=[("assassin", 3)]).target("assassin", "H07", "mohyar")
    sc.at("H07", tile="rigga", haven="mohyar").at("H01", tile="raufrost", units={"sellswords": 1})
    g = sc.game(script=activate("assassin"))
    play_out(g)
    step = lambda n: SourceRef("rule", "legion_activation", f"step {n}")  # noqa: E731
    assert events(g, "GarrisonPlaced")[0].source == step(1)
    assert events(g, "NemesisMoved")[0].source == step(2)
    assert events(g, "CombatStarted")[0].source == step(3)


def test_an_explored_hex_names_its_tile_as_the_source_of_its_effect():
    sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board()
    sc.at("H07", tile="bruthgaard", explored=False).player("duerkhar", hero_hex="H07")
    g = sc.game(script=turn("duerkhar"))
    drive(g, "explore")
    play_out(g)
    explored = events(g, "HexExplored")[0]
    assert explored.source == SourceRef("action", "explore")
    after = g.log[g.log.index(explored) + 1:]
    # the tile's effect: 2 Food, then 2 + 2 Skeletons. What it sets off in between (Skeletons
    # becoming a Horde, that Horde's immediate effect, the Capital rule on an empty Capital: which
    # of them happens depends on the deal) names that rule or card instead, never the action
    tile = SourceRef("hex", "bruthgaard", "explore")
    placed = [e for e in after if e.event_type in ("ResourcesChanged", "SkeletonPlaced")]
    mine = [e.event_type for e in placed if e.source == tile]
    assert mine == ["ResourcesChanged"] + ["SkeletonPlaced"] * 4
    others = [e.source for e in placed if e.source != tile]
    assert all(src is not None and src.kind in ("rule", "legion", "horde") for src in others)


def test_a_godpower_and_the_woods_name_themselves():
    sc = place_card(scenario(), "assassin", 6, units={"younglings": 5})
    rig_round(sc, [], blank(row("assassin", 6, "archery")))
    nem = [("purple", "BB"), ("blue", ""), ("red", "S"), ("red", ""), ("yellow", "")]
    rig_round(sc, younglings("H", "", "", "", ""), nem)
    rig_round(sc, younglings("H", ""), [("purple", "SB"), ("blue", ""), ("red", ""), ("red", ""), ("yellow", "")])
    g = sc.game(script=fight("H07", attacker="duerkhar"))
    play_out(g)
    check_dice(g, 2, nem)
    added = events(g, "SymbolsAdded")
    assert added and added[0].source == SourceRef("godpower", "assassin") and added[0].skull == 2
    bolts = [(e.use, e.card, e.shield_broken) for e in events(g, "BoltSpent")][:2]
    assert bolts == [("godpower", "assassin", False), ("shield", None, True)]  # the second Bolt breaks a Shield
    sc = duel(WOODS, units={"spearsingers": 3}, garrisons=1)
    sc.rig(white=["", "", "", "H", "S", "S"])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    assert g.decision.kind == "reroll" and g.decision.source == SourceRef("terrain", "woods")
    drive(g, "die:0", "die:1")  # (alike dice are one option: ruling 62)
    rerolled = events(g, "DiceRerolled")
    assert [(e.side, e.source) for e in rerolled] == [("duerkhar", SourceRef("terrain", "woods"))]


def test_a_skeleton_bolt_and_the_horde_it_forms_name_their_rules():
    sc = duel(ICE, units={"younglings": 3}, skeletons=2)
    sc.decks(horde_deck=["bloodwyrm"])
    sc.rig(blue=["", "", "", "S", ""], red=["SB", "", "", ""])
    g = sc.game(script=fight("H08", attacker="duerkhar"))
    play_out(g)
    assert events(g, "SkeletonPlaced")[0].source == SourceRef("rule", "skeleton_bolt")
    assert events(g, "HordeFormed")[0].source == SourceRef("rule", "horde_formation")
    assert events(g, "NemesisPlaced")[0].source == SourceRef("rule", "horde_formation")


def test_the_capital_rule_and_an_event_card():
    sc = Scenario(["duerkhar"], auto_ties=True).empty_board()
    sc.at("H00", garrisons=1, units={"oathsworn": 3}).decks(legion_deck=["assassin"])
    sc.rig(white=[""] * 10, red=["S", "S", "S"] + [""] * 20, blue=[""] * 20, yellow=[""] * 20)
    g = sc.game(script=fight("H00", attacker="duerkhar"))
    play_out(g)
    assert events(g, "NemesisPlaced")[0].source == SourceRef("rule", "capital_rule")
    sc = Scenario(["duerkhar"], auto_ties=True).empty_board().when(1, "events")
    sc.decks(events=["imperial_patrols"] * 4, legion_deck=["warlock"])
    g = sc.game(script=run_phase("events"))
    play_out(g)
    assert events(g, "EventRevealed")[0].source == SourceRef("rule", "events_phase")
    assert events(g, "NemesisPlaced")[0].source == SourceRef("event", "imperial_patrols")
    assert events(g, "TargetPlaced")[0].source == SourceRef("legion", "warlock", "immediate")


def test_an_event_may_name_its_own_source_and_the_stack_unwinds():
    g = Game(setup_for(1)).start()
    ctx = g.ctx
    depth = len(ctx.causes)
    with ctx.cause(SourceRef("rule", "outer")):
        with ctx.cause(SourceRef("quest", Q)):
            ctx.emit(Note("quest_deck_empty"))
            ctx.emit(Note("item_deck_empty", source=SourceRef("item", "druid_charm")))
        ctx.emit(Note("no_quest_on_offer"))
    assert len(ctx.causes) == depth
    assert [e.source for e in g.log[-3:]] == [SourceRef("quest", Q), SourceRef("item", "druid_charm"),
                                              SourceRef("rule", "outer")]


def test_caused_by_wraps_generators_and_plain_functions():
    g = Game(setup_for(1)).start()
    ctx = g.ctx

    @caused_by("rule", "plain")
    def plain(ctx):
        ctx.emit(Note("quest_deck_empty"))
        return 7

    @caused_by("rule", "gen")
    def gen(ctx):
        ctx.emit(Note("quest_deck_empty"))
        yield "asked"
        ctx.emit(Note("quest_deck_empty"))
        return 8

    assert plain(ctx) == 7 and g.log[-1].source == SourceRef("rule", "plain")
    it = gen(ctx)
    assert next(it) == "asked" and ctx.causes[-1] == SourceRef("rule", "gen")
    with pytest.raises(StopIteration) as stop:
        it.send(None)
    assert stop.value.value == 8 and g.log[-1].source == SourceRef("rule", "gen")
    assert not ctx.causes or ctx.causes[-1] != SourceRef("rule", "gen")


def test_source_kinds_of_catalog_ids(cat):
    assert card_kind(cat, Q) == "quest" and card_kind(cat, "assassin") == "legion"
    assert card_kind(cat, "bloodwyrm") == "horde" and card_kind(cat, "watcher") == "druid"
    assert card_kind(cat, "rigga") == "hex" and card_kind(cat, "imperial_patrols") == "event"
    assert card_kind(cat, "phalanx") == "feat" and card_kind(cat, "druid_charm") == "item"
    assert card_kind(cat, "no_such_thing") == "rule"
    assert source_of(cat, "rigga", "explore") == SourceRef("hex", "rigga", "explore")
