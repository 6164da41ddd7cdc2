"""The player board: one faction at a glance (the one acting, unless a page is pinned), the others
a key away, and a page for the table (Market, Quests, Druids, the Nemesis, reserves)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Console, ConsoleOptions, Group
from rich.table import Table
from rich.text import Text
from textual.containers import Vertical

from .side_strip import SidePage
from .steady import set_content
from .text_lines import TextLines
from .text_pane import TextPane

from ..naming import hex_label, name
from ..theme import DIE_LETTER, side_style
from .game_feed import game_signal

if TYPE_CHECKING:
    from ...engine.face.view import PlayerView, PublicView
    from ..controller import Update

TABLE_PAGE = "table"
ATTRS = (("might", "Might", "R"), ("magic", "Magic", "P"), ("leadership", "Leadership", "U"),
         ("guile", "Guile", "W/Y"))


class UnitsTable:
    """A faction's Units, one row each: name with die letter and kind, then how many are on the map,
    in reserve and in each Graveyard. Laid out by hand to the width it is given (the name column
    gives way first; a name too long for it goes on to a second line, never cut): a rich Table
    took several milliseconds to lay out, and the rows change with every Unit placed, moved or lost."""

    HEAD = ("Unit", "map", "res", "E.GY", "C.GY")
    CAPTION = ("die colour letter · W warrior, A archer, R rider · res: in reserve · "
               "E.GY, C.GY: in the Empire's, Chaos's Graveyard")

    def __init__(self, rows) -> None:
        self.rows = rows

    def __rich_console__(self, console: Console, options: ConsoleOptions):
        nums = [max([len(h)] + [len(str(r[i + 2])) for r in self.rows]) for i, h in enumerate(self.HEAD[1:])]
        name_w = max([len(self.HEAD[0])] + [len(unit) + 1 + len(kind) for unit, kind, *_ in self.rows])
        name_w = max(4, min(name_w, options.max_width - 1 - sum(n + 2 for n in nums)))

        def row(first: Text, cells, style: str = "") -> list[Text]:
            # a name too long for its column breaks between words onto a line of its own first
            lines = first.wrap(console, name_w) if first.cell_len > name_w else [first]
            out = [Text(" ").append_text(line) for line in lines[:-1]]
            last = lines[-1]
            last.truncate(name_w, pad=True)
            line = Text(" ", no_wrap=True).append_text(last)
            for cell, n in zip(cells, nums):
                line.append("  " + str(cell).rjust(n), style=style)
            return out + [line]

        yield from row(Text(self.HEAD[0], style="bold"), self.HEAD[1:], "bold")
        for unit, kind, *counts in self.rows:
            yield from row(Text(f"{unit} ").append(kind, style="dim"), counts)
        yield Text(" " + self.CAPTION, style="dim italic")


class Kept:
    """A renderable drawn once for each width and kept in `store` under `key`: the units table
    changes far less often than the page around it (AP, resources)."""

    def __init__(self, store: dict, key, make) -> None:
        self.store, self.key, self.make = store, key, make

    def __rich_console__(self, console: Console, options: ConsoleOptions):
        k = (self.key, options.max_width)
        lines = self.store.get(k)
        if lines is None:
            if len(self.store) > 32:
                self.store.clear()
            lines = self.store[k] = console.render_lines(self.make(), options, pad=False, new_lines=True)
        for line in lines:
            yield from line


def _spf(salt: int, plunder: int, food: int) -> str:
    return f"{salt}S {plunder}P {food}F"


def production_text(cat, faction: str, havens) -> Text:
    """What the next Production gives (the engine's own sum, tally.production_yield: the board's row
    for these Havens plus what their hexes add, a Cursed one nothing), and what one more Haven's
    row would be."""
    from ...engine.rules.tally import production_yield
    rows = cat.factions[faction].production
    row, nxt = rows[min(len(havens), 5)], rows[min(len(havens) + 1, 5)]
    total = production_yield(cat, faction, [(h.tile, h.curse) for h in havens])
    extra = (total[0] - row.salt, total[1] - row.plunder, total[2] - row.food)
    t = Text()
    t.append(f"Production next: {_spf(*total)}", style="bold")
    t.append(f"\n  board {_spf(row.salt, row.plunder, row.food)} + Haven hexes {_spf(*extra)}")
    if any(h.curse for h in havens):
        t.append(" (a Cursed hex adds nothing)", style="dim")
    t.append(f"\n  one more Haven: board {_spf(nxt.salt, nxt.plunder, nxt.food)} + its hex", style="dim")
    return t


class PlayerBoard(SidePage, Vertical):
    DEFAULT_CSS = """
    PlayerBoard > #board-title { height: 1; background: $boost; padding: 0 1; }
    PlayerBoard > #board-body { padding: 0 1; }
    """

    def __init__(self, cat, colours: dict[str, str], seats=(), **kw) -> None:
        super().__init__(**kw)
        self.cat = cat
        self.colours = colours
        self.seats = {s.faction: s for s in seats}
        self.view: "PublicView | None" = None
        self.page: str | None = None  # the faction shown
        self.pinned = False  # a page picked by hand stays until released
        self.actor: str | None = None
        self._key: tuple | None = None  # what the page on show was drawn from
        self._kept: dict = {}  # the units tables drawn so far, by rows and width

    def compose(self):
        yield TextLines(id="board-title")
        yield TextPane(id="board-body")

    def on_mount(self) -> None:
        game_signal(self).subscribe(self, self.on_game_update, immediate=True)

    def on_game_update(self, u: "Update") -> None:
        self.view = u.view
        if u.decision is not None:
            self.actor = u.decision.actor
        if not self.pinned or self.page is None:
            self.page = self.actor or (u.view.players[0].faction if u.view.players else TABLE_PAGE)
        self.redraw_in_view()

    # ------------------------------------------------------------ paging
    def pages(self) -> list[str]:
        return [p.faction for p in self.view.players] + [TABLE_PAGE] if self.view else []

    def cycle(self, step: int) -> None:
        pages = self.pages()
        if not pages:
            return
        i = pages.index(self.page) if self.page in pages else 0
        self.page = pages[(i + step) % len(pages)]
        self.pinned = True
        self.redraw()

    def follow(self) -> None:
        self.pinned = False
        self.page = self.actor or self.page
        self.redraw()

    def show_page(self, page: str) -> None:
        self.page, self.pinned = page, True
        self.redraw()

    # ------------------------------------------------------------ drawing
    def redraw(self) -> None:
        if self.view is None:
            return
        pages = self.pages()
        title = Text()
        for i, pg in enumerate(pages):
            label = "Table" if pg == TABLE_PAGE else name(self.cat, pg)
            style = "reverse " if pg == self.page else ""
            style += "bold" if pg == TABLE_PAGE else side_style(pg, self.colours)
            title.append(f" {label} ", style=style)
        title.append("  [ ] page" + ("  = follow" if self.pinned else ""), style="dim")
        set_content(self.query_one("#board-title", TextLines), title)  # (only when it reads differently)
        key = self._page_key()
        if key == self._key:
            return  # nothing the page shows has changed: keep its lines
        self._key = key
        body = self.table_page() if self.page == TABLE_PAGE else self.faction_page(self.view.player(self.page))
        self.query_one("#board-body", TextPane).show(body)

    def _page_key(self) -> tuple:
        """Everything the page on show is drawn from (equal keys draw equal pages)."""
        v = self.view
        if self.page == TABLE_PAGE:
            return (TABLE_PAGE, v, dict(self.colours))
        p = v.player(self.page)
        hexes = tuple(h for h in v.hexes.values() if h.haven == p.faction or h.owner == p.faction
                      or h.id == p.hero_hex)
        return (p, hexes, v.graveyard_empire, v.graveyard_chaos, self.seats.get(p.faction), dict(self.colours))

    def faction_page(self, p: "PlayerView"):
        v, cat = self.view, self.cat
        seat = self.seats.get(p.faction)
        head = Text()
        head.append(f"{name(cat, p.faction)}", style=side_style(p.faction, self.colours))
        head.append(f" · {name(cat, p.hero)}")
        if seat is not None:
            head.append(f" · {seat.name}" + (" (bot)" if seat.is_bot else ""), style="italic")
        if p.passed:
            head.append(" · passed", style="dim")
        res = Text(f"Salt {p.salt}  Plunder {p.plunder}  Food {p.food}   AP {p.ap}   VP {p.vp}", style="bold")
        hero = Text(f"Hero on {hex_label(cat, v, p.hero_hex)}\n")
        hero.append("  ".join(f"{label} {getattr(p, key)} ({die})" for key, label, die in ATTRS))
        havens = [h for h in v.hexes.values() if h.haven == p.faction]
        fac = cat.factions[p.faction]
        hv = Text(f"Havens: {len(havens)} on the map, {p.havens_in_supply} in supply\n")
        hv.append_text(production_text(cat, p.faction, havens))
        on_map: dict[str, int] = {}
        for h in v.hexes.values():
            if h.owner == p.faction:
                for u, n in h.units:
                    on_map[u] = on_map.get(u, 0) + n
        reserve = dict(p.reserve)
        gy_e = {piece: n for owner, piece, n in v.graveyard_empire if owner == p.faction}
        gy_c = {piece: n for owner, piece, n in v.graveyard_chaos if owner == p.faction}
        rows = tuple((u.name, f"{DIE_LETTER[u.die]}·{u.type[0].upper()}", on_map.get(u.id, 0), reserve.get(u.id, 0),
                      gy_e.get(u.id, 0), gy_c.get(u.id, 0)) for u in fac.units)
        units = Kept(self._kept, rows, lambda: UnitsTable(rows))
        cards = Text()
        cards.append(f"Feats & Items ({len(p.feats) + len(p.items)}/10)\n", style="bold")
        for c in p.feats:
            cards.append(f" • {name(cat, c.id)}", style="" if c.face_up else "dim strike")
            cards.append(" (flipped)\n" if not c.face_up else "\n", style="dim")
        for c in p.items:
            cards.append(f" ◦ {name(cat, c.id)}", style="" if c.face_up else "dim strike")
            cards.append(" (flipped)\n" if not c.face_up else "\n", style="dim")
        if p.quests:
            cards.append("Quests kept: " + ", ".join(name(cat, q.id) for q in p.quests) + "\n")
        cards.append(f"Feat deck: {p.feat_deck} cards", style="dim")
        return Group(head, res, hero, hv, units, cards)

    def table_page(self):
        v, cat = self.view, self.cat
        out = Text()
        out.append("Market: ", style="bold")
        out.append(", ".join(f"{name(cat, i)} ({cat.items[i].cost} Salt)" if i in cat.items else name(cat, i)
                             for i in v.market) or "(empty)")
        out.append("\nQuests on offer: ", style="bold")
        out.append(", ".join(name(cat, q) for q in v.quest_offer) or "(none)")
        out.append("\nDruids: ", style="bold")
        out.append(", ".join(name(cat, d) for d in v.druids) or "(none)")
        nem = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
        for col in ("Nemesis", "Threat", "Hex", "Tokens", "Target"):
            nem.add_column(col)
        for c in v.legions + v.hordes:
            nem.add_row(Text(name(cat, c.id), style=side_style("empire" if c.kind == "legion" else "chaos")),
                        str(c.threat), hex_label(cat, v, c.hex), str(c.tokens),
                        hex_label(cat, v, c.target) if c.target else "")
        decks = Text(f"Decks: Legions {v.legion_deck} · Hordes {v.horde_deck} · Items {v.item_deck} · "
                     f"Quests {v.quest_deck} · Events to come {v.events_to_come}\n")
        g1, g2, g3 = v.garrison_reserve
        decks.append(f"Reserve: Garrisons {g1}/{g2}/{g3} · Skeletons {v.skeleton_reserve} · Curses {v.curse_reserve}"
                     f" · Walls {v.walls_left} · Towers {v.towers_left} · Tokens {v.tokens_left}\n")
        for side, gy in (("empire", v.graveyard_empire), ("chaos", v.graveyard_chaos)):
            decks.append(f"{name(cat, side)} Graveyard: ", style=side_style(side))
            decks.append(", ".join(f"{n}× {name(cat, piece)} ({name(cat, owner)})" for owner, piece, n in gy)
                         or "empty")
            decks.append("\n")
        if v.events_revealed:
            decks.append("Events so far: " + ", ".join(name(cat, e) for e in v.events_revealed))
        return Group(out, Text(""), nem, Text(""), decks)
