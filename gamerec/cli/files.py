"""What several commands read and write: the records of one file (all readable, or exit 2),
records or bytes written to a file atomically or to standard output, JSON on standard output."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import msgspec

from ..checking.verdicts import unreadable
from ..errors import InputError
from ..escape import json_inert
from ..format.read import Entry, read_file
from .app import EXIT_INPUT, fail
from .options import EncodingChoice

if TYPE_CHECKING:
    from ..record import Record

_json_out = msgspec.json.Encoder()


def json_line(obj: Any) -> str:
    """``obj`` as one line of JSON, inert on a terminal (:func:`gamerec.escape.json_inert`)."""
    return json_inert(_json_out.encode(obj).decode())


def print_json(obj: Any) -> None:
    """``obj`` as indented JSON on standard output, inert on a terminal."""
    sys.stdout.write(json_inert(msgspec.json.format(_json_out.encode(obj), indent=2).decode()) + "\n")


def load(path: str, record: int | None = None) -> list[Entry]:
    """The entries of ``path`` (only record ``record``, from 1, if given); an unreadable one
    ends the command (exit 2, its place and why)."""
    entries = list(read_file(path))
    if record is not None:
        if not 1 <= record <= len(entries):  # a usage error, as --seat 9 is (the input is fine)
            from .options import refuse

            refuse("--record", f"{record}: {path} has {len(entries)} records (1 to {len(entries)})")
        entries = [entries[record - 1]]
    for e in entries:
        if e.error is not None:
            fail(unreadable(e).message(), EXIT_INPUT)
    return entries


def emit_bytes(data: bytes, output: str, force: bool, inputs: list[str]) -> None:
    """``data`` to ``output`` atomically (never one of ``inputs``), or to stdout (``-``)."""
    from ..format.write import write_all, write_atomic  # the writers: for commands that write

    if output == "-":
        sys.stdout.flush()
        write_all(sys.stdout.buffer, data)
        sys.stdout.buffer.flush()
        return
    write_atomic(output, [data], force=force, inputs=inputs)


def emit_records(
    records: Iterable[Record], output: str, to: EncodingChoice | None, force: bool, inputs: list[str]
) -> None:
    """Write ``records`` as they come, all or nothing: to a file atomically, or to stdout
    (``-``, binary by default) once the whole output is made. It is made in a spooled
    temporary file (in memory up to 16 MiB, then on disk), so memory stays flat."""
    import tempfile

    from ..format.write import write_all, write_records, write_stream  # for commands that write

    if output != "-":
        write_records(records, output, to.value if to else None, force=force, inputs=inputs)
        return
    with tempfile.SpooledTemporaryFile(max_size=16 << 20) as spool:
        try:
            write_stream(records, spool, to.value if to else "binary")
        except OSError as e:
            why = e.strerror or e
            raise InputError(f"standard output: cannot make it in a temporary file: {why}") from None
        spool.seek(0)
        sys.stdout.flush()
        while chunk := spool.read(1 << 20):
            write_all(sys.stdout.buffer, chunk)
        sys.stdout.buffer.flush()
