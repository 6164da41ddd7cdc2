"""Hot-seat: the moment the keyboard passes to another person. Nothing of the game is behind it
to peek at that the table cannot see anyway (every hand is open in Uprising); it is a pause so
the right person answers, with what happened since that person last had the keyboard: what the
others and the Nemesis did, and how the VP moved (`since_last_turn`)."""
from __future__ import annotations

from typing import Callable, Iterable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..naming import name
from ..theme import side_style

# what the summary tells, by event: a person's moves that change the table, the Nemesis's, the fights
TOLD = frozenset({"HeroMoved", "HexExplored", "HavenBuilt", "HavenRemoved", "CombatEnded", "CardGained",
                  "QuestResolved", "NemesisPlaced", "NemesisMoved", "NemesisDestroyed", "CapitalFell",
                  "EventRevealed", "DefenseBuilt", "SkeletonsMoved"})
COUNTED = {"UnitPlaced": ("Unit placed", "Units placed"), "GarrisonPlaced": ("Garrison placed", "Garrisons placed"),
           "SkeletonPlaced": ("Skeleton placed", "Skeletons placed"), "CursePlaced": ("Curse placed", "Curses placed"),
           "UnitDestroyed": ("Unit destroyed", "Units destroyed")}
MOST = 12  # lines of moves told; the rest are in the log


def since_last_turn(cat, events: Iterable, faction: str, words: Callable, colours: dict[str, str] | None = None,
                    most: int = MOST) -> Text | None:
    """What happened in `events` (since `faction`'s person last had the keyboard), in a few lines:
    the VP each side gained or lost, then the moves of the others and of the Nemesis (`words`
    turns an event into its line, as the log has it), placements and losses counted. None when
    nothing worth telling happened."""
    events = list(events)
    vp: dict[str, list[int]] = {}  # side -> [before, after]
    for ev in events:
        if ev.event_type == "VPChanged":
            got = vp.setdefault(ev.faction, [ev.total - ev.amount, ev.total])
            got[1] = ev.total
    moves: list[Text] = []
    counts: dict[str, int] = {}
    for ev in events:
        kind = ev.event_type
        if kind in COUNTED:
            counts[kind] = counts.get(kind, 0) + 1
        if kind not in TOLD or getattr(ev, "faction", None) == faction:
            continue  # (this person's own moves they made themselves)
        line = words(ev)
        if line.plain.strip():
            moves.append(line)
    if not vp and not moves and not counts:
        return None
    t = Text("Since you last had the keyboard", style="bold underline")
    if vp:
        t.append("\nVP: ", style="bold")
        for i, (side, (before, after)) in enumerate(vp.items()):
            if i:
                t.append(" · ")
            t.append(name(cat, side), style=side_style(side, colours))
            change = after - before
            t.append(f" {before} → {after} ({'+' if change >= 0 else ''}{change})")
    for line in moves[:most]:
        t.append("\n• ")
        t.append_text(line)
    if len(moves) > most:
        t.append(f"\n… and {len(moves) - most} more in the log", style="dim")
    if counts:
        t.append("\n")
        t.append(" · ".join(f"{n} {COUNTED[k][0] if n == 1 else COUNTED[k][1]}" for k, n in counts.items()),
                 style="dim")
    return t


class PassDeviceScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    PassDeviceScreen { align: center middle; background: $background 90%; }
    PassDeviceScreen > Vertical { width: 90; max-width: 95%; height: auto; max-height: 95%; border: double $accent;
                                  background: $surface; padding: 1 2; }
    PassDeviceScreen Static { text-align: center; width: 100%; }
    PassDeviceScreen #pass-since { height: auto; max-height: 16; margin-top: 1; }
    PassDeviceScreen #pass-since Static { text-align: left; }
    PassDeviceScreen #pass-how { margin-top: 1; }
    """
    BINDINGS = [Binding("enter,space", "go", "I am here", priority=True)]

    def __init__(self, person: str, faction: str, why: str = "", since: Text | None = None) -> None:
        super().__init__()
        self.person, self.faction, self.why = person, faction, why
        self.since = since

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(f"Pass to {self.person}", style="bold"), id="pass-title")
            yield Static(f"{self.faction}{': ' + self.why if self.why else ''}")
            # what to press comes before the summary: a long summary at 80x24 pushed it out of sight
            yield Static(Text("Press Enter when you have the keyboard.", style="dim"), id="pass-how")
            if self.since is not None:
                with VerticalScroll(id="pass-since"):
                    yield Static(self.since, id="pass-summary")

    def action_go(self) -> None:
        self.dismiss(None)
