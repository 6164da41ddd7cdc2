"""What things are worth, in VP, to the players as a team (pure functions of the table as the
public view shows it: `st` is a PublicView).

Every number here is a swing: VP the players gain plus VP the Empire or Chaos
will not score. The Nemesis score most of their VP at each Scoring for what
stands on the map, so a piece removed early is worth more than one removed late.
"""
from __future__ import annotations

GRAVEYARD_VP = 2  # per faction in a Nemesis Graveyard, per Scoring


def scorings_left(st) -> int:
    """Scorings still to come, this Chapter's included (the Scoring ends each Chapter)."""
    return max(1, st.chapters - st.chapter + 1)


def activations_left(st, card) -> list[int]:
    """The Chapter of every activation a Legion/Horde still has (tokens now, then 1 per
    Chapter and 2 in the last)."""
    out = [st.chapter] * card.tokens
    for ch in range(st.chapter + 1, st.chapters + 1):
        out += [ch] * (2 if ch == st.chapters else 1)
    return out


def new_piece_worth(st, chapter: int) -> float:
    """VP a new Curse or Garrison hex placed in `chapter` gives its side by the end."""
    return float(st.chapters - chapter + 1)


LAG_GAP = 30.0  # VP ahead of the lowest player at which a player's own VP count half


def projected_vp(st, cat) -> dict[str, float]:
    """Each player's VP by the end if its Havens stand: VP now plus what they score at every
    Scoring left."""
    left = scorings_left(st)
    out = {p.faction: float(p.vp) for p in st.players}
    for h in st.hexes.values():
        if h.haven in out:
            out[h.haven] += (2 + cat.hexes[h.tile].vp) * left
    return out


def own_weight(st, cat, faction: str) -> float:
    """What 1 VP for `faction` itself is worth to the team (1 for the lowest player).

    The players win only if the lowest of them beats both Nemeses, and in the last Scoring every
    spare resource buys VP for the lowest player; so VP of a player already far ahead of the
    lowest (projected from the Havens now standing) are worth less than the same VP kept from
    a Nemesis, or than VP for the lowest player."""
    proj = projected_vp(st, cat)
    if faction not in proj or len(proj) < 2:
        return 1.0
    gap = proj[faction] - min(proj.values())
    return 1.0 / (1.0 + gap / LAG_GAP)


def horde_worth(st, card, spec, own: float = 1.0) -> float:
    """Destroying a Horde: its VP, its Scoring VP and the Curses it would still lay."""
    curses = st.curse_reserve
    total = float(scorings_left(st))
    for ch in activations_left(st, card):
        if curses > 0:  # a fresh Curse scores every Chapter from now on
            total += new_piece_worth(st, ch)
            curses -= 1
        else:
            total += 1.0  # no Curse left: Chaos scores 1 VP instead
    return own * spec.destroyed_vp + total


def legion_worth(st, card, spec, own: float = 1.0) -> float:
    """Destroying a Legion: its VP, its Scoring VP and the Garrisons it would still leave."""
    total = float(scorings_left(st))
    for ch in activations_left(st, card):
        total += 0.5 * new_piece_worth(st, ch)  # about half its steps start a new Garrison hex
    return own * spec.destroyed_vp + total


def garrison_worth(st, levels: int, own: float = 1.0) -> float:
    """Clearing a Garrison hex: 1 VP per level now (for the player: weighed by `own`), and the
    hex stops scoring."""
    return own * levels + scorings_left(st)


def skeleton_worth(st, count: int, own: float = 1.0) -> float:
    """Destroying Skeletons: 1 VP each, and a pair will not become a Horde."""
    return own * count + (2.0 if count >= 2 else 0.5) * min(scorings_left(st), 3) / 3


def in_graveyard(st, side: str, faction: str) -> bool:
    """Has `faction` already lost a Unit to `side` ('empire'/'chaos') this Chapter?"""
    for owner, _piece, n in (st.graveyard_empire if side == "empire" else st.graveyard_chaos):
        if owner == faction and n > 0:
            return True
    return False


def graveyard_cost(st, side: str, faction: str) -> float:
    """What the first Unit lost to a Nemesis this Chapter costs (later ones cost nothing more)."""
    return 0.0 if in_graveyard(st, side, faction) else float(GRAVEYARD_VP)


UNIT_BASE, UNIT_PER_CHAPTER = 0.05, 0.0  # lost Units come back at Scoring; resources are plentiful


def unit_worth(st, resources: int) -> float:
    """A Unit's value while it lives: its price, more so with Chapters left to fight in."""
    return resources * (UNIT_BASE + UNIT_PER_CHAPTER * scorings_left(st))


def haven_worth(st, hex_vp: int = 0, own: float = 1.0) -> float:
    """A new Haven: 2 VP (plus the hex's VP) at every Scoring left (for its owner: weighed by
    `own`), and more production (resources buy VP for anyone)."""
    left = scorings_left(st)
    return own * (2.0 + hex_vp) * left + 0.5 * (left - 1)


def effect_worth(st, ops) -> float:
    """A rough VP worth of a card or Quest effect for the player who gets it (negative:
    it helps the Nemesis)."""
    left = scorings_left(st)
    total = 0.0
    for op in ops:
        kind = op.op
        if kind == "vp":
            total += getattr(op, "amount", 1)
        elif kind == "gain":
            total += op.vp + (op.salt + op.plunder + op.food) / 5 + 0.3 * op.ap
        elif kind == "gain_choice":
            total += op.count / 5
        elif kind == "nemesis_vp":
            total -= op.amount
        elif kind in ("place_unit",):
            total += 0.6 * getattr(op, "count", 1)
        elif kind in ("draw_item", "draw_feat", "gain_feat", "take_card", "gain_attribute"):
            total += 0.8
        elif kind == "remove_curse":
            total += left if st.curse_reserve < 9 else 0.0
        elif kind in ("place_skeleton", "place_garrison", "place_curse"):
            total -= 0.5 * left * getattr(op, "count", 1)
        elif kind == "activation_token":
            total -= 1.0 * getattr(op, "count", 1)
        elif kind in ("place_horde", "place_legion"):
            total -= 4.0
        elif kind == "lose_half":
            total -= 0.6
    return total
