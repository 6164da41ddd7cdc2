"""Fuzz the files users hand us: mutated saves and content files must each end in a clear message.

    .venv/bin/python tools/fuzz_files.py                        # 2000 cases, half saves, half content
    .venv/bin/python tools/fuzz_files.py --kind save --cases 20000 --seed 7
    .venv/bin/python tools/fuzz_files.py --memory-cases 50      # also 50 cases in capped subprocesses

Each case takes a real file (a save of a played game, or one of the content files), applies one
to three mutations (bits flipped, bytes replaced, the file cut, a slice deleted or duplicated,
lines duplicated or swapped, values nested thousands deep, numbers and strings blown up, a BOM,
bad UTF-8, NULs, YAML anchors and tags, JSON types changed) and runs the command line on it,
in-process: ``uprising log SAVE`` or ``uprising content check --json --content DIR``. A case
passes when

* no exception escapes ``main()`` (that would be a traceback);
* the exit code is 0 (the mutation left a valid file) or the error is reported as the CLI
  reports errors: one ``uprising: error: ...`` line for a save, a JSON object with ``problems``
  for content; no message longer than a few KiB;
* it ends within :data:`TIME_BOUND` seconds (a watchdog alarm, to catch hangs);
* in the ``--memory-cases`` sample, run in a subprocess whose address space is capped at
  :data:`MEMORY_BOUND`, it also ends cleanly (no MemoryError, no traceback).

``tests/test_fuzz_files.py`` runs 1,000+ cases in CI through :func:`run_cases`.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"
TIME_BOUND = 30.0  # seconds per case: far above any real case; catches hangs, not slowness
MEMORY_BOUND = 512 << 20  # bytes of address space for a subprocess case (a run needs under 256 MiB)
MAX_MESSAGE = 8_000  # characters of error output a case may print


# ------------------------------------------------------------------ mutations
def _pos(rng: random.Random, data: bytes) -> int:
    return rng.randrange(len(data) + 1)


def flip_bits(rng, data, kind):
    b = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        if b:
            i = rng.randrange(len(b))
            b[i] ^= 1 << rng.randrange(8)
    return bytes(b)


SPECIAL = [b"\x00", b"\xff", b"\n", b'"', b"{", b"}", b"[", b"]", b":", b"-", b",", b"'", b"\t", b"&", b"*",
           b"!", b"#", b"|", b">", b"%", b"@", b"`", b"\\", b"\xc3", b"\xe2\x80", b" "]


def replace_bytes(rng, data, kind):
    b = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        if b:
            i = rng.randrange(len(b))
            new = rng.choice(SPECIAL) if rng.random() < 0.7 else bytes([rng.randrange(256)])
            b[i:i + 1] = new
    return bytes(b)


def truncate(rng, data, kind):
    return data[:_pos(rng, data)]


def cut_slice(rng, data, kind):
    i = _pos(rng, data)
    return data[:i] + data[i + rng.randint(1, 400):]


def duplicate_slice(rng, data, kind):
    i = _pos(rng, data)
    j = min(len(data), i + rng.randint(1, 2000))
    k = _pos(rng, data)
    return data[:k] + data[i:j] + data[k:]


def _lines(data):
    return data.split(b"\n")


def duplicate_line(rng, data, kind):
    lines = _lines(data)
    i = rng.randrange(len(lines))
    lines.insert(i + rng.choice([0, 1, rng.randint(1, 5)]), lines[i])
    return b"\n".join(lines)


def swap_lines(rng, data, kind):
    lines = _lines(data)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return b"\n".join(lines)


def nest(rng, data, kind):
    depth = rng.choice([5, 17, 70, 1000, 20_000])
    i = _pos(rng, data)
    if kind == "content" and rng.random() < 0.4:
        return data[:i] + b"\n" + b"- " * depth + b"x\n" + data[i:]
    open_, close = (b"[", b"]") if rng.random() < 0.5 else (b'{"k":', b"}")
    if kind == "content" and open_ != b"[":
        open_ = b"{k: "
    j = rng.randint(i, len(data))
    return data[:i] + open_ * depth + data[i:j] + close * depth + data[j:]


def huge_number(rng, data, kind):
    digits = [i for i, c in enumerate(data) if 48 <= c <= 57]
    if not digits:
        return data
    i = rng.choice(digits)
    big = rng.choice([b"9" * 25, b"7" * 5000, b"-" + b"1" * 30, b"1e999", b"0x" + b"f" * 40, b"1" * 19])
    return data[:i] + big + data[i + 1:]


def huge_string(rng, data, kind):
    i = _pos(rng, data)
    n = rng.choice([300, 5000, 200_000, 3_000_000])
    return data[:i] + rng.choice([b"x", b"\xc3\xa9", b"a b "]) * n + data[i:]


def encoding(rng, data, kind):
    choice = rng.randrange(4)
    if choice == 0:
        return b"\xef\xbb\xbf" + data
    i = _pos(rng, data)
    if choice == 1:
        return data[:i] + rng.choice([b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80"]) + data[i:]
    if choice == 2:
        return data[:i] + b"\x00" * rng.randint(1, 3) + data[i:]
    return data.decode("utf-8", "replace").encode("utf-16")


YAML_BITS = [b"&a ", b"*a", b"<<: *a\n", b"!!python/object:os.system ", b"!!binary x", b"? [1, 2]\n: 3\n",
             b"\t", b"--- \n", b"...\n", b"%YAML 1.1\n", b"!!timestamp 2024-02-31 ", b"!!float .nan ", b"~",
             b"on", b"null", b"[]", b"{}", b"''", b"!custom "]
JSON_SWAPS = [(b'"version": 1', b'"version": "1"'), (b'"version": 1', b'"version": 1.5'),
              (b'"answers": [', b'"answers": {"a": ['), (b'"setup": {', b'"setup": [{'),
              (b'"factions": [', b'"factions": [1, '), (b'"seed": ', b'"seed": -'),
              (b'"format": "uprising-tui-save"', b'"format": null'), (b'"chapters": ', b'"chapters": 1'),
              (b"true", b"null"), (b"false", b"0"), (b'"', b"'")]


def syntax(rng, data, kind):
    if kind == "content":
        i = _pos(rng, data)
        return data[:i] + rng.choice(YAML_BITS) + data[i:]
    old, new = rng.choice(JSON_SWAPS)
    if old not in data:
        return data + new
    return data.replace(old, new, 1)


MUTATORS = [flip_bits, replace_bytes, truncate, cut_slice, duplicate_slice, duplicate_line, swap_lines,
            nest, huge_number, huge_string, encoding, syntax]


def mutate(rng: random.Random, data: bytes, kind: str) -> tuple[bytes, list[str]]:
    names = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        fn = rng.choice(MUTATORS)
        data = fn(rng, data, kind)
        names.append(fn.__name__)
    return data, names


# ------------------------------------------------------------------ the files
def make_saves(where: Path) -> list[Path]:
    """Real saves: a finished solo game, a 2-faction game in progress, a 4-faction opening."""
    from uprising_tui.engine import Game, Setup

    out = []
    for name, setup, steps in (("finished", Setup(factions=["krowh"], chapters=2, seed=4), 10 ** 6),
                               ("midgame", Setup(factions=["druwhn", "mohyar"], chapters=2, seed=8), 120),
                               ("opening", Setup(factions=["druwhn", "duerkhar", "krowh", "mohyar"], seed=2), 15)):
        g = Game(setup).start()
        r = random.Random(setup.seed)
        for _ in range(steps):
            if g.decision is None:
                break
            g.answer(r.choice(g.decision.options).id)
        p = where / f"{name}.json"
        g.save_to(p)
        out.append(p)
    return out


# ------------------------------------------------------------------ running one case
class CaseTimeout(BaseException):
    """The watchdog fired: the case ran past TIME_BOUND."""


@contextlib.contextmanager
def watchdog(seconds: float):
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield  # pragma: no cover - alarms need POSIX and the main thread
        return

    def fire(signum, frame):
        raise CaseTimeout(f"no result after {seconds} s")

    old = signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@dataclass
class Outcome:
    case: str
    code: int | None
    ok: bool
    why: str = ""
    seconds: float = 0.0
    rejected: bool = False  # the file was refused with a message (not: still valid)


def run_cli(argv: list[str]) -> tuple[int | None, str, str, str]:
    """main(argv) in-process: (exit code, stdout, stderr, escaped exception's traceback)."""
    from uprising_tui.cli import main

    out, err = io.StringIO(), io.StringIO()
    code, tb = None, ""
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 2
        except Exception:  # noqa: BLE001 - exactly what the fuzzer looks for
            tb = traceback.format_exc()
    return code, out.getvalue(), err.getvalue(), tb


def judge(kind: str, code, out: str, err: str, tb: str) -> str:
    """Why the outcome is wrong, or '' when it is right."""
    if tb:
        return "exception escaped main():\n" + tb
    if "Traceback" in out + err:
        return "a traceback was printed"
    if len(err) > MAX_MESSAGE or (code != 0 and len(out) > MAX_MESSAGE * 20):
        return f"a message of {len(err):,} + {len(out):,} characters"
    if kind == "save":
        if code == 0:
            return "" if out.rstrip().splitlines()[-1:] and ("Verdict" in out or "game in progress" in out) \
                else "exit 0 without a log"
        if code != 2 or not err.startswith("uprising: error: ") or len(err.splitlines()) != 1:
            return f"exit {code} with {err[:300]!r}"
        return ""
    try:
        data = json.loads(out)
    except ValueError:
        return f"content check printed no JSON: {out[:300]!r} / {err[:300]!r}"
    if code == 0:
        return "" if data.get("ok") is True else "exit 0 but not ok"
    if code != 1:
        return f"content check exit {code}"
    if "problems" in data:
        return "" if data["problems"] and all(isinstance(p, str) for p in data["problems"]) else "empty problems"
    return "" if data.get("ok") is False and "box" in data else "exit 1 without problems or shortness"


def save_case(rng: random.Random, saves: list[Path], work: Path, n: int) -> Outcome:
    src = rng.choice(saves)
    data, names = mutate(rng, src.read_bytes(), "save")
    path = work / f"case-{n}.json"
    path.write_bytes(data)
    t0 = time.perf_counter()
    try:
        with watchdog(TIME_BOUND):
            code, out, err, tb = run_cli(["log", str(path)])
        why = judge("save", code, out, err, tb)
    except CaseTimeout as exc:
        code, why = None, str(exc)
    finally:
        path.unlink()
    return Outcome(f"save {src.name} {'+'.join(names)}", code, not why, why, time.perf_counter() - t0,
                   rejected=code != 0)


def content_case(rng: random.Random, content: Path, n: int) -> Outcome:
    files = sorted(content.glob("*.yaml"))
    target = rng.choice(files)
    original = target.read_bytes()
    data, names = mutate(rng, original, "content")
    target.write_bytes(data)
    t0 = time.perf_counter()
    try:
        with watchdog(TIME_BOUND):
            code, out, err, tb = run_cli(["content", "check", "--json", "--content", str(content)])
        why = judge("content", code, out, err, tb)
    except CaseTimeout as exc:
        code, out, why = None, "", str(exc)
    finally:
        target.write_bytes(original)
    return Outcome(f"content {target.name} {'+'.join(names)}", code, not why, why, time.perf_counter() - t0,
                   rejected='"problems"' in out)


@dataclass
class Report:
    outcomes: list[Outcome] = field(default_factory=list)

    @property
    def failures(self) -> list[Outcome]:
        return [o for o in self.outcomes if not o.ok]

    def rejected(self) -> int:
        return sum(1 for o in self.outcomes if o.ok and o.rejected)

    def summary(self) -> str:
        n = len(self.outcomes)
        slowest = max((o.seconds for o in self.outcomes), default=0.0)
        valid = sum(1 for o in self.outcomes if o.ok and not o.rejected)
        return (f"{n} cases: {n - len(self.failures)} passed, {len(self.failures)} failed; "
                f"{self.rejected()} rejected with a message, {valid} still valid; slowest {slowest:.2f} s")


def run_cases(kind: str, cases: int, seed: int, work: Path | None = None) -> Report:
    """``cases`` in-process cases of one kind ('save' or 'content'), reproducible from ``seed``."""
    rng = random.Random(seed)
    report = Report()
    with tempfile.TemporaryDirectory(prefix="fuzz-", dir=work) as tmp:
        tmp_path = Path(tmp)
        if kind == "save":
            saves = make_saves(tmp_path)
            for n in range(cases):
                report.outcomes.append(save_case(rng, saves, tmp_path, n))
        else:
            content = tmp_path / "content"
            shutil.copytree(CONTENT, content)
            for n in range(cases):
                report.outcomes.append(content_case(rng, content, n))
    return report


# ------------------------------------------------------------------ the memory bound
CHILD = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
from uprising_tui.cli import main
sys.exit(main({argv!r}))
"""


def run_capped(argv: list[str], limit: int = MEMORY_BOUND, timeout: float = TIME_BOUND * 4) -> tuple[int, str, str]:
    """The CLI in a subprocess whose address space is capped; (exit code, stdout, stderr)."""
    env = dict(os.environ, UPRISING_CACHE_DIR=os.environ.get("UPRISING_CACHE_DIR", "off"))
    out = subprocess.run([sys.executable, "-c", CHILD.format(limit=limit, argv=argv)], capture_output=True,
                         text=True, timeout=timeout, env=env)
    return out.returncode, out.stdout, out.stderr


def memory_cases(cases: int, seed: int) -> Report:
    """Cases of both kinds in capped subprocesses, biased to the mutations that grow things."""
    rng = random.Random(seed)
    report = Report()
    with tempfile.TemporaryDirectory(prefix="fuzz-mem-") as tmp:
        tmp_path = Path(tmp)
        saves = make_saves(tmp_path)
        content = tmp_path / "content"
        shutil.copytree(CONTENT, content)
        for n in range(cases):
            grow = rng.choice([huge_string, nest, duplicate_slice, huge_number])
            if n % 2 == 0:
                src = rng.choice(saves)
                path = tmp_path / f"mem-{n}.json"
                path.write_bytes(grow(rng, src.read_bytes(), "save"))
                argv, kind, restore = ["log", str(path)], "save", None
            else:
                target = rng.choice(sorted(content.glob("*.yaml")))
                restore = (target, target.read_bytes())
                target.write_bytes(grow(rng, restore[1], "content"))
                argv, kind = ["content", "check", "--json", "--content", str(content)], "content"
            t0 = time.perf_counter()
            try:
                code, out, err = run_capped(argv)
                why = "MemoryError" if "MemoryError" in err else judge(kind, code, out, err, "")
            except subprocess.TimeoutExpired:
                code, out, why = None, "", "timed out"
            if restore:
                restore[0].write_bytes(restore[1])
            report.outcomes.append(Outcome(f"{kind} {grow.__name__} (capped)", code, not why, why,
                                           time.perf_counter() - t0,
                                           rejected=code != 0 if kind == "save" else '"problems"' in out))
    return report


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=2000, help="cases in all (default 2000)")
    ap.add_argument("--kind", choices=("save", "content", "both"), default="both")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--memory-cases", type=int, default=0, help="cases in capped subprocesses (default 0)")
    args = ap.parse_args()
    kinds = ["save", "content"] if args.kind == "both" else [args.kind]
    failed = 0
    for i, kind in enumerate(kinds):
        if args.cases <= 0:
            break
        t0 = time.perf_counter()
        report = run_cases(kind, args.cases // len(kinds), args.seed + i)
        print(f"{kind}: {report.summary()} ({time.perf_counter() - t0:.1f} s)")
        for o in report.failures[:20]:
            print(f"  FAILED {o.case}: {o.why.strip()[:2000]}")
        failed += len(report.failures)
    if args.memory_cases:
        report = memory_cases(args.memory_cases, args.seed)
        print(f"memory ({MEMORY_BOUND >> 20} MiB address space): {report.summary()}")
        for o in report.failures[:20]:
            print(f"  FAILED {o.case}: {o.why.strip()[:2000]}")
        failed += len(report.failures)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
