"""GameEvents as styled lines for the panes: the engine's own wording (engine/log.py), with dice
drawn as coloured chips that also spell their colour and symbols, and a category for filters."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from ..engine.log import LogRenderer
from .naming import name, phase_name
from .theme import dice_text, side_style

if TYPE_CHECKING:
    from ..engine.events import GameEvent

CATEGORIES = ("all", "combat", "nemesis", "actions", "economy")
_CATEGORY = {
    "combat": ("CombatStarted", "CombatRolled", "CombatTally", "GodpowerUsed", "CombatEnded", "UnitDestroyed",
               "NemesisDestroyed"),
    "nemesis": ("NemesisPlaced", "NemesisMoved", "NemesisActivated", "GarrisonPlaced", "SkeletonPlaced",
                "HordeFormed", "CursePlaced", "CurseRemoved", "TargetPlaced", "ActivationTokenPlaced",
                "ThreatChanged", "PiecesRemoved", "EventRevealed"),
    "actions": ("HeroMoved", "UnitsMoved", "HexExplored", "UnitPlaced", "DefenseBuilt", "HavenBuilt",
                "HavenRemoved", "QuestResolved", "HeroRolled", "AttributeGained", "TurnStarted"),
    "economy": ("ResourcesChanged", "APChanged", "Produced", "VPChanged", "CardGained", "CardUsed",
                "CardDiscarded", "MarketDealt", "QuestsDealt", "FirstPlayerPassed"),
}
CATEGORY_OF = {kind: cat for cat, kinds in _CATEGORY.items() for kind in kinds}


def category(event: "GameEvent") -> str:
    return CATEGORY_OF.get(event.event_type, "other")


class EventText:
    """Turns events into styled lines, remembering which tile each hex shows (from the events)."""

    def __init__(self, cat, colours: dict[str, str] | None = None):
        self.cat = cat
        self.colours = colours or {}
        self.plain = LogRenderer(cat)

    def side(self, who: str) -> Text:
        ident = who if who in self.cat.factions or who in ("empire", "chaos") else None
        return Text(name(self.cat, who), style=side_style(ident, self.colours) if ident else "bold")

    def __call__(self, event: "GameEvent") -> Text:
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
