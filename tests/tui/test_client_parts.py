"""The client's small parts: option groups and costs, pacing, the playback's steps, statistics."""
from __future__ import annotations

import asyncio
import dataclasses

import pytest

from uprising_tui.content.loader import default_catalog
from uprising_tui.bots import get_bot
from uprising_tui.engine import Game, Setup
from uprising_tui.engine.face.decision import Option, OptionCost
from uprising_tui.engine.face.refs import Ref
from uprising_tui.engine.face.events import (CombatStarted, NemesisActivated, NemesisMoved, PhaseStarted,
                                        SkeletonPlaced)
from uprising_tui.tui import adapters
from uprising_tui.tui.pacing import Pacer
from uprising_tui.tui.playback import caption, hexes_of, split
from uprising_tui.tui.stats import game_stats
from uprising_tui.tui.theme import count_symbols, dice_text
from uprising_tui.tui.widgets.card_info import option_card


@pytest.fixture(scope="module")
def cat():
    return default_catalog()


def test_options_are_laid_out_by_the_engines_groups():
    opts = [Option("end", "End", group="end"), Option("move:H01", "Move", group="move"),
            Option("convert:salt:food", "3 Salt", group="convert"), Option("give:mohyar:salt", "Give", group="trade"),
            Option("hex:H02", "Put it here", group="hex"), Option("odd", "?"), Option("explore", "Explore", group="card")]
    assert [(g, [o.id for o in os]) for g, os in adapters.grouped(opts)] == [
        ("move", ["move:H01"]), ("hex", ["hex:H02"]), ("choice", ["odd"]), ("card", ["explore"]),
        ("trade", ["give:mohyar:salt"]), ("convert", ["convert:salt:food"]), ("end", ["end"])]


def test_a_meaning_is_never_read_from_an_option_id():
    """The client reads the engine's group, cost and refs; an id's prefix means nothing to it."""
    bare = Option("command:H01", "Command", hex="H01")
    assert adapters.option_group(bare) == "choice"
    assert adapters.option_cost_text(bare, default_catalog()) == ""
    assert option_card(Option("market:travel_rations", "Buy")) is None
    assert option_card(Option("x", "Buy", group="market", refs=(Ref("card", "travel_rations"),))) == "travel_rations"


def test_costs_are_the_engines_and_a_unit_shows_its_printed_price(cat):
    own = OptionCost(ap=1, salt=1)
    assert adapters.option_cost_text(Option("market:x", "", group="market", cost=own), cat) == "1 AP + 1 Salt"
    assert adapters.cost_text(OptionCost(ap=1, food=1)) == "1 AP + 1 Food"

    def build(unit: str) -> Option:
        return Option(f"b{unit}", "", group="build", refs=(Ref("unit", unit), Ref("hex", "H15")))
    assert adapters.option_cost_text(build("younglings"), cat) == "2 Salt or 2 Plunder"
    assert adapters.option_cost_text(build("swordsisters"), cat) == "1 Salt + 1 Plunder"
    assert adapters.option_cost_text(build("sellswords"), cat) == "2 of any"


def test_the_turns_options_show_the_engines_costs(cat):
    g = Game(Setup(factions=["krowh", "mohyar"], chapters=2, seed=4)).start()
    bot = get_bot("heuristic", 0)
    while g.decision.kind != "turn" or not any(o.group == "command" for o in g.decision.options):
        g.answer(bot.choose(g, g.decision))
    shown = {o.group: adapters.option_cost_text(o, cat) for o in g.decision.options}
    assert shown["move"] == "1 AP" and shown["command"] == "1 AP + 1 Food" and shown["trade"] == "1 AP"


def test_step_pacing_waits_for_a_key_and_instant_does_not():
    async def run():
        p = Pacer("step")
        waiter = asyncio.ensure_future(p.wait())
        await asyncio.sleep(0.01)
        assert not waiter.done() and p.waiting
        p.advance()
        await asyncio.wait_for(waiter, 1)
        p.set("instant")
        await asyncio.wait_for(p.wait(), 0.05)
        p.set("step")
        p.skip()  # Esc: the rest at once, until a person must answer
        await asyncio.wait_for(p.wait(), 0.05)
        p.release()
        waiter = asyncio.ensure_future(p.wait())
        await asyncio.sleep(0.01)
        assert not waiter.done()
        p.cycle()  # step -> auto: a waiting step goes on
        await asyncio.wait_for(waiter, 1)
    asyncio.run(run())


def test_bad_pacing_is_refused():
    with pytest.raises(ValueError, match="step, auto, instant"):
        Pacer("fast")


def make(cls, **given):
    """An event with the fields given; any other field without a default gets an empty value
    (so the test holds while events gain fields)."""
    kw = {}
    for f in dataclasses.fields(cls):
        if f.name in given:
            kw[f.name] = given[f.name]
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING and f.init:
            kw[f.name] = None if f.name.startswith("card") else ""
    return cls(**kw)


def test_playback_steps_start_at_phases_activations_and_fights(cat):
    evs = [make(PhaseStarted, chapter=1, phase="nemesis"), make(NemesisActivated, card="assassin"),
           make(NemesisMoved, card="assassin", src="H00", dst="H04"), make(NemesisActivated, card="assassin"),
           make(NemesisMoved, card="assassin", src="H04", dst="H11"),
           make(CombatStarted, combat=1, hex="H11", side_a="duerkhar", side_b="empire", terrain="woods"),
           make(SkeletonPlaced, hex="H02")]
    steps = split(evs)
    assert [len(s) for s in steps] == [1, 2, 2, 2]
    lit, cursor = hexes_of(steps[2])
    assert lit == {"H04", "H11"} and cursor == "H11"
    assert "The Assassin activates" in caption(steps[1], cat).plain
    assert "moves H00 → H04" in caption(steps[1], cat).plain


def test_a_nemesis_move_says_why_when_the_engine_does(cat):
    class Moved:  # the face lane's NemesisMoved carries step, rule and candidates
        event_type = "NemesisMoved"
        card, src, dst, step, rule, candidates = "assassin", "H00", "H04", 2, "haven", ("H04", "H05")
    text = caption([Moved()], cat).plain
    assert "step 2; a Haven, fewest Units; weighed H04, H05" in text
    assert hexes_of([Moved()])[0] == {"H00", "H04", "H05"}


def test_dice_show_their_colour_letter_and_symbols_not_colour_alone():
    roll = (("red", ("skull", "bolt")), ("blue", ()), ("white", ("shield",)))
    assert dice_text(roll).plain == " R☠↯   U·   W◈ "
    assert count_symbols(roll) == (1, 1, 1)


def test_statistics_match_the_game(cat):
    g = Game(Setup(factions=["duerkhar", "mohyar"], chapters=2, seed=3, auto_ties=True)).start()
    from uprising_tui.bots import get_bot
    bot = get_bot("heuristic", 3)
    while g.decision:
        g.answer(bot.choose(g, g.decision))
    st = game_stats(g.log, cat, ["duerkhar", "mohyar"])
    view = g.public_view()
    assert [st.vp_by_chapter[p.faction][-1] for p in view.players] == [p.vp for p in view.players]
    assert st.vp_by_chapter["empire"][-1] == view.vp_empire and st.vp_by_chapter["chaos"][-1] == view.vp_chaos
    assert all(len(v) == 2 for v in st.vp_by_chapter.values())
    fights = sum(1 for e in g.log if e.event_type == "CombatStarted")
    assert sum(s.fights for s in st.per_side.values()) == 2 * fights
    for s in st.per_side.values():
        assert s.won + s.lost == s.fights
    lost = sum(1 for e in g.log if e.event_type == "UnitDestroyed" and e.owner == "duerkhar")
    assert st.per_side["duerkhar"].units_lost == lost
    assert st.verdict == view.verdict
