"""The details pane: a hex's terrain, effects and everything on it, and nothing face-down."""
from __future__ import annotations

import pytest

from uprising_tui.tui.widgets.hex_details import (CAPITAL_TEXT, FACE_DOWN_TEXT, SEA_TOWER_TEXT, HexDetails,
                                                  describe)
from uprising_tui.tui.widgets.hex_text import KNOWN_OPS, TERRAIN_COMBAT, describe_effect, describe_op

from .hex_map_scenes import MapApp, _at, scene, start_game


def text(cat, view, hid) -> str:
    return describe(cat, view, hid).plain


def test_an_explored_tile_says_its_terrain_yield_and_explore_effect(cat):
    view, _hl, _home = scene(cat, 4)
    rigga = _at(cat, 4, 2, 0)
    got = text(cat, view, rigga)
    lines = got.splitlines()
    assert lines[0] == f"Rigga  {rigga}"
    assert lines[1] == "Terrain: Marsh (M)"
    assert "Aligned with the Empire." in lines
    assert f"Combat: {TERRAIN_COMBAT['marsh']}" in lines
    assert ("Impassable (#) towards the north-west, west: Units, Legions and Hordes cannot cross; "
            "Heroes can.") in lines
    assert "Haven: A Haven here adds 2 Food at Production." in lines
    assert ("When explored: You gain 2 Food; if the hex is empty, place 1 Garrison here, otherwise reinforce "
            "what is here; place 1 Garrison on an empty hex that could hold a Haven.") in lines
    assert cat.hexes["rigga"].text in lines
    assert got.endswith("On this hex\nGarrison (G1): level 1 (Empire)")


def test_a_home_lists_units_by_name_hero_haven_and_target(cat):
    view, _hl, home = scene(cat, 4)
    got = text(cat, view, home)
    assert got.splitlines()[1] == "Terrain: Woods (W) · home of the Druwhn"
    assert "Haven: A Haven here adds 1 Salt and 1 Plunder and 1 Food at Production, 1 VP at Scoring." in got
    tail = got.split("On this hex\n")[1].splitlines()
    assert tail == [
        "Druwhn Units (D1A2w): 1 Rangers, 2 Swordsisters",
        "Hero (@D): Syndra of the Druwhn",
        "Haven (⌂): Druwhn with a Wall and a Tower",
        "Target (◎): of The Butcher against the Druwhn",
    ]


def test_the_capital_with_its_legion(cat):
    view, _hl, home = scene(cat, 4)
    got = text(cat, view, "H00")
    assert got.startswith("The Capital  H00\nTerrain: no terrain (♔)")
    assert CAPITAL_TEXT in got
    assert "Haven:" not in got
    tail = got.split("On this hex\n")[1].splitlines()
    assert tail == ["Garrison (G3): level 3 (Empire)",
                    f"Legion (Lb5): The Butcher, Threat 5, 2 Activation Tokens, Target: Yfelskog ({home})"]


def test_hordes_skeletons_and_curses(cat):
    view, _hl, _home = scene(cat, 4)
    got = text(cat, view, _at(cat, 4, 0, 2))
    assert "Horde (Hl6): The Lich Queen, Threat 6, 1 Activation Token" in got
    assert "Skeletons (S1): 1 (Chaos)" in got
    cursed = text(cat, view, _at(cat, 4, 0, 1))
    assert "Terrain: Curse (C)" in cursed
    assert f"Combat: {TERRAIN_COMBAT['curse']}" in cursed
    assert "Curse (†) of Chaos" in cursed


def test_a_sea_tower_and_a_region(cat):
    view, _hl, _home = scene(cat, 4)
    tower = text(cat, view, _at(cat, 4, 2, -2))
    assert tower.startswith("Dawngaard")
    assert "Sea Tower space" in tower.splitlines()[1]
    assert SEA_TOWER_TEXT in tower
    region = text(cat, view, _at(cat, 4, -4, 2))
    assert "region: Fog Grave" in region.splitlines()[1]
    assert "Horde (Hb4): The Banished, Threat 4" in region


def test_face_down_hexes_name_no_tile_and_no_terrain(cat):
    game = start_game(4)
    view = game.public_view()
    for hid, h in view.hexes.items():
        if h.explored:
            continue
        got = text(cat, view, hid)
        secret = cat.hexes[game.state.hexes[hid].tile]
        assert secret.name not in got
        assert secret.text not in got
        assert "When explored" not in got and "Haven:" not in got
        if h.curse:
            assert "Terrain: Curse (C)" in got
        else:
            assert "Terrain: unknown (?)" in got
            assert FACE_DOWN_TEXT in got
            assert f"Combat: {TERRAIN_COMBAT[None]}" in got
        assert got.startswith("Face-down Sea Tower" if h.role == "sea_tower" else "Face-down hex")


@pytest.mark.asyncio
async def test_show_rejects_a_hex_not_on_the_map_and_keeps_what_it_showed(cat):
    view, _hl, _home = scene(cat, 4)
    app = MapApp(cat, view)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        d = app.query_one(HexDetails)
        d.show(view, "H00")
        before = d.plain
        with pytest.raises(ValueError, match="not a hex of this map"):
            d.show(view, "Z42")
        assert d.plain == before and d.hex_id == "H00"
        d.show(view, None)
        assert d.plain == "No hex under the cursor."


def test_every_explore_op_in_the_content_has_words(cat):
    for tile in cat.hexes.values():
        for step in tile.explore:
            assert step.op in KNOWN_OPS, (tile.id, step.op)
    assert describe_effect([]) == ""
    # an op the pane does not know still shows, by name and arguments
    assert describe_op({"op": "summon_dragon", "count": 2, "where": "here"}) == "summon dragon: count 2, where here"
