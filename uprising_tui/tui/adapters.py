"""The client's one meeting point with the engine's face for people: the projection that keeps
the public view from the events, option groups and costs (with the printed base cost for an
option the engine gives none), exact odds, and words for the engine's
codes. Nothing here reads the raw game state.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from ..engine.face.decision import GROUPS, Option, OptionCost

if TYPE_CHECKING:
    from ..content.loader import Catalog
    from ..engine.face.events import GameEvent
    from ..engine.game import Game
    from ..engine.face.view import PublicView


# ------------------------------------------------------------------ the public view
class ViewKeeper:
    """Keeps the public view up to date from the events alone (the engine's projection), so the
    panes show exactly what the table sees and can never drift from the log."""

    def __init__(self, game: "Game"):
        from ..engine.face.projection import Projection
        self.game = game
        self._projection = Projection.from_events(game.cat, game.log)

    def apply(self, event: "GameEvent") -> None:
        self._projection.apply(event)

    def view(self) -> "PublicView":
        return self._projection.view()

    def view_after(self, events: list["GameEvent"]) -> "PublicView":
        """The view after exactly these events from the start of the game."""
        from ..engine.face.projection import Projection
        return Projection.from_events(self.game.cat, events).view()


# ------------------------------------------------------------------ option groups and costs
GROUP_LABELS = {
    "move": "Move", "command": "Command", "explore": "Explore", "haven": "Haven", "market": "Market",
    "quest": "Quest", "trade": "Trade", "convert": "Exchange", "card": "Cards", "build": "Build",
    "pay": "Pay", "unit": "Units", "hex": "Hexes", "choice": "Choose", "always": "Always",
    "end": "End turn", "done": "Done", "cancel": "Cancel",
}
def option_group(option: Option) -> str:
    """The group an option is laid out in: the engine's (every option it makes has one of GROUPS;
    tests/test_decision_protocol.py plays whole games to check)."""
    return option.group if option.group in GROUPS else "choice"


# The order groups are laid out in: what the decision is about first, the always-available
# sidelines (cards, trading AP, exchanging) after, then the ways out. The first group is the one
# on show, so a stray Enter never spends AP on a trade.
DISPLAY_ORDER = ("move", "command", "explore", "haven", "market", "quest", "build", "pay", "unit", "hex", "choice",
                 "card", "trade", "convert", "always", "end", "done", "cancel")


def grouped(options: Iterable[Option]) -> list[tuple[str, list[Option]]]:
    """Options by group, in DISPLAY_ORDER (unknown groups before the ways out)."""
    by: dict[str, list[Option]] = {}
    for o in options:
        by.setdefault(option_group(o), []).append(o)
    rank = {g: i for i, g in enumerate(DISPLAY_ORDER)}
    return sorted(by.items(), key=lambda kv: rank.get(kv[0], rank["always"]))


def shown_option(option: Option, view: "PublicView", cat: "Catalog") -> Option:
    """The option as the decision bar shows it: a hex it names that carries a Curse says so ('Command
    into H08 (unexplored, Cursed)'); the engine's labels name a hex by its tile alone."""
    from .naming import engine_hex_label, hex_label
    hexes = [option.hex] if option.hex else []
    hexes += [r.id for r in option.refs or () if r.kind == "hex" and r.id not in hexes]
    label = option.label
    for hid in hexes:
        h = view.hexes.get(hid)
        if h is not None and h.curse:
            label = label.replace(engine_hex_label(cat, view, hid), hex_label(cat, view, hid), 1)
    if label == option.label:
        return option
    return Option(option.id, label, option.hex, option.card, option.group, option.refs, option.cost)


def unit_cost_text(cat: "Catalog", unit: str) -> str:
    """A Unit's price as printed on the player board: '1 Salt + 1 Plunder', or 'or' between the
    ways to pay ('2 Salt or 2 Plunder'; 'any 2' for any mix)."""
    u = cat.units.get(unit)
    if u is None:
        return ""
    ways = []
    for c in u.costs:
        parts = [f"{n} {r.capitalize()}" for r, n in (("salt", c.salt), ("plunder", c.plunder), ("food", c.food)) if n]
        if c.any:
            parts.append(f"{c.any} of any")
        ways.append(" + ".join(parts))
    return " or ".join(ways)


def option_cost_text(option: Option, cat: "Catalog") -> str:
    """The cost shown beside an option: the engine's figure (discounts counted); for building a
    Unit, which is paid one of several ways chosen after, the Unit's printed price."""
    if option.cost is not None:
        return cost_text(option.cost)
    if option.group == "build":
        unit = next((r.id for r in option.refs or () if r.kind == "unit"), None)
        return unit_cost_text(cat, unit) if unit else ""
    return ""


def cost_text(cost: OptionCost | None) -> str:
    if cost is None:
        return ""
    parts = [f"{n} {name}" for n, name in ((cost.ap, "AP"), (cost.salt, "Salt"), (cost.plunder, "Plunder"),
                                           (cost.food, "Food")) if n]
    return " + ".join(parts)


# ------------------------------------------------------------------ odds
def fight_odds(game: "Game", option_id: str) -> Any | None:
    """Exact odds of the fight(s) an option starts (`engine.odds.odds`), or None when the option
    starts no fight."""
    from ..engine.odds import odds
    try:
        return odds(game, option_id)
    except (KeyError, ValueError):
        return None


# ------------------------------------------------------------------ words for the engine's codes
def move_rule_words(code: str) -> str:
    """Why a Legion or Horde took its step, in words (NemesisMoved.rule)."""
    from ..engine.face.words import MOVE_RULES
    return MOVE_RULES.get(code, code.replace("_", " "))


def fallback_words(code: str) -> str:
    """Which placement fallback was used (NemesisPlaced/GarrisonPlaced/SkeletonPlaced.fallback)."""
    from ..engine.face.words import FALLBACKS
    return ", ".join(FALLBACKS.get(c, c.replace("_", " ")) for c in code.split(",") if c)


def terrain_words(code: str) -> str:
    """A fight's terrain (CombatStarted.terrain, a code such as 'ice_waste' or 'none') in words."""
    from ..engine.face.log import terrain_words as words
    return words(code)


def source_words(src, cat) -> str:
    """Where a Decision or event comes from, in words (SourceRef)."""
    from ..engine.face.log import source_text
    return source_text(src, cat)
