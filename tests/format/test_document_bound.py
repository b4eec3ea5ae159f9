"""Issue 31, F10: ``filter ... -o u.json`` wrote a 618 MB JSON document, which ``validate``
then refused as over the 512 MiB it reads at once. A JSON document that would be over the
bound is refused when it gets there, with the encodings that hold it, and nothing is
written; so is a record whose text notation would be (the text reader reads a file a record
at a time: the file as a whole is not bounded). (The bound is lowered here, the same code
path.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import FIXTURES
from helpers import cli, error_line

from gamerec.format import read as reader

TOURNAMENT = FIXTURES / "forest" / "tournament.grec"


@pytest.mark.parametrize(
    ("suffix", "size"),
    [
        (".json", TOURNAMENT.stat().st_size),  # (the JSON document is larger than the binary file)
        (".gtxt", 2000),  # (one record's text is larger)
    ],
)
@pytest.mark.parametrize("command", ["convert", "filter"])
def test_a_document_too_big_to_read_back_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, suffix: str, size: int, command: str
) -> None:
    monkeypatch.setattr(reader, "MAX_DOCUMENT", size)
    out = tmp_path / f"u{suffix}"
    r = cli(command, TOURNAMENT, "-o", out)
    assert r.exit_code == 2
    line = error_line(r)
    assert f"would be over {size:,} bytes" in line and "write JSON Lines (.jsonl) or binary (.grec)" in line
    assert not out.exists() and list(tmp_path.iterdir()) == []
    for ok in ("u.jsonl", "u.grec"):  # what holds it
        assert cli(command, TOURNAMENT, "-o", tmp_path / ok).exit_code == 0


def test_a_text_file_over_the_bound_is_written_and_read_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each record under the bound, the file over it: written, and every record reads."""
    from gamerec.format.read import read_file

    size = TOURNAMENT.stat().st_size
    monkeypatch.setattr(reader, "MAX_DOCUMENT", size)
    out = tmp_path / "u.gtxt"
    assert cli("convert", TOURNAMENT, "-o", out).exit_code == 0
    assert out.stat().st_size > size
    assert all(e.record is not None for e in read_file(out))
    assert len(list(read_file(out))) == len(list(read_file(TOURNAMENT)))
