"""Issue 31, F8: 64 KiB of leading blanks hid a valid file. Detection looked at the first
64 KiB alone, so a JSON, JSON Lines or text file (or standard input) that began with more
blanks than that was "empty". Blanks before the first record, however many, are skipped;
an input of blanks alone is still empty, and said so at once."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES
from helpers import cli

from gamerec.format.read import read_file
from gamerec.format.write import write_records

PYTHON = [sys.executable, "-c", "from gamerec.cli import main; main()"]
BLANKS = [b" " * 65536, b"\n" * 70000, b"\r\n\t " * 20000 + b"\xef\xbb\xbf"[:0]]


@pytest.fixture(scope="module")
def record() -> object:
    (entry,) = [e for e in read_file(next((FIXTURES / "blackball" / "games").glob("*.json")))][:1]
    return entry.record


@pytest.mark.parametrize("suffix", [".json", ".jsonl", ".gtxt"])
@pytest.mark.parametrize("blanks", BLANKS, ids=["spaces", "line-ends", "mixed"])
def test_blanks_before_the_first_record(tmp_path: Path, record: object, suffix: str, blanks: bytes) -> None:
    if suffix == ".gtxt" and b"\n" not in blanks:
        blanks = b" " * 1000 + b"\n" + blanks[:60000]  # (a text line is at most 65,536 characters)
    plain = tmp_path / f"g{suffix}"
    write_records([record], plain)  # type: ignore[list-item]
    padded = tmp_path / f"padded{suffix}"
    padded.write_bytes(blanks + plain.read_bytes())
    r = cli("validate", padded)
    assert r.exit_code == 0, r.stdout + r.stderr
    assert "1 valid" in r.stdout
    r = cli("validate", "-", input=padded.read_bytes())  # standard input
    assert r.exit_code == 0, r.stdout + r.stderr


def test_blanks_alone_are_empty_and_said_at_once(tmp_path: Path) -> None:
    path = tmp_path / "blank.json"
    path.write_bytes(b"\n" * 300_000 + b" " * 200_000)
    for args in (["validate", str(path)], ["validate", "-"]):
        r = subprocess.run(
            [*PYTHON, *args], input=path.read_bytes(), capture_output=True, timeout=60, cwd=tmp_path
        )
        assert r.returncode == 2 and b"[format.empty]" in r.stderr, r.stderr


def test_a_text_line_of_blanks_over_the_line_limit_says_so(tmp_path: Path, record: object) -> None:
    """In the text notation a line is at most 65,536 characters, blanks too: 64 KiB of spaces
    before ``gamerec: 1`` make a first line over the limit, said as such (it was "empty")."""
    plain = tmp_path / "g.gtxt"
    write_records([record], plain)  # type: ignore[list-item]
    padded = tmp_path / "padded.gtxt"
    padded.write_bytes(b" " * 65536 + plain.read_bytes())
    r = cli("validate", padded)
    assert r.exit_code == 2
    assert "line 1: 65546 characters is over the limit of 65536 [format.limit]" in r.stderr, r.stderr
