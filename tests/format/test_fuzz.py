"""Fuzzing every reader (hypothesis, bounded examples): random bytes behind each form's
opening, structured mutations of valid records in the text notation, damaged journals,
and hostile inputs under a memory limit. Outcome for every input: a documented gamerec
error (or a record), never another exception; never unbounded memory or a hang.

Longer, coverage-guided runs: tests/fuzz/README.md (atheris)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamerec.bots import simulate
from gamerec.checking.verdicts import verify_record
from gamerec.errors import FORMAT_CODES, GamerecError
from gamerec.format import container
from gamerec.format.notation import format_record
from gamerec.format.read import read_bytes
from gamerec.format.write import encode_records
from gamerec.recording.recorder import Recorder

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

SAMPLES = [next(simulate(game, n, 1, 2)) for game, n in
           (("blackball", 3), ("black-swan-2012", 2), ("black-swan-taroc", 2), ("forest", 3))]  # fmt: skip
TEXTS = [format_record(r) for r in SAMPLES]
OPENINGS = [
    b"",
    container.FILE_HEADER,
    container.FILE_HEADER + b"\xc1GRF",
    b"{",
    b'{"format": "gamerec", "version": 1, "game": "forest", ',
    b"[",
    b"gamerec: 1\n",
    b"gamerec: 1\ngame: blackball\nplayers: A, B\n",
    b"\xef\xbb\xbf",
    b"# a comment\n",
]


def read_all(data: bytes, source: str = "fuzz") -> None:
    """Read ``data`` as gamerec does; every record must be decoded or refused with a
    documented code, and a decoded one must be judged without an exception."""
    for entry in read_bytes(data, source):
        if entry.record is None:
            assert entry.error is not None
            assert entry.error.code in FORMAT_CODES, entry.error
        else:
            verify_record(entry.record, source, entry.index)


@FUZZ
@given(st.sampled_from(OPENINGS), st.binary(max_size=600))
def test_random_bytes_behind_every_opening(opening: bytes, tail: bytes) -> None:
    read_all(opening + tail)


@FUZZ
@given(st.sampled_from(OPENINGS), st.text(max_size=400))
def test_random_text_behind_every_opening(opening: bytes, tail: str) -> None:
    read_all(opening + tail.encode("utf-8", "surrogatepass"))


line_ops = st.sampled_from(["delete", "duplicate", "swap", "char", "truncate", "insert"])


@FUZZ
@given(st.sampled_from(range(len(TEXTS))), st.lists(st.tuples(line_ops, st.integers(0, 10**6),
       st.characters(codec="utf-8")), min_size=1, max_size=6))  # fmt: skip
def test_mutated_text_records(which: int, ops: list[tuple[str, int, str]]) -> None:
    lines = TEXTS[which].split("\n")
    for op, at, ch in ops:
        i = at % len(lines)
        if op == "delete" and len(lines) > 1:
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = (i + 1) % len(lines)
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "char" and lines[i]:
            k = at % len(lines[i])
            lines[i] = lines[i][:k] + ch + lines[i][k + 1 :]
        elif op == "truncate":
            lines[i] = lines[i][: at % (len(lines[i]) + 1)]
        elif op == "insert":
            lines.insert(i, ch * (at % 5))
    read_all("\n".join(lines).encode("utf-8", "surrogatepass"), "mutated.gtxt")


@FUZZ
@given(st.sampled_from(["binary", "json", "jsonl"]), st.sampled_from(range(len(SAMPLES))),
       st.lists(st.tuples(st.integers(0, 10**7), st.integers(0, 255)), min_size=1, max_size=8))  # fmt: skip
def test_bit_flips_in_every_encoding(encoding: str, which: int, flips: list[tuple[int, int]]) -> None:
    data = bytearray(b"".join(encode_records([SAMPLES[which]], encoding)))  # type: ignore[arg-type]
    for at, value in flips:
        data[at % len(data)] = value
    read_all(bytes(data))


@pytest.fixture(scope="module")
def journal_lines(tmp_path_factory: pytest.TempPathFactory) -> list[bytes]:
    path = tmp_path_factory.mktemp("journal") / "j"
    rec = Recorder.start(path, "forest", ["A", "B", "C"], hands="seed", seed=1)
    rec.deal_from_seed()
    for _ in range(10):
        rec.enter(rec.legal()[0])
    rec.close()
    return path.read_bytes().split(b"\n")


ODD_ENTRIES = [b"[]", b"5", b'{"deal": "x"}', b'{"action": 3}', b'{"hands": 7}', b'{"stock": "ZZ"}',
               b'{"reopen": "a"}', b'{"header": 1}', b"{}", b'{"deal": 0, "hands": [["QQ"]]}']  # fmt: skip


@FUZZ
@given(st.data())
def test_damaged_journals_resume_or_say_why(journal_lines: list[bytes], data: st.DataObject) -> None:
    lines = list(journal_lines)
    i = data.draw(st.integers(0, len(lines) - 1))
    how = data.draw(st.sampled_from(["bytes", "cut", "json"]))
    if how == "bytes":
        lines[i] = data.draw(st.binary(max_size=80))
    elif how == "cut":
        lines[i] = lines[i][: data.draw(st.integers(0, len(lines[i])))]
    else:
        lines[i] = data.draw(st.sampled_from(ODD_ENTRIES))
    path = Path("/tmp") / f"gamerec-fuzz-journal-{i}-{how}"
    path.write_bytes(b"\n".join(lines))
    try:
        rec = Recorder.resume(path)
    except GamerecError:
        return
    finally:
        path.unlink(missing_ok=True)
    rec.status()  # a journal that resumes can be worked with


HOSTILE = {
    # a frame claiming 4 GiB
    "huge-frame": container.FILE_HEADER + b"\xc1GRF" + b"\xff\xff\xff\xf0" * 2 + b"\x00" * 64,
    # arrays inside arrays, far deeper than any record
    "deep-json": b'{"format":"gamerec","version":1,"game":"blackball","players":["a","b"],"rules":{"x":'
    + b"[" * 200_000
    + b"]" * 200_000
    + b"}}",
    "deep-list": b"[" * 500_000,
    "deep-text": b"gamerec: 1\ngame: blackball\nplayers: a, b\nrule x: " + b"[" * 30_000 + b"\n",
    "long-line": b"gamerec: 1\ngame: blackball\nplayers: " + b"a" * 3_000_000 + b"\n",
    "many-lines": b"gamerec: 1\n" * 200_000,
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_inputs_within_memory_and_time(name: str, tmp_path: Path) -> None:
    """Each read in a child process limited to 1 GiB of address space and 60 s: it ends,
    with documented errors only."""
    path = tmp_path / name
    path.write_bytes(HOSTILE[name])
    code = textwrap.dedent(
        f"""
        import resource, sys
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
        from gamerec.errors import FORMAT_CODES
        from gamerec.format.read import read_file
        n = 0
        for e in read_file({str(path)!r}):
            assert e.record is not None or e.error.code in FORMAT_CODES, e.error
            n += 1
        print(n)
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert int(done.stdout) >= 1
