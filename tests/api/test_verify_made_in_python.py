"""A record made in Python may hold what the format does not: ``True`` where a seat or a
card belongs (Python takes it for 1), text, a set. ``gamerec.verify`` said such a record was
valid, and ``write_records`` then wrote a file that could not be read back
(``unreadable byte 12: deals[0].actions[0].seat: expected `int`, got `bool```). It now
says unreadable, as a file holding it would be, naming the field; records read from files
are not affected."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest
from conftest import FIXTURES

import gamerec
from gamerec.format.write import write_records

RECORD = FIXTURES / "blackball" / "games" / "family-3p.json"


def with_action(record: Any, **fields: Any) -> Any:
    """``record`` with the first action of seat 1 in its first deal changed."""
    deal = record.deals[0]
    i = next(i for i, a in enumerate(deal.actions) if a.seat == 1)
    actions = [*deal.actions[:i], msgspec.structs.replace(deal.actions[i], **fields), *deal.actions[i + 1 :]]
    return msgspec.structs.replace(
        record, deals=[msgspec.structs.replace(deal, actions=actions), *record.deals[1:]]
    )


def test_a_bool_seat_is_not_valid(tmp_path: Path) -> None:
    record = next(gamerec.records(RECORD))
    broken = with_action(record, seat=True)
    verdict = gamerec.verify(broken)
    assert (verdict.status, verdict.rule) == ("unreadable", "format.schema")
    assert verdict.reason == "deals[0].actions[0].seat: expected `int`, got `bool`"
    # what a file holding it says: the same
    path = tmp_path / "bool.grec"
    write_records([broken], path)
    (read,) = gamerec.check(path)
    assert read.status == "unreadable" and "seat: expected `int`, got `bool`" in (read.reason or "")


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"seat": "1"}, "seat: expected `int`, got `str`"),
        ({"tricks": True}, "tricks: expected `int`, got `bool`"),
    ],
)
def test_other_values_the_format_does_not_hold(change: dict[str, Any], where: str) -> None:
    record = next(gamerec.records(RECORD))
    verdict = gamerec.verify(with_action(record, **change))
    assert verdict.status == "unreadable" and where in (verdict.reason or "")


def test_what_cannot_be_written_at_all_and_what_reads_back() -> None:
    record = next(gamerec.records(RECORD))
    odd = msgspec.structs.replace(record, players=["Trevor", object(), "Sam"])
    verdict = gamerec.verify(odd)
    assert (verdict.status, verdict.rule) == ("unreadable", "format.schema")
    assert (verdict.reason or "").startswith("not a record the format can hold: ")
    # a record that reads back is verified by the rules as before; an integer beyond 64 bits,
    # a card's included, is unreadable, as no encoding reads it (issue 31, property 1)
    assert gamerec.verify(record).status == "valid"
    deal = record.deals[0]
    hands = [[10**30, *deal.hands[0][1:]], *deal.hands[1:]]
    big = msgspec.structs.replace(
        record, deals=[msgspec.structs.replace(deal, hands=hands), *record.deals[1:]]
    )
    assert (gamerec.verify(big).status, gamerec.verify(big).rule) == ("unreadable", "format.limit")
