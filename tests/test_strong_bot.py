"""The strong bot (bots/strong): it plays, it plays fair, and its advice is about the table only."""
from __future__ import annotations

import sys
from dataclasses import replace

import pytest

from uprising_tui.bots import BOTS, get_bot
from uprising_tui.bots.strong.advisor import advise
from uprising_tui.bots.strong.bot import StrongBot
from uprising_tui.bots.strong.search import Budget, Stop
from uprising_tui.engine import Game, Setup
from uprising_tui.engine.game import Game as GameClass

from .sandbox_fixtures import twin

TINY = Budget(rollouts=6, width=2, horizon="chapter")
FACTIONS = ["druwhn", "duerkhar", "krowh", "mohyar"]
GUARDED = ("state", "ctx", "board", "rng", "dice")
BOT_PACKAGE = "uprising_tui.bots.strong"


def _played(n: int, seed: int, answers: int, kind: str = "turn") -> Game:
    game = Game(Setup(factions=FACTIONS[:n], chapters=2, seed=seed, auto_ties=True)).start()
    bot = get_bot("heuristic", seed)
    while len(game.answers) < answers or game.decision.kind != kind:
        game.answer(bot.choose(game, game.decision))
    return game


def test_the_strong_bot_is_registered_and_takes_settings():
    assert BOTS["strong"] is StrongBot
    bot = get_bot("strong:rollouts=8,width=2,horizon=chapter,z=1.5", 3)
    assert bot.budget == Budget(rollouts=8, width=2, horizon="chapter", pool="kinds") and bot.z == 1.5
    assert get_bot("strong:seconds=0.5", 1).budget.rollouts is None
    # the default is the budget measured in docs/balance.md; a setting not given keeps it
    assert StrongBot(1).budget == Budget(rollouts=96, width=6, horizon="chapter", pool="kinds")
    assert get_bot("strong:rollouts=12", 1).budget == Budget(rollouts=12, width=6, horizon="chapter", pool="kinds")
    assert get_bot("strong:pool=rank,width=4", 1).budget == Budget(rollouts=96, width=4, horizon="chapter")
    for bad, says in (("strong:depth=3", "unknown setting 'depth'"), ("strong:rollouts=many", "not setting=value"),
                      ("strong:horizon=forever", "horizon must be"), ("heuristic:x=1", "takes no settings")):
        with pytest.raises(ValueError, match=says):
            get_bot(bad, 0)


def test_the_strong_bot_plays_a_game_to_the_end():
    game = Game(Setup(factions=["druwhn"], chapters=2, seed=4, auto_ties=True)).start()
    bot = StrongBot(4, TINY)
    while game.decision is not None:
        game.answer(bot.choose(game, game.decision))
    assert game.public_view().verdict is not None
    assert bot.searches > 5 and bot.rollouts >= bot.searches * 2


def _guard(monkeypatch, real: Game, reads: list) -> None:
    """The real game's raw parts may be read by the engine only (its fork and sandbox copy it);
    no module of the strong bot may read any game's raw parts (its sampled worlds included)."""
    for attr in GUARDED:
        def get(self, attr=attr):
            caller = sys._getframe(1).f_globals.get("__name__", "")
            if caller.startswith(BOT_PACKAGE) or (self is real and not caller.startswith("uprising_tui.engine")):
                reads.append((attr, caller, self is real))
                raise AssertionError(f"{caller} read Game.{attr}")
            return self.__dict__[attr]  # the property stands over the instance's own attribute

        def put(self, value, attr=attr):
            self.__dict__[attr] = value
        monkeypatch.setattr(GameClass, attr, property(get, put), raising=False)
    view = GameClass.view

    def guarded_view(self):
        caller = sys._getframe(1).f_globals.get("__name__", "")
        if caller.startswith(BOT_PACKAGE) or self is real:
            reads.append(("view()", caller, self is real))
            raise AssertionError(f"{caller} called Game.view()")
        return view(self)
    monkeypatch.setattr(GameClass, "view", guarded_view)


def test_the_strong_bot_never_reads_the_real_games_state(monkeypatch):
    game = _played(2, 6, 20)
    reads: list = []
    bot = StrongBot(6, TINY)
    with monkeypatch.context() as mp:
        _guard(mp, game, reads)
        for _ in range(12):  # searched turns, a Build, combats: every kind of answer it gives
            game.answer(bot.choose(game, game.decision))
        advise(game, TINY)
    assert reads == [] and bot.searches > 0


def test_the_guard_catches_a_read(monkeypatch):
    game = _played(1, 6, 10)
    reads: list = []
    with monkeypatch.context() as mp:
        _guard(mp, game, reads)
        # a planted read from a module of the bots' package (the heuristic no longer reads the state:
        # it plays from the public view, bots/heuristic.py)
        planted = {"__name__": BOT_PACKAGE + ".planted"}
        exec("def peek(game):\n    return game.state\n", planted)
        with pytest.raises(AssertionError):
            planted["peek"](game)
    assert reads and reads[0][2]
    get_bot("heuristic", 1).choose(game, game.decision)  # out of the guard: the heuristic still plays


@pytest.mark.parametrize("n,seed,answers", [(1, 3, 8), (2, 7, 40)])
def test_games_that_differ_only_in_hidden_things_get_the_same_advice(n, seed, answers):
    game = _played(n, seed, answers)
    other = twin(game, seed)
    a, b = advise(game, TINY, seed=2), advise(other, TINY, seed=2)
    assert a.options == b.options and a.pick == b.pick
    assert StrongBot(5, TINY).choose(game, game.decision) == StrongBot(5, TINY).choose(other, other.decision)


def test_advice_names_no_face_down_tile_and_has_reasons():
    game = _played(2, 9, 30)
    advice = advise(game, Budget(rollouts=12, width=3, horizon="chapter"))
    hidden = {game.cat.hexes[h.tile].name for h in game.state.hexes.values() if not h.explored}
    text = "\n".join(advice.lines())
    assert not [name for name in hidden if name in text]
    assert 1 <= len(advice.options) <= 3 and advice.pick in {o.option for o in advice.options} | {advice.pick}
    assert all(o.reasons and o.reasons[0].kind == "search" for o in advice.options)
    assert advice.options[0].option == advice.pick  # the pick first, then the others by their chance
    rest = [o.win for o in advice.options[1:]]
    assert rest == sorted(rest, reverse=True)
    if any(o.win > advice.options[0].win for o in advice.options[1:]):  # a higher figure not played: why
        assert any(r.text.startswith("kept over “") for r in advice.options[0].reasons)
    labels = {o.id: o.label for o in game.decision.options}
    for o in advice.options[1:]:  # the others are weighed against the best, named by its label in quotes
        said = " ".join(r.text for r in o.reasons)
        assert f"with “{labels[advice.options[0].option]}”" in said, said


def test_advice_reports_progress_and_can_be_cancelled():
    game = _played(1, 11, 10)
    seen: list = []
    done = advise(game, Budget(rollouts=8, width=2, horizon="chapter"), progress=lambda d, t: seen.append((d, t)))
    assert done.complete and seen[-1] == (done.rollouts, 8) and done.rollouts == 8
    calls = []

    def stop_after_four() -> bool:
        calls.append(1)
        return len(calls) > 4
    part = advise(game, Budget(rollouts=40, width=2, horizon="chapter"), cancel=stop_after_four)
    assert not part.complete and part.rollouts == 4
    with pytest.raises(Stop):
        advise(game, TINY, cancel=lambda: True)


@pytest.mark.parametrize("n,seed", [(1, 3), (2, 1)])
def test_without_a_search_the_strong_bot_plays_as_the_heuristic(n, seed):
    """Its own heuristic plays in one world that follows the game (shadow): it remembers what the
    heuristic of a plain game remembers, so with nothing searched the two games are the same."""
    setup = Setup(factions=FACTIONS[:n], chapters=2, seed=seed, auto_ties=True)
    plain = Game(setup).start()
    heuristic = get_bot("heuristic", seed)
    while plain.decision is not None:
        plain.answer(heuristic.choose(plain, plain.decision))
    game = Game(setup).start()
    bot = StrongBot(seed, Budget(rollouts=4, width=1))
    while game.decision is not None:
        game.answer(bot.choose(game, game.decision))
    assert game.answers == plain.answers and bot.searches == 0


def test_work_is_reused_across_the_decisions_of_a_turn():
    """After a move (no dice, nothing revealed) the worlds of the next Decision are the worlds of
    the one before after that move: the rollouts of the move whose next answer was the heuristic's
    pick here are taken over, and they end as fresh rollouts of it end."""
    from uprising_tui.bots.strong.search import play_out
    game = Game(Setup(factions=["druwhn"], chapters=2, seed=4, auto_ties=True)).start()
    bot = StrongBot(4, Budget(rollouts=24, width=2, horizon="chapter"))
    checked = same = 0
    while game.decision is not None and checked < 12:
        pick = bot.choose(game, game.decision)
        if bot.last_reused and bot.last_search is not None:
            top = bot.last_search.lines[0]
            for i in sorted(bot.last_reused)[:4]:
                fresh = play_out(bot.last_search.world(i), top, bot.last_search.seed, "chapter", False)
                checked += 1
                same += fresh[:3] == top.outcomes[i][:3]
            bot.last_reused = frozenset()
        game.answer(pick)
    assert bot.reused > 0 and checked >= 4 and same >= 0.75 * checked


def test_a_pick_kept_below_a_higher_figure_says_why_from_the_paired_plays():
    from types import SimpleNamespace as NS

    from uprising_tui.bots.strong.wording import kept_reason

    pick = NS(option="a", win=0.80)
    higher = NS(option="b", win=0.83, versus=lambda other: (0.03, 0.02, 48))
    lower = NS(option="c", win=0.70, versus=lambda other: (-0.1, 0.02, 48))
    namer = NS(option=lambda oid: {"a": "Move to H15", "b": "Quest: Cleanse the Barrow", "c": "Trade"}[oid])
    (kind, text, weight), = kept_reason(pick, [higher, lower], namer)
    assert kind == "search" and weight == 0.03
    assert text.startswith("kept over “Quest: Cleanse the Barrow” (83% against 80%)")
    assert "+3 ± " in text and "48 paired plays" in text
    assert kept_reason(pick, [lower], namer) == []  # nothing higher: nothing to explain


def test_in_the_last_chapter_the_chapter_horizon_is_the_game_s_end_and_says_so():
    game = _played(1, 11, 10)
    bot = get_bot("heuristic", 11)
    assert game.public_view().chapter < game.public_view().chapters
    assert advise(game, Budget(rollouts=4, width=2, horizon="chapter")).horizon == "chapter"
    while game.public_view().chapter < game.public_view().chapters or game.decision.kind != "turn":
        game.answer(bot.choose(game, game.decision))
    advice = advise(game, Budget(rollouts=4, width=2, horizon="chapter"))
    assert advice.horizon == "game"
    assert all("to the end of the game" in o.reasons[0].text for o in advice.options if o.samples)


def test_the_kinds_pool_keeps_the_heuristic_s_top_two_then_one_of_each_other_kind():
    """pool=kinds: the heuristic's top two as pool=rank has them, then its favourite of each
    option group not yet in the pool, groups in the options' order, none twice."""
    from uprising_tui.bots.strong.search import KINDS_TOP, rank
    game = _played(1, 3, 6)
    world = StrongBot(3).sandboxes(game).world(0)
    group = {o.id: o.group for o in world.decision.options}
    by_rank = rank(world, 6, 3)
    kinds = rank(world, 6, 3, pool="kinds")
    assert [ln.option for ln in kinds[:KINDS_TOP]] == [ln.option for ln in by_rank[:KINDS_TOP]]
    rest = [group[ln.option] for ln in kinds[KINDS_TOP:]]
    top = {group[ln.option] for ln in kinds[:KINDS_TOP]}
    assert rest and len(set(rest)) == len(rest) and not top & set(rest)
    order = list(dict.fromkeys(group[o.id] for o in world.decision.options if group[o.id] not in top))
    assert rest == order[:len(rest)]
    # the rank pool of this turn is Move after Move past the pick; the kinds pool is not
    assert len({group[ln.option] for ln in kinds}) > len({group[ln.option] for ln in by_rank[:len(kinds)]})
    assert get_bot("strong:pool=kinds", 1).budget.pool == "kinds"
    with pytest.raises(ValueError, match="pool must be"):
        get_bot("strong:pool=random", 1)


def test_the_hint_searches_its_budget_s_pool(monkeypatch):
    """The advisor's candidates come from its budget's pool (the hint's: by kind), and what it
    shows past the heuristic's top two are options of kinds not among them."""
    from uprising_tui.bots.strong import advisor
    from uprising_tui.bots.strong.search import KINDS_TOP, rank
    assert advisor.HINT_BUDGET.pool == "kinds"
    pools, ranked = [], []

    def spy(world, width, seed, first=None, pool="rank", fill=False):
        pools.append(pool)
        ranked.extend(rank(world, width, seed, first=first, pool=pool, fill=fill))
        return ranked

    monkeypatch.setattr(advisor, "rank", spy)
    game = _played(1, 3, 6)
    group = {o.id: o.group for o in game.decision.options}
    shown = advise(game, replace(advisor.HINT_BUDGET, seconds=None, rollouts=8)).options
    assert pools == ["kinds"]
    top = {group[ln.option] for ln in ranked[:KINDS_TOP]}
    later = [group[o.option] for o in shown if o.rank >= KINDS_TOP]
    assert len(set(later)) == len(later) and not top & set(later)
    advise(game, Budget(rollouts=4, width=3, horizon="chapter"))
    assert pools[-1] == "rank"


def test_a_difference_that_rounds_to_nothing_reads_0_and_the_noise_is_the_search_s():
    from types import SimpleNamespace as NS

    from uprising_tui.bots.strong.search import floor_se
    from uprising_tui.bots.strong.wording import kept_reason, points

    assert (points(0.052), points(-0.031), points(-0.004), points(0.0)) == ("+5", "-3", "0", "0")
    pick = NS(option="a", win=0.950)
    same = NS(option="b", win=0.951, versus=lambda other: (0.001, 0.0, 16))  # the same end in 16 worlds
    namer = NS(option=lambda oid: {"a": "Command", "b": "Buy"}[oid])
    (_, text, _), = kept_reason(pick, [same], namer)
    # sixteen plays that all agree cannot show a difference smaller than the search's floor
    assert f"its lead, 0 ± {100 * floor_se(0.0, 16):.0f} points over 16 paired plays" in text


def _at_a_choice_of_one_resource() -> Game:
    """Seed 1 at 2 factions, after two answers: Salt, Plunder or Food (one kind of option)."""
    return _played(2, 1, 2, kind="gain_choice")


def test_options_that_end_as_a_shown_one_are_named_beside_it_not_lost():
    # seed 1's third answer is a choice of one resource: Salt, Plunder and Food end the same
    # in every world tried, so the search stops playing two of them; the pane names them
    game = _at_a_choice_of_one_resource()
    assert game.decision.kind == "gain_choice"
    advice = advise(game, Budget(rollouts=8, width=3, horizon="chapter"))
    shown = {o.label for o in advice.options}
    same = [r for o in advice.options for r in o.reasons if r.kind == "same"]
    assert len(same) == 1
    named = {label for label in ("Salt", "Plunder", "Food") if f"“{label}”" in same[0].text}
    assert len(named) == 2 and not named & shown and named | shown == {"Salt", "Plunder", "Food"}
    assert "played no further" in same[0].text


def test_a_twin_of_a_twin_is_named_beside_the_option_it_ends_as():
    from types import SimpleNamespace as NS

    from uprising_tui.bots.strong.advisor import _alike
    from uprising_tui.bots.strong.search import Line
    from uprising_tui.bots.strong.wording import same_reason

    a, b, c, d = (Line(x, i, ()) for i, x in enumerate("abcd"))
    b.same_as, c.same_as = "a", "b"  # c ended as b, which ended as a
    assert _alike(a, [a, b, c, d]) == [b, c] and _alike(d, [a, b, c, d]) == []
    namer = NS(option=str.upper)
    assert same_reason([], namer) == []
    (kind, text, _), = same_reason([b], namer)
    assert kind == "same" and text.startswith("“B” ended exactly as this in each of its 0 plays")
    (_, text, _), = same_reason([b, c], namer)
    assert text.startswith("“B” and “C” ended exactly as this in every play they had")


def test_a_haven_saved_or_lost_says_who_would_take_it_in_plain_words():
    from types import SimpleNamespace as NS

    from uprising_tui.bots.strong.wording import _happening

    namer = NS(when=lambda chapter, phase: "in this Chapter's Nemesis Phase", hex=lambda h: f"{h} Khatrak Kautil",
               side=lambda who: {"duerkhar": "Duerkhar", "warlock": "The Warlock"}[who])
    key = ("haven_lost", "H17", "duerkhar")
    kind, text = _happening(key, 0.0, 0.51, ("warlock", 1, "nemesis"), namer, "“Duerkhar”", "druwhn")
    assert kind == "answer"
    assert text == ("saves Duerkhar's Haven on H17 Khatrak Kautil from The Warlock in this Chapter's Nemesis Phase "
                    "(lost in 0% of plays, against 51% with “Duerkhar”)")
    kind, text = _happening(key, 0.0, 0.51, ("overrun", 1, "nemesis"), namer, "“Duerkhar”", "druwhn")
    assert text.startswith("saves Duerkhar's Haven on H17 Khatrak Kautil from being lost in this")
    kind, text = _happening(key, 0.42, 0.0, ("warlock", 1, "nemesis"), namer, "“Duerkhar”", "druwhn")
    assert kind == "risk" and text.startswith("Duerkhar's Haven on H17 Khatrak Kautil is lost by The Warlock in")


def test_where_every_option_is_of_one_kind_the_hint_still_weighs_three():
    # Salt, Plunder or Food: one kind, so the kinds pool stops at the heuristic's top two (the
    # bot's measured way); the advisor fills it by rank, so its player hears of all three
    from uprising_tui.bots.strong import advisor
    from uprising_tui.bots.strong.search import rank
    game = _at_a_choice_of_one_resource()
    world = StrongBot(1).sandboxes(game).world(0)
    assert len(rank(world, 4, 1, pool="kinds")) == 2
    filled = rank(world, 4, 1, pool="kinds", fill=True)
    assert sorted(ln.option for ln in filled) == sorted(o.id for o in game.decision.options if o.group != "always")
    advice = advise(game, replace(advisor.HINT_BUDGET, seconds=None, rollouts=12))
    text = " ".join([o.label for o in advice.options] + [r.text for o in advice.options for r in o.reasons])
    assert all(name in text for name in ("Salt", "Plunder", "Food"))
