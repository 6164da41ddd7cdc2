"""The balance lab: its interval maths against published worked examples, and a small real run."""
from __future__ import annotations

import json

import pytest

from uprising_tui.balance.report import CellStats, card_stats, format_cards, monotone
from uprising_tui.balance.run import Cell, GameRecord, play_grid, record_game
from uprising_tui.balance.stats import diff_interval, mean_sd, stratified_diff, wilson
from uprising_tui.cli import main
from uprising_tui.content.loader import default_catalog
from uprising_tui.sim import SimConfig


def test_wilson_matches_newcombe_1998():
    # Newcombe (1998), "Two-sided confidence intervals for the single proportion", example 81/263
    lo, hi = wilson(81, 263)
    assert (round(lo, 4), round(hi, 4)) == (0.2553, 0.3662)
    assert wilson(0, 10) == (0.0, pytest.approx(0.2775, abs=1e-4))
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_difference_interval_matches_newcombe_method_10():
    # Newcombe (1998), "Interval estimation for the difference between independent proportions":
    # 56/70 vs 48/80, method 10 gives 0.0524 to 0.3339
    d, lo, hi = diff_interval(56, 70, 48, 80)
    assert (round(d, 4), round(lo, 4), round(hi, 4)) == (0.2, 0.0524, 0.3339)
    assert diff_interval(0, 0, 1, 2) == (0.0, -1.0, 1.0)


def test_mean_sd():
    assert mean_sd([]) == (0.0, 0.0)
    assert mean_sd([4.0]) == (4.0, 0.0)
    m, sd = mean_sd([2.0, 4.0, 6.0])
    assert (m, sd) == (4.0, 2.0)


def _cell(f, d, rate):
    return CellStats(f, d, 100, 0, int(rate * 100), rate, 0, 1, (0, 0), (0, 0), (0, 0), (0, 0), (0, 0))


def test_monotone_needs_a_strict_fall_at_every_step():
    falls = [_cell(1, "rebel", 0.6), _cell(1, "veteran", 0.4), _cell(1, "nightmare", 0.2), _cell(1, "apocalypse", 0.1)]
    flat = [_cell(2, "rebel", 0.6), _cell(2, "veteran", 0.4), _cell(2, "nightmare", 0.4), _cell(2, "apocalypse", 0.1)]
    assert monotone(falls + flat) == {1: True, 2: False}


def test_a_card_is_flagged_only_when_its_interval_clears_15_points():
    cat = default_catalog()
    item = sorted(cat.items)[0]
    # held in 200 games that all win, absent from 200 games that all lose: surely beyond +15
    recs = [GameRecord(1, "rebel", i, win=True, taken=[item], offered=[item], heroes=[]) for i in range(200)]
    recs += [GameRecord(1, "rebel", 1000 + i, win=False, heroes=[]) for i in range(200)]
    stats = {s.card: s for s in card_stats(cat, recs)}
    s = stats[item]
    assert (s.held_games, s.held_wins, s.not_games, s.not_wins) == (200, 200, 200, 0)
    assert s.flagged and s.low > 0.15
    other = stats[sorted(cat.items)[1]]  # never held: no evidence, never flagged
    assert other.held_games == 0 and not other.flagged
    lines = format_cards(list(stats.values()), cat, only_flagged=True)
    assert any(cat.names[item] in line and "FLAG" in line for line in lines)


def test_a_card_of_the_hard_cells_only_is_weighed_within_its_cells():
    """A Nemesis card that comes only at Apocalypse is compared with other Apocalypse games,
    not with Rebel ones: pooled, the difficulty alone would put it 50 points down."""
    cat = default_catalog()
    horde = sorted(cat.hordes)[0]
    recs = [GameRecord(1, "rebel", i, win=i % 5 != 0, heroes=[]) for i in range(200)]  # 80%, never present
    recs += [GameRecord(1, "apocalypse", i, win=i % 20 in (0, 1), present=[horde] if i % 2 else [], heroes=[])
             for i in range(400)]  # 10% either way
    s = next(x for x in card_stats(cat, recs) if x.card == horde)
    assert (s.held_games, s.not_games) == (200, 400)
    assert s.held_wins / s.held_games - s.not_wins / s.not_games < -0.15  # the pooled rates differ a lot
    assert s.diff == pytest.approx(0.0) and s.low < 0 < s.high and not s.flagged


def test_stratified_difference_pools_cells_and_keeps_one_cell_exact():
    assert stratified_diff([(56, 70, 48, 80)]) == diff_interval(56, 70, 48, 80)
    assert stratified_diff([(0, 0, 5, 10), (3, 10, 0, 0)]) == (0.0, -1.0, 1.0)  # no cell has both
    d, lo, hi = stratified_diff([(80, 100, 40, 100), (20, 100, 20, 100)])  # +40 points and 0, equal weights
    assert d == pytest.approx(0.2) and lo < 0.2 < hi
    one = diff_interval(80, 100, 40, 100)
    assert hi - lo < (one[2] - one[1]) * 1.0  # two cells of evidence: narrower than one alone


def test_feats_count_only_games_with_their_hero():
    cat = default_catalog()
    feat = next(f for f in cat.feats.values() if not f.start)
    recs = [GameRecord(1, "rebel", 1, win=True, heroes=[feat.hero]),
            GameRecord(1, "rebel", 2, win=True, heroes=["someone_else"])]
    s = next(x for x in card_stats(cat, recs) if x.card == feat.id)
    assert s.games == 1


def test_record_game_reads_a_real_game():
    rec = record_game(SimConfig(factions=1, chapters=2, difficulty="rebel"), 3)
    assert rec.error is None
    assert len(rec.players_vp) == 1 and rec.decisions > 0
    assert rec.win == (min(rec.players_vp) > max(rec.empire, rec.chaos))
    cat = default_catalog()
    assert set(rec.present) & set(cat.druids) and len(set(rec.present) & set(cat.events)) == 2
    assert set(rec.taken) <= set(rec.offered) | set(cat.feats) | set(cat.quests)


def test_grid_runs_every_cell_with_the_same_seeds():
    cells = [Cell(1, "rebel"), Cell(1, "veteran")]
    recs, _ = play_grid(cells, 2, seed=5, chapters=2)
    assert [(r.difficulty, r.seed) for r in recs] == [("rebel", 5), ("rebel", 6), ("veteran", 5), ("veteran", 6)]


def test_balance_command_json(capsys):
    code = main(["balance", "--games", "1", "--factions", "1", "--difficulty", "rebel", "veteran",
                 "--chapters", "2", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert [(c["factions"], c["difficulty"], c["games"]) for c in out["cells"]] == [(1, "rebel", 1), (1, "veteran", 1)]
    assert len(out["cards"]) == sum(len(t) for t in (default_catalog().feats, default_catalog().items,
                                                     default_catalog().quests, default_catalog().legions,
                                                     default_catalog().hordes, default_catalog().events,
                                                     default_catalog().druids))


def test_balance_command_table_and_plot(capsys):
    code = main(["balance", "--games", "1", "--factions", "1", "--difficulty", "rebel", "veteran",
                 "--chapters", "2", "--cards", "none"])
    out = capsys.readouterr().out
    assert code == 0
    assert "win rate (95% interval)" in out and "Players' win rate by difficulty" in out
    assert "\x1b[" not in out  # no terminal colour codes in the plot


def test_balance_takes_comma_lists_as_well_as_spaced_ones(capsys):
    code = main(["balance", "--games", "1", "--factions", "1,2", "--difficulty", "rebel,veteran", "--cards", "none",
                 "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["config"]["factions"] == [1, 2] and out["config"]["difficulty"] == ["rebel", "veteran"]
    assert [(c["factions"], c["difficulty"]) for c in out["cells"]] == [(1, "rebel"), (1, "veteran"), (2, "rebel"),
                                                                        (2, "veteran")]
    with pytest.raises(SystemExit):
        main(["balance", "--games", "1", "--factions", "1,5"])


def test_the_lab_picks_each_factions_hero_from_the_seed():
    from collections import Counter

    from uprising_tui.balance.run import seeded_factions, seeded_heroes
    from uprising_tui.sim import FACTIONS
    cat = default_catalog()
    factions = list(FACTIONS)
    own = {f: [h.id for h in cat.heroes.values() if h.faction == f] for f in factions}
    assert all(len(hs) == 2 for hs in own.values())
    picks = [tuple(seeded_heroes(cat, factions, s)) for s in range(1, 641)]
    assert picks == [tuple(seeded_heroes(cat, factions, s)) for s in range(1, 641)]  # the same every time
    for i, f in enumerate(factions):  # each Hero of each faction in exactly half the games
        assert Counter(p[i] for p in picks) == {own[f][0]: 320, own[f][1]: 320}
        assert all(cat.heroes[p[i]].faction == f for p in picks)
    assert len(set(picks[:64])) == 16  # every table of Heroes within 64 seeds
    # a real game of the lab is played with the seed's factions and Heroes
    rec = record_game(SimConfig(factions=2, chapters=2, difficulty="rebel"), 3)
    seats = seeded_factions(2, 3)
    assert seats == ["mohyar", "druwhn"]
    assert rec.error is None and rec.seats == seats and rec.heroes == seeded_heroes(cat, seats, 3)
    assert rec.heroes == [own["mohyar"][0], own["druwhn"][0]]
    rec = record_game(SimConfig(factions=2, chapters=2, difficulty="rebel"), 4)
    assert rec.seats == ["druwhn", "duerkhar"] and rec.heroes == [own["druwhn"][1], own["duerkhar"][0]]


def test_the_lab_rotates_factions_and_seats_through_the_cells():
    from collections import Counter

    from uprising_tui.balance.run import seeded_factions
    from uprising_tui.sim import FACTIONS
    for count in (1, 2, 3, 4):
        tables = [seeded_factions(count, s) for s in range(1, 401)]
        plays = Counter(f for t in tables for f in t)
        assert plays == {f: 100 * count for f in FACTIONS}  # every faction equally often
        firsts = Counter(t[0] for t in tables)
        assert firsts == {f: 100 for f in FACTIONS}  # and as often in the first seat
        assert all(len(set(t)) == count for t in tables)
    assert seeded_factions(1, 7, "first") == ["druwhn"] and seeded_factions(3, 7, "first") == list(FACTIONS[:3])


def test_starting_feats_and_druid_uses_count_in_the_card_report():
    rec = next(r for r in (record_game(SimConfig(factions=1, chapters=2, difficulty="rebel"), s) for s in range(1, 30))
               if any(k in default_catalog().druids for k in r.used))
    cat = default_catalog()
    starts = {f for f in cat.heroes[rec.heroes[0]].feats if cat.feats[f].start}
    assert len(starts) == 2 and starts <= set(rec.taken)  # held from the start
    druid = next(k for k in rec.used if k in cat.druids)
    stats = {s.card: s for s in card_stats(cat, [rec])}
    assert stats[druid].uses == rec.used[druid] > 0
    assert all(stats[f].held_games == 1 for f in starts)


def test_attribute_feats_count_as_used_when_they_resolve():
    cat = default_catalog()
    attribute = {f.id for f in cat.feats.values() if [op.op for op in f.effect][:1] == ["gain_attribute"]}
    recs = [record_game(SimConfig(factions=2, chapters=4, difficulty="rebel"), s) for s in range(1, 9)]
    used = {c for r in recs for c in r.used if c in attribute}
    taken = {c for r in recs for c in r.taken if c in attribute}
    assert used and used == taken  # every attribute Feat taken was used: it acts as it comes into play


def test_side_stats_per_faction_and_hero():
    from uprising_tui.balance.report import format_sides, side_stats, spread
    recs = [GameRecord(1, "rebel", i, win=i % 2 == 0, seats=["druwhn"], heroes=["syndra"], above=[i % 2 == 0],
                       players_vp=[1]) for i in range(10)]
    recs += [GameRecord(1, "rebel", i, win=i % 5 == 0, seats=["krowh"], heroes=["khaal"], above=[i % 5 == 0],
                        players_vp=[1]) for i in range(10)]
    stats = side_stats(recs)
    by = {(s.kind, s.who): s for s in stats}
    assert (by["faction", "druwhn"].games, by["faction", "druwhn"].wins) == (10, 5)
    assert (by["hero", "khaal"].games, by["hero", "khaal"].wins, by["hero", "khaal"].above) == (10, 2, 2)
    assert spread(stats, "faction", "rebel") == pytest.approx(0.3)
    lines = format_sides(stats, default_catalog())
    assert any("faction spread: 30.0 points" in line for line in lines)
