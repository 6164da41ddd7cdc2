"""The package's imports: no loop anywhere, and an import inside a function only where it must be,
saying why.

An import loop hides which module stands on which, and an import inside a function (or at the foot
of a file) was how loops were kept alive. Every import counts here: at the top of a module, under
``if TYPE_CHECKING:``, inside a function, and a module named to ``importlib.import_module``. Where
the rules call back into rules that import them (the effect executor into the op handlers and the
Capital rule, every Decision into the ALWAYS menu), the upper module hands itself to the lower
when the engine is imported (``effects.HANDLERS``/``AFTER``, ``context.offer_always``) instead.

An import inside a function must be one of the few that must be (start-up: a command-line verb,
pydantic, numpy, a screen imported when it is opened), with a comment on its line or the line
above that says why. The rules core (the engine but the exact odds and the tests' scenarios)
imports at the top of each file only.
"""
from __future__ import annotations

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "uprising_tui"
ENGINE = PACKAGE / "engine"
OUTSIDE_CORE = ("odds", "scenario.py")
# folders whose imports inside functions are another engineer's this round, and why
LEFT = {
    "uprising_tui/tui/": "the client's part of issue 24 (its own round)",
    "uprising_tui/engine/odds/": "the odds' own rework (numpy, loaded when odds are asked)",
}


def _modules() -> dict[str, tuple[pathlib.Path, ast.Module]]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = (path, ast.parse(path.read_text(encoding="utf-8")))
    return out


def _resolve(name: str, modules) -> str | None:
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def _imports(name: str, path: pathlib.Path, tree: ast.Module, modules) -> set[str]:
    """Every module of the package that `name` imports, wherever in the file."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    out: set[str] = set()
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.ImportFrom):
            base = ".".join(package[: len(package) - (node.level - 1)]) if node.level else ""
            module = ".".join(x for x in (base, node.module or "") if x)
            targets = [f"{module}.{a.name}" if f"{module}.{a.name}" in modules else module for a in node.names]
        elif isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif (isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) == "import_module"
              and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            targets = [node.args[0].value]
        for t in targets:
            got = _resolve(t, modules)
            if got is not None and got != name:
                out.add(got)
    return out


def test_the_package_imports_without_a_loop():
    modules = _modules()
    edges = {m: _imports(m, path, tree, modules) for m, (path, tree) in modules.items()}
    loops, state = [], {}  # state: 1 on the current path, 2 done

    def visit(m: str, path: list[str]) -> None:
        state[m] = 1
        for n in sorted(edges[m]):
            if state.get(n) == 1:
                loops.append(" -> ".join(path[path.index(n):] + [n]))
            elif n not in state:
                visit(n, path + [n])
        state[m] = 2

    for m in sorted(modules):
        if m not in state:
            visit(m, [m])
    assert loops == []


def _inside_functions(tree: ast.Module):
    seen = set()
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(fn):
                if isinstance(node, (ast.Import, ast.ImportFrom)) and node.lineno not in seen:
                    seen.add(node.lineno)
                    yield fn.name, node


def test_an_import_inside_a_function_says_why():
    unsaid = []
    for path, tree in _modules().values():
        rel = path.relative_to(ROOT).as_posix()
        if any(rel.startswith(folder) for folder in LEFT):
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        for fn, node in _inside_functions(tree):
            said = "#" in lines[node.lineno - 1] or lines[node.lineno - 2].strip().startswith("#")
            if not said:
                unsaid.append(f"{rel}:{node.lineno} {fn}: {ast.unparse(node)}")
    assert unsaid == []


def test_the_rules_core_imports_at_the_top():
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        rel = path.relative_to(ENGINE)
        if rel.parts[0] in OUTSIDE_CORE:
            continue
        for fn, node in _inside_functions(ast.parse(path.read_text(encoding="utf-8"))):
            found.append(f"{rel}:{node.lineno} {fn}: {ast.unparse(node)}")
    assert found == []


def test_a_planted_loop_is_caught(tmp_path):
    """The loop check sees a loop through a type-only import and one inside a function."""
    modules = {"uprising_tui.a": None, "uprising_tui.b": None}
    a = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import X\n")
    b = ast.parse("def f():\n    from . import a\n")
    assert _imports("uprising_tui.a", pathlib.Path("a.py"), a, modules) == {"uprising_tui.b"}
    assert _imports("uprising_tui.b", pathlib.Path("b.py"), b, modules) == {"uprising_tui.a"}
