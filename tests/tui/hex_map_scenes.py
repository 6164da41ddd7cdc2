"""Fixed map scenes for the map widget's tests, and a minimal app that shows them.

A scene is a public view whose hexes are laid out from ``content/maps.yaml`` and filled by a
script here (tiles, pieces, Legions, Hordes, Targets), not by playing: the snapshots then
change only when the map's drawing changes, not when the rules or the bots do.
"""
from __future__ import annotations

from typing import Iterable

from textual.app import App, ComposeResult
from textual.containers import Horizontal, VerticalScroll

from uprising_tui.engine import Game, Setup
from uprising_tui.engine.face.view import NemesisView, PublicView
from uprising_tui.tui.widgets.hex_details import HexDetails
from uprising_tui.tui.widgets.hex_map import HexMap

FACTIONS = ("druwhn", "duerkhar", "krowh", "mohyar")
HEROES = ("syndra", "yanny", "khaal", "ronja")


def start_game(factions: int = 4, seed: int = 11) -> Game:
    return Game(Setup(factions=list(FACTIONS[:factions]), heroes=list(HEROES[:factions]), chapters=4,
                      difficulty="veteran", seed=seed, auto_ties=True)).start()


def _at(cat, factions: int, q: int, r: int) -> str:
    for s in cat.layouts[factions].spaces:
        if (s.q, s.r) == (q, r):
            return s.id
    raise KeyError((q, r))


def _clean(cat, view: PublicView, factions: int) -> dict:
    """Every space of the layout as the table shows it before anything is placed."""
    homes = [s.id for s in cat.layouts[factions].spaces if s.role == "home"]
    home_of = {hid: FACTIONS[i] for i, hid in enumerate(homes)}
    hexes = {}
    for s in cat.layouts[factions].spaces:
        h = view.hexes[s.id]
        tile, terrain, explored = None, None, False
        if s.role == "capital":
            tile, terrain, explored = "capital", "none", True
        elif s.role == "region":
            tile, terrain, explored = s.region, "ice_waste", True
        elif s.role == "home":
            tile = cat.factions[home_of[s.id]].home_hex
            terrain, explored = cat.hexes[tile].terrain, True
        hexes[s.id] = h._replace(
            role=s.role, region=s.region, explored=explored, tile=tile, terrain=terrain, rotation=0,
            blocked=(), sea_tower=False, units=(), owner=None, heroes=(), garrisons=0, skeletons=0,
            legions=(), hordes=(), curse=False, haven=home_of.get(s.id), wall=False, tower=False,
            capital_fallen=False)
    return hexes


def _explore(cat, hexes: dict, hid: str, tile: str, rotation: int = 0, **pieces) -> None:
    t = cat.hexes[tile]
    hexes[hid] = hexes[hid]._replace(
        explored=True, tile=tile, terrain="curse" if pieces.get("curse") else t.terrain, rotation=rotation,
        blocked=tuple(sorted((e + rotation) % 6 for e in t.impassable)), sea_tower=bool(t.sea_tower), **pieces)


def scene(cat, factions: int = 4) -> tuple[PublicView, frozenset[str], str]:
    """A busy mid-game map: ``(view, highlights, cursor)``."""
    game = start_game(factions)
    view = game.public_view()
    hexes = _clean(cat, view, factions)
    at = lambda q, r: _at(cat, factions, q, r)  # noqa: E731
    cap = at(0, 0)
    hexes[cap] = hexes[cap]._replace(garrisons=3, legions=("butcher",))
    # east: the Druwhn home with a walled, towered Haven, their Hero and Units
    home = at(3, 0)
    hexes[home] = hexes[home]._replace(wall=True, tower=True, units=(("rangers", 1), ("swordsisters", 2)),
                                       owner="druwhn", heroes=("druwhn",))
    _explore(cat, hexes, at(2, 0), "rigga", rotation=2, garrisons=1)
    _explore(cat, hexes, at(2, -1), "golgardei", haven="druwhn", units=(("sons_of_the_bow", 2),), owner="druwhn")
    _explore(cat, hexes, at(1, 0), "grim_fangs", skeletons=2)
    _explore(cat, hexes, at(1, -1), "plains_of_rhun", rotation=1, units=(("beastmasters", 1),), owner="druwhn")
    _explore(cat, hexes, at(2, -2), "dawngaard", garrisons=2)
    if factions == 1:  # (1, 1) is a Sea Tower space on the 1-faction map
        _explore(cat, hexes, at(1, 1), "zeegaard", garrisons=3)
        _explore(cat, hexes, at(-1, 1), "frosthold_pass", rotation=0)
    else:
        _explore(cat, hexes, at(1, 1), "frosthold_pass", rotation=0)
    hexes[at(0, 1)] = hexes[at(0, 1)]._replace(curse=True, terrain="curse", skeletons=1)
    hexes[at(-1, 0)] = hexes[at(-1, 0)]._replace(garrisons=2)
    legions = (NemesisView("butcher", "legion", 5, cap, 2, home, "druwhn"),)
    hordes: tuple[NemesisView, ...] = ()
    if factions == 1:
        region = at(3, 1)
    else:
        region = at(-4, 2)
        hexes[at(0, -3)] = hexes[at(0, -3)]._replace(units=(("younglings", 3), ("koloth", 1)), owner="duerkhar",
                                                    heroes=("duerkhar", "krowh"))
        _explore(cat, hexes, at(-1, -1), "kettle_crags", rotation=3, units=(("spearsingers", 2),), owner="duerkhar",
                 haven="duerkhar")
        _explore(cat, hexes, at(-2, 1), "shadowdawn", curse=True)
        _explore(cat, hexes, at(-3, 1), "ashen_ford", units=(("tribesmen", 4), ("vargs", 1)), owner="krowh",
                 legions=("warlock",), garrisons=1)
        hexes[at(0, 3)] = hexes[at(0, 3)]._replace(units=(("berserkers", 1),), owner="mohyar")
        _explore(cat, hexes, at(1, 2), "emberfield", haven="mohyar", wall=True, heroes=("mohyar",))
        legions += (NemesisView("warlock", "legion", 3, at(-3, 1), 0, at(-3, 0), "krowh"),)
        hordes += (NemesisView("lich_queen", "horde", 6, at(0, 2), 1, None, None),)
        hexes[at(0, 2)] = hexes[at(0, 2)]._replace(hordes=("lich_queen",), skeletons=1)
    hexes[region] = hexes[region]._replace(hordes=("banished",))
    hordes += (NemesisView("banished", "horde", 4, region, 0, None, None),)
    view = view._replace(hexes=hexes, legions=legions, hordes=hordes)
    highlights = frozenset({at(2, 0), at(2, -1), at(1, 0), at(3, -1)})
    return view, highlights, home


class MapApp(App):
    """The map beside its details pane, nothing else; records the map's messages."""

    CSS = """
    HexMap { width: 1fr; height: 1fr; }
    #side { width: 40; }
    """

    def __init__(self, cat, view: PublicView, highlights: Iterable[str] = (), cursor: str | None = None,
                 colours=None, **kw):
        super().__init__(**kw)
        self.cat = cat
        self.scene_view = view
        self.start_highlights = frozenset(highlights)
        self.start_cursor = cursor
        self.colours = colours
        self.messages: list = []

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield HexMap(self.cat, self.scene_view, faction_colours=self.colours, id="map")
            with VerticalScroll(id="side"):
                yield HexDetails(self.cat, faction_colours=self.colours, id="details")

    def on_mount(self) -> None:
        m = self.query_one(HexMap)
        m.highlights = self.start_highlights
        if self.start_cursor:
            m.cursor = self.start_cursor
        m.focus()

    def on_hex_map_cursor_moved(self, message: HexMap.CursorMoved) -> None:
        self.messages.append(("moved", message.hex_id))
        self.query_one(HexDetails).show(self.scene_view, message.hex_id)

    def on_hex_map_hex_selected(self, message: HexMap.HexSelected) -> None:
        self.messages.append(("selected", message.hex_id))
