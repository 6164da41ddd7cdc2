"""engine/sandbox.py: sampled worlds keep everything public and deal everything hidden again."""
from __future__ import annotations

import pytest

from uprising_tui.bots import get_bot
from uprising_tui.engine import Game, Setup
from uprising_tui.engine.sandbox import Sandboxes, shuffling_cards

from .sandbox_fixtures import twin

FACTIONS = ["druwhn", "duerkhar", "krowh", "mohyar"]


def _played(n: int, seed: int, answers: int, difficulty: str = "veteran", chapters: int = 3) -> Game:
    game = Game(Setup(factions=FACTIONS[:n], chapters=chapters, seed=seed, difficulty=difficulty,
                      auto_ties=True)).start()
    bot = get_bot("heuristic", seed)
    while game.decision is not None and len(game.answers) < answers:
        game.answer(bot.choose(game, game.decision))
    return game


@pytest.mark.parametrize("n,seed,answers", [(1, 3, 12), (2, 4, 30), (4, 5, 21), (1, 6, 70), (2, 7, 95)])
def test_games_that_differ_only_in_hidden_things_give_the_same_worlds(n, seed, answers):
    game = _played(n, seed, answers)
    other = twin(game, seed)
    a, b = Sandboxes(game), Sandboxes(other)
    for s in (0, 1, 2):
        wa, wb = a.world(s), b.world(s)
        assert wa.checksum() == wb.checksum()
        assert wa.public_view() == game.public_view() and wa.decision == game.decision
        assert wa.rng.getstate() == wb.rng.getstate() != game.rng.getstate()  # the dice to come: dealt too
    # and the worlds are deals of their own: not the real one, not all the same
    assert len({a.world(s).checksum() for s in range(4)} | {game.checksum()}) == 5


def test_a_world_plays_on_like_a_game():
    game = _played(2, 9, 40)
    world = Sandboxes(game).world(1)
    bot = get_bot("heuristic", 1)
    while world.decision is not None:
        world.answer(bot.choose(world, world.decision))
    assert world.public_view().verdict is not None


def test_feats_put_under_the_deck_stay_at_its_bottom():
    game = _played(1, 12, 25, chapters=3)
    sb = Sandboxes(game)
    bottom = sb.known.bottoms["druwhn"]
    assert bottom, "the Build put a Feat under the deck"
    for s in range(3):
        deck = sb.world(s).state.player("druwhn").feat_deck
        assert deck[-len(bottom):] == bottom
    # the rest is dealt again
    tops = {tuple(sb.world(s).state.player("druwhn").feat_deck[:-len(bottom)]) for s in range(6)}
    assert len(tops) > 1


def test_advanced_cards_in_play_are_drawn_again_at_nightmare():
    game = _played(1, 21, 15, difficulty="nightmare")
    sb = Sandboxes(game)
    cat = game.cat
    seen_adv = {q for q in sb.known.quests_seen if cat.quests[q].advanced}
    hidden = sum(1 for q in game.state.quest_deck if cat.quests[q].advanced and q not in seen_adv)
    sets = set()
    for s in range(8):
        deck = sb.world(s).state.quest_deck
        adv = frozenset(q for q in deck if cat.quests[q].advanced)
        assert len(adv) == hidden and not adv & seen_adv
        assert len(deck) == len(game.state.quest_deck)
        sets.add(adv)
    assert len(sets) > 1
    tiles = {frozenset(h.tile for h in sb.world(s).state.hexes.values() if not h.explored) for s in range(8)}
    assert len(tiles) > 1


def test_the_shuffling_cards_are_found_in_the_content(cat):
    assert "instruction_of_the_druids" in shuffling_cards(cat)
