"""`pip install .` ships the content: build a wheel from a copy of the source, install it into a fresh
virtual environment outside the repository, and run `uprising content check`, a simulated game and
`uprising log` from there.

To stay quick and offline, the fresh environment gets the wheel alone (``--no-deps``) and borrows
the test environment's third-party packages through a ``.pth`` line (it names a directory, so
the test environment's editable install of this project is not seen). About 10 s on a quiet
machine; deselect with ``-m "not slow"``.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile

import pytest

from .content_fixtures import CONTENT, ROOT

pytestmark = pytest.mark.slow

IGNORE = shutil.ignore_patterns(".git", ".venv", "*.egg-info", "__pycache__", ".pytest_cache", "build", "dist")


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    base = tmp_path_factory.mktemp("packaging")
    src = base / "src"
    shutil.copytree(ROOT, src, ignore=IGNORE)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--quiet"]
    subprocess.run(pip + ["wheel", "--no-deps", "-w", str(base / "dist"), str(src)], check=True,
                   capture_output=True, timeout=300)
    (wheel,) = (base / "dist").glob("uprising_tui-*.whl")
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    subprocess.run(pip + ["--python", str(python), "install", "--no-deps", str(wheel)], check=True,
                   capture_output=True, timeout=300)
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    with open(os.path.join(site, "_test_deps.pth"), "w") as fh:
        fh.write(sysconfig.get_paths()["purelib"] + "\n")
    run_dir = base / "elsewhere"
    run_dir.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("UPRISING_CONTENT", "PYTHONPATH")}
    env["UPRISING_CACHE_DIR"] = str(base / "cache")

    def uprising(*args, extra_env=None):
        return subprocess.run([str(venv / "bin" / "uprising"), *args], cwd=run_dir, capture_output=True,
                              text=True, timeout=120, env=env | (extra_env or {}))
    return {"wheel": wheel, "python": python, "site": site, "run": uprising, "dir": run_dir, "env": env}


def test_the_wheel_holds_every_content_file(installed):
    with zipfile.ZipFile(installed["wheel"]) as zf:
        shipped = {n.rsplit("/", 1)[1] for n in zf.namelist() if n.startswith("uprising_tui/content_data/")}
    assert shipped == {p.name for p in CONTENT.glob("*.yaml")}


def test_the_installed_package_is_the_one_that_runs(installed):
    out = subprocess.run([str(installed["python"]), "-c", "import uprising_tui; print(uprising_tui.__file__)"],
                         cwd=installed["dir"], capture_output=True, text=True, env=installed["env"], check=True)
    assert out.stdout.strip() == os.path.join(installed["site"], "uprising_tui", "__init__.py")


def test_importlib_resources_finds_the_shipped_content(installed):
    code = "from uprising_tui.content.loader import packaged_content_dir as p; print(p())"
    out = subprocess.run([str(installed["python"]), "-c", code], cwd=installed["dir"], capture_output=True,
                         text=True, env=installed["env"], check=True)
    assert out.stdout.strip() == os.path.join(installed["site"], "uprising_tui", "content_data")


def test_content_check_from_the_wheel(installed):
    out = installed["run"]("content", "check", "--json")
    assert "Traceback" not in out.stderr
    s = json.loads(out.stdout)
    assert "problems" not in s
    assert s["source"] == os.path.join(installed["site"], "uprising_tui", "content_data")
    assert s["counts"]["factions"] == 4
    assert out.returncode == (0 if s["ok"] else 1)


def test_a_game_and_its_log_from_the_wheel(installed, tmp_path):
    out = installed["run"]("simulate", "--games", "1", "--factions", "2", "--chapters", "2", "--seed", "3",
                           "--json", "--save-dir", str(tmp_path))
    assert out.returncode == 0, out.stderr
    s = json.loads(out.stdout)
    assert s["finished"] == 1 and s["errors"] == [] and s["save_errors"] == []
    log = installed["run"]("log", str(tmp_path / "game-3.json"), "--tail", "3")
    assert log.returncode == 0, log.stderr
    assert log.stdout.splitlines()[-1].startswith("Verdict: ")


def test_the_environment_variable_still_wins(installed, tmp_path):
    out = installed["run"]("demo", extra_env={"UPRISING_CONTENT": str(tmp_path / "mine")})
    assert out.returncode == 1
    assert out.stderr.splitlines()[1] == (f"  content directory {tmp_path / 'mine'} does not exist "
                                          "(the UPRISING_CONTENT environment variable points there)")
