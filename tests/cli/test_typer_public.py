"""gamerec uses typer through what typer exports (``typer.Typer``, ``typer.Option``,
``typer.BadParameter``...): every name it takes from a private typer module (``typer._*``,
``typer.core``, ``typer.main``, ``typer.models``, ``typer.rich_utils``, ``typer.completion``)
is one of :data:`ALLOWED`, each for a behaviour typer has no public way to give. typer
vendors click (``typer._click``), so click is not imported either.

Read from the sources (imports and attribute chains such as ``typer.main.get_command``).
"""

from __future__ import annotations

import ast

from conftest import ROOT

PRIVATE = ("typer.core", "typer.main", "typer.models", "typer.rich_utils", "typer.completion")

#: (module, typer module, name): the private names gamerec still needs, and why
ALLOWED = {
    # Typer(cls=...) asserts that the group's class is a TyperGroup (typer/main.py)
    ("gamerec/cli/lazy.py", "typer.core", "TyperGroup"),
    # the commands' class: typer's own, so that their help and completion are typer's
    ("gamerec/cli/lazy.py", "typer.core", "TyperCommand"),
    # a command made from its function when first used (start-up): typer's docs, "Using Click"
    ("gamerec/cli/lazy.py", "typer.main", "get_command"),
    # FILE... in usage and help, not {FILE...}... <list[str]>: typer.Argument takes no class
    ("gamerec/cli/options.py", "typer.core", "TyperArgument"),
    # values coerced without importing pydantic where coercion changes nothing (start-up)
    ("gamerec/cli/coerce.py", "typer._coercion", "RuntimeParam"),
    ("gamerec/cli/coerce.py", "typer._coercion", "build_runtime_param"),
}


def _private(module: str) -> bool:
    return (
        module.startswith("typer._")
        or module in PRIVATE
        or module.startswith(tuple(f"{p}." for p in PRIVATE))
    )


def _dotted(node: ast.expr) -> str | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        return ".".join([node.id, *reversed(parts)])
    return None


def uses(source: str) -> set[tuple[str, str]]:
    """The (private typer module, name) pairs ``source`` imports or reaches by attribute,
    and ``("click", ...)`` for an import of click."""
    found: set[tuple[str, str]] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if _private(node.module) or node.module.split(".")[0] == "click":
                found.update((node.module, a.name) for a in node.names)
            elif node.module == "typer":
                found.update(("typer", a.name) for a in node.names if a.name.startswith("_") or
                             a.name in {p.split(".")[1] for p in PRIVATE})  # fmt: skip
        elif isinstance(node, ast.Import):
            for a in node.names:
                if _private(a.name) or a.name.split(".")[0] == "click":
                    found.add((a.name, "*"))
        elif isinstance(node, ast.Attribute):
            dotted = _dotted(node)
            if dotted and dotted.count(".") >= 2:
                module, _, name = dotted.rpartition(".")
                if _private(module):
                    found.add((module, name))
    return found


def test_gamerec_takes_from_private_typer_modules_only_the_names_allowed() -> None:
    found = set()
    for path in sorted((ROOT / "gamerec").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        found.update((rel, module, name) for module, name in uses(path.read_text(encoding="utf-8")))
    assert found - ALLOWED == set()
    assert ALLOWED - found == set(), "no longer used: drop it from ALLOWED"


def test_the_check_finds_each_way_of_reaching_a_private_module() -> None:
    source = (
        "import typer\n"
        "import typer.main\n"
        "import click\n"
        "from typer._click.utils import make_default_short_help\n"
        "from typer import core, _click\n"
        "from typer.models import CommandInfo\n"
        "from click.shell_completion import CompletionItem\n"
        "def f():\n"
        "    return typer.main.get_command(typer.Typer()), typer.core.TyperGroup, typer.Option\n"
    )
    assert uses(source) == {
        ("typer.main", "*"),
        ("click", "*"),
        ("typer._click.utils", "make_default_short_help"),
        ("typer", "core"),
        ("typer", "_click"),
        ("typer.models", "CommandInfo"),
        ("click.shell_completion", "CompletionItem"),
        ("typer.main", "get_command"),
        ("typer.core", "TyperGroup"),
    }
    assert uses("import typer\nx = typer.Typer(); y = typer.testing\nfrom typer import Option\n") == set()
