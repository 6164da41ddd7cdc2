"""Shared fixtures for the Event card tests (tests/cards/test_events_<level>.py).

An Events Phase is played with the Event under test revealed: Yanny alone (her only Haven the
home hex H14), an empty board but for the Capital's 3 Garrisons and two lone Skeletons (H08,
H10), the Legion deck
[Assassin, Spymaster] and the Horde deck [Bloodwyrm, Siren] (none of them has an immediate
effect beyond a Legion's Target). The phase first gives every card in play 2 Threat, then
resolves the Event, then gives each card 1 Activation Token (2 in the last Chapter).
"""
from __future__ import annotations

from uprising_tui.engine.scenario import Scenario, run_phase

from ..helpers import events, play_out
from .item_fixtures import CAT

LEGIONS = ["assassin", "spymaster"]
HORDES = ["bloodwyrm", "siren"]


def in_turn(answers: dict[str, list[str]]):
    """A play_out policy answering each decision kind from its own list, in order."""
    its = {k: iter(v) for k, v in answers.items()}

    def prefer(d):
        it = its.get(d.kind)
        return next(it, None) if it else None
    return prefer


def event_game(eid: str, *, setup=None, answers: dict[str, list[str]] | None = None):
    ev = CAT.events[eid]
    sc = Scenario(["duerkhar"], heroes=["yanny"]).empty_board().when(ev.level, "events")
    sc.at("H00", garrisons=3).at("H08", tile="raufrost", skeletons=1).at("H10", skeletons=1)
    sc.decks(events=[eid] * 4, legion_deck=list(LEGIONS), horde_deck=list(HORDES))
    if setup:
        setup(sc)
    g = sc.game(script=run_phase("events"))
    play_out(g, in_turn(answers or {}))
    assert [e.card for e in events(g, "EventRevealed")] == [eid] and g.state.event_threat == ev.threat
    return g


def outcome(g) -> dict:
    """Everything an Event changed, summed up from the log and the state."""
    st = g.state
    p = st.player("duerkhar")
    placed = events(g, "NemesisPlaced")
    out = {
        "legions": [(e.card, e.hex, e.threat) for e in placed if e.kind == "legion"],
        "hordes": [(e.card, st.hexes[e.hex].region, e.threat) for e in placed if e.kind == "horde"],
        "garrisons": sorted(e.hex for e in events(g, "GarrisonPlaced")),
        "skeletons": [e.hex for e in events(g, "SkeletonPlaced")],
        "curses": len(events(g, "CursePlaced")),
        "vp": (st.vp_empire, st.vp_chaos),
        "res": (p.salt, p.plunder, p.food),
        "tokens": {c.id: c.tokens for c in list(st.legions.values()) + list(st.hordes.values())},
    }
    for e in placed:  # a Horde placed by an Event never lands next to a Haven (while it can be helped)
        if e.kind == "horde":
            assert not any(st.hexes[n].haven for n in g.board.geo[e.hex] if n), e
    return out


__all__ = ["CAT", "HORDES", "LEGIONS", "event_game", "events", "in_turn", "outcome"]
