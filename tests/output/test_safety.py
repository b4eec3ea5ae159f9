"""Nothing to exploit and nothing lost: no code runs from a record, no record text becomes
a path, and an interrupted write leaves no partial file."""

from __future__ import annotations

import ast
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import msgspec
import pytest
from conftest import FIXTURES
from helpers import cli

from gamerec.bots import simulate
from gamerec.format.write import write_records

GAMEREC = FIXTURES.parent / "gamerec"
FORBIDDEN_MODULES = {"pickle", "marshal", "shelve", "importlib", "dill"}
FORBIDDEN_CALLS = {"eval", "exec", "compile", "__import__"}
#: the one module that imports by name: the games' registry, which loads a game's package
#: from its own table of shipped games or from an installed package's entry point, never
#: from a name a record gives (test_a_game_id_never_becomes_a_module_name)
REGISTRY = GAMEREC / "games" / "__init__.py"
#: the one other module that imports by name: a bot the user names as ``module:Class`` on the
#: command line or in Python (their own code, as ``python -m`` would run it); nothing a record
#: holds is ever imported (a record's provenance names its bots as text only)
BOT_LOADER = GAMEREC / "bots" / "loading.py"


def test_no_pickle_eval_or_dynamic_import_in_the_library() -> None:
    found = []
    for path in GAMEREC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                # importlib.resources reads package data (the HTML page's files), not code
                found += [
                    (path.name, n)
                    for n in names
                    if n.split(".")[0] in FORBIDDEN_MODULES
                    and n != "importlib.resources"
                    and not (path == REGISTRY and n in ("importlib", "importlib.metadata"))
                    and not (path == BOT_LOADER and n == "importlib")
                ]
            elif isinstance(node, ast.Call) and getattr(node.func, "id", None) in FORBIDDEN_CALLS:
                found.append((path.name, node.func.id))  # type: ignore[attr-defined]
    assert not found


@pytest.mark.parametrize("game", ["os", "gamerec.cli", "gamerec.games.forest:SPEC", "sys:modules", "forest "])
def test_a_game_id_never_becomes_a_module_name(tmp_path: Path, game: str) -> None:
    """A record's game id is looked up among the games' ids: one that names a module (or a
    spec's place) is an unknown game, and nothing is imported for it."""
    src = tmp_path / "odd.json"
    record = {"format": "gamerec", "version": 1, "game": game, "players": ["A", "B"], "deals": []}
    src.write_bytes(msgspec.json.encode(record))
    code = (
        "import sys\n"
        "from gamerec.format.read import read_file\n"
        "before = set(sys.modules)\n"
        f"(entry,) = read_file({str(src)!r})\n"
        "new = sorted(m for m in set(sys.modules) - before if not m.startswith(('gamerec.format', 'json')))\n"
        "print(entry.error.code if entry.error else None, [m for m in new if m in ('os', 'gamerec.cli') "
        "or m.startswith('gamerec.games.')])\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "format.game []"


def test_record_text_never_becomes_a_path(tmp_path: Path) -> None:
    """Names and metadata that look like paths are only ever data."""
    (record,) = simulate("forest", 3, 1, 3)
    odd = ["../../escape", "/tmp/gamerec-owned", "C:\\\\x"]
    record = msgspec.structs.replace(
        record, players=odd, meta=msgspec.structs.replace(record.meta, event="../e")
    )
    src = tmp_path / "in" / "game.grec"
    src.parent.mkdir()
    write_records([record], src)
    work = tmp_path / "work"
    work.mkdir()
    before = set(tmp_path.rglob("*"))
    for args in (["export", str(src), "--to", "csv", "-o", str(work / "a.csv")],
                 ["export", str(src), "--to", "html", "-o", str(work / "a.html")],
                 ["export", str(src), "--to", "parquet", "-o", str(work / "pq")],
                 ["convert", str(src), "-o", str(work / "a.gtxt")],
                 ["salvage", str(src), "-o", str(work / "b.grec")]):  # fmt: skip
        assert cli(*args).exit_code == 0
    made = set(tmp_path.rglob("*")) - before
    assert {p.relative_to(work) for p in made} == {
        Path("a.csv"), Path("a.html"), Path("pq"), Path("pq/actions.parquet"),
        Path("pq/deals.parquet"), Path("pq/records.parquet"), Path("a.gtxt"), Path("b.grec"),
    }  # fmt: skip
    assert not Path("/tmp/gamerec-owned").exists()


def test_interrupting_a_write_leaves_no_partial_file(tmp_path: Path) -> None:
    """Ctrl-C (SIGINT) while convert writes a large file: no output, no temporary file."""
    big = tmp_path / "big.grec"
    base = list(simulate("blackball", 4, 20, 1))
    records = [
        msgspec.structs.replace(base[i % 20], players=[f"P{i}-{s}" for s in range(4)]) for i in range(20000)
    ]
    write_records(records, big)
    out = tmp_path / "out" / "big.jsonl"
    out.parent.mkdir()
    proc = subprocess.Popen(
        [sys.executable, "-c", "from gamerec.cli import main; main()", "convert", str(big), "-o", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while not any(p.stat().st_size for p in out.parent.glob(".big.jsonl.*.tmp")):  # being written
        assert proc.poll() is None, "convert finished before the interrupt"
        assert time.monotonic() < deadline
        time.sleep(0.001)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode != 0, "convert finished before the interrupt: make the file larger"
    assert "Traceback" not in err
    assert os.listdir(out.parent) == []  # neither the output nor a temporary file
