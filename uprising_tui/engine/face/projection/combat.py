"""The projection's handlers for a combat in progress (sides, dice, symbols, bolts)."""
from __future__ import annotations

from .records import SYMBOL_INDEX, _Combat, _Side, on


# ---- a combat
@on("CombatStarted")
def _combat(pj, e):
    c = _Combat()
    c.id, c.hex, c.terrain = e.combat, e.hex, e.terrain
    c.part, c.step, c.round = "before_combat", None, 0
    c.a, c.b = _Side(e.kind_a, e.side_a, e.card_a), _Side(e.kind_b, e.side_b, e.card_b)
    pj.combats.append(c)


@on("CombatStep")
def _combat_step(pj, e):
    c = pj.combat(e.combat)
    if e.round != c.round:
        c.a.clear()
        c.b.clear()
    c.part, c.step, c.round = e.part, e.step, e.round


@on("CombatRolled")
def _rolled(pj, e):
    c = pj.combat(e.combat)
    c.side(e.side_a).dice = list(e.dice_a)
    c.side(e.side_b).dice = list(e.dice_b)


@on("DiceRerolled")
def _rerolled(pj, e):
    dice = pj.combat(e.combat).side(e.side).dice
    for i, colour, _was, now in e.dice:
        dice[i] = (colour, now)


@on("DieSet")
def _die_set(pj, e):
    pj.combat(e.combat).side(e.side).dice[e.index] = (e.colour, e.face)


@on("DiceAdded")
def _dice_added(pj, e):
    if e.when == "now":
        pj.combat(e.combat).side(e.side).dice.extend(e.dice)


@on("SymbolsAdded")
def _symbols(pj, e):
    if not e.after_damage:
        extra = pj.combat(e.combat).side(e.side).extra
        extra[0] += e.skull
        extra[1] += e.shield
        extra[2] += e.bolt


@on("SymbolsCancelled")
def _cancelled(pj, e):
    pj.combat(e.combat).side(e.side).cancelled[SYMBOL_INDEX[e.symbol]] += e.count


@on("BoltSpent")
def _bolt(pj, e):
    c = pj.combat(e.combat)
    c.side(e.side).spent += 1
    if e.shield_broken:
        c.other(e.side).broken += 1


@on("CombatSideChanged")
def _side_changed(pj, e):
    side = pj.combat(e.combat).side(e.side)
    side.kind, side.card = e.kind, e.card


@on("CombatClosed")
def _combat_closed(pj, e):
    c = pj.combat(e.combat)
    pj.combats.remove(c)
