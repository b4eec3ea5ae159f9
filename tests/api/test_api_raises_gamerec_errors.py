"""Issue 31: the Python API raises what docs/api.md promises, the errors of gamerec.errors,
never a RecursionError, UnicodeEncodeError, AttributeError, TypeError or ValueError from
inside (the hostile pass's reproductions, each)."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest

import gamerec
from gamerec.bots import simulate
from gamerec.errors import GamerecError

BASE = next(simulate("blackball", players=3, games=1, seed=1))


def _deep(depth: int = 100_000) -> list[Any]:
    top: list[Any] = []
    here = top
    for _ in range(depth):
        inner: list[Any] = []
        here.append(inner)
        here = inner
    return top


def _itself() -> dict[str, Any]:
    rules: dict[str, Any] = {}
    rules["hook"] = rules
    return rules


DEEP = msgspec.structs.replace(BASE, rules={"hook": _deep()})
ITSELF = msgspec.structs.replace(BASE, rules=_itself())


@pytest.fixture
def path(tmp_path: Path) -> Path:
    out = tmp_path / "a.json"
    gamerec.write([BASE], str(out))
    return out


def test_verify_and_replay_of_rules_nested_too_deep_are_unreadable() -> None:
    for record in (DEEP, ITSELF):
        verdict = gamerec.verify(record)
        assert verdict.status == "unreadable" and verdict.rule == "format.limit", verdict
        replay = gamerec.replay(record)
        assert list(replay) == [] and replay.verdict.status == "unreadable"


CALLS: dict[str, Callable[[Path], object]] = {
    "write rules nested too deep": lambda p: gamerec.write([DEEP], str(p.with_name("d.json"))),
    "write rules that hold themselves": lambda p: gamerec.write([ITSELF], str(p.with_name("i.json"))),
    "write a name not UTF-8": lambda p: gamerec.write(
        [msgspec.structs.replace(BASE, players=["\ud800", "B", "C"])], str(p.with_name("s.json"))
    ),
    "write None": lambda p: gamerec.write([None], str(p.with_name("n.grec"))),  # type: ignore[list-item]
    "write rules holding an object": lambda p: gamerec.write(
        [msgspec.structs.replace(BASE, rules={"hook": object()})], str(p.with_name("o.json"))
    ),
    "write deals None": lambda p: gamerec.write(
        [msgspec.structs.replace(BASE, deals=None)],
        str(p.with_name("x.json")),  # type: ignore[arg-type]
    ),
    "simulate rules nested too deep": lambda p: next(
        simulate("blackball", 3, 1, seed=1, rules={"hook": _deep()})
    ),
    "simulate a name not UTF-8": lambda p: next(
        simulate("blackball", 3, 1, seed=1, names=["\ud800", "B", "C"])
    ),
    "read with no name": lambda p: list(gamerec.read(b"{}", name=None)),  # type: ignore[arg-type]
    "records of a text stream": lambda p: list(gamerec.records(io.StringIO(p.read_text()))),
    "records of a file open as text": lambda p: list(gamerec.records(p.open())),  # type: ignore[arg-type]
    "records of a closed file": lambda p: list(gamerec.records(_closed(p))),
}


def _closed(path: Path) -> Any:
    f = path.open("rb")
    f.close()
    return f


@pytest.mark.parametrize("call", sorted(CALLS))
def test_each_raises_a_gamerec_error(path: Path, call: str) -> None:
    with pytest.raises(GamerecError) as info:
        CALLS[call](path)
    assert info.value.message and len(info.value.message) < 400, info.value.message


def test_binary_streams_still_read(path: Path) -> None:
    with path.open("rb") as f:
        assert len(list(gamerec.records(f))) == 1
    assert len(list(gamerec.records(io.BytesIO(path.read_bytes())))) == 1


def test_a_rule_given_as_nan_is_said_as_nan() -> None:
    """``NaN`` in rules read ``option hook: null is not allowed``."""
    with pytest.raises(GamerecError, match="option hook: nan is not allowed"):
        next(simulate("blackball", 3, 1, seed=1, rules={"hook": float("nan")}))
