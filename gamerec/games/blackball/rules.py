"""Blackball: an Oh Hell variant (docs/rules/blackball.md: the rules, their source and how each
gap in it is settled).

Rules as gamerec plays them:

- 2 to 7 players, the standard 52-card deck, ranks 2 < 3 < ... < 10 < J < Q < K < A.
- A record holds every round of the ``schedule``: ``1-7-1`` (default; hand sizes
  1, 2, ..., 7, 6, ..., 1: 13 rounds) or ``7-1-7`` (7, 6, ..., 1, 1, 2, ..., 7: 14 rounds).
- The first round's dealer is recorded; the deal passes left (clockwise) every round.
- A round whose hand size is 7 has no trump. In every other round the top card of the
  undealt stock is turned up after the deal (the record's ``stock``: that one card); its
  suit is trump.
- Bidding: one bid each, from the dealer's left, clockwise, dealer last; 0 .. hand size.
  Option ``hook`` (default false): the dealer may not bid the number that makes the bids
  total the hand size. All bids come before the first lead.
- Play: the dealer's left leads the first trick, each trick's winner the next. Follow the
  led suit if you can, else play any card. Option ``must_trump`` (default false): a player
  void in the led suit must play a trump if they hold one (no duty to overtrump).
- The highest trump wins a trick, else the highest card of the led suit.
- A round scores 10 + bid for exactly the bid, else 0 (a "black ball"). 179 at most over
  ``1-7-1`` (13 x 10 + 49), 196 over ``7-1-7``. The highest total wins; ties share.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

from ...cards import FRENCH, SUIT_NAMES
from ...engine import (
    Event,
    Game,
    GameState,
    check_cards,
    seat_name,
)
from ...errors import Illegal, StockMissing
from ...record import Action, Bid, Deal, Play
from ..tricks import TrickState
from .options import BlackballRules

if TYPE_CHECKING:  # the deals' generator, for types only (random is imported where one is made)
    import random

__all__ = ["Blackball", "BlackballRules", "BlackballState", "schedule_sizes"]

SCHEDULES: Final[dict[str, tuple[int, ...]]] = {
    "1-7-1": (1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1),
    "7-1-7": (7, 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6, 7),
}
NO_TRUMP_SIZE: Final = 7
SUIT_SYMBOLS: Final = "♣♦♥♠"

_BIDDING: Final = 0
_PLAYING: Final = 1
_DONE: Final = 2


def schedule_sizes(schedule: str) -> tuple[int, ...]:
    """The hand size of each round of a schedule."""
    return SCHEDULES[schedule]


def _suit_list(cards: Sequence[int]) -> str:
    return " ".join(FRENCH.code(c) for c in sorted(cards, key=lambda c: (c // 13, -(c % 13))))


# -- the rules of a play, written once: legal_actions, verify and apply_run all ask this ----
def card_rule(counts: list[int], led: int, suit: int, duty: int) -> str:
    """The rule broken by a card of ``suit`` played to a trick led in ``led`` (-1: the
    player leads) from a hand holding ``counts[s]`` cards of each suit ``s``; "" when none
    is. ``follow-suit``: the led suit is held. ``must-trump``: void in it, the hand holds a
    trump of suit ``duty`` and plays none (``duty``: the trump suit under option
    ``must_trump``, else -1).

    >>> card_rule([1, 0, 2, 0], 0, 2, -1), card_rule([0, 0, 2, 0], 0, 1, 2), card_rule([0, 0, 2, 0], 0, 2, 2)
    ('follow-suit', 'must-trump', '')
    """
    if led < 0 or suit == led:
        return ""
    if counts[led]:
        return "follow-suit"
    if duty >= 0 and suit != duty and counts[duty]:
        return "must-trump"
    return ""


def _win_keys(trump: int, led: int) -> list[int]:
    """Each card's key in a trick led in suit ``led`` with trump suit ``trump`` (-1: none):
    the highest key wins: a trump above the led suit, the led suit above the rest; within
    a suit, by rank."""
    return [(c % 13) + (100 if c // 13 == trump else 50 if c // 13 == led else 0) for c in range(52)]


#: the cards' keys in a trick, by trump suit + 1 (0: no trump) and led suit
_WIN_KEYS: Final[list[list[list[int]]]] = [[_win_keys(t, led) for led in range(4)] for t in range(-1, 4)]


class BlackballState(TrickState):
    """A blackball record being replayed."""

    game: ClassVar[Game[Any]]

    def __init__(self, rules: BlackballRules, players: Sequence[str]) -> None:
        super().__init__(rules, players)
        self.sizes = SCHEDULES[rules.schedule]
        self.hook = rules.hook
        self.must_trump = rules.must_trump
        self.phase = _DONE
        self.dealer = -1
        self.size = 0
        self.trump = -1
        self.upcard: int | None = None
        self.hands: list[set[int]] = []
        self.suit_counts: list[list[int]] = []
        self.bids: list[int | None] = []
        self.round_bids: list[tuple[int, ...]] = []

    # -- deals ----------------------------------------------------------------------------
    def expected_dealer(self) -> int | None:
        return None if self.deal_index < 0 else (self.dealer + 1) % self.n

    @property
    def deal_over(self) -> bool:
        return self.phase == _DONE

    @property
    def finished(self) -> bool:
        return self.phase == _DONE and self.deal_index == len(self.sizes) - 1

    def seat_mismatch(self, number: int, got: int, expected: int) -> str:
        players = self.players
        return (
            f"round {number} is dealt by {seat_name(players, got)} "
            f"but the deal passes left to {seat_name(players, expected)}"
        )

    def begin_deal(self, deal: Deal[Any]) -> list[Event]:
        n = self.n
        number = self.deal_index + 2
        if self.finished:  # no size to look up: the schedule is over
            raise Illegal("deal-after-end", f"the game is over after round {number - 1}: no round may follow")
        size = self.sizes[self.deal_index + 1]
        dealer = self.check_deal_start(deal, size)
        stock = deal.stock
        check_cards(FRENCH, deal.hands, self.players, [("the up-card", stock)])
        if size == NO_TRUMP_SIZE:
            if stock:
                raise Illegal(
                    "deal-upcard",
                    f"round {number} ({size} cards) has no trump but the deal turns up "
                    f"{FRENCH.codes_of(stock)}",
                )
            self.trump, self.upcard = -1, None
        else:
            if len(stock) != 1:
                cards = f"{size} card{'s' if size != 1 else ''}"
                if not stock:
                    why = "has trump but no up-card: a trump round turns up exactly one card"
                else:
                    why = f"turns up {len(stock)} cards ({FRENCH.codes_of(stock)}), not the one up-card"
                raise Illegal("deal-upcard", f"round {number} ({cards}) {why}")
            self.upcard = stock[0]
            self.trump = stock[0] // 13
        self.deal_index += 1
        self.dealer = dealer
        self.size = size
        self.hands = [set(h) for h in deal.hands]
        counts = []
        for h in deal.hands:
            c = [0, 0, 0, 0]
            for card in h:
                c[card // 13] += 1
            counts.append(c)
        self.suit_counts = counts
        self.bids = [None] * n
        self.won = [0] * n
        self.turn = (dealer + 1) % n
        self.leader = self.turn
        self.trick = []
        self.tricks_played = 0
        self.phase = _BIDDING
        return []

    def hold(self, seat: int, cards: Sequence[int]) -> None:
        hand = self.hands[seat]
        counts = self.suit_counts[seat]
        for c in cards:
            hand.add(c)
            counts[c // 13] += 1

    def release(self, seat: int, cards: Sequence[int]) -> None:
        hand = self.hands[seat]
        counts = self.suit_counts[seat]
        for c in cards:
            hand.discard(c)
            counts[c // 13] -= 1

    # -- actions --------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.phase == _DONE else self.turn

    def legal_actions(self) -> list[Action]:
        """The bids and cards the rules allow (:meth:`bid_rule` and :func:`card_rule`, as
        :meth:`verify` and :meth:`apply_run` ask them): bids 0 .. hand size, the cards held,
        in card order."""
        seat = self.turn
        if self.phase == _BIDDING:
            return [Bid(seat, t) for t in range(self.size + 1) if not self.bid_rule(seat, t)]
        if self.phase != _PLAYING:
            return []
        counts = self.suit_counts[seat]
        led = self.trick[0] // 13 if self.trick else -1
        duty = self.trump_duty()
        return [Play(seat, c) for c in sorted(self.hands[seat]) if not card_rule(counts, led, c // 13, duty)]

    def trump_duty(self) -> int:
        """The suit a player void in the led suit must play when they hold it: trump under
        option ``must_trump`` (-1: no such duty, or no trump this round)."""
        return self.trump if self.must_trump else -1

    def bid_rule(self, seat: int, tricks: Any) -> str:
        """The rule broken by a bid of ``tricks`` by ``seat`` (the seat to bid); "" when
        none is. ``bid-range``: not 0 .. hand size. ``hook``: under option ``hook``, the
        dealer's bid that makes the bids total the hand size."""
        size = self.size
        if type(tricks) is not int or not 0 <= tricks <= size:
            return "bid-range"
        if self.hook and seat == self.dealer and sum(b for b in self.bids if b is not None) + tricks == size:
            return "hook"
        return ""

    def verify(self, action: Action) -> None:
        kind = type(action)
        # the common cases first, straight to their checks
        if kind is Play and self.phase == _PLAYING:
            self._check_play(action.seat, action.card)  # type: ignore[attr-defined]
            return
        phase = self.phase
        if phase == _BIDDING:
            if kind is not Bid:
                raise Illegal(
                    "wrong-action",
                    f"{action.kind} during the bidding: {seat_name(self.players, self.turn)} is to bid",
                )
            self._check_bid(action)  # type: ignore[arg-type]
        elif phase == _PLAYING:
            if kind is not Play:
                raise Illegal(
                    "wrong-action",
                    f"{action.kind} after the bidding: {seat_name(self.players, self.turn)} "
                    "is to play a card",
                )
            self._check_play(action.seat, action.card)  # type: ignore[attr-defined]
        else:
            if self.finished:
                raise Illegal(
                    "after-end",
                    f"the game is over after round {self.deal_index + 1}, the last: no action may follow",
                )
            raise Illegal(
                "after-end", f"round {self.deal_index + 1} is over: the next action needs a new deal"
            )

    def _check_bid(self, bid: Bid) -> None:
        seat = bid.seat
        if seat != self.turn:
            raise Illegal("out-of-turn", f"out of turn: {seat_name(self.players, self.turn)} is to bid")
        tricks = bid.tricks
        rule = self.bid_rule(seat, tricks)
        if rule == "bid-range":
            raise Illegal("bid-range", f"outside 0..{self.size} in a {self.size}-card round")
        if rule:  # the hook
            total = sum(b for b in self.bids if b is not None)
            raise Illegal(
                "hook",
                "the dealer may not bid what makes the bids total the hand size "
                f"({total} + {tricks} = {self.size})",
            )

    def _check_play(self, seat: Any, card: Any) -> None:
        """A play's seat and card (read once from the action: apply uses the card too)."""
        if seat != self.turn:
            raise Illegal("out-of-turn", f"out of turn: {seat_name(self.players, self.turn)} is to play")
        hand = self.hands[seat]
        if card not in hand:
            raise Illegal("not-held", f"not in the hand (holds {_suit_list(list(hand))})")
        trick = self.trick
        led = trick[0] // 13 if trick else -1
        counts = self.suit_counts[seat]
        rule = card_rule(counts, led, card // 13, self.trump_duty())
        if rule == "follow-suit":
            held = _suit_list([c for c in hand if c // 13 == led])
            raise Illegal("follow-suit", f"must follow {SUIT_NAMES[led]}: holds {held}")
        if rule:  # a trump must be played
            trump = self.trump
            held = _suit_list([c for c in hand if c // 13 == trump])
            void = f"void in {SUIT_NAMES[led]}"
            if self.hidden:  # (the hand is known only as far as it was shown)
                void = f"holding no {SUIT_NAMES[led]} it would have to follow"
            raise Illegal("must-trump", f"{void}, must play a trump ({SUIT_NAMES[trump]}): holds {held}")

    def apply(self, action: Action) -> Sequence[Event]:
        n = self.n
        if type(action) is Play and self.phase == _PLAYING:
            given = action.card
            self._check_play(action.seat, given)
        else:
            self.verify(action)  # (legal, and not a play in the play: a bid)
            self.bids[action.seat] = action.tricks  # type: ignore[attr-defined]
            self.turn = (self.turn + 1) % n
            if self.turn == self.leader:
                self.phase = _PLAYING
            return ()
        card: int = given  # (typed once checked)
        seat = self.turn
        self.hands[seat].discard(card)
        self.suit_counts[seat][card // 13] -= 1
        trick = self.trick
        trick.append(card)
        if len(trick) < n:
            self.turn = (seat + 1) % n
            return ()
        return self._trick_done()

    def apply_run(self, actions: Sequence[Action]) -> tuple[int, Illegal | StockMissing] | None:
        """The walk without steps (events dropped): a bid or a play that is plainly legal
        (by the seat to move; a bid :meth:`bid_rule` allows; a card held that
        :func:`card_rule` allows) is made here as :meth:`apply` makes it; every other
        action, and every one that is not legal, goes to :meth:`apply` (which says why)."""
        hands = self.hands  # (this deal's: apply_run runs within one deal)
        suit_counts = self.suit_counts
        bids = self.bids
        n = self.n
        duty = self.trump_duty()
        i = 0
        try:
            for action in actions:
                phase = self.phase
                if type(action) is Play and phase == _PLAYING:
                    turn = self.turn
                    if action.seat == turn:
                        hand = hands[turn]
                        given = action.card
                        if given in hand:
                            card: int = given  # (typed once held)
                            trick = self.trick
                            suit = card // 13
                            counts = suit_counts[turn]
                            if not card_rule(counts, trick[0] // 13 if trick else -1, suit, duty):
                                hand.discard(card)
                                counts[suit] -= 1
                                trick.append(card)
                                if len(trick) < n:
                                    self.turn = turn + 1 if turn + 1 < n else 0
                                else:
                                    self._trick_done()
                                i += 1
                                continue
                elif type(action) is Bid and phase == _BIDDING:
                    turn = self.turn
                    tricks = action.tricks
                    if action.seat == turn and not self.bid_rule(turn, tricks):
                        bids[turn] = tricks
                        turn = turn + 1 if turn + 1 < n else 0
                        self.turn = turn
                        if turn == self.leader:
                            self.phase = _PLAYING
                        i += 1
                        continue
                self.apply(action)
                i += 1
        except (Illegal, StockMissing) as e:
            return i, e
        return None

    def _trick_done(self) -> list[Event]:
        """The trick is complete: its winner, and the round's scores with its last trick."""
        trick = self.trick
        keys = _WIN_KEYS[self.trump + 1][trick[0] // 13]
        best = 0
        best_key = -1
        for i, c in enumerate(trick):
            key = keys[c]
            if key > best_key:
                best, best_key = i, key
        events = self.take_trick(best)
        if self.tricks_played == self.size:
            events.extend(self._score_round())
        return events

    def _score_round(self) -> list[Event]:
        self.round_bids.append(tuple([b or 0 for b in self.bids]))
        self.phase = _DONE
        return self.close_deal(
            tuple([10 + b if b == w else 0 for b, w in zip(self.bids, self.won, strict=True)])
        )


class Blackball(Game[BlackballRules]):
    rule_ids: ClassVar[dict[str, str]] = {
        "deal-upcard": "blackball: a trump round without exactly one up-card, or a no-trump round with one",
        "bid-range": "blackball: a bid outside 0 .. the hand size",
        "hook": "blackball, option hook: the dealer's bid makes the bids total the hand size",
        "must-trump": (
            "blackball, option must_trump: no trump played while void in the led suit and holding one"
        ),
    }
    id = "blackball"
    title = "Blackball (an Oh Hell variant)"
    deck = FRENCH
    min_players = 2
    max_players = 7
    Rules = BlackballRules
    actions = (Bid, Play)
    seat_field = "dealer"
    deal_word = "round"
    stock_with_deal = True
    examples = ("bid 1", "play QS")
    state_class = BlackballState

    def stock_card(self, index: int) -> str:
        return "up-card"

    def deal(self, state: GameState, rng: random.Random) -> Deal[Any]:
        assert isinstance(state, BlackballState)
        index = state.deal_index + 1
        size = state.sizes[index]
        dealer = state.expected_dealer()
        if dealer is None:
            dealer = rng.randrange(state.n)
        cards = list(FRENCH.cards)
        rng.shuffle(cards)
        # dealt one at a time from the dealer's left, as at a table
        hands: list[list[int]] = [[] for _ in range(state.n)]
        for i in range(size * state.n):
            hands[(dealer + 1 + i) % state.n].append(cards[i])
        stock = [] if size == NO_TRUMP_SIZE else [cards[size * state.n]]
        return Deal(dealer, hands, stock, [])


BlackballState.game = Blackball()
