"""The advisor's reasons in words, made from a search's own figures (see advisor.py).

For an option and the option it is compared with (the next best for the best one; the best for
the others) it words, largest difference first:

* the search's figures: how often it wins after it, against the other;
* each happening whose share of rollouts differs by at least ``SHARE`` (a Haven built or saved,
  a Curse laid or kept off, a Horde formed, a Legion or Horde destroyed, a Quest solved), with
  who did it and when, the most common case;
* the VP each side ends with at the horizon, where they differ by ``VP_STEP`` or more;
* the exact odds of the fight the option starts (engine/odds), when it starts one;
* the options that ended exactly as this one in every play they had (``same_reason``: the search
  stopped playing them, and the player is told where they went);
* for the pick, when another option shows a higher chance: why it was kept (``kept_reason``: that
  lead is within the noise of the paired plays, so the heuristic's plan stands).

Names come only from the table as it is when asked (``Namer``): a hex face down there is named
face down, a Legion, Horde or Quest not on the table is "a new Horde" or "a Quest".
"""
from __future__ import annotations

from collections import Counter

from .search import floor_se

SHARE = 0.2  # the least difference in the share of rollouts worth a sentence
VP_STEP = 0.5  # the least difference in mean VP worth a sentence
MOST = 4  # sentences per option besides the search's figures and the fight
PHASES = {"refresh": "Refresh", "events": "Events", "build": "Build", "actions": "Actions", "nemesis": "Nemesis",
          "production": "Production", "scoring": "Scoring"}


def pct(x: float) -> str:
    return f"{100 * x:.0f}%"


class Namer:
    """Names for what the table shows at the moment of asking."""

    def __init__(self, cat, view, decision):
        self.cat, self.view, self.decision = cat, view, decision
        on_table = {c.id for c in view.legions + view.hordes}
        on_table.update(view.quest_offer, view.market, view.events_revealed, view.druids)
        for p in view.players:
            on_table.update(c.id for c in p.feats + p.items + p.quests)
        self.on_table = on_table

    def option(self, oid: str) -> str:
        return next((o.label for o in self.decision.options if o.id == oid), oid)

    def hex(self, hid: str) -> str:
        h = self.view.hexes.get(hid)
        if h is None:
            return hid
        if not h.explored or h.tile is None:
            return f"{hid} (face down)"
        return f"{hid} {self.cat.hexes[h.tile].name}"

    def card(self, cid, kind: str = "card") -> str:
        if cid in self.on_table:
            return self.cat.names.get(cid, cid)
        return {"legion": "a new Legion", "horde": "a new Horde", "quest": "a Quest"}.get(kind, "a card")

    def side(self, who) -> str:
        if who in ("empire", "chaos"):
            return {"empire": "the Empire", "chaos": "Chaos"}[who]
        if who in self.cat.factions:
            return self.cat.factions[who].name
        return self.card(who, self._kind(who))

    def _kind(self, cid) -> str:
        if cid in self.cat.legions:
            return "legion"
        if cid in self.cat.hordes:
            return "horde"
        return "quest" if cid in self.cat.quests else "card"

    def when(self, chapter: int, phase: str) -> str:
        name = f"{PHASES.get(phase, phase)} Phase"
        if chapter == self.view.chapter:
            return f"in this Chapter's {name}"
        if chapter == self.view.chapter + 1:
            return f"in the next Chapter's {name}"
        return f"in Chapter {chapter}'s {name}"


def _shares(line) -> tuple[Counter, dict[tuple, Counter]]:
    counts: Counter = Counter()
    details: dict[tuple, Counter] = {}
    for o in line.outcomes.values():
        keys = set()
        for h in o.happened:
            keys.add(h.key)
            details.setdefault(h.key, Counter())[h.detail] += 1
        counts.update(keys)
    return counts, details


def _happening(key, mine: float, theirs: float, detail, namer: Namer, other: str, actor: str):
    """(kind, text) for one happening's difference, or None."""
    what = key[0]
    by, chapter, phase = detail
    when = namer.when(chapter, phase)
    odds = f"{pct(mine)} of plays, against {pct(theirs)} with {other}"
    more = mine > theirs
    if what == "haven_built":
        whose = "a Haven" if key[2] == actor else f"{namer.side(key[2])}'s Haven"
        return ("gain", f"builds {whose} on {namer.hex(key[1])} ({odds})") if more else \
            ("risk", f"fewer Havens built on {namer.hex(key[1])} ({odds})")
    if what == "haven_lost":
        whose = namer.side(key[2])
        known = by and by not in ("overrun", "razed", "curse", "effect")
        if more:
            agent = f" by {namer.side(by)}" if known else ""
            return "risk", f"{whose}'s Haven on {namer.hex(key[1])} is lost{agent} {when} ({odds})"
        return "answer", f"saves {whose}'s Haven on {namer.hex(key[1])} from {namer.side(by) if known else 'being lost'} " \
                         f"{when} (lost in {odds})"
    if what == "curse":
        agent = f" by {namer.side(by)}" if by else ""
        if more:
            return "risk", f"{namer.hex(key[1])} is Cursed{agent} {when} ({odds})"
        return "answer", f"keeps {namer.hex(key[1])} free of the Curse{agent} {when} (Cursed in {odds})"
    if what == "curse_lifted":
        return ("gain", f"lifts the Curse on {namer.hex(key[1])} ({odds})") if more else None
    if what == "horde_formed":
        if more:
            return "risk", f"the Skeletons on {namer.hex(key[1])} become a Horde {when} ({odds})"
        return "answer", f"stops the Skeletons on {namer.hex(key[1])} becoming a Horde {when} (formed in {odds})"
    if what == "killed":
        card = namer.card(key[1], namer._kind(key[1]))
        if by in namer.cat.factions:
            return ("gain", f"{namer.side(by)} destroys {card} ({odds})") if more else \
                ("risk", f"{card} survives more often (destroyed in {odds})")
        return None
    if what == "quest":
        quest = namer.card(key[1], "quest")
        if key[2] == "solves":
            return ("gain", f"solves {quest} ({odds})") if more else None
        return ("risk", f"fails {quest} ({odds})") if more else None
    if what == "capital_fell":
        return ("gain", f"the Capital falls ({odds})") if more else None
    return None


def points(d: float) -> str:
    """A difference of chances in whole points, signed ("+5", "-3"), and "0" for one that rounds
    to nothing (not "-0")."""
    v = round(100 * d)
    return f"{v:+d}" if v else "0"


def reasons_for(line, other, namer: Namer, world, horizon: str) -> list[tuple[str, str, float]]:
    """(kind, text, weight) reasons for `line` against `other` (None: nothing to compare); the
    rollouts went to `horizon` ("chapter" or "game")."""
    view = namer.view
    horizon = "the end of the game" if horizon == "game" or view.chapter == view.chapters \
        else "the end of the Chapter"
    out: list[tuple[str, str, float]] = []
    if other is None:
        out.append(("search", f"wins {pct(line.win)} of {line.n} plays to {horizon}", 1.0))
        return out + _fight(line.option, world)
    d, se, n = line.versus(other)
    oname = f"“{namer.option(other.option)}”"  # the other choice, quoted: its label may be a name
    out.append(("search", f"wins {pct(line.win)} of {line.n} plays to {horizon}, against {pct(other.win)} "
                          f"with {oname} (paired difference {points(d)} ± {100 * floor_se(se, n):.0f} points)"
                if n > 1 else f"wins {pct(line.win)} of {line.n} plays to {horizon}", abs(d)))
    mine, mdet = _shares(line)
    theirs, tdet = _shares(other)
    said = []
    for key in set(mine) | set(theirs):
        a, b = mine[key] / max(1, line.n), theirs[key] / max(1, other.n)
        if abs(a - b) < SHARE:
            continue
        det = (mdet if a >= b else tdet)[key].most_common(1)[0][0]
        got = _happening(key, a, b, det, namer, oname, namer.decision.actor)
        if got is not None:
            said.append((got[0], got[1], abs(a - b)))
    said.sort(key=lambda r: (-r[2], r[1]))
    out.extend(said[:MOST])
    out.extend(_vp(line, other, namer, oname))
    return out + _fight(line.option, world)


def kept_reason(pick, others, namer: "Namer") -> list[tuple[str, str, float]]:
    """Why the pick stands where another option shows a higher chance: the search plays another
    option than the heuristic's only when it wins by more than the noise of the paired plays
    (search.choose); said with that lead and its standard error, from the same figures."""
    out = []
    for other in others:
        if round(other.win, 6) <= round(pick.win, 6):
            continue
        d, se, n = other.versus(pick)
        noise = floor_se(se, n)
        out.append(("search", f"kept over “{namer.option(other.option)}” ({pct(other.win)} against {pct(pick.win)}): "
                              f"its lead, {points(d)} ± {100 * noise:.0f} points over {n} paired plays, is within "
                              f"the noise, so the plan stands", abs(d)))
    return out[:1]


def same_reason(alike, namer: "Namer") -> list[tuple[str, str, float]]:
    """The options that ended exactly as this one (the same win, margin and VP for every side) in
    every world both were played in, so the search played them no further (search.Search._race)."""
    if not alike:
        return []
    names = [f"“{namer.option(ln.option)}”" for ln in alike]
    plays = min(ln.n for ln in alike)
    if len(names) == 1:
        return [("same", f"{names[0]} ended exactly as this in each of its {plays} plays (every side's VP the "
                         f"same), so it was played no further", 0.0)]
    listed = ", ".join(names[:-1]) + " and " + names[-1]
    return [("same", f"{listed} ended exactly as this in every play they had ({plays} or more each, every "
                     f"side's VP the same), so they were played no further", 0.0)]


def _mean_vp(line) -> Counter:
    total: Counter = Counter()
    for o in line.outcomes.values():
        for who, vp in o.vp:
            total[who] += vp
    return Counter({k: v / max(1, line.n) for k, v in total.items()})


def _vp(line, other, namer: Namer, oname: str) -> list[tuple[str, str, float]]:
    a, b = _mean_vp(line), _mean_vp(other)
    out = []
    for who in [namer.decision.actor, "empire", "chaos"]:
        diff = a[who] - b[who]
        if abs(diff) < VP_STEP:
            continue
        good = diff > 0 if who not in ("empire", "chaos") else diff < 0
        word = "more" if diff > 0 else "fewer"
        out.append(("gain" if good else "risk",
                    f"{namer.side(who)} ends with {abs(diff):.1f} VP {word} than with {oname}", abs(diff) / 10))
    return out


def _fight(option: str, world) -> list[tuple[str, str, float]]:
    from ...engine.odds import OddsError, odds  # (the exact odds load when a reason needs them)
    from ...engine.odds.quest import QuestOdds  # (with them)
    try:
        got = odds(world, option)
    except (OddsError, ValueError):
        return []
    if got is None:
        return []
    if isinstance(got, QuestOdds):  # a Quest option: the chance to solve it (engine/odds/quest.py)
        return [("quest", f"the Quest: {got.summary()} (exact odds)", got.success)]
    return [("fight", f"the fight: {got.summary()} (exact odds{', assumed force' if got.assumed_force else ''})",
             got.win)]
