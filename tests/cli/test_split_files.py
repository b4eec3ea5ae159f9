"""Issue 16: ``gamerec split`` writes one file per group under names made safe from the
group's value, all or nothing; ``convert`` and ``filter`` merge many inputs into one; a
split followed by a merge gives back the same records in the same order."""

from __future__ import annotations

import os
from pathlib import Path

import msgspec
import pytest
from conftest import FIXTURES
from helpers import cli, error_line
from hypothesis import given, settings
from hypothesis import strategies as st

from gamerec.archives.split import MAX_STEM, group_names, safe_stem
from gamerec.bots import simulate
from gamerec.format.binary import content_hash
from gamerec.format.read import read_file
from gamerec.format.write import write_records
from gamerec.record import Meta, Record

_BASE = list(simulate("blackball", 3, 4, seed=5))


def _hashes(*paths: Path) -> list[str]:
    return [content_hash(e.record) for p in paths for e in read_file(p) if e.record is not None]


def _with_events(events: list[str | None]) -> list[Record]:
    """Distinct records (names differ), one per event value."""
    return [
        msgspec.structs.replace(
            _BASE[i % len(_BASE)], meta=Meta(event=e), players=[f"P{i}", f"Q{i}", f"R{i}"]
        )
        for i, e in enumerate(events)
    ]


HOSTILE = [
    "../x",
    "",
    None,
    "x" * 300,
    "y" * 300,
    "a\x1b[31mred\x07\nline\x00nul",
    "/etc/passwd",
    "..",
    ".",
    ".hidden",
    "CON",
    "nul.txt",
    "Club",
    "club",
    "a/b",
    "a_b",
    "-rf",
    "é" * 200,
    "tab\there",
    "trailing.",
]


def test_hostile_group_values_make_safe_distinct_names(tmp_path: Path) -> None:
    records = _with_events(HOSTILE)
    write_records(records, tmp_path / "in.grec")
    out = tmp_path / "out"
    r = cli("split", tmp_path / "in.grec", "--by", "event", "-o", out)
    assert r.exit_code == 0, r.stderr
    names = sorted(os.listdir(out))
    assert len(names) == len(HOSTILE)  # every group a file of its own, nothing outside
    assert sorted(os.listdir(tmp_path)) == ["in.grec", "out"]
    assert len({n.casefold() for n in names}) == len(names)  # apart on case-insensitive disks
    for n in names:
        assert n.endswith(".grec") and not n.startswith((".", "-"))
        assert len(n.encode()) <= MAX_STEM + 16
        assert all(c.isprintable() and c not in "/\\\t\n" for c in n)
        assert n.split(".")[0].upper() not in ("CON", "NUL")
    # each file holds its one record, whose event is its group
    back = {e.record.meta.event for n in names for e in read_file(out / n) if e.record is not None}
    assert back == set(HOSTILE)


def test_safe_stem_examples() -> None:
    assert safe_stem("../x") == "_.._x"
    assert safe_stem(None) == "_none" and safe_stem("") == "_empty"
    assert safe_stem("Club night") == "Club_night"
    assert safe_stem("Zoë") == "Zoë"
    assert safe_stem("x" * 300) != safe_stem("x" * 301)  # cut, but kept apart by a hash
    names = group_names(["Club", "club", "a/b", "a_b", None, "_none"])
    assert names[0] == "Club.grec" and names[2] == "a_b.grec" and names[4] == "_none.grec"
    for later in (1, 3, 5):  # the first to claim a name gets it; a later value gets a hash added
        assert names[later].startswith(names[later - 1][:-5] if later != 1 else "club-")
        assert names[later] != names[later - 1]
    assert len({n.casefold() for n in names}) == 6
    assert group_names(["Club", "club"]) == group_names(["Club", "club"])  # the same each run


@pytest.mark.parametrize("by", ["game", "event", "date", "player", "2"])
def test_split_groups_and_keeps_order_within_each(by: str, tmp_path: Path) -> None:
    games = _with_events(["Open", "Club", "Open", None, "Club"])
    games = [
        msgspec.structs.replace(g, meta=msgspec.structs.replace(g.meta, date=d))
        for g, d in zip(games, ["2024-01-01", None, "2024-01-01", "2024-02-02", "2024-01-01"], strict=True)
    ]
    write_records(games[:2], tmp_path / "a.json")
    write_records(games[2:], tmp_path / "b.gtxt")
    out = tmp_path / "out"
    r = cli("split", tmp_path / "a.json", tmp_path / "b.gtxt", "--by", by, "-o", out, "--to", "jsonl")
    assert r.exit_code == 0, r.stderr
    files = sorted(out.iterdir())
    assert all(f.suffix == ".jsonl" for f in files)
    order = [content_hash(g) for g in games]
    got = [_hashes(f) for f in files]
    for hashes in got:  # input order kept in each file
        assert hashes == sorted(hashes, key=order.index)
    every = [h for hashes in got for h in hashes]
    if by == "player":  # a record in the file of each of its players
        assert sorted(every) == sorted(order * 3)
    else:
        assert sorted(every) == sorted(order)
    expected = {"game": 1, "event": 3, "date": 3, "player": 15, "2": 3}[by]
    assert len(files) == expected
    if by == "2":
        assert [f.name for f in files] == ["part-000001.jsonl", "part-000002.jsonl", "part-000003.jsonl"]


@settings(max_examples=15)
@given(
    picks=st.lists(st.integers(0, len(_BASE) - 1), min_size=1, max_size=12),
    size=st.integers(1, 5),
    form=st.sampled_from(["binary", "json", "jsonl", "text"]),
)
def test_split_then_merge_gives_back_the_records_in_order(
    picks: list[int], size: int, form: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    tmp = tmp_path_factory.mktemp("rt")
    records = [msgspec.structs.replace(_BASE[p], meta=Meta(event=f"e{p}")) for p in picks]
    write_records(records, tmp / "in.grec")
    assert cli("split", tmp / "in.grec", "--by", str(size), "-o", tmp / "parts", "--to", form).exit_code == 0
    assert cli("convert", tmp / "parts", "-o", tmp / "merged.jsonl").exit_code == 0
    assert _hashes(tmp / "merged.jsonl") == _hashes(tmp / "in.grec")
    assert cli("filter", tmp / "parts", "-o", tmp / "merged.grec").exit_code == 0
    assert _hashes(tmp / "merged.grec") == _hashes(tmp / "in.grec")


def test_split_by_game_then_merge_on_an_archive_grouped_by_game(tmp_path: Path) -> None:
    tournaments = sorted(FIXTURES.glob("*/tournament.grec"))
    assert cli("split", *tournaments, "--by", "game", "-o", tmp_path / "g").exit_code == 0
    merged = [tmp_path / "g" / f"{t.parent.name}.grec" for t in tournaments]
    assert cli("convert", *merged, "-o", tmp_path / "all.grec").exit_code == 0
    assert _hashes(tmp_path / "all.grec") == _hashes(*tournaments)


def test_split_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    src = FIXTURES / "forest" / "tournament.grec"
    out = tmp_path / "out"
    out.mkdir()
    (out / "forest.grec").write_bytes(b"mine")
    r = cli("split", src, "--by", "game", "-o", out)
    assert r.exit_code == 2 and "forest.grec: exists (use --force to replace it)" in error_line(r)
    assert os.listdir(out) == ["forest.grec"] and (out / "forest.grec").read_bytes() == b"mine"
    assert cli("split", src, "--by", "game", "-o", out, "--force").exit_code == 0
    assert _hashes(out / "forest.grec") == _hashes(src)
    assert os.listdir(out) == ["forest.grec"]  # no temporary left


def test_split_writes_nothing_when_a_record_is_unreadable(tmp_path: Path) -> None:
    bad = FIXTURES / "blackball" / "bad" / "corrupt-frame.grec"
    r = cli("split", FIXTURES / "forest" / "tournament.grec", bad, "--by", "game", "-o", tmp_path / "out")
    assert r.exit_code == 2
    assert "corrupt-frame.grec: record 2: unreadable" in error_line(r)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("args", "flag"),
    [(("--by", "colour"), "--by"), (("--by", "0"), "--by"), (("--by", "game", "-o", "-"), "--output")],
)
def test_split_usage_errors(args: tuple[str, ...], flag: str, tmp_path: Path) -> None:
    extra = () if "-o" in args else ("-o", str(tmp_path / "o"))
    r = cli("split", FIXTURES / "forest" / "tournament.grec", *args, *extra)
    assert r.exit_code == 2 and f"'{flag}'" in error_line(r)


def test_split_into_a_file_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "f").write_text("x")
    r = cli("split", FIXTURES / "forest" / "tournament.grec", "--by", "game", "-o", tmp_path / "f")
    assert r.exit_code == 2 and "not a directory" in error_line(r)


def test_convert_merges_many_inputs_and_never_writes_an_input(tmp_path: Path) -> None:
    a, b = FIXTURES / "forest" / "tournament.grec", FIXTURES / "blackball" / "games"
    r = cli("convert", a, b, "-o", tmp_path / "m.gtxt")
    assert r.exit_code == 0, r.stderr
    assert _hashes(tmp_path / "m.gtxt") == _hashes(a, *sorted(b.iterdir()))
    copy = tmp_path / "copy.grec"
    copy.write_bytes(a.read_bytes())
    r = cli("convert", copy, b, "-o", copy, "--force")
    assert r.exit_code == 2 and "is also the input" in error_line(r)
    assert copy.read_bytes() == a.read_bytes()


def test_split_skip_unreadable_leaves_them_out_and_says_each(tmp_path: Path) -> None:
    """`split` of an archive with one damaged frame wrote nothing (as it still does without
    the flag); `--skip-unreadable` leaves the record out, as `filter --skip-unreadable`
    does, and parts of N count only the records kept."""
    corrupt = FIXTURES / "blackball" / "bad" / "corrupt-frame.grec"
    games = FIXTURES / "blackball" / "games"
    r = cli("split", games, corrupt, "--by", "2", "-o", tmp_path / "none")
    assert r.exit_code == 2 and "--skip-unreadable" in error_line(r)
    assert not (tmp_path / "none").exists()
    r = cli("split", games, corrupt, "--by", "2", "--skip-unreadable", "-o", tmp_path / "parts")
    assert r.exit_code == 2, r.stderr  # written, and 2: some input could not be read
    unread = [x for x in r.stderr.splitlines() if ": unreadable: " in x]
    assert len(unread) == 1 and unread[0].startswith(f"{corrupt}: record 2: unreadable: bytes ")
    kept = [e.record for p in sorted((tmp_path / "parts").iterdir()) for e in read_file(p)]
    read = sum(len(list(read_file(f))) for f in [*games.iterdir(), corrupt])
    assert len(kept) == read - 1
    assert [len(list(read_file(p))) for p in sorted((tmp_path / "parts").iterdir())][:-1] == [2] * (
        len(kept) // 2
    )
    files = (len(kept) + 1) // 2
    assert (
        r.stderr.splitlines()[-1]
        == f"split {len(kept)} records into {files} files in {tmp_path / 'parts'}; 1 unreadable left out"
    )
