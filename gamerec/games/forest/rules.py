"""Forest: the trick game with the forest card (docs/rules/forest.md: an English reading of
the Russian rules, and how each gap in them is settled).

Rules as gamerec plays them:

- 2 to 6 players. Five colours, red ``R``, blue ``B``, green ``G``, yellow ``Y`` and black
  ``K``, numbered 1 .. ``max_number`` (default 13): 65 cards.
- A game is as many rounds as there are players. Each round deals ``hand_size`` cards each
  (default: deck size // (players + 1), 13 with 4 players); the undealt cards are the
  forest stock, whose order the record stores (top first; it may stop after the last card
  the round turned).
- Before each trick the next stock card is turned: the forest card. A black card takes the
  forest card's colour for that trick (its own colour when the forest card is black, or
  when no forest card has been turned yet in the round). When the stock is empty the last
  forest card stays. The led colour is the led card's colour in that trick; a player
  holding a card of that colour (black cards counted as the forest colour) must play one.
- The winner: when every card is of the led colour, the highest number; when any card is
  of another colour, the lowest number among the cards of other colours; equal numbers go
  to the card played later. The winner leads the next trick.
- Round scores by the number of tricks t: a target count scores its value (``targets``,
  default 4: 50, 8: 100, 12: 169); 0 tricks score 0 unless 0 is a target; below the
  lowest target each trick costs ``under_penalty`` (1); any other count costs
  ``over_penalty`` (10) a trick. With no targets, every count above 0 pays the under
  penalty.
- The first round's first player is recorded; each later round is started by the player
  with the lowest score in the round just played (ties: the first tied player clockwise
  from the previous round's starter, who wins a tie they are in). Highest total wins;
  equal totals share.

Why one module of over 500 lines: it is one state machine of the rules above (deals, the
forest card, plays, tricks, the round's end and score) and its walk without steps
(``apply_run``), which plays the common plays inline on the same attributes as ``apply``
and must be read beside it; the bots, about 40 lines, read the state's own attributes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

from ...engine import (
    Event,
    Game,
    GameState,
    check_cards,
    plural,
    seat_name,
)
from ...errors import Illegal, StockMissing
from ...events import ForestTurned
from ...record import Action, Deal, Play
from ..tricks import TrickState
from .deck import FOREST, FOREST_BLACK, FOREST_COLOUR_NAMES, FOREST_MAX_NUMBER
from .options import ForestRules

if TYPE_CHECKING:  # the deals' generator, for types only (random is imported where one is made)
    import random

__all__ = ["Forest", "ForestRules", "ForestState", "round_score", "trick_winner"]

DECK: Final = FOREST
COLOURS: Final = 5
BLACK: Final = FOREST_BLACK
_N: Final = FOREST_MAX_NUMBER  # card = colour * 99 + number - 1


def colour_of(card: int) -> int:
    return card // _N


def number_of(card: int) -> int:
    return card % _N + 1


def round_score(tricks: int, rules: ForestRules) -> int:
    """The score of a round in which a player took ``tricks`` tricks.

    >>> rules = ForestRules()
    >>> [round_score(t, rules) for t in (0, 1, 3, 4, 5, 8, 12, 13)]
    [0, -1, -3, 50, -50, 100, 169, -130]
    """
    targets = rules.targets
    if tricks in targets:
        return targets[tricks]
    if tricks == 0:
        return 0
    if not targets or tricks < min(targets):
        return -rules.under_penalty * tricks
    return -rules.over_penalty * tricks


def trick_colours(cards: Sequence[int], forest: int | None) -> list[int]:
    """Each card's colour in a trick under the forest card ``forest`` (None: none yet)."""
    fc = BLACK if forest is None else colour_of(forest)
    return [fc if colour_of(c) == BLACK else colour_of(c) for c in cards]


def trick_winner(cards: Sequence[int], forest: int | None) -> int:
    """The index of the winning card of a trick, in play order.

    The rule text's examples, forest red: red 2, black 3, red 4 -> red 4 (index 2) wins;
    red 2, black 3, blue 5 -> blue 5 wins:

    >>> p = FOREST.parse
    >>> trick_winner([p("R2"), p("K3"), p("R4")], p("R9")), trick_winner([p("R2"), p("K3"), p("B5")], p("R9"))
    (2, 2)
    """
    fc = BLACK if forest is None else forest // _N
    led = cards[0] // _N
    if led == BLACK:
        led = fc
    # one pass: the highest number of the led colour, the lowest of the others (the later on ties)
    high = high_at = 0
    low, low_at = _N, -1
    for i, c in enumerate(cards):
        number = c % _N
        colour = c // _N
        if colour == BLACK:
            colour = fc
        if colour == led:
            if number >= high:
                high, high_at = number, i
        elif number <= low:
            low, low_at = number, i
    return high_at if low_at < 0 else low_at


# -- the rule of a play, written once: legal_actions, verify and apply_run all ask it ------
def colour_rule(counts: list[int], first: int, card: int, fc: int) -> str:
    """The rule broken by ``card`` played to a trick whose first card is ``first`` (-1: the
    player leads) from a hand holding ``counts[c]`` cards of each printed colour ``c``,
    under a forest card of colour ``fc`` (black when none is turned yet); "" when none is.
    ``follow-colour``: the card is not of the led colour, and the hand holds one (black
    cards count as the forest colour, for the led card, the card and the hand alike).

    >>> p = FOREST.parse
    >>> colour_rule([1, 1, 0, 0, 0], p("R2"), p("B3"), 2), colour_rule([0, 1, 0, 0, 1], p("G2"), p("B3"), 2)
    ('follow-colour', 'follow-colour')
    >>> colour_rule([0, 1, 0, 0, 1], p("G2"), p("K3"), 2), colour_rule([0, 1, 0, 0, 0], p("R2"), p("B3"), 2)
    ('', '')
    """
    if first < 0:
        return ""
    led = first // _N
    if led == BLACK:
        led = fc
    colour = card // _N
    if colour == BLACK:
        colour = fc
    if colour == led or not (counts[led] or (fc == led and counts[BLACK])):
        return ""
    return "follow-colour"


class ForestState(TrickState):
    """A forest record being replayed."""

    game: ClassVar[Game[Any]]

    def __init__(self, rules: ForestRules, players: Sequence[str]) -> None:
        super().__init__(rules, players)
        n = self.n
        self.deck_size = COLOURS * rules.max_number
        self.pool = frozenset(c * _N + k for c in range(COLOURS) for k in range(rules.max_number))
        self.hand_size = rules.hand_size or self.deck_size // (n + 1)
        self.rounds = n
        self.playing = False
        self.first = -1
        self.hands: list[set[int]] = []
        self.colour_counts: list[list[int]] = []  # cards held per printed colour
        self.stock: list[int] = []
        self.pile_size = 0
        self.turned = 0
        self.forest: int | None = None
        self.forest_colour = BLACK  # the forest card's colour, black when none is turned
        self.round_tricks: list[tuple[int, ...]] = []

    # -- deals ----------------------------------------------------------------------------
    def expected_dealer(self) -> int | None:
        if self.deal_index < 0:
            return None
        scores = self.deal_scores[-1]
        low = min(scores)
        n = self.n
        for k in range(n):
            s = (self.first + k) % n
            if scores[s] == low:
                return s
        return None  # unreachable

    def seat_mismatch(self, number: int, got: int, expected: int) -> str:
        return (
            f"round {number} is started by {seat_name(self.players, got)} but the lowest score of round "
            f"{number - 1} makes {seat_name(self.players, expected)} start"
        )

    @property
    def deal_over(self) -> bool:
        return not self.playing

    @property
    def finished(self) -> bool:
        return not self.playing and self.deal_index == self.rounds - 1

    def begin_deal(self, deal: Deal[Any]) -> list[Event]:
        first = self.check_deal_start(deal, self.hand_size)
        number = self.deal_index + 2
        pile = self.deck_size - self.hand_size * self.n
        if len(deal.stock) > pile:
            raise Illegal(
                "deal-stock",
                f"round {number}: the forest stock holds {plural(pile, 'card')}, "
                f"the record gives {len(deal.stock)}",
            )
        check_cards(DECK, deal.hands, self.players, [("the forest stock", deal.stock)], pool=self.pool)
        self.deal_index += 1
        self.first = first
        self.hands = [set(h) for h in deal.hands]
        counts = []
        for h in deal.hands:
            by_colour = [0] * COLOURS
            for c in h:
                by_colour[c // _N] += 1
            counts.append(by_colour)
        self.colour_counts = counts
        self.stock = deal.stock
        self.pile_size = pile
        self.turned = 0
        self.forest = None
        self.forest_colour = BLACK
        self.leader = self.turn = first
        self.trick = []
        self.won = [0] * self.n
        self.tricks_played = 0
        self.playing = True
        return [self._turn_forest()]

    def hold(self, seat: int, cards: Sequence[int]) -> None:
        hand = self.hands[seat]
        counts = self.colour_counts[seat]
        for c in cards:
            hand.add(c)
            counts[c // _N] += 1

    def release(self, seat: int, cards: Sequence[int]) -> None:
        hand = self.hands[seat]
        counts = self.colour_counts[seat]
        for c in cards:
            hand.discard(c)
            counts[c // _N] -= 1

    def cards_in_game(self) -> Mapping[int, int]:
        return dict.fromkeys(self.pool, 1)

    def reveal_stock(self, cards: Sequence[int]) -> None:
        if len(self.stock) + len(cards) > self.pile_size:
            raise Illegal(
                "deal-stock",
                f"round {self.deal_index + 1}: the forest stock holds {plural(self.pile_size, 'card')}, "
                f"the record would give {len(self.stock) + len(cards)}",
            )
        self.stock = [*self.stock, *cards]

    def _turn_forest(self) -> ForestTurned:
        """Before a trick: the next stock card becomes the forest card (the last one stays
        when the stock is empty)."""
        number = self.tricks_played + 1
        if self.turned < self.pile_size:
            if self.turned >= len(self.stock):
                raise StockMissing(
                    f"trick {number} of round {self.deal_index + 1} turns card {self.turned + 1} of the "
                    f"forest stock, which the record's stock ({plural(len(self.stock), 'card')}) "
                    "does not give",
                    self.turned,
                )
            self.forest = self.stock[self.turned]
            self.forest_colour = self.forest // _N
            self.turned += 1
            return ForestTurned(number, self.forest)
        return ForestTurned(number, self.forest, False)

    # -- actions --------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return self.turn if self.playing else None

    def _colour(self, card: int) -> int:
        c = card // _N
        if c == BLACK and self.forest is not None:
            return self.forest // _N
        return c

    def verify(self, action: Action) -> None:
        if not self.playing:
            if self.finished:
                raise Illegal(
                    "after-end",
                    f"the game is over after round {self.deal_index + 1}, the last: no action may follow",
                )
            raise Illegal(
                "after-end", f"round {self.deal_index + 1} is over: the next action needs a new deal"
            )
        if type(action) is not Play:
            raise Illegal("wrong-action", f"{action.kind}: forest records only plays")
        self._check_play(action.seat, action.card)

    def _check_play(self, seat: Any, card: Any) -> None:
        """verify, on a play's seat and card (read once from the action: apply uses them)."""
        if seat != self.turn:
            raise Illegal("out-of-turn", f"out of turn: {seat_name(self.players, self.turn)} is to play")
        hand = self.hands[seat]
        if card not in hand:
            raise Illegal("not-held", f"not in the hand (holds {self._cards_text(hand)})")
        trick = self.trick
        if colour_rule(self.colour_counts[seat], trick[0] if trick else -1, card, self.forest_colour):
            led = self._colour(trick[0])
            same = [c for c in hand if self._colour(c) == led]
            name = FOREST_COLOUR_NAMES[led]
            raise Illegal("follow-colour", f"must follow {name}: holds {self._cards_text(same)}")

    def apply(self, action: Action) -> Sequence[Event]:
        if type(action) is Play and self.playing:
            who = action.seat
            given = action.card
            self._check_play(who, given)
        else:
            self.verify(action)
            who = action.seat
            given = action.card  # type: ignore[attr-defined]
        seat: int = who  # (typed once checked)
        card: int = given
        trick = self.trick
        n = self.n
        if len(trick) + 1 < n:  # the trick goes on
            self.hands[seat].discard(card)
            self.colour_counts[seat][card // _N] -= 1
            trick.append(card)
            self.turn = (seat + 1) % n
            return ()
        return self._end_trick(seat, card)

    def apply_run(self, actions: Sequence[Action]) -> tuple[int, Illegal | StockMissing] | None:
        """The walk without steps (events dropped): a plainly legal play (by the seat to
        play, of a card held that :func:`colour_rule` allows) is made here as :meth:`apply`
        makes it; any other action goes to :meth:`apply`."""
        hands = self.hands  # (this round's: apply_run runs within one deal)
        colour_counts = self.colour_counts
        n = self.n
        i = 0
        try:
            for action in actions:
                if type(action) is Play and self.playing:
                    turn = self.turn
                    if action.seat == turn:
                        hand = hands[turn]
                        given = action.card
                        if given in hand:
                            card: int = given  # (typed once held)
                            trick = self.trick
                            counts = colour_counts[turn]
                            # (a lead breaks no rule of colour: the predicate is asked of the follows)
                            if not trick or not colour_rule(counts, trick[0], card, self.forest_colour):
                                if len(trick) + 1 < n:
                                    hand.discard(card)
                                    counts[card // _N] -= 1
                                    trick.append(card)
                                    self.turn = turn + 1 if turn + 1 < n else 0
                                else:
                                    self._end_trick(turn, card)
                                i += 1
                                continue
                self.apply(action)
                i += 1
        except (Illegal, StockMissing) as e:
            return i, e
        return None

    def _end_trick(self, seat: int, card: int) -> list[Event]:
        """``seat`` plays ``card``, legal, the trick's last: taken, then a forest card or the score."""
        trick = self.trick
        if len(self.stock) <= self.turned < self.pile_size and self.tricks_played + 1 < self.hand_size:
            # the trick ends, the next forest card is due and the record's stock stops: say so first
            number = self.tricks_played + 2
            raise StockMissing(
                f"trick {number} of round {self.deal_index + 1} turns card {self.turned + 1} of the "
                f"forest stock, which the record's stock ({plural(len(self.stock), 'card')}) "
                "does not give",
                self.turned,
            )
        self.hands[seat].discard(card)
        self.colour_counts[seat][card // _N] -= 1
        trick.append(card)
        best = trick_winner(trick, self.forest)
        events = self.take_trick(best)
        if self.tricks_played == self.hand_size:
            events.extend(self._score_round())
        else:
            turned = self._turn_forest()
            if self.emit:
                events.append(turned)
        return events

    def _score_round(self) -> list[Event]:
        self.round_tricks.append(tuple(self.won))
        self.playing = False
        return self.close_deal(tuple(round_score(t, self.rules) for t in self.won))

    def legal_actions(self) -> list[Action]:
        if not self.playing:
            return []
        seat = self.turn
        counts = self.colour_counts[seat]
        first = self.trick[0] if self.trick else -1
        fc = self.forest_colour
        # the cards colour_rule allows, as verify and apply_run ask it
        return [Play(seat, c) for c in sorted(self.hands[seat]) if not colour_rule(counts, first, c, fc)]

    def _cards_text(self, cards: Any) -> str:
        return DECK.codes_of(sorted(cards))


class Forest(Game[ForestRules]):
    rule_ids: ClassVar[dict[str, str]] = {
        "follow-colour": "forest: a card of another colour while holding the led colour",
    }
    id = "forest"
    stock_in_play = True
    turns_cards = True
    examples = ("play R3", "play G1")
    title = "Forest, the trick game with the forest card"
    deck = DECK
    min_players = 2
    max_players = 6
    Rules = ForestRules
    actions = (Play,)
    seat_field = "first"
    deal_word = "round"
    state_class = ForestState

    def parse_rules(self, raw: Any, players: int) -> ForestRules:
        # JSON object keys are strings: read the targets' trick counts as integers
        if isinstance(raw, Mapping) and isinstance(raw.get("targets"), Mapping):
            targets: dict[Any, Any] = {}
            for k, v in raw["targets"].items():
                count = (
                    int(k) if isinstance(k, str) and k.isascii() and k.isdigit() and str(int(k)) == k else k
                )
                if type(count) is not int or count < 0:
                    raise Illegal(
                        "options", f"option targets: key {k!r} is not a trick count (whole numbers 0 and up)"
                    )
                if type(v) is not int:
                    raise Illegal(
                        "options", f"option targets: the score of {count} tricks must be a whole number"
                    )
                targets[count] = v
            raw = {**raw, "targets": targets}
        rules = super().parse_rules(raw, players)
        deck = COLOURS * rules.max_number
        hand = rules.hand_size or deck // (players + 1)
        if hand < 1 or hand * players > deck:
            why = (
                f"{plural(hand, 'card')} each for {players} players need {hand * players}, the deck "
                f"(max_number {rules.max_number}) has {deck}; at most {deck // players}"
                if hand
                else f"the automatic hand size is 0 (a deck of {deck} // {players + 1}): give hand_size"
            )
            raise Illegal("options", f"option hand_size: {why}")
        return rules

    def stock_card(self, index: int) -> str:
        return f"forest card for trick {index + 1}"

    def filled_rules(self, raw: Any, players: int) -> dict[str, Any]:
        rules = self.parse_rules(raw, players)
        deck = COLOURS * rules.max_number
        return {
            "max_number": rules.max_number,
            "hand_size": rules.hand_size or deck // (players + 1),
            "targets": {str(k): v for k, v in sorted(rules.targets.items())},
            "under_penalty": rules.under_penalty,
            "over_penalty": rules.over_penalty,
        }

    def deal(self, state: GameState, rng: random.Random) -> Deal[Any]:
        assert isinstance(state, ForestState)
        first = state.expected_dealer()
        if first is None:
            first = rng.randrange(state.n)
        cards = sorted(state.pool)
        rng.shuffle(cards)
        size = state.hand_size
        hands = [sorted(cards[i * size : (i + 1) * size]) for i in range(state.n)]
        return Deal(first, hands, cards[size * state.n :], [])


ForestState.game = Forest()
