"""No import circles in ``gamekit/`` (issue 25): no module imports one that imports it back,
directly or round a longer loop.

The imports are read from the source with :mod:`ast` (nothing is imported): every
``import``/``from ... import`` statement, at the top or inside a function (a lazy import
is a circle all the same), except those under ``if TYPE_CHECKING:`` (annotations only,
never run). ``from package import name`` counts as importing the submodule when ``name``
is one, else the package itself.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _modules(package: str = "gamekit") -> dict[str, Path]:
    out: dict[str, Path] = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(node: ast.AST, package: str, modules: dict[str, Path], found: set[str]) -> None:
    """Add to ``found`` the kit's modules that the statements under ``node`` import."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _type_checking(child):
            for other in child.orelse:
                _imports(other, package, modules, found)
            continue
        if isinstance(child, ast.Import):
            found.update(a.name for a in child.names if a.name in modules)
        elif isinstance(child, ast.ImportFrom):
            base = child.module or ""
            if child.level:
                parts = package.split(".")
                up = parts[: len(parts) - (child.level - 1)]
                base = ".".join([*up, *([child.module] if child.module else [])])
            for a in child.names:
                if f"{base}.{a.name}" in modules:
                    found.add(f"{base}.{a.name}")
                elif base in modules:
                    found.add(base)
        _imports(child, package, modules, found)


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """``module -> the kit's modules it imports`` (see the module's docstring)."""
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        _imports(tree, package, modules, graph[name])
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: each strongly connected group of two or more modules (or a module
    importing itself), as one loop through it, ``a -> b -> ... -> a``."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def connect(v: str) -> None:  # Tarjan's algorithm (the kit has ~150 modules)
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1 or v in graph[v]:
                groups.append(group)

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return [_loop(graph, group) for group in groups]


def _loop(graph: dict[str, set[str]], group: set[str]) -> list[str]:
    """One loop through ``group``, from its first module back to it (breadth first)."""
    start = min(group)
    came: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(graph[v] & group):
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(came[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if w not in came:
                    came[w] = v
                    nxt.append(w)
        frontier = nxt
    return [start, start]  # pragma: no cover - a group always has a loop


def test_the_finder_names_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert sorted(cycles(graph)) == [["a", "b", "c", "a"], ["e", "e"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_reads_lazy_and_relative_imports(tmp_path: Path) -> None:
    pkg = tmp_path / "p"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def f():\n    from p import b\n")
    (pkg / "b.py").write_text(
        "from typing import TYPE_CHECKING\nfrom . import c\nif TYPE_CHECKING:\n    import p.a\n"
    )
    (pkg / "c.py").write_text("import p.a\n")
    modules = {"p": pkg / "__init__.py", **{f"p.{m}": pkg / f"{m}.py" for m in "abc"}}
    graph = import_graph(modules)
    assert graph == {"p": set(), "p.a": {"p.b"}, "p.b": {"p.c"}, "p.c": {"p.a"}}
    assert cycles(graph) == [["p.a", "p.b", "p.c", "p.a"]]


@cache
def _found() -> list[list[str]]:
    return cycles(import_graph(_modules("gamekit")))


def test_no_import_circles() -> None:
    found = _found()
    assert not found, "import circles: " + "; ".join(" -> ".join(c) for c in found)
