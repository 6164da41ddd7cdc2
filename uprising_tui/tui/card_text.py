"""Every card of the table in words, from the catalog: a Feat's, Item's or Druid's own text, and
for Quests, Legions, Hordes and Events (whose rules are data) their goals, dice, abilities and
effects spelled out from that data. Our own wording, never the box's."""
from __future__ import annotations

from typing import Iterable

from rich.console import Group
from rich.text import Text

from .naming import name
from .theme import DIE_LETTER, SYMBOL_GLYPH

RES = ("salt", "plunder", "food")
WHERE = {"here": "here", "empty": "on an empty hex", "capital": "on The Capital",
         "with_garrisons": "with other Garrisons", "with_skeletons": "with other Skeletons",
         "haven": "on one of your Havens", "haven_or_empty_explored": "on a Haven or an explored empty hex",
         "adjacent": "beside here", "any": "anywhere", "any_unexplored": "on an unexplored hex",
         "here_or_adjacent": "here or beside here", "region": "in its region"}
WHO = {"self": "you", "each": "every player", "all": "every player", "other": "another player"}


def _n(count: int, thing: str) -> str:
    return f"{count} {thing}" + ("" if count == 1 or thing.endswith("s") else "s")


def _resources(op) -> str:
    parts = [f"{getattr(op, r)} {r.capitalize()}" for r in RES if getattr(op, r, 0)]
    for extra in ("vp", "ap"):
        n = getattr(op, extra, 0)
        if n:
            parts.append(f"{n} {extra.upper()}")
    return ", ".join(parts) or "nothing"


def op_text(op, cat) -> str:
    """One effect step in words."""
    k = op.op
    g = lambda a, d=None: getattr(op, a, d)  # noqa: E731
    where = WHERE.get(str(g("where", "")), str(g("where", "")).replace("_", " "))
    if k == "gain":
        return f"{WHO.get(g('who'), g('who'))} gain {_resources(op)}".capitalize()
    if k == "gain_choice":
        return f"Gain {_n(op.count, 'resource')} of your choice"
    if k == "lose_half":
        return f"{WHO.get(op.who, op.who).capitalize()} loses half their {op.resource.capitalize()} (rounded down)"
    if k == "nemesis_vp":
        return f"{name(cat, op.faction)} gains {op.amount} VP"
    if k == "vp":
        return f"Gain {op.amount} VP"
    if k == "gain_attribute":
        return "Gain 1 attribute of your choice" if op.attribute == "choice" else f"Gain 1 {op.attribute.capitalize()}"
    if k == "place_unit":
        grade = "" if op.grade == "any" else f"{op.grade.capitalize()} "
        whose = " of any faction" if op.who == "any" else ""
        return f"Place {_n(op.count, grade + 'Unit')}{whose} {where}"
    if k == "exchange_unit":
        return f"Swap 1 {name(cat, op.from_unit)} here for 1 {name(cat, op.to_unit)}"
    if k == "place_garrison":
        return f"Place {_n(op.count, 'Garrison')} {where}"
    if k == "place_skeleton":
        return f"Place {_n(op.count, 'Skeleton')} {where}"
    if k == "place_or_reinforce":
        return f"If empty, place {_n(op.count, op.unit.capitalize())} here; if not, reinforce here"
    if k == "remove_here":
        return f"Remove every {op.what[:-1].capitalize()} here"
    if k == "place_legion":
        return f"Place {_n(op.count, 'Legion')} on The Capital" + (f" at Threat {op.threat}" if op.threat else "")
    if k == "place_horde":
        spot = "here" if op.where == "here" else ("anywhere" if op.region == "any" else f"in {name(cat, op.region)}")
        extra = ", not beside a Haven" if op.not_adjacent_to_haven else ""
        return f"Place {_n(op.count, 'Horde')} {spot}{extra}" + (f" at Threat {op.threat}" if op.threat else "")
    if k == "place_curse":
        return f"Place {_n(op.count, 'Curse')} {where}"
    if k == "remove_curse":
        return f"Remove a Curse {where}"
    if k == "activation_token":
        cards = "the other Legions and Hordes with the fewest" if op.others else "the cards with the fewest"
        return f"Place {_n(op.count, 'Activation Token')} (on {cards})"
    if k == "activate":
        return {"all_legions": "Activate every Legion", "all_hordes": "Activate every Horde",
                "self": "Activate this card", "skeletons": "Activate the Skeletons"}.get(op.which, f"Activate {op.which}")
    if k == "place_target":
        return "Place this Legion's Target"
    if k == "threat":
        who = {"self": "this card", "other_hordes": "every other Horde", "all_hordes": "every Horde",
               "all_legions": "every Legion", "all_others": "every other Legion and Horde",
               "enemy_here": "the enemy here"}.get(op.which, op.which)
        return f"{who.capitalize()} {'gains' if op.amount > 0 else 'loses'} {abs(op.amount)} Threat"
    if k == "set_threat":
        return f"Set this card's Threat to {op.value}"
    if k == "remove_sea_tower":
        return "Remove a Sea Tower from the game" + (" and move here" if op.move_here else "")
    if k == "remove_haven":
        return f"Remove a Haven {where}"
    if k == "remove_defense":
        return "The enemy removes a Wall, Tower or Haven here" + (
            f", or {op.threat} Threat from a Legion or Horde in this fight" if op.threat else "")
    if k == "destroy_unit":
        what = "the dearest enemy Unit" if op.choose == "most_expensive" else "an enemy Unit"
        return f"Destroy {what}" + (f" (or take {op.or_threat} Threat)" if op.or_threat else "")
    if k == "enemy_penalty":
        pen = "discard an Item or Feat" if op.penalty == "discard_item_or_feat" else "flip all their cards"
        return f"The enemy player must {pen}, or this card loses {op.threat} Threat"
    if k == "add_dice":
        colour = "a die of your choice" if op.colour == "choice" else _n(op.count, f"{op.colour} die").replace(
            "dies", "dice")
        return f"Add {colour}"
    if k == "add_symbols":
        syms = ", ".join(f"{n} {SYMBOL_GLYPH[s]}" for s in ("skull", "shield", "bolt") if (n := getattr(op, s)))
        return f"Add {syms}" + (" for each of your Bolts" if op.per_bolt else "")
    if k == "set_die":
        return f"Turn one of your dice to show one {SYMBOL_GLYPH[op.face]}"
    if k == "reroll":
        only = {"any": "", "non_bolt": " not showing a Bolt", "blank": " showing a blank"}[op.only]
        return f"Reroll {op.count if op.count not in ('any', 'all') else op.count} of your dice{only}"
    if k == "cancel_enemy":
        return f"Cancel {op.count} enemy {SYMBOL_GLYPH.get(op.symbol, op.symbol)}"
    if k == "take_card":
        return "Keep this Quest in front of you"
    if k == "keep_quest":
        return "The Quest stays on offer"
    if k == "roll_hero_dice":
        return f"Roll your Hero Dice: gain {_resources(op)} for each {SYMBOL_GLYPH.get(op.per, op.per)}"
    if k == "draw_item":
        return f"Draw {_n(op.count, 'Item')}" + (" (even one you could not use)" if op.ignore_requirements else "")
    if k == "draw_feat":
        return f"Draw {_n(op.count, 'Feat')}" + (f", keep {op.keep}" if op.keep < op.count else "")
    doc = (type(op).__doc__ or k.replace("_", " ")).strip().splitlines()[0].rstrip(".")
    return doc[0].upper() + doc[1:]


def effect_text(effect: Iterable, cat) -> str:
    return ". ".join(op_text(op, cat) for op in effect) + ("." if effect else "")


def dice_row(colours: Iterable[str]) -> str:
    return " ".join(DIE_LETTER.get(c, c) for c in colours) or "-"


def _ours(card) -> str:
    """The unobtrusive mark on a card that is the app's own design, not the box's (its
    ``provenance``, docs/content.md): a player with the box knows which cards to check."""
    return " · our design" if getattr(card, "provenance", "ours") == "ours" else ""


def card_text(cat, card_id: str, threat: int | None = None) -> Text | Group:
    """The card, name first, in words: the name on a line of its own (bold), then what kind of
    card it is and its price on the next (dim), so neither wraps into the other."""
    for table, kind in ((cat.feats, "Feat"), (cat.items, "Item"), (cat.druids, "Druid")):
        c = table.get(card_id)
        if c is not None:
            t = Text(f"{c.name}\n", style="bold")
            extra = ""
            if kind == "Item":
                req = ", ".join(f"{a.capitalize()} {n}" for a, n in c.requires.items())
                extra = f" · {c.cost} Salt" + (f" · needs {req}" if req else "")
            t.append(f"{kind}{extra}{_ours(c)}\n", style="dim")
            t.append(c.text)
            return t
    q = cat.quests.get(card_id)
    if q is not None:
        t = Text(f"{q.name}\n", style="bold")
        t.append(f"Quest · solved with {q.threshold}+ goal{'s' if q.threshold > 1 else ''}{_ours(q)}\n", style="dim")
        for goal in q.goals:
            t.append(f" • {goal.count}{SYMBOL_GLYPH[goal.symbol]}")
            if goal.reward:
                t.append(f" → {effect_text(goal.reward, cat)}")
            t.append("\n")
        for b in q.bonus:
            cond = {"terrain": f"on {str(b.terrain).replace('_', ' ')}", "curse": "on a Cursed hex",
                    "sea_tower": "on a Sea Tower", "haven": "on one of your Havens", "always": "always"}[b.when]
            dice = " ".join(DIE_LETTER[c] for c in b.dice) + (f" +{b.any_die} of your choice" if b.any_die else "")
            t.append(f" Bonus {cond}: {dice.strip()}\n", style="italic")
        if q.immediate:
            t.append(f" When dealt: {effect_text(q.immediate, cat)}\n")
        t.append(f" Solved: {effect_text(q.solve, cat) or 'nothing more'}\n")
        t.append(f" Failed: {effect_text(q.fail, cat) or 'nothing'}\n")
        if q.ongoing is not None and q.ongoing_effect:
            when = q.ongoing.trigger.replace("_", " ") if q.ongoing.trigger != "none" else q.ongoing.when
            t.append(f" While kept ({when}): {effect_text(q.ongoing_effect, cat)}\n")
        t.append(q.text, style="dim italic")
        return t
    n = cat.legions.get(card_id) or cat.hordes.get(card_id)
    if n is not None:
        t = Text(f"{n.name}\n", style="bold")
        t.append(f"{n.kind.capitalize()} · initiative {n.initiative}"
                 + (f" · Threat {threat}" if threat is not None else "") + f"{_ours(n)}\n", style="dim")
        rows = sorted(n.dice.items(), reverse=True)
        for level, row in rows:
            mark = "▶" if level == threat else " "
            t.append(f" {mark} Threat {level}: archery {dice_row(row.archery)} · clash {dice_row(row.clash)}\n",
                     style="bold" if level == threat else "dim")
        if n.immediate:
            t.append(f" On entering: {effect_text(n.immediate, cat)}\n")
        for a in n.abilities:
            bits = [a.kind.replace("_", " ")]
            if a.count:
                bits.append(f"{a.count}")
            if a.colour:
                bits.append(f"{a.colour}")
            if a.terrain:
                bits.append(f"on {a.terrain}")
            bits.append("in " + " and ".join(a.parts))
            t.append(f" Ability: {' '.join(bits)}\n")
        gp = n.godpower
        t.append(f" Godpower ({gp.step.replace('_', ' ')}, {gp.limit.replace('_', ' ')}): "
                 f"{effect_text(gp.effect, cat)}\n")
        if getattr(n, "destroyed", None) or getattr(n, "destroyed_vp", None):
            t.append(f" Destroyed: {n.destroyed_vp} VP" + (f"; {effect_text(n.destroyed, cat)}" if n.destroyed else "")
                     + "\n")
        t.append(n.text, style="dim italic")
        return t
    e = cat.events.get(card_id)
    if e is not None:
        t = Text(f"{e.name}\n", style="bold")
        t.append(f"Event · Chapter {e.level} · new Legions and Hordes at Threat {e.threat}{_ours(e)}\n", style="dim")
        t.append(effect_text(e.effect, cat) + "\n")
        t.append(e.text, style="dim italic")
        return t
    return Text(name(cat, card_id))
