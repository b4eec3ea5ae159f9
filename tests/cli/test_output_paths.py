"""Issue 31, property 2: output paths, in every command that takes ``-o``.

- A file output that names a folder, whether the folder is there or the name is spelled as
  one (``out/``), is refused with exit 2 and one line, and nothing is written. (``convert -o
  newdir/`` wrote a file named ``newdir``.)
- A folder output (``split``, ``export --to parquet``, ``schema``) that names a file is
  refused the same way.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES
from helpers import cli, error_line

TOURNAMENT = FIXTURES / "forest" / "tournament.grec"

#: every command that writes one file, with its arguments before -o
FILE_COMMANDS: dict[str, list[str]] = {
    "convert": ["convert", "IN"],
    "convert-json": ["convert", "IN", "--to", "json"],
    "filter": ["filter", "IN", "--game", "forest"],
    "simulate": ["simulate", "-g", "forest", "-p", "2", "-n", "1", "--seed", "1"],
    "salvage": ["salvage", "IN"],
    "export-csv": ["export", "IN", "--to", "csv"],
    "export-json": ["export", "IN", "--to", "json", "-r", "1"],
    "export-text": ["export", "IN", "--to", "text"],
    "export-html": ["export", "IN", "--to", "html", "-r", "1"],
    "report": ["report", "IN"],
    "record": ["record", "-g", "forest", "-p", "Ann,Bo"],
}
#: every command that writes into a folder
FOLDER_COMMANDS: dict[str, list[str]] = {
    "split": ["split", "IN", "--by", "game"],
    "export-parquet": ["export", "IN", "--to", "parquet"],
    "schema": ["schema"],
    "arena": ["arena", "-g", "forest", "-b", "smart", "-b", "random"],
}


def _args(template: list[str], source: Path) -> list[str]:
    return [str(source) if a == "IN" else a for a in template]


@pytest.fixture
def place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    shutil.copy(TOURNAMENT, tmp_path / "in.grec")
    (tmp_path / "there").mkdir()
    (tmp_path / "afile").write_bytes(b"kept")
    return tmp_path


def _files(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


@pytest.mark.parametrize("output", ["there", "there/", "newdir/", "there/sub/"])
@pytest.mark.parametrize("command", sorted(FILE_COMMANDS))
def test_a_file_output_that_names_a_folder_is_refused(place: Path, command: str, output: str) -> None:
    before = _files(place)
    args = [*_args(FILE_COMMANDS[command], place / "in.grec"), "-o", output]
    for force in ([], ["--force"]):
        r = cli(*args, *force, input="quit\n")
        assert r.exit_code == 2, (command, output, r.stdout, r.stderr)
        line = error_line(r)
        assert output.rstrip("/") in line and ("folder" in line or "directory" in line), line
        assert _files(place) == before  # nothing written, not even a file named after the folder


@pytest.mark.parametrize("command", sorted(FOLDER_COMMANDS))
def test_a_folder_output_that_names_a_file_is_refused(place: Path, command: str) -> None:
    r = cli(*_args(FOLDER_COMMANDS[command], place / "in.grec"), "-o", "afile")
    assert r.exit_code == 2, (command, r.stdout, r.stderr)
    assert "afile" in error_line(r)
    assert (place / "afile").read_bytes() == b"kept"
