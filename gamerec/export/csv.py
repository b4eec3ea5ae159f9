"""CSV of records: one row per action, with the columns a replay derives (the trick, its
winner, the running score, the game's detail) and, for an illegal record, the rule broken."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..escape import csv_table
from ..format.progress import Tally
from ..format.record import Record
from ..games import get_game
from ..games.views import presenter
from ..stepper import Outcome, walk
from ..verdicts import Verdict, verdict_of

__all__ = ["CSV_COLUMNS", "csv_export", "csv_lists", "csv_rows", "to_csv"]

CSV_COLUMNS = (
    "record",
    "deal",
    "action",
    "seat",
    "player",
    "type",
    "value",
    "trick",
    "trick_winner",
    "score",
    "detail",
    "note",
    "illegal",
)


def csv_rows(
    record: Record, number: int = 1, source: str = "-", illegal: bool = False
) -> tuple[list[dict[str, object]], Verdict | None]:
    """One row per action of ``record``: where it stands (``deal``, ``action`` and
    ``trick`` count from 1), what it was, the winner of its trick once that trick is
    over, and the running total of its player's scoring side after it.

    An illegal record gives the rows of every action up to the illegal one; with
    ``illegal`` (as the CSV export has it), that action too, its ``illegal`` column saying
    which rule it breaks and why (``rule-id: reason``; no score, as it was never applied).
    The verdict (``number`` and ``source`` name the record in it) says how the record
    ended."""
    lists, verdict = csv_lists(record, number, source, illegal)
    return [dict(zip(CSV_COLUMNS, row, strict=True)) for row in lists], verdict


#: Where the trick's winner goes in a row of :func:`csv_lists`.
_WINNER = CSV_COLUMNS.index("trick_winner")


def csv_lists(
    record: Record, number: int = 1, source: str = "-", illegal: bool = False
) -> tuple[list[list[object]], Verdict | None]:
    """The rows of :func:`csv_rows` as lists, their cells in the order of
    :data:`CSV_COLUMNS` (what the CSV export writes, without a dict a row)."""
    game = get_game(record.game)
    shown = presenter(game.id)
    action_detail = shown.action_detail if shown.has_details else None
    action_value = shown.action_value
    players = record.players
    nplayers = len(players)
    rows: list[list[object]] = []
    pending: list[list[object]] = []  # rows of the trick under way
    trick = 1
    side_of: dict[int, int] = {}  # each seat's scoring side, for its running total
    # the light steps alone: no views or texts are made (they cost 15x the rules)
    gen = walk(record, steps=True)
    while True:
        try:
            deal, index, a, events, state = next(gen)
        except StopIteration as stop:
            outcome: Outcome = stop.value
            break
        if a is None:
            trick = 1
            pending = []
            if not side_of:
                side_of = {s: i for i, members in enumerate(state.members()) for s in members}
            continue
        seat = a.seat  # type: ignore[attr-defined]
        in_trick = a.in_trick
        row: list[object] = [  # the columns of CSV_COLUMNS; the trick's winner once known
            number,
            deal + 1,
            index + 1,
            seat,
            players[seat] if 0 <= seat < nplayers else "",
            a.kind,
            action_value(a),
            trick if in_trick else "",
            "",
            state.totals[side_of[seat]] if seat in side_of else "",
            action_detail(a) if action_detail is not None else "",
            a.note or "",  # type: ignore[attr-defined]
            "",
        ]
        rows.append(row)
        if in_trick:
            pending.append(row)
        for e in events:
            if e.ends_trick:
                for r in pending:
                    r[_WINNER] = e.seat  # type: ignore[attr-defined]
                pending = []
                trick += 1
    verdict = verdict_of(outcome, record, source, number - 1)
    if illegal and verdict is not None and verdict.status == "illegal" and verdict.action is not None:
        assert verdict.deal is not None
        a = record.deals[verdict.deal - 1].actions[verdict.action - 1]
        seat = a.seat
        rows.append(  # never applied: no trick's winner, score or detail
            [
                number,
                verdict.deal,
                verdict.action,
                seat,
                players[seat] if 0 <= seat < nplayers else "",
                a.kind,
                action_value(a),
                trick if a.in_trick else "",
                "",
                "",
                "",
                a.note or "",
                f"{verdict.rule}: {verdict.reason}",
            ]
        )
    return rows, verdict


def to_csv(records: Iterable[Record]) -> str:
    """CSV of every action of every record (see :func:`csv_rows`), written by
    :func:`gamerec.escape.csv_table`: no cell holds a line break or a control character, and
    text that a spreadsheet would read as a formula gets a leading ``'``."""
    recs = list(records)
    return csv_export(recs, "-", range(1, len(recs) + 1))[0].decode()


def csv_export(
    records: Sequence[Record], source: str, numbers: Sequence[int], tally: Tally | None = None
) -> tuple[bytes, list[Verdict]]:
    """The CSV of ``records`` (numbered by ``numbers`` in ``source``) and the verdict on
    each that is not valid; ``tally`` hears of each record."""
    rows: list[list[object]] = []
    verdicts: list[Verdict] = []
    pairs = zip(numbers, records, strict=True)
    for number, record in pairs if tally is None else tally.counted(pairs, _no_bytes):
        got, verdict = csv_lists(record, number, source, illegal=True)
        rows += got
        if verdict is not None:
            verdicts.append(verdict)
    return csv_table(CSV_COLUMNS, rows).encode(), verdicts


def _no_bytes(_item: object) -> int:
    return 0
