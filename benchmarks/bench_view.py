"""Public view benchmark: reading the whole public view vs reading the same fields from the state.

    .venv/bin/python benchmarks/bench_view.py                  # 8 four-faction games, heuristic bots
    .venv/bin/python benchmarks/bench_view.py --games 20 --factions 2 --json

The games are played once with the heuristic bot (its time is not counted); then each game is
replayed from its answers and, after every answer, two readers run side by side:

* view:  ``game.public_view()`` (the game's projection: the events since the last call applied,
  hexes rebuilt only where events touched them) and a read of every field of it: every hex, player, Legion, Horde, deck count, pile,
  reserve, Graveyard, the combat in progress;
* state: the same information read straight from ``game.state`` (what a client would have to
  do without the view: a hex's terrain from its tile, its impassable edges from the board,
  which Heros stand on it, counts of decks, ...), reading, building nothing;
* stored: a stricter baseline, only the attributes stored on the state (nothing derived).

It also times a fresh build (``Projection.of_table``: the whole view read from the state on every
call, as the first version of ``public_view()`` did) and a projection of the client's own
(``Projection.apply`` of each new event and ``view()``), which the client runs on every event. It prints the total of each and the ratio view / state (the
target is at most 3x). Figures taken while other work runs are noisy; the ratio is steadier.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uprising_tui import sim  # noqa: E402
from uprising_tui.engine import Game  # noqa: E402
from uprising_tui.engine.game import default_catalog  # noqa: E402
from uprising_tui.engine.face.projection import Projection  # noqa: E402

TARGET_RATIO = 3.0


def read_view(v) -> int:
    """Touch every field of a public view; returns a count so nothing is optimised away."""
    n = 0
    for hv in v.hexes.values():
        (hid, q, r, role, region, explored, tile, terrain, rotation, blocked, sea, units, owner, heroes,
         garrisons, skeletons, legions, hordes, curse, haven, wall, tower, fallen) = hv
        for _u, c in units:
            n += c
        n += len(heroes) + len(blocked) + garrisons + skeletons + len(legions) + len(hordes)
    for p in v.players:
        (faction, hero, seat, hero_hex, salt, plunder, food, ap, vp, might, magic, leadership, guile, feats, items,
         quests, feat_deck, reserve, removed, havens, passed) = p
        for cid, up in feats + items + quests:
            n += up
        for _u, c in reserve + removed:
            n += c
    for c in v.legions + v.hordes:
        cid, kind, threat, hex_, tokens, target, tfaction = c
        n += threat + tokens
    n += (v.chapter + v.chapters + v.vp_empire + v.vp_chaos + v.legion_deck + v.horde_deck + v.item_deck
          + v.quest_deck + v.events_to_come + v.event_threat + v.skeleton_reserve + v.curse_reserve + v.walls_left
          + v.towers_left + v.tokens_left + len(v.phase) + len(v.difficulty) + len(v.first_player))
    n += (v.turn is None) + (v.event is None) + (v.verdict is None)
    for pile in (v.events_revealed, v.market, v.item_discard, v.quest_offer, v.quest_discard, v.druids):
        n += len(pile)
    n += sum(v.garrison_reserve)
    for _o, _p, c in v.graveyard_empire + v.graveyard_chaos:
        n += c
    c = v.combat
    if c is not None:
        n += c.id + c.round + len(c.part) + len(c.step or "") + len(c.hex) + len(c.terrain)
        for s in (c.a, c.b):
            kind, owner, card, dice, extra, cancelled, broken, spent = s
            n += len(dice) + sum(extra) + sum(cancelled) + broken + spent
    return n


def read_state(g) -> int:
    """The same information, read from the state (nothing hidden is used: face-down hexes
    show no tile or terrain, decks are counted)."""
    st, cat, board = g.state, g.cat, g.board
    n = 0
    heroes: dict[str, list[str]] = {}
    for p in st.seat_order():
        heroes.setdefault(p.hero_hex, []).append(p.faction)
    hexes_cat = cat.hexes
    walls = towers = 0
    for h in st.hexes.values():
        hid, q, r, role, region, explored = h.id, h.q, h.r, h.role, h.region, h.explored
        if explored:
            tile, rotation = h.tile, h.rotation
            terrain = "curse" if h.curse else hexes_cat[tile].terrain
        else:
            tile, rotation, terrain = None, 0, ("curse" if h.curse else None)
        blocked = board.blocked_edges(h)
        sea = board.is_sea_tower(hid)
        for _u, c in h.units.items():
            n += c
        owner, here = h.owner, heroes.get(hid, ())
        garrisons, skeletons, legions, hordes = len(h.garrisons), h.skeletons, h.legions, h.hordes
        curse, haven, wall, tower, fallen = h.curse, h.haven, h.wall, h.tower, h.capital_fallen
        walls += wall
        towers += tower
        n += len(here) + len(blocked) + garrisons + skeletons + len(legions) + len(hordes)
    for p in st.players:
        (faction, hero, seat, hero_hex, salt, plunder, food, ap, vp, might, magic, leadership, guile) = (
            p.faction, p.hero, p.seat, p.hero_hex, p.salt, p.plunder, p.food, p.ap, p.vp, p.might, p.magic,
            p.leadership, p.guile)
        for c in p.feats + p.items + p.quests:
            n += c.face_up
        feat_deck, havens, passed = len(p.feat_deck), p.havens_in_supply, p.passed
        for _u, c in p.reserve.items():
            n += c
        for _u, c in p.removed_units.items():
            n += c
    tokens = 0
    for c in list(st.legions.values()) + list(st.hordes.values()):
        cid, kind, threat, hex_, target, tfaction = c.id, c.kind, c.threat, c.hex, c.target, c.target_faction
        tokens += c.tokens
        n += threat + c.tokens + cat.nemesis(cid).initiative
    revealed = st.events[:st.events_revealed]
    n += (st.chapter + st.chapters + st.vp_empire + st.vp_chaos + len(st.legion_deck) + len(st.horde_deck)
          + len(st.item_deck) + len(st.quest_deck) + len(st.events) - len(revealed) + st.event_threat
          + st.skeleton_reserve + st.curse_reserve + walls + towers + tokens + len(st.phase) + len(g.setup.difficulty)
          + len(st.first.faction))
    n += (st.turn is None) + (st.verdict is None)
    for pile in (revealed, st.market, st.item_discard, st.quest_offer, st.quest_discard, st.druids):
        n += len(pile)
    return n + _reserves_and_combat(g)


def _reserves_and_combat(g) -> int:
    """What both raw-state readers read alike: the Garrison reserve, the Graveyards, the combat."""
    st = g.state
    n = sum(st.garrison_reserve)
    for gy in (st.graveyard_empire, st.graveyard_chaos):
        for box in gy.values():
            for c in box.values():
                n += c
    c = g.ctx.combat
    if c is not None:
        n += c.id + c.round + len(c.part) + len(c.step or "") + len(c.hid) + len(c.terrain)
        for s in (c.a, c.b):
            n += len(s.dice) + sum(s.extra.values()) + sum(s.cancelled.values()) + s.shields_broken + s.bolts_spent
    return n


def read_stored(g) -> int:
    """A lower bound: only the attributes stored on the state, nothing derived (no terrain from
    the tile, no impassable edges, no Heros per hex, no initiative order), nothing hidden read."""
    st = g.state
    n = 0
    for h in st.hexes.values():
        hid, q, r, role, region, explored, tile, rotation = h.id, h.q, h.r, h.role, h.region, h.explored, h.tile, \
            h.rotation
        for _u, c in h.units.items():
            n += c
        owner, garrisons, skeletons, legions, hordes = h.owner, len(h.garrisons), h.skeletons, h.legions, h.hordes
        curse, haven, wall, tower, fallen = h.curse, h.haven, h.wall, h.tower, h.capital_fallen
        n += garrisons + skeletons + len(legions) + len(hordes)
    for p in st.players:
        (faction, hero, seat, hero_hex, salt, plunder, food, ap, vp, might, magic, leadership, guile) = (
            p.faction, p.hero, p.seat, p.hero_hex, p.salt, p.plunder, p.food, p.ap, p.vp, p.might, p.magic,
            p.leadership, p.guile)
        for c in p.feats + p.items + p.quests:
            n += c.face_up
        feat_deck, havens, passed = len(p.feat_deck), p.havens_in_supply, p.passed
        for _u, c in p.reserve.items():
            n += c
        for _u, c in p.removed_units.items():
            n += c
    for c in list(st.legions.values()) + list(st.hordes.values()):
        cid, kind, threat, hex_, target, tfaction = c.id, c.kind, c.threat, c.hex, c.target, c.target_faction
        n += threat + c.tokens
    n += (st.chapter + st.chapters + st.vp_empire + st.vp_chaos + len(st.legion_deck) + len(st.horde_deck)
          + len(st.item_deck) + len(st.quest_deck) + st.events_revealed + st.event_threat + st.skeleton_reserve
          + st.curse_reserve + st.first_player + len(st.phase))
    n += (st.turn is None) + (st.verdict is None)
    for pile in (st.market, st.item_discard, st.quest_offer, st.quest_discard, st.druids):
        n += len(pile)
    return n + _reserves_and_combat(g)


def bench(factions: int, games: int, seed: int) -> dict:
    cfg = sim.SimConfig(factions=factions, chapters=4, seed=seed, bot="heuristic")
    recorded = []
    for i in range(games):
        res, g = sim.play_game(cfg.setup(seed + i), "heuristic")
        if g is not None and res.ok:
            recorded.append((g.setup, list(g.answers)))
    t_view = t_state = t_proj = t_fresh = t_stored = 0.0
    answers = events = 0
    clock = time.process_time  # CPU time of this process: a busy machine pre-empting it adds nothing
    for setup, script in recorded:
        g = Game(setup).start()
        proj = Projection(g.cat)
        seen = 0
        for a in [None] + script:
            if a is not None:
                g.answer(a)
                answers += 1
            t0 = clock()
            read_view(g.public_view())
            t1 = clock()
            read_state(g)
            t2 = clock()
            log = g.log
            for e in log[seen:]:
                proj.apply(e)
            proj.view()
            t3 = clock()
            read_view(Projection.of_table(g.cat, g.state, g.board, g.ctx.combat, setup.difficulty).view())
            t4 = clock()
            read_stored(g)
            t5 = clock()
            t_fresh += t4 - t3
            t_stored += t5 - t4
            events += len(log) - seen
            seen = len(log)
            t_view += t1 - t0
            t_state += t2 - t1
            t_proj += t3 - t2
    return {"factions": factions, "games": len(recorded), "answers": answers, "events": events,
            "view_us_per_answer": round(1e6 * t_view / answers, 1),
            "state_us_per_answer": round(1e6 * t_state / answers, 1),
            "ratio": round(t_view / t_state, 2),
            "stored_us_per_answer": round(1e6 * t_stored / answers, 1),
            "stored_ratio": round(t_view / t_stored, 2),
            "fresh_us_per_answer": round(1e6 * t_fresh / answers, 1),
            "fresh_ratio": round(t_fresh / t_state, 2),
            "projection_us_per_answer": round(1e6 * t_proj / answers, 1),
            "projection_us_per_event": round(1e6 * t_proj / events, 2)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--factions", type=int, nargs="+", default=[4], choices=[1, 2, 3, 4])
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    default_catalog()
    rows = [bench(f, args.games, args.seed) for f in args.factions]
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    print(f"{args.games} heuristic games per row (seeds {args.seed}..), replayed; after every answer:")
    head = ("factions", "answers", "view µs", "state µs", "view/state", "stored µs", "view/stored",
            "fresh build µs", "fresh/state", "projection µs", "µs/event")
    print("  ".join(f"{h:>13}" for h in head))
    for r in rows:
        cells = (r["factions"], r["answers"], r["view_us_per_answer"], r["state_us_per_answer"], f"{r['ratio']}x",
                 r["stored_us_per_answer"], f"{r['stored_ratio']}x", r["fresh_us_per_answer"], f"{r['fresh_ratio']}x", r["projection_us_per_answer"],
                 r["projection_us_per_event"])
        print("  ".join(f"{c!s:>13}" for c in cells))
    worst = max(r["ratio"] for r in rows)
    strict = max(r["stored_ratio"] for r in rows)
    print(f"\nreading the public view costs {worst}x reading the same information from the state, "
          f"{strict}x reading only the attributes stored there "
          f"({'meets' if max(worst, strict) <= TARGET_RATIO else 'MISSES'} the target of at most {TARGET_RATIO:.0f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
