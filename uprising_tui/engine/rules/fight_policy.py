"""The default policy for the players' choices inside a fight.

The rules leave a player many small choices in a combat. The exact odds
(``engine/odds``) assume this policy, the bots answer those decisions with it,
and the odds' check plays engine fights under it, so all three agree:

* **Damage** (``assign_damage``, ``destroy_choice``): the cheapest Unit falls first
  (``units.unit_value``; equal values by id).
* **Bolts** (``bolt``), one at a time: cancel an enemy Shield when that lets one
  more of our Skulls through (we have at least as many Skulls as it has Shields
  left); otherwise fire the first Druid of ``DRUID_ORDER`` that is dealt and still
  usable this round/combat; otherwise cancel a Shield if one is left; otherwise let
  the Bolt go. The Watcher fires only while one of our dice shows a blank, and then
  rerolls every blank die (the reroll rule below): first of all the Druids when the
  blanks' rerolls are worth at least one Skull on average (the Red Hand's sure one),
  else after the others. (The odds do not count the Watcher's rerolls: which dice it
  takes depends on every die's face, which they do not track; the result says so.)
* **Rerolls** (``reroll``: Woods, cards): blank dice only, the strongest colour first
  (``catalog.strength_order``), as many as allowed.
* **Set a die** (``set_die``): a blank die (nothing is lost), else the die showing the
  fewest symbols.
* **Highlands** (``highlands_die``): the strongest colour on offer.
* **Godpower penalties** (``enemy_penalty``): the Legion or Horde loses the Threat,
  never a card or a Unit of ours.
* **Haven removed by a Godpower** (``remove_haven`` inside a combat): the first
  candidate, as the automatic tie-break takes it.
* **Unit placed by a card** (``place_unit`` inside a combat, e.g. the False Messiah's
  reward): the most expensive Unit of the reserve.
* **Nemesis pieces a card places** (``place_garrison``, ``place_skeleton`` inside a
  combat, e.g. the New Emperor's Garrisons): the first candidate, as the automatic
  tie-break takes it (a card's own effect is the Nemesis acting: a tie).
* **Feats and Items** (``combat_card``): every usable card at its first window,
  except a reroll or set-die card while no die shows a blank. (The odds do not count
  Feats and Items yet: the result says so when one could be used.)
* **The force** a Command brings when only its target is known
  (``default_force``): every Unit that can step in, the dearest first, up to the
  hex limit, and the Hero when she can come.

Pure: reads the game, never changes it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .actions.command import hero_can_come, sources
from .cards import card_use
from .units import HEX_LIMIT, unit_value

if TYPE_CHECKING:
    from ...content.loader import Catalog
    from ..face.decision import Decision

# Druids a spare Bolt fires, best first. The Watcher goes before or after them (see ``_on_bolt``).
DRUID_ORDER = ("deep_dweller", "treemother", "red_hand", "mountain_heart", "wanderer", "silence",
               "shapeshifter", "faceless_one")

# Decision kinds the policy answers inside a combat.
COMBAT_KINDS = frozenset({"bolt", "assign_damage", "destroy_choice", "reroll", "set_die", "highlands_die",
                          "enemy_penalty", "combat_card", "remove_haven", "place_unit", "place_unit_hex",
                          "place_garrison", "place_skeleton"})


def unit_rank(cat: "Catalog", unit: str) -> tuple[int, str]:
    """Sort key of the damage order: the cheapest Unit first, equal values by id."""
    return unit_value(cat, unit), unit


def cheapest(cat: "Catalog", units) -> str:
    return min(units, key=lambda u: unit_rank(cat, u))


def dearest(cat: "Catalog", units) -> str:
    return max(units, key=lambda u: unit_rank(cat, u))


def strength_key(cat: "Catalog"):
    order = cat.strength_order
    return lambda colour: order.index(colour) if colour in order else len(order)


def highlands_colour(cat: "Catalog", colours) -> str:
    """The single Archery die on the Highlands: the strongest colour."""
    return min(colours, key=strength_key(cat))


def reroll_order(cat: "Catalog", colours) -> list[str]:
    """The order in which a player's blank dice are rerolled: strongest colour first."""
    return sorted(colours, key=strength_key(cat))


def blank_rerolls_worth(cat: "Catalog", colours) -> float:
    """The Skulls that rerolling blank dice of these colours adds on average."""
    total = 0.0
    for colour in colours:
        faces = cat.dice[colour].faces
        total += sum(f.count("skull") for f in faces) / len(faces)
    return total


def druid_usable(cat: "Catalog", did: str, part: str, used_round: set, used_combat: set) -> bool:
    d = cat.druids[did]
    key = f"druid:{did}"
    if part not in d.use.parts:
        return False
    if d.use.limit == "once_per_round" and key in used_round:
        return False
    return not (d.use.limit == "once_per_combat" and key in used_combat)


# ------------------------------------------------------------------ answering decisions
def answer(game, decision: "Decision") -> str | None:
    """The policy's answer to a combat decision of a player (`game` is a Game or its
    Ctx), or None when the policy has nothing to say (not a fight decision, or no
    combat running)."""
    ctx = getattr(game, "ctx", game)
    combat = ctx.combat
    if decision.kind not in COMBAT_KINDS or combat is None:
        return None
    ids = [o.id for o in decision.options]
    fn = _HANDLERS.get(decision.kind)
    pick = fn(ctx, combat, decision, ids) if fn else None
    return pick if pick in ids else None


def _side(combat, actor: str):
    return next((s for s in (combat.a, combat.b) if s.is_player and s.owner == actor), None)


def _on_bolt(ctx, combat, d, ids):
    side = _side(combat, d.actor)
    if side is None:
        return None
    enemy = combat.enemy_of(side)
    shields = combat._enemy_shields(enemy)
    skulls = side.count("skull") - side.cancelled["skull"]
    if "bolt:shield" in ids and skulls >= shields > 0:
        return "bolt:shield"
    blanks = [c for c, f in side.dice if not f]
    watcher = "bolt:druid:watcher" in ids and blanks
    if watcher and blank_rerolls_worth(ctx.cat, blanks) >= 1:
        return "bolt:druid:watcher"
    for did in DRUID_ORDER:
        if f"bolt:druid:{did}" in ids:
            if did == "shapeshifter" and not blanks:
                continue
            return f"bolt:druid:{did}"
    if watcher:
        return "bolt:druid:watcher"
    if "bolt:shield" in ids:
        return "bolt:shield"
    return "bolt:none"


def _on_damage(ctx, combat, d, ids):
    units = [o[5:] for o in ids if o.startswith("unit:") and o[5:] in ctx.cat.units]
    return f"unit:{cheapest(ctx.cat, units)}" if units else None


def _on_reroll(ctx, combat, d, ids):
    side = _side(combat, d.actor)
    if side is None:
        return "done" if "done" in ids else None
    key = strength_key(ctx.cat)
    blanks = [(key(side.dice[i][0]), i) for i in (int(o[4:]) for o in ids if o.startswith("die:"))
              if i < len(side.dice) and not side.dice[i][1]]
    if blanks:
        return f"die:{min(blanks)[1]}"
    return "done" if "done" in ids else None


def _on_set_die(ctx, combat, d, ids):
    side = _side(combat, d.actor)
    if side is None:
        return None
    cands = [(len(side.dice[i][1]), side.dice[i][1] != ("shield",), i)
             for i in (int(o[4:]) for o in ids if o.startswith("die:")) if i < len(side.dice)]
    return f"die:{min(cands)[2]}" if cands else None


def _on_highlands(ctx, combat, d, ids):
    colours = [o[7:] for o in ids if o.startswith("colour:")]
    return f"colour:{highlands_colour(ctx.cat, colours)}" if colours else None


def _on_penalty(ctx, combat, d, ids):
    return "threat" if "threat" in ids else None


def _on_card(ctx, combat, d, ids):
    side = _side(combat, d.actor)
    blank = side is not None and any(not f for _, f in side.dice)
    for oid in ids:
        if not oid.startswith("card:"):
            continue
        _, eff = card_use(ctx, oid[5:])
        if any(op.op in ("reroll", "set_die") for op in eff or ()) and not blank:
            continue
        return oid
    return "done"


def _on_first(ctx, combat, d, ids):
    return ids[0]


def _on_place_unit(ctx, combat, d, ids):
    units = [o[5:] for o in ids if o.startswith("unit:") and o[5:] in ctx.cat.units]
    return f"unit:{dearest(ctx.cat, units)}" if units else None


_HANDLERS = {
    "bolt": _on_bolt,
    "assign_damage": _on_damage,
    "destroy_choice": _on_damage,
    "reroll": _on_reroll,
    "set_die": _on_set_die,
    "highlands_die": _on_highlands,
    "enemy_penalty": _on_penalty,
    "combat_card": _on_card,
    "remove_haven": _on_first,
    "place_unit": _on_place_unit,
    "place_unit_hex": _on_first,
    "place_garrison": _on_first,
    "place_skeleton": _on_first,
}


# ------------------------------------------------------------------ the force of a Command
class Force(NamedTuple):
    brings: tuple[tuple[str, str], ...]  # (source hex, unit), in the order they step in
    hero: bool


def default_force(game, faction: str, dst: str) -> Force:
    """The Units a Command into `dst` brings when nobody has chosen yet: every Unit
    that can step in, the dearest first, up to the hex limit; the Hero if she can come."""
    ctx = game.ctx
    st = ctx.state
    p = st.player(faction)
    room = HEX_LIMIT - st.hexes[dst].unit_count
    pool = []
    for src in sources(ctx, p, dst):
        for unit, n in st.hexes[src].units.items():
            pool.extend([(src, unit)] * n)
    pool.sort(key=lambda t: (-unit_value(ctx.cat, t[1]), t[1], t[0]))
    return Force(tuple(pool[:max(0, room)]), hero_can_come(ctx, p, dst))
