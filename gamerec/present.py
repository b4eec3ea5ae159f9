"""The replay for people: a record step by step (visitors of the one walk,
:func:`gamerec.stepper.visit`), with the derived events, the state after each step as a view
and all of it in words; and moves between steps (what the keys of ``gamerec replay`` do).

>>> from gamerec.bots import simulate
>>> record = next(simulate("blackball", players=3, games=1, seed=1))
>>> replay = Replay(record)
>>> steps = list(replay)
>>> steps[0].text
'round 1: Bot 1 deals'
>>> replay.verdict.status
'valid'
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import msgspec

from .checking.verdicts import Verdict, verdict_of
from .engine import Event, GameState
from .escape import terminal_text
from .games import get_game
from .games.presenters import Presenter, presenter
from .record import Action, Record
from .stepper import OutcomeVisitor, run, visit
from .view import View

__all__ = ["MOVES", "Replay", "Step", "StepLine", "deal_word", "move", "sheet_text", "step_text"]


class Step(msgspec.Struct, gc=False):
    """One step: the action (None at a deal's start), the events it caused, the state
    after it and all of that in words. ``deal`` and ``index`` count from 0; ``index`` is
    -1 at a deal's start. (Not tracked by the garbage collector: a step holds no cycle.)"""

    deal: int
    index: int
    action: Action | None
    events: list[Event]
    view: View
    text: str
    event_texts: list[str]


class StepLine(msgspec.Struct, gc=False):
    """One step as ``gamerec replay --all`` prints it, without the view (cheaper than a
    :class:`Step`): ``step`` counts from 1 over the record, ``deal`` and ``trick`` from 1
    (``trick`` None at a deal's start and before a deal's first card); ``seat`` is the
    seat that acted (the dealer, or the seat playing first, at a deal's start); ``word``
    what the game calls a deal (:func:`deal_word`)."""

    step: int
    deal: int
    trick: int | None
    seat: int | None
    text: str
    event_texts: list[str]
    word: str = "deal"

    def line(self) -> str:
        """``step 12 · round 1 · trick 3 · seat 2 · Cy play QS → trick 3 (...) won by Cy``:
        one greppable line (the events after ``→``; the game's word for a deal)."""
        trick = "-" if self.trick is None else self.trick
        seat = "-" if self.seat is None else self.seat
        head = f"step {self.step} · {self.word} {self.deal} · trick {trick} · seat {seat} · {self.text}"
        return head + "".join([f" → {e}" for e in self.event_texts]) if self.event_texts else head


_PLAYS = frozenset(("play", "pass", "pledge"))  # (Cards is "play" too)


class _Steps(OutcomeVisitor):
    """The :class:`Step` of each step of a walk (a view and the texts)."""

    def __init__(self, record: Record, seat: int | None) -> None:
        super().__init__()
        self.record = record
        self.shown = presenter(record.game)
        self.viewer = self.shown.viewer(seat)

    def begin_deal(self, deal: int, events: Sequence[Event], state: GameState) -> Step:
        return self._step(deal, -1, None, events, state)

    def action(
        self, deal: int, index: int, action: Action, events: Sequence[Event], state: GameState
    ) -> Step:
        return self._step(deal, index, action, events, state)

    def _step(
        self, deal: int, index: int, action: Action | None, events: Sequence[Event], state: GameState
    ) -> Step:
        shown, record = self.shown, self.record
        # the views of consecutive steps share what a step did not change
        view = self.viewer(state, action, events)
        if action is None or action.note:  # type: ignore[attr-defined]
            text = step_text(shown, record, deal, action)
        else:
            text = shown.describe_action(action, record.players)
        if events:
            describe, players = shown.describe, record.players
            return Step(deal, index, action, list(events), view, text, [describe(e, players) for e in events])
        return Step(deal, index, action, [], view, text, [])


class _Lines(OutcomeVisitor):
    """The :class:`StepLine` of each step of a walk (no view made)."""

    def __init__(self, record: Record) -> None:
        super().__init__()
        self.record = record
        self.shown = presenter(record.game)
        self.word = self.shown.game.deal_word
        self.number = 0
        self.ended = 0  # tricks ended in this deal
        self.played = False  # a card played in this deal

    def begin_deal(self, deal: int, events: Sequence[Event], state: GameState) -> StepLine:
        self.number += 1
        self.ended, self.played = 0, False
        text = step_text(self.shown, self.record, deal, None)
        return self._line(deal, self.record.deals[deal].dealer, text, events)

    def action(
        self, deal: int, index: int, action: Action, events: Sequence[Event], state: GameState
    ) -> StepLine:
        self.number += 1
        self.played = self.played or action.kind in _PLAYS
        if action.note:  # type: ignore[attr-defined]
            text = step_text(self.shown, self.record, deal, action)
        else:
            text = self.shown.describe_action(action, self.record.players)
        return self._line(deal, action.seat, text, events)

    def _line(self, deal: int, seat: int | None, text: str, events: Sequence[Event]) -> StepLine:
        trick = self.ended + 1 if self.played else None
        if not events:
            return StepLine(self.number, deal + 1, trick, seat, text, [], self.word)
        describe, players = self.shown.describe, self.record.players
        texts = [describe(e, players) for e in events]
        for e in events:
            if e.ends_trick:
                self.ended += 1
                self.played = False
        return StepLine(self.number, deal + 1, trick, seat, text, texts, self.word)


def check_seat(seat: object, players: int) -> None:
    """:class:`~gamerec.errors.InputError` unless ``seat`` (whose hand a view shows, the
    others hidden) is None or a seat of a record of ``players`` players (``True`` is no
    seat: Python would take it for 1)."""
    if seat is None:
        return
    if type(seat) is not int or not 0 <= seat < players:
        from .errors import InputError

        raise InputError(f"seat {seat!r}: the record has seats 0..{players - 1}")


class Replay:
    """Iterate over the steps of ``record``; afterwards :attr:`verdict` says how it ended.

    ``seat`` shows the game as that player saw it: other hands are hidden.
    """

    def __init__(
        self,
        record: Record,
        seat: int | None = None,
        source: str = "-",
        index: int = 0,
        *,
        read: bool = False,
    ) -> None:
        check_seat(seat, len(record.players))
        self.record = record
        #: the record came from gamerec's reader, so it reads back as it is: it is not
        #: encoded again to be checked (one made in Python is)
        self.read = read
        self.seat = seat
        self.source = source
        self.index = index
        self.verdict: Verdict | None = None
        #: the game state after the last step, once iterated (None if no game began)
        self.state: GameState | None = None

    def __iter__(self) -> Iterator[Step]:
        if self._unreadable():
            return
        record = self.record
        maker = _Steps(record, self.seat) if self._known() else None
        if maker is None:  # (no step: the walk ends at once, saying why)
            outcome = run(record)
        else:
            yield from visit(record, maker)
            outcome = maker.result()
        self.verdict = verdict_of(outcome, record, self.source, self.index)
        self.state = outcome.state

    def lines(self) -> Iterator[StepLine]:
        """Iterate over the steps as lines (:class:`StepLine`), with no view made;
        afterwards :attr:`verdict` and :attr:`state` are set as by iterating the steps."""
        if self._unreadable():
            return
        record = self.record
        maker = _Lines(record) if self._known() else None
        if maker is None:
            outcome = run(record)
        else:
            yield from visit(record, maker)
            outcome = maker.result()
        self.verdict = verdict_of(outcome, record, self.source, self.index)
        self.state = outcome.state

    def sheet_text(self) -> str:
        """The game's own score sheet (its presenter's ``history_text``) once iterated, ""
        when no deal was scored; names shown as :func:`gamerec.escape.terminal_text` has
        them, so that a line break in a name cannot break a line of the sheet."""
        return sheet_text(self.record, self.state)

    def _unreadable(self) -> bool:
        """Whether the record would not read back once written (made in Python with ``"x"``
        where a card belongs, or of no known game): then it has no step, and its verdict is
        unreadable, as :func:`gamerec.verify` says of it."""
        if self.read:
            return False
        from .checking.verdicts import unreadable
        from .format.binary import reread_problem
        from .format.read import Entry

        problem = reread_problem(self.record)
        if problem is None:
            return False
        self.verdict = unreadable(Entry(self.source, self.index, "", None, problem))
        self.state = None
        return True

    def _known(self) -> bool:
        try:
            get_game(self.record.game)
        except Exception:
            return False
        return True


def deal_word(game: str) -> str:
    """What ``game``'s records call a deal: ``round`` (blackball, forest), ``game``
    (black-swan-taroc), ``deal``; "deal" for a game gamerec does not know.

    >>> deal_word("black-swan-taroc"), deal_word("no-such-game")
    ('game', 'deal')
    """
    try:
        return get_game(game).deal_word
    except Exception:
        return "deal"


def sheet_text(record: Record, state: GameState | None) -> str:
    """The score sheet of ``record`` at ``state`` (see :meth:`Replay.sheet_text`)."""
    if state is None or not state.deal_scores:
        return ""
    shown = presenter(record.game)
    text = shown.history_text(record, state)
    # the game lays out its sheet with the names as they are: show them as they may be
    # shown first, so that a line break in a name cannot break a line of the sheet
    for name in sorted({*state.players, *state.sides}, key=len, reverse=True):
        if terminal_text(name) != name:
            text = text.replace(name, terminal_text(name))
    # a mark in the sheet is explained under it (blackball's black ball)
    for mark, legend in shown.legends:
        if mark in text:
            text += "\n" + legend
    return text


def step_text(shown: Presenter, record: Record, deal: int, action: Action | None) -> str:
    """A step of ``record`` in words, as :class:`Step` has it: ``round 1: Bo deals`` at the
    start of deal ``deal`` (from 0; ``action`` None), else ``Bo play QS`` and its note."""
    players = record.players
    if action is None:
        game = shown.game
        dealer = record.deals[deal].dealer
        who = players[dealer] if 0 <= dealer < len(players) else f"seat {dealer}"
        verb = "deals" if game.seat_field == "dealer" else "plays first"
        return f"{game.deal_word} {deal + 1}: {who} {verb}"
    text = shown.describe_action(action, players)
    note: str | None = action.note  # type: ignore[attr-defined]
    return f"{text}  ; {note}" if note else text


#: what :func:`move` understands
MOVES = ("next", "back", "first", "last", "next-deal", "previous-deal", "next-trick", "previous-trick")


def _trick_end(step: Step) -> bool:
    return any(e.ends_trick for e in step.events)


def move(steps: Sequence[Step], i: int, where: str, deal: int | None = None, trick: int | None = None) -> int:
    """The step to show after ``where`` from step ``i``: one of :data:`MOVES`, or
    ``deal`` to jump to the start of deal ``deal`` (from 1; the last one when there are
    fewer), or ``trick`` to the step ending trick ``trick`` of step ``i``'s deal (from 1;
    the deal's last step when it has fewer). Tricks are the steps whose events end a
    trick (or a table of cards).

    >>> from gamerec.bots import simulate
    >>> steps = list(Replay(next(simulate("blackball", players=3, games=1, seed=1))))
    >>> move(steps, 0, "next-deal"), move(steps, 0, "deal", deal=3)
    (7, 17)
    >>> steps[move(steps, 17, "next-trick")].event_texts
    ['trick 1 (9C 6C 7C) won by Bot 1']
    >>> move(steps, 17, "trick", trick=1) == move(steps, 17, "next-trick")
    True
    """
    last = len(steps) - 1
    if not steps:
        return 0
    if where == "next":
        return min(i + 1, last)
    if where == "back":
        return max(i - 1, 0)
    if where == "first":
        return 0
    if where == "last":
        return last
    if where == "next-deal":
        return next((j for j in range(i + 1, last + 1) if steps[j].index == -1), last)
    if where == "previous-deal":
        starts = [j for j in range(i) if steps[j].index == -1]
        return starts[-1] if starts else 0
    if where == "next-trick":
        return next((j for j in range(i + 1, last + 1) if _trick_end(steps[j])), last)
    if where == "previous-trick":
        ends = [j for j in range(i) if _trick_end(steps[j])]
        return ends[-1] if ends else 0
    if where == "deal":
        starts = [j for j, s in enumerate(steps) if s.index == -1]
        if not starts or deal is None:
            return i
        return starts[min(max(deal, 1), len(starts)) - 1]
    if where == "trick":
        if trick is None:
            return i
        d = steps[i].deal
        in_deal = [j for j, s in enumerate(steps) if s.deal == d]
        ends = [j for j in in_deal if _trick_end(steps[j])]
        return ends[trick - 1] if 0 < trick <= len(ends) else in_deal[-1]
    raise ValueError(f"unknown move {where!r} (one of {', '.join(MOVES)}, deal, trick)")
