"""Issue 12, item 13: a number over 4,300 digits in the text notation raised Python's
``ValueError: Exceeds the limit`` (exit 3, and with --jobs the batch lost its other
verdicts). Every number the notation reads is checked against the 64-bit range first:
``format.limit`` with line and column."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import cli

from gamerec.bots import simulate
from gamerec.errors import FormatError
from gamerec.format.notation import MAX_INT, MIN_INT, format_record
from gamerec.format.notation_read import parse_records

HUGE = "9" * 5000


@pytest.fixture(scope="module")
def blackball() -> str:
    return format_record(next(simulate("blackball", 2, 1, seed=4)))


@pytest.fixture(scope="module")
def taroc() -> str:
    return format_record(next(simulate("black-swan-taroc", 2, 1, seed=4)))


def swap(text: str, pattern: str, repl: str) -> tuple[str, int]:
    """``text`` with the first line matching ``pattern`` changed, and that line's number."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if re.search(pattern, line):
            lines[i] = re.sub(pattern, repl, line, count=1)
            return "\n".join(lines) + "\n", i + 1
    raise AssertionError(pattern)


CASES = {
    "header": (r"^gamerec: 1", f"gamerec: {HUGE}"),
    "seed": (r"^seed: \d+", f"seed: {HUGE}"),
    "deal seat": (r"^deal 1: dealer 0", f"deal 1: dealer {HUGE}"),
    "action seat": (r"^1 bid 1", f"{HUGE} bid 1"),
    "bid": (r"^1 bid 1", f"1 bid {HUGE}"),
    "negative bid": (r"^1 bid 1", f"1 bid -{HUGE}"),
    "leading zeros": (r"^1 bid 1", f"1 bid {'0' * 5000}{2**64}"),
}


@pytest.mark.parametrize("case", CASES)
def test_huge_number_is_a_format_limit_error(blackball: str, case: str) -> None:
    pattern, repl = CASES[case]
    text, number = swap(blackball, pattern, repl)
    with pytest.raises(FormatError) as e:
        parse_records(text)
    assert e.value.code == "format.limit"
    assert e.value.message.startswith(f"line {number}, column ")
    assert "outside the range of numbers a record holds (64-bit integers)" in e.value.message
    assert len(e.value.message) < 200  # the number is shortened, not printed whole


def test_claim_and_pledge(blackball: str, taroc: str) -> None:
    text = blackball + f"claim totals: 1 {HUGE}\n"
    with pytest.raises(FormatError, match=r"line \d+, column \d+: the totals 9{12}\.\.\.9999") as e:
        parse_records(text)
    assert e.value.code == "format.limit"
    text, number = swap(taroc, r"^1 pledge feather", f"1 pledge {HUGE}")
    with pytest.raises(FormatError, match=f"line {number}, column 10: the pledge") as e:
        parse_records(text)
    assert e.value.code == "format.limit"


def test_the_64_bit_range_is_read(blackball: str) -> None:
    for value, want in ((MAX_INT, MAX_INT), (MIN_INT, MIN_INT), (0, 0), (f"{'0' * 5000}7", 7)):
        text, _ = swap(blackball, r"^1 bid 1", f"1 bid {value}")
        (record,) = parse_records(text)
        assert record.deals[0].actions[0].tricks == want  # type: ignore[attr-defined]
    for value in (MAX_INT + 1, MIN_INT - 1):
        text, _ = swap(blackball, r"^1 bid 1", f"1 bid {value}")
        with pytest.raises(FormatError, match="64-bit"):
            parse_records(text)


def test_batch_keeps_its_other_verdicts(tmp_path: Path, blackball: str) -> None:
    """The reproduction through the command line, with --jobs 2: the bad file is
    unreadable (exit 2), the good one still valid."""
    (tmp_path / "a.gtxt").write_text(blackball)
    (tmp_path / "b.gtxt").write_text(swap(blackball, r"^seed: \d+", f"seed: {HUGE}")[0])
    r = cli("validate", "--jobs", "2", tmp_path / "a.gtxt", tmp_path / "b.gtxt")
    assert r.exit_code == 2, r.output
    assert "1 valid" in r.output and "1 unreadable" in r.output
    assert "b.gtxt" in r.output and "[format.limit]" in r.output
    assert "Exceeds the limit" not in r.output
