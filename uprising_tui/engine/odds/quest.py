"""The exact chance a Hero solves a Quest, beside the fight odds.

A Quest is solved when at least `threshold` of its goals are met, a goal being at least
`count` of one symbol among the Hero Dice rolled. The dice are the Hero's (Might red, Magic
purple, Leadership blue, Guile white or yellow for each point), the bonus dice the Quest
grants where the Hero stands (and the dice of the effect that gave a free attempt), and a
die of the player's choice where a bonus grants one. The chance is exact: the roll's joint
distribution of Skulls, Shields and Bolts over every die, nothing sampled.

``quest_chance(cat, quest, dice)`` is the pure sum; ``quest_odds(game, option_id)`` reads
the pending Decision (a ``quest:`` option of a turn or of a free attempt, a ``guile:``
split, a bonus ``colour:``): where the player has still to choose (the Guile split, a
bonus die), the choice that gives the best chance is assumed and named. Quest cards (an
Item or Feat that adds or rerolls Hero Dice) are not counted; the result's notes say so.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product

from ..rules.cards import can_use_card, card_use
from ..rules.quests import COLOURS, hero_pool

Roll = dict[tuple[int, int, int], float]  # (skulls, shields, bolts) -> chance
SYMBOLS = ("skull", "shield", "bolt")


@dataclass(frozen=True)
class QuestOdds:
    quest: str
    dice: tuple[str, ...]  # the Hero Dice rolled, by colour
    success: float  # the chance the Quest is solved
    goals: tuple[tuple[str, int, float], ...]  # (symbol, count, chance that goal is met), card order
    threshold: int
    expected_goals: float
    guile: str | None = None  # the Guile split ("2w1y") counted, when the Hero has Guile
    assumed: tuple[str, ...] = ()  # choices still to make, as assumed (the best split, a bonus die)
    notes: tuple[str, ...] = field(default=())

    def summary(self) -> str:
        """'solve 62.5% · goals: 3☠ 81% · 1◈ 42% (2 needed)'."""
        glyph = {"skull": "☠", "shield": "◈", "bolt": "↯"}
        goals = " · ".join(f"{n}{glyph.get(s, s)} {100 * p:.0f}%" for s, n, p in self.goals)
        return f"solve {100 * self.success:.1f}% · goals: {goals} ({self.threshold} needed)"


_ROLLS: dict[tuple, tuple[object, Roll]] = {}


def roll_of(cat, dice) -> Roll:
    """The joint distribution of Skulls, Shields and Bolts of these dice, exactly (kept per
    catalog and set of dice)."""
    key = (id(cat), tuple(sorted(dice)))
    got = _ROLLS.get(key)
    if got is not None and got[0] is cat:
        return got[1]
    if len(_ROLLS) > 4096:
        _ROLLS.clear()
    dist: Roll = {(0, 0, 0): 1.0}
    for colour in key[1]:
        faces = cat.dice[colour].faces
        w = 1.0 / len(faces)
        nxt: Roll = {}
        for (s, h, b), p in dist.items():
            for f in faces:
                k = (s + f.count("skull"), h + f.count("shield"), b + f.count("bolt"))
                nxt[k] = nxt.get(k, 0.0) + p * w
        dist = nxt
    _ROLLS[key] = (cat, dist)
    return dist


def quest_chance(cat, quest: str, dice, **kw) -> QuestOdds:
    """The exact odds of `quest` with these Hero Dice."""
    q = cat.quests[quest]
    dist = roll_of(cat, dice)
    goals = [(g.symbol, g.count) for g in q.goals]
    success = expected = 0.0
    met = [0.0] * len(goals)
    for counts, p in dist.items():
        n = 0
        for i, (sym, need) in enumerate(goals):
            if counts[SYMBOLS.index(sym)] >= need:
                met[i] += p
                n += 1
        expected += p * n
        if n >= q.threshold:
            success += p
    return QuestOdds(quest, tuple(dice), min(1.0, success), tuple((s, n, min(1.0, m)) for (s, n), m in zip(goals, met)),
                     q.threshold, expected, **kw)


# ------------------------------------------------------------------ from a game's decision
def _bonus_dice(game, p, quest: str) -> tuple[list[str], int]:
    """The dice the Quest grants where the Hero stands, and how many dice of her choice."""
    st = game.state
    h = st.hexes[p.hero_hex]
    terrain = None if (h.curse or not h.explored) else game.cat.hexes[h.tile].terrain
    dice: list[str] = []
    free = 0
    for b in game.cat.quests[quest].bonus:
        met = (b.when == "always" or (b.when == "terrain" and terrain == b.terrain)
               or (b.when == "curse" and h.curse) or (b.when == "sea_tower" and game.board.is_sea_tower(h.id))
               or (b.when == "haven" and h.haven == p.faction))
        if met:
            dice.extend(b.dice)
            free += b.any_die
    return dice, free


def _effect_bonus(game, source) -> list[str]:
    """The bonus dice of the effect that gives a free attempt (its `free_quest` op), if any."""
    if source is None:
        return []
    cat = game.cat
    kind, cid = source.kind, source.id
    steps = []
    if kind == "hex" and cid in cat.hexes:
        steps = list(cat.hexes[cid].explore or ())
    else:
        _, eff = card_use(game.ctx, cid) if cid in cat.items or cid in cat.feats else (None, ())
        steps = list(eff or ())
    for op in steps:
        if op.op == "free_quest":
            return list(op.bonus_dice)
    return []


def _attempt_bonus(game) -> list[str]:
    """The dice the attempt under way adds beyond the Hero's and the Quest's: read from the cause
    stack (a free attempt is asked inside the effect that gives it; the Action adds none)."""
    for cause in reversed(game.ctx.causes):
        if cause.kind == "action" and cause.id == "quest":
            return []
        got = _effect_bonus(game, cause)
        if got:
            return got
    return []


def _cards_note(game, p) -> tuple[str, ...]:
    usable = []
    for c in p.items + p.feats:
        use, _eff = card_use(game.ctx, c.id)
        if c.face_up and use is not None and use.when == "quest" and can_use_card(game.ctx, p, c.id):
            usable.append(game.cat.names.get(c.id, c.id))
    return ("Quest cards are not counted: " + ", ".join(usable),) if usable else ()


def _splits(guile: int) -> list[tuple[str, list[str]]]:
    return [(f"{guile - y}w{y}y", ["white"] * (guile - y) + ["yellow"] * y) for y in range(guile + 1)]


def _best(cat, quest: str, pools) -> tuple[QuestOdds, tuple]:
    """The best (chance, then expected goals) of several candidate pools (label, dice)."""
    best = None
    for label, dice in pools:
        got = quest_chance(cat, quest, dice)
        key = (round(got.success, 12), round(got.expected_goals, 12))
        if best is None or key > best[0]:
            best = (key, got, label)
    return best[1], best[2]


def _odds_for(game, p, quest: str, *, guile: list[str] | None, chosen_colours: list[str], extra: list[str]) -> QuestOdds:
    """The odds with the Guile split fixed (`guile`) or the best one, and the bonus dice of
    choice not yet chosen taken at their best."""
    cat = game.cat
    base = hero_pool(p) + list(extra)
    bonus, free = _bonus_dice(game, p, quest)
    base += bonus + list(chosen_colours)
    free = max(0, free - len(chosen_colours))
    splits = [(None, guile)] if guile is not None else (_splits(p.guile) if p.guile > 0 else [(None, [])])
    pools = []
    for split, g in splits:
        for pick in product(COLOURS, repeat=free):
            pools.append(((split, pick), base + g + list(pick)))
    got, (split, pick) = _best(cat, quest, pools)
    assumed = []
    if split is not None:
        assumed.append(f"Guile as {split}")
    if pick:
        assumed.append("bonus die " + ", ".join(pick))
    if guile is not None and p.guile > 0:
        split = f"{guile.count('white')}w{guile.count('yellow')}y"
    return QuestOdds(got.quest, got.dice, got.success, got.goals, got.threshold, got.expected_goals,
                     guile=split, assumed=tuple(assumed), notes=_cards_note(game, p))


def _guile_chosen(game) -> list[str] | None:
    """The Guile split answered in the attempt under way (the last answer, unless a bonus die
    was picked since)."""
    for a in reversed(game.answers):
        if a.startswith("guile:"):
            w, y = a.split(":")[1].split("w")
            return ["white"] * int(w) + ["yellow"] * int(y[:-1])
        if not a.startswith("colour:"):
            return None
    return None


def quest_odds(game, option_id: str) -> QuestOdds | None:
    """The odds of the Quest a pending option attempts (or, inside an attempt, of the dice it
    picks); None when the option is not about a Quest roll."""
    d = game.decision
    st = game.state
    p = st.player(d.actor)
    if option_id.startswith("quest:") and d.kind in ("turn", "choose_quest"):
        quest = option_id.split(":", 1)[1]
        if quest not in game.cat.quests:
            return None
        extra = [] if d.kind == "turn" else _effect_bonus(game, d.source)
        return _odds_for(game, p, quest, guile=None, chosen_colours=[], extra=extra)
    source = d.source
    if source is None or source.kind != "quest" or source.id not in game.cat.quests:
        return None
    quest = source.id
    if d.kind == "guile_dice" and option_id.startswith("guile:"):
        w, y = option_id.split(":")[1].split("w")
        guile = ["white"] * int(w) + ["yellow"] * int(y[:-1])
        return _odds_for(game, p, quest, guile=guile, chosen_colours=[], extra=_attempt_bonus(game))
    if d.kind == "die_colour" and option_id.startswith("colour:"):
        picked = []
        for a in reversed(game.answers):
            if not a.startswith("colour:"):
                break
            picked.append(a.split(":")[1])
        picked.append(option_id.split(":")[1])
        guile = _guile_chosen(game) if p.guile > 0 else []
        return _odds_for(game, p, quest, guile=guile if guile is not None else None, chosen_colours=picked,
                         extra=_attempt_bonus(game))
    return None
