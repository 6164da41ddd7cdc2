"""Setup as the rulebook gives it (issue 6.10): starting resources, Curses, Skeletons and
Garrisons per difficulty, advanced components, deck sizes per faction count, Druids, one
Event per Chapter, each player's area. Counts come from the catalog and the map layouts,
so the tests hold when content grows."""
from __future__ import annotations

import pytest

from uprising_tui.content.loader import default_catalog
from uprising_tui.engine import Game, Setup
from uprising_tui.engine.setup import DIFFICULTIES

from .helpers import real_ids

CAT = default_catalog()
FACTIONS = ("druwhn", "duerkhar", "krowh", "mohyar")
SEEDS = range(6)


def state(difficulty="veteran", factions=4, seed=0, chapters=4):
    return Game(Setup(factions=list(FACTIONS[:factions]), difficulty=difficulty, seed=seed,
                      chapters=chapters)).state


def layout(n):
    return CAT.layouts[n]


def advanced(table) -> set[str]:
    return {k for k, c in table.items() if c.advanced}


# ================================================================== player areas
@pytest.mark.parametrize("difficulty,amount", [("rebel", 6), ("veteran", 5), ("nightmare", 5), ("apocalypse", 5)])
def test_starting_resources_by_difficulty(difficulty, amount):
    st = state(difficulty)
    assert [(p.salt, p.plunder, p.food) for p in st.players] == [(amount,) * 3] * 4


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_each_player_starts_at_home_with_a_haven_8_ap_and_the_start_feats(n):
    st = state(factions=n)
    homes = [h for h in st.hexes.values() if h.role == "home" and h.haven]
    assert len(homes) == n
    for p in st.players:
        home = next(h for h in homes if h.haven == p.faction)
        assert home.tile == CAT.factions[p.faction].home_hex and home.explored
        assert p.hero_hex == home.id and p.ap == 8 and p.vp == 0
        assert p.havens_in_supply == CAT.factions[p.faction].havens - 1  # the leftmost is at home
        hero = CAT.heroes[p.hero]
        assert sorted(c.id for c in p.feats) == sorted(f for f in hero.feats if CAT.feats[f].start)
        assert sorted(p.feat_deck) == sorted(f for f in hero.feats if not CAT.feats[f].start)
        assert p.reserve == {u.id: u.reserve for u in CAT.factions[p.faction].units}


def test_the_feat_decks_are_shuffled():
    decks = {tuple(state(seed=s).players[0].feat_deck) for s in SEEDS}
    assert len(decks) > 1


# ================================================================== Nemesis pieces on the map
@pytest.mark.parametrize("difficulty", DIFFICULTIES)
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_garrisons_by_difficulty(difficulty, n):
    st = state(difficulty, factions=n)
    capital = next(h for h in st.hexes.values() if h.role == "capital")
    assert capital.garrisons == [1, 2, 3]
    marks = {s.id: s.garrison for s in layout(n).spaces if s.garrison}
    around = {"rebel": set(), "veteran": {h for h, m in marks.items() if m == "veteran"},
              "nightmare": set(marks), "apocalypse": set(marks)}[difficulty]
    assert len(around) == {"rebel": 0, "veteran": 3, "nightmare": 6, "apocalypse": 6}[difficulty]
    assert {h.id for h in st.hexes.values() if h.garrisons and h is not capital} == around
    assert all(st.hexes[h].garrisons == [1] for h in around)
    assert st.garrison_reserve == [10 - 1 - len(around), 9, 9]


@pytest.mark.parametrize("difficulty,curses", [("rebel", 0), ("veteran", 2), ("nightmare", 3), ("apocalypse", 3)])
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_curses_by_difficulty_on_the_marked_spaces(difficulty, curses, n):
    st = state(difficulty, factions=n)
    marked = {s.id for s in layout(n).spaces if s.curse and s.curse <= curses}
    assert {h.id for h in st.hexes.values() if h.curse} == marked and len(marked) == curses
    assert st.curse_reserve == 9 - curses


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_one_skeleton_on_each_marked_space(n):
    st = state(factions=n)
    marked = {s.id for s in layout(n).spaces if s.skeleton}
    assert {h.id: h.skeletons for h in st.hexes.values() if h.skeletons} == {h: 1 for h in marked}
    assert st.skeleton_reserve == 11 - len(marked)
    assert not st.legions and not st.hordes


# ================================================================== the map
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_only_the_capital_homes_and_regions_start_face_up(n):
    st = state(factions=n)
    for h in st.hexes.values():
        assert h.explored == (h.role in ("capital", "region") or (h.role == "home" and h.haven is not None)), h.id


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_hex_tiles_and_sea_towers_by_difficulty(difficulty):
    regular_adv = {k for k, h in CAT.hexes.items() if h.kind == "regular" and h.advanced}
    tower_adv = {k for k, h in CAT.hexes.items() if h.kind == "sea_tower" and h.advanced}
    most_adv, most_towers = 0, 0
    for seed in SEEDS:
        st = state(difficulty, seed=seed)
        random_tiles = [h.tile for h in st.hexes.values() if h.role == "random"]
        towers = [h.tile for h in st.hexes.values() if h.role == "sea_tower"]
        assert len(set(random_tiles)) == len(random_tiles)  # every tile once
        assert all(CAT.hexes[t].kind == "regular" for t in random_tiles)
        assert all(CAT.hexes[t].kind == "sea_tower" for t in towers)
        n_adv = len(set(random_tiles) & regular_adv)
        n_tow = len(set(towers) & tower_adv)
        most_adv, most_towers = max(most_adv, n_adv), max(most_towers, n_tow)
        if difficulty in ("rebel", "veteran"):
            assert n_adv == 0 and n_tow == 0
        elif difficulty == "nightmare":
            assert n_adv <= 2 and n_tow <= 1
    if difficulty == "nightmare":
        assert most_adv >= 1 and most_towers == 1  # some seeds draw them onto the map
    if difficulty == "apocalypse":
        assert most_adv > 2 and most_towers == 2


# ================================================================== decks
@pytest.mark.parametrize("n,cards", [(1, 5), (2, 5), (3, 6), (4, 7)])
def test_legion_and_horde_decks_by_faction_count(n, cards):
    st = state(factions=n)
    assert len(st.legion_deck) == len(st.horde_deck) == cards
    assert not set(st.legion_deck) & set(st.legion_box) and not set(st.horde_deck) & set(st.horde_box)


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_advanced_legions_hordes_items_and_quests_by_difficulty(difficulty):
    st = state(difficulty)
    hard = difficulty in ("nightmare", "apocalypse")
    legions = set(st.legion_deck) | set(st.legion_box)
    hordes = set(st.horde_deck) | set(st.horde_box)
    # the rulebook's example cards (the Butcher) are in the catalog but not in the box: never dealt
    assert legions == {k for k, c in CAT.legions.items() if (hard or not c.advanced) and not c.example}
    assert hordes == {k for k, c in CAT.hordes.items() if (hard or not c.advanced) and not c.example}
    assert "butcher" not in legions and "butcher" in CAT.legions
    assert sorted(st.item_deck) == sorted(k for k in CAT.items if hard or k not in advanced(CAT.items))
    quests_adv = set(st.quest_deck) & advanced(CAT.quests)
    assert set(st.quest_deck) - advanced(CAT.quests) == set(CAT.quests) - advanced(CAT.quests)
    want = {"rebel": 0, "veteran": 0, "nightmare": min(3, len(advanced(CAT.quests))),
            "apocalypse": len(advanced(CAT.quests))}[difficulty]
    assert len(quests_adv) == want


def test_decks_are_shuffled():
    orders = {(tuple(state(seed=s).item_deck), tuple(state(seed=s).quest_deck)) for s in SEEDS}
    assert len(orders) == len(SEEDS)


def test_four_random_druids_face_up():
    seen = set()
    for seed in SEEDS:
        druids = state(seed=seed).druids
        assert len(druids) == len(set(druids)) == 4 and set(druids) <= set(CAT.druids)
        seen.add(tuple(sorted(druids)))
    assert len(seen) > 1


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
@pytest.mark.parametrize("chapters", [2, 3, 4])
def test_one_event_per_chapter_of_that_chapters_level(difficulty, chapters):
    for seed in SEEDS:
        st = state(difficulty, seed=seed, chapters=chapters)
        assert len(st.events) == chapters and st.events_revealed == 0
        for level, eid in enumerate(st.events, start=1):
            ev = CAT.events[eid]
            assert ev.level == level
            if difficulty in ("rebel", "veteran"):
                assert not ev.advanced
        assert st.event_threat == CAT.events[st.events[0]].threat


def test_nightmare_adds_one_advanced_event_to_each_chapters_choice():
    # with 1 advanced Event added to each Chapter's pool, some seed draws one
    drawn = set()
    for seed in range(40):
        drawn |= {e for e in state("nightmare", seed=seed).events if CAT.events[e].advanced}
    assert drawn


def test_the_game_starts_at_chapter_1_with_the_first_seat_first():
    g = Game(Setup(factions=list(FACTIONS), seed=39)).start()
    st = g.state
    assert st.chapter == 1 and st.first_player == 0 and st.first.faction == FACTIONS[0]
    assert st.phase == "refresh" and len(st.market) == 3
    # a Quest revealed with an immediate effect (seed 39: the Plague Pits place a Curse) resolves
    # before the next Quest is dealt; the first Refresh ends with the offer full
    assert st.quest_offer == ["plague_pits"] and g.decision.kind == "place_curse"
    while g.state.phase == "refresh":
        g.answer(real_ids(g.decision)[0])
    assert len(g.state.market) == 3 and len(g.state.quest_offer) == 3
