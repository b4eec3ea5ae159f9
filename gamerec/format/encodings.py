"""The four encodings of a record file and the suffixes that name them: ``binary`` (the
framed container, ``.grec``), ``json`` (one record, or a list of records, ``.json``),
``jsonl`` (one record per line, ``.jsonl``) and ``text`` (the text notation, ``.gtxt``)."""

from __future__ import annotations

from typing import Literal

__all__ = ["ENCODINGS", "SUFFIXES", "Encoding"]

Encoding = Literal["binary", "json", "jsonl", "text"]
ENCODINGS: tuple[Encoding, ...] = ("binary", "json", "jsonl", "text")
SUFFIXES: dict[str, Encoding] = {".grec": "binary", ".json": "json", ".jsonl": "jsonl", ".gtxt": "text"}
