"""Where the records of a text notation file begin (:class:`Splitter`, at each ``gamerec:``
line), and a file of them read a record at a time (:func:`file_records`): memory holds one
record's lines, whatever the size of the file. The records and their first lines' numbers
are those that splitting the file whole gives (``data.split(b"\\n")``, then
:func:`split_records`); :mod:`gamerec.format.read` makes them raw records, and
:mod:`gamerec.format.notation_read` reads each."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import IO

from .detect import BOM
from .notation import _strip_comment

__all__ = ["Splitter", "file_records", "split_records"]

_START = re.compile(r"\s*gamerec\s*:")


def split_records(lines: Iterable[str], first: int = 1) -> Iterator[tuple[int, list[str]]]:
    """The records of a text file: (number of its first line, its lines), each from one
    ``gamerec:`` line to the next (see :class:`Splitter`). Streamed: one record's lines are
    held at a time."""
    splitter = Splitter()
    chunk: list[str] = []
    start = first
    for number, text in enumerate(lines, first):
        if splitter.begins(text):
            yield start, chunk
            chunk, start = [], number
        chunk.append(text)
    if splitter.content:
        yield start, chunk


class Splitter:
    """Where the records of a text file begin, told a line at a time: a record begins at
    its ``gamerec:`` line. Lines before the first are comments or blank (they belong to the
    first record), or the first record's fault; after a record, comments and blank lines
    are its own, up to the next ``gamerec:`` line."""

    __slots__ = ("content",)

    def __init__(self) -> None:
        #: whether the record under way holds a line that is not blank or a comment
        self.content = False

    def begins(self, text: str) -> bool:
        """Whether the line ``text`` (the next of the file) begins a record after the one
        under way, whose lines are then those before it; it is taken in either way."""
        new = self.content and _START.match(text) is not None
        if new or not self.content:
            self.content = bool(_strip_comment(text, False)[0].strip())
        return new


def file_records(f: IO[bytes], limit: int, chunk: int) -> Iterator[tuple[int, bytes | None]]:
    """The records of the text notation file ``f`` (read from its start, its BOM left out),
    a record at a time: (the number of its first line, its bytes), or ``None`` for the
    bytes of a record over ``limit`` (its lines are let go as they come, not kept). Lines
    over ``limit`` are read ``chunk`` bytes at a time (see :func:`_lines`)."""
    splitter = Splitter()
    held: list[bytes] | None = []  # the lines of the record under way; None: over the limit
    size = 0  # its bytes, each line's break counted
    start = 1
    for number, (line, length) in enumerate(_lines(f, limit, chunk), 1):
        if number == 1 and line.startswith(BOM):
            line, length = line[len(BOM) :], length - len(BOM)
        if splitter.begins(line.decode("utf-8", "replace")):
            yield start, None if held is None else b"\n".join(held)
            held, size, start = [], 0, number
        size += length + 1
        if held is not None and size - 1 > limit:
            held = None
        if held is not None:
            held.append(line)
    if splitter.content:
        yield start, None if held is None else b"\n".join(held)


def _lines(f: IO[bytes], limit: int, chunk: int) -> Iterator[tuple[bytes, int]]:
    """Each line of ``f`` without its line break, as ``data.split(b"\\n")`` gives them (an
    empty last line after a final break), with its length. A line over ``limit`` bytes is
    given by its first ``chunk`` bytes alone, with its whole length; the rest of it is
    skipped ``chunk`` bytes at a time, not held."""
    while True:
        line = f.readline(limit + 1)
        if line.endswith(b"\n"):
            yield line[:-1], len(line) - 1
            continue
        if len(line) <= limit:  # the last line (empty after a final break)
            yield line, len(line)
            return
        length, head = len(line), line[:chunk]
        del line
        while (rest := f.readline(chunk)) and not rest.endswith(b"\n"):
            length += len(rest)
        if not rest:  # the file ends with the long line
            yield head, length
            return
        yield head, length + len(rest) - 1
