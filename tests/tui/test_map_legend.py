"""The map's legend is built from the table the painter draws with (hex_style.MARKS and the
catalog), and explains every mark the painter draws: seeded positions are painted in every form
and each mark recorded must be in the legend (issue 21, "A legend")."""
from __future__ import annotations

import string

import pytest

from uprising_tui.bots import get_bot
from uprising_tui.engine import Game, Setup
from uprising_tui.tui.widgets import hex_style as hs
from uprising_tui.tui.widgets.hex_geometry import FORMS, Layout, map_size
from uprising_tui.tui.widgets.hex_paint import paint_hex
from uprising_tui.tui.widgets.hex_tokens import MapFacts

from .hex_map_scenes import FACTIONS, scene


class NoStyles:
    """Stands in for MapStyles: the marks are what is tested, not their colours."""

    def __init__(self, cat):
        self.cat = cat

    def component(self, name, partial=False):
        return None

    def corner(self, base):
        return None

    def interior(self, h):
        return None

    def token(self, base, key):
        return None


def played(factions: int, seed: int, answers: int):
    g = Game(Setup(factions=list(FACTIONS[:factions]), chapters=2, seed=seed)).start()
    bot = get_bot("random", seed)
    while g.decision is not None and len(g.answers) < answers:
        g.answer(bot.choose(g, g.decision))
    return g.public_view()


def positions(cat):
    for n in (1, 4):
        view, lit, cursor = scene(cat, n)
        yield view, lit, cursor
    for factions, seed, answers in ((2, 3, 120), (3, 4, 200), (4, 5, 260)):
        view = played(factions, seed, answers)
        lit = frozenset(list(view.hexes)[::5])
        yield view, lit, next(iter(view.hexes))


def painted(cat, view, lit, cursor):
    """Every (kind, text) the painter draws for this view, in every form."""
    facts = MapFacts(cat, view)
    styles = NoStyles(cat)
    coords = {h: (v.q, v.r) for h, v in view.hexes.items()}
    got = []
    for form in FORMS:
        lay = Layout(coords, form)
        w, h = map_size(coords.values(), form)
        cells = [[(" ", None)] * w for _ in range(h)]
        for hid in coords:
            paint_hex(cells, lay, view, hid, styles=styles, facts=facts, cursor=cursor, highlights=lit,
                      record=lambda kind, text: got.append((kind, text)))
    return got


def explained(legend, kind: str, text: str) -> bool:
    marks = [m for _title, ms in legend for m in ms]
    of_kind = {m.mark for m in marks if m.kind == kind}
    letters = {m.mark for m in marks if m.kind == "faction"}
    if kind in ("legion", "horde"):  # a tag (or the bare L / H when cramped), then the Threat
        return text.rstrip(string.digits + "?") in of_kind
    chars = set("".join(of_kind).replace(" ", ""))
    if kind == "units":  # a faction's letter, then counts and that faction's Unit codes
        faction = next((m.of for m in marks if m.kind == "faction" and m.mark == text[:1]), None)
        codes = {m.mark for m in marks if m.kind == "units" and m.of == faction}
        return faction is not None and set(text[1:]) - set(string.digits) <= codes
    if kind in ("haven", "hero"):
        chars |= letters
    return bool(text) and set(text) - set(string.digits) <= chars


def test_the_legend_explains_every_mark_the_painter_draws(cat):
    kinds = set()
    for view, lit, cursor in positions(cat):
        legend = hs.legend(cat, view)
        for kind, text in painted(cat, view, lit, cursor):
            if kind == "label":
                continue  # a hex's name, in words
            kinds.add(kind)
            assert explained(legend, kind, text), f"{kind} {text!r} is drawn but not in the legend"
    # the positions reach every kind of mark the map has
    assert kinds >= {"terrain", "fog", "haven", "hero", "units", "garrison", "skeleton", "curse", "legion", "horde",
                     "target", "sea_tower", "highlight", "impassable", "outline", "overflow", "region"}, kinds


def test_the_legend_test_fails_on_a_mark_it_does_not_know(cat, monkeypatch):
    """A glyph the painter starts drawing without a line in the legend is caught."""
    view, lit, cursor = scene(cat, 4)
    monkeypatch.setattr(hs, "WALL", "▦")  # the painter's glyph, while MARKS still says ▥
    legend = hs.legend(cat, view)
    bad = [(k, t) for k, t in painted(cat, view, lit, cursor) if k != "label" and not explained(legend, k, t)]
    assert ("haven", "⌂D▦♜") in bad


@pytest.mark.parametrize("factions", [1, 4])
def test_every_legion_and_horde_reads_apart(cat, factions):
    """Two Legions, two Hordes: distinct tags; the legend names each card on the table."""
    tags = hs.nemesis_tags(cat)
    for kind in (cat.legions, cat.hordes):
        got = [tags[c] for c in kind]
        assert len(set(got)) == len(got)
    view, _lit, _cursor = scene(cat, factions)
    legend = dict(hs.legend(cat, view))
    named = {m.mark: m.meaning for m in legend["Legions and Hordes by tag"]}
    for c in view.legions + view.hordes:
        assert cat.names[c.id] in named[tags[c.id]]
