"""Issue 31, messages: what the readers make of numbers and keys at the edges of the spec.

- An integer map key in a binary record's rules gave the garbled ``header: [key` in `$[4]: ...``;
  one nested deeper ended ``filter --dedupe`` in an internal error. Both are now
  ``rules: a key: expected `str`, got `int``` (``format.schema``): JSON holds text keys alone,
  so such a record could not be converted as it is. A JSON key over the limit is said the
  same way (``meta.tags: a key: ...``).
- The text notation read Unicode digits (``١``, ``０``) and ``+0`` as numbers: its numbers are
  JSON's now, ASCII digits and ``-`` alone (docs/notation.md).
- JSON keys given twice: each value is checked, the last kept (docs/format.md).
"""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest
from helpers import cli

from gamerec.bots import simulate
from gamerec.format import container
from gamerec.format.read import read_bytes, read_file
from gamerec.format.write import write_records
from gamerec.record import Body

RECORD = next(simulate("forest", players=2, games=1, seed=1, rules={"hand_size": 2, "max_number": 2}))


def _binary_with_rules(rules: object) -> bytes:
    enc = msgspec.msgpack.Encoder()
    head = msgspec.msgpack.decode(enc.encode(RECORD.header()))
    head[4] = rules
    return container.FILE_HEADER + container.frame(
        enc.encode(head), enc.encode(Body(RECORD.deals, RECORD.claim))
    )


@pytest.mark.parametrize(
    ("rules", "said"),
    [
        ({1: 2, "hand_size": 2}, "header: rules: a key: expected `str`, got `int` [format.schema]"),
        ({"x": {3: 4}}, "rules: a key: expected `str`, got `int` [format.schema]"),
        ({"x": [{b"k": 1}]}, "rules: a key: expected `str`, got `bytes` [format.schema]"),
    ],
)
def test_a_key_that_is_not_text_in_the_rules(tmp_path: Path, rules: object, said: str) -> None:
    path = tmp_path / "k.grec"
    path.write_bytes(_binary_with_rules(rules))
    for args in (("validate", path), ("filter", path, "--dedupe", "-o", tmp_path / "o.grec")):
        r = cli(*args)
        assert r.exit_code == 2, r.stderr
        assert f"k.grec: record 1: unreadable: byte 12: {said}" in r.stderr, r.stderr
        assert "[key`" not in r.stderr


def test_a_json_key_over_the_limit_is_said_as_a_key(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    write_records([RECORD], path)
    doc = json.loads(path.read_text())
    doc["meta"]["tags"] = {"k" * 5000: "v"}
    path.write_text(json.dumps(doc))
    (entry,) = read_file(path)
    assert entry.error is not None and entry.error.code == "format.limit"
    assert entry.error.message.startswith("meta.tags: a key: expected `str` of length <= ")


@pytest.fixture
def gtxt(tmp_path: Path) -> str:
    path = tmp_path / "r.gtxt"
    write_records([RECORD], path)
    return path.read_text()


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("\n0 play ", "\n+0 play ", "expected a seat number, got '+0'"),
        ("\n0 play ", "\n\uff10 play ", "expected a seat number, got '\uff10'"),
        ("\nseed: 1\n", "\nseed: \u0661\n", "expected the seed (a whole number), got '\u0661'"),
        ("\nseed: 1\n", "\nseed: +1\n", "expected the seed (a whole number), got '+1'"),
        ("gamerec: 1\n", "gamerec: \uff11\n", "expected the format version (a whole number), got '\uff11'"),
        ("deal 1: first 0", "deal 1: first +0", "expected 'first SEAT' (e.g. first 0), got 'first +0'"),
    ],
)
def test_the_notation_reads_ascii_numbers_alone(gtxt: str, old: str, new: str, said: str) -> None:
    assert old in gtxt
    (entry,) = read_bytes(gtxt.replace(old, new, 1).encode())
    assert entry.error is not None and entry.error.code == "format.text", entry
    assert said + " (numbers are written with the digits 0-9, and - alone as a sign)" in entry.error.message


def test_leading_zeros_and_minus_still_read(gtxt: str) -> None:
    (entry,) = read_bytes(gtxt.replace("\nseed: 1\n", "\nseed: 001\n", 1).encode())
    assert entry.record is not None and entry.record.provenance is not None
    assert entry.record.provenance.seed == 1
    (entry,) = read_bytes(gtxt.replace("\nseed: 1\n", "\nseed: -7\n", 1).encode())
    assert entry.record is not None and entry.record.provenance.seed == -7  # type: ignore[union-attr]


def test_a_json_key_given_twice_is_checked_each_time_and_the_last_kept(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    write_records([RECORD], path)
    text = path.read_text()
    event = '"event": "simulated forest"'
    assert event in text
    (entry,) = read_bytes(text.replace(event, '"event": "first", "event": "second"').encode())
    assert entry.record is not None and entry.record.meta.event == "second"
    (entry,) = read_bytes(text.replace(event, '"event": 5, "event": "second"').encode())
    assert entry.error is not None and entry.error.code == "format.schema"
