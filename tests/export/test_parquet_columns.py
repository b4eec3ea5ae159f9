"""actions.parquet and deals.parquet are held as runs and distinct actions and made by
Arrow (issue 13's and 16's speed aims): the same rows as a plain replay gives, one step at
a time, row by row, for every game, on whole, cut short (incomplete) and illegal records,
with notes, in chunks of several records."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

pytest.importorskip("pyarrow")

from gamerec.bots import simulate
from gamerec.cards import PLEDGES, SWAN, TAROC_SWAN
from gamerec.events import Captured, DealScored, ForestTurned, TrickTaken
from gamerec.export.parquet import schemas
from gamerec.export.parquet_rows import ACTION_COLUMNS, DEAL_COLUMNS, Rows
from gamerec.games import get_game
from gamerec.games.presenters import presenter
from gamerec.record import Bid, Cards, Pass, Play, Pledge, Record
from gamerec.stepper import steps

GAMES = {"blackball": (3, 4, 5), "forest": (3, 4), "black-swan-2012": (2, 4), "black-swan-taroc": (3, 4)}


def reference_rows(source: str, number: int, record: Record) -> list[dict[str, Any]]:
    """The action rows of ``record`` by the definition (docs/batch.md), one step at a time."""
    from gamerec.checking.batch import content_hash

    game = get_game(record.game)
    shown = presenter(game.id)
    codes = game.deck.codes
    players = record.players
    key = {"source": source, "record": number, "hash": content_hash(record), "game": game.id}
    rows: list[dict[str, Any]] = []
    side_of: dict[int, int] = {}
    pending: list[dict[str, Any]] = []
    trick = 1
    for deal, index, a, events, state in steps(record):
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


def reference_deal_rows(source: str, number: int, record: Record) -> list[dict[str, Any]]:
    """The deal rows of ``record`` by the definition (docs/batch.md), one step at a time:
    one row per deal begun and seat, made when the deal is scored or the walk ends."""
    from gamerec.checking.batch import content_hash

    gid = record.game
    codes = get_game(gid).deck.codes
    players = record.players
    n = len(players)
    key = {"source": source, "record": number, "hash": content_hash(record), "game": gid}
    rows: list[dict[str, Any]] = []
    side_of: dict[int, int] = {}
    now: dict[str, Any] = {}  # the deal under way

    def close(state: Any, scored: DealScored | None) -> None:
        for s in range(n):
            side = side_of.get(s)
            bid = state.bids[s] if gid == "blackball" else None
            made = None
            if scored is not None and side is not None:
                if gid == "blackball":
                    made = bid == now["tricks"][s]
                elif gid == "forest":
                    made = now["tricks"][s] in state.rules.targets
            rows.append({
                **key, "deal": now["deal"], "seat": s, "player": players[s], "side": side,
                "hand_size": len(record.deals[now["deal"] - 1].hands[s]), "trump": now["trump"],
                "forest": list(now["forest"]) if gid == "forest" else None, "bid": bid,
                "tricks": now["tricks"][s], "made": made,
                "swan": now["swan"] == s if gid.startswith("black-swan") else None,
                "score": scored.scores[side] if scored is not None and side is not None else None,
                "total": scored.totals[side] if scored is not None and side is not None else None,
            })  # fmt: skip
        now["open"] = False

    walked = steps(record)
    while True:
        try:
            deal, _, a, events, state = next(walked)
        except StopIteration as stop:
            outcome = stop.value
            break
        if a is None:
            if not side_of:
                side_of = {s: i for i, members in enumerate(state.members()) for s in members}
            up = state.upcard if gid == "blackball" else None  # type: ignore[attr-defined]
            now.update(deal=deal + 1, trump=None if up is None else codes[up], forest=[], tricks=[0] * n)
            now.update(swan=None, open=True)
        for e in events:
            if e.ends_trick:
                now["tricks"][e.seat] += 1  # type: ignore[attr-defined]
                if isinstance(e, Captured) and (SWAN in e.kept or SWAN in e.cards):
                    now["swan"] = e.taker if SWAN in e.kept else e.seat
                elif isinstance(e, TrickTaken) and any(p[1] == TAROC_SWAN for p in e.plays):
                    now["swan"] = e.seat
            elif isinstance(e, ForestTurned):
                now["forest"].append(None if e.card is None else codes[e.card])
            elif isinstance(e, DealScored):
                close(state, e)
    if now.get("open") and outcome.state is not None:
        close(outcome.state, None)
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


@pytest.mark.parametrize("game", [*sorted(GAMES), "all four, mixed"])
def test_the_action_and_deal_columns_are_the_rows_of_a_plain_replay(game: str) -> None:
    """Per game, and with the four games' records interleaved in every chunk (the
    distinct actions are kept per game: a play of card 5 is a different card in each
    deck)."""
    import pyarrow as pa

    games = sorted(GAMES) if game not in GAMES else [game]
    made = {
        g: [v for n in GAMES[g] for i, r in enumerate(simulate(g, n, 4, 11 + n)) for v in variants(r, i)]
        for g in games
    }
    records = [r for group in zip(*made.values(), strict=False) for r in group]
    rows = Rows()
    expected: dict[str, list[dict[str, Any]]] = {"actions": [], "deals": []}
    tables: dict[str, list[Any]] = {"actions": [], "deals": []}
    for number, named in enumerate(records, 1):
        record = msgspec.structs.replace(named, players=[f"{p} of {number}" for p in named.players])
        rows.add("src", number, record)
        expected["actions"] += reference_rows("src", number, record)
        expected["deals"] += reference_deal_rows("src", number, record)
        if number % 5 == 0:  # several chunks, as the row groups are made
            for name, table in rows.take(pa, schemas()).items():
                if name in tables:
                    tables[name].append(table)
    for name, table in rows.take(pa, schemas()).items():
        if name in tables:
            tables[name].append(table)
    for name, columns in (("actions", ACTION_COLUMNS), ("deals", DEAL_COLUMNS)):
        got = pa.concat_tables(tables[name]).to_pylist()
        assert [c for c, _ in columns] == list(got[0])
        assert len(got) == len(expected[name])
        for g, e in zip(got, expected[name], strict=True):
            assert g == e
