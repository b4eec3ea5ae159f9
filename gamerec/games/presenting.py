"""The presenters' shared part. A presenter shows a game's states and events to people: the
state as a replay shows it (:meth:`Presenter.view`), an event or an action in words, what an
export adds about an action, and the game's score sheet. The rules (:class:`~gamerec.engine.Game`,
:class:`~gamerec.engine.GameState`) know none of this; a presenter reads a state's attributes
(hands, trick, totals, ...) directly. Each game's presenter is in ``gamerec/games/<game>/presenter.py``;
:func:`gamerec.games.presenters.presenter` gives the one of a game id."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from ..engine import Event, Game, GameState, action_text, seat_name
from ..record import Action, Bid, Cards, Pass, Play
from ..view import SeatView, View

__all__ = ["Presenter", "Viewer", "without"]


# (a club's own game, not compiled, subclasses it too: docs/games.md)
@mypyc_attr(allow_interpreted_subclasses=True)
class Presenter(ABC):
    """How one game is shown: ``game`` is the game it shows.

    A view is made of parts (:meth:`view`): each seat (:meth:`seat_view`), the parts that
    change only when a deal begins or a step causes events (:meth:`lasting`), and the rest
    (:meth:`board`). A :class:`Viewer` makes the views of a walk's consecutive steps from
    these, remaking only what a step may have changed (:meth:`step_seats`)."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self._codes = game.deck.codes

    def view(self, state: GameState) -> View:
        """``state`` as a replay shows it."""
        return self.board(state, [self.seat_view(state, s) for s in range(state.n)], self.lasting(state))

    @abstractmethod
    def seat_view(self, state: GameState, seat: int, hidden: bool = False) -> SeatView:
        """``seat`` of ``state`` as a view shows it; ``hidden``: without its hand."""

    def lasting(self, state: GameState, before: Any = None) -> Any:
        """The parts of a view of ``state`` that change only when a deal begins or a step
        causes events (titles, per-deal lines, ...), as :meth:`board` takes them. ``before``:
        those of the step before in the same deal (None: none), whose parts that cannot have
        changed may be kept."""
        return None

    @abstractmethod
    def board(self, state: GameState, seats: list[SeatView], lasting: Any) -> View:
        """The view of ``state`` with its ``seats`` and its :meth:`lasting` parts."""

    def step_seats(
        self,
        state: GameState,
        before: list[SeatView],
        action: Action,
        events: Sequence[Event],
        shown: int | None,
    ) -> list[SeatView]:
        """The seats of ``state``, after ``action`` (which caused ``events``), given the
        seats ``before`` it (a new list: ``before`` is not changed). By default all made
        afresh (:meth:`seat_view`); a game makes them from ``before``: a card played takes
        that card out of its hand (:func:`without`), the seats an action does not touch
        stay as they were. tests/output/test_view_steps.py holds each game's answers against
        the views made afresh. ``shown``: the one seat whose hand is shown (None: all)."""
        return self.fresh_seats(state, shown)

    def fresh_seats(self, state: GameState, shown: int | None) -> list[SeatView]:
        """Every seat of ``state`` afresh (``shown``: the one seat whose hand is shown)."""
        return [self.seat_view(state, s, shown is not None and s != shown) for s in range(state.n)]

    def viewer(self, seat: int | None = None) -> Viewer:
        """A :class:`Viewer` of this game's walks (``seat``: others' hands hidden)."""
        return Viewer(self, seat)

    def seat(self, state: GameState, seat: int) -> str:
        """``seat 2 (Cy)``: a seat of ``state`` as messages name it."""
        return seat_name(state.players, seat)

    @abstractmethod
    def describe(self, event: Event, players: Sequence[str]) -> str:
        """One line telling what ``event`` means, for replays and histories."""

    def describe_action(self, action: Action, players: Sequence[str]) -> str:
        """``Bo bid 2``, ``Cy play QS``: the player's name and the action in the text
        notation's words."""
        seat: int = action.seat
        name = players[seat] if 0 <= seat < len(players) else f"seat {seat}"
        # the commonest straight (every step of a replay has one): a card or cards played
        codes = self._codes
        if type(action) is Play:
            card: int = action.card
            if 0 <= card < len(codes):
                return f"{name} play {codes[card]}"
        elif type(action) is Cards:
            cards: list[int] = action.cards
            if cards and min(cards) >= 0 and max(cards) < len(codes):
                return f"{name} play {' '.join([codes[c] for c in cards])}"
        return f"{name} {self.action_words(action)}"

    def action_value(self, action: Action) -> str:
        """``2``, ``QS``: the action's words after its kind (:meth:`action_words`), as the
        CSV export's ``value`` column has them."""
        # the common actions straight (every step of a replay or an export has one), the
        # rest by their fields
        kind = type(action)
        codes = self._codes
        if kind is Play or kind is Pass:
            card: int = action.card  # type: ignore[attr-defined]
            return codes[card] if 0 <= card < len(codes) else f"#{card}"
        if kind is Cards:
            cards: list[int] = action.cards  # type: ignore[attr-defined]
            if cards and min(cards) >= 0 and max(cards) < len(codes):
                return " ".join([codes[c] for c in cards])
        elif kind is Bid:
            return str(action.tricks)  # type: ignore[attr-defined]
        return action_text(action, self.game.deck).partition(" ")[2]

    def action_words(self, action: Action) -> str:
        """``bid 2``, ``play QS``: the action in the text notation's words, without the
        seat (as :func:`gamerec.engine.action_text` has it)."""
        kind = type(action)
        if kind is Play or kind is Pass or kind is Cards or kind is Bid:
            return f"{action.kind} {self.action_value(action)}"
        return action_text(action, self.game.deck)

    #: whether :meth:`action_detail` says anything (the CSV export skips it otherwise)
    has_details: ClassVar[bool] = False
    #: the marks the game's score sheet may hold, each with the line that explains it
    #: under the sheet where the sheet holds it (:meth:`history_text`)
    legends: ClassVar[tuple[tuple[str, str], ...]] = ()

    def action_detail(self, action: Action) -> str:
        """What an export adds about an action (black-swan-2012: its combination kind)."""
        return ""

    @abstractmethod
    def history_text(self, record: Any, state: GameState) -> str:
        """The game's own readable summary of a finished replay (its score sheet)."""


def without(hand: list[str], codes: Iterable[str]) -> list[str] | None:
    """``hand`` less ``codes`` (one each, the first), or None when it does not hold them all."""
    hand = hand.copy()
    for code in codes:
        if code not in hand:
            return None
        hand.remove(code)
    return hand


class Viewer:
    """The views of the consecutive steps of one walk (:func:`gamerec.stepper.walk`), each
    made from the one before: a step's seats from the seats before it
    (:meth:`Presenter.step_seats`) and, when a deal begins or the step causes events, the
    presenter's :meth:`~Presenter.lasting` parts (a presenter keeps in them only what
    changes then).
    Each view equals :meth:`Presenter.view` of its state (with ``seat``, the other seats'
    hands hidden). Views share the parts that did not change: they are frozen, and their
    lists are never changed in place.

    >>> from gamerec.games.presenters import presenter
    >>> from gamerec.stepper import steps
    >>> from gamerec.bots import simulate
    >>> record = next(simulate("blackball", players=3, games=1, seed=1))
    >>> shown = presenter("blackball")
    >>> viewer = shown.viewer()
    >>> all(viewer(state, a, ev) == shown.view(state) for _, _, a, ev, state in steps(record))
    True
    """

    __slots__ = ("_lasting", "_seats", "presenter", "seat")

    def __init__(self, presenter: Presenter, seat: int | None = None) -> None:
        self.presenter = presenter
        self.seat = seat
        self._seats: list[SeatView] = []
        self._lasting: Any = None

    def __call__(self, state: GameState, action: Action | None, events: Sequence[Event]) -> View:
        """The view after a step: ``action`` (None when a deal began) caused ``events``."""
        p = self.presenter
        shown = self.seat
        seats = self._seats
        if action is None or not seats:
            seats = p.fresh_seats(state, shown)
        else:
            seats = p.step_seats(state, seats, action, events, shown)
        self._seats = seats
        if action is None or self._lasting is None:
            self._lasting = p.lasting(state)
        elif events:
            self._lasting = p.lasting(state, self._lasting)
        return p.board(state, seats, self._lasting)
