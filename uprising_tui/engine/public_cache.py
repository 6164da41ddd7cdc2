"""Keeps a game's public view between calls (``Game.public_view()`` reads through it).

Every change of the table is announced by an event (events.py), so the events emitted since
the last call say what to rebuild: the hexes they name (``hex``/``src``/``dst``), the players,
the Legions and Hordes, the rest of the table. An event type this module does not know
rebuilds everything, so a new event can make the view slower, never wrong. A test holds the
cached view equal to a fresh ``build_view`` after every answer of many games.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .public import (
    PublicView,
    assemble,
    combat_part,
    hero_spots,
    hex_view,
    hexes_part,
    nemesis_part,
    players_part,
    table_part,
)

if TYPE_CHECKING:
    from .game import Game

PLAYERS, NEMESIS, TABLE, HEROES = 1, 2, 4, 8
EVERYTHING = PLAYERS | NEMESIS | TABLE | HEROES

# what each event type may change besides the hexes it names (0: only those hexes, or nothing)
PARTS: dict[str, int] = {
    "GameStarted": EVERYTHING, "PhaseStarted": 0, "TurnStarted": 0, "TurnEnded": 0, "PlayerPassed": PLAYERS,
    "FirstPlayerPassed": HEROES, "GameOver": 0, "Rewound": 0, "Note": 0,
    "ResourcesChanged": PLAYERS, "APChanged": PLAYERS, "VPChanged": PLAYERS | TABLE, "Produced": 0, "ScoreTerm": 0,
    "AttributeGained": PLAYERS, "HeroMoved": PLAYERS | HEROES,
    "CardGained": PLAYERS, "CardUsed": 0, "CardFlipped": PLAYERS, "CardDiscarded": PLAYERS | TABLE,
    "ItemGiven": PLAYERS, "HeroRolled": 0, "MarketDealt": TABLE, "MarketDiscarded": TABLE, "QuestsDealt": TABLE,
    "QuestsDiscarded": TABLE, "QuestTaken": PLAYERS | TABLE, "QuestResolved": 0, "EventRevealed": TABLE,
    "DeckChanged": PLAYERS | TABLE, "Reshuffled": TABLE,
    "HexExplored": 0, "HexOriented": 0, "SeaTowerRemoved": 0, "UnitsMoved": 0, "UnitPlaced": PLAYERS,
    "UnitExchanged": PLAYERS, "UnitDestroyed": PLAYERS, "UnitRemovedFromReserve": PLAYERS, "DefenseBuilt": 0,
    "DefenseRemoved": 0, "HavenBuilt": PLAYERS, "HavenRemoved": PLAYERS, "GarrisonPlaced": TABLE,
    "GarrisonsRemoved": TABLE, "SkeletonPlaced": TABLE, "SkeletonsRemoved": TABLE, "SkeletonsMoved": 0,
    "HordeFormed": 0, "CursePlaced": TABLE, "CurseRemoved": TABLE, "GraveyardEmptied": PLAYERS | TABLE,
    "CapitalFell": 0, "NemesisPlaced": NEMESIS | TABLE, "NemesisMoved": NEMESIS, "NemesisActivated": 0,
    "NemesisDestroyed": NEMESIS, "ThreatChanged": NEMESIS, "TargetPlaced": NEMESIS, "TargetRemoved": NEMESIS,
    "ActivationTokenPlaced": NEMESIS, "ActivationTokenUsed": NEMESIS,
    "CombatStarted": 0, "CombatStep": 0, "CombatRolled": 0, "DiceRerolled": 0, "DieSet": 0, "DiceAdded": 0,
    "SymbolsAdded": 0, "SymbolsCancelled": 0, "BoltSpent": 0, "CombatTally": 0, "CombatSideChanged": 0, "GodpowerUsed": 0,
    "CombatEnded": 0, "CombatClosed": 0,
}
HEX_FIELDS = ("hex", "src", "dst")


class ViewCache:
    """The public view of one game, rebuilt part by part as events come (see the docstring)."""
    __slots__ = ("seen", "log", "hexes", "hexmap", "players", "nemesis", "table", "view")

    def __init__(self) -> None:
        self.seen = 0
        self.log = None
        self.hexes: dict = {}
        self.hexmap = None
        self.players = self.nemesis = self.table = None
        self.view: PublicView | None = None

    def get(self, game: "Game") -> PublicView:
        log = game.log
        n = len(log)
        if n == self.seen and log is self.log and self.view is not None:
            return self.view
        st, cat, board = game.state, game.cat, game.board
        if log is not self.log or n < self.seen or self.view is None:
            dirty, touched = EVERYTHING, None
        else:
            dirty, touched = 0, set()
            parts = PARTS
            for e in log[self.seen:n]:
                dirty |= parts.get(type(e).__name__, EVERYTHING)
                for name in HEX_FIELDS:
                    hid = getattr(e, name, None)
                    if hid:
                        touched.add(hid)
        hexes = self.hexes
        if touched is None or touched or dirty & HEROES:
            self.hexmap = None
        if touched is None or dirty & HEROES:
            spots = hero_spots(st)
            if touched is None:
                hexes.clear()
                hexes.update((h.id, hex_view(h, cat, board, spots.get(h.id, ()))) for h in st.hexes.values())
            else:
                for h in st.hexes.values():  # Heros moved or their seat order turned: redraw where they stand(stood)
                    if h.id in touched or hexes[h.id].heroes != spots.get(h.id, ()):
                        hexes[h.id] = hex_view(h, cat, board, spots.get(h.id, ()))
        elif touched:
            spots = hero_spots(st)
            all_hexes = st.hexes
            for hid in touched:
                h = all_hexes.get(hid)
                if h is not None:
                    hexes[hid] = hex_view(h, cat, board, spots.get(hid, ()))
        if dirty & PLAYERS:
            self.players = players_part(st)
        if dirty & NEMESIS:
            self.nemesis = nemesis_part(st, cat)
        if dirty & TABLE:
            self.table = table_part(st)
        if self.hexmap is None:
            self.hexmap = hexes_part(hexes)
        self.seen, self.log = n, log
        self.view = assemble(st, game.setup.difficulty, self.hexmap, self.players, self.nemesis, self.table,
                             combat_part(game.ctx.combat))
        return self.view
