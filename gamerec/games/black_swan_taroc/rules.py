"""Black Swan with the Dridge Taroc deck: a trick game (docs/rules/black-swan-taroc.md: the
rules, their sources and how each gap in them is settled).

Rules as gamerec plays them:

- 2 to 6 players; 121 cards: six minor suits of 14 (Buds, Hearts, Coins, Goblets,
  Pentacles, Bones; 2 < ... < 10 < Page < Knight < Queen < King < Ace), six major suits
  (Vocations, Creatures, Structures, Mysteries of 7; Elements, Astro of 4, the high majors;
  numbered from 1) and the Black Swan. The global order: every minor < the Swan < every low
  major < every high major; minors by rank, majors by number; equal cards tie.
- The dealer is the highest card of a draw (only those tied for highest redraw); a record
  may store the draw, which is then checked. 10 cards each; the rest is the draw pile, top
  first, in the record's ``stock`` (which may stop after the last card the game revealed).
- A bank of 6 feathers (1 point), 4 stones (2) and 2 pearls (3); each player starts with a
  feather from it.
- The lead passes clockwise every turn, starting left of the dealer. The leader either
  passes one hand card down to the right neighbour (a ``pass``; no trick, no draw) or leads
  a trick. Pledges are never led or passed down.
- The others follow clockwise: a card of the led suit if they hold one (each major suit is
  a suit of its own); else any card or a pledge (a ``pledge`` action); a player without
  cards who holds a pledge must play one; a player with neither is skipped. Against a Swan
  lead there is no suit: any card or a pledge. The Swan may only be played (led or
  followed) as the player's last card in hand; it may be passed down at any time.
- The highest card of the led suit wins. Against a Swan lead only a major can win (the
  highest by the global order, the earlier on a tie), else the Swan's player. Option
  ``trumps``: ``none`` (default); ``affiliated`` lets the major suit affiliated with the led
  minor suit (Buds-Vocations, Hearts-Creatures, Coins-Structures, Goblets-Mysteries,
  Pentacles-Elements, Bones-Astro) beat it; ``all`` lets every major beat every minor. A
  led major suit is won only by its own suit.
- The winner captures the trick: a minor 1 point, a low major 2, a high major 3, the Swan
  10 if the winner played it and 1 otherwise; pledges at their value.
- After each trick, from the next leader clockwise, each player holding fewer than 15
  cards draws one card while the pile lasts.
- When the dealer's turn ends (after the draw that follows its trick) and the bank is not
  empty, the player whose lowest hand card is lowest receives the cheapest pledge left;
  players without cards are left out; ties go to the first clockwise from the dealer's left.
- The game ends when the leader has no card at the start of a turn, and right after the
  trick in which the Swan was played (no draw, no handout).
- Count: captured points + pledges held or captured - 10 for a Swan still in hand.
  Par = sum / players rounded half up; Final = |count - Par|. The highest final wins; ties
  go to the tied player who captured the Swan, then to the one whose highest captured
  card is highest, else they share.
- A record holds one or more games, one per deal, each with its own dealer. Its totals
  are the sums of the finals; with one game its winner is the game's, with several the
  highest total wins and equal totals share.

Why one module of over 800 lines: one module per game (the house's rule), so that the
rules of black-swan-taroc (pass-downs, pledges, draws, both game ends, subpar conversion)
stand together, stated in this docstring and checked in this code. The state class alone
is over 500 lines (each of those rules is a step of its one state machine); what could
move out, the deck's tables, the dealer draw's check and the bots, is about 150 lines and
would leave the module over 500 while splitting the rules a reader checks against this
docstring.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import TYPE_CHECKING, Any, ClassVar, Final

from ...cards import (
    PLEDGES,
    TAROC,
    TAROC_MAJOR_NAMES,
    TAROC_MAJORS,
    TAROC_MINOR_NAMES,
    TAROC_SWAN,
)
from ...engine import DealScored, Event, Game, GameState, check_cards, plural, seat_name
from ...errors import Illegal, StockMissing
from ...events import Drew, GameOver, PassedDown, PledgeHandedOut, TrickTaken
from ...record import Action, Deal, DrawDeal, Pass, Play, Pledge
from .options import BlackSwanTarocRules

if TYPE_CHECKING:  # the deals' generator, for types only (random is imported where one is made)
    import random

__all__ = ["BlackSwanTaroc", "BlackSwanTarocRules", "BlackSwanTarocState", "par_and_finals"]

DECK: Final = TAROC
SWAN: Final = TAROC_SWAN
HAND_SIZE: Final = 10
DRAW_LIMIT: Final = 15  # players holding fewer cards draw
PLEDGE_VALUES: Final = (1, 2, 3)
BANK: Final = (6, 4, 2)  # feathers, stones, pearls

# Per-card tables, indexed by card int: its suit (0..5 minor, 6..11 major, 12 the Swan),
# its place in the global order, and the points it is worth when captured.
SUIT: Final[list[int]] = []
ORDER: Final[list[int]] = []
POINTS: Final[list[int]] = []
for _s in range(6):
    for _r in range(14):
        SUIT.append(_s)
        ORDER.append(_r)  # minors: 0 (two) .. 13 (ace)
        POINTS.append(1)
for _m, (_code, _size) in enumerate(TAROC_MAJORS):
    _high = _m >= 4
    for _i in range(_size):
        SUIT.append(6 + _m)
        ORDER.append((22 if _high else 15) + _i)  # low majors 15..21, high 22..25
        POINTS.append(3 if _high else 2)
SUIT.append(12)
ORDER.append(14)  # the Swan: above every minor, below every major
POINTS.append(1)  # 10 when its own player wins the trick
IS_MAJOR: Final = [s >= 6 and s < 12 for s in SUIT]
_ORDERS: Final = max(ORDER) + 1  # the orders: 0 .. 25
SUIT_NAMES: Final = (*TAROC_MINOR_NAMES, *TAROC_MAJOR_NAMES, "Black Swan")


def par_and_finals(counts: Sequence[int]) -> tuple[int, list[int]]:
    """Subpar conversion: Par = sum / players rounded half up, in integers;
    Final = |count - Par|.

    >>> par_and_finals([10, 11])
    (11, [1, 0])
    >>> par_and_finals([5, 9, 20])
    (11, [6, 2, 9])
    """
    n = len(counts)
    par = (2 * sum(counts) + n) // (2 * n)
    return par, [abs(c - par) for c in counts]


_LEAD: Final = 0
_FOLLOW: Final = 1
_OVER: Final = 2


_NO_EVENTS: Final[tuple[Event, ...]] = ()


# -- the rules of an action, written once: choices, verify and apply_run all ask these ------
def kind_rule(leading: bool, kind: type) -> str:
    """The rule broken by an action of type ``kind`` from the leader (``leading``) or a
    follower; "" when none is. ``pledge-lead``: a pledge is never led or passed down.
    ``wrong-action``: the leader passes down or leads a card, a follower plays a card or a
    pledge.

    >>> kind_rule(True, Pledge), kind_rule(False, Pass), kind_rule(True, Pass), kind_rule(False, Pledge)
    ('pledge-lead', 'wrong-action', '', '')
    """
    if kind is Play:
        return ""
    if leading:
        return "" if kind is Pass else "pledge-lead" if kind is Pledge else "wrong-action"
    return "" if kind is Pledge else "wrong-action"


def follows(counts: list[int], led: int, suit: int) -> bool:
    """Whether a card of suit ``suit`` (-1: a pledge) may be played to a trick led in suit
    ``led`` (-1: the player leads; 12: the Swan, which has no suit to follow) from a hand
    holding ``counts[s]`` cards of each suit ``s``: ``follow-suit`` asks for the led suit
    while the hand holds one.

    >>> two_hearts = [0, 2] + [0] * 11
    >>> follows(two_hearts, 1, 0), follows(two_hearts, 1, -1), follows(two_hearts, 12, -1)
    (False, False, True)
    >>> follows(two_hearts, 1, 1), follows(two_hearts, 0, 1), follows(two_hearts, -1, 5)
    (True, True, True)
    """
    return led < 0 or led == 12 or suit == led or not counts[led]


def swan_rule(card: int, size: int) -> str:
    """The rule broken by playing ``card`` (led or followed) from a hand of ``size`` cards;
    "" when none is. ``swan-last``: the Swan is played only as the last card in hand (it may
    be passed down at any time).

    >>> swan_rule(SWAN, 2), swan_rule(SWAN, 1), swan_rule(0, 2)
    ('swan-last', '', '')
    """
    return "swan-last" if card == SWAN and size != 1 else ""


def _value(action: Action, kind: type) -> Any:
    """The card of a play or a pass, the pledge of a pledge (-1 for any other action)."""
    if kind is Play or kind is Pass:
        return action.card  # type: ignore[attr-defined]
    if kind is Pledge:
        return action.pledge  # type: ignore[attr-defined]
    return -1


class BlackSwanTarocState(GameState):
    """A black-swan-taroc record being replayed (one game per deal)."""

    game: ClassVar[Game[Any]]

    def __init__(self, rules: BlackSwanTarocRules, players: Sequence[str]) -> None:
        super().__init__(rules, players)
        self.phase = _OVER
        self.game_winners: list[tuple[int, ...]] = []
        self.trumps = rules.trumps
        self.dealer = -1
        self._reset()

    def _reset(self) -> None:
        n = self.n
        self.hands: list[list[int]] = [[] for _ in range(n)]  # card counts per seat
        self.sizes = [0] * n
        self.suit_counts = [[0] * 13 for _ in range(n)]  # cards held per suit
        self.in_hands = [0] * _ORDERS  # the cards in all hands, by order (for the handout)
        self.pledges = [[0, 0, 0] for _ in range(n)]  # held: feathers, stones, pearls
        self.bank = list(BANK)
        self.captured: list[list[int]] = [[] for _ in range(n)]  # captured cards
        self.points = [0] * n  # captured points, pledges included
        self.stock: list[int] = []
        self.pile_size = 0  # the real draw pile's size, by count
        self.drawn = 0
        self.leader = 0
        self.turn = 0
        self.trick: list[tuple[int, int, int]] = []  # (seat, card or -1, pledge or -1)
        self.led_suit = -1
        self.to_follow: list[int] = []  # seats still to follow, in order
        self.skipped: list[int] = []
        self.tricks = 0
        self.swan_captor: int | None = None
        self.end_reason = ""
        self.last_counts: tuple[int, ...] = ()
        self.last_par = 0
        self.last_finals: tuple[int, ...] = ()

    # -- deals ----------------------------------------------------------------------------
    def expected_dealer(self) -> int | None:
        return None  # every game's dealer is free (checked against its draw, if recorded)

    @property
    def deal_over(self) -> bool:
        return self.phase == _OVER

    @property
    def finished(self) -> bool:
        return self.phase == _OVER and self.deal_index >= 0

    def begin_deal(self, deal: Deal[Any]) -> list[Event]:
        n = self.n
        dealer = self.check_deal_start(deal, HAND_SIZE)
        number = self.deal_index + 2
        draw = getattr(deal, "draw", None)
        if draw is not None:
            self._check_draw(draw, dealer, number)
        pile = len(DECK.cards) - HAND_SIZE * n
        if len(deal.stock) > pile:
            raise Illegal(
                "deal-stock",
                f"game {number}: the draw pile holds {pile} cards, the record gives {len(deal.stock)}",
            )
        check_cards(DECK, deal.hands, self.players, [("the draw pile", deal.stock)])
        self.deal_index += 1
        if self.deal_index:  # (the first deal finds the state as __init__ left it)
            self._reset()
        self.dealer = dealer
        for s, hand in enumerate(deal.hands):
            counts = [0] * len(DECK.codes)
            for c in hand:
                counts[c] += 1
            self.hands[s] = counts
            self.sizes[s] = len(hand)
            by_suit = self.suit_counts[s]
            in_hands = self.in_hands
            for c in hand:
                by_suit[SUIT[c]] += 1
                in_hands[ORDER[c]] += 1
            self.pledges[s][0] = 1
        self.bank[0] -= n
        self.stock = deal.stock
        self.pile_size = pile
        self.leader = self.turn = (dealer + 1) % n
        self.phase = _LEAD
        return []

    def _check_draw(self, draw: Sequence[Sequence[int | None]], dealer: int, number: int) -> None:
        n = self.n
        if len(draw) == 1 and len(draw[0]) == n:
            # the common draw, in one pass: one round, a card for every seat, distinct, the
            # dealer's alone the highest (else the rounds are checked below, for the message)
            row = draw[0]
            best = high = -1
            tied = False
            for s in range(n):
                c = row[s]
                if type(c) is not int or not 0 <= c <= SWAN:
                    tied = True  # (no card: the check below says so)
                    break
                order = ORDER[c]
                if order > best:
                    best, high, tied = order, s, False
                elif order == best:
                    tied = True
            if not tied and high == dealer and len(set(row)) == n:
                return
        drawing = list(range(n))
        if not draw:
            raise Illegal("deal-draw", f"game {number}: the dealer draw has no rounds")
        for r, row in enumerate(draw, 1):
            if not drawing:
                raise Illegal("deal-draw", f"game {number}: draw round {r} follows a draw that was decided")
            if len(row) != n:
                raise Illegal(
                    "deal-draw",
                    f"game {number}: draw round {r} has {plural(len(row), 'entry')} for {n} seats",
                )
            seats = [s for s, c in enumerate(row) if c is not None]
            if seats != drawing:
                who = self._seats(drawing)
                extra = [s for s in seats if s not in drawing]
                if extra:
                    why = f"gives {self._seats(extra)} a card, but only {who} draw" + (
                        " (tied for highest)" if r > 1 else ""
                    )
                else:
                    missing = [s for s in drawing if s not in seats]
                    why = f"has no card for {self._seats(missing)}" + (", tied for highest" if r > 1 else "")
                raise Illegal("deal-draw", f"game {number}: draw round {r} {why}")
            cards = [c for c in row if c is not None]
            for c in cards:
                if type(c) is not int or not DECK.is_card(c):
                    raise Illegal("deal-draw", f"game {number}: draw round {r} holds {DECK.code(c)}, no card")
            if len(set(cards)) != len(cards):
                twice = next(c for c in cards if cards.count(c) > 1)
                holders = [s for s in seats if row[s] == twice]
                raise Illegal(
                    "deal-draw",
                    f"game {number}: draw round {r} deals {DECK.code(twice)} twice ({self._seats(holders)})",
                )
            best = max(ORDER[c] for c in cards)
            drawing = [s for s in seats if ORDER[row[s]] == best]  # type: ignore[index]
            if len(drawing) == 1:
                if drawing[0] != dealer:
                    raise Illegal(
                        "deal-draw",
                        f"game {number}: the draw makes {seat_name(self.players, drawing[0])} dealer, "
                        f"the record {seat_name(self.players, dealer)}",
                    )
                drawing = []
        if drawing:
            raise Illegal(
                "deal-draw",
                f"game {number}: the dealer draw ends with {self._seats(drawing)} tied for highest; "
                "their redraw is missing",
            )

    def _seats(self, seats: Sequence[int]) -> str:
        names = [seat_name(self.players, s) for s in seats]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    # -- actions --------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.phase == _OVER else self.turn

    def verify(self, action: Action) -> None:
        kind = type(action)
        self._check(action, kind, action.seat, _value(action, kind))

    def _check(self, action: Action, kind: type, seat: Any, value: Any) -> None:
        """verify, on the action's fields read once (``value``: the card of a play or a
        pass, the pledge of a pledge): apply reads them for its own work too."""
        phase = self.phase
        if phase == _OVER:
            raise Illegal(
                "after-end", f"game {self.deal_index + 1} is over: the next action needs a new game (deal)"
            )
        if seat != self.turn:
            doing = "lead or pass down" if phase == _LEAD else "follow"
            raise Illegal("out-of-turn", f"out of turn: {seat_name(self.players, self.turn)} is to {doing}")
        leading = phase == _LEAD
        rule = kind_rule(leading, kind)
        if rule:
            if rule == "pledge-lead":
                raise Illegal("pledge-lead", "a pledge is never led or passed down")
            if leading:
                raise Illegal("wrong-action", f"{action.kind}: the leader passes down or leads a card")
            if kind is Pass:
                suit = "the Black Swan" if self.led_suit == 12 else SUIT_NAMES[self.led_suit]
                raise Illegal(
                    "wrong-action",
                    f"only the leader passes down; {seat_name(self.players, seat)} is to follow {suit}",
                )
            raise Illegal("wrong-action", f"{action.kind}: a follower plays a card or a pledge")
        led = self.led_suit  # (-1 while leading)
        if kind is Pledge:
            pledge = value
            if type(pledge) is not int or not 0 <= pledge < 3 or not self.pledges[seat][pledge]:
                name = PLEDGES[pledge] if type(pledge) is int and 0 <= pledge < 3 else str(pledge)
                raise Illegal("not-held", f"no {name} to play (holds {self._pledges_text(seat)})")
            if not follows(self.suit_counts[seat], led, -1):
                raise Illegal(
                    "follow-suit", f"must follow {SUIT_NAMES[led]}: holds {self._suit_text(seat, led)}"
                )
            return
        card = value  # of a pass down or a play
        if type(card) is not int or not 0 <= card <= SWAN or not self.hands[seat][card]:
            self._check_held(seat, card)
        if kind is Pass:
            return
        if swan_rule(card, self.sizes[seat]):
            doing = "led" if leading else "played"
            raise Illegal("swan-last", f"the Black Swan may only be {doing} as the last card in hand")
        if not follows(self.suit_counts[seat], led, SUIT[card]):
            raise Illegal("follow-suit", f"must follow {SUIT_NAMES[led]}: holds {self._suit_text(seat, led)}")

    def _check_held(self, seat: int, card: Any) -> None:
        # (verify makes the same test inline first: this call is for the message)
        if type(card) is not int or not 0 <= card <= SWAN or not self.hands[seat][card]:
            held = self._hand_text(seat) or "no cards"
            raise Illegal("not-held", f"not in the hand (holds {held})")

    def apply(self, action: Action) -> Sequence[Event]:
        kind = type(action)
        who = action.seat
        value = _value(action, kind)
        self._check(action, kind, who, value)
        seat: int = who  # (a true seat now: typed only once checked)
        stock = len(self.stock)
        if stock < self.pile_size and stock - self.drawn < self.n:
            # the record's stock stops before the pile's end, fewer of its cards are left
            # than a round of draws may take: check the draws this action may set off
            self._check_draws(action)
        sizes = self.sizes
        if self.phase == _LEAD:
            card: int = value
            suit = SUIT[card]
            self.hands[seat][card] -= 1
            sizes[seat] -= 1
            self.suit_counts[seat][suit] -= 1
            n = self.n
            if kind is Pass:
                to = (seat - 1) % n
                self.hands[to][card] += 1
                sizes[to] += 1
                self.suit_counts[to][suit] += 1
                if not self.emit:
                    return self._end_turn()
                return [PassedDown(seat, to, card), *self._end_turn()]
            self.in_hands[ORDER[card]] -= 1
            self.trick = [(seat, card, -1)]
            self.led_suit = suit
            self.to_follow = [(seat + k) % n for k in range(1, n)]
            self.skipped = []
            self.phase = _FOLLOW
            return self._next_follower()
        if kind is Pledge:
            self.pledges[seat][value] -= 1
            self.trick.append((seat, -1, value))
        else:
            card = value
            self.hands[seat][card] -= 1
            sizes[seat] -= 1
            self.suit_counts[seat][SUIT[card]] -= 1
            self.in_hands[ORDER[card]] -= 1
            self.trick.append((seat, card, -1))
        return self._next_follower()

    def apply_run(self, actions: Sequence[Action]) -> tuple[int, Illegal | StockMissing] | None:
        """The walk without steps (events dropped): a lead, a pass, a card that follows or
        a pledge that is plainly legal (by the seat to move; of a kind :func:`kind_rule`
        allows; a card or pledge held that :func:`follows` allows) is played here as
        :meth:`apply` plays it, without the calls that read and check it; every other action
        (the Swan played, which :func:`swan_rule` decides in :meth:`apply`; an action whose
        draws the record's stock may not give), and every one that is not legal, goes to
        :meth:`apply` (which says why)."""
        n = self.n
        hands = self.hands  # (this game's: apply_run runs within one deal)
        sizes = self.sizes
        suit_counts = self.suit_counts
        pledges = self.pledges
        in_hands = self.in_hands
        stock = len(self.stock)
        short = stock < self.pile_size  # the record's stock stops before the pile's end
        followers = [[(s + k) % n for k in range(1, n)] for s in range(n)]
        i = 0
        try:
            for action in actions:
                kind = type(action)
                seat = action.seat
                phase = self.phase
                if seat == self.turn and phase != _OVER and not (short and stock - self.drawn < n):
                    played = False
                    if kind is Play:  # (led or followed: kind_rule allows it either way)
                        card = action.card  # type: ignore[attr-defined]
                        if type(card) is int and 0 <= card < SWAN and hands[seat][card]:
                            suit = SUIT[card]
                            by_suit = suit_counts[seat]
                            # (a lead follows no suit: the predicate is asked of the follows)
                            if phase != _FOLLOW or follows(by_suit, self.led_suit, suit):
                                hands[seat][card] -= 1
                                sizes[seat] -= 1
                                by_suit[suit] -= 1
                                in_hands[ORDER[card]] -= 1
                                if phase == _FOLLOW:
                                    self.trick.append((seat, card, -1))
                                else:  # a lead
                                    self.trick = [(seat, card, -1)]
                                    self.led_suit = suit
                                    self.to_follow = followers[seat][:]
                                    self.skipped = []
                                    self.phase = _FOLLOW
                                played = True
                    elif not kind_rule(phase == _LEAD, kind):
                        if kind is Pledge:  # (a follower's)
                            pledge = action.pledge  # type: ignore[attr-defined]
                            held = pledges[seat]
                            if (
                                type(pledge) is int
                                and 0 <= pledge < 3
                                and held[pledge]
                                and follows(suit_counts[seat], self.led_suit, -1)
                            ):
                                held[pledge] -= 1
                                self.trick.append((seat, -1, pledge))
                                played = True
                        else:  # a pass down (the leader's)
                            card = action.card  # type: ignore[attr-defined]
                            if type(card) is int and 0 <= card <= SWAN and hands[seat][card]:
                                suit = SUIT[card]
                                hands[seat][card] -= 1
                                sizes[seat] -= 1
                                suit_counts[seat][suit] -= 1
                                to = (seat - 1) % n
                                hands[to][card] += 1
                                sizes[to] += 1
                                suit_counts[to][suit] += 1
                                self._end_turn()
                                i += 1
                                continue
                    if played:  # the next follower, as _next_follower finds it
                        to_follow = self.to_follow
                        if not to_follow:
                            self._take_trick()
                        elif sizes[to_follow[0]]:
                            self.turn = to_follow.pop(0)
                        else:
                            self._next_follower()
                        i += 1
                        continue
                self.apply(action)
                i += 1
        except (Illegal, StockMissing) as e:
            return i, e
        return None

    def _check_draws(self, action: Action) -> None:
        """Raise StockMissing, before anything changes, when ``action`` (legal) ends a trick
        whose draws need a card of the pile that the record's stock does not give."""
        n = self.n
        seat: int = action.seat
        kind = type(action)
        if self.phase == _LEAD:
            if kind is Pass or action.card == SWAN:  # type: ignore[attr-defined]
                return  # no trick, or the game ends with it (no draw)
            followers = [(seat + k) % n for k in range(1, n)]
        else:
            if kind is Play and action.card == SWAN:  # type: ignore[attr-defined]
                return
            for _, c, _ in self.trick:
                if c == SWAN:
                    return
            followers = self.to_follow
        for s in followers:
            pledges = self.pledges[s]
            if self.sizes[s] or pledges[0] or pledges[1] or pledges[2]:
                return  # someone follows: the trick goes on
        # the trick ends with this action: the draws that follow it, as _draw makes them
        plays_card = kind is not Pledge
        drawn = self.drawn
        first = (self.leader + 1) % n
        for k in range(n):
            s = (first + k) % n
            size = self.sizes[s] - 1 if s == seat and plays_card else self.sizes[s]
            if size >= DRAW_LIMIT:
                continue
            if drawn >= self.pile_size:
                return
            if drawn >= len(self.stock):
                raise self._stock_missing(s, drawn)
            drawn += 1

    def _stock_missing(self, seat: int, drawn: int) -> StockMissing:
        """``seat`` draws card ``drawn`` + 1 of the pile, which the record does not give."""
        return StockMissing(
            f"{seat_name(self.players, seat)} draws card {drawn + 1} of the draw pile, which the record's "
            f"stock ({plural(len(self.stock), 'card')}) does not give",
            drawn,
        )

    def _next_follower(self) -> Sequence[Event]:
        """Move to the next follower who can play, skipping those with neither cards nor
        pledges; when everyone has followed, take the trick."""
        to_follow = self.to_follow
        sizes = self.sizes
        while to_follow:
            s = to_follow.pop(0)
            if sizes[s]:
                self.turn = s
                return _NO_EVENTS
            pledges = self.pledges[s]
            if pledges[0] or pledges[1] or pledges[2]:
                self.turn = s
                return _NO_EVENTS
            self.skipped.append(s)
        return self._take_trick()

    def _take_trick(self) -> list[Event]:
        trick = self.trick
        # one pass: the winner (the highest key of _KEYS, the earlier on a tie; the leader
        # when no card can win, as against a Swan lead without a major), the points (the
        # Swan's after the pass: they depend on who wins) and the cards captured
        keys = _KEYS[self.trumps][self.led_suit]
        winner = trick[0][0]
        best = -1
        points = 0
        swan_seat = -1
        cards = []
        for s, c, p in trick:
            if c < 0:
                points += PLEDGE_VALUES[p]
                continue
            cards.append(c)
            if c == SWAN:
                swan_seat = s
                continue
            points += POINTS[c]
            key = keys[c]
            if key > best:
                winner, best = s, key
        self.captured[winner].extend(cards)
        swan_played = swan_seat >= 0
        if swan_played:
            self.swan_captor = winner
            points += 10 if swan_seat == winner else 1
        self.points[winner] += points
        self.tricks += 1
        events: list[Event] = (
            [TrickTaken(self.tricks, winner, tuple(trick), points, tuple(self.skipped))] if self.emit else []
        )
        self.trick = []
        self.led_suit = -1
        if swan_played:
            events.extend(self._game_over("the Black Swan was played"))
            return events
        if self.drawn < self.pile_size:  # (else the pile is done: no draws)
            draws = self._draw()
            if draws and self.emit:
                events.append(Drew(tuple(draws)))
        events.extend(self._end_turn())
        return events

    def _draw(self) -> list[tuple[int, int]]:
        """After a trick: from the next leader clockwise, each player under 15 cards draws
        one card while the pile lasts."""
        draws: list[tuple[int, int]] = []
        n = self.n
        drawn = self.drawn
        pile_size = self.pile_size
        if drawn >= pile_size:
            return draws
        stock = self.stock
        sizes = self.sizes
        hands = self.hands
        suit_counts = self.suit_counts
        in_hands = self.in_hands
        emit = self.emit
        s = self.leader
        for _ in range(n):
            s = s + 1 if s + 1 < n else 0
            if sizes[s] >= DRAW_LIMIT:
                continue
            if drawn >= pile_size:
                break
            if drawn >= len(stock):  # (apply checked it before the trick)
                self.drawn = drawn
                raise self._stock_missing(s, drawn)
            c = stock[drawn]
            drawn += 1
            hands[s][c] += 1
            sizes[s] += 1
            suit_counts[s][SUIT[c]] += 1
            in_hands[ORDER[c]] += 1
            if emit:
                draws.append((s, c))
        self.drawn = drawn
        return draws

    def _end_turn(self) -> list[Event]:
        """The turn is over: the handout when it was the dealer's, then the next leader
        (and the game's end if that player holds no card)."""
        events: list[Event] = []
        if self.leader == self.dealer:
            got = self._handout()
            if got is not None:
                events.append(got)
        n = self.n
        self.leader = self.turn = (self.leader + 1) % n
        self.phase = _LEAD
        if not self.sizes[self.leader]:
            events.extend(self._game_over(f"{self.players[self.leader]} leads with no card"))
        return events

    def _handout(self) -> PledgeHandedOut | None:
        bank = self.bank
        kind = 0
        while kind < 3 and not bank[kind]:
            kind += 1
        if kind == 3:  # the bank is empty
            return None
        # the lowest order in any hand, then the first seat from the dealer's left that
        # holds a card of it (whose lowest card is then the lowest: a tie goes to the first)
        in_hands = self.in_hands
        order = 0
        while order < _ORDERS and not in_hands[order]:
            order += 1
        if order == _ORDERS:  # no hand holds a card
            return None
        cards = _LEVELS[order]
        hands = self.hands
        n = self.n
        who = -1
        for k in range(1, n + 1):
            s = (self.dealer + k) % n
            hand = hands[s]
            for c in cards:
                if hand[c]:
                    who = s
                    break
            if who >= 0:
                break
        if who < 0:
            return None
        bank[kind] -= 1
        self.pledges[who][kind] += 1
        return PledgeHandedOut(who, kind)

    def _game_over(self, reason: str) -> list[Event]:
        self.phase = _OVER
        self.end_reason = reason
        counts = []
        for s in range(self.n):
            held = sum(k * v for k, v in zip(self.pledges[s], PLEDGE_VALUES, strict=True))
            swan = -10 if self.hands[s][SWAN] else 0
            counts.append(self.points[s] + held + swan)
        par, finals = par_and_finals(counts)
        winners = self._game_winners(finals)
        self.last_counts, self.last_par, self.last_finals = tuple(counts), par, tuple(finals)
        self.game_winners.append(winners)
        self.deal_scores.append(tuple(finals))
        self.totals = [t + f for t, f in zip(self.totals, finals, strict=True)]
        return [
            GameOver(reason, tuple(counts), par, tuple(finals), winners),
            DealScored(self.deal_index, tuple(finals), tuple(self.totals)),
        ]

    def _game_winners(self, finals: Sequence[int]) -> tuple[int, ...]:
        best = max(finals)
        tied = [s for s, f in enumerate(finals) if f == best]
        captor = self.swan_captor
        if len(tied) > 1 and captor is not None and captor in tied:
            return (captor,)
        if len(tied) > 1:
            top = {s: max((ORDER[c] for c in self.captured[s]), default=-1) for s in tied}
            high = max(top.values())
            tied = [s for s in tied if top[s] == high]
        return tuple(tied)

    def game_results(self) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """Each game of the record counts on its own: its finals and its winners."""
        return [(tuple(f), w) for f, w in zip(self.deal_scores, self.game_winners, strict=True)]

    def winners(self) -> tuple[int, ...]:
        if len(self.game_winners) == 1:
            return self.game_winners[0]
        return super().winners()

    # -- legal actions --------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        seat = self.turn
        passes, plays, pledges = self.choices()
        actions: list[Action] = [Pass(seat, c) for c in passes]
        actions += [Play(seat, c) for c in plays]
        actions += [Pledge(seat, k) for k in pledges]
        return actions

    def choices(self) -> tuple[list[int], list[int], list[int]]:
        """What the seat to move may do, by kind, in the order of :meth:`legal_actions`: the
        cards it may pass down, the cards it may play, the pledges it may play (none when
        the game is over); as :func:`kind_rule`, :func:`swan_rule` and :func:`follows` allow
        them (which :meth:`verify` and :meth:`apply_run` ask too)."""
        phase = self.phase
        if phase == _OVER:
            return [], [], []
        seat = self.turn
        leading = phase == _LEAD
        hand = list(compress(range(len(DECK.codes)), self.hands[seat]))  # each held card once
        size = self.sizes[seat]
        counts = self.suit_counts[seat]
        led = self.led_suit  # (-1 while leading)
        passes = hand if not kind_rule(leading, Pass) else []
        plays = [c for c in hand if not swan_rule(c, size) and follows(counts, led, SUIT[c])]
        if kind_rule(leading, Pledge) or not follows(counts, led, -1):
            return passes, plays, []
        return passes, plays, [k for k in range(3) if self.pledges[seat][k]]

    # -- texts for messages----------------------------------------------------------------------
    def _hand_text(self, seat: int) -> str:
        return DECK.codes_of(c for c in range(len(DECK.codes)) for _ in range(self.hands[seat][c]))

    def _suit_text(self, seat: int, suit: int) -> str:
        return DECK.codes_of(c for c in _SUIT_CARDS[suit] if self.hands[seat][c])

    def _pledges_text(self, seat: int) -> str:
        held = self.pledges[seat]
        parts = [plural(k, PLEDGES[i]) for i, k in enumerate(held) if k]
        return ", ".join(parts) if parts else "no pledges"


#: the cards of each order (equal in the global order), lowest first
_LEVELS: Final[list[list[int]]] = [[c for c in range(len(ORDER)) if ORDER[c] == o] for o in range(_ORDERS)]


def _keys(trumps: str, led: int) -> list[int]:
    """Each card's key in a trick led in suit ``led`` (12: the Swan) under option
    ``trumps``: the highest key wins the trick, -1 never wins. The led suit by its order;
    against a led minor suit a trump (every major with ``all``, the affiliated major with
    ``affiliated``) above every card of it; against the Swan only a major, by its order. A
    led major suit is won only by its own suit."""
    keys = []
    for c in range(len(SUIT)):
        s = SUIT[c]
        if led == 12:
            key = ORDER[c] if IS_MAJOR[c] else -1
        elif s == led:
            key = ORDER[c]
        elif led < 6 and IS_MAJOR[c] and (trumps == "all" or (trumps == "affiliated" and s == led + 6)):
            key = 100 + ORDER[c]
        else:
            key = -1
        keys.append(key)
    return keys


#: the cards' keys in a trick, by option trumps and led suit (index 12: the Swan led)
_KEYS: Final[dict[str, list[list[int]]]] = {
    t: [_keys(t, led) for led in range(13)] for t in ("none", "affiliated", "all")
}
_SUIT_CARDS: Final[list[list[int]]] = [[c for c in range(len(SUIT)) if SUIT[c] == s] for s in range(13)]


class BlackSwanTaroc(Game[BlackSwanTarocRules]):
    rule_ids: ClassVar[dict[str, str]] = {
        "pledge-lead": "black-swan-taroc: a pledge led or passed down",
        "swan-last": "black-swan-taroc: the Black Swan led or played while other cards are in hand",
    }
    id = "black-swan-taroc"
    stock_in_play = True
    examples = ("play 2C", "pass AS4", "pledge stone")
    title = "Black Swan with the Dridge Taroc, the trick game"
    deck = DECK
    min_players = 2
    max_players = 6
    Rules = BlackSwanTarocRules
    actions = (Pass, Play, Pledge)
    seat_field = "dealer"
    deal_word = "game"
    record_word = "record"
    has_draw = True
    open_ended = True
    hands_from_plays = False  # cards stay in hand at the end, and draws are secret
    state_class = BlackSwanTarocState

    def stock_card(self, index: int) -> str:
        return f"card {index + 1} of the draw pile"

    def deal(self, state: GameState, rng: random.Random) -> Deal[Any]:
        assert isinstance(state, BlackSwanTarocState)
        n = state.n
        draw: list[list[int | None]] = []
        drawing = list(range(n))
        while len(drawing) > 1:
            cards = rng.sample(range(len(DECK.codes)), len(drawing))
            row: list[int | None] = [None] * n
            for s, c in zip(drawing, cards, strict=True):
                row[s] = c
            draw.append(row)
            best = max(ORDER[c] for c in cards)
            drawing = [s for s, c in zip(drawing, cards, strict=True) if ORDER[c] == best]
        dealer = drawing[0]
        cards = list(DECK.cards)
        rng.shuffle(cards)
        hands: list[list[int]] = [[] for _ in range(n)]
        for i in range(HAND_SIZE * n):
            hands[(dealer + 1 + i) % n].append(cards[i])
        return DrawDeal(dealer, hands, cards[HAND_SIZE * n :], [], draw)


BlackSwanTarocState.game = BlackSwanTaroc()
