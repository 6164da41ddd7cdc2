"""The game screen's header: where in the game we are, who acts, and everyone's VP."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from ..naming import name, phase_name
from ..theme import side_style
from .steady import set_content
from .text_lines import TextLines
from .game_feed import game_signal

if TYPE_CHECKING:
    from ..controller import Update


SEP = "  ·  "
TIGHT = " · "


def fit(parts: list[tuple[list[Text], int]], width: int) -> Text:
    """The parts (each its spellings, longest first, and a rank) joined in their order. Until the
    line fits: the separators tighten, then the lowest-ranked part that has a shorter spelling
    takes it, else the lowest-ranked part is left out, whole (never cut mid-word)."""
    kept = [[list(forms), rank] for forms, rank in parts]

    def length(sep: str) -> int:
        return sum(p[0][0].cell_len for p in kept) + len(sep) * (len(kept) - 1)
    sep = SEP if length(SEP) <= width else TIGHT
    while len(kept) > 1 and length(sep) > width:
        shorter = [p for p in kept if len(p[0]) > 1]
        if shorter:
            min(shorter, key=lambda p: p[1])[0].pop(0)
        else:
            kept.remove(min(kept, key=lambda p: p[1]))
    line = Text(no_wrap=True, overflow="ellipsis")
    for i, (forms, _rank) in enumerate(kept):
        if i:
            line.append(sep)
        line.append_text(forms[0])
    return line


def who_plays(person: str, hero: str, is_bot: bool) -> str:
    """Who is at the faction's seat: "You (Syndra)", "Heuristic bot (Yanny)", or the Hero alone
    where the seat bears the faction's name ("Syndra"); "bot" said once."""
    if not person:
        return f"{hero} (bot)" if is_bot else hero
    bot = ", bot" if is_bot and "bot" not in person.lower() else ""
    return f"{person} ({hero}{bot})"


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
        game_signal(self).subscribe(self, self.on_game_update, immediate=True)

    def on_game_update(self, u: "Update") -> None:
        self.show(u)

    def show(self, u: "Update") -> None:
        self._last = u
        v, cat = u.view, self.cat
        # each line is parts in order, each with a rank: where the line is too narrow the lowest
        # ranks go first, whole (never cut mid-word); what goes is on the board's Table page
        top: list[tuple[list[Text], int]] = []
        if u.decision is not None and u.actor is not None:
            who = u.actor
            p = next((p for p in v.players if p.faction == who.faction), None)
            t = Text("▶ ", style="bold")
            t.append(name(cat, who.faction), style=side_style(who.faction, self.colours))
            short = t.copy()
            person = "" if who.name == name(cat, who.faction) else who.name
            hero = name(cat, p.hero) if p is not None else ""
            t.append(" — " + who_plays(person, hero, who.is_bot))
            if p is not None and v.phase == "actions":
                for x in (t, short):
                    x.append(f" · {p.ap} AP", style="bold")
            top.append(([t, short], 9))
        elif v.verdict:
            top.append(([Text(f"■ {v.verdict}", style="bold")], 9))
        top.append(([Text(f"Chapter {v.chapter}/{v.chapters} {phase_name(v.phase)}", style="bold"),
                     Text(f"Ch. {v.chapter}/{v.chapters} {phase_name(v.phase)}", style="bold")], 8))
        if v.event:
            top.append(([Text(f"Event: {name(cat, v.event)} (Threat {v.event_threat})"),
                         Text(f"{name(cat, v.event)} (Threat {v.event_threat})")], 3))
        vp = Text("VP ")
        for p in v.players:
            vp.append(name(cat, p.faction), style=side_style(p.faction, self.colours))
            vp.append(f" {p.vp}  ")
        vp.append("The Empire", style=side_style("empire"))
        vp.append(f" {v.vp_empire}  ")
        vp.append("Chaos", style=side_style("chaos"))
        vp.append(f" {v.vp_chaos}")
        low = [([vp], 9), ([Text(f"first player {name(cat, v.first_player)}", style="dim")], 2),
               ([Text(v.difficulty, style="dim")], 1), ([Text(f"pacing {self.pacing}", style="dim")], 4)]
        if self.note:
            low.append(([Text(self.note, style="italic")], 5))
        width = max(20, self.content_region.width or 118)
        lines = [fit(top, width), fit(low, width)]
        set_content(self, Text("\n").join(lines))  # a fixed two lines
        self._shown_width = width

    def on_resize(self) -> None:
        if getattr(self, "_last", None) is not None and self.content_region.width != getattr(self, "_shown_width", 0):
            self.show(self._last)

    def set_pacing(self, pacing: str) -> None:
        self.pacing = pacing
        if getattr(self, "_last", None) is not None:
            self.show(self._last)

    def set_note(self, note: str) -> None:
        self.note = note
        if getattr(self, "_last", None) is not None:
            self.show(self._last)
