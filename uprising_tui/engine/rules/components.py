"""Components limited to the box: Activation Tokens, Walls and Towers."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..face.decision import option
from ..face.events import ActivationTokenPlaced, Note
from .hex_queries import Gen
from ..face.view import ACTIVATION_TOKENS, TOWERS, WALLS
from ..face.refs import Ref

if TYPE_CHECKING:
    from .context import Ctx


def tokens_left(ctx: "Ctx") -> int:
    """Activation Tokens not on a card (the box holds ACTIVATION_TOKENS)."""
    st = ctx.state
    left = ACTIVATION_TOKENS
    for cards in (st.legions, st.hordes):
        for c in cards.values():  # loops, not sum() over generators (two made per call)
            left -= c.tokens
    return left


def defenses_left(ctx: "Ctx", kind: str) -> int:
    """Walls or Towers ('wall' / 'tower') not on the map (the box holds WALLS / TOWERS)."""
    return TOWERS - ctx.board.towers if kind == "tower" else WALLS - ctx.board.walls


def towers_and_walls_left(ctx: "Ctx") -> tuple[int, int]:
    """``(defenses_left(ctx, "tower"), defenses_left(ctx, "wall"))``."""
    return TOWERS - ctx.board.towers, WALLS - ctx.board.walls


def add_token(ctx: "Ctx", count: int = 1, *, exclude: str | None = None) -> Gen:
    """Activation Tokens, each on a Legion/Horde card with the fewest (first player breaks ties);
    `exclude`: a card that may not take it (the Courtesan gives hers to another card). With every
    token of the box on a card, no more are placed (ruling 43)."""
    for _ in range(count):
        cards = sorted([c for c in list(ctx.state.legions.values()) + list(ctx.state.hordes.values()) if c.id != exclude],
                       key=lambda c: ctx.cat.nemesis(c.id).initiative)
        if not cards:
            ctx.emit(Note("no_card_for_token"))
            return
        if tokens_left(ctx) <= 0:
            ctx.emit(Note("no_token_left"))
            return
        low = min(c.tokens for c in cards)
        cands = [c for c in cards if c.tokens == low]
        opts = [option(f"card:{c.id}", ctx.name(c.id), "card", (Ref("card", c.id),)) for c in cands]
        pick = (yield from ctx.ask(ctx.first.faction, "activation_token", "Which card takes the Activation Token?",
                                   opts, tie=True)).split(":", 1)[1]
        card = ctx.state.nem(pick)
        card.tokens += 1
        ctx.emit(ActivationTokenPlaced(card.id, card.tokens))
