"""Op mutation check: does every card have a test that notices when its effect does nothing?

    .venv/bin/python tools/mutate_ops.py                      # every op, every card kind
    .venv/bin/python tools/mutate_ops.py --ops add_dice,reroll --kinds feat --jobs 2
    .venv/bin/python tools/mutate_ops.py --json               # the same result as JSON

For each effect op in turn the tool breaks its handler (``engine.effects.HANDLERS[op]``
becomes a function that returns without acting) and runs the card tests under
``tests/cards/`` that belong to the cards whose effects use that op. A card test is
named ``test_<card_id>`` or ``test_<card_id>__<aspect>``; a card is *caught* when at
least one of its tests fails under the mutation, *missed* otherwise (a card with no
test at all is missed too). Cards are every Feat, Item, Quest, Druid, Event, Legion and
Horde; an op counts as used by a card wherever it appears in the card (effect, goal
rewards, solve, fail, immediate, ongoing, Godpower, destroyed effect).

First a baseline run checks the selected tests pass unmutated (a test failing there
proves nothing). Each op runs in its own pytest subprocess (``-p no:cacheprovider -q``),
``--jobs`` of them at once; once a card has a failing test its other tests are skipped. Prints a table (op, cards using it, caught, missed) and
the missed cards; exits 1 if any card is missed, a baseline test fails or a run
breaks, 0 otherwise.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

KINDS = ("feat", "item", "quest", "druid", "event", "legion", "horde")
TABLES = {"feat": "feats", "item": "items", "quest": "quests", "druid": "druids", "event": "events",
          "legion": "legions", "horde": "hordes"}
RUN_TIMEOUT = 900  # seconds for one pytest run; a mutation that hangs the tests counts as a broken run


# ----------------------------------------------------------------------------- cards and their ops
def ops_in(obj, out: set[str] | None = None) -> set[str]:
    """Every op name inside a content record (walked field by field, lists and mappings included)."""
    from uprising_tui.content.ops import Op
    from uprising_tui.content.record import Record
    out = set() if out is None else out
    if isinstance(obj, Op):
        out.add(obj.op)
    if isinstance(obj, Record):
        for name in type(obj).__fields__:
            ops_in(getattr(obj, name), out)
    elif isinstance(obj, (list, tuple)):
        for x in obj:
            ops_in(x, out)
    elif isinstance(obj, dict):
        for x in obj.values():
            ops_in(x, out)
    return out


def card_ops(cat, kinds=KINDS) -> dict[tuple[str, str], frozenset[str]]:
    """(kind, card id) -> the ops its effects use, for every card of the given kinds."""
    out = {}
    for kind in kinds:
        for cid, card in getattr(cat, TABLES[kind]).items():
            out[(kind, cid)] = frozenset(ops_in(card))
    return out


def card_of_test(nodeid: str) -> str:
    """The card id a test names: test_<card_id> or test_<card_id>__<aspect> (parameters dropped)."""
    name = nodeid.rsplit("::", 1)[-1].split("[", 1)[0]
    name = name[len("test_"):] if name.startswith("test_") else name
    return name.split("__", 1)[0]


# ----------------------------------------------------------------------------- running pytest
def collect(tests: str) -> list[str]:
    """Node ids of every test under `tests` (one pytest --collect-only run)."""
    proc = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", tests],
                          cwd=ROOT, capture_output=True, text=True, timeout=RUN_TIMEOUT)
    ids = [line.strip() for line in proc.stdout.splitlines() if "::" in line]
    if proc.returncode not in (0, 5) or (proc.returncode == 0 and not ids):
        raise SystemExit(f"mutate_ops: collecting {tests} failed:\n{proc.stdout[-3000:]}{proc.stderr[-3000:]}")
    return ids


def run_tests(op: str | None, nodeids: list[str]) -> dict:
    """Run `nodeids` in a fresh pytest process with `op`'s handler broken (None: unmutated).
    Returns {"failed": [...], "passed": n, "error": str | None, "seconds": s}."""
    if not nodeids:
        return {"failed": [], "passed": 0, "error": None, "seconds": 0.0}
    with tempfile.TemporaryDirectory(prefix="mutate_ops_") as tmp:
        ids_file, out_file = Path(tmp, "ids.txt"), Path(tmp, "out.json")
        ids_file.write_text("\n".join(nodeids))
        cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", op or "-", "--ids", str(ids_file),
               "--out", str(out_file)]
        t0 = time.perf_counter()
        try:
            proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=RUN_TIMEOUT)
        except subprocess.TimeoutExpired:
            return {"failed": [], "passed": 0, "error": f"timed out after {RUN_TIMEOUT}s", "seconds": RUN_TIMEOUT}
        seconds = time.perf_counter() - t0
        if not out_file.exists():
            return {"failed": [], "passed": 0, "seconds": seconds,
                    "error": f"pytest did not finish (exit {proc.returncode}): {(proc.stdout + proc.stderr)[-2000:]}"}
        got = json.loads(out_file.read_text())
        missing = set(nodeids) - set(got["failed"]) - set(got["passed"]) - set(got.get("skipped", ()))
        err = None
        if missing:
            err = f"{len(missing)} test(s) did not run, e.g. {sorted(missing)[0]}"
        return {"failed": got["failed"], "passed": len(got["passed"]), "error": err, "seconds": seconds}


def worker(op: str, ids_file: str, out_file: str) -> int:
    """In the subprocess: break `op` (unless '-') and run the listed tests, recording outcomes."""
    import pytest

    if op != "-":
        from uprising_tui.engine.ops import executor as effects
        if op not in effects.HANDLERS:
            raise SystemExit(f"mutate_ops: unknown op {op!r}")

        def broken(ctx, op_model, src):
            return None  # the mutation: the op does nothing
        effects.HANDLERS[op] = broken
    nodeids = [x for x in Path(ids_file).read_text().splitlines() if x]

    class Recorder:
        """Records each test's outcome; under a mutation, once a card has a failing test its
        other tests are skipped (one failure is all the check needs)."""
        def __init__(self, skip_caught: bool):
            self.failed: set[str] = set()
            self.passed: set[str] = set()
            self.skipped: set[str] = set()
            self.caught: set[str] = set()
            self.skip_caught = skip_caught

        def pytest_runtest_setup(self, item):
            if self.skip_caught and card_of_test(item.nodeid) in self.caught:
                self.skipped.add(item.nodeid)
                pytest.skip("its card is already caught")

        def pytest_runtest_logreport(self, report):
            if report.failed:
                self.failed.add(report.nodeid)
                self.passed.discard(report.nodeid)
                self.caught.add(card_of_test(report.nodeid))
            elif report.when == "call" and report.passed and report.nodeid not in self.failed:
                self.passed.add(report.nodeid)

    rec = Recorder(skip_caught=op != "-")
    pytest.main(["-q", "-p", "no:cacheprovider", "-p", "no:randomly", "--no-header", "-o", "addopts=",
                 "--tb=no", *nodeids], plugins=[rec])
    Path(out_file).write_text(json.dumps({"failed": sorted(rec.failed), "passed": sorted(rec.passed),
                                          "skipped": sorted(rec.skipped)}))
    return 0


# ----------------------------------------------------------------------------- the check
def check(ops: list[str] | None, kinds: tuple[str, ...], tests: str, jobs: int, log=print) -> dict:
    from uprising_tui.content.loader import default_catalog
    from uprising_tui.engine.ops.executor import HANDLERS

    cat = default_catalog()
    uses = card_ops(cat, kinds)
    all_ops = sorted(HANDLERS)
    if ops:
        unknown = sorted(set(ops) - set(all_ops))
        if unknown:
            raise SystemExit(f"mutate_ops: unknown op(s) {', '.join(unknown)}; known: {', '.join(all_ops)}")
    chosen = sorted(ops) if ops else all_ops
    by_card: dict[str, list[str]] = {}
    for nodeid in collect(tests):
        by_card.setdefault(card_of_test(nodeid), []).append(nodeid)

    def tests_of(key) -> list[str]:
        return by_card.get(key[1], [])

    users = {op: sorted(k for k, used in uses.items() if op in used) for op in chosen}
    wanted = sorted({t for op in chosen for k in users[op] for t in tests_of(k)})
    log(f"mutate_ops: {len(chosen)} op(s), {len({k for op in chosen for k in users[op]})} card(s), "
        f"{len(wanted)} test(s); baseline run ...")
    base = run_tests(None, wanted)
    broken_base = set(base["failed"])
    problems = []
    if base["error"]:
        problems.append(f"baseline: {base['error']}")
    if broken_base:
        problems.append(f"baseline: {len(broken_base)} test(s) fail unmutated: {', '.join(sorted(broken_base)[:10])}")

    def one(op: str) -> tuple[str, dict]:
        ids = sorted({t for k in users[op] for t in tests_of(k)} - broken_base)
        return op, run_tests(op, ids)

    rows = []
    busy = sorted((op for op in chosen if users[op]),  # the longest runs first, so the workers end together
                  key=lambda op: -len({t for k in users[op] for t in tests_of(k)}))
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        for op, res in pool.map(one, busy):
            failed = set(res["failed"])
            caught = [k for k in users[op] if any(t in failed for t in tests_of(k))]
            missed = [k for k in users[op] if k not in caught]
            rows.append({"op": op, "cards": len(users[op]), "caught": len(caught),
                         "missed": [f"{kind}:{cid}" for kind, cid in missed],
                         "untested": [f"{kind}:{cid}" for kind, cid in missed if not tests_of((kind, cid))],
                         "tests": len(res["failed"]) + res["passed"], "seconds": round(res["seconds"], 1),
                         "error": res["error"]})
            if res["error"]:
                problems.append(f"{op}: {res['error']}")
            log(f"  {op:<24} {len(caught)}/{len(users[op])} caught ({res['seconds']:.1f}s)")
    for op in chosen:
        if not users[op]:
            rows.append({"op": op, "cards": 0, "caught": 0, "missed": [], "untested": [], "tests": 0,
                         "seconds": 0.0, "error": None})
    rows.sort(key=lambda r: r["op"])
    return {"kinds": list(kinds), "tests_dir": tests, "rows": rows, "problems": problems,
            "baseline_failed": sorted(broken_base),
            "missed": sum(len(r["missed"]) for r in rows), "cards": sum(r["cards"] for r in rows)}


def table(result: dict) -> str:
    lines = [f"{'op':<24} {'cards':>5} {'caught':>6} {'missed':>6}", "-" * 44]
    for r in result["rows"]:
        lines.append(f"{r['op']:<24} {r['cards']:>5} {r['caught']:>6} {len(r['missed']):>6}")
    lines.append("-" * 44)
    total_caught = sum(r["caught"] for r in result["rows"])
    lines.append(f"{'all (card, op) pairs':<24} {result['cards']:>5} {total_caught:>6} {result['missed']:>6}")
    for r in result["rows"]:
        if r["missed"]:
            untested = set(r["untested"])
            names = [m + (" (no test)" if m in untested else "") for m in r["missed"]]
            lines.append(f"missed under {r['op']}: {', '.join(names)}")
    for p in result["problems"]:
        lines.append(f"problem: {p}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ops", help="comma-separated ops to break (default: every op)")
    ap.add_argument("--kinds", default=",".join(KINDS), help=f"comma-separated card kinds (default: {','.join(KINDS)})")
    ap.add_argument("--tests", default="tests/cards", help="where the card tests are (default: tests/cards)")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1), help="pytest runs at once")
    ap.add_argument("--json", action="store_true", help="print the result as JSON")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--ids", help=argparse.SUPPRESS)
    ap.add_argument("--out", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        return worker(args.worker, args.ids, args.out)
    kinds = tuple(k.strip() for k in args.kinds.split(",") if k.strip())
    bad = [k for k in kinds if k not in KINDS]
    if bad:
        ap.error(f"unknown card kind(s) {', '.join(bad)}; use {', '.join(KINDS)}")
    ops = [o.strip() for o in args.ops.split(",") if o.strip()] if args.ops else None
    t0 = time.perf_counter()
    result = check(ops, kinds, args.tests, args.jobs, log=(lambda *a: None) if args.json else
                   (lambda msg: print(msg, file=sys.stderr)))
    result["seconds"] = round(time.perf_counter() - t0, 1)
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        print(table(result))
        print(f"{result['seconds']}s")
    return 1 if (result["missed"] or result["problems"]) else 0


if __name__ == "__main__":
    sys.exit(main())
