"""A game is one unit: no module outside ``gamerec/games/`` names a game (a string equal to a
game's id, outside docstrings; an import of a game's package), and no page script does;
core code asks the game's spec instead (docs/games.md). One loop walks a record's steps
(:func:`gamerec.stepper.visit`): nothing else catches the end of a step generator."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT

from gamerec.games import GAMES

GAMEREC = ROOT / "gamerec"
PACKAGES = {g.replace("-", "_") for g in GAMES}

#: the places outside gamerec/games that may name a game, with why: the Parquet deals table's
#: column of forest cards is called ``forest`` in the published schema (docs/parquet.md)
ALLOWED = {
    ("gamerec/export/parquet_columns.py", "forest"): "a column's name in the Parquet schema",
    ("gamerec/export/parquet_rows.py", "forest"): "a column's name in the Parquet schema",
}


def _docstrings(tree: ast.AST) -> set[int]:
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docs.add(id(body[0].value))
    return docs


def names_of_games(root: Path) -> list[str]:
    """Where the modules under ``root`` (outside its ``games/``) name a game."""
    found = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root.parent).as_posix()
        if rel.startswith(f"{root.name}/games/"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in GAMES and id(node) not in docs:
                if (rel, node.value) not in ALLOWED:
                    found.append(f"{rel}:{node.lineno}: {node.value!r}")
            elif isinstance(node, ast.ImportFrom) and node.module:
                parts = node.module.split(".")
                named = {a.name for a in node.names} if parts[-1] == "games" else set()
                if PACKAGES & (set(parts) | named):
                    found.append(f"{rel}:{node.lineno}: imports {node.module}")
            elif isinstance(node, ast.Import):
                found += [
                    f"{rel}:{node.lineno}: imports {a.name}"
                    for a in node.names
                    if PACKAGES & set(a.name.split("."))
                ]
    for path in sorted(root.rglob("*.js")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if any(f'"{g}"' in line or f"'{g}'" in line for g in GAMES):
                found.append(f"{path.relative_to(root.parent).as_posix()}:{n}: names a game")
    return found


def test_no_module_outside_the_games_names_a_game() -> None:
    assert names_of_games(GAMEREC) == []


def test_the_check_finds_a_game_named(tmp_path: Path) -> None:
    """The check itself: each way of naming a game is found, a docstring's mention is not."""
    pkg = tmp_path / "pkg"
    (pkg / "games" / "forest").mkdir(parents=True)
    (pkg / "games" / "forest" / "rules.py").write_text('ID = "forest"\n')  # (inside games: fine)
    (pkg / "core.py").write_text(
        '"""Shows a "blackball" record."""\n'
        "from .games.forest import rules\n"
        "from .games import blackball\n"
        "import pkg.games.black_swan_2012\n"
        'if game == "black-swan-taroc":\n    pass\n'
    )
    (pkg / "page.js").write_text('if (deck === "forest") {}\n')
    assert names_of_games(pkg) == [
        "pkg/core.py:2: imports games.forest",
        "pkg/core.py:3: imports games",
        "pkg/core.py:4: imports pkg.games.black_swan_2012",
        "pkg/core.py:5: 'black-swan-taroc'",
        "pkg/page.js:1: names a game",
    ]


def test_one_loop_walks_a_records_steps() -> None:
    """The step generators' end is caught in the stepper alone: every reader of the steps is a
    visitor of its one loop."""
    catchers = []
    for path in sorted(GAMEREC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            handler = isinstance(node, ast.ExceptHandler) and isinstance(node.type, ast.Name)
            if handler and node.type.id == "StopIteration":  # type: ignore[union-attr]
                catchers.append(path.relative_to(ROOT).as_posix())
    assert catchers == []
