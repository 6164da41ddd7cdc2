"""Every card on the table, readable: each faction's Feats, Items and kept Quests, the Market,
the Quests on offer, the Druids, the Legions and Hordes in play and the Events so far."""
from __future__ import annotations

import textwrap

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ..card_text import card_text
from ..naming import name


def table_cards(cat, view) -> list[tuple[str, list[tuple[str, str]]]]:
    """(section, [(card id, label)]) for every card the table can see."""
    out = []
    for p in view.players:
        cards = [(c.id, name(cat, c.id) + ("" if c.face_up else " (flipped)")) for c in p.feats + p.items]
        cards += [(q.id, name(cat, q.id) + " (kept)") for q in p.quests]
        out.append((f"{name(cat, p.faction)} · {name(cat, p.hero)}", cards))
    out.append(("Market", [(i, f"{name(cat, i)} · {cat.items[i].cost} Salt" if i in cat.items else name(cat, i))
                           for i in view.market]))
    out.append(("Quests on offer", [(q, name(cat, q)) for q in view.quest_offer]))
    out.append(("Druids", [(d, name(cat, d)) for d in view.druids]))
    out.append(("Legions and Hordes", [(c.id, f"{name(cat, c.id)} · Threat {c.threat}")
                                       for c in view.legions + view.hordes]))
    out.append(("Events", [(e, name(cat, e)) for e in view.events_revealed]))
    return [(title, cards) for title, cards in out if cards]


class CardsScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,k", "close", "Back")]
    DEFAULT_CSS = """
    CardsScreen { align: center middle; }
    CardsScreen > Horizontal { width: 96%; height: 92%; border: thick $primary; background: $surface; }
    CardsScreen OptionList { width: 40%; height: 1fr; border: none; }
    CardsScreen #card-text { width: 1fr; height: 1fr; padding: 0 1; overflow-y: auto; }
    """

    def __init__(self, cat, view, focus: str | None = None, choosing: list[str] | None = None) -> None:
        super().__init__()
        self.cat, self.view, self.focus_card = cat, view, focus
        self.sections = table_cards(cat, view)
        if choosing:  # the cards of the pending decision (a Feat drawn, a Quest dealt) come first
            self.sections.insert(0, ("Choosing now", [(c, name(cat, c)) for c in dict.fromkeys(choosing)]))

    def _items(self, width: int) -> list:
        """The list's rows: each section's title, then its cards; a card's name and price that do not
        fit the list go on under it, indented, so a wrapped line never reads as a section's title.
        A card may be listed more than once (a Feat in hand is also among the ones being chosen, two
        copies of an Item on offer): each row has an id of its own, its card kept beside it."""
        items: list = []
        self.row_cards: dict[str, str] = {}
        room = max(12, width)
        for title, cards in self.sections:
            items.append(Option(Text(f" {title} ", style="bold reverse"), disabled=True))
            for cid, label in cards:
                name, sep, price = label.partition(" · ")
                lines = textwrap.wrap(name, room - 2, subsequent_indent="  ", break_long_words=True) or [name]
                if sep and len(lines[-1]) + len(sep) + len(price) <= room - 2:
                    lines[-1] += sep + price
                elif sep:
                    lines.append("  " + price)  # the price kept whole, under the name
                row = f"row-{len(self.row_cards)}"
                self.row_cards[row] = cid
                items.append(Option(Text("\n".join("  " + line for line in lines)), id=row))  # names as text, not markup
        return items

    def _list_width(self) -> int:
        """The list's text width: 40% of the frame (96% of the screen), less its scrollbar and
        each row's padding."""
        return int(int(self.app.size.width * 0.96) * 0.4) - 4

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield OptionList(*self._items(self._list_width()), id="cards")
            yield Static(id="card-text")
        yield Footer()

    def on_resize(self) -> None:
        ol = self.query_one(OptionList)
        keep = ol.highlighted
        width = ol.scrollable_content_region.width
        ol.set_options(self._items(width - 2 if width else self._list_width()))
        if keep is not None:
            ol.highlighted = keep

    def on_mount(self) -> None:
        ol = self.query_one(OptionList)
        ol.focus()
        target = self.focus_card
        for i in range(ol.option_count):
            opt = ol.get_option_at_index(i)
            if not opt.disabled and (target is None or self.row_cards.get(opt.id) == target):
                ol.highlighted = i
                break

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        cid = self.row_cards.get(event.option.id or "")
        if cid:
            nem = self.view.nemesis(cid)
            self.query_one("#card-text", Static).update(card_text(self.cat, cid, nem.threat if nem else None))

    def action_close(self) -> None:
        self.dismiss(None)
