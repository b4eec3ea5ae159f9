"""Issue 12, item 12: special files are refused before they are opened (a FIFO blocked in
open()), and no symlink loop is followed (a ``**`` glob through ``d/l1 -> .`` ran for
minutes)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import cli

from gamerec.bots import simulate
from gamerec.format.paths import expand_paths
from gamerec.format.read import raw_file
from gamerec.format.write import encode_records

CLI = [sys.executable, "-c", "from gamerec.cli import main; main()"]


def run(*args: str, cwd: Path, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([*CLI, *args], cwd=cwd, input=stdin, capture_output=True, timeout=120)


@pytest.fixture
def record_bytes() -> bytes:
    return b"".join(encode_records(simulate("forest", 2, 1, seed=3), "jsonl"))


def test_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    """The reproduction: a FIFO no one writes to, named as an input."""
    os.mkfifo(tmp_path / "pipe")
    r = run("validate", "pipe", cwd=tmp_path)
    assert r.returncode == 2
    err = r.stderr.decode()
    assert err == "gamerec: pipe: not a regular file (a FIFO): give it as - on standard input\n"
    assert r.stdout == b""


@pytest.mark.parametrize("command", ["validate", "ls", "score", "convert"])
def test_device_is_refused(tmp_path: Path, command: str) -> None:
    args = [command, "/dev/zero"] + (["-o", str(tmp_path / "o.grec")] if command == "convert" else [])
    r = cli(*args)
    assert r.exit_code == 2
    assert "/dev/zero: not a regular file (a character device): give it as - on standard input" in r.output
    assert not (tmp_path / "o.grec").exists()


def test_socket_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s"
    with socket.socket(socket.AF_UNIX) as s:
        s.bind(str(path))
        with pytest.raises(Exception, match="not a regular file \\(a socket\\)"):
            list(raw_file(path))


def test_a_process_substitution_is_read(tmp_path: Path, record_bytes: bytes) -> None:
    """`gamerec validate <(zcat games.jsonl.gz)`: a pipe this process holds already (it
    cannot block in open), named /dev/fd/N, is read as standard input is."""
    (tmp_path / "g.jsonl").write_bytes(record_bytes)
    r = subprocess.run(
        ["bash", "-c", 'exec "$@" <(cat g.jsonl)', "bash", *CLI, "validate"],
        cwd=tmp_path, capture_output=True, timeout=120,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert b"1 valid" in r.stdout


def test_stdin_is_still_read(record_bytes: bytes) -> None:
    r = cli("validate", "-", input=record_bytes)
    assert r.exit_code == 0, r.output


def test_a_symlink_to_a_file_is_read(tmp_path: Path, record_bytes: bytes) -> None:
    (tmp_path / "a.jsonl").write_bytes(record_bytes)
    (tmp_path / "link.jsonl").symlink_to("a.jsonl")
    assert cli("validate", tmp_path / "link.jsonl").exit_code == 0


@pytest.fixture
def looped(tmp_path: Path, record_bytes: bytes) -> Path:
    """d/a.json, d/sub/b.json, and two links back to d (d/l1 -> ., d/sub/up -> ..)."""
    d = tmp_path / "d"
    (d / "sub").mkdir(parents=True)
    (d / "a.jsonl").write_bytes(record_bytes)
    (d / "sub" / "b.jsonl").write_bytes(record_bytes)
    (d / "l1").symlink_to(".")
    (d / "sub" / "up").symlink_to("..")
    return tmp_path


def test_glob_through_a_symlink_loop_visits_each_directory_once(
    looped: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(looped)
    assert expand_paths(["d/**/*.jsonl"]) == ["d/a.jsonl", "d/sub/b.jsonl"]
    assert expand_paths(["d"]) == ["d/a.jsonl", "d/sub/b.jsonl"]
    assert expand_paths(["d/**"]) == ["d/a.jsonl", "d/sub/b.jsonl"]


def test_glob_through_two_symlink_loops_ends(looped: Path) -> None:
    """The reproduction of the issue: two links to the directory itself (``d/l1 -> .``,
    ``d/l2 -> .``) made a ``**`` glob try every path of up to 40 links."""
    (looped / "d" / "l2").symlink_to(".")
    r = run("ls", "d/**/*.jsonl", cwd=looped)
    assert r.returncode == 0, r.stderr
    assert [line.split()[0] for line in r.stdout.decode().splitlines()[1:]] == ["d/a.jsonl", "d/sub/b.jsonl"]


def test_a_file_reached_by_two_paths_is_read_once(tmp_path: Path, record_bytes: bytes) -> None:
    d = tmp_path / "d"
    (d / "real").mkdir(parents=True)
    (d / "real" / "a.jsonl").write_bytes(record_bytes)
    (d / "alias.jsonl").symlink_to("real/a.jsonl")
    (tmp_path / "e").mkdir()
    (tmp_path / "e" / "c.jsonl").write_bytes(record_bytes)
    (d / "out").symlink_to("../e")  # a link to a directory outside: followed
    found = expand_paths([str(d)])
    assert len(found) == 2
    assert {Path(f).resolve() for f in found} == {d / "real" / "a.jsonl", tmp_path / "e" / "c.jsonl"}
    assert len(expand_paths([str(d / "**" / "*.jsonl")])) == 2


def test_glob_matches_as_glob_does(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import glob

    monkeypatch.chdir(tmp_path)
    for name in ["d/a.json", "d/b.grec", "d/sub/c.json", "d/sub/deeper/x.jsonl", "d/.hid/h.json",
                 "d/.dot.json", "e/z.gtxt", "d/sub/n.txt"]:  # fmt: skip
        Path(name).parent.mkdir(parents=True, exist_ok=True)
        Path(name).write_text("{}")
    from gamerec.format.paths import _glob

    for pattern in ["d/**/*.json", "**/*.json", "*/*.json", "d/*", "d/s*/*", "**", "./d/*.json", "d/.*",
                    "d/**/.hid/*", f"{tmp_path}/d/**/*.json", "[de]/*", "d/?.json"]:  # fmt: skip
        assert _glob(pattern) == sorted(glob.glob(pattern, recursive=True)), pattern


def test_a_file_named_twice_is_read_once(tmp_path: Path, record_bytes: bytes) -> None:
    """`validate t.grec t.grec` (or a file and its folder) counted the same records twice,
    and the duplicates went unseen (same file, same record numbers)."""
    (tmp_path / "d").mkdir()
    game = tmp_path / "d" / "g.jsonl"
    game.write_bytes(record_bytes)
    assert expand_paths([str(game), str(game), str(tmp_path / "d")]) == [str(game)]
    r = cli("validate", game, game)
    assert r.exit_code == 0 and "1 record: 1 valid" in r.stdout


def test_file_names_that_are_not_utf8_are_named_as_text(tmp_path: Path) -> None:
    """Linux file names are any bytes; Python holds those that are not UTF-8 as lone
    surrogates, which no encoder takes. `gamerec validate FOLDER -j 2` (more than one chunk
    of records, so the verdicts cross from worker processes as MessagePack) and
    `validate --json` ended with `internal error: UnicodeEncodeError ... surrogates not
    allowed`. The records now name such a file with those bytes as `\\xNN`."""
    folder = tmp_path / "names"
    folder.mkdir()
    (folder / os.fsdecode(b"bad\xff.json")).write_bytes(b"junk")
    (folder / os.fsdecode(b"good\xfe.grec")).write_bytes(
        b"".join(encode_records(list(simulate("forest", 3, 300, 2)), "binary"))
    )
    r = cli("validate", folder, "-j", "2")
    assert r.exit_code == 2, r.stderr
    assert r.stderr.startswith(f"{folder}/bad\\xff.json: record 1: unreadable: not a gamerec file")
    assert r.stdout.strip() == "301 records: 300 valid, 1 unreadable"
    j = cli("validate", folder, "-j", "1", "--json")
    assert j.exit_code == 2 and '"unreadable":1' in j.stdout, j.stderr
    sources = {raw.source for raw in raw_file(folder / os.fsdecode(b"good\xfe.grec"))}
    assert sources == {f"{folder}/good\\xfe.grec"}


# -- a name that cannot be opened says why (2026-12-02) ------------------------------------
def test_a_symlink_loop_is_named_as_a_loop(tmp_path: Path) -> None:
    """`validate loop1` with loop1 -> loop2 -> loop1 said "no such file or directory"."""
    (tmp_path / "loop2").symlink_to("loop1")
    (tmp_path / "loop1").symlink_to("loop2")
    r = run("validate", "loop1", cwd=tmp_path)
    assert r.returncode == 2
    assert r.stderr.decode() == "gamerec: loop1: a loop of symbolic links\n"


def test_a_dangling_symlink_names_its_target(tmp_path: Path) -> None:
    (tmp_path / "game.grec").symlink_to("moved/game.grec")
    r = run("validate", "game.grec", cwd=tmp_path)
    assert r.returncode == 2
    assert (
        r.stderr.decode()
        == "gamerec: game.grec: a symbolic link to 'moved/game.grec', which does not exist\n"
    )


def test_a_path_through_a_file_says_so(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("x")
    r = run("validate", "notes.txt/game.grec", cwd=tmp_path)
    assert r.returncode == 2
    assert r.stderr.decode() == "gamerec: notes.txt/game.grec: a part of the path is not a directory\n"


def test_a_missing_file_is_still_no_such_file(tmp_path: Path) -> None:
    r = run("validate", "nothing.grec", cwd=tmp_path)
    assert r.returncode == 2
    assert r.stderr.decode() == "gamerec: nothing.grec: no such file or directory\n"


def test_a_chain_of_links_names_where_it_breaks(tmp_path: Path) -> None:
    """Found by review: dang2 -> dang -> moved/x.grec said "a symbolic link to 'dang',
    which does not exist", and dang does exist."""
    (tmp_path / "dang.grec").symlink_to("moved/x.grec")
    (tmp_path / "dang2.grec").symlink_to("dang.grec")
    r = run("validate", "dang2.grec", cwd=tmp_path)
    assert r.returncode == 2
    end = os.path.realpath(tmp_path / "moved" / "x.grec")
    assert (
        r.stderr.decode()
        == f"gamerec: dang2.grec: a chain of symbolic links that ends at {end!r}, which does not exist\n"
    )


def test_standard_input_named_twice_is_read_once(record_bytes: bytes) -> None:
    """Found by trying the product: `validate - - < g.grec` read the input, then a second,
    empty standard input (`-: record 1: unreadable: empty input`, exit 2)."""
    assert expand_paths(["-", "-"]) == ["-"]
    r = cli("validate", "-", "-", input=record_bytes)
    assert r.exit_code == 0, r.output
    assert r.stdout.strip() == "1 record: 1 valid"
