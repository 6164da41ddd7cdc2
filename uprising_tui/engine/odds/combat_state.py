"""A combat's own state, its ways out, and what else its chain depends on (``combat``).

A compact state (``C``) holds only what moves inside one combat; an ``Exit`` is a combat over (or
a Horde forming from Skeletons, the combat to resume after it); ``Setting`` is what is fixed for
the combat, the key its solutions are kept under. The tally indices are the hex chain's
(``hex_state``), the few a combat adds to, and the bits of the Haven's defences.
"""
from __future__ import annotations

from typing import NamedTuple

# tally indices (as in chain)
LOST, VP, EMPIRE_VP, CHAOS_VP, HAVEN_LOST = 5, 7, 9, 10, 11
DAMAGE, SLOST, SVP = 3, 4, 5
HAVEN, TOWER, WALL = 1, 2, 4  # bits of `defs`


class C(NamedTuple):
    """A combat's state."""
    units: tuple[tuple[str, int], ...]
    hp: int  # the foe's Threat, Garrison levels or Skeletons
    clash: bool
    gp_used: bool
    once: tuple[str, ...]
    defs: int  # HAVEN | TOWER | WALL still standing
    curse: bool  # a Curse laid on the hex during the combat (its terrain stays)
    skel_res: int
    others: tuple[tuple[str, int], ...]  # the other Hordes here and their Threat
    formed: bool
    left: bool  # the foe walked away


class Exit(NamedTuple):
    state: C
    forming: int  # -1: the combat is over; else a Horde forms, with this many Skeletons still to place


def _exit(units, hp, defs, curse, skel_res, others, formed, left) -> Exit:
    """A combat that is over, with only what the hex's chain reads after it: the Godpower and
    Druids used this combat are forgotten (After Combat never reads them), and a combat lost
    while the foe stands (it did not walk away) keeps only whether the Haven still stands: the
    fights end there, and the foe's Threat, other Hordes, a Curse or the Skeleton reserve
    change no tally. Exits alike meet, so the hex's chain resumes fewer of them."""
    if not units and hp > 0 and not left:
        return _new(Exit, (_new(C, ((), 1, True, False, (), defs & HAVEN, False, 0, (), False, False)), -1))
    return _new(Exit, (_new(C, (units, hp, True, False, (), defs, curse, skel_res, others, formed, left)), -1))


_new = tuple.__new__  # (named tuples made without their Python-level __new__: some 5,000 exits a large solve)


class Setting(NamedTuple):
    """What a combat's chain depends on beyond its state (its memo key)."""
    group: str
    slot: int
    terrain: str
    players_first: bool
    target_here: bool
    imperial: bool  # Garrisons or Legions on the hex (the False Messiah's extra die)
    druids: tuple
    n_druids: int
    first_haven: bool
    curse_available: bool
    has_reserve: bool
