"""A game written outside gamerec (a club's own package, never compiled) is built on the same
public pieces as the shipped ones, in both builds: its state subclasses
:class:`~gamerec.games.tricks.TrickState`, its presenter
:class:`~gamerec.games.presenting.Presenter`, its rule options are its class's ``Rules``, and
simulate plays it with the bots its spec gives (a random one alone, say). In the compiled build
(mypyc) a compiled class that does not allow interpreted subclasses refuses them, and a
compiled ``Game`` read a ``Rules`` set in an interpreted class as undefined; the whole toy
game of examples/toygame is in tests/examples/test_toy_game.py."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import msgspec
import pytest

from gamerec.bots import default_bot, seats_of
from gamerec.cards import FRENCH
from gamerec.engine import Event, Game, GameState
from gamerec.errors import Illegal
from gamerec.games.presenting import Presenter
from gamerec.games.spec import Seats
from gamerec.games.tricks import TrickState
from gamerec.record import Action, Deal, Play
from gamerec.view import SeatView, View


class OneCardRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    cards: int = 1


class OneCardState(TrickState):
    game: ClassVar[Game[Any]]

    def __init__(self, rules: OneCardRules, players: Sequence[str]) -> None:
        super().__init__(rules, players)
        self.cards = rules.cards

    def begin_deal(self, deal: Deal[Any]) -> list[Event]:
        raise NotImplementedError

    def expected_dealer(self) -> int | None:
        return None

    deal_over = True
    finished = False
    to_move = None

    def legal_actions(self) -> list[Action]:
        return []

    def verify(self, action: Action) -> None:
        raise Illegal("after-end", "nothing to play")

    def apply(self, action: Action) -> Sequence[Event]:
        self.verify(action)
        return []


class OneCard(Game[OneCardRules]):
    id = "one-card"
    title = "One card"
    deck = FRENCH
    min_players = 2
    max_players = 2
    Rules = OneCardRules
    actions = (Play,)
    state_class = OneCardState

    def deal(self, state: GameState, rng: random.Random) -> Deal[Any]:
        raise NotImplementedError


class OneCardView(Presenter):
    def seat_view(self, state: GameState, seat: int, hidden: bool = False) -> SeatView:
        return SeatView(seat, state.players[seat], None, "", 0)

    def board(self, state: GameState, seats: list[SeatView], lasting: Any) -> View:
        return View("one card", seats, [], [], None)

    def describe(self, event: Event, players: Sequence[str]) -> str:
        return repr(event)

    def history_text(self, record: Any, state: GameState) -> str:
        return ""


OneCardState.game = OneCard()


def test_a_game_class_not_compiled_has_its_rules_read_by_the_engine() -> None:
    game = OneCardState.game
    state = game.new_state({"cards": 3}, ["Ann", "Bo"])  # (the compiled engine reads Rules)
    assert isinstance(state, OneCardState) and state.rules == OneCardRules(cards=3) and state.cards == 3
    assert game.filled_rules({}, 2) == {"cards": 1}
    with pytest.raises(Illegal, match=r"unknown option 'size' \(options of one-card: cards\)"):
        game.parse_rules({"size": 2}, 2)


def test_a_presenter_not_compiled() -> None:
    state = OneCardState.game.new_state({}, ["Ann", "Bo"])
    view = OneCardView(OneCardState.game).view(state)
    assert view.title == "one card" and [s.name for s in view.seats] == ["Ann", "Bo"]


class OneCardBot:
    def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        return rng.choice(legal)


def test_simulate_plays_the_bot_a_game_has() -> None:
    """The default bot is ``smart`` where a game has one, else its first: a game may have a
    random bot alone."""
    bots = {"random": OneCardBot}
    seats = Seats(seen=lambda state, seat, actions: None, offered=lambda state: [], bots=bots)
    assert default_bot(seats) == "random"
    assert all(default_bot(seats_of(g)) == "smart" for g in ("blackball", "forest"))
