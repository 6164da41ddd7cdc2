"""The exact chance of solving a Quest (issue 21, "Quests: the exact chance of success for this
Hero"): `odds(game, "quest:<id>")` beside the fight odds, checked against a brute-force sum over
every face and against attempts the engine plays. Quests are picked from the catalog by their
bonus, not by name."""
from __future__ import annotations

import math
import pickle
import random
from itertools import product

import pytest

from uprising_tui.content.loader import default_catalog
from uprising_tui.engine.table.board import Board
from uprising_tui.engine.rules.context import Ctx
from uprising_tui.engine.table.dice import Dice
from uprising_tui.engine.odds import QuestOdds, odds, quest_chance
from uprising_tui.engine.rules.quests import attempt_quest
from uprising_tui.engine.scenario import Scenario, turn

from .helpers import drive

CAT = default_catalog()
FACTION = "mohyar"


def _quest(pred) -> str:
    return sorted(q for q, c in CAT.quests.items() if pred(c))[0]


# a Quest whose bonus dice never come at home (a Cursed hex or a Sea Tower only)
PLAIN = _quest(lambda q: not q.immediate and all(b.when in ("curse", "sea_tower") for b in q.bonus))
SEA = _quest(lambda q: any(b.when == "sea_tower" and b.any_die for b in q.bonus))


def brute(quest: str, dice) -> float:
    q = CAT.quests[quest]
    faces = [CAT.dice[c].faces for c in dice]
    hits = 0
    total = 0
    for roll in product(*faces):
        total += 1
        got = {s: sum(f.count(s) for f in roll) for s in ("skull", "shield", "bolt")}
        hits += sum(got[g.symbol] >= g.count for g in q.goals) >= q.threshold
    return hits / total


@pytest.mark.parametrize("dice", [("red",), ("red", "blue", "white"), ("purple", "yellow", "yellow", "blue"),
                                  ("black", "red", "white", "blue", "purple")])
def test_the_chance_is_the_sum_over_every_face(dice):
    for quest in (PLAIN, SEA):
        assert quest_chance(CAT, quest, dice).success == pytest.approx(brute(quest, dice), abs=1e-12)


def quest_game(quest: str, attrs: dict, hero_hex: str | None = None, tile: str | None = None):
    sc = Scenario([FACTION]).empty_board()
    kw = dict(feats=[], items=[], ap=2, **attrs)
    if hero_hex:
        kw["hero_hex"] = hero_hex
        if tile:
            sc.at(hero_hex, tile=tile)
    sc.player(FACTION, **kw)
    sc.decks(quest_offer=[quest])
    return sc.game(script=turn(FACTION))


def sampled(g, quest: str, guile: str | None, colour: str | None, n: int, seed: int) -> float:
    """Attempts the engine plays from the position of `g`'s turn, answering the Guile split and
    the bonus die as given: the share solved."""
    blob = pickle.dumps(g.state, -1)
    rng = random.Random(seed)
    faces = {c: d.faces for c, d in CAT.dice.items()}
    solved = 0
    for _ in range(n):
        st = pickle.loads(blob)
        got = []
        ctx = Ctx(st, CAT, Board(st, CAT, g.board.fixed_edges), Dice(rng, faces), rng, g.setup,
                  lambda e: got.append(e) if type(e).__name__ == "QuestResolved" else None)
        gen = attempt_quest(ctx, st.player(FACTION), quest, action=True)
        try:
            d = next(gen)
            while True:
                pick = {"guile_dice": f"guile:{guile}", "die_colour": f"colour:{colour}"}.get(d.kind)
                if pick is None:  # what the Quest's own effects ask (a Feat to gain, ...): done, else the first
                    ids = [o.id for o in d.options]
                    pick = "done" if "done" in ids else ids[0]
                d = gen.send(pick)
        except StopIteration:
            pass
        solved += got[-1].outcome == "solves"
    return solved / n


def test_a_quest_option_at_a_turn_assumes_the_best_guile_split():
    g = quest_game(PLAIN, {"might": 1, "magic": 1, "leadership": 0, "guile": 2})
    got = odds(g, f"quest:{PLAIN}")
    assert isinstance(got, QuestOdds) and got.quest == PLAIN
    splits = {s: quest_chance(CAT, PLAIN, ["red", "purple"] + ["white"] * (2 - y) + ["yellow"] * y).success
              for y, s in enumerate(("2w0y", "1w1y", "0w2y"))}
    assert got.success == pytest.approx(max(splits.values()))
    assert got.guile in splits and splits[got.guile] == pytest.approx(got.success)
    assert sorted(got.dice) == sorted(["red", "purple"] + ["white"] * got.guile.count("w") * 0 +
                                      ["white"] * int(got.guile[0]) + ["yellow"] * int(got.guile[2]))
    # and once the attempt is under way, each split shows its own chance
    drive(g, f"quest:{PLAIN}")
    assert g.decision.kind == "guile_dice"
    for split, chance in splits.items():
        assert odds(g, f"guile:{split}").success == pytest.approx(chance)


def test_the_quest_odds_agree_with_attempts_the_engine_plays():
    g = quest_game(PLAIN, {"might": 2, "magic": 1, "leadership": 1, "guile": 1})
    got = odds(g, f"quest:{PLAIN}")
    n = 3000
    share = sampled(g, PLAIN, got.guile, None, n, seed=5)
    se = math.sqrt(got.success * (1 - got.success) / n)
    assert abs(share - got.success) <= 4 * se + 1e-9, (share, got.success)


def test_a_bonus_die_of_choice_on_a_sea_tower_is_counted_at_its_best():
    sc = Scenario([FACTION]).empty_board()
    g0 = sc.game(script=turn(FACTION))
    sea_hex = next(h.id for h in g0.state.hexes.values() if h.role == "sea_tower")
    sea_tile = next(t.id for t in CAT.hexes.values() if t.sea_tower)
    g = quest_game(SEA, {"might": 1, "magic": 0, "leadership": 1, "guile": 0}, hero_hex=sea_hex, tile=sea_tile)
    got = odds(g, f"quest:{SEA}")
    assert len(got.dice) == 3 and any("bonus die" in a for a in got.assumed)
    best = max(quest_chance(CAT, SEA, ["red", "blue", c]).success for c in CAT.dice)
    assert got.success == pytest.approx(best)
    colour = got.dice[-1] if got.dice[-1] not in ("red", "blue") else next(
        c for c in got.dice if got.dice.count(c) > ["red", "blue"].count(c))
    n = 3000
    share = sampled(g, SEA, None, colour, n, seed=6)
    se = math.sqrt(got.success * (1 - got.success) / n)
    assert abs(share - got.success) <= 4 * se + 1e-9, (share, got.success)
    # inside the attempt: the odds of each colour the player may pick
    drive(g, f"quest:{SEA}")
    assert g.decision.kind == "die_colour"
    for c in CAT.dice:
        assert odds(g, f"colour:{c}").success == pytest.approx(quest_chance(CAT, SEA, ["red", "blue", c]).success)


def test_options_that_roll_no_hero_dice_have_no_quest_odds():
    g = quest_game(PLAIN, {"might": 1})
    others = [o.id for o in g.decision.options if not o.id.startswith(("quest:", "command:"))]
    assert others and all(odds(g, o) is None for o in others)


def test_the_quest_s_own_dice_count_where_the_hero_meets_its_condition():
    quest = _quest(lambda q: not q.immediate and any(b.when == "terrain" and b.dice for b in q.bonus))
    bonus = next(b for b in CAT.quests[quest].bonus if b.when == "terrain" and b.dice)
    tile = sorted(t.id for t in CAT.hexes.values() if t.terrain == bonus.terrain and t.kind == "regular")[0]
    g0 = Scenario([FACTION]).empty_board().game(script=turn(FACTION))
    hid = next(h.id for h in g0.state.hexes.values() if h.role == "random")
    g = quest_game(quest, {"might": 1, "magic": 0, "leadership": 0, "guile": 0}, hero_hex=hid, tile=tile)
    got = odds(g, f"quest:{quest}")
    assert sorted(got.dice) == sorted(["red"] + list(bonus.dice))
    n = 3000
    share = sampled(g, quest, None, None, n, seed=7)
    se = math.sqrt(got.success * (1 - got.success) / n)
    assert abs(share - got.success) <= 4 * se + 1e-9, (share, got.success)


def test_a_free_attempt_counts_the_dice_of_the_effect_that_gives_it():
    """A tile whose Explore gives a free attempt with bonus dice: the Quest picked, then the
    Guile split, each counts those dice."""
    tile = next(t for t in sorted(CAT.hexes.values(), key=lambda t: t.id)
                if any(op.op == "free_quest" and op.bonus_dice for op in t.explore or ()))
    extra = list(next(op for op in tile.explore if op.op == "free_quest").bonus_dice)
    quests = sorted(q for q, c in CAT.quests.items() if not c.immediate and all(b.when == "sea_tower" for b in c.bonus))[:2]
    sc = Scenario([FACTION]).empty_board()
    g0 = sc.game(script=turn(FACTION))
    home = g0.state.player(FACTION).hero_hex
    hid = next(n for n in g0.board.hero_adjacent(home) if g0.state.hexes[n].role == "random")
    sc.at(hid, tile=tile.id, explored=False)
    sc.player(FACTION, feats=[], items=[], ap=3, hero_hex=hid, might=1, magic=0, leadership=0, guile=1)
    sc.decks(quest_offer=quests)
    g = sc.game(script=turn(FACTION))
    drive(g, "explore")
    while g.decision.kind != "choose_quest":
        drive(g, g.decision.options[0].id)
    got = odds(g, f"quest:{quests[0]}")
    assert sorted(got.dice) == sorted(["red"] + extra + [got.dice[-1] if got.dice[-1] in ("white", "yellow") else
                                                        next(c for c in got.dice if c in ("white", "yellow"))])
    drive(g, f"quest:{quests[0]}")
    assert g.decision.kind == "guile_dice"
    assert sorted(odds(g, "guile:1w0y").dice) == sorted(["red", "white"] + extra)
