"""The card behind the option under the cursor (a Feat to keep, an Item to buy, a Quest to try,
a card to use), in words, so a choice never needs the box."""
from __future__ import annotations

from textual.widgets import Static

from ..card_text import card_text


def option_card(option) -> str | None:
    """The card an option points at: the engine's `card`, else the card its refs name."""
    if option is None:
        return None
    if option.card:
        return option.card
    for r in option.refs or ():
        if r.kind == "card":
            return r.id
    return None


class CardInfo(Static):
    DEFAULT_CSS = """
    CardInfo { height: 12; padding: 0 1; overflow-y: auto; border-top: hkey $primary-background; display: none; }
    CardInfo.-shown { display: block; }
    """

    def __init__(self, cat, **kw) -> None:
        super().__init__(**kw)
        self.cat = cat
        self.card: str | None = None

    def show_card(self, card: str | None, threat: int | None = None) -> bool:
        """Show `card` (None: hide). Returns whether its being shown or hidden changed."""
        if card == self.card:
            return False
        was, self.card = self.card, card
        if card is not None:
            self.update(card_text(self.cat, card, threat), layout=False)  # (its height is set: nothing moves)
        self.set_class(card is not None, "-shown")
        return (was is None) != (card is None)
