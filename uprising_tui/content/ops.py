"""The effect vocabulary: every step a card, hex, Event or Nemesis card can take.

An effect is a list of steps; each step is exactly one op, a record declared here and
checked by validation.py when a content file loads. The engine's executor
(``uprising_tui.engine.effects``) runs them. Adding an op means adding a record here and a
handler there; a test checks that the two lists match.
"""
from __future__ import annotations

from typing import Literal

from .record import Record, checks, field, literal_value

Colour = Literal["white", "yellow", "red", "blue", "purple", "black"]
Resource = Literal["salt", "plunder", "food"]
Symbol = Literal["skull", "shield", "bolt"]
Nemesis = Literal["empire", "chaos"]
Attribute = Literal["might", "magic", "leadership", "guile"]
Who = Literal["self", "each", "each_other", "first_player"]
Region = Literal["any", "howling_white", "fog_grave", "screaming_sea"]

# Bounds of every number an op takes: what a real card could need, with room (the box's cards
# use at most 3 of a resource, 2 dice, 3 Units, 3 VP, 2 Threat; pieces are bounded by how many
# of a kind the box holds). They keep a content file from asking for a hundred million dice;
# validation names the file and the entry that passes one.
RESOURCES = 10  # of one resource gained or lost in one step
AP = 5  # AP gained or lost in one step
VP = 10  # VP in one step
DICE = 10  # dice added or rerolled, symbols added or cancelled
PIECES = 30  # Units, Garrisons, Skeletons, Curses placed (the box's most of a kind: 30 Garrisons)
CARDS = 5  # cards drawn or kept
NEMESIS = 8  # Legions or Hordes placed (8 of each in the box)
TOKENS = 20  # Activation Tokens placed (20 in the box)
THREAT = 7  # a Legion's or Horde's Threat (the track's top)
REPEATS = 10  # times a step repeats (gain N resources one at a time)


class Op(Record):
    """One step of an effect; `op` names it (and picks the record when a file is validated)."""


class Resources(Record):
    salt: int = 0
    plunder: int = 0
    food: int = 0

    def items(self):
        return (("salt", self.salt), ("plunder", self.plunder), ("food", self.food))


# ---------------------------------------------------------------- economy
class Gain(Op):
    """Gain resources, VP and/or AP."""
    op: Literal["gain"]
    who: Who = "self"
    salt: int = field(default=0, ge=-RESOURCES, le=RESOURCES)  # below 0: lost
    plunder: int = field(default=0, ge=-RESOURCES, le=RESOURCES)
    food: int = field(default=0, ge=-RESOURCES, le=RESOURCES)
    vp: int = field(default=0, ge=0, le=VP)  # VP are never lost
    ap: int = field(default=0, ge=-AP, le=AP)
    per_ally: bool = False  # each amount times the number of the gainer's allies (other players in the game)


class GainChoice(Op):
    """Gain N resources, picking the kind of each one."""
    op: Literal["gain_choice"]
    count: int = field(ge=1, le=REPEATS)


class LoseHalf(Op):
    """Lose half of one resource, rounded down."""
    op: Literal["lose_half"]
    who: Who = "each"
    resource: Resource


class NemesisVP(Op):
    """The Empire or Chaos gains VP."""
    op: Literal["nemesis_vp"]
    faction: Nemesis
    amount: int = field(ge=1, le=VP)


class GainAttribute(Op):
    """Raise one attribute of the player's choice (or a fixed one) by 1."""
    op: Literal["gain_attribute"]
    attribute: Attribute | Literal["choice"] = "choice"


class RollHeroDice(Op):
    """Roll the Hero Dice; gain `gain` for each `per` symbol rolled."""
    op: Literal["roll_hero_dice"]
    per: Symbol = "skull"
    salt: int = field(default=0, ge=0, le=RESOURCES)  # for each symbol rolled
    plunder: int = field(default=0, ge=0, le=RESOURCES)
    food: int = field(default=0, ge=0, le=RESOURCES)
    vp: int = field(default=0, ge=0, le=VP)


# ---------------------------------------------------------------- cards
class DrawItem(Op):
    op: Literal["draw_item"]
    count: int = field(default=1, ge=1, le=CARDS)
    ignore_requirements: bool = True


class DrawFeat(Op):
    """Draw the top Feat(s) of the deck; with keep < count the rest go to the bottom."""
    op: Literal["draw_feat"]
    who: Who = "self"
    count: int = field(default=1, ge=1, le=CARDS)
    keep: int = field(default=1, ge=0, le=CARDS)


class GainFeat(Op):
    """Search the Feat deck for any Feat and put it into play."""
    op: Literal["gain_feat"]
    shuffle: bool = False


class DiscardFeat(Op):
    """Discard a Feat of your choice (it goes to the bottom of its deck)."""
    op: Literal["discard_feat"]
    who: Who = "self"


class FreeQuest(Op):
    """Attempt a Quest at once without spending AP."""
    op: Literal["free_quest"]
    bonus_dice: list[Colour] = field(factory=list, max_length=DICE)
    ignore_failure: bool = False


class ResolveQuestFailure(Op):
    """Choose a face-up Quest and resolve its failure effect."""
    op: Literal["resolve_quest_failure"]


class DiscardMarket(Op):
    """Discard the Market (all, or only the cheapest/most expensive) and refill it."""
    op: Literal["discard_market"]


class TakeThisCard(Op):
    """A solved Quest stays in front of the player (its `ongoing` text applies)."""
    op: Literal["take_card"]


class KeepQuest(Op):
    """The Quest stays on offer instead of being discarded."""
    op: Literal["keep_quest"]


class DrawQuest(Op):
    """Deal a new Quest into the offer at once (its immediate effect resolves)."""
    op: Literal["draw_quest"]


# ---------------------------------------------------------------- units and map
class PlaceUnit(Op):
    """Place player Units from the reserve; `who: any` places a Unit of any player, the acting
    player choosing whose (and where, on that player's Havens)."""
    op: Literal["place_unit"]
    who: Who | Literal["any"] = "self"
    grade: Literal["basic", "elite", "any"] = "basic"
    where: Literal["haven", "haven_or_empty_explored", "here"] = "haven"
    count: int = field(default=1, ge=1, le=PIECES)


class ExchangeUnit(Op):
    """Swap one Unit of type `from_unit` on the combat/hero hex with a `to_unit` from the reserve."""
    op: Literal["exchange_unit"]
    from_unit: str
    to_unit: str


class PlaceGarrison(Op):
    """Place Garrisons: here, on empty hexes with no cannot-gain-Haven icon, or on the Capital."""
    op: Literal["place_garrison"]
    where: Literal["here", "empty", "capital", "with_garrisons"] = "empty"
    count: int = field(default=1, ge=1, le=PIECES)


class PlaceSkeleton(Op):
    op: Literal["place_skeleton"]
    where: Literal["here", "with_skeletons", "empty"] = "with_skeletons"
    count: int = field(default=1, ge=1, le=PIECES)


class PlaceOrReinforce(Op):
    """If the hex is empty of Units place `count` of `unit` here; otherwise reinforce what is here."""
    op: Literal["place_or_reinforce"]
    unit: Literal["garrison", "skeleton"]
    count: int = field(default=1, ge=1, le=PIECES)


class RemoveHere(Op):
    """Remove every Garrison or Skeleton on this hex (to the reserve)."""
    op: Literal["remove_here"]
    what: Literal["garrisons", "skeletons"]


class PlaceLegion(Op):
    op: Literal["place_legion"]
    count: int = field(default=1, ge=1, le=NEMESIS)
    threat: int | None = field(default=None, ge=1, le=THREAT)  # None: the current Event's Threat


class PlaceHorde(Op):
    op: Literal["place_horde"]
    count: int = field(default=1, ge=1, le=NEMESIS)
    region: Region = "any"
    not_adjacent_to_haven: bool = False
    threat: int | None = field(default=None, ge=1, le=THREAT)
    where: Literal["region", "here"] = "region"


class PlaceCurse(Op):
    op: Literal["place_curse"]
    where: Literal["here", "empty", "any_unexplored"] = "here"
    count: int = field(default=1, ge=1, le=PIECES)


class RemoveCurse(Op):
    op: Literal["remove_curse"]
    where: Literal["here", "adjacent", "any"] = "any"


class ActivationToken(Op):
    """Place Activation Tokens, each on a Legion/Horde card with the fewest; `others`: never on
    the card whose effect this is (the Courtesan's "another Legion or Horde")."""
    op: Literal["activation_token"]
    count: int = field(default=1, ge=1, le=TOKENS)
    others: bool = False


class ActivateNemesis(Op):
    """Activate Legions/Hordes (no token needed)."""
    op: Literal["activate"]
    which: Literal["all_legions", "all_hordes", "self", "skeletons"]


class PlaceTarget(Op):
    op: Literal["place_target"]


class ThreatChange(Op):
    """Change Threat of some Legions/Hordes (overflow becomes VP for their side)."""
    op: Literal["threat"]
    which: Literal["self", "other_hordes", "all_hordes", "all_legions", "all_others", "enemy_here"]
    amount: int = field(ge=-THREAT, le=THREAT)  # below 0: Threat lost


class SetThreat(Op):
    op: Literal["set_threat"]
    value: int = field(ge=1, le=THREAT)


class RemoveSeaTower(Op):
    """Remove a Sea Tower from the game (empty if possible); optionally move this Legion there."""
    op: Literal["remove_sea_tower"]
    move_here: bool = False


class RemoveHaven(Op):
    """Remove a Haven (with its Defenses): here, here-or-adjacent, or any (chosen by the first player)."""
    op: Literal["remove_haven"]
    where: Literal["here", "here_or_adjacent", "any"] = "here"


class RemoveDefense(Op):
    """Remove one Wall, Tower or Haven here, or (`threat` > 0) that much Threat from an enemy
    Legion/Horde in this combat: a choice among those present, made by the enemy player
    (the first player when the enemy is a Legion or Horde)."""
    op: Literal["remove_defense"]
    threat: int = field(default=0, ge=0, le=THREAT)


class DestroyUnit(Op):
    """Destroy the most expensive enemy Unit here (or, against the Nemesis, Threat)."""
    op: Literal["destroy_unit"]
    choose: Literal["most_expensive", "any"] = "most_expensive"
    or_threat: int = field(default=0, ge=0, le=THREAT)
    remove_from_game: bool = False
    include_reserve: bool = False
    self_threat: int = field(default=0, ge=0, le=THREAT)  # if > 0 the enemy player may refuse: this card loses that much Threat instead


class EnemyPenalty(Op):
    """The enemy player picks: suffer `penalty`, or this card loses `threat` Threat."""
    op: Literal["enemy_penalty"]
    penalty: Literal["discard_item_or_feat", "flip_all_cards"]
    threat: int = field(default=2, ge=0, le=THREAT)


class MoveToClosestEmpty(Op):
    """Move this Legion/Horde to the closest empty hex (ends the combat)."""
    op: Literal["move_to_closest_empty"]


class Explore(Op):
    """Flip an unexplored hex (here) for the acting player."""
    op: Literal["explore"]


# ---------------------------------------------------------------- combat
class AddDice(Op):
    op: Literal["add_dice"]
    colour: Colour | Literal["choice"]
    count: int = field(default=1, ge=1, le=DICE)


class AddSymbols(Op):
    """Symbols that are added to the total but are not on dice."""
    op: Literal["add_symbols"]
    skull: int = field(default=0, ge=0, le=DICE)
    shield: int = field(default=0, ge=0, le=DICE)
    bolt: int = field(default=0, ge=0, le=DICE)
    per_bolt: bool = False  # multiply by the number of own Bolts rolled this round
    bolts_of: Literal["own", "all"] = "own"  # per_bolt counts the Bolts on whose dice: own, or both sides'


class SetDie(Op):
    """Turn one of your dice to show the given face."""
    op: Literal["set_die"]
    face: Literal["shield", "skull", "bolt"]


class Reroll(Op):
    """Reroll dice just rolled: `count` of your choice, `any`, or `all`; optionally only non-Bolts/blanks."""
    op: Literal["reroll"]
    count: int | Literal["any", "all"] = 1
    only: Literal["any", "non_bolt", "blank"] = "any"

    @checks("count")
    def _count(v: int | str) -> int | str:
        if isinstance(v, int) and not 1 <= v <= DICE:
            raise ValueError(f"rerolls 1 to {DICE} dice (or any, or all), not {v}")
        return v


class CancelEnemy(Op):
    """Cancel enemy symbols (e.g. ignore 1 Skull)."""
    op: Literal["cancel_enemy"]
    symbol: Symbol
    count: int = field(default=1, ge=1, le=DICE)


class IgnoreEnemyDie(Op):
    """Ignore every `symbol` on the one enemy die that shows the most of them (Mountain Heart)."""
    op: Literal["ignore_enemy_die"]
    symbol: Symbol = "skull"


class HeroVP(Op):
    """Gain VP (for the faction that triggered the effect)."""
    op: Literal["vp"]
    amount: int = field(default=1, ge=1, le=VP)


OP_MODELS: tuple[type[Op], ...] = (
    Gain, GainChoice, LoseHalf, NemesisVP, GainAttribute, RollHeroDice,
    DrawItem, DrawFeat, GainFeat, DiscardFeat, FreeQuest, ResolveQuestFailure,
    DiscardMarket, TakeThisCard, KeepQuest, DrawQuest,
    PlaceUnit, ExchangeUnit, PlaceGarrison, PlaceSkeleton, PlaceOrReinforce, RemoveHere,
    PlaceLegion, PlaceHorde, PlaceCurse, RemoveCurse, ActivationToken, ActivateNemesis,
    PlaceTarget, ThreatChange, SetThreat, RemoveSeaTower, RemoveHaven, RemoveDefense,
    DestroyUnit, EnemyPenalty, MoveToClosestEmpty, Explore,
    AddDice, AddSymbols, SetDie, Reroll, CancelEnemy, IgnoreEnemyDie, HeroVP,
)

Effect = list  # a list of Op records; validation.py checks each step by its `op`

OP_NAMES: tuple[str, ...] = tuple(literal_value(m, "op") for m in OP_MODELS)
OP_BY_NAME: dict[str, type[Op]] = dict(zip(OP_NAMES, OP_MODELS))
for _name, _cls in OP_BY_NAME.items():
    _cls.__defaults__["op"] = _name  # built in code, an op knows its name (a file must still say it)
