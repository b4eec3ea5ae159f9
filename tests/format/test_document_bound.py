"""Issue 31, F10: ``filter ... -o u.json`` wrote a 618 MB JSON document, which ``validate``
then refused as over the 512 MiB it reads at once. A JSON document or text notation file
that would be over the bound is refused when it gets there, with the encodings that hold
it, and nothing is written. (The bound is lowered here, the same code path.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import FIXTURES
from helpers import cli, error_line

from gamerec.format import read as reader

TOURNAMENT = FIXTURES / "forest" / "tournament.grec"


@pytest.mark.parametrize("suffix", [".json", ".gtxt"])
@pytest.mark.parametrize("command", ["convert", "filter"])
def test_a_document_too_big_to_read_back_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, suffix: str, command: str
) -> None:
    size = TOURNAMENT.stat().st_size
    monkeypatch.setattr(reader, "MAX_DOCUMENT", size)  # (JSON and text are larger than binary)
    out = tmp_path / f"u{suffix}"
    r = cli(command, TOURNAMENT, "-o", out)
    assert r.exit_code == 2
    line = error_line(r)
    assert f"would be over {size:,} bytes" in line and "write JSON Lines (.jsonl) or binary (.grec)" in line
    assert not out.exists() and list(tmp_path.iterdir()) == []
    for ok in ("u.jsonl", "u.grec"):  # what holds it
        assert cli(command, TOURNAMENT, "-o", tmp_path / ok).exit_code == 0
