"""A text file that is almost a record (a new user's `.gtxt` without its `gamerec: 1`
line) is refused with the line it lacks named, and its first bytes shown as text."""

from __future__ import annotations

from pathlib import Path

from helpers import cli


def test_a_notation_file_without_its_first_line_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.gtxt"
    path.write_text("game: blackball\nplayers: Ann, Bob\n")
    r = cli("validate", path)
    assert r.exit_code == 2
    assert (
        "not a gamerec file: starts with 'game: bl', neither the binary magic, JSON nor the text notation "
        "(whose records begin with a 'gamerec: 1' line) [format.id]"
    ) in r.stderr


def test_binary_junk_is_shown_by_its_escapes(tmp_path: Path) -> None:
    path = tmp_path / "junk.grec"
    path.write_bytes(b"\x00\x01junk\xff\xfe")
    r = cli("validate", path)
    assert r.exit_code == 2
    assert "starts with b'\\x00\\x01junk\\xff\\xfe'" in r.stderr


def test_text_with_a_line_break_is_shown_as_text(tmp_path: Path) -> None:
    """Found by trying the product: `garbage` on a line of its own was shown as bytes
    (`starts with b'garbage\\n'`)."""
    path = tmp_path / "l1.jsonl"
    path.write_bytes(b"garbage\nmore\n")
    r = cli("validate", path)
    assert r.exit_code == 2
    assert "not a gamerec file: starts with 'garbage\\n', neither" in r.stderr
