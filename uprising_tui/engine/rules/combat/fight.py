"""One combat, exactly as the rulebook sequences it:

Before Combat → one Archery round → Clash rounds until a side is gone → After Combat,
and inside each round: Before Rolling → roll → Before Damage → Damage → After Damage.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Generator

from .. import pieces
from .dice import Side, apply_marsh, base_dice, groups, has_ability, mirror_dice, terrain_of
from ..cards import fire_triggers
from .effects import CombatEffects
from .windows import CardWindows
from ...face.decision import Decision, option, ref
from ..economy import add_vp
from ...ops.executor import Source, run_effect
from ...face.events import (
    BoltSpent,
    CombatClosed,
    CombatEnded,
    CombatRolled,
    CombatSideChanged,
    CombatStarted,
    CombatStep,
    CombatTally,
    GarrisonsRemoved,
    GodpowerUsed,
    Note,
    SkeletonsRemoved,
)
from ...face.refs import SourceRef
from ..units import destroy_player_unit, loss_label

if TYPE_CHECKING:
    from ..context import Ctx

Gen = Generator[Decision, str, object]
MAX_ROUNDS = 300
BOLT_SHIELD = option("bolt:shield", "Cancel 1 enemy Shield", "choice")
BOLT_NONE = option("bolt:none", "Let the Bolt go unused", "choice")
_COMBAT_REFS: dict[str, SourceRef] = {}  # SourceRef("rule", "combat", detail) by detail (a few dozen)
_SKELETON_BOLT = SourceRef("rule", "skeleton_bolt")


class Combat(CombatEffects, CardWindows):
    def __init__(self, ctx: "Ctx", hid: str, a: Side, b: Side):
        self.ctx = ctx
        self.hid = hid
        self.a, self.b = a, b
        self.terrain = terrain_of(ctx, hid)
        ctx.state.counter += 1
        self.id = ctx.state.counter
        self.part = "before_combat"
        self.step: str | None = None
        self.round = 0
        self.destroyed_by: dict[str, str] = {}  # card id -> destroyer owner
        self.merged = False  # Skeletons of this combat became a Horde: it is still this combat
        self._players: dict[str, object] = {}  # faction -> its Player (a game's Players are never replaced)

    # ------------------------------------------------------------ helpers
    def enemy_of(self, side: Side) -> Side:
        return self.b if side is self.a else self.a

    def alive(self, side: Side) -> bool:
        h = self.ctx.state.hexes[self.hid]
        if side.kind == "player":
            return h.owner == side.owner and bool(h.units)
        if side.kind == "garrisons":
            return bool(h.garrisons)
        if side.kind == "skeletons":
            return h.skeletons > 0
        card = self.ctx.state.nem(side.card)
        return card is not None and card.hex == self.hid and card.threat > 0

    def hero_here(self, side: Side) -> bool:
        if not side.is_player:
            return False
        return self._player(side.owner).hero_hex == self.hid

    def _player(self, faction: str):
        """The Player of a player's side (GameState.player, kept for the combat: card windows ask often)."""
        got = self._players.get(faction)
        if got is None:
            got = self._players[faction] = self.ctx.state.player(faction)
        return got

    def can_bolt(self, side: Side) -> bool:
        if self.terrain == "curse" and side.owner != "chaos":
            return False
        if has_ability(self.ctx, self.enemy_of(side), "no_enemy_bolts"):
            return False
        return True

    def shields_count(self, side: Side) -> bool:
        return not has_ability(self.ctx, self.enemy_of(side), "no_enemy_shields")

    def source(self, detail: str) -> SourceRef:
        """What asks a Decision of the combat itself: the combat sequence, at `detail`."""
        got = _COMBAT_REFS.get(detail)
        if got is None:
            got = _COMBAT_REFS[detail] = SourceRef("rule", "combat", detail)
        return got

    def _roll(self, colours: list[str]) -> list[list]:
        roll = self.ctx.dice.roll
        out = []
        for c in colours:  # a loop: a comprehension is a function made per call in 3.11
            out.append([c, roll(c)])
        return out

    def _show(self, side: Side) -> tuple:
        out = []
        for c, f in side.dice:  # a loop: a generator expression is a function made per call
            out.append((c, tuple(f)))
        return tuple(out)

    def _moved_on(self) -> None:
        """Announce the combat's part, step and round as they are now."""
        self.ctx.emit(CombatStep(self.id, self.part, self.step, self.round))

    def _rule(self, part: str):
        return self.ctx.cause(self.source(part))

    # ------------------------------------------------------------ the sequence
    def fight(self) -> Gen:
        ctx = self.ctx
        prev, ctx.combat = ctx.combat, self
        try:
            a, b = self.a, self.b
            ctx.emit(CombatStarted(self.id, self.hid, self.terrain, a.owner, a.kind, a.card, b.owner, b.kind, b.card))
            self.part = "before_combat"
            with self._rule("before_combat"):
                for side in (self.a, self.b):
                    yield from self.card_window(side, "before_combat", None)
            skip = has_ability(ctx, self.a, "skip_archery") or has_ability(ctx, self.b, "skip_archery")
            if not skip and self.both_alive():
                with self._rule("archery"):
                    yield from self.do_round("archery")
            while self.both_alive():
                if self.round >= MAX_ROUNDS:
                    ctx.emit(Note("combat_called_off", (self.hid,)))
                    break
                with self._rule("clash"):
                    yield from self.do_round("clash")
            with self._rule("after_combat"):
                yield from self.after_combat()
            ctx.emit(CombatClosed(self.id))
        finally:
            ctx.combat = prev

    def both_alive(self) -> bool:
        return self.alive(self.a) and self.alive(self.b)

    def do_round(self, part: str) -> Gen:
        ctx = self.ctx
        self.part = part
        self.round += 1
        a, b = self.a, self.b
        for s in (a, b):
            opening = list(s.pool) if self.round == 1 else []  # dice added Before Combat join the first roll
            s.new_round()
            s.pool.extend(opening)
        # Before Rolling
        self.step = "before_rolling"
        self._moved_on()
        for s in (a, b):
            yield from self.card_window(s, part, "before_rolling")
        colours = {}
        # a mirroring side (the Courtesan) gathers last: she copies the dice her enemy rolls
        a_last = has_ability(ctx, a, "mirror") is not None and has_ability(ctx, b, "mirror") is None
        for s in ((b, a) if a_last else (a, b)):
            mirrored = mirror_dice(ctx, s, colours.get(id(self.enemy_of(s)), []))
            if mirrored is not None:
                colours[id(s)] = mirrored + apply_marsh(s.pool, self.terrain)
                continue
            cs = apply_marsh(base_dice(ctx, self.hid, s, part, self.terrain) + apply_marsh(s.pool, self.terrain), self.terrain)
            if self.terrain == "highlands" and part == "archery" and len(cs) > 1:
                with ctx.cause(SourceRef("terrain", "highlands")):
                    cs = [(yield from self.pick_one_die(s, cs))]
            colours[id(s)] = cs
        if not colours[id(a)] and not colours[id(b)]:
            return  # nobody shoots in this Archery round
        # Rolling (simultaneous)
        a.dice = self._roll(colours[id(a)])
        b.dice = self._roll(colours[id(b)])
        ctx.emit(CombatRolled(self.id, part, self.round, a.owner, self._show(a), b.owner, self._show(b)))
        # Before Damage: terrain and ability rerolls, cards, Bolts
        self.step = "before_damage"
        self._moved_on()
        if self.terrain == "woods" and part == "archery":
            with ctx.cause(SourceRef("terrain", "woods")):
                for s in (a, b):
                    yield from self.reroll(s, 2, "any", reason="Woods")
        for s in (a, b):
            ab = has_ability(ctx, s, "reroll_blanks")
            if ab and part in ab.parts:
                n = ab.count * (len(ctx.state.druids) if ab.per_druid else 1)
                with ctx.cause(SourceRef("ability", s.card, "reroll_blanks")):
                    yield from self.reroll(s, n, "blank", reason=ctx.name(s.card))
        for s in (a, b):
            yield from self.card_window(s, part, "before_damage")
        # a player's Bolts are spent first, so a Godpower that cancels enemy Bolts is in time
        for s in ((b, a) if b.kind == "player" and a.kind != "player" else (a, b)):
            if self._bolts_left(s) > 0:  # (spend_bolts does nothing without a Bolt left: no generator for it)
                yield from self.spend_bolts(s)
        # Damage (simultaneous)
        hits_on_b = self.hits(a, b)
        hits_on_a = self.hits(b, a)
        if hits_on_b > 0:  # (damage does nothing without hits: no generator for it)
            yield from self.damage(b, hits_on_b, by=a)
        if hits_on_a > 0:
            yield from self.damage(a, hits_on_a, by=b)
        # After Damage
        self.step = "after_damage"
        self._moved_on()
        for s in (a, b):
            for eff, card in s.queued:
                if s.is_player or self.alive(s):
                    with ctx.cause(SourceRef("druid" if s.is_player else "godpower", card)):
                        yield from run_effect(ctx, eff, Source(s.owner, self.hid, card, nem=ctx.state.nem(card) if not s.is_player else None, side=s))
            s.queued = []
        if a.kind == "skeletons" or b.kind == "skeletons":  # (skeleton_bolts does nothing for other sides)
            with ctx.cause(_SKELETON_BOLT):
                yield from self.skeleton_bolts(a)
                yield from self.skeleton_bolts(b)
        for s in (a, b):
            self.roll_over(s)
        for s in (a, b):
            yield from self.card_window(s, part, "after_damage")

    def hits(self, src: Side, dst: Side) -> int:
        skulls = max(0, src.count("skull") - src.cancelled["skull"])
        shields = 0
        if self.shields_count(dst):
            shields = max(0, dst.count("shield") - dst.shields_broken - dst.cancelled["shield"])
        blocked = min(skulls, shields)
        self.ctx.emit(CombatTally(self.id, dst.owner, skulls - blocked, blocked))
        return skulls - blocked

    # ------------------------------------------------------------ Bolts
    def spend_bolts(self, side: Side) -> Gen:
        ctx = self.ctx
        if side.kind == "skeletons":
            return  # Skeleton Bolts spawn Skeletons after damage
        if not self.can_bolt(side):
            return
        enemy = self.enemy_of(side)
        if side.is_big:
            spec = ctx.cat.nemesis(side.card)
            gp = spec.godpower
            while self._bolts_left(side) > 0:
                side.bolts_spent += 1
                key = f"gp:{side.card}"
                allowed = (gp.limit == "none"
                           or (gp.limit == "once_per_round" and key not in side.used_round)
                           or (gp.limit == "once_per_combat" and key not in side.used_combat))
                if allowed and self.alive(side):
                    side.used_round.add(key)
                    side.used_combat.add(key)
                    ctx.emit(BoltSpent(self.id, side.owner, "godpower", side.card, False))
                    ctx.emit(GodpowerUsed(self.id, side.owner, side.card))
                    src = Source(side.owner, self.hid, side.card, nem=ctx.state.nem(side.card), side=side)
                    if gp.step == "after_damage":
                        side.queued.append((gp.effect, side.card))
                    else:
                        with ctx.cause(SourceRef("godpower", side.card)):
                            yield from run_effect(ctx, gp.effect, src)
                else:
                    ctx.emit(BoltSpent(self.id, side.owner, "shield", None, self._break_shield(enemy)))
            return
        if not side.is_player:
            return
        while self._bolts_left(side) > 0:
            opts = []
            if self._enemy_shields(enemy) > 0:
                opts.append(BOLT_SHIELD)
            for did in ctx.state.druids:
                d = ctx.cat.druids[did]
                key = f"druid:{did}"
                if self.part not in d.use.parts:
                    continue
                if (d.use.limit == "once_per_round" and key in side.used_round) or \
                        (d.use.limit == "once_per_combat" and key in side.used_combat):
                    continue
                opts.append(option(f"bolt:druid:{did}", f"Godpower: {d.name}", "card", (ref("card", did),)))
            opts.append(BOLT_NONE)
            pick = yield from ctx.ask(side.owner, "bolt", "You rolled a Bolt: what does it do?", opts,
                                      source=self.source("bolt"))
            side.bolts_spent += 1
            if pick == "bolt:shield":
                ctx.emit(BoltSpent(self.id, side.owner, "shield", None, self._break_shield(enemy)))
            elif pick.startswith("bolt:druid:"):
                did = pick.split(":", 2)[2]
                d = ctx.cat.druids[did]
                side.used_round.add(f"druid:{did}")
                side.used_combat.add(f"druid:{did}")
                ctx.emit(BoltSpent(self.id, side.owner, "druid", did, False))
                ctx.emit(GodpowerUsed(self.id, side.owner, did))
                if d.use.step == "after_damage":
                    side.queued.append((d.effect, did))
                else:
                    with ctx.cause(SourceRef("druid", did)):
                        yield from run_effect(ctx, d.effect, Source(side.owner, self.hid, did, side=side))
            else:
                ctx.emit(BoltSpent(self.id, side.owner, "none", None, False))

    def _bolts_left(self, side: Side) -> int:
        """Bolts not yet spent and not ignored by an enemy card (cancel_enemy bolt)."""
        return side.count("bolt") - side.cancelled["bolt"] - side.bolts_spent

    def _enemy_shields(self, enemy: Side) -> int:
        return max(0, enemy.count("shield") - enemy.shields_broken - enemy.cancelled["shield"])

    def _break_shield(self, enemy: Side) -> bool:
        if self._enemy_shields(enemy) > 0:
            enemy.shields_broken += 1
            return True
        return False

    # ------------------------------------------------------------ damage
    def damage(self, side: Side, hits: int, by: Side) -> Gen:
        ctx = self.ctx
        st = ctx.state
        h = st.hexes[self.hid]
        if hits <= 0:
            return
        if side.kind == "player":
            for done in range(hits):
                if not h.units or h.owner != side.owner:
                    break
                kinds = sorted(h.units)
                if len(kinds) == 1 or hits - done >= sum(h.units.values()):
                    unit = kinds[0]  # one kind, or every Unit here falls whatever the order: nothing to ask (ruling 1)
                else:
                    opts = [option(f"unit:{u}", loss_label(ctx, u, h.units[u]), "unit", (ref("unit", u), ref("hex", self.hid)))
                            for u in kinds]
                    unit = (yield from ctx.ask(side.owner, "assign_damage", "A Skull hits: which Unit is destroyed?", opts,
                                               source=self.source("damage"))).split(":", 1)[1]
                destroy_player_unit(ctx, self.hid, unit, by.owner if by.owner in ("empire", "chaos") else "reserve")
        elif side.kind == "garrisons":
            for _ in range(min(hits, len(h.garrisons))):
                lvl = h.garrisons.pop()
                if by.is_player:
                    st.garrison_reserve[lvl - 1] += 1
                    ctx.emit(GarrisonsRemoved(self.hid, (lvl,), "reserve", "combat"))
                    add_vp(ctx, by.owner, 1, "garrison_destroyed")
                else:
                    pieces.to_graveyard(ctx, "chaos", "empire", f"garrison:{lvl}")
                    ctx.emit(GarrisonsRemoved(self.hid, (lvl,), "chaos", "combat"))
        elif side.kind == "skeletons":
            n = min(hits, h.skeletons)
            h.skeletons -= n
            if by.is_player:
                st.skeleton_reserve += n
                ctx.emit(SkeletonsRemoved(self.hid, n, "reserve", "combat"))
                add_vp(ctx, by.owner, n, "skeleton_destroyed")
            else:
                pieces.to_graveyard(ctx, "empire", "chaos", "skeleton", n)
                ctx.emit(SkeletonsRemoved(self.hid, n, "empire", "combat"))
        else:
            self.wound(st.nem(side.card), hits, by.owner)

    def skeleton_bolts(self, side: Side) -> Gen:
        if side.kind != "skeletons":
            return
        n = max(0, side.count("bolt") - side.cancelled["bolt"])
        h = self.ctx.state.hexes[self.hid]
        for _ in range(n):
            before = list(h.hordes)
            yield from pieces.skeleton_here(self.ctx, self.hid, self.ctx.first.faction)
            if any(c not in before for c in h.hordes):
                self.merged = True

    def roll_over(self, side: Side) -> None:
        """Skeletons that became a Horde are still one combat (ruling 17): when the Chaos side
        has fallen and this combat made a Horde here, it fights on as the next Chaos group on
        the hex (Skeletons first, then the Horde), with no After Combat in between."""
        if not self.merged or side.owner != "chaos" or self.alive(side):
            return
        nxt = groups(self.ctx, self.hid, "chaos")
        if nxt and (nxt[0].kind, nxt[0].card) != (side.kind, side.card):
            side.become(nxt[0].kind, nxt[0].card)
            self.ctx.emit(CombatSideChanged(self.id, side.owner, side.kind, side.card))

    # ------------------------------------------------------------ After Combat
    def after_combat(self) -> Gen:
        ctx = self.ctx
        st = ctx.state
        self.part = "after_combat"
        self.step = None
        self._moved_on()
        for side in (self.a, self.b):
            card = st.nem(side.card) if side.is_big else None
            if card is not None and card.threat <= 0:
                self.destroyed_by.setdefault(card.id, self.enemy_of(side).owner)
        pending = list(self.destroyed_by.items())
        while pending:  # a destroyed card's effect (the Imperial Guard's last strike) may destroy another
            for cid, by in pending:
                card = st.nem(cid)
                if card is not None:
                    yield from pieces.destroy_nemesis(ctx, card, by, self.hid)
            pending = [(cid, by) for cid, by in self.destroyed_by.items() if st.nem(cid) is not None]
        h = st.hexes[self.hid]
        if h.haven and not h.units and (h.empire_here or h.chaos_here):
            yield from pieces.remove_haven(ctx, self.hid, "overrun")
        winner = self.a.owner if self.alive(self.a) else self.b.owner if self.alive(self.b) else None
        ctx.emit(CombatEnded(self.id, self.hid, winner))
        for s in (self.a, self.b):
            yield from self.card_window(s, "after_combat", None)
        for s in (self.a, self.b):
            if s.is_player and self.alive(s) and not self.alive(self.enemy_of(s)):
                yield from fire_triggers(ctx, "combat_won", only=s.owner)
