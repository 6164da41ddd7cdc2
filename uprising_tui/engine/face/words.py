"""Our own words for the codes events carry: reasons, placement fallbacks, movement rules,
Notes and sources. ``engine/face/log.py`` uses them to render a log line."""
from __future__ import annotations

# reason / how / to codes of ResourcesChanged, APChanged, VPChanged, HavenRemoved, UnitPlaced,
# HeroMoved, CardGained, QuestsDiscarded, DefenseRemoved, GarrisonsRemoved, SkeletonsRemoved
REASONS = {
    "production": "Production", "trade": "Trade", "exchange": "exchange", "gift": "gift",
    "build_unit": "a new Unit", "build_tower": "a Tower", "build_wall": "a Wall", "haven": "Haven",
    "command": "Command", "market": "Market", "bought_vp": "resources turned into VP", "effect": "card effect",
    "move": "Move", "explore": "Explore", "quest": "Quest", "refresh": "Refresh",
    "garrison_destroyed": "a Garrison destroyed", "skeleton_destroyed": "Skeletons destroyed",
    "nemesis_destroyed": "destroyed a Legion or Horde",
    "garrison_not_placed": "a Garrison could not be placed", "skeleton_not_placed": "a Skeleton could not be placed",
    "curse_not_placed": "a Curse could not be placed", "no_legion": "no Legion left to place",
    "no_horde": "no Horde left to place", "no_horde_hex": "no hex for a Horde", "no_curse_hex": "no hex for a Curse",
    "threat_overflow": "Threat above its maximum", "capital_fell": "the Capital fell",
    "scoring": "Scoring", "scoring_havens": "Scoring: Havens",
    "curse": "Cursed", "razed": "razed", "overrun": "overrun after combat", "sea_tower_lost": "its Sea Tower was lost",
    "built": "built", "gather": "gathers an army", "drawn": "drawn", "bought": "bought", "searched": "searched out",
    "solved": "solved", "failed": "failed", "failure_resolved": "its failure resolved", "combat": "combat",
    "horde_formed": "they become a Horde",
    "reserve": "the reserve", "box": "out of the game", "empire": "the Imperial Graveyard",
    "chaos": "the Chaos Graveyard", "feat_deck": "the bottom of the Feat deck", "item_discard": "the Item discards",
}

# GarrisonPlaced / SkeletonPlaced / NemesisPlaced `fallback` codes (comma-joined when several applied)
FALLBACKS = {
    "capital_overflow": "the Capital is full: an empty hex instead",
    "legion_hex": "no empty hex: a hex with a Legion and no Garrison",
    "stack": "no empty hex or first-level piece: stacked on another Garrison",
    "empty_hex": "no Skeletons to join: an empty hex",
    "skeletons_or_curse": "no empty hex: a hex with Skeletons or a Curse",
    "adjacent_to_haven": "none away from Havens: next to a Haven",
    "any_region": "none in its region: anywhere",
}

# NemesisMoved / SkeletonsMoved `rule` codes
MOVE_RULES = {
    "haven": "a Haven, fewest Units", "enemy": "the weakest enemy", "empty": "an empty hex",
    "closer": "any hex on the way", "target": "straight to its Target", "closest_empty": "the closest empty hex",
    "sea_tower": "onto the lost Sea Tower",
}

# TargetPlaced `reason` codes
TARGET_REASONS = {
    "hunt": "hunts a Haven with the fewest Units", "capital": "no faction left to hunt: the Capital",
    "retarget": "its Target was removed: another Haven", "retarget_capital": "no Haven left: the Capital",
}

# Note codes: a template over the ids in `args` ({0}, {1}, ... rendered as names)
NOTES = {
    "no_route": "{0} finds no way towards its Target {1}",
    "no_step": "{0} has nowhere to step",
    "no_reinforce": "{0} holds only player Units: nothing is reinforced",
    "no_card_for_token": "No Legion or Horde to take the Activation Token",
    "no_token_left": "Every Activation Token is on a card: none is placed",
    "feat_deck_empty": "{0}'s Feat deck is empty",
    "quest_deck_empty": "The Quest deck is empty",
    "no_quest_on_offer": "No Quest is on offer",
    "item_deck_empty": "The Item deck is empty",
    "nothing_to_place": "{0} has nowhere or nothing to place",
    "nothing_to_exchange": "{0} has nothing to exchange",
    "no_curse_to_remove": "No Curse to remove",
    "trade_refused": "{0} refuses {1}",
    "combat_called_off": "The combat on {0} is called off after too many rounds",
    "fights_stopped": "Combat on {0} stopped: too many fights",
}

# rule ids of SourceRef("rule", ...)
RULES = {
    "setup": "set-up", "refresh_phase": "Refresh Phase", "events_phase": "Events Phase", "build_phase": "Build Phase",
    "actions_phase": "Actions Phase", "nemesis_phase": "Nemesis Phase", "production_phase": "Production Phase",
    "scoring_phase": "Scoring Phase", "game_end": "end of the game", "legion_activation": "Legion activation",
    "horde_activation": "Horde activation", "skeleton_activation": "Skeletons' activation",
    "capital_rule": "the Capital rule", "skeleton_bolt": "a Skeleton Bolt", "horde_formation": "three Skeletons",
    "skeleton_shortage": "no Skeletons left", "card_limit": "the card limit", "retarget": "retargeting",
    "exchange": "exchange", "combat": "combat", "orientation": "orienting the tile", "always": "anytime",
}

# rule ids and card kinds not worth repeating on every line (the phase headers say them)
QUIET_SOURCES = frozenset({("rule", "setup"), ("rule", "refresh_phase"), ("rule", "events_phase"),
                           ("rule", "build_phase"), ("rule", "actions_phase"), ("rule", "nemesis_phase"),
                           ("rule", "production_phase"), ("rule", "scoring_phase"), ("rule", "game_end"),
                           ("rule", "combat"), ("rule", "exchange")})

# ScoreTerm.term: what a Scoring term counts, (one, many)
SCORE_TERMS = {
    "garrison_hexes": ("hex with a Garrison", "hexes with a Garrison"), "legions": ("Legion", "Legions"),
    "curses": ("Curse", "Curses"), "hordes": ("Horde", "Hordes"),
    "graveyard": ("faction in its Graveyard", "factions in its Graveyard"), "havens": ("Haven", "Havens"),
    "haven_vp": ("Haven on a hex that shows VP", "Havens on hexes that show VP"),
    "bought": ("resource spent", "resources spent"),
}
