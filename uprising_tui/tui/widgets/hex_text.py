"""Words for a hex: what its terrain does in a fight, what it did when explored, what it yields.

Our own summaries of the rules (never the rulebook's sentences), and a reader for the
explore effects of ``content/hexes.yaml`` that turns each op into a short clause. An op this
module does not know is still shown, by its name and arguments, so new content never
disappears from the details pane.
"""
from __future__ import annotations

from typing import Any

# What each terrain does in combat, in our words.
TERRAIN_COMBAT: dict[str | None, str] = {
    "woods": "Archery: up to 2 dice may be rerolled once (the Empire and Chaos reroll blanks only).",
    "highlands": "Archery: each side rolls just 1 die (the Empire and Chaos keep their strongest).",
    "marsh": "Red dice are swapped for white dice in Archery and Clash.",
    "badlands": "Riders roll their dice in Archery too.",
    "ice_waste": "No effect on combat.",
    "curse": "Cursed ground replaces the terrain: only Chaos may use Bolts in fights here.",
    "none": "The Capital has no terrain: no effect on combat.",
    None: "Face-down: no terrain effect until the hex is explored.",
}

RESOURCES = ("salt", "plunder", "food")

# the ops describe_op words itself; any other is shown by name and arguments
KNOWN_OPS = frozenset({
    "gain", "place_or_reinforce", "place_garrison", "place_skeleton", "remove_here", "activation_token",
    "roll_hero_dice", "draw_item", "draw_feat", "discard_feat", "place_unit", "place_horde", "place_legion",
    "place_curse", "free_quest",
})


def _amounts(args: dict[str, Any], keys=("salt", "plunder", "food", "vp", "ap")) -> str:
    names = {"salt": "Salt", "plunder": "Plunder", "food": "Food", "vp": "VP", "ap": "AP"}
    parts = [f"{args[k]} {names[k]}" for k in keys if args.get(k)]
    return " and ".join(parts) if parts else "nothing"


def _who(who: str | None) -> str:
    return {None: "you", "self": "you", "each": "every player", "each_other": "every other player",
            "first_player": "the first player"}.get(who, str(who).replace("_", " "))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def describe_op(op: Any) -> str:
    """One clause for one effect step (an op record or a plain mapping)."""
    args = op.as_dict() if hasattr(op, "as_dict") else dict(op)
    name = args.get("op", "?")
    n = args.get("count", 1)
    if name == "gain":
        who = _who(args.get("who"))
        return f"{who} gain{'s' if who != 'you' else ''} {_amounts(args)}"
    if name == "place_or_reinforce":
        unit = "Garrison" if args.get("unit") == "garrison" else "Skeleton"
        return f"if the hex is empty, place {_plural(n, unit)} here, otherwise reinforce what is here"
    if name == "place_garrison":
        where = {"here": "here",
                 "empty": "on an empty hex that could hold a Haven" if n == 1 else
                          "on empty hexes that could hold a Haven",
                 "capital": "on the Capital", "with_garrisons": "with Garrisons already placed"}.get(args.get("where"), "")
        return f"place {_plural(n, 'Garrison')} {where}".rstrip()
    if name == "place_skeleton":
        where = {"here": "here", "with_skeletons": "with Skeletons already on the map",
                 "empty": "on an empty hex" if n == 1 else "on empty hexes"}.get(args.get("where"), "")
        return f"place {_plural(n, 'Skeleton')} {where}".rstrip()
    if name == "remove_here":
        return f"remove every {'Garrison' if args.get('what') == 'garrisons' else 'Skeleton'} here"
    if name == "activation_token":
        return f"place {_plural(n, 'Activation Token')} on the Legions and Hordes"
    if name == "roll_hero_dice":
        return f"roll the Hero Dice: {_amounts(args, ('salt', 'plunder', 'food', 'vp'))} per {str(args.get('per', 'skull')).title()}"
    if name == "draw_item":
        free = " (requirements ignored)" if args.get("ignore_requirements") else ""
        return f"draw {_plural(n, 'Item')}{free}"
    if name == "draw_feat":
        return f"{_who(args.get('who'))} draw{'s' if args.get('who') not in (None, 'self') else ''} {_plural(n, 'Feat')}"
    if name == "discard_feat":
        return f"{_who(args.get('who'))} discard{'s' if args.get('who') not in (None, 'self') else ''} a Feat"
    if name == "place_unit":
        grade = {"basic": "Basic ", "elite": "Elite ", "any": ""}.get(args.get("grade"), "")
        where = {"haven": "on a Haven", "haven_or_empty_explored": "on a Haven or an empty explored hex",
                 "here": "here"}.get(args.get("where"), "")
        who = _who(args.get("who"))
        return f"{who} place{'s' if who != 'you' else ''} {n} {grade}Unit{'s' if n != 1 else ''} {where}".rstrip()
    if name == "place_horde":
        threat = f" at Threat {args['threat']}" if args.get("threat") is not None else ""
        where = " here" if args.get("where") == "here" else ""
        return f"place {_plural(n, 'Horde')}{where}{threat}"
    if name == "place_legion":
        threat = f" at Threat {args['threat']}" if args.get("threat") is not None else ""
        return f"place {_plural(n, 'Legion')}{threat}"
    if name == "place_curse":
        where = {"here": "here", "empty": "on an empty hex", "any_unexplored": "on a face-down hex"}.get(args.get("where"), "")
        return f"place {_plural(n, 'Curse')} {where}".rstrip()
    if name == "free_quest":
        dice = args.get("bonus_dice") or []
        extra = f" with {', '.join(dice)} bonus dice" if dice else ""
        safe = ", failure ignored" if args.get("ignore_failure") else ""
        return f"attempt a Quest for free{extra}{safe}"
    rest = ", ".join(f"{k} {v}" for k, v in args.items() if k != "op" and v not in (None, "", [], False))
    return f"{name.replace('_', ' ')}{': ' + rest if rest else ''}"


def describe_effect(steps) -> str:
    """A whole effect as one sentence."""
    clauses = [describe_op(s) for s in steps or ()]
    if not clauses:
        return ""
    text = "; ".join(clauses)
    return text[0].upper() + text[1:] + "."


def production(tile) -> str:
    """What a Haven on this tile adds at Production and Scoring."""
    res = tile.resources
    got = _amounts({"salt": res.salt, "plunder": res.plunder, "food": res.food}, RESOURCES)
    parts = []
    if got != "nothing":
        parts.append(f"a Haven here adds {got} at Production")
    if tile.vp:
        parts.append(f"{tile.vp} VP at Scoring")
    return ", ".join(parts)
