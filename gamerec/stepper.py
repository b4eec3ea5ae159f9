"""The stepper: a record replayed by its rules, one deal and one action at a time. It is
the one replay core: verification (:mod:`gamerec.checking.verdicts`), the exports, the recorder and
the replay for people (:mod:`gamerec.present`) all walk a record through it.

Each step is light: the deal and action numbers, the action, the events it caused and
the live state; views and texts are made by :mod:`gamerec.present` when asked for.

>>> from gamerec.bots import simulate
>>> record = next(simulate("blackball", players=3, games=1, seed=1))
>>> walked = steps(record)
>>> deal, index, action, events, state = next(walked)
>>> deal, index, action, [type(e).__name__ for e in events]
(0, -1, None, [])
>>> outcome = run(record)
>>> outcome.error is None, outcome.state.finished
(True, True)
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Generator, Iterator, Sequence
from typing import Any, Generic, TypeVar

import msgspec
from mypy_extensions import mypyc_attr

from .engine import Event, GameState
from .errors import FormatError, Illegal, StockMissing
from .fastwalk import next_deal_refused, play_deals
from .games import get_game
from .record import Action, Deal, Record

__all__ = [
    "Outcome",
    "OutcomeVisitor",
    "StepTuple",
    "Stepper",
    "TrickVisitor",
    "Visitor",
    "Walk",
    "run",
    "steps",
    "visit",
    "walk",
]

R = TypeVar("R")


class Outcome(msgspec.Struct):
    """How a walk through a record ended: ``error`` is the Illegal or StockMissing that
    stopped it, with ``deal``/``action`` (from 0) and the action."""

    state: GameState | None
    error: Illegal | StockMissing | None = None
    deal: int | None = None
    action: int | None = None
    move: Action | None = None


# a step of a walk: deal index, action index (-1 for the deal's start), action, events,
# and the state after it
StepTuple = tuple[int, int, Action | None, Sequence[Event], GameState]
Walk = Generator[StepTuple, None, Outcome]


@mypyc_attr(allow_interpreted_subclasses=True)
class Visitor(ABC, Generic[R]):
    """What one walk over a record tells a consumer, step by step (python-chess's ``pgn``
    visitors are the model): :meth:`begin_deal` as each deal begins, :meth:`action` after
    each action the rules accept, :meth:`end` with how the walk ended (:class:`Outcome`,
    kept as :attr:`outcome`); :func:`walk` then returns :meth:`result`. What ``begin_deal``
    or ``action`` returns, when not None, :func:`visit` yields: a consumer that is lazy (the
    replay's steps) takes its items as they come.

    With ``eventful``, only the actions that caused events are told (each deal's start
    always is): for a consumer that reads only the events.

    >>> from gamerec.bots import simulate
    >>> class Tricks(Visitor[int]):
    ...     def __init__(self) -> None:
    ...         super().__init__(eventful=True)
    ...         self.tricks = 0
    ...     def action(self, deal, index, action, events, state):
    ...         self.tricks += sum(e.ends_trick for e in events)
    ...     def result(self) -> int:
    ...         return self.tricks
    >>> walk(next(simulate("blackball", players=3, games=1, seed=1)), Tricks())
    49
    """

    def __init__(self, eventful: bool = False) -> None:
        self.eventful = eventful
        self.outcome: Outcome | None = None

    def begin_deal(self, deal: int, events: Sequence[Event], state: GameState) -> Any:
        """Deal ``deal`` (from 0) has begun, causing ``events``; ``state`` is live."""
        return None

    def action(self, deal: int, index: int, action: Action, events: Sequence[Event], state: GameState) -> Any:
        """Action ``index`` (from 0) of deal ``deal`` was played, causing ``events``."""
        return None

    def end(self, outcome: Outcome) -> None:
        """The walk is over: the record's end, or the step the rules refused."""
        self.outcome = outcome

    @abstractmethod
    def result(self) -> R:
        """What :func:`walk` returns, once the walk is over (each visitor says)."""


def visit(record: Record, visitor: Visitor[Any]) -> Iterator[Any]:
    """Replay ``record`` by its rules, telling ``visitor`` each step (:class:`Visitor`), and
    yield what it returns of each, when not None. The one loop over a record's steps:
    verification without steps takes :func:`run`, everything that reads the steps (replay,
    exports, statistics, tests) comes here."""
    try:
        game = get_game(record.game)
        state = game.new_state(record.rules, record.players)
    except (Illegal, FormatError) as e:
        visitor.end(Outcome(None, e if isinstance(e, Illegal) else Illegal("game", e.message)))
        return
    eventful = visitor.eventful
    begin_deal = visitor.begin_deal
    tell = visitor.action
    deals = record.deals
    outcome = Outcome(state)
    for di in range(len(deals)):
        deal = deals[di]
        refused = next_deal_refused(state, di, len(deals[di - 1].actions) if di else 0)
        if refused is not None:
            outcome = Outcome(state, refused, di - 1 if refused.rule == "deal-unfinished" else di)
            break
        events: Sequence[Event]
        try:
            events = state.begin_deal(deal)
        except (Illegal, StockMissing) as e:
            outcome = Outcome(state, e, di)
            break
        told = begin_deal(di, events, state)
        if told is not None:
            yield told
        stopped = False
        for ai, action in enumerate(deal.actions):
            try:
                events = state.apply(action)
            except (Illegal, StockMissing) as e:
                outcome = Outcome(state, e, di, ai, action)
                stopped = True
                break
            if events or not eventful:
                told = tell(di, ai, action, events, state)
                if told is not None:
                    yield told
        if stopped:
            break
    visitor.end(outcome)


def walk(record: Record, visitor: Visitor[R]) -> R:
    """Walk ``record`` with ``visitor`` (:func:`visit`) and return its :meth:`~Visitor.result`."""
    for _ in visit(record, visitor):
        pass
    return visitor.result()


@mypyc_attr(allow_interpreted_subclasses=True)
class OutcomeVisitor(Visitor[Outcome]):
    """A visitor whose result is how the walk ended (what it makes of the steps, it keeps)."""

    def result(self) -> Outcome:
        assert self.outcome is not None
        return self.outcome


@mypyc_attr(allow_interpreted_subclasses=True)
class TrickVisitor(OutcomeVisitor):
    """An :class:`OutcomeVisitor` that keeps, once for all consumers, what they derive from
    the steps: each seat's scoring side (:attr:`side_of`, from the first deal's state: a
    team in black-swan-2012) and the number of the trick under way in the current deal
    (:attr:`trick`, from 1). A subclass calls ``super().begin_deal(...)`` and, after an
    action with events, :meth:`tricks_ended`."""

    def __init__(self, eventful: bool = False) -> None:
        super().__init__(eventful)
        self.trick = 1
        self.side_of: dict[int, int] = {}

    def begin_deal(self, deal: int, events: Sequence[Event], state: GameState) -> Any:
        self.trick = 1
        if not self.side_of:
            self.side_of = {s: i for i, members in enumerate(state.members()) for s in members}
        return None

    def tricks_ended(self, events: Sequence[Event]) -> list[int]:
        """The winners of the tricks that ``events`` end, each moving :attr:`trick` on."""
        won = []
        for e in events:
            if e.ends_trick:
                won.append(e.seat)  # type: ignore[attr-defined]
                self.trick += 1
        return won


class _Steps(OutcomeVisitor):
    """Each step as a :data:`StepTuple`."""

    def begin_deal(self, deal: int, events: Sequence[Event], state: GameState) -> StepTuple:
        return deal, -1, None, events, state

    def action(
        self, deal: int, index: int, action: Action, events: Sequence[Event], state: GameState
    ) -> StepTuple:
        return deal, index, action, events, state


def steps(record: Record, *, eventful: bool = False) -> Walk:
    """Every step of ``record`` as a :data:`StepTuple` (deal, action index or -1 for the
    deal's start, action, events, the live state); returns the :class:`Outcome`. With
    ``eventful``, only each deal's start and the actions that caused events."""
    visitor = _Steps(eventful)
    yield from visit(record, visitor)
    return visitor.result()


class Stepper:
    """A game stepped through its rules one deal and one action at a time: extended with
    :meth:`begin` and :meth:`push`, shortened with :meth:`pop` (one step) or :meth:`drop`
    (the current deal at once), for a bot's search, a recorder's undo, an analyst's
    what-if. Each step is atomic: a refused one (Illegal, or StockMissing when it needs a
    stock card the deal does not give yet) changes nothing. :attr:`record` is the game so
    far, :attr:`state` its live state. To change the current deal itself (a stock card
    revealed, hands rebuilt from the plays), :meth:`drop` it and :meth:`begin` the new one.

    >>> from gamerec.bots import simulate
    >>> game = next(simulate("blackball", players=3, games=1, seed=1))
    >>> stepper = Stepper(game)            # the header: game, players, rules
    >>> stepper.begin(game.deals[0])
    []
    >>> first = stepper.state.legal_actions()[0]
    >>> stepper.push(first)
    []
    >>> stepper.pop() == first, stepper.state.to_move == game.deals[0].actions[0].seat
    (True, True)
    >>> stepper.push(first), stepper.begun, stepper.pushed
    ([], 1, 1)
    >>> stepper.drop().actions == [first], stepper.begun, stepper.state.deal_index
    (True, 0, -1)
    """

    def __init__(self, header: Record) -> None:
        self.header = msgspec.structs.replace(header, deals=[], claim=None)
        self.game = get_game(header.game)
        self.state = self.game.new_state(header.rules, header.players)
        self._deals: list[tuple[Deal[Any], list[Action]]] = []
        self._before: list[GameState] = []  # the state before each deal began

    @property
    def record(self) -> Record:
        """The game so far, as a record (each deal with the actions pushed)."""
        deals = [msgspec.structs.replace(d, actions=list(a)) for d, a in self._deals]
        return msgspec.structs.replace(self.header, deals=deals)

    @property
    def begun(self) -> int:
        """How many deals have begun (the current one included)."""
        return len(self._deals)

    @property
    def pushed(self) -> int:
        """How many actions of the current deal were pushed (0 before the first deal)."""
        return len(self._deals[-1][1]) if self._deals else 0

    def begin(self, deal: Deal[Any]) -> list[Event]:
        """Begin ``deal`` (its actions are not played: push them); the events it caused."""
        refused = next_deal_refused(
            self.state, len(self._deals), len(self._deals[-1][1]) if self._deals else 0
        )
        if refused is not None:
            raise refused
        before = self.state.copy()
        try:
            events = list(self.state.begin_deal(deal))
        except BaseException:  # (forest turns its first forest card after the deal is made)
            self.state = before
            raise
        self._before.append(before)
        self._deals.append((deal, []))
        return events

    def push(self, action: Action) -> list[Event]:
        """Play ``action`` in the current deal; the events it caused."""
        if not self._deals:
            raise ValueError("no deal has begun: begin one first")
        events = list(self.state.apply(action))
        self._deals[-1][1].append(action)
        return events

    def pop(self) -> Action | Deal[Any]:
        """Take back the last step: the current deal's last action, or, when it has none,
        the deal itself. What was taken back. The current deal is replayed from the state
        kept before it (a step back costs one deal)."""
        if not self._deals:
            raise IndexError("nothing to take back")
        deal, actions = self._deals[-1]
        if not actions:
            self.drop()
            return deal
        state = self._before[-1].copy()
        last = actions.pop()
        state.begin_deal(deal)
        for action in actions:
            state.apply(action)
        self.state = state
        return last

    def drop(self) -> Deal[Any]:
        """Take back the current deal with all its actions, in one step (back to the state
        kept before it: nothing is replayed). The deal, with the actions that were pushed."""
        if not self._deals:
            raise IndexError("nothing to take back")
        deal, actions = self._deals.pop()
        self.state = self._before.pop()
        return msgspec.structs.replace(deal, actions=actions)


def run(record: Record) -> Outcome:
    """How ``record`` ends when walked by its rules alone, with no step told: the loop over
    deals in the engine (:func:`gamerec.fastwalk.play_deals`), verification's fast path."""
    try:
        game = get_game(record.game)
        state = game.new_state(record.rules, record.players)
    except (Illegal, FormatError) as e:
        return Outcome(None, e if isinstance(e, Illegal) else Illegal("game", e.message))
    stopped = play_deals(state, record.deals)
    if stopped is None:
        return Outcome(state)
    di, ai, why = stopped
    return Outcome(state, why, di, ai, None if ai is None else record.deals[di].actions[ai])
