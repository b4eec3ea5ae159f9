"""Issue 17, "Report": ``gamerec report FILES... -o report.html``: the page written (atomically,
inputs untouched), problems listed on stderr with the right exit code, bad usage one line."""

from __future__ import annotations

from pathlib import Path

from conftest import FIXTURES
from helpers import cli

from gamerec.export.report import report

GAMES = ("black-swan-2012", "black-swan-taroc", "blackball", "forest")
TOURNAMENTS = [str(FIXTURES / g / "tournament.grec") for g in GAMES]


def test_report_writes_the_librarys_page(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    r = cli("report", *TOURNAMENTS, "-o", out)
    assert r.exit_code == 0, r.stderr
    assert out.read_text(encoding="utf-8") == report(TOURNAMENTS).html
    assert r.stderr.strip() == f"wrote the report of 4 games to {out}"


def test_records_not_valid_go_to_stderr_and_exit_1(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    bad = FIXTURES / "forest" / "bad" / "out-of-turn.json"
    r = cli("report", TOURNAMENTS[3], bad, "-o", out)
    assert r.exit_code == 1
    assert f"{bad}: record 1, deal 1, action 4 (seat 0, Ann): illegal" in r.stderr
    assert "out-of-turn.json" in out.read_text(encoding="utf-8")


def test_unreadable_exits_2(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    r = cli("report", TOURNAMENTS[3], FIXTURES / "broken" / "random-bytes.bin", "-o", out)
    assert r.exit_code == 2
    assert "random-bytes.bin: record 1: unreadable" in r.stderr
    assert 'id="unreadable"' in out.read_text(encoding="utf-8")


def test_no_output_named_is_a_usage_error(tmp_path: Path) -> None:
    r = cli("report", TOURNAMENTS[3])
    assert r.exit_code == 2
    assert "Missing option '--output' / '-o'" in r.stderr and "Traceback" not in r.stderr
    r = cli("report", TOURNAMENTS[3], "-o", "-")
    assert r.exit_code == 2
    assert "name its file with -o" in r.stderr and "Traceback" not in r.stderr


def test_existing_output_kept_without_force_and_inputs_never_written(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    out.write_text("old", encoding="utf-8")
    r = cli("report", TOURNAMENTS[3], "-o", out)
    assert r.exit_code == 2 and out.read_text(encoding="utf-8") == "old"
    assert len(r.stderr.strip().splitlines()) == 1
    r = cli("report", TOURNAMENTS[3], "-o", out, "--force")
    assert r.exit_code == 0 and out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    data = Path(TOURNAMENTS[3]).read_bytes()
    r = cli("report", TOURNAMENTS[3], "-o", TOURNAMENTS[3], "--force")
    assert r.exit_code == 2 and Path(TOURNAMENTS[3]).read_bytes() == data


def test_missing_file_is_one_line(tmp_path: Path) -> None:
    r = cli("report", tmp_path / "nope.grec", "-o", tmp_path / "r.html")
    assert r.exit_code == 2
    assert r.stderr.strip().endswith("nope.grec: no such file or directory")
    assert not (tmp_path / "r.html").exists()


def test_no_valid_record_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    r = cli("report", FIXTURES / "forest" / "bad" / "out-of-turn.json", "-o", out)
    assert r.exit_code == 1
    assert r.stderr.strip().splitlines()[-1] == "gamerec: no valid record among the 1 read: no report written"
    assert not out.exists()


def test_the_help_says_the_page_needs_a_file() -> None:
    """Found by trying the product: `report --help` said `-o ... Output file; - for stdout.
    [default: -]`, and both no -o and -o - were refused."""
    text = cli("report", "--help").stdout
    assert "for stdout" not in text and "[default: -]" not in text
    assert "[required]" in text
    r = cli("report", FIXTURES / "blackball" / "games")
    assert r.exit_code == 2 and "Missing option '--output' / '-o'" in r.stderr
