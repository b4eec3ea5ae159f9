"""gamerec's imports go one way: the graph of its modules, read from the source (imports
inside functions included), has no cycle. It had two: ``files -> batch -> verify -> files``
(``list_records`` took ``content_hash`` from ``batch``, which had it from ``files``) and
``engine -> games -> engine`` (an option's values, in words, came from the registry)."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "gamerec"


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def import_graph() -> dict[str, set[str]]:
    """Each module and the gamerec modules it imports (``from .x import y`` counts as an
    import of ``x``, and of ``x.y`` when that is a module)."""
    mods = modules()
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for name, path in mods.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    stem = ".".join([*base, node.module] if node.module else base)
                else:
                    stem = node.module or ""
                targets = [stem, *(f"{stem}.{a.name}" for a in node.names)]
            else:
                continue
            graph[name].update(t for t in targets if t in mods and t != name)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            step = next(edges, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph[step]))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_sees_imports_inside_functions() -> None:
    graph = import_graph()
    assert "gamerec.batch" in graph["gamerec.distributed"]  # only inside a function there
    assert len(graph) >= 25


def test_gamerec_has_no_import_cycle() -> None:
    assert cycles(import_graph()) == []


def test_the_stepper_is_below_verification_and_presentation() -> None:
    """`replay.py` imported `verify.walk`: the replay core sat above what it serves. Now
    the stepper (`gamerec.stepper`) imports neither the verdicts nor the views, and both
    walk through it."""
    graph = import_graph()
    assert {"gamerec.verdicts", "gamerec.present", "gamerec.export"}.isdisjoint(graph["gamerec.stepper"])
    assert "gamerec.stepper" in graph["gamerec.verdicts"]
    assert "gamerec.stepper" in graph["gamerec.present"]
