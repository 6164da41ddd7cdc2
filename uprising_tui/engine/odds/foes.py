"""What each Legion, Horde and Druid does in a fight, read from the catalog's
effect ops (never from card ids), so a changed or new card is modelled as its data
says. An op the odds cannot model is named in ``notes``."""
from __future__ import annotations

from dataclasses import dataclass, field

from .rounds import DruidModel

# after-damage Godpower effects on the hex (the chain applies them)
AFTER_KINDS = ("remove_defense", "remove_haven", "curse_here", "leaves", "nothing")


@dataclass(frozen=True)
class GodpowerModel:
    step: str
    limit: str
    skulls: int = 0
    shields: int = 0
    self_threat: int = 0
    needs_unit: bool = False  # the Threat is lost only while the player has a Unit to offer
    include_reserve: bool = False
    kills: int = 0
    nem_vp: int = 0
    other_threat: int = 0
    hex_effects: tuple[tuple, ...] = ()  # ("remove_defense",), ("remove_haven", where), ("curse_here",), ("leaves",)
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class FoeModel:
    id: str
    kind: str  # legion / horde
    name: str
    initiative: int
    max_threat: int
    destroyed_vp: int
    rows: dict = field(repr=False, hash=False, compare=False, default_factory=dict)  # threat -> (archery, clash)
    extra: tuple = ()  # (colour|'all', count, parts, terrain, condition)
    skip_archery: bool = False
    no_enemy_shields: bool = False
    no_enemy_bolts: bool = False
    reroll_blanks: tuple = ()  # (count, per_druid, parts)
    mirror: bool = False
    godpower: GodpowerModel | None = None
    destroyed: tuple[tuple, ...] = ()  # ("kill_cheapest",), ("skeletons_here", n), ("place_unit_here",), ("vp", n)
    immediate: tuple[tuple, ...] = ()  # ("curse_here",), ("skeletons_here", n), ("set_threat", v), ...
    notes: tuple[str, ...] = ()

    @property
    def raises_here(self) -> bool:
        """Does the card put Skeletons on its own hex (when destroyed)?"""
        return any(fx[0] == "skeletons_here" for fx in self.destroyed)

    def dice(self, part: str, threat: int, terrain: str, target_here: bool, haven_or_imperial: bool,
             all_colours: tuple[str, ...], enemy_dice: tuple[str, ...] = ()) -> list[str]:
        """The card's dice for a round (before Marsh/Highlands), in the engine's order. A
        card that mirrors rolls its enemy's dice (`enemy_dice`) instead of a row."""
        out: list[str] = []
        if self.mirror:
            out.extend(enemy_dice)
        else:
            row = self.rows.get(max(1, min(threat, self.max_threat)))
            if row is not None:
                out.extend(row[0] if part == "archery" else row[1])
        for colour, count, parts, ter, cond in self.extra:
            if part not in parts or (ter and ter != terrain):
                continue
            if cond == "target_here" and not target_here:
                continue
            if cond == "haven_or_imperial" and not haven_or_imperial:
                continue
            out.extend((list(all_colours) if colour == "all" else [colour]) * count)
        return out


def foe_model(cat, cid: str) -> FoeModel:
    spec = cat.nemesis(cid)
    extra, rerolls = [], []
    flags = {"skip_archery": False, "no_enemy_shields": False, "no_enemy_bolts": False, "mirror": False}
    for ab in spec.abilities:
        if ab.kind == "extra_dice":
            extra.append((ab.colour, ab.count, tuple(ab.parts), ab.terrain, ab.condition))
        elif ab.kind == "reroll_blanks":
            rerolls.append((ab.count, ab.per_druid, tuple(ab.parts)))
        elif ab.kind in flags:
            flags[ab.kind] = True
    notes: list[str] = []
    rows = {t: (tuple(r.archery), tuple(r.clash)) for t, r in spec.dice.items()}
    return FoeModel(cid, spec.kind, spec.name, spec.initiative, spec.max_threat, spec.destroyed_vp, rows,
                    tuple(extra), reroll_blanks=tuple(rerolls), godpower=_godpower(spec, notes),
                    destroyed=_destroyed(spec, notes), immediate=_immediate(spec, notes), notes=tuple(notes),
                    **flags)


def _godpower(spec, notes: list[str]) -> GodpowerModel:
    gp = spec.godpower
    kw: dict = {"skulls": 0, "shields": 0, "self_threat": 0, "kills": 0, "nem_vp": 0, "other_threat": 0,
                "needs_unit": False, "include_reserve": False}
    hexfx: list[tuple] = []
    for op in gp.effect:
        k = op.op
        if k == "add_symbols":
            if getattr(op, "per_bolt", False) or op.bolt:
                notes.append(f"{spec.name}'s Godpower ({k} per Bolt) is not modelled")
            kw["skulls"] += op.skull
            kw["shields"] += op.shield
        elif k == "enemy_penalty":
            kw["self_threat"] += op.threat  # the policy: the card loses the Threat
        elif k == "destroy_unit":
            if op.self_threat:
                kw["self_threat"] += op.self_threat  # the policy: the card loses the Threat
                kw["needs_unit"] = True
                kw["include_reserve"] = op.include_reserve
            else:
                kw["kills"] += 1
                if op.include_reserve:
                    notes.append(f"{spec.name}'s Godpower may take a Unit from the reserve: counted as one here")
        elif k == "nemesis_vp":
            kw["nem_vp"] += op.amount
        elif k == "threat" and op.which == "other_hordes":
            kw["other_threat"] += op.amount
        elif k == "remove_defense":
            hexfx.append(("remove_defense",))
        elif k == "remove_haven":
            hexfx.append(("remove_haven", op.where))
        elif k == "place_curse" and op.where == "here":
            hexfx.append(("curse_here",))
        elif k == "move_to_closest_empty":
            hexfx.append(("leaves",))
        elif k == "place_skeleton" and op.where != "here":
            hexfx.append(("skeletons_elsewhere", op.count))  # elsewhere, but from the same reserve
        elif k == "place_garrison" and op.where != "here":
            pass  # pieces placed elsewhere do not change this fight
        elif k in ("activation_token", "gain", "discard_market"):
            pass
        else:
            notes.append(f"{spec.name}'s Godpower op {k!r} is not modelled")
    if any(fx[0] != "skeletons_elsewhere" for fx in hexfx) and gp.step != "after_damage":
        notes.append(f"{spec.name}'s Godpower changes the hex before damage: applied after damage")
    return GodpowerModel(gp.step, gp.limit, hex_effects=tuple(hexfx), **kw)


def _destroyed(spec, notes: list[str]) -> tuple:
    out: list[tuple] = []
    for op in spec.destroyed:
        k = op.op
        if k == "destroy_unit":
            out.append(("kill_cheapest",) if op.choose == "any" else ("kill_dearest",))
        elif k == "place_skeleton" and op.where == "here":
            out.append(("skeletons_here", op.count))
        elif k == "place_unit" and op.where == "here":
            out.append(("place_unit_here", op.grade, op.count))
        elif k in ("place_garrison", "place_skeleton") and op.where == "empty":
            out.append(("empty_" + k.split("_")[1], op.count))  # may land here once the hex is empty
        elif k == "gain" and op.vp:
            out.append(("vp", op.who, op.vp))
        elif k in ("place_skeleton", "place_garrison", "discard_market", "gain", "roll_hero_dice", "draw_item",
                   "draw_feat", "place_target", "activation_token"):
            pass  # elsewhere, or not part of the fight
        else:
            notes.append(f"{spec.name}'s destroyed effect {k!r} is not modelled")
    return tuple(out)


def _immediate(spec, notes: list[str]) -> tuple:
    out: list[tuple] = []
    for op in spec.immediate:
        k = op.op
        if k == "place_curse" and op.where == "here":
            out.append(("curse_here",))
        elif k == "place_skeleton" and op.where == "here":
            out.append(("skeletons_here", op.count))
        elif k == "set_threat":
            out.append(("set_threat", op.value))
        elif k == "threat" and op.which == "self":
            out.append(("threat_self", op.amount))
        elif k == "threat" and op.which in ("all_others", "all_hordes", "other_hordes"):
            out.append(("threat_others", op.amount))
        elif k == "remove_sea_tower" and op.move_here:
            out.append(("leaves",))
        elif k == "activate" and op.which in ("self", "all_legions", "all_hordes"):
            out.append(("activate_self",))  # the card itself activates as it arrives
            if op.which != "self":
                out.append(("unmodelled", f"{spec.name}'s arrival activates every other "
                                          f"{'Legion' if op.which == 'all_legions' else 'Horde'} too: not followed"))
        elif k == "activate":
            out.append(("unmodelled", f"{spec.name}'s arrival activates {op.which.replace('_', ' ')}: not followed"))
        else:
            pass  # Targets, resources, Quests, pieces elsewhere: not part of the fight
    return tuple(out)


def druid_model(cat, did: str) -> DruidModel | None:
    """A Druid as the odds model it, or None when its Godpower is outside the model."""
    d = cat.druids[did]
    kw: dict = {}
    for op in d.effect:
        k = op.op
        if k == "add_symbols" and not getattr(op, "per_bolt", False):
            kw["skulls"] = kw.get("skulls", 0) + op.skull
            kw["shields"] = kw.get("shields", 0) + op.shield
            kw["bolts"] = kw.get("bolts", 0) + op.bolt
        elif k == "cancel_enemy":
            name = {"skull": "cancel_skulls", "bolt": "cancel_bolts", "shield": "cancel_shields"}[op.symbol]
            kw[name] = kw.get(name, 0) + op.count
        elif k == "add_dice" and d.use.step == "after_damage" and op.colour == "red":
            kw["after_dice"] = kw.get("after_dice", 0) + op.count
        elif k == "set_die" and op.face == "shield":
            kw["set_shield"] = True
        elif k == "vp" and d.use.step == "after_damage":
            kw["vp"] = kw.get("vp", 0) + op.amount
        else:
            return None
    return DruidModel(did, d.use.limit, **kw)
