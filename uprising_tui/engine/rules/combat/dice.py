"""A combat's sides: which fighting groups a side has on a hex and in what order (`groups`), and
which dice each rolls: Units, Garrisons, Skeletons, Legion/Horde rows, combat abilities, Towers
and Walls, and terrain."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...face.decision import option, ref

if TYPE_CHECKING:
    from ..context import Ctx

COLOURS = ("white", "yellow", "red", "blue", "purple", "black")


@dataclass
class Side:
    kind: str  # player / garrisons / skeletons / legion / horde
    owner: str  # player faction, 'empire' or 'chaos'
    card: str | None = None
    dice: list[list] = field(default_factory=list)  # [colour, face] this round
    pool: list[str] = field(default_factory=list)  # extra dice added before rolling
    extra: dict[str, int] = field(default_factory=lambda: {"skull": 0, "shield": 0, "bolt": 0})
    cancelled: dict[str, int] = field(default_factory=lambda: {"skull": 0, "shield": 0, "bolt": 0})
    used_combat: set[str] = field(default_factory=set)
    used_round: set[str] = field(default_factory=set)
    bolts_spent: int = 0
    shields_broken: int = 0  # own Shields cancelled by enemy Bolts
    godpower_fired: int = 0
    queued: list = field(default_factory=list)  # (effect, source_card) to run after damage

    # the dataclass's __init__, written out: its default factories (two lambdas among them) made
    # a Side cost several microseconds, and the fights build one per group on every settle
    def __init__(self, kind: str, owner: str, card: str | None = None, dice: list | None = None,
                 pool: list | None = None, extra: dict | None = None, cancelled: dict | None = None,
                 used_combat: set | None = None, used_round: set | None = None, bolts_spent: int = 0,
                 shields_broken: int = 0, godpower_fired: int = 0, queued: list | None = None) -> None:
        self.kind = kind  # (what become() sets, written out: a Side is made per group per settle)
        self.card = card
        self.is_player = kind == "player"
        self.is_big = kind in ("legion", "horde")
        self.owner = owner
        self.dice = [] if dice is None else dice
        self.pool = [] if pool is None else pool
        self.extra = {"skull": 0, "shield": 0, "bolt": 0} if extra is None else extra
        self.cancelled = {"skull": 0, "shield": 0, "bolt": 0} if cancelled is None else cancelled
        self.used_combat = set() if used_combat is None else used_combat
        self.used_round = set() if used_round is None else used_round
        self.bolts_spent = bolts_spent
        self.shields_broken = shields_broken
        self.godpower_fired = godpower_fired
        self.queued = [] if queued is None else queued

    def become(self, kind: str, card: str | None) -> None:
        """Set the side's kind and card, and the two flags read from the kind (is_player, is_big),
        together: plain attributes, not properties, because the fights read them very often (a
        property read costs about 720 instructions more; -0.6 M over the 3 replayed games of
        bench_replay_instr.py). Assign a side's kind only through here."""
        self.kind = kind
        self.card = card
        self.is_player = kind == "player"
        self.is_big = kind in ("legion", "horde")

    def label(self, ctx: "Ctx") -> str:
        if self.kind == "garrisons":
            return "Garrisons"
        if self.kind == "skeletons":
            return "Skeletons"
        return ctx.name(self.card or self.owner)

    def count(self, symbol: str) -> int:
        n = self.extra[symbol]
        for _, f in self.dice:  # a loop: no comprehension (a function made per call in 3.11)
            n += f.count(symbol)
        return n

    def new_round(self) -> None:
        self.dice = []
        self.pool = []
        self.extra = {"skull": 0, "shield": 0, "bolt": 0}
        self.cancelled = {"skull": 0, "shield": 0, "bolt": 0}
        self.used_round = set()
        self.bolts_spent = 0
        self.shields_broken = 0
        self.godpower_fired = 0
        self.queued = []


def groups(ctx: "Ctx", hid: str, owner: str) -> list[Side]:
    """A side's fighting groups on a hex, in the order they must be fought:
    Garrisons/Skeletons first, then Legions/Hordes by initiative."""
    h = ctx.state.hexes[hid]
    if owner == "empire":
        out = [Side("garrisons", "empire")] if h.garrisons else []
        return out + [Side("legion", "empire", c) for c in _by_initiative(ctx, h.legions)]
    if owner == "chaos":
        out = [Side("skeletons", "chaos")] if h.skeletons else []
        return out + [Side("horde", "chaos", c) for c in _by_initiative(ctx, h.hordes)]
    return [Side("player", owner)] if h.units and h.owner == owner else []


def _by_initiative(ctx: "Ctx", cards: list[str]) -> list[str]:
    """Legion/Horde cards by initiative; equal initiative (the Butcher and the Courtesan): the
    card that came into play first. (One card or none needs no order.)"""
    if len(cards) < 2:
        return cards
    order = {cid: i for i, cid in enumerate(list(ctx.state.legions) + list(ctx.state.hordes))}
    return sorted(cards, key=lambda cid: (ctx.cat.nemesis(cid).initiative, order.get(cid, 0)))


def terrain_of(ctx: "Ctx", hid: str) -> str:
    h = ctx.state.hexes[hid]
    if h.curse:
        return "curse"
    if not h.explored:
        return "none"
    return ctx.cat.hexes[h.tile].terrain


def base_dice(ctx: "Ctx", hid: str, side: Side, part: str, terrain: str) -> list[str]:
    """The dice a side brings to a round, before terrain and cards."""
    st = ctx.state
    h = st.hexes[hid]
    out: list[str] = []
    if side.kind == "player":
        for unit, n in h.units.items():
            u = ctx.cat.units[unit]
            if part == "clash" or u.type == "archer" or (u.type == "rider" and terrain == "badlands"):
                out.extend([u.die] * n)
        if h.units and h.haven == side.owner:
            if h.tower:
                out.append("white")
            if h.wall and part == "clash":
                out.append("blue")
    elif side.kind == "garrisons":
        if h.garrisons:
            lvl = ctx.cat.garrison_levels[len(h.garrisons) - 1]
            out.extend(lvl.archery if part == "archery" else lvl.clash)
    elif side.kind == "skeletons":
        if part == "clash":
            out.extend([ctx.cat.skeleton_die] * h.skeletons)
    else:
        card = st.nem(side.card)
        spec = ctx.cat.nemesis(side.card)
        row = spec.dice.get(max(1, min(card.threat, spec.max_threat)))
        if row is not None:
            out.extend(row.archery if part == "archery" else row.clash)
        for ab in spec.abilities:
            if ab.kind != "extra_dice" or part not in ab.parts:
                continue
            if ab.terrain and ab.terrain != terrain:
                continue
            if ab.condition == "target_here" and not any(c.target == hid for c in st.legions.values()):
                continue  # any Legion's Target on this hex, not only the card's own
            if ab.condition == "haven_or_imperial" and not (h.haven or h.garrisons or h.legions):
                continue
            if ab.colour == "all":
                out.extend(list(COLOURS) * ab.count)
            else:
                out.extend([ab.colour] * ab.count)
    return out


def apply_marsh(colours: list[str], terrain: str) -> list[str]:
    if terrain != "marsh":
        return colours
    out = []
    for c in colours:
        out.append("white" if c == "red" else c)
    return out


def mirror_dice(ctx: "Ctx", side: Side, enemy_colours: list[str]) -> list[str] | None:
    """A card with the `mirror` ability (the Courtesan) has no dice of her own: she rolls a copy
    of the dice her enemy rolls this round (after its cards and terrain), plus any she is given.
    None for every other side."""
    if not has_ability(ctx, side, "mirror"):
        return None
    return list(enemy_colours)


def has_ability(ctx: "Ctx", side: Side, kind: str):
    if side.kind not in ("legion", "horde"):  # not side.is_big (read often: no property call)
        return None
    for ab in ctx.cat.nemesis(side.card).abilities:
        if ab.kind == kind:
            return ab
    return None


def reroll_choices(dice, left: list[int]) -> list:
    """The reroll options for the dice at indexes `left` of `dice` ((colour, face) each): one for
    each distinct colour and face, as the first such die (ruling 62: rerolling one of two alike dice
    or the other comes to the same), saying how many are alike."""
    alike: dict[tuple, list[int]] = {}
    for i in left:
        colour, face = dice[i][0], tuple(dice[i][1])
        alike.setdefault((colour, face), []).append(i)
    out = []
    for (colour, face), idx in alike.items():
        i = idx[0]
        what = f"{colour} {'+'.join(face) or 'blank'}"
        label = f"Reroll {what}" + (f" (one of {len(idx)} alike)" if len(idx) > 1 else "")
        out.append(option(f"die:{i}", label, "choice", (ref("die", str(i)), ref("colour", colour))))
    return out
