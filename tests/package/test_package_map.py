"""docs/api.md's package map is the law of gamerec's imports: every import of every library
module (read from the source, imports inside functions included) is one its row allows, each
module has exactly one row, and nothing outside ``gamerec.cli`` imports typer or rich. The
issue's floor: the record model imports nothing but the cards; games import no readers or
writers, no pipeline module and no cli."""

from __future__ import annotations

import ast
import re
from fnmatch import fnmatchcase

import pytest
from conftest import ROOT
from helpers import import_graph, modules

API = ROOT / "docs" / "api.md"
#: what no game module may import: the pipelines above the rules, and the command line
PIPELINE = {"batch", "distributed", "export", "cli", "recorder", "verdicts", "present", "bots"}


class Row:
    def __init__(self, patterns: list[str], allowed: list[str] | None) -> None:
        self.patterns = patterns
        self.allowed = allowed  # None: anything

    def matches(self, module: str) -> tuple[int, str] | None:
        """(2, pattern) for an exact name, (1, pattern) for a wildcard one, None."""
        for p in self.patterns:
            if p == module:
                return (2, p)
        for p in self.patterns:
            if "*" in p and fnmatchcase(module, p):
                return (1, p)
        return None

    def allows(self, module: str) -> bool:
        """``x.*`` allows the package ``x`` itself as well as its modules."""
        if self.allowed is None:
            return True
        return any(fnmatchcase(module, p) or (p.endswith(".*") and module == p[:-2]) for p in self.allowed)


def package_map() -> list[Row]:
    text = API.read_text()
    section = text.split("## The package map", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        if not line.startswith("| `"):
            continue
        cells = [c.strip() for c in line.strip("|").split(" | ")]
        patterns = re.findall(r"`([^`]+)`", cells[0])
        allowed_cell = cells[-1]
        allowed = None if allowed_cell == "anything" else re.findall(r"`([^`]+)`", allowed_cell)
        rows.append(Row(patterns, allowed))
    return rows


def row_of(module: str, rows: list[Row]) -> Row:
    found = [(m, row) for row in rows if (m := row.matches(module)) is not None]
    assert found, f"{module} has no row in docs/api.md's package map"
    best = max(m[0] for m, _ in found)
    top = [row for m, row in found if m[0] == best]
    assert len(top) == 1, f"{module} matches several rows of the package map equally"
    return top[0]


def test_the_map_is_read() -> None:
    rows = package_map()
    assert len(rows) >= 15
    assert row_of("gamerec.cli.app", rows).allowed is None
    assert row_of("gamerec.record", rows).allowed == ["gamerec.cards"]
    assert row_of("gamerec.format.read", rows) is not row_of("gamerec.format.container", rows)


def test_every_module_has_a_row_and_imports_only_what_it_allows() -> None:
    rows = package_map()
    wrong = []
    for module, targets in sorted(import_graph().items()):
        row = row_of(module, rows)
        wrong += [f"{module} -> {t}" for t in sorted(targets) if t != module and not row.allows(t)]
    assert wrong == []


@pytest.mark.parametrize(
    ("module", "forbidden"),
    [
        ("gamerec.record", "gamerec.errors"),
        ("gamerec.games.forest.rules", "gamerec.format.read"),
        ("gamerec.games.blackball.rules", "gamerec.format.write"),
        ("gamerec.games.black_swan_2012.rules", "gamerec.checking.batch"),
        ("gamerec.games.black_swan_taroc.rules", "gamerec.cli"),
        ("gamerec.engine", "gamerec.checking.verdicts"),
        ("gamerec.stepper", "gamerec.present"),
    ],
)
def test_the_map_forbids_what_the_issue_names(module: str, forbidden: str) -> None:
    assert not row_of(module, package_map()).allows(forbidden)


def test_the_record_model_imports_nothing_but_the_cards() -> None:
    assert import_graph()["gamerec.record"] <= {"gamerec.cards"}


def test_games_import_no_reader_writer_pipeline_or_cli() -> None:
    graph = import_graph()
    games = [m for m in graph if m.startswith("gamerec.games")]
    allowed_format = {"gamerec.format", "gamerec.record"}
    for m in games:
        for t in graph[m]:
            assert not t.startswith("gamerec.format.") or t in allowed_format, (m, t)
            assert t.split(".")[1] not in {"batch", "distributed", "export", "cli", "recorder", "verdicts"}, (
                m,
                t,
            )


def test_only_the_cli_imports_typer_or_rich() -> None:
    found = []
    for name, path in modules().items():
        if name == "gamerec.cli" or name.startswith("gamerec.cli."):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            else:
                continue
            found += [(name, n) for n in names if n.split(".")[0] in {"typer", "rich", "click"}]
    assert found == []


def test_every_package_and_row_says_what_it_holds() -> None:
    """The map replaces a cap on module sizes: modules are split by what they hold, so each
    package's docstring and each row of the map says what that is."""
    for row_line in API.read_text().split("## The package map", 1)[1].split("\n## ", 1)[0].splitlines():
        if row_line.startswith("| `"):
            cells = [c.strip() for c in row_line.strip("|").split(" | ")]
            assert len(cells) == 3 and cells[1], row_line
    for name, path in modules().items():
        if path.name == "__init__.py":
            doc = ast.get_docstring(ast.parse(path.read_text()))
            assert doc and len(doc.split()) >= 5, f"package {name} does not say what it holds"
