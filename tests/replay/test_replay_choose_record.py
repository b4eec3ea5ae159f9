"""``gamerec replay F`` and ``gamerec export F --to html`` of a file of several records
without --record (issue 20 follow-up): a usage error that says how many records and the
range to choose from, without click's "Invalid value for '--record'" (it was not given)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import FIXTURES
from helpers import cli, error_line

MANY = FIXTURES / "blackball" / "tournament.grec"  # 200 records


@pytest.mark.parametrize(
    ("command", "args"),
    [("replay", ()), ("replay", ("--all",)), ("export", ("--to", "html", "-o", "page.html"))],
)
def test_several_records_without_record(command: str, args: tuple[str, ...], tmp_path: Path) -> None:
    args = tuple(str(tmp_path / a) if a.endswith(".html") else a for a in args)
    r = cli(command, MANY, *args)
    assert r.exit_code == 2
    line = error_line(r)
    says = f"{MANY} holds 200 records: choose one with --record N (1 to 200)"
    assert line.startswith(f"gamerec {command}: {says}")
    assert "Invalid value" not in line
    assert not (tmp_path / "page.html").exists()


def test_with_record_it_replays() -> None:
    r = cli("replay", MANY, "--record", "200", "--all")
    assert r.exit_code == 0, r.stderr


def test_a_record_number_past_the_file_is_a_usage_error_on_record() -> None:
    """Found by trying the product: `replay FILE -r 9999` said `gamerec: FILE: has 100
    records, no record 9999`, not the usage error `--seat 9` gives."""
    path = FIXTURES / "forest" / "tournament.grec"
    for command in (["replay"], ["export", "--to", "html", "-o", "-"]):
        r = cli(*command, path, "-r", "9999")
        assert r.exit_code == 2
        line = r.stderr.strip().splitlines()[-1]
        assert line.startswith(f"gamerec {command[0]}: Invalid value for '--record': 9999: ")
        assert line.endswith(f"{path} has 100 records (1 to 100) (see 'gamerec {command[0]} --help')")
