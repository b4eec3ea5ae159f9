"""Verification: replay each record by its rules and give it a verdict.

Verdicts (docs/errors.md): ``unreadable`` (not a record of a known format version),
``illegal`` (the first illegal action, or a faulty deal, header, options or claim),
``incomplete`` (legal so far but unfinished), ``mismatch`` (complete and legal, but the
claimed result differs from the computed one) and ``valid``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any, Literal

import msgspec

from ..engine import GameState, action_text, plural, seat_name
from ..errors import StockMissing
from ..format.paths import Paths
from ..format.read import Entry
from ..games import get_game
from ..record import Record
from ..stepper import Outcome, run

__all__ = [
    "STATUSES",
    "ScoreSheet",
    "Status",
    "Verdict",
    "entry_verdict",
    "summarize",
    "verdict_of",
    "verify_entries",
    "verify_paths",
    "verify_record",
]

Status = Literal["valid", "illegal", "incomplete", "mismatch", "unreadable"]
STATUSES: tuple[Status, ...] = ("valid", "illegal", "incomplete", "mismatch", "unreadable")


class GameResult(msgspec.Struct):
    """One game as standings count it: scores per side and the winning sides."""

    scores: list[int]
    winners: list[int]


class ScoreSheet(msgspec.Struct):
    """Computed scores: per deal and in total, one column per scoring side."""

    sides: list[str]
    deals: list[list[int]]
    totals: list[int]
    winners: list[int]
    complete: bool
    #: the seats of each side (one seat each but in a team game)
    members: list[list[int]] = []
    #: the games a record counts as, for standings: each game's scores per side and its
    #: winning sides (one game per record, but one per deal in black-swan-taroc)
    games: list[GameResult] = []


class Verdict(msgspec.Struct, omit_defaults=True):
    """The verdict on one record and, where it went wrong, where and why.

    ``record``, ``deal`` and ``action`` count from 1 as messages do; ``seat`` from 0 as in
    the format. ``rule`` is a stable rule id (illegal) or format error code (unreadable).
    """

    status: Status
    source: str
    record: int
    where: str = ""
    game: str | None = None
    players: list[str] = []
    deal: int | None = None
    action: int | None = None
    seat: int | None = None
    move: str | None = None
    rule: str | None = None
    reason: str | None = None
    mismatches: list[str] = []
    scores: ScoreSheet | None = None
    #: the record's content hash (see gamerec.checking.batch.content_hash), when computed
    hash: str | None = None
    #: the record's date as its header gives it (``meta.date``, not parsed), if any
    date: str | None = None

    @property
    def ok(self) -> bool:
        return self.status == "valid"

    def location(self) -> str:
        """``game.grec: record 4, deal 3, action 42 (seat 2, Cy)``."""
        parts = [f"record {self.record}"]
        if self.deal is not None:
            parts.append(f"deal {self.deal}")
        if self.action is not None:
            parts.append(f"action {self.action}")
        text = f"{self.source}: " + ", ".join(parts)
        if self.seat is not None:
            name = self.players[self.seat] if 0 <= self.seat < len(self.players) else None
            text += f" (seat {self.seat}, {name})" if name is not None else f" (seat {self.seat})"
        return text

    def message(self) -> str:
        """One line saying what the verdict is and why."""
        head = self.location()
        if self.status == "valid":
            return f"{head}: valid"
        if self.status == "mismatch":
            return f"{head}: mismatch: " + "; ".join(self.mismatches)
        rule = f" [{self.rule}]" if self.rule else ""
        if self.status == "incomplete" and self.move:
            # the move is where the record stops, not a fault
            return f"{head}: incomplete after {self.move}: {self.reason}{rule}"
        what = f"{self.move}: " if self.move else ""
        return f"{head}: {self.status}: {what}{self.reason}{rule}"


def score_sheet(state: GameState) -> ScoreSheet:
    return ScoreSheet(
        list(state.sides),
        [list(s) for s in state.deal_scores],
        list(state.totals),
        list(state.winners()) if state.finished else [],
        state.finished,
        [list(m) for m in state.members()],
        [GameResult(list(s), list(w)) for s, w in state.game_results()] if state.finished else [],
    )


def _claim_problems(record: Record, sheet: ScoreSheet) -> tuple[str | None, list[str]]:
    """(a shape error, or None; the differences between claim and computation)."""
    claim = record.claim
    word = "deal"  # as the verdict's location says
    if claim is None:
        return None, []
    sides = sheet.sides
    k = len(sides)
    if claim.deals is None and claim.totals is None:
        return "the claim gives neither deal scores nor totals", []
    if claim.deals is not None:
        if len(claim.deals) != len(sheet.deals):
            have = len(sheet.deals)
            return f"the claim gives scores for {plural(len(claim.deals), word)}, the record has {have}", []
        for i, row in enumerate(claim.deals):
            if len(row) != k:
                return f"the claim's {word} {i + 1} gives {len(row)} scores for {k} scoring sides", []
    if claim.totals is not None and len(claim.totals) != k:
        return f"the claim gives {len(claim.totals)} totals for {k} scoring sides", []
    diffs = []
    if claim.deals is not None:
        for i, (row, got) in enumerate(zip(claim.deals, sheet.deals, strict=True)):
            for s, (a, b) in enumerate(zip(row, got, strict=True)):
                if a != b:
                    diffs.append(f"{word} {i + 1}, {sides[s]}: claimed {a}, computed {b}")
    if claim.totals is not None:
        for s, (a, b) in enumerate(zip(claim.totals, sheet.totals, strict=True)):
            if a != b:
                diffs.append(f"total, {sides[s]}: claimed {a}, computed {b}")
    return None, diffs


def verify_record(record: Record, source: str = "-", index: int = 0, where: str = "") -> Verdict:
    """The verdict on one record (``index`` counts from 0)."""
    return verdict_of(run(record), record, source, index, where)


def verdict_of(out: Outcome, record: Record, source: str = "-", index: int = 0, where: str = "") -> Verdict:
    """The verdict a walk's outcome gives ``record``."""
    base: dict[str, Any] = {
        "source": source,
        "record": index + 1,
        "where": where,
        "game": record.game,
        "players": record.players,
        "date": record.meta.date,
    }
    state = out.state
    sheet = score_sheet(state) if state is not None else None
    err = out.error
    if err is not None:
        deal = None if out.deal is None else out.deal + 1
        action = None if out.action is None else out.action + 1
        seat = getattr(out.move, "seat", None) if out.move is not None else None
        move = None
        if out.move is not None:
            move = action_text(out.move, get_game(record.game).deck)
        if isinstance(err, StockMissing):
            return Verdict(
                "incomplete", deal=deal, action=action, seat=seat, move=move,
                rule=err.code, reason=err.message, scores=sheet, **base,
            )  # fmt: skip
        return Verdict(
            "illegal", deal=deal, action=action, seat=seat, move=move,
            rule=err.rule, reason=err.reason, scores=sheet, **base,
        )  # fmt: skip
    assert state is not None and sheet is not None
    if not state.finished:
        if not record.deals:
            return Verdict("incomplete", reason="the record holds no deals", scores=sheet, **base)
        d = len(record.deals)
        n = len(record.deals[-1].actions)
        who = state.to_move
        word = get_game(record.game).deal_word
        rec = get_game(record.game).record_word
        if who is not None:
            reason = (
                f"the {rec} stops after {plural(n, 'action')} of {word} {d}, before its end: "
                f"{seat_name(state.players, who)} is to act"
            )
        else:
            reason = f"the {rec} stops after {word} {d}, before its end: the next {word} is missing"
        return Verdict("incomplete", deal=d, reason=reason, scores=sheet, **base)
    shape, diffs = _claim_problems(record, sheet)
    if shape:
        return Verdict("illegal", rule="claim-shape", reason=shape, scores=sheet, **base)
    if diffs:
        return Verdict("mismatch", mismatches=diffs, scores=sheet, **base)
    return Verdict("valid", scores=sheet, **base)


def unreadable(entry: Entry) -> Verdict:
    assert entry.error is not None
    err = entry.error
    return Verdict(
        "unreadable",
        entry.source,
        entry.index + 1,
        entry.where,
        rule=err.code,
        reason=(
            err.message
            # a text record's message names its own line; byte 0 says nothing
            if entry.where in ("", "byte 0") or err.message.startswith("line ")
            else f"{entry.where}: {err.message}"
        ),
    )


def entry_verdict(entry: Entry, outcome: Outcome | None = None) -> Verdict:
    """The verdict, with its content hash, on a record read: unreadable when it could not
    be read, else what ``outcome`` (how a walk of it ended: one made by a visitor that read
    its steps) says, or, with none, a walk of it by its rules alone. The one place an
    entry becomes a verdict: a batch, the statistics and :func:`gamerec.verify` come here."""
    record = entry.record
    if record is None:
        return unreadable(entry)
    from ..format.binary import content_hash

    walked = run(record) if outcome is None else outcome
    verdict = verdict_of(walked, record, entry.source, entry.index, entry.where)
    verdict.hash = content_hash(record)
    return verdict


def verify_entries(entries: Iterable[Entry]) -> Iterator[Verdict]:
    """A verdict, with its content hash, for each entry read; one bad record never stops
    the others."""
    for e in entries:
        yield entry_verdict(e)


def summarize(verdicts: Iterable[Verdict]) -> dict[str, int]:
    """How many verdicts of each status, in the order of :data:`STATUSES`."""
    counts = Counter(v.status for v in verdicts)
    return {s: counts.get(s, 0) for s in STATUSES}


def verify_paths(paths: Paths) -> Iterator[Verdict]:
    """A verdict for every record of every file, directory or glob named (streamed)."""
    from ..format.paths import expand_paths
    from ..format.read import read_records

    return verify_entries(read_records(expand_paths(paths)))
