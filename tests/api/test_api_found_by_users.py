"""What an API user found by trying the library (the library's answers to the questions a
Python user asks with the wrong arguments, and duplicates among verdicts made in Python)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import FIXTURES

import gamerec
from gamerec.errors import InputError
from gamerec.export import export
from gamerec.format.binary import content_hash

TOURNAMENT = FIXTURES / "forest" / "tournament.grec"  # 100 records


def test_score_counts_a_game_once_when_its_verdicts_are_given_twice() -> None:
    """`score(vs + vs)` of `gamerec.verify` verdicts counted every game twice: verify left
    the content hash out, and the duplicate table took the same place for the same record."""
    records = list(gamerec.simulate("forest", 3, 2, seed=1))
    verdicts = [gamerec.verify(r) for r in records]
    assert all(v.hash == content_hash(r) for v, r in zip(verdicts, records, strict=True))
    table = gamerec.score(verdicts + verdicts)
    assert table.counts["valid"] == 2 and table.counts["duplicate"] == 2
    assert {p.games for p in table.games["forest"]} == {2}
    data = TOURNAMENT.read_bytes()
    twice = gamerec.score([*gamerec.check(data), *gamerec.check(data)])
    assert twice.counts["valid"] == 100 and twice.counts["duplicate"] == 100


@pytest.mark.parametrize(
    ("name", "encoding", "says"),
    [
        ("r.csv", None, "r.csv: unknown suffix .csv: use .grec, .json, .jsonl, .gtxt, or give the encoding"),
        ("r.txt", None, "unknown suffix .txt"),
        ("x.grec", "gtxt", "encoding 'gtxt': give one of binary, json, jsonl, text"),
        ("x.grec", "JSON", "encoding 'JSON'"),
        ("-", None, "-: not a file name here"),
    ],
)
def test_write_never_writes_another_encoding_than_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, encoding: str | None, says: str
) -> None:
    """`write(rs, "r.csv")` wrote binary, `write(rs, "x.grec", "gtxt")` JSON, and
    `write(rs, "-")` a file named `-`."""
    monkeypatch.chdir(tmp_path)
    records = list(gamerec.simulate("forest", 3, 1, seed=1))
    with pytest.raises(InputError, match=says.replace(".", r"\.")):
        gamerec.write(records, name, encoding)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []
    assert gamerec.write(records, "ok.out", "jsonl") > 0  # a suffix of one's own, named encoding


@pytest.mark.parametrize(
    ("call", "says"),
    [
        (
            lambda: gamerec.score(TOURNAMENT, sort="foo"),
            "sort 'foo': sort by one of wins, total",
        ),  # AttributeError
        (lambda: list(gamerec.check(TOURNAMENT, jobs="2")), "jobs '2': a batch uses 1 to"),  # TypeError
        (lambda: list(gamerec.check(TOURNAMENT, jobs=None)), "jobs None"),
        (lambda: list(gamerec.read(None)), "paths are strings or path objects (one, or many), not NoneType"),
        (lambda: list(gamerec.read(5)), "not int"),
        (lambda: list(gamerec.read([TOURNAMENT, 5])), "paths are strings or path objects, not int"),
        (lambda: export([], "xml"), "unknown export 'xml'"),  # ValueError
    ],
)
def test_wrong_arguments_raise_gamerecs_own_error(call: Any, says: str) -> None:
    """Found by trying the API: each raised a TypeError, ValueError or AttributeError from
    inside the library, where the docs promise a GamerecError for what gamerec refuses."""
    with pytest.raises(InputError) as e:
        call()
    assert says in e.value.message


@pytest.mark.parametrize("seat", [9, -1, "1", True])
def test_replay_refuses_a_seat_the_record_has_not(seat: object) -> None:
    """`replay(record, seat=9)` showed every hand as None; the command line refused it."""
    from gamerec.export.html import html_replay

    record = next(gamerec.simulate("forest", 3, 1, seed=1))
    with pytest.raises(InputError, match=r"the record has seats 0\.\.2"):
        gamerec.replay(record, seat=seat)  # type: ignore[arg-type]
    with pytest.raises(InputError):
        html_replay(record, seat=seat)  # type: ignore[arg-type]
    assert list(gamerec.replay(record, seat=2))


def test_a_replays_verdict_is_verifys_for_a_record_made_in_python() -> None:
    """`replay(record).verdict` said illegal [deal-card] (or [game]) where `verify` said
    unreadable [format.schema] (or [format.game]) of the same record made in Python."""
    from gamerec.record import Deal, Record

    odd = Record(game="blackball", players=["A", "B", "C"], deals=[Deal(0, [["x"], [2], [3]], [4], [])])
    unknown = Record(game="chess", players=["A", "B"])
    for record in (odd, unknown):
        replay = gamerec.replay(record)
        assert list(replay) == [] and list(replay.lines()) == []
        assert replay.verdict is not None
        verdict = gamerec.verify(record)
        assert (replay.verdict.status, replay.verdict.rule) == (verdict.status, verdict.rule)
        assert verdict.status == "unreadable"
