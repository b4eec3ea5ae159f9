"""Issue 32: the replay never encodes again a record it has read (it re-encoded every record
it showed, to check that it reads back: only one made in Python needs that)."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from conftest import FIXTURES
from helpers import cli

import gamerec
import gamerec.format.binary as binary

RECORD = FIXTURES / "blackball" / "games" / "family-3p.json"


@pytest.fixture
def no_reencoding(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*_: object) -> None:
        raise AssertionError("a record read was encoded again to be checked")

    monkeypatch.setattr(binary, "reread_problem", boom)


def test_replay_and_the_html_page_of_a_file_encode_nothing_again(no_reencoding: None, tmp_path: Path) -> None:
    r = cli("replay", "--all", RECORD)
    assert r.exit_code == 0 and "step 1 ·" in r.stdout
    r = cli("replay", "--all", "-f", "panels", RECORD)
    assert r.exit_code == 0
    r = cli("export", RECORD, "--to", "html", "-o", tmp_path / "r.html")
    assert r.exit_code == 0 and (tmp_path / "r.html").stat().st_size > 1000


def test_a_record_made_in_python_is_still_checked() -> None:
    record = next(gamerec.records(RECORD))
    deal = record.deals[0]
    odd = msgspec.structs.replace(
        record,
        deals=[msgspec.structs.replace(deal, actions=[msgspec.structs.replace(deal.actions[0], seat=True)])],
    )
    replay = gamerec.replay(odd)
    assert list(replay) == [] and replay.verdict is not None and replay.verdict.status == "unreadable"
