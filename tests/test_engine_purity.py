"""The engine package never imports textual or rich, and does no I/O of its own."""
import ast
import pathlib
import subprocess
import sys

ENGINE = pathlib.Path(__file__).resolve().parents[1] / "uprising_tui" / "engine"


def test_engine_sources_do_not_import_ui_libraries():
    offenders = []
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for n in names:
                if n.split(".")[0] in ("textual", "rich"):
                    offenders.append(f"{path.name}: {n}")
    assert not offenders, offenders


def test_importing_and_playing_the_engine_loads_no_ui_library():
    code = (
        "import sys, random\n"
        "from uprising_tui.engine import Game, Setup\n"
        "g = Game(Setup(factions=['krowh'], chapters=2, seed=3)).start()\n"
        "r = random.Random(1)\n"
        "while g.decision: g.answer(r.choice(g.decision.options).id)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_engine_uses_no_global_randomness_or_clock():
    banned = ("random.random(", "random.choice(", "random.shuffle(", "random.randint(", "time.time(", "datetime.now(")
    for path in ENGINE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for b in banned:
            assert b not in text, f"{path.name} uses {b}"
