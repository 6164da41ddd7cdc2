"""The heuristic bot plays the Feats sensibly: it uses the Action Feats when they pay
(a free Quest it can solve, a Hero Dice hunt, an Item or a Feat draw), not when they
would be wasted, and turns its weakest die with a set-die Feat."""
from __future__ import annotations

import pytest

from uprising_tui.bots import get_bot

from .cards.feat_fixtures import HOME, ICE, NEXT, QUEST, attack, faction_of, hero_scenario, times_used, turn


def bot_plays(g) -> list[tuple[str, str]]:
    bot = get_bot("heuristic", seed=1)
    taken = []
    for _ in range(500):
        d = g.decision
        if d is None:
            return taken
        pick = bot.choose(g, d)
        taken.append((d.kind, pick))
        g.answer(pick)
    raise AssertionError("the bot did not finish")


@pytest.mark.parametrize("hero,cid,setup", [
    ("khaal", "khaal_great_hunt", {}),
    ("hanzo", "hanzo_light_fingers", {}),
    ("fhayanor", "fhayanor_read_the_bones", {"feat_deck": ["fhayanor_curse_eater", "fhayanor_dark_pact"]}),
    ("dugpa", "dugpa_clan_gathering", {}),
    ("hanzo", "hanzo_favour_owed", {"might": 3, "magic": 0, "leadership": 0, "guile": 1}),
])
def test_feats_the_bot_uses_an_action_feat_that_pays(hero, cid, setup):
    # with no AP left the only thing to do is a free card: the bot takes it
    sc = hero_scenario(hero, [cid], hero_hex=HOME, ap=0, **setup).decks(quest_offer=[QUEST])
    g = sc.game(script=turn(faction_of(hero)))
    taken = bot_plays(g)
    assert ("turn", f"card:{cid}") in taken
    assert times_used(g, cid) == 1


def test_feats_the_bot_keeps_a_free_quest_when_no_quest_is_likely():
    # no Hero Dice at all: every Quest is hopeless, so flipping the Favour would waste it
    sc = hero_scenario("hanzo", ["hanzo_favour_owed"], hero_hex=HOME, ap=0, might=0, magic=0, leadership=0,
                       guile=0).decks(quest_offer=[QUEST])
    g = sc.game(script=turn("mohyar"))
    taken = bot_plays(g)
    assert ("turn", "card:hanzo_favour_owed") not in taken


def test_feats_the_bot_turns_its_weakest_die():
    # Bonebreakers with a Skull and a blank rolled: the blank becomes the Skull
    sc = hero_scenario("dugpa", ["dugpa_bonebreakers"]).at(NEXT, tile=ICE, units={"tribesmen": 2}, skeletons=1)
    sc.rig(white=["S", ""], red=["S"])
    g = attack(sc, "dugpa")
    taken = bot_plays(g)
    assert ("set_die", "die:1") in taken
    assert g.state.hexes[NEXT].skeletons == 0
