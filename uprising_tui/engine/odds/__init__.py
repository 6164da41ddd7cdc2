"""Exact combat odds, from the engine's own rules.

``odds(game, option_id)`` gives the outcome of the fights a pending option would
start: a ``command:HEX`` target (with the force the fight policy would bring: every
Unit that can come, the dearest first; the result says so), or while choosing Units
(``command_units``) the force chosen so far plus that option. ``fight_odds(cat,
spec)`` does the same for a ``FightSpec`` fixture. Both return a ``FightOdds``.
Results are cached per catalog, across calls and games.

Exact means: each side's Skulls, Shields and Bolts of a round come from the same
dice (one joint distribution per side, nothing trimmed), and every rule the engine
applies is followed in its order: terrain (Woods rerolls of blanks, one Highlands
Archery die, Marsh whitening red dice, Badlands Riders, only Chaos' Bolts on a
Curse), Towers and Walls, Garrison levels, Skeleton Bolts raising Skeletons and
three Skeletons calling a Horde, Legion and Horde dice rows, abilities (extra dice
and their conditions, no enemy Shields or Bolts, no Archery, rerolls of blanks per
Druid, rolling the enemy's dice) and Godpowers with the limits the catalog gives,
Druids fired by spare Bolts, several combats in order on one hex (Garrisons and
Skeletons first, then by initiative, an attacking card first), a destroyed card's
rewards and effects on the hex, a Haven overrun, and the Capital rule. The players'
choices inside the fight follow ``engine/fight_policy`` (the bots answer with the same
policy).

Averaged, not known: a Horde that three Skeletons call, or a Legion the Capital
calls, is each card the table cannot rule out (the deck and the box look alike to
the table), equally likely; the result says so in its notes.

Not modelled (each named in the result's notes when it applies, with its chance when
it is a branch of the fight):
* Feats and Items: the policy would use them, the odds do not count them yet;
* the Watcher's rerolls: the policy fires it on a spare Bolt while a die shows a blank
  (before the other Druids when the blanks are worth a Skull), but which dice it rerolls
  depends on every die's face, which the odds do not track (they count that Bolt as if
  the Watcher were not dealt);
* a second Horde forming on the same hex (counted as called off: a rare branch, and
  each Horde that might come multiplies the work);
* a Skeleton reserve that runs out during the fight (the engine then forms a Horde
  elsewhere);
* the other Legions an arriving New Emperor activates;
* effects on other hexes (Threat raised elsewhere, pieces placed elsewhere), and what
  the Nemesis does on the hex once our Units are gone.
"""
from __future__ import annotations

import gc
from dataclasses import replace

from .capital import resolve as resolve_calls
from .chain import Chain
from .hex_state import (BOTH, CHAOS_VP, CUT, DAMAGE, DESTROYED, DRAW, EMPIRE_VP, FORMED_LIMIT, FOUGHT, GAINED,
                        HAVEN_LOST, LEFT, LOSE, LOST, NO_LOSS, OTHER_VP, SLOST, SVP, VP, WIN, WON)
from .from_game import spec_from_game
from .library import NOTE_BASE, library
from .quest import QuestOdds, quest_chance, quest_odds
from .result import FightLine, FightOdds
from .spec import FightSpec, OddsError, check_spec, normalised

__all__ = ["FightLine", "FightOdds", "FightSpec", "OddsError", "QuestOdds", "fight_odds", "odds", "quest_chance",
           "quest_odds", "spec_from_game"]


def fight_odds(cat, spec: FightSpec) -> FightOdds:
    """The exact odds of a FightSpec (OddsError for a spec the rules do not allow)."""
    lib = library(cat)
    got = lib.solved.get(spec)
    if got is None:
        check_spec(cat, spec)
        norm = normalised(lib, spec)
        got = lib.solved.get(norm)
        if got is None:
            # a solve keeps hundreds of thousands of small tuples (states, rewards) until it ends, and
            # makes no reference cycles: the cycle collector would walk them again and again for
            # nothing (it is switched back on after)
            collecting = gc.isenabled()
            gc.disable()
            try:
                got = _solve(lib, norm)
            finally:
                if collecting:
                    _settle()
                    gc.enable()
            if len(lib.solved) > 50_000:
                lib.solved.clear()
            lib.solved[norm] = got
        notes = set(got.notes)
        if spec.cards_unmodelled:
            notes.add("Feats and Items are not counted: " +
                      ", ".join(cat.names.get(c, c) for c in spec.cards_unmodelled))
        if "watcher" in spec.druids:
            notes.add("the Watcher's rerolls are not counted (the policy fires it on a blank)")
        got = replace(got, hero=spec.hero, notes=tuple(sorted(notes)))
        lib.solved[spec] = got
    return got


def _settle() -> None:
    """Move every object the collector tracks to its oldest generation, at once (a freeze and an
    unfreeze are each a splice of lists), unless the program froze some itself. What a solve kept
    (states, rewards, round tables: tens of thousands of tuples and dicts) lives in the library's
    caches from then on; left young, the next allocation's collection would walk all of them (about
    8 ms after the largest setups of ``benchmarks/bench_odds.py``), and the next one again."""
    if gc.get_freeze_count() == 0:
        gc.freeze()
        gc.unfreeze()


def _solve(lib, spec: FightSpec) -> FightOdds:
    chain = Chain(lib, spec)
    start = chain.start()
    v = chain.value(chain.canon(start))
    if chain.deck_apart:
        v = resolve_calls(chain, v)
    t = v.get
    cat = lib.cat
    names = list(chain.slot_names)
    for extra in ("formed_horde", "capital_legion"):
        if extra not in names and t(lib.slot_base(extra) + FOUGHT, 0.0) > 0:
            names.append(extra)
    lines = []
    for key in names:
        base = lib.slot_base(key)
        lines.append(FightLine(key, _name(cat, spec, key), *(t(base + f, 0.0) for f in
                                                            (FOUGHT, WON, DESTROYED, DAMAGE, SLOST, SVP))))
    notes = set(chain.notes)
    for k, x in v.items():
        if k >= NOTE_BASE and x > 0:
            notes.add(f"{lib.note_text[k]} (chance {_chance(x)})")
    cut = t(CUT, 0.0)
    if cut > 0:
        notes.add(f"more than {FORMED_LIMIT} Hordes forming on the hex are not followed (chance {_chance(cut)}): "
                  "counted as called off")
    if "formed_horde" in names:
        notes.add("a Horde formed from Skeletons is each Horde not yet seen, equally likely")
    if "capital_legion" in names:
        notes.add("a Legion the Capital calls is each Legion not yet seen, equally likely")
    return FightOdds(win=t(WIN, 0.0), lose=t(LOSE, 0.0), both_wiped=t(BOTH, 0.0), draw=t(DRAW, 0.0) + cut,
                     no_loss=t(NO_LOSS, 0.0), units_lost=t(LOST, 0.0), units_gained=t(GAINED, 0.0),
                     units_left=t(LEFT, 0.0), vp_gained=t(VP, 0.0), vp_others=t(OTHER_VP, 0.0),
                     empire_vp=t(EMPIRE_VP, 0.0), chaos_vp=t(CHAOS_VP, 0.0), haven_lost=t(HAVEN_LOST, 0.0),
                     fights=tuple(lines), force=spec.units, hero=spec.hero, notes=tuple(sorted(notes)))


def _chance(x: float) -> str:
    return f"{100 * x:.2g}%" if x >= 0.0001 else f"{x:.1e}"


def _name(cat, spec: FightSpec, key: str) -> str:
    if key == "garrisons":
        return f"Garrison (level {spec.garrisons})"
    if key == "skeletons":
        return "Skeletons" if spec.skeletons != 1 else "Skeleton"
    if key == "formed_horde":
        return "a Horde formed from Skeletons"
    if key == "capital_legion":
        return "a Legion the Capital calls"
    return cat.names.get(key, key)


# ------------------------------------------------------------------ from a game's decision
def odds(game, option_id: str) -> FightOdds | QuestOdds | None:
    """The odds of the fights the pending decision's option would start (a FightOdds), or of
    the Quest it attempts or the Hero Dice it picks (a QuestOdds, see ``odds/quest.py``), or
    None when it does neither. OddsError when the option is not on offer."""
    from ..rules.fight_policy import default_force
    d = game.decision
    if d is None:
        raise OddsError("the game is over: there is no decision")
    if option_id not in {o.id for o in d.options}:
        raise OddsError(f"{option_id!r} is not an option of the pending decision ({d.kind})")
    st = game.state
    faction = d.actor
    if d.kind == "turn" and option_id.startswith("command:"):
        hid = option_id.split(":", 1)[1]
        force = default_force(game, faction, hid)
        units = _units_on(st, hid, faction)
        for _, u in force.brings:
            units[u] = units.get(u, 0) + 1
        hero = st.player(faction).hero_hex == hid or force.hero
        return _for(game, hid, faction, units, hero, assumed=True)
    if d.kind == "command_units":
        hid = _command_target(game)
        if hid is None:
            return None
        units = _units_on(st, hid, faction)
        hero = st.player(faction).hero_hex == hid
        # nothing moves until March!: the force chosen so far is the decision's `chosen`
        picks = []
        for r in d.chosen:
            if r.kind == "unit" and ":" in r.id:
                src, u = r.id.split(":")[:2]
                picks.append((src, u))
                units[u] = units.get(u, 0) + 1
            elif r.kind == "hero":
                hero = True
        if option_id.startswith("bring:"):
            from ..rules.actions.command import shortcut_picks
            brings = shortcut_picks(game.ctx, st.player(faction), hid, picks, option_id)
            for _, u in brings if brings is not None else [option_id.split(":")[1:3]]:
                units[u] = units.get(u, 0) + 1
        elif option_id == "hero":
            hero = True
        elif option_id != "done":
            return None
        return _for(game, hid, faction, units, hero, assumed=False)
    if option_id.startswith(("quest:", "guile:", "colour:")):
        return quest_odds(game, option_id)
    return None


def _units_on(st, hid: str, faction: str) -> dict[str, int]:
    h = st.hexes[hid]
    return dict(h.units) if h.owner == faction else {}


def _command_target(game) -> str | None:
    d = game.decision
    for r in d.chosen if d is not None else ():
        if r.kind == "hex":
            return r.id
    for a in reversed(game.answers):
        if a.startswith("command:"):
            return a.split(":", 1)[1]
    return None


def _for(game, hid: str, faction: str, units: dict, hero: bool, *, assumed: bool) -> FightOdds | None:
    if not units:
        return None
    spec = spec_from_game(game, hid, faction, units, hero)
    h = game.state.hexes[hid]
    fights = h.garrisons or h.skeletons or h.legions or h.hordes or spec.capital
    if not fights:
        return None
    got = fight_odds(game.cat, spec)
    return replace(got, assumed_force=assumed)
