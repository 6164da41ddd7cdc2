""".ci/run leaves nothing behind, even when it fails: its temporary directory is removed and the
checkout gains no files. (The whole run is CI itself; here `python3` is a stub, so it is quick.)"""
from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from .content_fixtures import ROOT

SCRIPT = ROOT / ".ci" / "run"


def _tree(root):
    skip = {".git", ".venv", "__pycache__", ".pytest_cache"}
    out = set()
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in skip and not d.endswith(".egg-info")]
        out.update(os.path.relpath(os.path.join(dirpath, f), root) for f in filenames)
    return out


@pytest.mark.skipif(shutil.which("bash") is None or shutil.which("tar") is None, reason="needs bash and tar")
@pytest.mark.parametrize("stub, code", [
    ("exit 7", 7),  # fails at once, making the virtual environment
    ('mkdir -p "$3/bin"; printf "#!/bin/sh\\nexit 9\\n" > "$3/bin/pip"; chmod +x "$3/bin/pip"', 9),  # fails in pip
])
def test_ci_run_cleans_up_after_a_failure(tmp_path, stub, code):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "python3").write_text(f"#!/bin/sh\n{stub}\n")
    (bin_dir / "python3").chmod(0o755)
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    before = _tree(ROOT)
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}", TMPDIR=str(tmp))
    out = subprocess.run(["bash", str(SCRIPT)], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == code, out.stderr
    assert list(tmp.iterdir()) == []  # the copy of the source and the venv are gone
    assert _tree(ROOT) == before
