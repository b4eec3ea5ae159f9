"""`export --to parquet --jobs N` (issue 19): worker processes build the tables of chunks
of records, the parent writes them in input order. Every value is the same as with one
process; a lost worker fails the export with one line and leaves no file; --jobs applies
to the Parquet export only."""

from __future__ import annotations

import os
import re
import signal
import subprocess
from pathlib import Path

import msgspec
import pytest
from helpers import PROCESS_TIMEOUT, assert_gone, cli, finish, session_ended, start, wait_for_workers

pq = pytest.importorskip("pyarrow.parquet")

from gamerec.bots import simulate  # noqa: E402
from gamerec.checking.batch import WorkerLost  # noqa: E402
from gamerec.checking.verdicts import Verdict  # noqa: E402
from gamerec.errors import InputError  # noqa: E402
from gamerec.export import parquet  # noqa: E402
from gamerec.export.parquet import TABLES, write_parquet  # noqa: E402
from gamerec.format.read import RawRecord  # noqa: E402
from gamerec.format.write import write_records  # noqa: E402
from gamerec.record import Record  # noqa: E402

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
GAMES = ("blackball", "forest", "black-swan-2012", "black-swan-taroc")


def renamed(game: str, n: int, tag: str) -> list[Record]:
    """``n`` distinct records of ``game``: a few simulated, repeated under other names."""
    base = list(simulate(game, 4, 5, seed=3))
    return [msgspec.structs.replace(base[i % 5], players=[f"{tag}{i}-{s}" for s in "abcd"]) for i in range(n)]


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """Four files, 564 records (three chunks of 256): every game, an illegal record and an
    unreadable one (beside two readable ones) inside the second chunk."""
    folder = tmp_path_factory.mktemp("pqjobs")
    first, last = folder / "first.grec", folder / "last.grec"
    write_records([r for g in GAMES for r in renamed(g, 70, "A")], first)  # 280 records
    write_records([r for g in GAMES for r in renamed(g, 70, "B")], last)
    illegal = FIXTURES / "blackball" / "bad" / "revoke.json"
    unreadable = FIXTURES / "blackball" / "bad" / "corrupt-frame.grec"
    return [str(first), str(illegal), str(unreadable), str(last)]


def read(folder: Path) -> dict[str, object]:
    return {name: pq.read_table(folder / f"{name}.parquet") for name in TABLES}


def test_jobs_2_writes_the_same_tables_as_jobs_1(batch: list[str], tmp_path: Path) -> None:
    one = cli("export", *batch, "--to", "parquet", "-o", tmp_path / "one", "--jobs", "1", "-q")
    two = cli("export", *batch, "--to", "parquet", "-o", tmp_path / "two", "--jobs", "2", "-q")
    assert one.exit_code == two.exit_code == 2, (one.stderr, two.stderr)  # an unreadable record
    assert two.stderr.replace("/two", "/one") == one.stderr
    assert "(1 unreadable left out)" in one.stderr
    tables_one, tables_two = read(tmp_path / "one"), read(tmp_path / "two")
    for name in TABLES:
        a, b = tables_one[name], tables_two[name]
        assert a.schema.equals(b.schema)
        assert a.num_rows == b.num_rows > 0
        assert a.to_pylist() == b.to_pylist(), name  # every value, in order
    statuses = tables_two["records"].column("verdict").to_pylist()
    assert statuses.count("illegal") == 1 and len(statuses) == 563
    sources = tables_two["records"].column("source").to_pylist()
    assert sources == sorted(sources, key=batch.index)  # in input order


def test_the_library_gives_the_same_summary_and_tables(batch: list[str], tmp_path: Path) -> None:
    one = write_parquet(batch, tmp_path / "one")
    two = write_parquet(batch, tmp_path / "two", jobs=2)
    assert (one.records, one.actions, one.deal_rows, one.unreadable) == (
        two.records, two.actions, two.deal_rows, two.unreadable,
    )  # fmt: skip
    assert one.unreadable == 1
    for name, table in read(tmp_path / "one").items():
        assert table.equals(read(tmp_path / "two")[name])


def test_progress_counts_records_with_workers_too(batch: list[str], tmp_path: Path) -> None:
    """Issue 31: Ctrl-C during `export --to parquet` with workers said "after 9 records (32%
    of the input)" of 9 000 records: each chunk of 256 records was counted as one."""

    def heard(jobs: int) -> list[tuple[int, int, int | None]]:
        calls: list[tuple[int, int, int | None]] = []
        write_parquet(batch, tmp_path / str(jobs), jobs=jobs, on_progress=lambda *call: calls.append(call))
        return calls

    one, two = heard(1), heard(2)
    assert [records for records, _, _ in two] == [256, 512, 564]  # each chunk's records
    assert two[-1] == one[-1]  # every record and all its bytes, as with one process
    assert len(one) == 564


def test_jobs_out_of_bounds_refused_before_any_folder_is_made(batch: list[str], tmp_path: Path) -> None:
    with pytest.raises(InputError, match="jobs 0: a batch uses 1 to"):
        write_parquet(batch, tmp_path / "out", jobs=0)
    assert not (tmp_path / "out").exists()


def test_a_worker_that_dies_fails_the_export_and_leaves_nothing(
    batch: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker killed on its second chunk (records 257 on): the export stops with one line
    naming those records, and neither the folder it made nor any file is left."""
    if "fork" not in __import__("multiprocessing").get_all_start_methods():
        pytest.skip("the patched function reaches the workers by fork")
    real = parquet._chunk_tables

    def dies(raws: list[RawRecord], group: int) -> bytes:
        if raws[0].index == 256:
            os.kill(os.getpid(), signal.SIGKILL)
        return real(raws, group)

    monkeypatch.setattr(parquet, "_chunk_tables", dies)
    out = tmp_path / "out"
    with pytest.raises(WorkerLost, match=r"first\.grec: record 257 to .*last\.grec: record \d+: not "
                       r"exported: a worker process died \(killed by SIGKILL\)"):  # fmt: skip
        write_parquet(batch, out, jobs=2)
    assert not out.exists()
    out.mkdir()
    result = cli("export", *batch, "--to", "parquet", "-o", out, "--jobs", "2", "-q")
    assert result.exit_code == 2
    assert len(result.stderr.splitlines()) == 1 and "not exported: a worker process died" in result.stderr
    assert list(out.iterdir()) == []  # the folder was there before: kept, and empty


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """6 000 blackball records: a few seconds of export for two workers."""
    path = tmp_path_factory.mktemp("pqjobs-big") / "big.grec"
    write_records(renamed("blackball", 6000, "C"), path)
    return path


def exporting(big: Path, out: Path) -> tuple[subprocess.Popen[str], list[int]]:
    """`export -j 2` of ``big`` into ``out`` under way, and its two workers."""
    proc = start("export", big, "--to", "parquet", "-o", out, "-j", "2")
    return proc, wait_for_workers(proc, 2)


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="finds workers through /proc")
def test_a_worker_killed_from_outside_ends_the_export_with_one_line(big: Path, tmp_path: Path) -> None:
    """As an OOM kill would: SIGKILL to a running worker of `export -j 2`."""
    out = tmp_path / "out"
    proc, kids = exporting(big, out)
    os.kill(max(kids), signal.SIGKILL)
    stdout, stderr = finish(proc)
    assert proc.returncode == 2, stderr
    assert stdout == ""
    assert re.fullmatch(
        rf"gamerec: {re.escape(str(big))}: records \d+-\d+: not exported: a worker process died "
        r"\(killed by SIGKILL\), perhaps out of memory; the batch stops there \(fewer --jobs use less "
        r"memory\)\n",
        stderr,
    ), stderr
    assert not out.exists()


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="finds workers through /proc")
def test_ctrl_c_during_export_with_workers_leaves_no_file(big: Path, tmp_path: Path) -> None:
    """Ctrl-C (SIGINT to the process group) while workers build tables: exit 130, one
    line, no table and no temporary file left, the folder made for it removed."""
    out = tmp_path / "out"
    proc, kids = exporting(big, out)
    os.killpg(proc.pid, signal.SIGINT)
    stdout, stderr = finish(proc)
    assert proc.returncode == 130, stderr
    assert stdout == ""
    assert len(stderr.splitlines()) == 1 and stderr.startswith("gamerec: interrupted (SIGINT)"), stderr
    assert not out.exists()
    assert_gone(kids)  # the workers are gone (or zombies of the parent, gone with it)


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="finds workers through /proc")
def test_the_workers_end_when_the_export_is_killed_outright(big: Path, tmp_path: Path) -> None:
    """Issue 31, F3: SIGKILL to `export -j 2` (an OOM kill) left both workers alive for ever,
    blocked sending their tables to no one, holding the caller's standard output and the
    temporary files. Now they end at once, and standard output and stderr reach their end."""
    proc, kids = exporting(big, tmp_path / "out")
    with session_ended(proc):
        os.kill(proc.pid, signal.SIGKILL)
        assert proc.wait(PROCESS_TIMEOUT) == -signal.SIGKILL
        assert_gone(kids, within=10)
        assert proc.communicate(timeout=10) == ("", "")


@pytest.mark.parametrize("form", ["csv", "json", "text", "html"])
def test_jobs_applies_to_parquet_only(form: str, fixtures: Path, tmp_path: Path) -> None:
    game = fixtures / "blackball" / "games" / "family-3p.json"
    result = cli("export", game, "--to", form, "-o", tmp_path / "out", "--jobs", "2")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        f"gamerec export: Invalid value for '--jobs': applies to --to parquet only, not --to {form} "
        "(see 'gamerec export --help')"
    ]
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_each_unreadable_record_is_named_and_the_summary_counts_in_words(tmp_path: Path, jobs: str) -> None:
    """`gamerec export trunc.grec --to parquet -o out` said only "wrote 248 actions and 52
    deal scores of 1 records ... (1 unreadable left out)": which record was left out, and
    why, was not said (validate and the CSV export say it), the rows of deals.parquet are
    one per deal and seat, not deal scores, and one record is a record."""
    trunc = tmp_path / "trunc.grec"
    trunc.write_bytes((FIXTURES / "blackball" / "tournament.grec").read_bytes()[:3000])
    junk = tmp_path / "junk.grec"
    junk.write_bytes(b"\x07junk")
    r = cli("export", junk, trunc, "--to", "parquet", "-o", tmp_path / "out", "-q", "--jobs", jobs)
    assert r.exit_code == 2
    assert r.stderr.splitlines() == [
        f"{junk}: record 1: unreadable: not a gamerec file: starts with b'\\x07junk', neither the binary "
        "magic, JSON nor the text notation (whose records begin with a 'gamerec: 1' line) [format.id]",
        f"{trunc}: record 2: unreadable: bytes 1799..3000: damaged frame: truncated: needs 1771 bytes, "
        "the file has 1185 left (1201 bytes skipped) [format.damaged]",
        f"wrote 248 actions and 52 deal rows (a deal and seat each) of 1 record to {tmp_path / 'out'}"
        " (2 unreadable left out)",
    ]


def test_the_verdicts_of_unreadable_records_come_in_input_order(tmp_path: Path) -> None:
    """write_parquet gives on_unreadable each unreadable record's verdict in input order,
    with one worker process or two (chunks of 256 records: the second has no readable
    record at all)."""
    good = tmp_path / "good.grec"
    write_records(list(simulate("forest", 3, 255, 5)), good)
    broken = []
    for i in range(3):
        f = tmp_path / f"broken{i}.json"
        f.write_text("{" * (i + 1))
        broken.append(str(f))
    files = [broken[0], str(good), broken[1], broken[2]]
    for jobs in (1, 2):
        seen: list[Verdict] = []
        summary = write_parquet(files, tmp_path / f"out{jobs}", jobs=jobs, on_unreadable=seen.append)
        assert summary.unreadable == 3 and summary.records == 255
        assert [v.source for v in seen] == broken
        assert {(v.status, v.record) for v in seen} == {("unreadable", 1)}


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_file_names_that_are_not_utf8_are_exported(tmp_path: Path, jobs: str) -> None:
    """A folder holding `bad\\xff.json` (junk) and `good\\xfe.json` (a record): with `--jobs 2`
    the export died (`internal error: UnicodeEncodeError ... surrogates not allowed`, exit 3,
    nothing written) on the unreadable one's name, and with any --jobs on the readable
    one's (the `source` column). The unreadable record is named on stderr; the source
    column gives the name with the bytes that are not UTF-8 as `\\xNN`."""
    folder = tmp_path / "names"
    folder.mkdir()
    bad = folder / os.fsdecode(b"bad\xff.json")
    bad.write_bytes(b"junk")
    good = folder / os.fsdecode(b"good\xfe.json")
    good.write_bytes((FIXTURES / "blackball" / "games" / "family-3p.json").read_bytes())
    out = tmp_path / "out"
    r = cli("export", folder, "--to", "parquet", "-o", out, "-q", "--jobs", jobs)
    assert r.exit_code == 2, r.stderr
    lines = r.stderr.splitlines()
    assert len(lines) == 2 and "record 1: unreadable: not a gamerec file" in lines[0]
    assert lines[0].startswith(str(folder / "bad"))
    assert lines[1].startswith("wrote 186 actions and 39 deal rows") and lines[1].endswith(
        "(1 unreadable left out)"
    )
    sources = set(pq.read_table(out / "actions.parquet").column("source").to_pylist())
    assert sources == {str(folder / "good\\xfe.json")}
