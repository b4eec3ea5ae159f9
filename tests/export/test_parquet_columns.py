"""actions.parquet is built a column at a time (issue 16's speed aim): the same rows as a
plain replay gives, one action at a time, row by row, for every game, on whole, cut short
(incomplete) and illegal records, with notes."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

pytest.importorskip("pyarrow")

from gamerec.bots import simulate
from gamerec.cards import PLEDGES
from gamerec.export.parquet import schemas
from gamerec.export.parquet_rows import ACTION_COLUMNS, Rows
from gamerec.format.record import Bid, Cards, Pass, Play, Pledge, Record
from gamerec.games import get_game
from gamerec.games.views import presenter
from gamerec.stepper import walk

GAMES = {"blackball": (3, 4, 5), "forest": (3, 4), "black-swan-2012": (2, 4), "black-swan-taroc": (3, 4)}


def reference_rows(source: str, number: int, record: Record) -> list[dict[str, Any]]:
    """The action rows of ``record`` by the definition (docs/batch.md), one step at a time."""
    from gamerec.batch import content_hash

    game = get_game(record.game)
    shown = presenter(game.id)
    codes = game.deck.codes
    players = record.players
    key = {"source": source, "record": number, "hash": content_hash(record), "game": game.id}
    rows: list[dict[str, Any]] = []
    side_of: dict[int, int] = {}
    pending: list[dict[str, Any]] = []
    trick = 1
    for deal, index, a, events, state in walk(record, steps=True):
        if a is None:
            if not side_of:
                side_of = {s: i for i, members in enumerate(state.members()) for s in members}
            trick, pending = 1, []
        else:
            cards = None
            if isinstance(a, (Play, Pass)):
                cards = [codes[a.card]]
            elif isinstance(a, Cards):
                cards = [codes[c] for c in a.cards]
            row = {
                **key,
                "deal": deal + 1,
                "action": index + 1,
                "seat": a.seat,  # type: ignore[attr-defined]
                "player": players[a.seat],  # type: ignore[attr-defined]
                "type": a.kind,
                "bid": a.tricks if isinstance(a, Bid) else None,
                "cards": cards,
                "pledge": PLEDGES[a.pledge] if isinstance(a, Pledge) else None,
                "trick": trick if a.in_trick else None,
                "position": len(pending) + 1 if a.in_trick else None,
                "trick_winner": None,
                "score": state.totals[side_of[a.seat]] if a.seat in side_of else None,  # type: ignore[attr-defined]
                "detail": (shown.action_detail(a) or None) if shown.has_details else None,
                "note": a.note,  # type: ignore[attr-defined]
            }
            rows.append(row)
            if a.in_trick:
                pending.append(row)
        for e in events:
            if e.ends_trick:
                for row in pending:
                    row["trick_winner"] = e.seat  # type: ignore[attr-defined]
                pending = []
                trick += 1
    return rows


def variants(record: Record, i: int) -> list[Record]:
    """The record, cut short in a deal (incomplete), and with two actions swapped (most
    often illegal), a note on one action; a record with no action row (its first action
    refused, or a deal without actions) before the record itself (the player and cards
    columns are made per chunk from every record's rows: a record without rows in the
    middle must not shift them)."""
    first_deal = record.deals[0]
    refused = msgspec.structs.replace(first_deal.actions[0], seat=(first_deal.actions[0].seat + 1) % 2)
    out = [
        msgspec.structs.replace(record, deals=[msgspec.structs.replace(first_deal, actions=[refused])]),
        msgspec.structs.replace(record, deals=[msgspec.structs.replace(first_deal, actions=[])]),
        record,
    ]
    deals = list(record.deals)
    last = deals[-1 - i % min(2, len(deals))]
    if len(last.actions) > 2:
        half = msgspec.structs.replace(last, actions=last.actions[: len(last.actions) // 2])
        out.append(msgspec.structs.replace(record, deals=[*deals[: deals.index(last)], half]))
    first = deals[0]
    if len(first.actions) > 6:
        acts = list(first.actions)
        acts[3], acts[5] = acts[5], acts[3]
        acts[1] = msgspec.structs.replace(acts[1], note="a note")
        swapped = msgspec.structs.replace(first, actions=acts)
        out.append(msgspec.structs.replace(record, deals=[swapped, *deals[1:]]))
    return out


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_action_columns_are_the_rows_of_a_plain_replay(game: str) -> None:
    import pyarrow as pa

    records = [
        v
        for n in GAMES[game]
        for i, r in enumerate(simulate(game, n, 4, 11 + n))
        for v in variants(r, i)
    ]  # fmt: skip
    rows = Rows()
    expected: list[dict[str, Any]] = []
    tables = []
    for number, named in enumerate(records, 1):
        record = msgspec.structs.replace(named, players=[f"{p} of {number}" for p in named.players])
        rows.add("src", number, record)
        expected += reference_rows("src", number, record)
        if number % 5 == 0:  # several chunks, as the row groups are made
            tables.append(rows.take(pa, schemas())["actions"])
    tables.append(rows.take(pa, schemas())["actions"])
    got = pa.concat_tables(tables).to_pylist()
    assert [c for c, _ in ACTION_COLUMNS] == list(got[0])
    assert len(got) == len(expected)
    for g, e in zip(got, expected, strict=True):
        assert g == e
