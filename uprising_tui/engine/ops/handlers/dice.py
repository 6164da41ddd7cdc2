"""Op handlers that act inside a combat (dice, symbols, rerolls) or on a Quest roll."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generator

from ...face.decision import Decision
from ..source import decider, players_for
from ...rules.quests import colour_options, reroll_hero_dice

if TYPE_CHECKING:
    pass

Gen = Generator[Decision, str, Any]


# ------------------------------------------------------------------ combat and dice ops
def op_add_dice(ctx, op, src):
    colour = op.colour
    if colour == "choice":
        opts = colour_options()
        colour = (yield from ctx.ask(decider(ctx, src), "die_colour", "Which die do you add?", opts)).split(":")[1]
    if src.pool is not None:
        src.pool.extend([colour] * op.count)
    elif ctx.combat is not None and src.side is not None:
        yield from ctx.combat.add_dice(src.side, colour, op.count)


def op_add_symbols(ctx, op, src):
    if ctx.combat is not None and src.side is not None:
        yield from ctx.combat.add_symbols(src.side, op)


def op_set_die(ctx, op, src):
    if ctx.combat is not None and src.side is not None:
        yield from ctx.combat.set_die(src.side, op.face)


def op_reroll(ctx, op, src):
    if src.faces is not None:  # Hero Dice of a Quest roll
        yield from reroll_hero_dice(ctx, players_for(ctx, src, "self")[0], src.faces, op.count, op.only)
    elif ctx.combat is not None and src.side is not None:
        yield from ctx.combat.reroll(src.side, op.count, op.only)


def op_cancel_enemy(ctx, op, src):
    if ctx.combat is not None and src.side is not None:
        ctx.combat.cancel_enemy(src.side, op.symbol, op.count)


def op_ignore_enemy_die(ctx, op, src):
    """Every `symbol` on the enemy's one rolled die that shows the most of them is ignored
    (symbols added by cards are not on a die). The most is always the players' best pick."""
    if ctx.combat is not None and src.side is not None:
        enemy = ctx.combat.enemy_of(src.side)
        most = max((faces.count(op.symbol) for _, faces in enemy.dice), default=0)
        ctx.combat.cancel_enemy(src.side, op.symbol, most)
