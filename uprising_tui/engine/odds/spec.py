"""A fight as data: who stands on the hex, the terrain, the defences and what the
decks could still bring. Built by hand (tests, the command line) or read from a
game (``spec_from_game``), using only what the table can see."""
from __future__ import annotations

from dataclasses import dataclass, field

TERRAINS = ("none", "woods", "marsh", "badlands", "highlands", "ice_waste", "curse")


class OddsError(ValueError):
    """A fight the odds cannot be given for (an unknown Unit or card, a bad number)."""


@dataclass(frozen=True)
class FightSpec:
    """One hex's fights. `units` are the players' Units in hex order; `mover` is the
    Legion or Horde that walked in (it fights first), None when the players attack."""
    units: tuple[tuple[str, int], ...]
    hero: bool = False
    garrisons: int = 0
    skeletons: int = 0
    legions: tuple[tuple[str, int], ...] = ()
    hordes: tuple[tuple[str, int], ...] = ()
    terrain: str = "none"
    explored: bool = True
    haven: bool = False  # the players' Haven is on this hex
    tower: bool = False
    wall: bool = False
    mover: str | None = None
    targets_here: tuple[str, ...] = ()  # Legions whose Target is this hex
    capital: bool = False  # The Capital (its rule calls a Legion when it is taken)
    legion_pool: tuple[str, ...] = ()  # Legions the next draw could be
    legion_count: int = 0  # cards in the Legion deck
    horde_pool: tuple[str, ...] = ()
    horde_count: int = 0
    horde_bottom: tuple[str, ...] = ()  # known cards at the bottom of the Horde deck
    returned: tuple[str, ...] = ()  # Hordes that already came back once
    event_threat: int = 3
    new_target_here: bool = False  # a Legion arriving here gets its Target here (every faction has one)
    druids: tuple[str, ...] = ()
    skeleton_reserve: int | None = None  # None: the 11 of the box less those on the hex
    curse_available: bool = True
    first_haven: bool = True  # a Godpower removing "any Haven" takes this one (the first candidate)
    first_empty: bool = False  # emptied, this is the first empty hex (a piece placed "on an empty hex" lands here)
    first_empty_no_icon: bool = False  # ... and the first with no cannot-gain-Haven icon (a Garrison)
    reserve: tuple[tuple[str, int], ...] = ()  # the players' reserve (the False Messiah's reward)
    players: int = 1  # player factions in the game (rewards for each other player)
    cards_unmodelled: tuple[str, ...] = field(default=(), compare=True)  # usable Feats/Items not counted

    @property
    def attacker(self) -> str:
        if self.mover is None:
            return "players"
        return "empire" if self.mover in dict(self.legions) else "chaos"

    def card_ids(self) -> tuple[str, ...]:
        return tuple(c for c, _ in self.legions) + tuple(c for c, _ in self.hordes)

    def fight_order(self) -> list[str]:
        """The fights as the players meet them (the mover first); hordes that form or a
        Legion the Capital calls come after."""
        out: list[str] = []
        if self.mover:
            out.append(self.mover)
        if self.garrisons:
            out.append("garrisons")
        out += [c for c, _ in self.legions if c != self.mover]
        if self.skeletons:
            out.append("skeletons")
        out += [c for c, _ in self.hordes if c != self.mover]
        return out

    def __post_init__(self) -> None:
        if self.skeleton_reserve is None:
            object.__setattr__(self, "skeleton_reserve", max(0, 11 - self.skeletons))

    def context(self) -> tuple:
        """What fixes the chain's transitions beyond its states (solved states are shared
        by every spec with the same context)."""
        return (self.terrain, self.explored, tuple(sorted(set(self.druids))), len(self.druids), self.targets_here,
                self.capital, self.event_threat, self.new_target_here, self.curse_available, self.first_haven, self.first_empty, self.first_empty_no_icon, self.reserve, self.players,
                self.returned, frozenset(self.card_ids()))

    def has_reserve(self) -> bool:
        return any(n > 0 for _, n in self.reserve)

    def faction(self, cat) -> str | None:
        for u, n in self.units:
            if n:
                return cat.unit_faction[u]
        return None


def check_spec(cat, spec: FightSpec) -> FightSpec:
    """Raise OddsError for anything the catalog does not know or the rules forbid; the
    foes sorted as the engine fights them."""
    def names(table) -> str:
        return ", ".join(sorted(table))
    factions = set()
    for u, n in spec.units:
        if u not in cat.units:
            raise OddsError(f"unknown Unit {u!r} (known: {names(cat.units)})")
        if n < 0:
            raise OddsError(f"a negative number of {u}")
        if n:
            factions.add(cat.unit_faction[u])
    if len(factions) > 1:
        raise OddsError(f"Units of more than one faction on one hex: {', '.join(sorted(factions))}")
    if sum(n for _, n in spec.units) > 5:
        raise OddsError("at most 5 Units stand on a hex")
    for u, n in spec.reserve:
        if u not in cat.units:
            raise OddsError(f"unknown Unit {u!r} in the reserve (known: {names(cat.units)})")
    if not 0 <= spec.garrisons <= len(cat.garrison_levels):
        raise OddsError(f"Garrison level must be 0..{len(cat.garrison_levels)}, not {spec.garrisons}")
    if not 0 <= spec.skeletons <= 2:
        raise OddsError(f"1 or 2 Skeletons stand on a hex (three become a Horde), not {spec.skeletons}")
    for kind, table, cards in (("Legion", cat.legions, spec.legions), ("Horde", cat.hordes, spec.hordes)):
        for cid, threat in cards:
            if cid not in table:
                raise OddsError(f"unknown {kind} {cid!r} (known: {names(table)})")
            top = table[cid].max_threat
            if not 1 <= threat <= top:
                raise OddsError(f"{table[cid].name}'s Threat must be 1..{top}, not {threat}")
    for pool, table, kind in ((spec.legion_pool, cat.legions, "Legion"), (spec.horde_pool + spec.horde_bottom,
                                                                          cat.hordes, "Horde")):
        for cid in pool:
            if cid not in table:
                raise OddsError(f"unknown {kind} {cid!r} in the deck (known: {names(table)})")
    if (spec.garrisons or spec.legions) and (spec.skeletons or spec.hordes):
        raise OddsError("the Empire and Chaos on one hex fight each other first: not a players' fight")
    if spec.terrain not in TERRAINS:
        raise OddsError(f"unknown terrain {spec.terrain!r} (known: {', '.join(TERRAINS)})")
    for did in spec.druids:
        if did not in cat.druids:
            raise OddsError(f"unknown Druid {did!r} (known: {names(cat.druids)})")
    if (spec.tower or spec.wall) and not spec.haven:
        raise OddsError("Towers and Walls stand only on a Haven")
    if spec.mover is not None and spec.mover not in spec.card_ids():
        raise OddsError(f"the attacking card {spec.mover!r} is not on the hex")
    if not 1 <= spec.event_threat <= 7:
        raise OddsError(f"the Event's Threat must be 1..7, not {spec.event_threat}")
    if not any(n for _, n in spec.units):
        raise OddsError("no player Units to fight with")
    if not (spec.garrisons or spec.skeletons or spec.legions or spec.hordes or spec.capital):
        raise OddsError("nobody to fight: give Garrisons, Skeletons, a Legion or a Horde")
    return spec


def normalised(lib, spec: FightSpec) -> FightSpec:
    """The same fight with every field that cannot change its outcome set to a default
    (the decks when no Skeleton can come, the Druids when we roll no Bolt, ...), so
    fights alike share one solution. The Hero and the cards are left out too: the odds
    do not count cards (the result names them)."""
    from dataclasses import replace
    cards = [lib.foe(c) for c in spec.card_ids()]
    kw: dict = {"hero": False, "cards_unmodelled": ()}
    skeletons = spec.skeletons or any(f.raises_here for f in cards)
    # cards that may still arrive count too (a Horde three Skeletons call, a Legion the
    # Capital calls, and whatever their arrival brings)
    if skeletons:
        cards += [lib.foe(c) for c in spec.horde_pool + spec.horde_bottom]
    if spec.capital:
        cards += [lib.foe(c) for c in spec.legion_pool]
    if any(f.raises_here for f in cards):
        skeletons = True
        cards += [lib.foe(c) for c in spec.horde_pool + spec.horde_bottom]
    if not skeletons:
        kw.update(horde_pool=(), horde_count=0, horde_bottom=(), returned=(), skeleton_reserve=11)
    if not spec.capital:
        kw.update(legion_pool=(), legion_count=0, new_target_here=False)
    if not (skeletons or spec.capital):
        kw["event_threat"] = 3
    bolts = spec.terrain != "curse" and lib.rolls_bolts(tuple(u for u, _ in spec.units))
    per_druid = any(per for f in cards for _, per, _ in f.reroll_blanks)
    if not bolts and not per_druid and not skeletons and not spec.capital:
        kw["druids"] = ()
    if not any(any(c[4] == "target_here" for c in f.extra) for f in cards):
        kw["targets_here"] = ()
    if not any(fx[0] == "remove_haven" and fx[1] == "any" for f in cards for fx in f.godpower.hex_effects):
        kw["first_haven"] = True
    if not any(fx[0].startswith("empty_") for f in cards for fx in f.destroyed):
        kw.update(first_empty=False, first_empty_no_icon=False)
    if not any(fx[0] == "place_unit_here" for f in cards for fx in f.destroyed):
        kw["explored"] = True
        if not any(f.godpower.include_reserve for f in cards):
            kw["reserve"] = ()
    if not any(fx[0] == "vp" and fx[1] in ("each", "each_other") for f in cards for fx in f.destroyed):
        kw["players"] = 1
    return replace(spec, **kw)
