"""Issue 12, item 15 (reading): every read is bounded. ``yes [ | tr -d '\\n' | gamerec
validate -`` read until memory ran out; now deep nesting in the first bytes is refused at
once, and standard input, JSON documents and JSON Lines lines are read up to
``gamerec.format.read.MAX_DOCUMENT`` bytes. Running out of memory is one line, exit 2."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import cli

from gamerec.bots import simulate
from gamerec.format import read as files
from gamerec.format.jsonform import nesting_over
from gamerec.format.read import raw_bytes, read_file
from gamerec.format.write import encode_records

CLI = [sys.executable, "-c", "from gamerec.cli import main; main()"]


@pytest.fixture
def jsonl() -> bytes:
    return b"".join(encode_records(simulate("forest", 2, 2, seed=3), "jsonl"))


@pytest.mark.parametrize("unit", ["[", '{"a":', "[1,"])
def test_endless_nesting_on_stdin_is_refused_at_once(unit: str) -> None:
    """The reproduction: an endless stream of ``[`` on standard input."""
    # its own process group, so that yes and tr end with it even if it hangs
    p = subprocess.Popen(
        f"yes '{unit}' | tr -d '\\n' | {' '.join(CLI[:2])} '{CLI[2]}' validate -",
        shell=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        out, err_bytes = p.communicate(timeout=120)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
            p.communicate()
    r = subprocess.CompletedProcess(p.args, p.returncode, out, err_bytes)
    assert r.returncode == 2
    err = r.stderr.decode().splitlines()
    assert len(err) == 1
    assert "-: record 1: unreadable: values nested too deeply" in err[0]
    assert "[format.limit]" in err[0]


def test_stdin_over_the_limit(monkeypatch: pytest.MonkeyPatch, jsonl: bytes) -> None:
    monkeypatch.setattr(files, "_CHUNK", 100)
    monkeypatch.setattr(files, "MAX_DOCUMENT", len(jsonl) - 1)
    r = cli("validate", "-", input=jsonl)
    assert r.exit_code == 2
    assert "an input that cannot seek over the limit of" in r.output
    assert "give it as a regular file" in r.output and "[format.limit]" in r.output
    monkeypatch.setattr(files, "MAX_DOCUMENT", len(jsonl))
    assert cli("validate", "-", input=jsonl).exit_code == 0


def test_json_document_over_the_limit(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_bytes(b"".join(encode_records(simulate("forest", 2, 2, seed=3), "json")))
    monkeypatch.setattr(files, "MAX_DOCUMENT", path.stat().st_size - 1)
    (entry,) = read_file(path)
    assert entry.error is not None and entry.error.code == "format.limit"
    assert "a JSON document over the limit" in entry.error.message


def test_text_file_over_the_limit(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "g.gtxt"
    path.write_bytes(b"".join(encode_records(simulate("forest", 2, 1, seed=3), "text")))
    monkeypatch.setattr(files, "MAX_DOCUMENT", path.stat().st_size - 1)
    (entry,) = read_file(path)
    assert entry.error is not None and entry.error.code == "format.limit"


def test_a_long_json_lines_line_is_one_unreadable_entry(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, jsonl: bytes
) -> None:
    first, second = jsonl.splitlines(keepends=True)
    path = tmp_path / "g.jsonl"
    path.write_bytes(first + b'{"long": "' + b"x" * 5000 + b'"}\n' + second)
    monkeypatch.setattr(files, "MAX_DOCUMENT", max(len(first), len(second)) + 10)
    monkeypatch.setattr(files, "_CHUNK", 64)
    entries = list(read_file(path))
    assert [e.where for e in entries] == ["line 1", "line 2", "line 3"]
    assert entries[0].record is not None and entries[2].record is not None
    assert entries[1].error is not None and entries[1].error.code == "format.limit"


def test_deep_nesting_in_a_file_is_refused_before_it_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_bytes(b"[" * 200_000)
    (entry,) = read_file(path)
    assert entry.error is not None and entry.error.code == "format.limit"
    assert "nested too deeply" in entry.error.message


def test_nesting_inside_strings_does_not_count() -> None:
    assert nesting_over(b'{"a": "' + b"[" * 5000 + b'"}', 1000) == -1
    assert nesting_over(b'["\\"' + b"[" * 50 + b'"]', 10) == -1
    assert nesting_over(b"[" * 50, 10) == 9
    # a record with strings holding brackets still reads
    (entry,) = raw_bytes(b'{"format": "gamerec", "version": 1, "game": "[[[["}')
    assert entry.kind == "json"


def test_out_of_memory_is_one_line_exit_2(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import gamerec.cli.info

    def no_memory(paths: object, **_: object) -> object:
        raise MemoryError

    monkeypatch.setattr(gamerec.cli.info, "list_records", no_memory)
    r = cli("ls", tmp_path)
    assert r.exit_code == 2
    assert r.output.startswith("gamerec: out of memory: ")
    assert r.output.count("\n") == 1
