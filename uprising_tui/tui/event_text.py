"""GameEvents as styled lines for the panes: the engine's own wording (engine/face/log.py), with dice
drawn as coloured chips that also spell their colour and symbols, and a category for filters."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from ..engine.face.log import LogRenderer
from ..engine.face.log import dice_text as plain_dice
from .naming import name, phase_name
from .theme import dice_text, die_text, side_style

if TYPE_CHECKING:
    from ..engine.face.events import GameEvent

CATEGORIES = ("all", "combat", "nemesis", "actions", "economy")
_CATEGORY = {
    "combat": ("CombatStarted", "CombatStep", "CombatRolled", "DiceRerolled", "DieSet", "DiceAdded", "SymbolsAdded",
               "SymbolsCancelled", "BoltSpent", "CombatTally", "GodpowerUsed", "CombatEnded", "CombatClosed",
               "UnitDestroyed", "NemesisDestroyed"),
    "nemesis": ("NemesisPlaced", "NemesisMoved", "NemesisActivated", "GarrisonPlaced", "GarrisonsRemoved",
                "SkeletonPlaced", "SkeletonsRemoved", "SkeletonsMoved", "HordeFormed", "CursePlaced", "CurseRemoved",
                "TargetPlaced", "TargetRemoved", "ActivationTokenPlaced", "ActivationTokenUsed", "ThreatChanged",
                "PiecesRemoved", "EventRevealed", "CapitalFell", "GraveyardEmptied", "SeaTowerRemoved"),
    "actions": ("HeroMoved", "UnitsMoved", "HexExplored", "HexOriented", "UnitPlaced", "UnitExchanged",
                "DefenseBuilt", "DefenseRemoved", "HavenBuilt", "HavenRemoved", "QuestTaken", "QuestResolved",
                "HeroRolled", "AttributeGained", "TurnStarted", "TurnEnded", "PlayerPassed", "ItemGiven"),
    "economy": ("ResourcesChanged", "APChanged", "Produced", "VPChanged", "ScoreTerm", "CardGained", "CardUsed",
                "CardFlipped", "CardDiscarded", "MarketDealt", "MarketDiscarded", "QuestsDealt", "QuestsDiscarded", "DeckChanged",
                "Reshuffled", "FirstPlayerPassed", "UnitRemovedFromReserve"),
}
CATEGORY_OF = {kind: cat for cat, kinds in _CATEGORY.items() for kind in kinds}


def category(event: "GameEvent") -> str:
    kind = event.event_type
    if kind in CATEGORY_OF:
        return CATEGORY_OF[kind]
    return "combat" if hasattr(event, "combat") else "other"


class EventText:
    """Turns events into styled lines, remembering which tile each hex shows (from the events).

    One instance serves every pane of a game screen (the log, the fight, the Nemesis): each event
    is worded once, the first time a pane asks, and the same line is handed to the others (events
    reach every pane in the same order, so the hex names it reads are the same for all). A line
    handed out is shared: panes build their own Texts around it and never change it."""

    def __init__(self, cat, colours: dict[str, str] | None = None):
        self.cat = cat
        self.colours = colours or {}
        self.plain = LogRenderer(cat)
        self._lines: dict[int, tuple["GameEvent", Text]] = {}  # id(event) -> (the event, its line)
        self._reset_by: object = None

    def reset_for(self, update: object) -> None:
        """The game was taken back or loaded (`update.reset`): word everything anew, from its start.
        Once per update, however many panes pass it on."""
        if update is not self._reset_by:
            self._reset_by = update
            self._lines = {}
            self.plain = LogRenderer(self.cat)

    def side(self, who: str) -> Text:
        ident = who if who in self.cat.factions or who in ("empire", "chaos") else None
        return Text(name(self.cat, who), style=side_style(ident, self.colours) if ident else "bold")

    def __call__(self, event: "GameEvent") -> Text:
        got = self._lines.get(id(event))
        if got is not None and got[0] is event:
            return got[1]
        text = self._word(event)
        self._lines[id(event)] = (event, text)
        return text

    def _word(self, event: "GameEvent") -> Text:
        line = self.plain(event)  # keeps the hex names up to date as well
        kind = event.event_type
        if kind == "CombatRolled":
            t = Text(f"{event.part.capitalize()} round {event.round}: ")
            t.append_text(self.side(event.side_a))
            t.append(" ")
            t.append_text(dice_text(event.dice_a))
            t.append(" vs ")
            t.append_text(self.side(event.side_b))
            t.append(" ")
            t.append_text(dice_text(event.dice_b))
            return t
        if kind == "HeroRolled":
            t = Text()
            t.append_text(self.side(event.faction))
            t.append(" rolls Hero Dice: ")
            t.append_text(dice_text(event.dice))
            return t
        if kind == "DiceAdded":  # dice an effect adds to a combat side
            if event.when == "next_roll":  # not rolled yet: their colours, no face (a blank face is a roll)
                return Text(line)
            head, _, rest = line.partition(" adds ")
            tail = rest[len(plain_dice(event.dice)):]  # when, and the source
            return Text(head + " adds ") + dice_text(event.dice) + Text(tail)
        if kind == "DiceRerolled":  # (index, colour, was, now)
            t = Text(line.split(" rerolls ")[0] + " rerolls ")
            for i, (_idx, colour, was, now) in enumerate(event.dice):
                if i:
                    t.append(", ")
                t.append_text(die_text(colour, was))
                t.append("→")
                t.append_text(die_text(colour, now))
            return t
        if kind == "PhaseStarted":
            return Text(f"── Chapter {event.chapter}: {phase_name(event.phase)} ──", style="bold reverse")
        if kind == "TurnStarted":
            t = Text("▸ ")
            t.append_text(self.side(event.faction))
            t.append(f" takes a turn ({event.ap} AP)")
            return t
        if kind in ("CombatStarted", "CombatEnded"):
            return Text(line, style="bold")
        if kind == "GameOver":
            return Text(line, style="bold reverse")
        if kind == "Note":
            return Text(line, style="italic")
        return Text(line)
