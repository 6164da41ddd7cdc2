"""1,040 mutated saves and content files each end in a clear message or a valid load, never a
traceback, a hang or a runaway: tools/fuzz_files.py, run in-process (and a few cases in
subprocesses with their address space capped). Larger runs: `python tools/fuzz_files.py`."""
from __future__ import annotations

import importlib.util
import sys
import threading

import pytest

from .content_fixtures import ROOT

spec = importlib.util.spec_from_file_location("fuzz_files", ROOT / "tools" / "fuzz_files.py")
fuzz = importlib.util.module_from_spec(spec)
sys.modules.setdefault("fuzz_files", fuzz)  # its dataclasses look their module up
spec.loader.exec_module(fuzz)

SAVE_CHUNKS, SAVE_CASES = 8, 100  # 800 saves (about 10 ms each)
CONTENT_CHUNKS, CONTENT_CASES = 4, 60  # 240 content directories (a whole content check each: about 60 ms)


def _check(report, cases, least_rejected):
    assert len(report.outcomes) == cases
    failures = "\n".join(f"{o.case}: {o.why[:3000]}" for o in report.failures[:5])
    assert not report.failures, failures
    # the mutations bite: most files are refused (with a message), not waved through
    assert report.rejected() >= least_rejected * cases, report.summary()


def test_the_watchdog_runs_here():
    assert threading.current_thread() is threading.main_thread()  # else the time bound is off


@pytest.mark.parametrize("chunk", range(SAVE_CHUNKS))
def test_mutated_saves(tmp_path, chunk):
    _check(fuzz.run_cases("save", SAVE_CASES, seed=1000 + chunk, work=tmp_path), SAVE_CASES, 0.85)


@pytest.mark.parametrize("chunk", range(CONTENT_CHUNKS))
def test_mutated_content(tmp_path, chunk):
    _check(fuzz.run_cases("content", CONTENT_CASES, seed=2000 + chunk, work=tmp_path), CONTENT_CASES, 0.75)


def test_mutations_that_grow_files_stay_within_the_memory_bound():
    report = fuzz.memory_cases(4, seed=3000)
    assert not report.failures, "\n".join(f"{o.case}: {o.why[:3000]}" for o in report.failures)


def test_the_judge_catches_a_traceback_and_a_bare_exit():
    assert fuzz.judge("save", None, "", "", "Traceback (most recent call last): ...").startswith("exception escaped")
    assert fuzz.judge("save", 2, "", "Traceback (most recent call last):\n", "") == "a traceback was printed"
    assert fuzz.judge("save", 1, "", "something broke\n", "") == "exit 1 with 'something broke\\n'"
    assert fuzz.judge("content", 1, "not json", "", "").startswith("content check printed no JSON")
    assert fuzz.judge("content", 1, '{"problems": []}', "", "") == "empty problems"
    assert fuzz.judge("save", 2, "", "uprising: error: x.json: not valid JSON\n", "") == ""


def test_the_watchdog_stops_a_hang():
    import time
    with pytest.raises(fuzz.CaseTimeout):
        with fuzz.watchdog(0.2):
            time.sleep(5)
