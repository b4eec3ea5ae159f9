"""Size limits, checked while reading every form: over one, the record is unreadable with
`format.limit`, saying which limit; at the limit it reads."""

from __future__ import annotations

from collections.abc import Callable

import msgspec
import pytest

from gamerec.bots import simulate
from gamerec.format.read import read_bytes
from gamerec.format.write import encode_records
from gamerec.record import MAX_NAME, MAX_NOTE, MAX_SEATS, MAX_TAGS, MAX_TEXT, Meta, Record

BASE = next(simulate("blackball", 3, 1, 1))


def with_note(note: str) -> Record:
    d0 = BASE.deals[0]
    first = msgspec.structs.replace(d0.actions[0], note=note)
    return msgspec.structs.replace(
        BASE, deals=[msgspec.structs.replace(d0, actions=[first, *d0.actions[1:]])]
    )


def with_hand(size: int) -> Record:
    d0 = BASE.deals[0]
    return msgspec.structs.replace(BASE, deals=[msgspec.structs.replace(d0, hands=[[0] * size, [1], [2]])])


CASES: list[tuple[str, Callable[[int], Record], int]] = [
    ("player name", lambda n: msgspec.structs.replace(BASE, players=["x" * n, "b", "c"]), MAX_NAME),
    ("players", lambda n: msgspec.structs.replace(BASE, players=[f"p{i}" for i in range(n)]), MAX_SEATS),
    ("note", lambda n: with_note("n" * n), MAX_NOTE),
    ("event", lambda n: msgspec.structs.replace(BASE, meta=Meta(event="e" * n)), MAX_TEXT),
    (
        "tags",
        lambda n: msgspec.structs.replace(BASE, meta=Meta(tags={str(i): "" for i in range(n)})),
        MAX_TAGS,
    ),
    ("cards in a hand", with_hand, 1024),
]


@pytest.mark.parametrize("encoding", ["binary", "json", "jsonl", "text"])
@pytest.mark.parametrize(("what", "make", "limit"), CASES, ids=[c[0] for c in CASES])
def test_over_a_limit_is_unreadable_at_it_reads(
    what: str, make: Callable[[int], Record], limit: int, encoding: str
) -> None:
    at = b"".join(encode_records([make(limit)], encoding))  # type: ignore[arg-type]
    (entry,) = read_bytes(at, "t")
    assert entry.error is None, entry.error
    over = b"".join(encode_records([make(limit + 1)], encoding))  # type: ignore[arg-type]
    (entry,) = read_bytes(over, "t")
    assert entry.error is not None and entry.error.code == "format.limit", entry.error
    assert str(limit) in entry.error.message


def test_a_huge_text_line_is_refused_before_it_is_parsed() -> None:
    text = "gamerec: 1\ngame: blackball\nplayers: " + "a" * 70000 + "\n"
    (entry,) = read_bytes(text.encode(), "t.gtxt")
    assert entry.error is not None and entry.error.code == "format.limit"
    assert entry.error.message.startswith("line 3: 70009 characters is over the limit of 65536")
