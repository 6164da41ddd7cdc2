"""The exact odds unchanged: every figure of every setup of ``engine/odds/check.py``'s SETUPS,
this tree's against another commit's (or a file written before), in one run.

    .venv/bin/python benchmarks/odds_figures.py                    # this tree against main
    .venv/bin/python benchmarks/odds_figures.py --compare c5d32cb --tol 1e-12
    .venv/bin/python benchmarks/odds_figures.py --dump /tmp/now.json
    .venv/bin/python benchmarks/odds_figures.py --against /tmp/before.json

Each setup is solved cold (``library.forget`` first), as ``bench_odds.py`` times it. A figure is
every number of ``FightOdds.to_dict()`` (the endings, Units, VP, Havens, each fight's line); the
notes and the summary line must be equal as text. Prints the largest difference and where, and
exits 1 when one is above --tol (default 1e-12) or a text differs. The old tree is taken with
``git archive`` and run in a child process with the same Python.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


LEGIONS = ("assassin", "courtesan", "executioner", "imperial_guard", "new_emperor", "spymaster", "warlock")
HORDES = ("banished", "bloodwyrm", "counter_of_omens", "coven_of_yssat", "false_messiah", "lich_queen", "siren")
DRUIDS = ("deep_dweller", "treemother", "silence", "faceless_one")
DUER = (("younglings", 2), ("spearsingers", 2), ("oathsworn", 1))


def extra_specs() -> dict:
    """Fights beyond the setups, for what they do not vary: the Capital with other forces, Garrisons,
    decks and Targets; Skeletons with other Horde decks, a card at the bottom, a small reserve."""
    from uprising_tui.engine.odds import FightSpec
    cap = dict(capital=True, legion_pool=LEGIONS, legion_count=5, druids=DRUIDS)
    return {
        "x: Capital, Garrison 1, 2 Koloths": FightSpec(units=(("koloth", 2),), garrisons=1, **cap),
        "x: Capital, 3 Legions in the deck": FightSpec(units=DUER, garrisons=2, **dict(cap, legion_count=3)),
        "x: Capital, empty deck": FightSpec(units=DUER, legions=(("butcher", 2),), **dict(cap, legion_count=0)),
        "x: Capital, Targets taken, Threat 5": FightSpec(units=(("oathsworn", 2), ("younglings", 1)), garrisons=1,
                                                         new_target_here=True, event_threat=5, **cap),
        "x: Capital, four Legions, two to come": FightSpec(
            units=(("swordsisters", 2), ("rangers", 1)), legions=(("spymaster", 2),),
            **dict(cap, legion_pool=("courtesan", "executioner", "new_emperor", "warlock"), legion_count=2)),
        "x: Capital, no Druids, Threat 1": FightSpec(units=DUER, garrisons=3, event_threat=1,
                                                     **dict(cap, druids=())),
        "x: Skeletons, Horde deck of two": FightSpec(units=DUER, skeletons=2, horde_pool=("siren", "counter_of_omens"),
                                                     horde_count=2, druids=DRUIDS),
        "x: Skeletons, the Banished at the bottom": FightSpec(
            units=(("tribesmen", 3), ("vargs", 1)), skeletons=2, horde_pool=("siren", "lich_queen", "coven_of_yssat"),
            horde_count=3, horde_bottom=("banished",), returned=("banished",), druids=DRUIDS),
        "x: Skeletons, reserve of 1": FightSpec(units=DUER, skeletons=2, horde_pool=HORDES, horde_count=5,
                                               skeleton_reserve=1, druids=DRUIDS),
        "x: Skeleton + Counter of Omens, Haven": FightSpec(
            units=(("sellswords", 2), ("hunters", 1)), skeletons=1, hordes=(("counter_of_omens", 4),), haven=True,
            wall=True, horde_pool=HORDES[:4], horde_count=3, druids=DRUIDS),
    }


def figures(only=()) -> dict:
    """{setup name: its FightOdds as a dict}, each solved cold: the setups, then ``extra_specs``."""
    from uprising_tui.content.loader import default_catalog
    from uprising_tui.engine.odds import fight_odds
    from uprising_tui.engine.odds.check import SETUPS, prepare
    from uprising_tui.engine.odds.library import forget
    out = {}
    for s in SETUPS:
        if only and not any(t in s.name for t in only):
            continue
        prep = prepare(s)
        forget(prep.game.cat)
        out[s.name] = fight_odds(prep.game.cat, prep.spec).to_dict()
    cat = default_catalog()
    for name, spec in extra_specs().items():
        if only and not any(t in name for t in only):
            continue
        forget(cat)
        out[name] = fight_odds(cat, spec).to_dict()
    return out


def export(rev: str, dest: Path) -> Path:
    """The tree of `rev` in `dest` (git archive: no .git, nothing untracked)."""
    dest.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)
    return dest


def run_in(tree: Path, script: str, args: list[str]) -> str:
    """Run `script` (this tree's file) with the package and content of `tree`; its stdout."""
    env = dict(os.environ, PYTHONPATH=str(tree), UPRISING_CONTENT=str(tree / "content"))
    out = subprocess.run([sys.executable, script, *args], cwd=tree, env=env, capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"{tree}: {script} failed:\n{out.stdout}\n{out.stderr}")
    return out.stdout


def _walk(a, b, path: str, diffs: list, texts: list) -> None:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                texts.append(f"{path}.{k}: only in {'the old' if k in a else 'this'} tree")
            else:
                _walk(a[k], b[k], f"{path}.{k}", diffs, texts)
    elif isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            texts.append(f"{path}: {len(a)} items against {len(b)}")
        for i, (x, y) in enumerate(zip(a, b)):
            _walk(x, y, f"{path}[{i}]", diffs, texts)
    elif isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        diffs.append((abs(a - b), path, a, b))
    elif a != b:
        texts.append(f"{path}: {a!r} against {b!r}")


def compare(old: dict, new: dict, tol: float) -> int:
    diffs: list = []
    texts: list = []
    _walk(old, new, "", diffs, texts)
    worst = max(diffs, default=(0.0, "", 0, 0))
    over = [d for d in diffs if d[0] > tol]
    print(f"{len(old)} setups, {len(diffs)} figures compared; largest difference {worst[0]:.3g}"
          + (f" ({worst[1]}: {worst[2]!r} against {worst[3]!r})" if worst[0] else ""))
    for d in sorted(over, reverse=True)[:20]:
        print(f"  over {tol:g}: {d[1]}: {d[2]!r} against {d[3]!r}")
    for t in texts[:20]:
        print(f"  differs: {t}")
    ok = not over and not texts
    print(f"equal within {tol:g}" if ok else f"NOT equal within {tol:g}")
    return 0 if ok else 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--compare", default="main", metavar="REV", help="the commit to compare with (default main)")
    ap.add_argument("--against", metavar="FILE", help="compare with a file --dump wrote instead")
    ap.add_argument("--dump", metavar="FILE", help="write this tree's figures (JSON) and stop")
    ap.add_argument("--tol", type=float, default=1e-12, help="largest difference allowed (default 1e-12)")
    ap.add_argument("--only", nargs="*", default=[], metavar="TEXT", help="setups whose name contains TEXT")
    args = ap.parse_args()
    if args.dump:
        Path(args.dump).write_text(json.dumps(figures(args.only), indent=1))
        return 0
    if args.against:
        old = json.loads(Path(args.against).read_text())
    else:
        with tempfile.TemporaryDirectory() as tmp:
            tree = export(args.compare, Path(tmp) / "old")
            dump = Path(tmp) / "old.json"
            run_in(tree, __file__, ["--dump", str(dump)] + (["--only", *args.only] if args.only else []))
            old = json.loads(dump.read_text())
    new = figures(args.only)
    if args.only:
        old = {k: v for k, v in old.items() if k in new}
    return compare(old, new, args.tol)


if __name__ == "__main__":
    sys.exit(main())
