"""The game in figures, from its events alone: VP per Chapter for every side, fights, losses,
Quests, Havens and the Nemesis's Threat at the end of each Chapter."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable

if TYPE_CHECKING:
    from ..engine.face.events import GameEvent

NEMESES = ("empire", "chaos")


@dataclass
class SideStats:
    fights: int = 0
    won: int = 0
    lost: int = 0
    units_lost: int = 0
    quests_solved: int = 0
    quests_failed: int = 0
    havens_built: int = 0
    havens_lost: int = 0


@dataclass
class GameStats:
    sides: list[str]  # player factions in seat order, then 'empire', 'chaos'
    vp_by_chapter: dict[str, list[int]] = field(default_factory=dict)  # VP at the end of each Chapter
    threat_by_chapter: dict[str, list[int]] = field(default_factory=dict)  # total Threat in play
    per_side: dict[str, SideStats] = field(default_factory=dict)
    verdict: str | None = None
    final_vp: dict[str, int] = field(default_factory=dict)
    scored: dict[str, dict[str, int]] = field(default_factory=dict)  # side -> Scoring term -> VP, whole game
    counted: dict[str, dict[str, int]] = field(default_factory=dict)  # side -> Scoring term -> count, whole game

    def other_vp(self, side: str) -> int:
        """VP that came from elsewhere than Scoring: fights, Quests, cards, Threat above a maximum."""
        return self.final_vp.get(side, 0) - sum(self.scored.get(side, {}).values())


def side_of(who: str | None, cat, factions: Iterable[str]) -> str | None:
    """A combat side as an id: a faction, 'empire' or 'chaos' (events may name sides by id or by name);
    None for nobody."""
    if not who or who == "nobody":
        return None
    factions = list(factions)
    if who in factions or who in NEMESES:
        return who
    for f in factions:
        if cat.names.get(f) == who:
            return f
    low = who.lower()
    if low in ("the empire", "garrisons", "garrison"):
        return "empire"
    if low in ("chaos", "skeletons", "skeleton"):
        return "chaos"
    for cid, card in {**cat.legions, **cat.hordes}.items():
        if who in (cid, card.name):
            return "empire" if cid in cat.legions else "chaos"
    return None


def game_stats(events: Iterable["GameEvent"], cat, factions: Iterable[str]) -> GameStats:
    factions = list(factions)
    sides = factions + list(NEMESES)
    st = GameStats(sides, {s: [] for s in sides}, {s: [] for s in NEMESES}, {s: SideStats() for s in sides})
    vp = dict.fromkeys(sides, 0)
    threat: dict[str, tuple[str, int]] = {}  # card -> (side, threat)
    fight_sides: dict[int, tuple[str | None, str | None]] = {}

    def close_chapter() -> None:
        for s in sides:
            st.vp_by_chapter[s].append(vp[s])
        for s in NEMESES:
            st.threat_by_chapter[s].append(sum(t for side, t in threat.values() if side == s))

    seen_chapter = False
    for ev in events:
        k = ev.event_type
        if k == "PhaseStarted":
            if ev.phase == "refresh" and seen_chapter and ev.chapter > 1:
                close_chapter()
            seen_chapter = True
        elif k == "VPChanged" and ev.faction in vp:
            vp[ev.faction] = ev.total
        elif k == "ScoreTerm" and ev.side in vp:
            by = st.scored.setdefault(ev.side, {})
            by[ev.term] = by.get(ev.term, 0) + ev.vp
            n = st.counted.setdefault(ev.side, {})
            n[ev.term] = n.get(ev.term, 0) + ev.count
        elif k == "NemesisPlaced":
            threat[ev.card] = ("empire" if ev.kind == "legion" else "chaos", ev.threat)
        elif k == "ThreatChanged" and ev.card in threat:
            threat[ev.card] = (threat[ev.card][0], ev.new)
        elif k == "NemesisDestroyed":
            threat.pop(ev.card, None)
        elif k == "CombatStarted":
            a, b = side_of(ev.side_a, cat, factions), side_of(ev.side_b, cat, factions)
            fight_sides[ev.combat] = (a, b)
            for s in {a, b} - {None}:
                st.per_side[s].fights += 1
        elif k == "CombatEnded":
            a, b = fight_sides.get(ev.combat, (None, None))
            winner = side_of(ev.winner, cat, factions)
            for s in {a, b} - {None}:
                if winner == s:
                    st.per_side[s].won += 1
                else:
                    st.per_side[s].lost += 1
        elif k == "UnitDestroyed" and ev.owner in st.per_side:
            st.per_side[ev.owner].units_lost += 1
        elif k == "QuestResolved" and ev.faction in st.per_side:
            if ev.outcome.startswith("solve"):
                st.per_side[ev.faction].quests_solved += 1
            else:
                st.per_side[ev.faction].quests_failed += 1
        elif k == "HavenBuilt" and ev.faction in st.per_side:
            st.per_side[ev.faction].havens_built += 1
        elif k == "HavenRemoved" and ev.faction in st.per_side:
            st.per_side[ev.faction].havens_lost += 1
        elif k == "GameOver":
            close_chapter()
            st.verdict = ev.verdict
    st.final_vp = dict(vp)
    return st
