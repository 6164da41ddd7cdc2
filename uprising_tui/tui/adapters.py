"""The client's one meeting point with engine features that other lanes are still adding.

Each function here uses the engine's interface when it exists (PLAN.md: the event projection,
option groups and costs, exact odds, undo checkpoints and history) and falls back to a plain
stand-in when it does not yet. Swapping a fallback for the real thing touches this file only.
Nothing here reads the raw game state: fallbacks use the public view, ids and the catalog.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, NamedTuple

from ..engine.decision import GROUPS, Option, OptionCost

if TYPE_CHECKING:
    from ..content.loader import Catalog
    from ..engine.events import GameEvent
    from ..engine.game import Game
    from ..engine.public import PublicView


# ------------------------------------------------------------------ the public view
class ViewKeeper:
    """Keeps the public view up to date from the events alone (the projection), or, until the
    projection lands, asks the game for its public view after each answer."""

    def __init__(self, game: "Game"):
        self.game = game
        try:
            from ..engine.projection import Projection  # face lane
        except ImportError:
            Projection = None
        self._projection_cls = Projection
        self._projection = None
        if Projection is not None:
            self._projection = Projection.from_events(game.cat, game.log)

    @property
    def projects(self) -> bool:
        """True when views come from the events alone."""
        return self._projection is not None

    def apply(self, event: "GameEvent") -> None:
        if self._projection is not None:
            self._projection.apply(event)

    def view(self) -> "PublicView":
        if self._projection is not None:
            return self._projection.view()
        return self.game.public_view()

    def view_after(self, events: list["GameEvent"]) -> "PublicView | None":
        """The view after exactly these events from the start of the game, or None when
        only the current view can be had (no projection yet)."""
        if self._projection_cls is None:
            return None
        return self._projection_cls.from_events(self.game.cat, events).view()


# ------------------------------------------------------------------ option groups and costs
GROUP_LABELS = {
    "move": "Move", "command": "Command", "explore": "Explore", "haven": "Haven", "market": "Market",
    "quest": "Quest", "trade": "Trade", "convert": "Exchange", "card": "Cards", "build": "Build",
    "pay": "Pay", "unit": "Units", "hex": "Hexes", "choice": "Choose", "always": "Always",
    "end": "End turn", "done": "Done", "cancel": "Cancel",
}
_PREFIX_GROUP = {
    "move": "move", "command": "command", "explore": "explore", "haven": "haven", "market": "market",
    "quest": "quest", "trade": "trade", "give": "trade", "ask": "trade", "give_item": "trade",
    "ask_item": "trade", "convert": "convert", "card": "card", "build": "build", "tower": "build",
    "wall": "build", "pay": "pay", "unit": "unit", "bring": "unit", "hero": "unit", "hex": "hex",
    "always": "always", "end": "end", "done": "done", "cancel": "cancel", "back": "cancel",
}


def option_group(option: Option) -> str:
    """The group an option is laid out in: the engine's own, or one read from the id prefix."""
    if option.group in GROUPS:
        return option.group
    return _PREFIX_GROUP.get(option.id.split(":", 1)[0], "choice")


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


def option_cost(option: Option, cat: "Catalog", faction: str | None, kind: str) -> OptionCost | None:
    """What taking the option spends: the engine's own figure, or the printed base cost read
    from the id and the decision's kind (the engine's figure counts discounts; this may not)."""
    if option.cost is not None:
        return option.cost
    head, _, rest = option.id.partition(":")
    if head == "trade" and rest == "ap":
        return OptionCost(ap=1)
    if head == "convert":
        res = rest.split(":")[0]
        return OptionCost(**{res: 3}) if res in ("salt", "plunder", "food") else None
    if head in ("tower", "wall"):
        return OptionCost(plunder=cat.tower_cost if head == "tower" else cat.wall_cost)
    if kind != "turn":
        return None
    if head in ("move", "explore", "quest"):
        return OptionCost(ap=1)
    if head == "command":
        return OptionCost(ap=1, food=1)
    if head == "haven" and faction in cat.factions:
        return OptionCost(ap=1, plunder=cat.factions[faction].haven_cost)
    if head == "market" and rest in cat.items:
        return OptionCost(ap=1, salt=cat.items[rest].cost)
    return None


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


def option_cost_text(option: Option, cat: "Catalog", faction: str | None, kind: str) -> str:
    """The cost shown beside an option."""
    cost = option_cost(option, cat, faction, kind)
    if cost is not None:
        return cost_text(cost)
    head, _, rest = option.id.partition(":")
    if head == "build":
        return unit_cost_text(cat, rest.split(":")[0])
    return ""


def cost_text(cost: OptionCost | None) -> str:
    if cost is None:
        return ""
    parts = [f"{n} {name}" for n, name in ((cost.ap, "AP"), (cost.salt, "Salt"), (cost.plunder, "Plunder"),
                                           (cost.food, "Food")) if n]
    return " + ".join(parts)


# ------------------------------------------------------------------ odds
def fight_odds(game: "Game", option_id: str) -> Any | None:
    """Exact odds of the fight(s) an option starts (`engine.odds.odds`), or None when the odds
    module is not there yet or the option starts no fight."""
    try:
        from ..engine.odds import odds  # odds lane
    except ImportError:
        return None
    try:
        return odds(game, option_id)
    except (KeyError, ValueError):
        return None


def odds_available() -> bool:
    try:
        from ..engine import odds  # noqa: F401
    except ImportError:
        return False
    return True


# ------------------------------------------------------------------ undo and history
class Answered(NamedTuple):
    """One past answer: its index, the option id, who gave it, and whether it rolled dice or
    revealed something (None when the engine does not say)."""
    index: int
    option: str
    actor: str | None
    rolled: bool | None
    revealed: bool | None


def history(game: "Game", actors: list[str | None]) -> list[Answered]:
    """Every answer so far. Uses `game.history()` when the engine has it; otherwise the actors
    the controller noted as it answered (None where it does not know)."""
    hist = getattr(game, "history", None)
    if callable(hist):
        out = []
        for i, h in enumerate(hist()):
            out.append(Answered(i, getattr(h, "id", game.answers[i]), getattr(h, "actor", None),
                                getattr(h, "rolled", None), getattr(h, "revealed", None)))
        return out
    return [Answered(i, a, actors[i] if i < len(actors) else None, None, None)
            for i, a in enumerate(game.answers)]


# ------------------------------------------------------------------ words for the engine's codes
_OWN_MOVE_RULES = {
    "haven": "a Haven, fewest Units", "enemy": "the weakest enemy", "empty": "an empty hex",
    "closer": "any hex on the way", "target": "straight to its Target", "target_here": "its Target is here",
    "effect": "moved by an effect",
}


def _log_words():
    try:
        from ..engine import log_words  # face lane
    except ImportError:
        return None
    return log_words


def engine_words_moves() -> bool:
    """True when the engine's own log line already says why a Legion or Horde moved."""
    return _log_words() is not None


def move_rule_words(code: str) -> str:
    """Why a Legion or Horde took its step, in words (NemesisMoved.rule)."""
    lw = _log_words()
    table = getattr(lw, "MOVE_RULES", None) or _OWN_MOVE_RULES
    return table.get(code, _OWN_MOVE_RULES.get(code, code.replace("_", " ")))


def fallback_words(code: str) -> str:
    """Which placement fallback was used (NemesisPlaced/GarrisonPlaced/SkeletonPlaced.fallback)."""
    lw = _log_words()
    table = getattr(lw, "FALLBACKS", None) or {}
    return ", ".join(table.get(c, c.replace("_", " ")) for c in code.split(",") if c)


def source_words(src, cat) -> str:
    """Where a Decision or event comes from, in words (SourceRef)."""
    try:
        from ..engine.log import source_text  # face lane
    except ImportError:
        source_text = None
    if source_text is not None:
        try:
            return source_text(src, cat)
        except (KeyError, AttributeError, TypeError):
            pass
    what = cat.names.get(src.id, src.id.replace("_", " "))
    return f"{src.kind}: {what}" + (f" ({src.detail})" if src.detail else "")
