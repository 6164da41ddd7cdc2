"""What cards and Godpowers do inside a combat: add dice or symbols, turn or reroll
dice, cancel enemy symbols, destroy Units, penalties. Mixed into Combat."""
from __future__ import annotations

from typing import TYPE_CHECKING, Generator

from .. import pieces
from ..cards import discard_card
from .dice import Side, apply_marsh, reroll_choices
from ...face.decision import Decision, Option, option, ref
from ...face.events import (
    CardFlipped,
    DiceAdded,
    DiceRerolled,
    DieSet,
    SymbolsAdded,
    SymbolsCancelled,
    UnitRemovedFromReserve,
)
from ...table.memo import static
from ..units import destroy_player_unit, loss_label, unit_value

if TYPE_CHECKING:
    from ..context import Ctx

Gen = Generator[Decision, str, object]
DONE_CHOOSING = option("done", "Done choosing", "done")


class CombatEffects:
    ctx: "Ctx"
    id: int
    hid: str
    step: str | None
    destroyed_by: dict[str, str]

    def wound(self, card, amount: int, by: str) -> None:
        """Lower a Legion's/Horde's Threat; at 0 it is destroyed by `by` when the combat ends."""
        if card is None:
            return
        pieces.change_threat(self.ctx, card, -amount)
        if card.threat <= 0:
            self.destroyed_by[card.id] = by

    def pick_one_die(self, side: Side, colours: list[str]) -> Gen:
        """Highlands: one die in Archery. The Nemesis takes its strongest."""
        if not side.is_player:
            order = self.ctx.cat.strength_order
            return min(colours, key=order.index)
        opts = [option(f"colour:{c}", c.capitalize(), "choice", (ref("colour", c),)) for c in dict.fromkeys(colours)]
        pick = yield from self.ctx.ask(side.owner, "highlands_die", "Highlands: which single die do you roll?", opts)
        return pick.split(":")[1]

    def add_dice(self, side: Side, colour: str, count: int) -> Gen:
        step_now = self._step()
        if step_now == "before_rolling":
            side.pool.extend([colour] * count)
            self.ctx.emit(DiceAdded(self.id, side.owner, tuple((colour, ()) for _ in range(count)), "next_roll"))
            return
        rolled = self._roll(apply_marsh([colour] * count, self.terrain))
        shown = tuple((c, tuple(f)) for c, f in rolled)
        if step_now == "after_damage":
            skulls = sum(f.count("skull") for _, f in rolled)
            self.ctx.emit(DiceAdded(self.id, side.owner, shown, "after_damage"))
            yield from self.damage(self.enemy_of(side), skulls, by=side)
            return
        side.dice.extend(rolled)
        self.ctx.emit(DiceAdded(self.id, side.owner, shown, "now"))

    def _step(self) -> str:
        return self.step or "before_rolling"

    def add_symbols(self, side: Side, op) -> Gen:
        mult = 1
        if op.per_bolt:
            mult = side.count("bolt") + (self.enemy_of(side).count("bolt") if op.bolts_of == "all" else 0)
        if self._step() == "after_damage":  # After Damage extra Skulls apply at once (no new round)
            skulls = op.skull * mult
            if skulls:
                self.ctx.emit(SymbolsAdded(self.id, side.owner, skulls, 0, 0, True))
                yield from self.damage(self.enemy_of(side), skulls, by=side)
            return
        added = [getattr(op, sym) * mult for sym in ("skull", "shield", "bolt")]
        for sym, n in zip(("skull", "shield", "bolt"), added):
            side.extra[sym] += n
        if any(added):
            self.ctx.emit(SymbolsAdded(self.id, side.owner, *added))

    def set_die(self, side: Side, face: str) -> Gen:
        if not side.dice:
            return
        opts = [die_option(self.ctx, i, c, tuple(f)) for i, (c, f) in enumerate(side.dice)]
        i = int((yield from self.ctx.ask(side.owner, "set_die", f"Turn which die to show a {face}?", opts)).split(":")[1])
        side.dice[i][1] = (face,)
        self.ctx.emit(DieSet(self.id, side.owner, i, side.dice[i][0], (face,)))

    def reroll(self, side: Side, count, only: str, reason: str = "") -> Gen:
        ctx = self.ctx
        def ok(f) -> bool:
            return (only == "any") or (only == "blank" and not f) or (only == "non_bolt" and "bolt" not in f)
        idx = [i for i, (_, f) in enumerate(side.dice) if ok(f)]
        if not side.is_player:  # the Nemesis rerolls blanks only
            idx = [i for i, (_, f) in enumerate(side.dice) if not f]
            if count not in ("any", "all"):
                idx = idx[:count]
            chosen = idx
        elif count == "all":
            chosen = idx
        else:
            limit = len(idx) if count == "any" else count
            chosen = []
            while len(chosen) < limit:
                left = [i for i in idx if i not in chosen]
                if not left:
                    break
                opts = reroll_choices(side.dice, left)
                opts.append(DONE_CHOOSING)
                pick = yield from ctx.ask(side.owner, "reroll", f"{reason or 'Reroll'}: pick a die to reroll", opts,
                                          chosen=tuple(ref("die", str(i)) for i in chosen))
                if pick == "done":
                    break
                chosen.append(int(pick.split(":")[1]))
        changes = []
        for i in chosen:
            colour, was = side.dice[i]
            side.dice[i][1] = ctx.dice.roll(colour)
            changes.append((i, colour, tuple(was), tuple(side.dice[i][1])))
        if chosen:
            ctx.emit(DiceRerolled(self.id, side.owner, tuple(changes)))

    def cancel_enemy(self, side: Side, symbol: str, count: int) -> None:
        enemy = self.enemy_of(side)
        enemy.cancelled[symbol] += count
        if count:
            self.ctx.emit(SymbolsCancelled(self.id, enemy.owner, symbol, count))

    def destroy_enemy_unit(self, side: Side, op) -> Gen:
        ctx = self.ctx
        enemy = self.enemy_of(side)
        h = ctx.state.hexes[self.hid]
        if enemy.is_player:
            p = ctx.state.player(enemy.owner)
            cands = [(unit_value(ctx.cat, u), "map", u) for u in h.units]
            if op.include_reserve:
                cands += [(unit_value(ctx.cat, u), "reserve", u) for u, n in p.reserve.items() if n > 0]
            if not cands:
                return
            _, where, unit = max(cands)
            if op.self_threat and side.is_big:  # the player may make the card pay instead
                me = ctx.state.nem(side.card)
                opts = [option("unit", f"Lose your {ctx.name(unit)}", "choice", (ref("unit", unit),)),
                        option("threat", f"{ctx.name(side.card)} loses {op.self_threat} Threat", "choice",
                               (ref("card", side.card),))]
                pick = yield from ctx.ask(p.faction, "enemy_penalty", f"{ctx.name(side.card)}'s Godpower: choose", opts)
                if pick == "threat":
                    self.wound(me, op.self_threat, p.faction)
                    return
            if op.choose == "any" and len(h.units) > 1:  # the players pick which of their Units here
                opts = [option(f"unit:{u}", loss_label(ctx, u, h.units[u]), "unit", (ref("unit", u), ref("hex", self.hid)))
                        for u in sorted(h.units)]
                where, unit = "map", (yield from ctx.ask(enemy.owner, "destroy_choice",
                                                         "Which of your Units is destroyed?", opts)).split(":", 1)[1]
            if where == "map":
                destroy_player_unit(ctx, self.hid, unit, "box" if op.remove_from_game else side.owner)
            else:
                p.reserve[unit] -= 1
                p.removed_units[unit] = p.removed_units.get(unit, 0) + 1
                ctx.emit(UnitRemovedFromReserve(p.faction, unit))
        elif enemy.is_big and op.or_threat:
            self.wound(ctx.state.nem(enemy.card), op.or_threat, side.owner)
        else:
            yield from self.damage(enemy, 1, by=side)

    def enemy_penalty(self, side: Side, op) -> Gen:
        ctx = self.ctx
        enemy = self.enemy_of(side)
        if not enemy.is_player:
            return
        p = ctx.state.player(enemy.owner)
        card = ctx.state.nem(side.card)
        opts = []
        if op.penalty == "discard_item_or_feat" and (p.items or p.feats):
            opts.append(option("penalty", "Discard your most expensive Item or a Feat", "choice"))
        if op.penalty == "flip_all_cards" and any(c.face_up for c in p.feats + p.items):
            opts.append(option("penalty", "Flip all your Feats and Items face down", "choice"))
        opts.append(option("threat", f"{ctx.name(side.card)} loses {op.threat} Threat", "choice", (ref("card", side.card),)))
        pick = yield from ctx.ask(p.faction, "enemy_penalty", f"{ctx.name(side.card)}'s Godpower: choose", opts)
        if pick == "threat":
            self.wound(card, op.threat, p.faction)
            return
        if op.penalty == "flip_all_cards":
            for c in p.feats + p.items:
                if c.face_up:
                    c.face_up = False
                    ctx.emit(CardFlipped(p.faction, c.id, False))
            return
        if p.items:
            top = max(p.items, key=lambda c: ctx.cat.items[c.id].cost)
            discard_card(ctx, p, top.id)
        else:
            opts = [option(f"feat:{c.id}", ctx.name(c.id), "card", (ref("card", c.id),)) for c in p.feats]
            fid = (yield from ctx.ask(p.faction, "discard_feat", "Discard a Feat", opts)).split(":", 1)[1]
            discard_card(ctx, p, fid)


@static
def die_option(ctx: "Ctx", i: int, colour: str, face: tuple[str, ...]) -> Option:
    """``die:<i>``: the `i`-th die of a roll, showing `face`."""
    return option(f"die:{i}", f"{colour} {'+'.join(face) or 'blank'}", "choice", (ref("die", str(i)), ref("colour", colour)))
