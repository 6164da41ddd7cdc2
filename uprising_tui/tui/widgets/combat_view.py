"""The combat view: both sides, every round's dice with every face, hits and Shields, Bolts and
Godpowers, losses as they fall; and, while a fight waits on a player, the dice as they show now.

Built from the events (CombatStarted ... CombatEnded) and the public view's `combat`."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rich.console import Group
from rich.text import Text

from .side_strip import SidePage
from .text_pane import TextPane

from ..adapters import terrain_words
from ..event_text import EventText
from ..naming import hex_label, name
from ..theme import count_symbols, dice_text, symbols_text
from .game_feed import game_signal

if TYPE_CHECKING:
    from ...engine.face.view import CombatView as LiveCombat
    from ...engine.face.view import PublicView, SideView
    from ..controller import Update

# Events without a combat id that belong to the fight under way when they come.
IN_FIGHT = ("UnitDestroyed", "UnitExchanged", "ThreatChanged", "NemesisDestroyed", "Note", "VPChanged", "PiecesRemoved",
            "GarrisonsRemoved", "SkeletonsRemoved", "HavenRemoved", "DefenseRemoved", "CardUsed", "CardFlipped",
            "TargetRemoved", "TargetPlaced")
QUIET = ("CombatStep", "CombatClosed")  # the round headings and the result say these already


@dataclass
class Round:
    part: str
    number: int
    side_a: str
    dice_a: tuple
    side_b: str
    dice_b: tuple
    after: list[Text] = field(default_factory=list)


@dataclass
class Fight:
    id: int
    hex: str
    side_a: str
    side_b: str
    terrain: str
    before: list[Text] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    winner: str | None = None


class CombatPane(SidePage, TextPane):
    # the scrollbar's track always shows: a fight (or a Nemesis phase) starts short and grows past the
    # pane, and a scrollbar that came then would lay the screen out in the middle of it
    DEFAULT_CSS = """
    CombatPane { padding: 0 1; overflow-y: scroll; }
    """

    def __init__(self, cat, colours: dict[str, str], text: EventText | None = None, **kw) -> None:
        super().__init__(follow_end=True, **kw)
        self.cat = cat
        self.colours = colours
        self.text = text or EventText(cat, colours)  # (the screen's, shared with the other panes)
        self.fights: list[Fight] = []
        self.shown: int | None = None  # index into fights; None = the latest
        self.view: "PublicView | None" = None
        self._drawn: tuple | None = None  # the key of the page on show

    def on_mount(self) -> None:
        self.redraw()
        game_signal(self).subscribe(self, self.on_game_update, immediate=True)

    def on_game_update(self, u: "Update") -> None:
        if u.reset:
            self.fights, self.shown = [], None
            self.text.reset_for(u)
        self.view = u.view
        self.add(u.events)
        self.redraw_in_view()

    @property
    def current(self) -> Fight | None:
        if not self.fights:
            return None
        return self.fights[self.shown if self.shown is not None else -1]

    @property
    def active(self) -> bool:
        """A fight is under way (it started and has not ended, or the view shows one)."""
        return (self.view is not None and self.view.combat is not None) or (
            bool(self.fights) and self.fights[-1].winner is None)

    def add(self, events) -> None:
        for ev in events:
            kind = ev.event_type
            line = self.text(ev)
            open_fight = self.fights[-1] if self.fights and self.fights[-1].winner is None else None
            if kind == "CombatStarted":
                # the engine names each side by its owner, and its Legion or Horde card if it has one
                a = getattr(ev, "card_a", None) or ev.side_a
                b = getattr(ev, "card_b", None) or ev.side_b
                self.fights.append(Fight(ev.combat, ev.hex, a, b, ev.terrain))
                self.shown = None
            elif open_fight is None:
                continue
            elif kind == "CombatRolled":
                open_fight.rounds.append(Round(ev.part, ev.round, ev.side_a, ev.dice_a, ev.side_b, ev.dice_b))
            elif kind == "CombatEnded":
                open_fight.winner = ev.winner if ev.winner else "nobody"
            elif kind in QUIET:
                continue
            elif line.plain.strip() and (kind in IN_FIGHT or getattr(ev, "combat", None) == open_fight.id):
                (open_fight.rounds[-1].after if open_fight.rounds else open_fight.before).append(line)

    def browse(self, step: int) -> None:
        if not self.fights:
            return
        i = len(self.fights) - 1 if self.shown is None else self.shown
        i = max(0, min(len(self.fights) - 1, i + step))
        self.shown = None if i == len(self.fights) - 1 else i
        self.redraw()

    def _key(self, f: Fight | None) -> tuple:
        """Everything the page is drawn from: an answer that adds nothing to the fight on show (most
        answers outside a fight) leaves it as it is."""
        if f is None:
            return (None,)
        live = self.view.combat if self.view is not None else None
        where = hex_label(self.cat, self.view, f.hex) if self.view else f.hex
        return (f, len(self.fights), self.shown, where, len(f.before), len(f.rounds),
                tuple(len(r.after) for r in f.rounds), f.winner, live)

    def redraw(self) -> None:
        f = self.current
        key = self._key(f)
        if key == self._drawn and self.is_mounted:
            return
        self._drawn = key
        if f is None:
            self.show(Text("No fight yet this game.\n\nWhen Units meet enemies, the fight is shown here "
                             "round by round.", style="dim"))
            return
        parts: list = []
        head = Text()
        n = self.fights.index(f) + 1
        head.append(f"Fight {n} of {len(self.fights)}", style="bold")
        head.append("  (, . earlier/later)\n", style="dim")
        head.append(f"{hex_label(self.cat, self.view, f.hex) if self.view else f.hex} · terrain: "
                    f"{terrain_words(f.terrain)}\n")
        head.append_text(self.text.side(f.side_a))
        head.append("  vs  ")
        head.append_text(self.text.side(f.side_b))
        parts.append(head)
        for line in f.before:
            parts.append(Text("  ") + line)
        for r in f.rounds:
            t = Text("\n")
            t.append(f"{r.part.capitalize()} round {r.number}", style="bold underline")
            t.append("\n")
            for side, dice in ((r.side_a, r.dice_a), (r.side_b, r.dice_b)):
                t.append("  ")
                t.append_text(self.text.side(side))
                t.append("\n    ")
                t.append_text(dice_text(dice))
                t.append(f"   = {symbols_text(*count_symbols(dice))}\n", style="dim")
            parts.append(t)
            for line in r.after:
                parts.append(Text("  • ") + line)
        live = self.view.combat if self.view is not None else None
        if live is not None and live.id == f.id:
            parts.append(self.live_text(live))
        if f.winner is not None:
            parts.append(Text(f"\nResult: {name(self.cat, f.winner)} holds the field" if f.winner != "nobody"
                              else "\nResult: no one is left standing", style="bold"))
        self.follow_end = self.shown is None  # the latest fight: keep its latest round in sight
        self.show(Group(*parts))

    def live_text(self, c: "LiveCombat") -> Text:
        t = Text("\n")
        t.append(f"Now: {c.part.replace('_', ' ')}" + (f", {c.step.replace('_', ' ')}" if c.step else "")
                 + f" (round {c.round})", style="bold reverse")
        t.append("\n")
        for label, s in (("Attacker", c.a), ("Defender", c.b)):
            t.append_text(self.side_now(label, s))
        return t

    def side_now(self, label: str, s: "SideView") -> Text:
        t = Text(f"  {label}: ")
        if s.card:
            t.append_text(self.text.side(s.card))
        elif s.kind in ("garrisons", "skeletons"):
            t.append(f"{s.kind.capitalize()} of ")
            t.append_text(self.text.side(s.owner))
        else:
            t.append_text(self.text.side(s.owner))
        t.append("\n    ")
        t.append_text(dice_text(s.dice))
        sk, sh, bo = count_symbols(s.dice)
        ex = s.extra
        t.append(f"\n    rolled {symbols_text(sk, sh, bo)}")
        if any(ex):
            t.append(f" + from effects {symbols_text(*ex)}")
        if any(s.cancelled):
            t.append(f" − cancelled {symbols_text(*s.cancelled)}")
        if s.shields_broken:
            t.append(f" · {s.shields_broken} Shield(s) broken by Bolts")
        if s.bolts_spent:
            t.append(f" · {s.bolts_spent} Bolt(s) spent")
        t.append("\n")
        return t
