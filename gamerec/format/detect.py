"""Telling the four encodings apart from an input's first bytes (docs/format.md, "Encoding
detection"): :func:`detect` reads them, :func:`wants_more` says when it needs the rest of a
line to decide (a first line cut at 64 KiB; the second line after a damaged first one)."""

from __future__ import annotations

import re

import msgspec

from ..errors import FormatError
from ..record import FORMAT_ID
from . import container
from .encodings import Encoding

__all__ = ["BLANK", "BOM", "NOT_BLANK", "detect", "wants_more"]

BOM = b"\xef\xbb\xbf"
BLANK = BOM + b" \t\r\n"


def detect(head: bytes) -> Encoding:
    """The encoding of a file from its first bytes (at least its first line)."""
    if head.startswith(container.MAGIC) or (head[:1] == b"\x89" and container.MAGIC.startswith(head)):
        return "binary"
    text = head.lstrip(BLANK)
    if text.startswith(b"["):
        return "json"
    if text.startswith(b"{"):
        first = text.split(b"\n", 1)[0].strip()
        if (len(first) > 1 and first.endswith(b"}")) or _record_line_after_first(text):
            return "jsonl"
        return "json"
    if text.startswith((b"#", b"gamerec")):
        return "text"
    if not text:
        raise FormatError("empty input: no records", "format.empty")
    if _record_line_after_first(text):
        return "jsonl"
    raise FormatError(
        f"not a gamerec file: starts with {_shown(head[:8])}, neither the binary magic, JSON nor the text "
        "notation (whose records begin with a 'gamerec: 1' line)",
        "format.id",
    )


def _record_line_after_first(text: bytes) -> bool:
    """Whether a line of ``text`` after its first is a record on its own (a JSON object with
    ``"format": "gamerec"``, which no line of a JSON document is): JSON Lines whose first
    line is damaged, read as JSON Lines so that the lines after it still read."""
    lines = text.split(b"\n")
    if lines[0].strip() == b"{":  # a document laid out (its rules may hold such an object)
        return False
    for line in lines[1:]:
        line = line.strip()
        if line.startswith(b"{") and line.endswith(b"}") and b'"format"' in line:
            try:
                obj = msgspec.json.decode(line)
            except msgspec.DecodeError:
                continue
            if isinstance(obj, dict) and obj.get("format") == FORMAT_ID and "players" in obj:
                return True
    return False


def _shown(start: bytes) -> str:
    """The first bytes of an input as a message shows them: quoted text when they are
    printable ASCII (line breaks and tabs escaped: ``'garbage\\n'``), else their escapes
    (``b'\\x00\\x01'``)."""
    text = start.decode("ascii", "replace")
    plain = text.replace("\n", "").replace("\r", "").replace("\t", "")
    return repr(text) if plain.isprintable() else repr(start)


#: the first byte of an input that is not a blank (BLANK's bytes: the BOM's, spaces, tabs,
#: line ends), found without copying the input
NOT_BLANK = re.compile(b"[^" + re.escape(BLANK) + b"]")


def wants_more(head: bytes) -> bool:
    """Whether :func:`detect` needs more of the input than ``head`` (read from its start)
    to decide: the rest of a first line that starts with ``{`` (JSON Lines are told by their
    whole first line), or the whole second line, where it starts with ``{``, after a first
    one that is no record of its own (a damaged JSON Lines line), and anything after blanks
    alone (a file may begin with any number of them). Binary, a JSON array and the text
    notation are told by their first bytes; junk without a line break is not read further."""
    if head.startswith(container.MAGIC) or head[:1] == b"\x89":
        return False
    text = head.lstrip(BLANK)
    if not text:
        return True  # nothing but blanks yet: what comes after them tells
    if text.startswith((b"[", b"#", b"gamerec")):
        return False
    lines = text.count(b"\n")
    if lines == 0:
        return text.startswith(b"{")  # the first line, whole, where it may be a record
    first, _, rest = text.partition(b"\n")
    first = first.strip()
    if lines >= 2 or first == b"{" or (first.startswith(b"{") and first.endswith(b"}")):
        return False  # enough, a document laid out, or a record on its line
    second = rest.lstrip(b" \t\r")
    return not second or second.startswith(b"{")  # the second line, whole, where it may be one
