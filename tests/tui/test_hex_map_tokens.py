"""What a hex shows: letters, tokens, names, and how they pack into a hex's rows."""
from __future__ import annotations

from uprising_tui.tui.widgets import hex_style as hs
from uprising_tui.tui.widgets.hex_tokens import MapFacts, Token, label, pack, summary, tokens

from .hex_map_scenes import _at, scene, start_game


def test_every_terrain_has_its_own_letter(cat):
    letters = [hs.TERRAIN[t].letter for t in hs.TERRAIN]
    assert len(set(letters)) == len(letters)
    for tile in cat.hexes.values():  # nothing in the content falls back to the unknown look
        assert hs.terrain_look(tile.terrain) is not hs.UNKNOWN_TERRAIN
    assert hs.terrain_look("curse").letter == "C"
    assert hs.terrain_look(None).letter == "?"


def test_faction_letters_and_unit_codes_are_distinct(cat):
    assert hs.faction_letters(cat.factions) == {"druwhn": "D", "duerkhar": "U", "krowh": "K", "mohyar": "M"}
    codes = hs.unit_codes(cat.units, cat.unit_faction)
    assert codes["younglings"] == "w" and codes["oathsworn"] == "W" and codes["koloth"] == "R"
    assert codes["spearsingers"] == "a" and codes["rangers"] == "A"
    for fid, f in cat.factions.items():
        mine = [codes[u.id] for u in f.units]
        assert len(set(mine)) == len(mine), fid


def test_short_names():
    assert hs.short_name("Rigga", 5) == "Rigga"
    assert hs.short_name("Grim Fangs", 5) == "GrimF"
    assert hs.short_name("Plains of Rhun", 5) == "Plain"
    assert hs.short_name("The Capital", 7) == "Capital"
    assert hs.short_name("Imperial Slave Mines", 11) == "ImperialSM"


def test_tokens_of_a_busy_hex_in_reading_and_in_urgent_order(cat):
    view, _hl, home = scene(cat, 4)
    facts = MapFacts(cat, view)
    h = view.hexes[home]
    got = [t.forms[0] for t in tokens(h, facts)]
    assert got == ["⌂D▥♜", "D1A2w", "@D", "◎"]
    cap = view.hexes["H00"]
    assert [t.forms[0] for t in tokens(cap, facts)] == ["G3", "Lb5"]
    assert [t.forms[0] for t in tokens(cap, facts, compact=True)] == ["Lb5", "G3"]
    assert [t.kind for t in tokens(cap, facts)] == ["garrison", "legion"]
    assert tokens(cap, facts)[0].style == "empire"
    assert tokens(h, facts)[1].style == "faction:druwhn"


def test_threat_and_targets_come_from_the_cards(cat):
    view, _hl, home = scene(cat, 4)
    facts = MapFacts(cat, view)
    before = facts.key(view.hexes["H00"])
    butcher = view.legions[0]._replace(threat=7)
    facts.update(view._replace(legions=(butcher,) + view.legions[1:]))
    assert [t.forms[0] for t in tokens(view.hexes["H00"], facts)] == ["G3", "Lb7"]
    assert facts.key(view.hexes["H00"]) != before
    facts.update(view._replace(legions=(butcher._replace(target=None),) + view.legions[1:]))
    assert hs.TARGET not in [t.forms[0] for t in tokens(view.hexes[home], facts)]


def test_pack_puts_the_name_first_when_the_pieces_fit_below():
    toks = [Token(("G2",), "empire"), Token(("S1",), "chaos")]
    pieces = pack(toks, [5, 7, 5], Token(("Rigga",), "label"))
    assert [(p.row, p.x, p.text) for p in pieces] == [(0, 0, "Rigga"), (1, 1, "G2"), (1, 4, "S1")]


def test_pack_drops_the_name_before_any_piece():
    toks = [Token(("⌂D▥♜",), "f"), Token(("D3w2A",), "f"), Token(("@D",), "f"), Token(("G1",), "e")]
    pieces = pack(toks, [5, 7, 5], Token(("Rigga",), "label"))
    assert "Rigga" not in [p.text for p in pieces]
    assert [(p.row, p.text) for p in pieces] == [(0, "⌂D▥♜"), (1, "D3w2A"), (2, "@D"), (2, "G1")]


def test_pack_uses_short_forms_then_marks_overflow():
    toks = [Token(("U3w1R", "U4"), "f"), Token(("@U", "@"), "f"), Token(("G2", "G"), "e")]
    assert [p.text for p in pack(toks, [3])] == ["U4", "+"]
    pieces = pack(toks, [3])
    assert pieces[-1].x == 2 and pieces[-1].style == "overflow"
    # shorter spellings are used before giving up
    assert [p.text for p in pack(toks[:2], [3])] == ["U4", "@"]
    assert pack([], [5, 7, 5]) == []


def test_labels_hide_face_down_tiles(cat):
    game = start_game(4)
    view = game.public_view()
    for hid, h in view.hexes.items():
        tok = label(h, cat, 5)
        if not h.explored:
            assert tok.forms[0] in ("?", "≋?≋")
            secret = cat.hexes[game.state.hexes[hid].tile].name
            assert secret not in summary(h, MapFacts(cat, view))
    assert label(view.hexes["H00"], cat, 5).forms == ("Capital", "Cap")
    assert label(view.hexes["H00"]._replace(capital_fallen=True), cat, 5).forms == ("Fallen", "Ruin")
    region = next(h for h in view.hexes.values() if h.region == "fog_grave")
    assert label(region, cat, 5).forms == ("FG",)


def test_summary_names_an_explored_hex_and_its_pieces(cat):
    view, _hl, _home = scene(cat, 4)
    rigga = _at(cat, 4, 2, 0)
    line = summary(view.hexes[rigga], MapFacts(cat, view))
    assert line == f"Rigga ({rigga}) · Marsh · G1"
