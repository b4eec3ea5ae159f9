"""Toy trick's rules (the package's docstring states them): its options, the state of a record
being replayed and the game. Everything here is gamerec's public pieces put together:
the trick bookkeeping is :class:`~gamerec.games.tricks.TrickState`'s, the checks of a deal
:meth:`~gamerec.engine.GameState.check_deal_start`'s and :func:`~gamerec.engine.check_cards`'."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Annotated, Any, ClassVar

import msgspec

from gamerec.cards import FRENCH, SUIT_NAMES
from gamerec.engine import Event, Game, GameState, check_cards, seat_name
from gamerec.errors import Illegal
from gamerec.games.tricks import TrickState
from gamerec.record import Action, Deal, Play

__all__ = ["TOY", "ToyRules", "ToyState", "ToyTrick", "card_rule"]


class ToyRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Toy trick's rule options: what a record's rules block may hold."""

    hand_size: Annotated[int, msgspec.Meta(ge=1, le=10, description="cards dealt to each player")] = 5


def suit(card: int) -> int:
    """A French card's suit: 0 clubs, 1 diamonds, 2 hearts, 3 spades (its int is suit * 13 + rank)."""
    return card // 13


# -- the one rule of a play, written once: legal_actions and verify both ask it -------------
def card_rule(hand: set[int], led: int, card: int) -> str:
    """The rule broken by playing ``card`` from ``hand`` to a trick led in suit ``led`` (-1:
    the card leads); "" when none is. ``follow-suit``: another suit while holding the led one.

    >>> two_clubs, ace_hearts = FRENCH.parse("2C"), FRENCH.parse("AH")
    >>> hand = {two_clubs, ace_hearts}
    >>> card_rule(hand, 0, ace_hearts), card_rule(hand, 0, two_clubs), card_rule(hand, 1, ace_hearts)
    ('follow-suit', '', '')
    """
    if led < 0 or suit(card) == led or not any(suit(c) == led for c in hand):
        return ""
    return "follow-suit"


class ToyState(TrickState):
    """A toy trick record being replayed: the hands, the trick (:class:`TrickState`), the dealer."""

    game: ClassVar[Game[Any]]

    def __init__(self, rules: ToyRules, players: Sequence[str]) -> None:
        super().__init__(rules, players)
        self.size = rules.hand_size
        self.dealer = -1
        self.hands: list[set[int]] = []
        self.playing = False

    # -- deals ----------------------------------------------------------------------------
    def expected_dealer(self) -> int | None:
        return None if self.deal_index < 0 else (self.dealer + 1) % self.n

    @property
    def deal_over(self) -> bool:
        return not self.playing

    @property
    def finished(self) -> bool:
        return not self.playing and self.deal_index == self.n - 1  # everyone has dealt once

    def begin_deal(self, deal: Deal[Any]) -> list[Event]:
        dealer = self.check_deal_start(deal, self.size)  # its turn, its dealer, its hand sizes
        if deal.stock:
            raise Illegal(
                "deal-stock", f"toy trick has no stock, but the deal has {FRENCH.codes_of(deal.stock)}"
            )
        check_cards(FRENCH, deal.hands, self.players)  # cards of the deck, each dealt once
        self.deal_index += 1
        self.dealer = dealer
        self.hands = [set(h) for h in deal.hands]
        self.won = [0] * self.n
        self.trick = []
        self.tricks_played = 0
        self.leader = self.turn = (dealer + 1) % self.n  # the player after the dealer leads
        self.playing = True
        return []

    def hold(self, seat: int, cards: Sequence[int]) -> None:
        self.hands[seat].update(cards)  # (hidden hands: a card is known once it is played)

    def release(self, seat: int, cards: Sequence[int]) -> None:
        self.hands[seat].difference_update(cards)

    # -- actions --------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return self.turn if self.playing else None

    def led_suit(self) -> int:
        return suit(self.trick[0]) if self.trick else -1

    def legal_actions(self) -> list[Action]:
        if not self.playing:
            return []
        hand, led = self.hands[self.turn], self.led_suit()
        return [Play(self.turn, c) for c in sorted(hand) if not card_rule(hand, led, c)]

    def verify(self, action: Action) -> None:
        if not self.playing:
            raise Illegal("after-end", f"deal {self.deal_index + 1} is over: a new deal comes first")
        if type(action) is not Play:
            raise Illegal("wrong-action", f"toy trick has no {action.kind}: {self.turn_text()} is to play")
        if action.seat != self.turn:
            raise Illegal("out-of-turn", f"out of turn: {self.turn_text()} is to play")
        hand = self.hands[self.turn]
        if action.card not in hand:
            raise Illegal("not-held", f"not in the hand (holds {FRENCH.codes_of(sorted(hand))})")
        led = self.led_suit()
        if card_rule(hand, led, action.card):
            held = FRENCH.codes_of(sorted(c for c in hand if suit(c) == led))
            raise Illegal("follow-suit", f"must follow {SUIT_NAMES[led]}: holds {held}")

    def turn_text(self) -> str:
        return seat_name(self.players, self.turn)

    def apply(self, action: Action) -> Sequence[Event]:
        self.verify(action)  # (atomic: nothing changes before the action is known legal)
        assert isinstance(action, Play)
        self.hands[self.turn].discard(action.card)
        self.trick.append(action.card)
        if len(self.trick) < self.n:
            self.turn = (self.turn + 1) % self.n
            return []
        # the highest card of the led suit wins (a French card's int is suit * 13 + rank)
        led = self.led_suit()
        best = max(range(self.n), key=lambda i: self.trick[i] if suit(self.trick[i]) == led else -1)
        events = self.take_trick(best)
        if self.tricks_played == self.size:
            self.playing = False
            events.extend(self.close_deal(tuple(self.won)))  # 1 point per trick
        return events


class ToyTrick(Game[ToyRules]):
    """Toy trick, as gamerec knows it."""

    id = "toy-trick"
    title = "Toy trick (a plain trick game)"
    deck = FRENCH
    min_players = 2
    max_players = 4
    Rules = ToyRules
    actions = (Play,)
    examples = ("play QS",)
    state_class = ToyState

    def deal(self, state: GameState, rng: random.Random) -> Deal[Any]:
        """Shuffle and deal the next deal (``gamerec simulate``)."""
        assert isinstance(state, ToyState)
        dealer = state.expected_dealer()
        if dealer is None:
            dealer = rng.randrange(state.n)
        cards = list(FRENCH.cards)
        rng.shuffle(cards)
        size = state.size
        return Deal(dealer, [cards[s * size : (s + 1) * size] for s in range(state.n)], [], [])


#: the game (one instance, which its states name as theirs)
TOY = ToyState.game = ToyTrick()
