"""The public view rebuilt from the events alone.

``GameStarted`` carries the opening public view; every later event that changes anything on
the table says what changed (see face/events). A ``Projection`` applies them one by one and
gives the same ``PublicView`` that ``Game.public_view()`` builds from the state: a test holds
the two equal after every answer of many games. The client draws from it, so what it shows
can never drift from the game, and nothing hidden can reach it (the events carry none).

    proj = Projection.from_events(game.cat, game.log)
    proj.view() == game.public_view()
    game.subscribe(proj.apply)           # or Projection.follow(game): also rebuilds after an undo

Applying an event is cheap (a few dictionary updates); ``view()`` rebuilds only the hexes
and players that changed since the last call.

The projection is the public view: ``Game.public_view()`` is its game's projection, brought up
to date from the log when asked. ``Projection.of_table(...)`` reads one from a table as it lies
(the opening view ``GameStarted`` carries; the tests' check that the events told every change).

This module holds the ``Projection`` class itself; its records and handler registry are in
face/projection/records.py, the handlers by event group in face/projection/table.py (opening, flow, players,
cards), face/projection/map.py (hexes and pieces), face/projection/nemesis.py and face/projection/combat.py.
A new event type needs its class (events*.py), its step here (a handler, or NO_CHANGE) and its
words (face/log.py).
"""
from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Iterable

# the handler modules register themselves in _HANDLERS when imported
from . import combat as projection_combat, map as projection_map, nemesis as projection_nemesis  # noqa: F401
from .table import open_table
from .records import (  # noqa: F401  (NO_CHANGE, ProjectionError, _HANDLERS: imported from here)
    _HANDLERS,
    NO_CHANGE,
    ProjectionError,
    _Combat,
    _counts,
    _graveyard,
    _Hex,
    _Player,
)
from ..view import ACTIVATION_TOKENS, TOWERS, WALLS, CardView, CombatView, HexView, NemesisView, PlayerView, PublicView

_new = tuple.__new__

if TYPE_CHECKING:
    from ....content.loader import Catalog
    from ...table.board import Board
    from ..events import GameEvent
    from ...table.state import GameState


class Projection:
    """The public view kept up to date by events alone (see the module docstring)."""

    def __init__(self, cat: "Catalog"):
        self.cat = cat
        self.started = False
        self.unknown: set[str] = set()  # event types seen that have no handler (should stay empty)
        self._view: PublicView | None = None

    # ------------------------------------------------------------ building
    @classmethod
    def from_events(cls, cat: "Catalog", events: Iterable["GameEvent"]) -> "Projection":
        proj = cls(cat)
        for e in events:
            proj.apply(e)
        return proj

    @classmethod
    def of_table(cls, cat: "Catalog", state: "GameState", board: "Board", combat=None,
                 difficulty: str = "") -> "Projection":
        """The projection of a table as it lies now: what the table shows of `state` and of the
        `combat` being fought (projection_table.open_table)."""
        proj = cls(cat)
        open_table(proj, state, board, combat, difficulty)
        return proj

    @classmethod
    def follow(cls, game) -> "Projection":
        """A projection of `game` that stays up to date: it applies every new event and
        rebuilds itself from the game's log after an undo (a ``Rewound`` event)."""
        proj = cls.from_events(game.cat, game.log)

        def on_event(e: "GameEvent") -> None:
            if e.event_type == "Rewound":
                proj.__dict__.update(cls.from_events(game.cat, game.log).__dict__)
            else:
                proj.apply(e)
        game.subscribe(on_event)
        return proj

    def apply(self, event: "GameEvent") -> None:
        name = type(event).__name__
        fn = _HANDLERS.get(name)
        if fn is None:
            if name not in NO_CHANGE:
                self.unknown.add(name)
            return
        if not self.started and name != "GameStarted":
            raise ProjectionError(f"{name} before GameStarted: a projection starts from the first event")
        fn(self, event)
        self._view = None

    # ------------------------------------------------------------ the view
    def view(self) -> PublicView:
        """The public view now; only the parts events changed since the last call are rebuilt."""
        if self._view is not None:
            return self._view
        if not self.started:
            raise ProjectionError("no GameStarted applied yet")
        if self._heroes_dirty:
            self._place_heroes()
        if self._dirty_hexes or self._hexes_map is None:
            hv = self._hex_views
            for hid in self._dirty_hexes:
                hv[hid] = self._hex_view(self.hexes[hid])
            self._dirty_hexes.clear()
            self._hexes_map = MappingProxyType(dict(hv))
            walls = towers = 0
            for h in self.hexes.values():  # (one pass, no generator)
                walls += h.wall
                towers += h.tower
            self._defenses = (walls, towers)
        if self._dirty_players or self._players is None:
            pv = self._player_views
            for fac in self._dirty_players:
                pv[fac] = self._player_view(self.players[fac])
            self._dirty_players.clear()
            self._players = tuple(pv[f] for f in self.order)
        if self._cards_dirty:
            init = self._initiative
            cards = sorted(self.cards.values(), key=lambda c: init(c["id"]))
            nem = lambda c: NemesisView(c["id"], c["kind"], c["threat"], c["hex"], c["tokens"],  # noqa: E731
                                        c["target"], c["target_faction"])
            self._nemesis = (tuple(nem(c) for c in cards if c["kind"] == "legion"),
                             tuple(nem(c) for c in cards if c["kind"] == "horde"),
                             ACTIVATION_TOKENS - sum(c["tokens"] for c in cards))
            self._cards_dirty = False
        if self._table_dirty:
            m = self.meta
            self._table = (tuple(m["events_revealed"]), tuple(m["market"]), tuple(m["item_discard"]),
                           tuple(m["quest_offer"]), tuple(m["quest_discard"]), tuple(m["garrison_reserve"]),
                           _graveyard(self.graveyards["empire"]), _graveyard(self.graveyards["chaos"]))
            self._table_dirty = False
        m = self.meta
        revealed, market, item_discard, quest_offer, quest_discard, garrisons, gy_empire, gy_chaos = self._table
        legions, hordes, tokens_left = self._nemesis
        event = revealed[-1] if revealed and len(revealed) == m["chapter"] else None
        combat = None
        if self.combats:
            c = self.combats[-1]
            combat = CombatView(c.id, c.hex, c.terrain, c.part, c.step, c.round, c.a.view(), c.b.view())
        walls, towers = self._defenses
        self._view = PublicView(
            m["chapter"], m["chapters"], m["phase"], m["difficulty"], m["first_player"], m["turn"],
            self._hexes_map, self._players, legions, hordes, m["vp_empire"], m["vp_chaos"], m["legion_deck"],
            m["horde_deck"], m["item_deck"], m["quest_deck"], m["events_to_come"], event, revealed,
            m["event_threat"] if revealed else 0, market, item_discard, quest_offer, quest_discard, m["druids"],
            garrisons, m["skeleton_reserve"], m["curse_reserve"], WALLS - walls, TOWERS - towers, tokens_left,
            gy_empire, gy_chaos, combat, m["verdict"])
        return self._view

    def _initiative(self, cid: str) -> int:
        return self.cat.nemesis(cid).initiative

    def _hex_view(self, h: _Hex) -> HexView:
        cat = self.cat
        if h.explored:
            tile = cat.hexes.get(h.tile)
            terrain = "curse" if h.curse else (tile.terrain if tile else None)
            edges = tuple((e + h.rotation) % 6 for e in tile.impassable) if tile and tile.impassable else ()
            blocked = tuple(sorted(set(h.fixed + edges))) if h.fixed or edges else ()
            sea = h.role == "sea_tower" and not h.removed and bool(tile and tile.sea_tower)
            shown, rotation = h.tile, h.rotation
        else:
            terrain = "curse" if h.curse else None
            blocked = tuple(sorted(set(h.fixed))) if h.fixed else ()
            sea, shown, rotation = False, None, 0
        # (the named tuples built directly, every field given: their constructor's Python call is
        # most of the cost of a view of the whole map; most hexes have no edge and no Unit to sort)
        units = tuple(sorted(h.units.items())) if h.units else ()
        return _new(HexView, (h.id, h.q, h.r, h.role, h.region, h.explored, shown, terrain, rotation, blocked, sea,
                              units, h.owner, self._heroes.get(h.id, ()), h.garrisons,
                              h.skeletons, tuple(h.legions), tuple(h.hordes), h.curse, h.haven, h.wall, h.tower,
                              h.fallen))

    def _player_view(self, p: _Player) -> PlayerView:
        return _new(PlayerView, (p.faction, p.hero, p.seat, p.hero_hex, p.salt, p.plunder, p.food, p.ap, p.vp,
                                 p.might, p.magic, p.leadership, p.guile, _card_views(p.feats), _card_views(p.items),
                                 _card_views(p.quests), p.feat_deck, _counts(p.reserve), _counts(p.removed), p.havens,
                                 p.passed))

    def _place_heroes(self) -> None:
        """Which Heros stand on each hex, in seat order from the first player."""
        order = self.order
        first = order.index(self.meta["first_player"]) if self.meta["first_player"] in order else 0
        spots: dict[str, list[str]] = {}
        for i in range(len(order)):
            p = self.players[order[(first + i) % len(order)]]
            spots.setdefault(p.hero_hex, []).append(p.faction)
        new = {k: tuple(v) for k, v in spots.items()}
        for hid in set(new) | set(self._heroes):
            if new.get(hid) != self._heroes.get(hid):
                self._dirty_hexes.add(hid)
        self._heroes = new
        self._heroes_dirty = False

    # ------------------------------------------------------------ helpers for handlers
    def hex(self, hid: str) -> _Hex:
        self._dirty_hexes.add(hid)
        return self.hexes[hid]

    def player(self, faction: str) -> _Player:
        self._dirty_players.add(faction)
        return self.players[faction]

    def nemesis(self) -> dict[str, dict]:
        """The Legions and Hordes in play by id, to change."""
        self._cards_dirty = True
        return self.cards

    def piles(self) -> dict:
        """The table's counts, piles and reserves (``meta``), to change a pile or a reserve of
        pieces (counts and flags are read as they are at every view)."""
        self._table_dirty = True
        return self.meta

    def graveyard(self, side: str) -> dict[tuple[str, str], int]:
        """The Imperial ('empire') or Chaos ('chaos') Graveyard, to change."""
        self._table_dirty = True
        return self.graveyards[side]

    def combat(self, cid: int) -> _Combat:
        for c in reversed(self.combats):
            if c.id == cid:
                return c
        raise ProjectionError(f"no combat {cid} in progress")


def _card_views(cards: list) -> tuple[CardView, ...]:
    out = []
    for cid, up in cards:
        out.append(_new(CardView, (cid, up)))
    return tuple(out)
