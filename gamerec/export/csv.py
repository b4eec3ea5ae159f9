"""CSV of records: one row per action, with the columns a replay derives (the trick, its
winner, the running score, the game's detail) and, for an illegal record, the rule broken."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from ..checking.verdicts import Verdict, verdict_of
from ..engine import Event, GameState
from ..escape import CsvFields, csv_line
from ..format.progress import ProgressTally
from ..games.presenters import presenter
from ..record import Action, Bid, Cards, Record
from ..stepper import TrickVisitor, walk

__all__ = ["CSV_COLUMNS", "CsvFile", "csv_export", "csv_lines", "csv_lists", "csv_rows", "to_csv"]

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


def value_cell(action_value: Callable[[Action], str], a: Action) -> object:
    """The ``value`` cell of action ``a``: a bid's number as a number (so that ``-1`` is
    the number it is, not text a spreadsheet might take for a formula), else its words
    (``QS``, ``7H 8H 9H``, ``stone``)."""
    if type(a) is Bid and type(a.tricks) is int:
        return a.tricks
    return action_value(a)


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
    :data:`CSV_COLUMNS` (without a dict a row)."""
    # the light steps alone: no views or texts are made (they cost 15x the rules)
    rows = _Rows(record, number)
    outcome = walk(record, rows)
    verdict = verdict_of(outcome, record, source, number - 1)
    if illegal:
        refused = _refused_row(record, number, verdict, rows.trick)
        if refused is not None:
            rows.rows.append(refused)
    return rows.rows, verdict


class _Rows(TrickVisitor):
    """The rows of :func:`csv_lists`, made step by step."""

    def __init__(self, record: Record, number: int) -> None:
        super().__init__()
        shown = presenter(record.game)
        self.action_detail = shown.action_detail if shown.has_details else None
        self.action_value = shown.action_value
        self.players = record.players
        self.number = number
        self.rows: list[list[object]] = []
        self.pending: list[list[object]] = []  # rows of the trick under way

    def begin_deal(self, deal: int, events: Sequence[Event], state: GameState) -> None:
        super().begin_deal(deal, events, state)
        self.pending = []

    def action(self, deal: int, index: int, a: Action, events: Sequence[Event], state: GameState) -> None:
        seat = a.seat
        players = self.players
        in_trick = a.in_trick
        side_of = self.side_of
        action_detail = self.action_detail
        row: list[object] = [  # the columns of CSV_COLUMNS; the trick's winner once known
            self.number,
            deal + 1,
            index + 1,
            seat,
            players[seat] if 0 <= seat < len(players) else "",
            a.kind,
            value_cell(self.action_value, a),
            self.trick if in_trick else "",
            "",
            state.totals[side_of[seat]] if seat in side_of else "",
            action_detail(a) if action_detail is not None else "",
            a.note or "",  # type: ignore[attr-defined]
            "",
        ]
        self.rows.append(row)
        if in_trick:
            self.pending.append(row)
        if events:
            for winner in self.tricks_ended(events):
                for r in self.pending:
                    r[_WINNER] = winner
                self.pending = []


class CsvFile:
    """What the lines of one CSV file are made from, kept while it is written: each text's
    field (:class:`~gamerec.escape.CsvFields`) and, for each game, each action's
    ``kind,value,`` and ``,detail,note,`` fields (a file repeats its bids and plays)."""

    def __init__(self) -> None:
        self.fields = CsvFields()
        self.said: dict[str, dict[object, tuple[str, str]]] = {}


def csv_lines(record: Record, number: int, source: str, out: CsvFile) -> tuple[list[str], Verdict | None]:
    """The lines of the CSV file ``out`` for ``record`` (each ended by ``\\n``): the rows of
    :func:`csv_lists` (``illegal`` on) as :func:`gamerec.escape.csv_line` writes them. Made
    a line at a time, each line's text at once (the export's speed;
    tests/output/test_csv_fields.py holds the two to the same text)."""
    lines = _Lines(record, number, out)
    outcome = walk(record, lines)
    lines.close_trick()  # a trick left unfinished
    verdict = verdict_of(outcome, record, source, number - 1)
    refused = _refused_row(record, number, verdict, lines.trick)
    if refused is not None:
        lines.lines.append(csv_line(refused, out.fields))
    return lines.lines, verdict


class _Lines(TrickVisitor):
    """The lines of :func:`csv_lines`, made step by step."""

    def __init__(self, record: Record, number: int, out: CsvFile) -> None:
        super().__init__()
        shown = presenter(record.game)
        self.action_detail = shown.action_detail if shown.has_details else None
        self.action_value = shown.action_value
        fields = self.fields = out.fields
        self.said = out.said.setdefault(record.game, {})  # a card's code is the game's own
        # "seat,player," for each seat, and the line's start in the deal ("record,deal,")
        self.seated = [f"{seat},{fields[name]}," for seat, name in enumerate(record.players)]
        self.number = number
        self.start = ""
        self.lines: list[str] = []
        # the lines of the trick under way, and the rest of each once its winner is known
        self.pending: list[int] = []
        self.ends: list[str] = []
        # each seat's running total as text, made again when the totals change (a deal's
        # scoring gives the state a new list)
        self.totals: list[int] = []
        self.scores: list[str] = []

    def close_trick(self, winner: str = "") -> None:
        """End the lines of the trick under way, with its winner (none for a trick left
        unfinished)."""
        lines = self.lines
        for i, end in zip(self.pending, self.ends, strict=True):
            lines[i] = f"{lines[i]}{winner}{end}"
        self.pending = []
        self.ends = []

    def begin_deal(self, deal: int, events: Sequence[Event], state: GameState) -> None:
        self.close_trick()  # a trick left unfinished
        super().begin_deal(deal, events, state)
        self.start = f"{self.number},{deal + 1},"

    def action(self, deal: int, index: int, a: Action, events: Sequence[Event], state: GameState) -> None:
        seated = self.seated
        nplayers = len(seated)
        if state.totals is not self.totals:
            totals = self.totals = state.totals
            side_of = self.side_of
            self.scores = [str(totals[side_of[s]]) if s in side_of else "" for s in range(nplayers)]
        # an action is its own key (a frozen struct), but for the list of Cards
        key: object = a if type(a) is not Cards else (a.note, *a.cards)
        said = self.said
        words = said.get(key)
        if words is None:
            if len(said) >= _ACTIONS_KEPT:
                said.clear()
            fields = self.fields
            action_detail = self.action_detail
            detail = fields[action_detail(a)] if action_detail is not None else ""
            note = fields[a.note] if a.note else ""  # type: ignore[attr-defined]
            value = value_cell(self.action_value, a)
            cell = fields[value] if type(value) is str else str(value)
            words = said[key] = (f"{fields[a.kind]},{cell},", f",{detail},{note},\n")
        what, rest = words
        seat: int = a.seat
        if 0 <= seat < nplayers:
            head = f"{self.start}{index + 1},{seated[seat]}{what}"
            score = self.scores[seat]
        else:
            head = f"{self.start}{index + 1},{seat},,{what}"
            score = ""
        lines = self.lines
        if a.in_trick:
            lines.append(f"{head}{self.trick},")
            self.pending.append(len(lines) - 1)
            self.ends.append(f",{score}{rest}")
        else:
            lines.append(f"{head},,{score}{rest}")
        if events:
            for winner in self.tricks_ended(events):
                self.close_trick(str(winner))


#: How many actions' fields a :class:`CsvFile` keeps for a game at once.
_ACTIONS_KEPT = 8192


def _refused_row(record: Record, number: int, verdict: Verdict | None, trick: int) -> list[object] | None:
    """The row of the illegal action that stopped ``record`` (never applied: no trick's
    winner, score or detail; its ``illegal`` column names the rule), if one did; for a
    fault that is no action's (a faulty deal or rules block, a deal after the end), a row
    with the deal (if any) and the ``illegal`` column alone."""
    if verdict is None or verdict.status != "illegal":
        return None
    if verdict.action is None or verdict.deal is None:
        deal = verdict.deal if verdict.deal is not None else ""
        return [number, deal, "", "", "", "", "", "", "", "", "", "", f"{verdict.rule}: {verdict.reason}"]
    a = record.deals[verdict.deal - 1].actions[verdict.action - 1]
    seat = a.seat
    players = record.players
    return [
        number,
        verdict.deal,
        verdict.action,
        seat,
        players[seat] if 0 <= seat < len(players) else "",
        a.kind,
        value_cell(presenter(record.game).action_value, a),
        trick if a.in_trick else "",
        "",
        "",
        "",
        a.note or "",
        f"{verdict.rule}: {verdict.reason}",
    ]


def to_csv(records: Iterable[Record]) -> str:
    """CSV of every action of every record (see :func:`csv_rows`), written by
    :func:`gamerec.escape.csv_field`: no cell holds a line break or a control character, and
    text that a spreadsheet would read as a formula gets a leading ``'``."""
    recs = list(records)
    return csv_export(recs, "-", range(1, len(recs) + 1))[0].decode()


def csv_export(
    records: Sequence[Record], source: str, numbers: Sequence[int], tally: ProgressTally | None = None
) -> tuple[bytes, list[Verdict]]:
    """The CSV of ``records`` (numbered by ``numbers`` in ``source``) and the verdict on
    each that is not valid; ``tally`` hears of each record."""
    out = CsvFile()  # each text's field and each action's, made once for the whole file
    lines = [csv_line(CSV_COLUMNS, out.fields)]
    verdicts: list[Verdict] = []
    pairs = zip(numbers, records, strict=True)
    for number, record in pairs if tally is None else tally.counted(pairs, _no_bytes):
        got, verdict = csv_lines(record, number, source, out)
        lines += got
        if verdict is not None:
            verdicts.append(verdict)
    return "".join(lines).encode(), verdicts


def _no_bytes(_item: object) -> int:
    return 0
