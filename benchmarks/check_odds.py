"""The exact odds checked against the engine's own fights: the full run.

    .venv/bin/python benchmarks/check_odds.py                      # every setup, 20,000 fights each
    .venv/bin/python benchmarks/check_odds.py --fights 5000 --only siren --json

For every setup of ``uprising_tui.engine.odds.check.SETUPS`` (Garrison levels 1-3,
Skeletons, every Legion and Horde at two Threats, every terrain, Walls and Towers, the
Capital), the engine plays the fight --fights times with the fight policy answering,
and each figure (win, lose, both wiped, no Unit lost, Units lost, VP, Empire and Chaos
VP) is compared with the exact odds: the table shows exact, engine mean, standard error
and the distance in standard errors. Exits 1 when a figure is more than --limit (3)
standard errors off. The CI runs a few setups with fewer fights (tests/test_odds_check.py).
"""
from __future__ import annotations

import argparse
import json
import sys
import time

from uprising_tui.engine.odds import fight_odds
from uprising_tui.engine.odds.check import FIGURES, SETUPS, compare, prepare, sample

SHORT = {"win": "win", "lose": "lose", "both_wiped": "both", "no_loss": "no loss", "units_lost": "lost",
         "vp_gained": "VP", "empire_vp": "Emp VP", "chaos_vp": "Chaos VP"}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fights", type=int, default=20_000, help="engine fights per setup (default 20000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--limit", type=float, default=3.0, help="standard errors allowed (default 3)")
    ap.add_argument("--only", nargs="*", default=[], metavar="TEXT", help="setups whose name contains TEXT")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out, worst = [], 0.0
    started = time.perf_counter()
    for s in SETUPS:
        if args.only and not any(t in s.name for t in args.only):
            continue
        prep = prepare(s)
        exact = fight_odds(prep.game.cat, prep.spec)
        rows = compare(exact, sample(s, args.fights, seed=args.seed, prep=prep))
        worst = max([worst] + [abs(r.z) for r in rows])
        out.append({"setup": s.name, "notes": list(exact.notes),
                    "figures": [{"figure": r.figure, "exact": r.exact, "engine": r.mean, "se": r.se, "z": r.z}
                                for r in rows]})
        if not args.json:
            cells = "  ".join(f"{SHORT[r.figure]} {r.exact:.3f}/{r.mean:.3f} ({r.z:+.1f})" for r in rows)
            flag = "  <-- off" if any(abs(r.z) > args.limit for r in rows) else ""
            print(f"{s.name:<40} {cells}{flag}", flush=True)
    ok = worst <= args.limit
    if args.json:
        print(json.dumps({"fights": args.fights, "seed": args.seed, "limit": args.limit, "worst_z": worst,
                          "ok": ok, "setups": out}, indent=2))
    else:
        print(f"\n{len(out)} setups, {args.fights} fights each; figures are exact/engine (standard errors apart); "
              f"worst {worst:.2f} SE: {'all within' if ok else 'NOT within'} {args.limit:g} SE "
              f"({time.perf_counter() - started:.0f}s)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
