"""What the balance lab prints: the grid table, VP margins, a win-rate plot, the card report."""
from __future__ import annotations

import re
from dataclasses import dataclass

from .run import Cell, GameRecord
from .stats import mean_sd, stratified_diff, wilson

DIFFICULTY_ORDER = ("rebel", "veteran", "nightmare", "apocalypse")
FLAG_POINTS = 0.15
ANSI = re.compile(r"\x1b\[[0-9;]*m")  # a card whose held-vs-not difference is surely beyond ±15 points is flagged


@dataclass(frozen=True)
class CellStats:
    factions: int
    difficulty: str
    games: int
    errors: int
    wins: int
    win_rate: float
    low: float
    high: float
    margin_empire: tuple[float, float]  # lowest player VP - Empire VP: mean, sd
    margin_chaos: tuple[float, float]
    players_vp: tuple[float, float]
    empire_vp: tuple[float, float]
    chaos_vp: tuple[float, float]


def cell_stats(cell: Cell, recs: list[GameRecord]) -> CellStats:
    ok = [r for r in recs if r.error is None]
    wins = sum(r.win for r in ok)
    lo, hi = wilson(wins, len(ok))
    lowest = [min(r.players_vp) for r in ok if r.players_vp]
    return CellStats(
        cell.factions, cell.difficulty, len(ok), len(recs) - len(ok), wins,
        wins / len(ok) if ok else 0.0, lo, hi,
        mean_sd([lw - r.empire for lw, r in zip(lowest, ok)]),
        mean_sd([lw - r.chaos for lw, r in zip(lowest, ok)]),
        mean_sd([v for r in ok for v in r.players_vp]),
        mean_sd([r.empire for r in ok]), mean_sd([r.chaos for r in ok]))


def grid_stats(cells: list[Cell], recs: list[GameRecord]) -> list[CellStats]:
    return [cell_stats(c, [r for r in recs if r.factions == c.factions and r.difficulty == c.difficulty])
            for c in cells]


def monotone(stats: list[CellStats]) -> dict[int, bool]:
    """For each faction count: does the win rate fall strictly from each difficulty to the next?"""
    out: dict[int, bool] = {}
    for f in sorted({s.factions for s in stats}):
        row = sorted((s for s in stats if s.factions == f), key=lambda s: DIFFICULTY_ORDER.index(s.difficulty))
        out[f] = all(a.win_rate > b.win_rate for a, b in zip(row, row[1:]))
    return out


def format_grid(stats: list[CellStats]) -> list[str]:
    head = f"{'factions':>8}  {'difficulty':<10}  {'games':>5}  {'win rate (95% interval)':<24}  " \
           f"{'lowest - Empire':>16}  {'lowest - Chaos':>15}  {'players VP':>11}  {'Empire':>11}  {'Chaos':>11}"
    out = [head, "-" * len(head)]
    for s in stats:
        win = f"{100 * s.win_rate:5.1f}% ({100 * s.low:4.1f}-{100 * s.high:4.1f})"
        out.append(f"{s.factions:>8}  {s.difficulty:<10}  {s.games:>5}  {win:<24}  "
                   f"{s.margin_empire[0]:>+8.1f} ± {s.margin_empire[1]:<5.1f}  "
                   f"{s.margin_chaos[0]:>+7.1f} ± {s.margin_chaos[1]:<5.1f}  "
                   f"{s.players_vp[0]:>5.1f} ± {s.players_vp[1]:<3.0f}  {s.empire_vp[0]:>5.1f} ± {s.empire_vp[1]:<3.0f}  "
                   f"{s.chaos_vp[0]:>5.1f} ± {s.chaos_vp[1]:<3.0f}" + (f"  ({s.errors} errors)" if s.errors else ""))
    mono = monotone(stats)
    if any(len([s for s in stats if s.factions == f]) > 1 for f in mono):
        out.append("")
        for f, ok in mono.items():
            out.append(f"{f} faction(s): win rate {'falls' if ok else 'does NOT fall'} strictly with difficulty")
    return out


def plot(stats: list[CellStats], width: int = 72, height: int = 18) -> str:
    """Win rate by difficulty, one line per faction count, drawn in the terminal (plotext)."""
    import plotext as plt  # imported here: only the lab needs it
    plt.clear_figure()
    plt.plotsize(width, height)
    plt.theme("clear")
    diffs = [d for d in DIFFICULTY_ORDER if any(s.difficulty == d for s in stats)]
    xs = list(range(1, len(diffs) + 1))
    for f in sorted({s.factions for s in stats}):
        by = {s.difficulty: s for s in stats if s.factions == f}
        ys = [100 * by[d].win_rate if d in by else 0.0 for d in diffs]
        plt.plot(xs, ys, label=f"{f} faction{'s' if f > 1 else ''}", marker="braille")
    plt.xticks(xs, diffs)
    plt.ylim(0, 100)
    plt.ylabel("players win %")
    plt.title("Players' win rate by difficulty")
    return ANSI.sub("", plt.build())


# ------------------------------------------------------------------ cards
@dataclass(frozen=True)
class CardStats:
    card: str
    kind: str  # feat / item / quest / legion / horde / event / druid
    games: int  # games where it could appear (its Hero at the table, for a Feat)
    offered: int  # games where it was on offer (player cards) or in play (Nemesis, Events, Druids)
    taken: int  # games where a player took it (player cards)
    uses: int  # times used, in all games
    held_games: int  # games where it was held (player cards) or in play (others)
    held_wins: int
    not_games: int
    not_wins: int
    diff: float  # win rate held - not held, within each cell (see card_stats)
    low: float
    high: float

    @property
    def flagged(self) -> bool:
        return self.low > FLAG_POINTS or self.high < -FLAG_POINTS


def card_kinds(cat) -> dict[str, str]:
    out: dict[str, str] = {}
    for kind, table in (("feat", cat.feats), ("item", cat.items), ("quest", cat.quests), ("legion", cat.legions),
                        ("horde", cat.hordes), ("event", cat.events), ("druid", cat.druids)):
        for cid in table:
            out[cid] = kind
    return out


def card_stats(cat, recs: list[GameRecord]) -> list[CardStats]:
    """Each card's figures. The held-vs-not difference compares games of the same cell
    (faction count and difficulty) only, pooled over the cells (``stratified_diff``): a
    card that exists only from Nightmare up, or only with 4 players, is weighed against
    games of those cells, not against easier ones. The counts shown are over all games."""
    ok = [r for r in recs if r.error is None]
    kinds = card_kinds(cat)
    sets = [(set(r.offered), set(r.taken), set(r.present), set(r.heroes)) for r in ok]
    out: list[CardStats] = []
    for cid, kind in kinds.items():
        player_card = kind in ("feat", "item", "quest")
        hero = cat.feats[cid].hero if kind == "feat" else None
        games = offered = taken = uses = hg = hw = ng = nw = 0
        cells: dict[tuple[int, str], list[int]] = {}  # cell -> [held games, held wins, not, not wins]
        for r, (off, tak, pres, heroes) in zip(ok, sets):
            if hero is not None and hero not in heroes:
                continue  # a Feat exists only in games with its Hero
            games += 1
            uses += r.used.get(cid, 0)
            if player_card:
                offered += cid in off
                taken += cid in tak
                held = cid in tak
            else:
                held = cid in pres
                offered += held
            cell = cells.setdefault((r.factions, r.difficulty), [0, 0, 0, 0])
            if held:
                hg += 1
                hw += r.win
                cell[0] += 1
                cell[1] += r.win
            else:
                ng += 1
                nw += r.win
                cell[2] += 1
                cell[3] += r.win
        d, lo, hi = stratified_diff([(c[1], c[0], c[3], c[2]) for _, c in sorted(cells.items())])
        out.append(CardStats(cid, kind, games, offered, taken, uses, hg, hw, ng, nw, d, lo, hi))
    return out


def format_cards(stats: list[CardStats], cat, only_flagged: bool = False) -> list[str]:
    head = f"{'card':<30} {'kind':<6} {'games':>6} {'offered':>8} {'taken':>6} {'uses':>6}  " \
           f"{'win held':>9} {'win not':>8}  {'difference (95%)':<24}"
    out = [head, "-" * len(head)]
    for s in sorted(stats, key=lambda s: (s.kind, s.card)):
        if only_flagged and not s.flagged:
            continue
        name = cat.names.get(s.card, s.card)[:30]
        held = f"{100 * s.held_wins / s.held_games:5.1f}%" if s.held_games else "    -"
        nott = f"{100 * s.not_wins / s.not_games:5.1f}%" if s.not_games else "    -"
        diff = f"{100 * s.diff:+6.1f} ({100 * s.low:+5.1f}..{100 * s.high:+5.1f})"
        out.append(f"{name:<30} {s.kind:<6} {s.games:>6} {s.offered:>8} {s.taken:>6} {s.uses:>6}  "
                   f"{held:>9} {nott:>8}  {diff:<24}{'  FLAG' if s.flagged else ''}")
    flagged = [s for s in stats if s.flagged]
    out.append(f"{len(flagged)} card(s) with a held-vs-not difference surely beyond ±{100 * FLAG_POINTS:.0f} points")
    return out


# ------------------------------------------------------------------ factions and Heroes
@dataclass(frozen=True)
class SideStats:
    """One faction's (or Hero's) figures at one difficulty, over every game it played there."""
    who: str
    kind: str  # faction / hero
    difficulty: str
    games: int
    wins: int  # games the players won with it at the table
    win_rate: float
    low: float
    high: float
    above: int  # games where that player itself ended above both the Empire and Chaos
    above_rate: float


def side_stats(recs: list[GameRecord]) -> list[SideStats]:
    """Win rates per faction and per Hero at each difficulty (every faction count of the run
    pooled: the lab rotates the factions, so each plays every count). "above" is the player's
    own part of a win: it ended above both Nemeses."""
    tally: dict[tuple[str, str, str], list[int]] = {}
    for r in recs:
        if r.error is not None:
            continue
        for seat, faction in enumerate(r.seats):
            hero = r.heroes[seat] if seat < len(r.heroes) else "?"
            above = r.above[seat] if seat < len(r.above) else False
            for kind, who in (("faction", faction), ("hero", hero)):
                t = tally.setdefault((kind, who, r.difficulty), [0, 0, 0])
                t[0] += 1
                t[1] += r.win
                t[2] += above
    out = []
    for (kind, who, diff), (n, w, a) in sorted(tally.items(), key=lambda kv: (
            DIFFICULTY_ORDER.index(kv[0][2]) if kv[0][2] in DIFFICULTY_ORDER else 9, kv[0][0], kv[0][1])):
        lo, hi = wilson(w, n)
        out.append(SideStats(who, kind, diff, n, w, w / n if n else 0.0, lo, hi, a, a / n if n else 0.0))
    return out


def spread(stats: list[SideStats], kind: str, difficulty: str) -> float:
    """Highest less lowest win rate among the factions (or Heroes) at one difficulty."""
    rates = [s.win_rate for s in stats if s.kind == kind and s.difficulty == difficulty]
    return max(rates) - min(rates) if rates else 0.0


def format_sides(stats: list[SideStats], cat) -> list[str]:
    head = f"{'difficulty':<10}  {'faction / Hero':<22} {'games':>6}  {'win rate (95% interval)':<24}  " \
           f"{'self above both':>15}"
    out = [head, "-" * len(head)]
    for diff in [d for d in DIFFICULTY_ORDER if any(s.difficulty == d for s in stats)]:
        for kind in ("faction", "hero"):
            rows = [s for s in stats if s.kind == kind and s.difficulty == diff]
            for s in rows:
                name = cat.names.get(s.who, s.who)[:22]
                win = f"{100 * s.win_rate:5.1f}% ({100 * s.low:4.1f}-{100 * s.high:4.1f})"
                out.append(f"{diff:<10}  {name:<22} {s.games:>6}  {win:<24}  {100 * s.above_rate:>14.1f}%")
            if rows:
                out.append(f"{diff:<10}  {kind} spread: {100 * spread(stats, kind, diff):.1f} points")
    return out
