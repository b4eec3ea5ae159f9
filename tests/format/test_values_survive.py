"""Issue 31, properties 1 and 3: values survive or are refused, never changed.

A record's rules block holds any JSON value, so it is where an encoding could hold what
another cannot: an integer beyond 64 bits (JSON and the text notation hold it, MessagePack
does not) or a float NaN or ±Infinity (MessagePack holds it, JSON does not). Such a record is
unreadable (a ``format.*`` code) in every encoding that can carry it, so ``convert`` never
meets it; every other record converts to every encoding and reads back with the same
values. Records are written here without gamerec's checks, as another program might."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamerec.bots import simulate
from gamerec.errors import GamerecError
from gamerec.format import container
from gamerec.format.binary import encode_binary
from gamerec.format.jsonform import codec
from gamerec.format.read import read_file
from gamerec.format.write import write_records
from gamerec.record import Claim, Meta, Record

BASE = next(simulate("forest", players=2, games=1, seed=3, rules={"hand_size": 2, "max_number": 5}))
SUFFIXES = (".grec", ".json", ".jsonl", ".gtxt")

NUMBERS = st.one_of(
    st.integers(-(2**63), 2**64 - 1),
    st.sampled_from([2**64, -(2**63) - 1, 10**30, -(10**40)]),  # beyond 64 bits
    st.floats(allow_nan=True, allow_infinity=True),
)
VALUES = st.recursive(
    st.one_of(NUMBERS, st.booleans(), st.none(), st.text(max_size=5)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=6,
)


def _holdable(value: Any) -> bool:
    """Whether every encoding holds ``value`` as it is: integers within 64 bits, finite
    floats."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return True
    if isinstance(value, int):
        return -(2**63) <= value <= 2**64 - 1
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, list):
        return all(_holdable(v) for v in value)
    return all(_holdable(v) for v in value.values())


def _finite(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, list):
        return all(_finite(v) for v in value)
    if isinstance(value, dict):
        return all(_finite(v) for v in value.values())
    return True


def _raw(record: Record, suffix: str, path: Path) -> bool:
    """``record`` written to ``path`` without gamerec's checks, as another program might (a
    NaN or ±Infinity in JSON as Python's json writes it, ``NaN``, ``Infinity``); False where the
    encoding cannot carry it at all (the text notation's rules are JSON msgspec writes)."""
    try:
        if suffix == ".grec":
            path.write_bytes(container.FILE_HEADER + encode_binary(record))
        elif _finite(record.rules):
            write_records([record], path)
        elif suffix == ".gtxt":
            return False
        else:
            path.write_text(json.dumps(msgspec.to_builtins(codec(record.game).to_struct(record))) + "\n")
    except (ValueError, TypeError, OverflowError, GamerecError):
        return False
    return True


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(value=VALUES, suffix=st.sampled_from(SUFFIXES), score=st.integers(-(2**63), 2**63 - 1))
def test_a_value_survives_every_encoding_or_its_record_is_unreadable(
    tmp_path_factory: pytest.TempPathFactory, value: Any, suffix: str, score: int
) -> None:
    record = msgspec.structs.replace(
        BASE,
        rules={**BASE.rules, "x": value},
        meta=Meta(event="night", tags={"k": "v"}),
        claim=Claim(totals=[score, 0]),
    )
    folder = tmp_path_factory.mktemp("v")
    source = folder / f"in{suffix}"
    if not _raw(record, suffix, source):
        return  # (this encoding cannot carry the value at all: nothing to read)
    (entry,) = list(read_file(source))
    if not _holdable(value):
        assert entry.record is None and entry.error is not None, (value, suffix)
        assert entry.error.code in ("format.limit", "format.schema", "format.json"), entry.error
        return
    assert entry.record is not None, (value, suffix, entry.error)
    assert entry.record.rules["x"] == value and entry.record.claim == record.claim
    for target in SUFFIXES:  # every conversion holds the value as it is
        out = folder / f"out{target}"
        write_records([entry.record], out)
        (back,) = list(read_file(out))
        assert back.record is not None, (value, target, back.error)
        assert back.record.rules["x"] == value and type(back.record.rules["x"]) is type(value)
        assert (back.record.meta, back.record.claim) == (entry.record.meta, entry.record.claim)


@pytest.mark.parametrize(
    ("value", "suffixes", "code"),
    [
        (10**30, (".json", ".jsonl", ".gtxt"), "format.limit"),
        (float("nan"), (".grec",), "format.schema"),
        (float("inf"), (".grec",), "format.schema"),
    ],
)
def test_the_values_one_encoding_cannot_hold_are_unreadable(
    tmp_path: Path, value: Any, suffixes: tuple[str, ...], code: str
) -> None:
    record = msgspec.structs.replace(BASE, rules={**BASE.rules, "under_penalty": value})
    for suffix in suffixes:
        path = tmp_path / f"r{suffix}"
        assert _raw(record, suffix, path)
        (entry,) = list(read_file(path))
        assert entry.error is not None and entry.error.code == code, (suffix, entry.error)
        assert "rules" in entry.error.message
