"""Issue 31, F9: the writer emitted files its reader refused. ``gamerec.write`` wrote records
over the format's limits (a 300-character name, a 5,000-character note, 18 players, 1,560
cards in a hand, a 2,000-character event) and records of the wrong types (``players=[1, 2,
3]``, ``dealer="0"``, ``meta=None``); each read back as unreadable.

The property: ``gamerec.write`` refuses exactly what the reader would refuse, in every
encoding. A record it writes reads back equal; one it refuses (a FormatError naming the
record, nothing written) is one the reader refuses when the same record is written without
the check, or reads back changed (a name given as a number read as text)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamerec
from gamerec.bots import simulate
from gamerec.errors import FormatError, InputError
from gamerec.format.read import read_file
from gamerec.format.write import write_records
from gamerec.record import Meta, Record

BASE = next(simulate("blackball", players=3, games=1, seed=1))
SUFFIXES = (".grec", ".json", ".jsonl", ".gtxt")


def _same(back: Record, record: Record) -> bool:
    return (back.players, back.meta, back.deals) == (record.players, record.meta, record.deals)


def _mutated(
    names: list[Any], event: str, note: str, extra_cards: int, dealer: Any, meta_none: bool
) -> Record:
    first = BASE.deals[0]
    actions = [msgspec.structs.replace(first.actions[0], note=note), *first.actions[1:]]
    hands = [[*first.hands[0], *([first.hands[0][0]] * extra_cards)], *first.hands[1:]]
    deal = msgspec.structs.replace(first, dealer=dealer, hands=hands, actions=actions)
    meta = None if meta_none else Meta(event=event)
    return msgspec.structs.replace(BASE, players=names, meta=meta, deals=[deal, *BASE.deals[1:]])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    names=st.lists(
        st.one_of(
            st.text(min_size=1, max_size=3),
            st.sampled_from(["n" * 256, "n" * 257, "n" * 300]),
            st.integers(0, 3),
        ),
        min_size=2, max_size=18,
    ),
    event=st.sampled_from(["club", "e" * 1024, "e" * 1025, "e" * 2000]),
    note=st.sampled_from(["", "n" * 4096, "n" * 4097, "n" * 5000]),
    extra_cards=st.sampled_from([0, 1022, 1023, 1559]),
    dealer=st.sampled_from([0, 1, "0"]),
    meta_none=st.booleans(),
    suffix=st.sampled_from(SUFFIXES),
)  # fmt: skip
def test_write_refuses_exactly_what_the_reader_refuses(
    tmp_path_factory: pytest.TempPathFactory,
    names: list[Any],
    event: str,
    note: str,
    extra_cards: int,
    dealer: Any,
    meta_none: bool,
    suffix: str,
) -> None:
    record = _mutated(names, event, note, extra_cards, dealer, meta_none)
    folder = tmp_path_factory.mktemp("w")
    checked, unchecked = folder / f"checked{suffix}", folder / f"unchecked{suffix}"
    try:
        gamerec.write([BASE, record], str(checked))
    except (FormatError, InputError) as e:
        refused: str | None = e.message
    else:
        refused = None
    try:  # the same record written without the check (where the encoder can write it at all)
        write_records([BASE, record], unchecked)
    except (TypeError, ValueError, AttributeError, InputError, OverflowError):
        readable = False
    else:  # (read back as it is: an int name read as text would be a value changed, not kept)
        back = [e.record for e in read_file(unchecked)]
        readable = len(back) == 2 and back[1] is not None and _same(back[1], record)
    if refused is not None:
        assert refused.startswith("record 2: "), refused
        assert not checked.exists()
        assert not readable, f"write refused what reads back: {refused}"
    else:
        assert readable, "write wrote what does not read back"
        written = [e.record for e in read_file(checked)]
        assert written[1] is not None and _same(written[1], record)


def test_the_issue_s_records_are_refused_by_name(tmp_path: Path) -> None:
    cases: dict[str, Record] = {
        "a name of 300 characters": msgspec.structs.replace(BASE, players=["A" * 300, "B", "C"]),
        "18 players": msgspec.structs.replace(BASE, players=[f"P{i}" for i in range(18)]),
        "int names": msgspec.structs.replace(BASE, players=[1, 2, 3]),  # type: ignore[list-item]
        "meta None": msgspec.structs.replace(BASE, meta=None),  # type: ignore[arg-type]
        "a 2000-character event": msgspec.structs.replace(BASE, meta=Meta(event="e" * 2000)),
    }
    for what, record in cases.items():
        for suffix in SUFFIXES:
            path = tmp_path / f"x{suffix}"
            with pytest.raises(FormatError, match=r"^record 1: ") as info:
                gamerec.write([record], str(path))
            assert info.value.code.startswith("format."), what
            assert not path.exists(), what
    with pytest.raises(InputError, match="record 2: not a Record but NoneType"):
        gamerec.write([BASE, None], str(tmp_path / "y.grec"))  # type: ignore[list-item]
