"""The Nemesis Phase as it plays: each Legion, Horde and Skeleton activation, where it moved and
why (the engine's step, rule and the hexes it weighed), placements and their fallbacks."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.text import Text

from .side_strip import SidePage
from .text_pane import TextPane

from ..event_text import EventText
from ..playback import NEMESIS_KINDS, is_nemesis, split
from .game_feed import game_signal

# What the Nemesis pane lists: the Nemesis's own pieces and moves, and the fights they start.
PANE_KINDS = NEMESIS_KINDS | {"CombatStarted", "CombatEnded", "NemesisDestroyed", "ThreatChanged", "HavenRemoved",
                              "PiecesRemoved", "CurseRemoved", "EventRevealed", "HordeFormed"}

if TYPE_CHECKING:
    from ..controller import Update


class NemesisPane(SidePage, TextPane):
    # the scrollbar's track always shows: a fight (or a Nemesis phase) starts short and grows past the
    # pane, and a scrollbar that came then would lay the screen out in the middle of it
    DEFAULT_CSS = """
    NemesisPane { padding: 0 1; overflow-y: scroll; }
    """
    KEEP = 40  # steps kept on show

    def __init__(self, cat, colours: dict[str, str], text: EventText | None = None, **kw) -> None:
        super().__init__(follow_end=True, **kw)
        self.cat = cat
        self.text = text or EventText(cat, colours)  # (the screen's, shared with the other panes)
        self.steps: list[list[Text]] = []
        self.chapter = 0
        self.pacing_hint = ""
        self._added = 0  # steps added so far (what the page on show was drawn from)
        self._drawn: int | None = None

    def on_mount(self) -> None:
        game_signal(self).subscribe(self, self.on_game_update, immediate=True)
        self.redraw()

    def on_game_update(self, u: "Update") -> None:
        if u.reset:
            self.steps, self._drawn = [], None
            self.text.reset_for(u)
        for step in split(u.events):
            lines = [self.text(ev) for ev in step]  # keep the hex names current for every event
            if not is_nemesis(step):
                continue
            out = []
            for ev, line in zip(step, lines):
                if ev.event_type not in PANE_KINDS or not line.plain.strip():
                    continue
                out.append(line)  # (a move's line says why, in the engine's words)
            self.steps.append(out)
            self._added += 1
        self.steps = self.steps[-self.KEEP:]
        self.redraw_in_view()

    def redraw(self) -> None:
        if self._drawn == self._added and self.is_mounted:
            return  # no new step: the page reads as before
        self._drawn = self._added
        if not self.steps:
            body = Text("The Empire and Chaos have not moved yet.\n\nIn the Nemesis Phase each Legion and "
                        "Horde activation shows here: where it went and why.", style="dim")
            self.show(body)
            return
        parts = [Text("Nemesis: latest steps last", style="bold")]
        for i, step in enumerate(self.steps):
            latest = i == len(self.steps) - 1
            block = Text("▶ " if latest else "  ", style="bold yellow" if latest else "")
            for j, line in enumerate(step):
                if j:
                    block.append("\n    ")
                block.append_text(line)
            parts.append(block)
        self.show(Group(*parts))
