"""Exports of a record: CSV (one row per action, with derived columns) and a readable text
history. The JSON twin is written by :mod:`gamerec.files`."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

import msgspec

from .engine import action_text
from .games import get_game
from .record import Record
from .replay import Replay
from .safe import csv_text, strip_controls
from .verify import Verdict

__all__ = ["CSV_COLUMNS", "EXPORTS", "csv_rows", "export", "to_csv", "to_text"]

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
)


def csv_rows(record: Record, number: int = 1) -> tuple[list[dict[str, object]], Verdict | None]:
    """One row per action of ``record``: where it stands (``deal``, ``action`` and
    ``trick`` count from 1), what it was, the winner of its trick once that trick is
    over, and the running total of its player's scoring side after it."""
    game = get_game(record.game)
    rows: list[dict[str, object]] = []
    pending: list[dict[str, object]] = []  # rows of the trick under way
    trick = 1
    replay = Replay(record, index=number - 1)
    for step in replay:
        if step.action is None:
            trick = 1
            continue
        a = step.action
        seat = a.seat  # type: ignore[attr-defined]
        value = action_text(a, game.deck).partition(" ")[2]
        row: dict[str, object] = {
            "record": number,
            "deal": step.deal + 1,
            "action": step.index + 1,
            "seat": seat,
            "player": record.players[seat] if 0 <= seat < len(record.players) else "",
            "type": a.kind,
            "value": value,
            "trick": trick if a.in_trick else "",
            "trick_winner": "",
            "score": step.view.seats[seat].score if 0 <= seat < len(step.view.seats) else "",
            "detail": game.action_detail(a),
            "note": a.note or "",  # type: ignore[attr-defined]
        }
        rows.append(row)
        if a.in_trick:
            pending.append(row)
        for e in step.events:
            if e.ends_trick:
                for r in pending:
                    r["trick_winner"] = e.seat  # type: ignore[attr-defined]
                pending = []
                trick += 1
    return rows, replay.verdict


def to_csv(records: Iterable[Record]) -> str:
    """CSV of every action of every record (see :func:`csv_rows`); player names and
    notes neutralised against formula injection (:func:`gamerec.safe.csv_text`)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for number, record in enumerate(records, 1):
        rows, _ = csv_rows(record, number)
        for row in rows:  # text from the record cannot become a spreadsheet formula
            row["player"] = csv_text(str(row["player"]))
            row["note"] = csv_text(str(row["note"]))
        writer.writerows(rows)
    return out.getvalue()


def to_text(record: Record, number: int = 1, source: str = "-") -> str:
    """A readable history: the header, every deal with its hands and actions, the events
    they caused, the game's own score sheet and the verdict. Control characters in names
    and notes are removed."""
    return strip_controls(_text(record, number, source))


def _text(record: Record, number: int, source: str) -> str:
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
    replay = Replay(record, index=number - 1, source=source)
    for step in replay:
        if step.action is None:
            lines.append("")
            _, _, detail = step.view.title.partition(" · ")
            head = step.text[:1].upper() + step.text[1:]
            lines.append(f"{head} ({detail})" if detail else head)
            for sv in step.view.seats:
                lines.append(f"  {sv.name}: {' '.join(sv.hand or [])}")
            for label, value in step.view.lines:
                lines.append(f"  {label}: {value}")
        else:
            lines.append(f"  {step.text}")
        for t in step.event_texts:
            lines.append(f"    -> {t}")
    verdict = replay.verdict
    assert verdict is not None
    state = replay.state
    state_text = game.history_text(record, state) if state is not None and state.deal_scores else ""
    if state_text:
        lines += ["", "Score sheet", state_text]
    lines += ["", verdict.message()]
    return "\n".join(lines) + "\n"


EXPORTS = ("json", "csv", "text")


def _json(value: object) -> str:
    return msgspec.json.encode(value).decode()


def export(records: Iterable[Record], to: str, source: str = "-") -> bytes:
    """``records`` exported as ``json`` (the editable twin), ``csv`` or ``text``."""
    from .files import encode_records

    recs = list(records)
    if to == "json":
        return b"".join(encode_records(recs, "json"))
    if to == "csv":
        return to_csv(recs).encode()
    if to == "text":
        return "\n".join(to_text(r, i, source) for i, r in enumerate(recs, 1)).encode()
    raise ValueError(f"unknown export {to!r} (choose from {', '.join(EXPORTS)})")
