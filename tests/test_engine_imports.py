"""The rules core's imports: at the top of each file, and without loops.

An import inside a function hides which module needs which, and was how import loops were kept
alive (docs/engine.md, "Where the rules live"). The rules core (the engine package but the exact
odds, which load numpy when asked, and scenario.py, the tests' fixtures) imports at the top; the
one module reached lazily, on purpose, is named here with why. And the modules' top-level imports
(type-checking ones aside) form no loop."""
from __future__ import annotations

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[1]
ENGINE = ROOT / "uprising_tui" / "engine"
OUTSIDE_CORE = ("odds", "scenario.py")
# module -> the modules it may reach with kept.kept_module, and why
LAZY = {"effects.py": {"fights"}}  # an effect may leave the Capital owing a fight; a fight's cards run effects


def core_files():
    for path in sorted(ENGINE.rglob("*.py")):
        rel = path.relative_to(ENGINE)
        if rel.parts[0] not in OUTSIDE_CORE:
            yield rel, ast.parse(path.read_text(encoding="utf-8"))


def test_no_rules_module_imports_inside_a_function():
    found = []
    for rel, tree in core_files():
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for node in ast.walk(fn):
                    if isinstance(node, (ast.Import, ast.ImportFrom)):
                        found.append(f"{rel}:{node.lineno} {fn.name}: {ast.unparse(node)}")
    assert found == []


def test_only_the_named_modules_are_reached_lazily():
    lazy: dict[str, set[str]] = {}
    for rel, tree in core_files():
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "kept_module"
                    and node.args and isinstance(node.args[0], ast.Constant)):
                lazy.setdefault(str(rel), set()).add(node.args[0].value)
    assert lazy == LAZY


def _module_name(rel: pathlib.PurePath) -> str:
    parts = list(rel.with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(["engine", *parts])


def _top_level_imports(rel: pathlib.PurePath, tree: ast.Module, modules: set[str]) -> set[str]:
    """The engine modules `rel` imports when it is imported (not under `if TYPE_CHECKING:`)."""
    here = _module_name(rel).split(".")
    package = here if rel.name == "__init__.py" else here[:-1]
    out: set[str] = set()
    nodes = []
    for node in tree.body:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            continue
        nodes.extend(node.body if isinstance(node, ast.If) else [node])
    for node in nodes:
        if not isinstance(node, ast.ImportFrom) or node.level == 0:
            continue
        base = package[: len(package) - (node.level - 1)]
        target = ".".join(base + (node.module.split(".") if node.module else []))
        for alias in node.names:
            sub = f"{target}.{alias.name}"
            out.add(sub if sub in modules else target)
    return {m for m in out if m in modules} - {_module_name(rel)}


def test_the_engine_modules_import_one_another_without_a_loop():
    trees = {_module_name(rel): (rel, tree) for rel, tree in
             ((p.relative_to(ENGINE), ast.parse(p.read_text(encoding="utf-8"))) for p in ENGINE.rglob("*.py"))}
    modules = set(trees)
    edges = {m: _top_level_imports(rel, tree, modules) for m, (rel, tree) in trees.items()}
    loops = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done

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
