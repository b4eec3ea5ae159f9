"""Exports of a record: CSV (one row per action, with derived columns) and a readable text
history. The JSON twin is written by :mod:`gamerec.format.write`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

import msgspec

from ..escape import csv_table, terminal_text
from ..format.progress import OnProgress, Tally
from ..format.record import Action, Record
from ..games import get_game
from ..games.views import Presenter, presenter
from ..present import step_text
from ..stepper import Outcome, walk
from ..verdicts import Verdict, verdict_of

__all__ = ["CSV_COLUMNS", "EXPORTS", "Exported", "csv_rows", "export", "export_checked", "to_csv", "to_text"]

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
    game = get_game(record.game)
    shown = presenter(game.id)
    action_detail = shown.action_detail if shown.has_details else None
    players = record.players
    nplayers = len(players)
    rows: list[dict[str, object]] = []
    pending: list[dict[str, object]] = []  # rows of the trick under way
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
        row: dict[str, object] = {  # as _row makes it, with the columns known after the action
            "record": number,
            "deal": deal + 1,
            "action": index + 1,
            "seat": seat,
            "player": players[seat] if 0 <= seat < nplayers else "",
            "type": a.kind,
            "value": shown.action_value(a),
            "trick": trick if a.in_trick else "",
            "trick_winner": "",
            "score": state.totals[side_of[seat]] if seat in side_of else "",
            "detail": action_detail(a) if action_detail is not None else "",
            "note": a.note or "",  # type: ignore[attr-defined]
            "illegal": "",
        }
        rows.append(row)
        if a.in_trick:
            pending.append(row)
        for e in events:
            if e.ends_trick:
                for r in pending:
                    r["trick_winner"] = e.seat  # type: ignore[attr-defined]
                pending = []
                trick += 1
    verdict = verdict_of(outcome, record, source, number - 1)
    if illegal and verdict is not None and verdict.status == "illegal" and verdict.action is not None:
        assert verdict.deal is not None
        a = record.deals[verdict.deal - 1].actions[verdict.action - 1]
        row = _row(record, number, verdict.deal - 1, verdict.action - 1, a, shown)
        row["trick"] = trick if a.in_trick else ""
        row["illegal"] = f"{verdict.rule}: {verdict.reason}"
        rows.append(row)
    return rows, verdict


def _row(record: Record, number: int, deal: int, index: int, a: Action, p: Presenter) -> dict[str, object]:
    seat = a.seat  # type: ignore[attr-defined]
    return {
        "record": number,
        "deal": deal + 1,
        "action": index + 1,
        "seat": seat,
        "player": record.players[seat] if 0 <= seat < len(record.players) else "",
        "type": a.kind,
        "value": p.action_value(a),
        "trick": "",
        "trick_winner": "",
        "score": "",
        "detail": "",
        "note": a.note or "",  # type: ignore[attr-defined]
        "illegal": "",
    }


class Exported(NamedTuple):
    """An export's bytes, and the verdict on each record exported (for ``csv`` and
    ``text``, which replay the records; none for ``json``)."""

    data: bytes
    verdicts: list[Verdict]


def _none(_item: object) -> int:
    return 0


def _csv(
    records: Sequence[Record], source: str, numbers: Sequence[int], tally: Tally | None = None
) -> Exported:
    rows: list[list[object]] = []
    verdicts: list[Verdict] = []
    pairs = zip(numbers, records, strict=True)
    for number, record in pairs if tally is None else tally.counted(pairs, _none):
        got, verdict = csv_rows(record, number, source, illegal=True)
        rows += ([row[c] for c in CSV_COLUMNS] for row in got)
        if verdict is not None:
            verdicts.append(verdict)
    return Exported(csv_table(CSV_COLUMNS, rows).encode(), verdicts)


def to_csv(records: Iterable[Record]) -> str:
    """CSV of every action of every record (see :func:`csv_rows`), written by
    :func:`gamerec.escape.csv_table`: no cell holds a line break or a control character, and
    text that a spreadsheet would read as a formula gets a leading ``'``."""
    recs = list(records)
    return _csv(recs, "-", range(1, len(recs) + 1)).data.decode()


def to_text(record: Record, number: int = 1, source: str = "-") -> str:
    """A readable history: the header, every deal with its hands and actions, the events
    they caused, the game's own score sheet and the verdict. Text from the record shows
    as :func:`gamerec.escape.terminal_text` has it (no control character or escape
    sequence; a line break in a name or note as ``⏎``)."""
    return _text(record, number, source)[0]


def _text(record: Record, number: int, source: str) -> tuple[str, Verdict]:
    game = get_game(record.game)
    lines = [f"{game.title}: {', '.join(record.players)}"]
    m = record.meta
    info = [f"{k} {v}" for k, v in (("event", m.event), ("site", m.site), ("date", m.date),
                                     ("round", m.round), ("table", m.table)) if v]  # fmt: skip
    info += [f"{k} {v}" for k, v in sorted(m.tags.items())]
    if info:
        lines.append("; ".join(info))
    if record.rules:
        lines.append("rules: " + ", ".join(f"{k}={_json(v)}" for k, v in record.rules.items()))
    # the light steps, with a view at each deal's start alone: the only one printed
    shown = presenter(game.id)
    players = record.players
    describe = shown.describe
    gen = walk(record, steps=True)
    while True:
        try:
            di, _, action, events, st = next(gen)
        except StopIteration as stop:
            outcome: Outcome = stop.value
            break
        text = step_text(shown, record, di, action)
        if action is None:
            view = shown.view(st)
            lines.append("")
            _, _, detail = view.title.partition(" · ")
            head = text[:1].upper() + text[1:]
            lines.append(f"{head} ({detail})" if detail else head)
            for sv in view.seats:
                lines.append(f"  {sv.name}: {' '.join(sv.hand or [])}")
            for label, value in view.lines:
                lines.append(f"  {label}: {value}")
        else:
            lines.append(f"  {text}")
        for e in events:
            lines.append(f"    -> {describe(e, players)}")
    verdict = verdict_of(outcome, record, source, number - 1)
    assert verdict is not None
    state = outcome.state
    sheet = shown.history_text
    state_text = sheet(record, state) if state is not None and state.deal_scores else ""
    if state_text:
        # the game lays out its sheet with the names as they are: show them as they may be
        # shown first, so that a line break in a name cannot break a line of the sheet
        names = {*state.players, *state.sides} if state is not None else set()
        for name in sorted(names, key=len, reverse=True):
            if terminal_text(name) != name:
                state_text = state_text.replace(name, terminal_text(name))
        lines += ["", "Score sheet", *state_text.split("\n")]
    lines += ["", verdict.message()]
    return "\n".join(terminal_text(line) for line in lines) + "\n", verdict


EXPORTS = ("json", "csv", "text")


def _json(value: object) -> str:
    return msgspec.json.encode(value).decode()


def export_checked(
    records: Iterable[Record],
    to: str,
    source: str = "-",
    numbers: Sequence[int] | None = None,
    on_progress: OnProgress | None = None,
) -> Exported:
    """``records`` exported as ``json`` (the editable twin), ``csv`` or ``text``, with the
    verdict on each (csv and text replay the records: an illegal one is exported up to and
    including its illegal action, an incomplete one in full). ``numbers`` are the
    records' numbers in ``source`` (from 1; by default 1, 2, ...), as rows and verdicts
    give them. ``on_progress`` hears of each record exported (with no bytes: see
    :mod:`gamerec.format.progress`)."""
    from ..format.write import encode_records

    recs = list(records)
    nums = list(numbers) if numbers is not None else list(range(1, len(recs) + 1))
    if len(nums) != len(recs):
        raise ValueError(f"{len(nums)} numbers for {len(recs)} records")
    tally = Tally(on_progress, None)
    if to == "json":
        return Exported(b"".join(encode_records(tally.counted(recs, _none), "json")), [])
    if to == "csv":
        return _csv(recs, source, nums, tally)
    if to == "text":
        texts = [_text(r, n, source) for n, r in tally.counted(zip(nums, recs, strict=True), _none)]
        return Exported("\n".join(t for t, _ in texts).encode(), [v for _, v in texts])
    raise ValueError(f"unknown export {to!r} (choose from {', '.join(EXPORTS)})")


def export(records: Iterable[Record], to: str, source: str = "-") -> bytes:
    """``records`` exported as ``json`` (the editable twin), ``csv`` or ``text`` (see
    :func:`export_checked`, which gives the verdicts too)."""
    return export_checked(records, to, source).data
