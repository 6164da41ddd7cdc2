"""The game screen's header: where in the game we are, who acts, and everyone's VP."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from ..naming import name, phase_name
from ..theme import side_style
from .steady import set_content
from .text_lines import TextLines

if TYPE_CHECKING:
    from ..controller import Update


class StatusBar(TextLines):
    DEFAULT_CSS = """
    StatusBar { height: 2; background: $panel; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def __init__(self, cat, colours: dict[str, str], **kw) -> None:
        super().__init__(**kw)
        self.cat = cat
        self.colours = colours
        self.pacing = "auto"
        self.note = ""

    def on_mount(self) -> None:
        self.app.game_signal.subscribe(self, self.on_game_update, immediate=True)

    def on_game_update(self, u: "Update") -> None:
        self.show(u)

    def show(self, u: "Update") -> None:
        self._last = u
        v, cat = u.view, self.cat
        top = Text(no_wrap=True, overflow="ellipsis")
        if u.decision is not None and u.actor is not None:
            who = u.actor
            p = next((p for p in v.players if p.faction == who.faction), None)
            top.append("▶ ", style="bold")
            top.append(name(cat, who.faction), style=side_style(who.faction, self.colours))
            person = "" if who.name == name(cat, who.faction) else who.name
            hero = name(cat, p.hero) if p is not None else ""
            top.append(f" — {person + ' ' if person else ''}({hero}{', bot' if who.is_bot else ''})")
            if p is not None and v.phase == "actions":
                top.append(f" · {p.ap} AP", style="bold")
            top.append("  ·  ")
        elif v.verdict:
            top.append(f"■ {v.verdict}  ·  ", style="bold")
        top.append(f"Chapter {v.chapter}/{v.chapters} {phase_name(v.phase)}", style="bold")
        if v.event:
            top.append(f"  ·  Event: {name(cat, v.event)} (Threat {v.event_threat})")
        low = Text("VP ", no_wrap=True, overflow="ellipsis")
        for p in v.players:
            low.append(name(cat, p.faction), style=side_style(p.faction, self.colours))
            low.append(f" {p.vp}  ")
        low.append("The Empire", style=side_style("empire"))
        low.append(f" {v.vp_empire}  ")
        low.append("Chaos", style=side_style("chaos"))
        low.append(f" {v.vp_chaos}")
        low.append(f"  ·  first player {name(cat, v.first_player)} · {v.difficulty} · pacing {self.pacing}",
                   style="dim")
        if self.note:
            low.append(f" · {self.note}", style="italic")
        set_content(self, Text("\n").join([top, low]))  # a fixed two lines

    def set_pacing(self, pacing: str) -> None:
        self.pacing = pacing
        if getattr(self, "_last", None) is not None:
            self.show(self._last)

    def set_note(self, note: str) -> None:
        self.note = note
        if getattr(self, "_last", None) is not None:
            self.show(self._last)
