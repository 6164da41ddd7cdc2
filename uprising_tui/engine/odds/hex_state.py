"""The state of the fights on one hex (``St``, the combat in progress ``Cur``) and the
indices of the tallies the chain adds up."""
from __future__ import annotations

from typing import NamedTuple

FORMED_LIMIT = 1  # Hordes followed forming on one hex; a further one is not followed (its chance is reported)
HEX_LIMIT = 5

# tallies: chances of the endings and expected values
WIN, LOSE, BOTH, DRAW, NO_LOSS, LOST, GAINED, VP, OTHER_VP, EMPIRE_VP, CHAOS_VP, HAVEN_LOST, LEFT, CUT = range(14)
BASE = 14
# per fight (slot): combats fought, won (our Units stand, the foe is gone), foe destroyed,
# damage dealt (Threat or pieces), our Units lost, our VP
FOUGHT, WON, DESTROYED, DAMAGE, SLOST, SVP = range(6)
PER_SLOT = 6


class Cur(NamedTuple):
    """The combat in progress."""
    group: str  # "garrisons", "skeletons" or a card id
    part: str  # archery / clash
    terrain: str  # fixed when the combat starts
    gp_used: bool
    once: tuple[str, ...]  # once-per-combat Druids fired
    slot: int
    players_first: bool  # the players are side a (after-damage effects: side a first)
    formed: bool  # a Horde formed from these Skeletons


class St(NamedTuple):
    units: tuple[tuple[str, int], ...]
    gar: int
    skel: int
    legions: tuple[tuple[str, int], ...]
    hordes: tuple[tuple[str, int], ...]
    haven: bool
    tower: bool
    wall: bool
    curse: bool
    hpool: tuple[str, ...]  # Hordes the next unknown draw could be
    hunknown: int  # unknown cards in the Horde deck
    hbottom: tuple[str, ...]  # known cards at its bottom (a Horde that returned once)
    lpool: tuple[str, ...]
    lunknown: int
    skel_res: int
    fallen: bool
    attacker: str  # players / empire / chaos (who is side a)
    mover: str | None  # the card that attacked: it fights first while it stands
    formed: int  # Hordes formed on this hex so far
    cur: Cur | None
    queue: tuple  # work left: ("spawn", n), ("form",), ("end_round",), ("end_combat",)
