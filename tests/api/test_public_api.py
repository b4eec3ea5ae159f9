"""The public API at the top of the package (issue 14): ``import gamerec`` gives the common
jobs (read, verify, check, score, replay, write, simulate), and every function that takes
paths accepts one path (a string or a path object) as well as many."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES

import gamerec
from gamerec.checking.batch import verify_batch
from gamerec.checking.verdicts import verify_paths
from gamerec.errors import InputError
from gamerec.format.listing import list_records
from gamerec.format.paths import as_paths, expand_paths
from gamerec.format.read import raw_records, read_records

TOURNAMENT = FIXTURES / "forest" / "tournament.grec"  # 100 records
GAMES = FIXTURES / "blackball" / "games"


def test_read_records_of_one_path_reads_the_file_not_its_characters() -> None:
    """The issue's reproduction: ``read_records("x.grec")`` iterated the characters of
    the string (and failed on a file named ``f``)."""
    assert sum(1 for _ in read_records(str(TOURNAMENT))) == 100


@pytest.mark.parametrize("as_given", [str, Path, lambda p: [str(p)], lambda p: (Path(p),)])
def test_every_path_taking_function_takes_one_path_or_many(as_given: object) -> None:
    arg = as_given(TOURNAMENT)  # type: ignore[operator]
    assert expand_paths(arg) == [str(TOURNAMENT)]
    assert sum(1 for _ in read_records(arg)) == 100
    assert sum(1 for _ in raw_records(arg)) == 100
    assert sum(1 for _ in list_records(arg)) == 100
    assert sum(1 for _ in verify_paths(arg)) == 100
    assert sum(1 for _ in verify_batch(arg)) == 100
    assert sum(1 for _ in gamerec.read(arg)) == 100


def test_paths_are_never_bytes() -> None:
    # gamerec's own error, as everything it raises on purpose (it was a TypeError)
    with pytest.raises(InputError, match="not bytes"):
        as_paths(b"games.grec")  # type: ignore[arg-type]


def test_read_takes_paths_directories_bytes_and_file_objects() -> None:
    data = TOURNAMENT.read_bytes()
    by_path = [e.record for e in gamerec.read(TOURNAMENT)]
    assert [e.record for e in gamerec.read(data)] == by_path
    assert [e.record for e in gamerec.read(io.BytesIO(data))] == by_path
    with TOURNAMENT.open("rb") as f:
        entries = list(gamerec.read(f))
    assert [e.record for e in entries] == by_path
    assert entries[0].source == str(TOURNAMENT)  # a file object is named by its name
    assert sum(1 for _ in gamerec.read(GAMES)) == len(expand_paths([str(GAMES)]))


def test_records_raises_on_the_first_unreadable_record_and_says_where() -> None:
    with pytest.raises(gamerec.FormatError) as caught:
        list(gamerec.records(b'{"game": "blackball"', name="cut.json"))
    assert caught.value.code == "format.json"
    assert str(caught.value) == "cut.json: record 1 (byte 0): not valid JSON: Input data was truncated"


def test_check_verify_score_and_replay_agree() -> None:
    verdicts = list(gamerec.check(TOURNAMENT))
    assert [v.status for v in verdicts] == ["valid"] * 100
    assert all(v.hash for v in verdicts)  # a file's records carry their content hashes
    first = next(gamerec.records(TOURNAMENT))
    assert gamerec.verify(first).scores == verdicts[0].scores
    from_path = gamerec.score(TOURNAMENT)
    assert from_path == gamerec.score(verdicts) == gamerec.score([str(TOURNAMENT)])
    assert from_path.counts["valid"] == 100
    replay = gamerec.replay(first)
    steps = list(replay)
    assert replay.verdict is not None and replay.verdict.status == "valid"
    assert len(steps) == first.action_count + len(first.deals)


def test_check_of_bytes_reports_unreadable_records_too() -> None:
    statuses = [v.status for v in gamerec.check(b"not a record", name="junk")]
    assert statuses == ["unreadable"]


def test_write_is_atomic_and_refuses_to_replace_without_force(tmp_path: Path) -> None:
    records = list(gamerec.simulate("blackball", 3, games=2, seed=5))
    target = tmp_path / "two.jsonl"
    assert gamerec.write(records, str(target)) > 0
    assert list(gamerec.records(target)) == records
    with pytest.raises(gamerec.InputError):
        gamerec.write(records[:1], str(target))
    gamerec.write(records[:1], str(target), force=True)
    assert len(list(gamerec.records(target))) == 1


def test_import_gamerec_loads_nothing_it_does_not_need() -> None:
    code = "import sys, gamerec; print(sorted(m for m in sys.modules if m.startswith('gamerec')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['gamerec', 'gamerec.version']"


def test_the_names_it_promises_are_there() -> None:
    for name in gamerec.__all__:
        assert getattr(gamerec, name) is not None
    with pytest.raises(AttributeError):
        gamerec.no_such_thing  # noqa: B018
